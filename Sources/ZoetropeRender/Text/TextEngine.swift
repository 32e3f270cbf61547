internal import CPango
import Synchronization
import ZoetropeCore

/// A font as text asks for it: a fontconfig family (or the family of a font file), a weight,
/// a slant and a size in points (the user-space units text is drawn in).
struct TextFont: Hashable, Sendable {
    var family: String
    var weight = FontWeight.regular
    var italic = false
    var size: Double
    /// A font file loaded for this text only, ahead of the installed fonts; its family is the
    /// one set (a run's own family still wins).
    var file: String?
}

/// Text as it is shaped: its string and runs in a font, set in a paragraph, in a box whose
/// width breaks or cuts its lines (nil: one line at its own width, placed by `alignment` by
/// whoever draws it) and whose height cuts it when the paragraph says so.
struct TextBlock: Hashable, Sendable {
    var text: String
    var font: TextFont
    var runs: [TextRun] = []
    var paragraph = TextParagraph()
    var alignment = TextAlignment.left
    var width: Double?
    var height: Double?

    /// A single line of `text` in `font`, at its own width.
    init(_ text: String, font: TextFont) {
        self.text = text
        self.font = font
    }

    /// A text layer's text, set as its style says in a `width` × `height` box: one line at its
    /// own width unless the paragraph breaks or cuts it (then at the box's width).
    init(_ text: String, style: LayerStyle, size: Double, width: Double, height: Double) {
        self.text = text
        font = TextFont(family: style.fontFamily, weight: style.fontWeight, italic: style.fontItalic, size: size, file: style.fontFile)
        runs = style.runs(for: text)
        paragraph = style.paragraph
        alignment = style.alignment
        if !paragraph.isSingleLine || paragraph.truncation != .none {
            self.width = max(width, 0)
            if paragraph.lines == 0 && paragraph.truncation != .none { self.height = max(height, 0) }
        }
    }
}

/// Shaped text: its advance (the widest line), the first line's ascent above its baseline,
/// how far the text reaches below that baseline, and the box its glyphs ink, from an origin at
/// the start of the first baseline (y down), in points.
struct ShapedTextMetrics: Sendable {
    var advance: Double
    var ascent: Double
    var descent: Double
    var lineCount: Int
    /// The inked box: minimum x and y, maximum x and y.
    var ink: (minX: Double, minY: Double, maxX: Double, maxY: Double)

    /// The logical height: from the first line's top to the last line's bottom.
    var height: Double { ascent + descent }
}

/// The one text engine: text shaped by Pango (HarfBuzz shaping with kerning and ligatures,
/// fontconfig font lookup and fallback, bidi reordering, line breaking and ellipsizing) in font
/// maps and Pango contexts whose font options are explicit (`CairoFontOptions`: unhinted
/// outlines and metrics, grey antialiasing) and whose language is fixed, so a text's glyphs,
/// positions and pixels depend on the text, its font and paragraph alone: never on the locale,
/// the process's history or the thread.
///
/// The installed fonts are one font map; each font file text names is a font map of its own
/// (fontconfig's configuration plus that file), so a file's fonts serve only the text that
/// names it. Shaped texts are cached by `TextBlock`. Every Pango call happens under one lock:
/// Pango's objects are not thread-safe; Cairo draws the glyphs under it too, which keeps a
/// cached layout from being read while another thread lays it out.
///
/// Text larger than `largestShapedSize` is shaped at that size and scaled: unhinted glyphs scale
/// linearly, and Pango's sizes are 22.10 fixed point.
enum TextEngine {
    /// The largest size a text is shaped at; larger ones are this, scaled.
    static let largestShapedSize = 1024.0

    /// The farthest a text may reach when shaped, in pixels: Pango measures in 32-bit 1/1024ths of
    /// a pixel (about 2 million pixels), so a long text at a large size is shaped smaller and
    /// scaled, its widths and heights well inside that.
    static let largestShapedExtent = 1_000_000.0

    /// A Pango context over a font map, with the engine's options.
    private struct FontSet {
        let context: OpaquePointer
        /// The family of the file the set adds (nil for the installed fonts, or a file that
        /// could not be read).
        let family: String?
    }

    /// The font sets and the cache, touched only under `lock`.
    private final class State: @unchecked Sendable {
        let options = CairoFontOptions()
        var sets: [String: FontSet] = [:]
        var texts: [TextBlock: Shaped] = [:]

        /// The installed fonts (key ""), or those and `file`.
        func fontSet(_ file: String?) -> FontSet {
            let key = file ?? ""
            if let known = sets[key] { return known }
            // A font map of this engine's own, not the per-thread default: the same fonts for
            // every thread.
            let fontMap = UnsafeMutablePointer<PangoFontMap>(OpaquePointer(pango_cairo_font_map_new_for_font_type(CAIRO_FONT_TYPE_FT)))!
            var family: String?
            if let file, let config = FcInitLoadConfigAndFonts() {
                if FcConfigAppFontAddFile(config, file) != 0, let name = Self.family(of: file) {
                    pango_fc_font_map_set_config(OpaquePointer(fontMap), config)
                    family = name
                }
                FcConfigDestroy(config)
            }
            let context = pango_font_map_create_context(fontMap)!
            pango_cairo_context_set_font_options(context, options.pointer)
            // Sizes are absolute (points are pixels at scale 1); 72 makes a relative size the same.
            pango_cairo_context_set_resolution(context, 72)
            // Glyphs where the unhinted advances put them, not rounded to whole pixels.
            pango_context_set_round_glyph_positions(context, 0)
            // Not the process's locale: it picks fallback fonts and some shaping.
            pango_context_set_language(context, pango_language_from_string("en"))
            pango_context_set_matrix(context, nil)
            let set = FontSet(context: context, family: family)
            sets[key] = set
            return set
        }

        /// The family name of the first face in the font file at `path`.
        private static func family(of path: String) -> String? {
            var count: Int32 = 0
            guard let pattern = FcFreeTypeQuery(path, 0, nil, &count) else { return nil }
            defer { FcPatternDestroy(pattern) }
            var value: UnsafeMutablePointer<FcChar8>?
            guard FcPatternGetString(pattern, FC_FAMILY, 0, &value) == FcResultMatch, let value else { return nil }
            return String(cString: value)
        }

        // Never freed: the engine lives as long as the process.
    }

    /// A shaped text: its Pango layout (at `font.size / scale`) and its metrics at `font.size`.
    fileprivate struct Shaped {
        let layout: OpaquePointer
        /// How much the layout is scaled up to the font's size (1 unless it is larger than
        /// `largestShapedSize`).
        let scale: Double
        /// The first baseline below the layout's top, at the layout's size.
        let baseline: Double
        let metrics: ShapedTextMetrics
        /// Whether runs colour some of the text themselves.
        let coloursRuns: Bool
    }

    private static let shared = State()
    /// Held around every use of `shared`, and so of Pango.
    private static let lock = Mutex(())

    /// The metrics of `block` (nil for a size that is not finite and positive).
    static func metrics(_ block: TextBlock) -> ShapedTextMetrics? {
        lock.withLock { _ in shaped(block, in: shared)?.metrics }
    }

    /// The metrics of `text` set in `font` on one line.
    static func metrics(_ text: String, font: TextFont) -> ShapedTextMetrics? {
        metrics(TextBlock(text, font: font))
    }

    /// Draws `block` on `context` with the start of its first baseline at (x, y), in `color`
    /// at `opacity` (runs with a colour of their own keep it, at `opacity`), through PangoCairo
    /// (glyphs rasterized by Cairo). False (nothing drawn) when the font cannot be set.
    @discardableResult
    static func draw(_ block: TextBlock, on context: CairoContext, x: Double, y: Double,
                     color: Color, opacity: Double) -> Bool {
        lock.withLock { _ in
            guard let shaped = shaped(block, in: shared) else { return false }
            // A run's colour is the layout's own, drawn opaque: the whole text is faded at once.
            let fades = shaped.coloursRuns && opacity < 1
            context.save()
            if fades { context.beginGroup() }
            context.translate(x, y)
            if shaped.scale != 1 { context.scale(shaped.scale, shaped.scale) }
            context.moveTo(0, -shaped.baseline)
            context.setColor(color, opacity: fades ? 1 : opacity)
            pango_cairo_show_layout(context.pointer, shaped.layout)
            context.newPath()
            if fades { context.endGroup(opacity: opacity) }
            context.restore()
            return true
        }
    }

    /// Draws `text` in `font` on one line, its baseline starting at (x, y).
    @discardableResult
    static func draw(_ text: String, font: TextFont, on context: CairoContext, x: Double, y: Double,
                     color: Color, opacity: Double) -> Bool {
        draw(TextBlock(text, font: font), on: context, x: x, y: y, color: color, opacity: opacity)
    }

    /// The outline of `block`, the start of its first baseline at (x, y), unhinted: what a
    /// vector format carries, and how text too large for glyph bitmaps is filled.
    ///
    /// The glyphs are outlined at the layout's size under an identity transform, then scaled
    /// here: under a scaled context Cairo would ask FreeType for glyphs of the scaled size,
    /// which it refuses past about 16 000 pixels (leaving the shared face in a state that made
    /// other threads' glyphs fail).
    static func outline(_ block: TextBlock, x: Double, y: Double) -> SVGPath? {
        let found: (path: SVGPath, scale: Double)? = lock.withLock { _ in
            // Made and released under the lock, with the fonts it holds.
            guard let scratch = CairoContext.scratch(), let shaped = shaped(block, in: shared) else { return nil }
            scratch.moveTo(0, -shaped.baseline)
            pango_cairo_layout_path(scratch.pointer, shaped.layout)
            guard scratch.isHealthy else { return nil }
            let path = scratch.currentPath()
            scratch.newPath()
            return (path, shaped.scale)
        }
        guard let found else { return nil }
        return found.path.mappingPoints { Vector2(x + $0.x * found.scale, y + $0.y * found.scale) }
    }

    /// The outline of `text` in `font` on one line, its baseline starting at (x, y).
    static func outline(_ text: String, font: TextFont, x: Double, y: Double) -> SVGPath? {
        outline(TextBlock(text, font: font), x: x, y: y)
    }

    /// A glyph as shaping placed it: its index in its font and how far it moves the pen.
    struct PlacedGlyph: Hashable, Sendable {
        var glyph: UInt32
        var advance: Double
    }

    /// The glyphs of `block`, line by line and run by run in visual order, as HarfBuzz
    /// shaped them (what `pango-view --serialize-to` lists).
    static func glyphs(_ block: TextBlock) -> [PlacedGlyph] {
        lock.withLock { _ in
            guard let shaped = shaped(block, in: shared), let iterator = pango_layout_get_iter(shaped.layout) else { return [] }
            defer { pango_layout_iter_free(iterator) }
            var found: [PlacedGlyph] = []
            repeat {
                guard let run = pango_layout_iter_get_run_readonly(iterator), let glyphs = run.pointee.glyphs else { continue }
                for index in 0..<Int(glyphs.pointee.num_glyphs) {
                    let info = glyphs.pointee.glyphs[index]
                    found.append(PlacedGlyph(glyph: info.glyph, advance: Double(info.geometry.width) / Double(PANGO_SCALE) * shaped.scale))
                }
            } while pango_layout_iter_next_run(iterator) != 0
            return found
        }
    }

    /// A cluster of a line shaped whole: the UTF-8 bytes of the characters its glyphs set, where
    /// its pen starts along the line (from the line's visual start), how far it moves the pen, and
    /// its glyphs' outline from that pen position on the baseline (y down).
    struct ShapedCluster: Hashable, Sendable {
        var bytes: Range<Int>
        var x: Double
        var advance: Double
        var path: SVGPath
    }

    /// `text` set on one line in `font` as HarfBuzz shapes it whole (kerning, joining, complex
    /// scripts, bidi reordering), as clusters in visual order, each with its glyphs' outline
    /// (unhinted, as `outline` gives it). A glyph no installed font has is set without an
    /// outline, at its advance. Nil when the font cannot be set. Stops once the outlines hold
    /// more than `limit` segments (a text past the path limit is refused, not drawn).
    static func clusters(_ text: String, font: TextFont, limit: Int = .max) -> [ShapedCluster]? {
        lock.withLock { _ -> [ShapedCluster]? in
            guard let scratch = CairoContext.scratch(), let shaped = shaped(TextBlock(text, font: font), in: shared),
                  let iterator = pango_layout_get_iter(shaped.layout) else { return nil }
            defer { pango_layout_iter_free(iterator) }
            let unit = shaped.scale / Double(PANGO_SCALE), total = text.utf8.count
            var found: [ShapedCluster] = [], segments = 0
            repeat {
                guard let run = pango_layout_iter_get_run_readonly(iterator), let glyphs = run.pointee.glyphs,
                      let item = run.pointee.item else { continue }
                var logical = PangoRectangle()
                pango_layout_iter_get_run_extents(iterator, nil, &logical)
                let offset = Int(item.pointee.offset), end = min(offset + Int(item.pointee.length), total)
                let count = Int(glyphs.pointee.num_glyphs)
                // Each cluster's bytes run up to the next cluster's start in the text's order.
                let starts = Set((0..<count).map { offset + Int(glyphs.pointee.log_clusters[$0]) }).sorted()
                func bytes(from start: Int) -> Range<Int> {
                    // The first start past `start`, found by halving: a run may hold a whole long line.
                    var low = 0, high = starts.count
                    while low < high {
                        let middle = (low + high) / 2
                        if starts[middle] <= start { low = middle + 1 } else { high = middle }
                    }
                    let next = low < starts.count ? starts[low] : end
                    return min(start, next)..<max(start, next)
                }
                let scaledFont = item.pointee.analysis.font.flatMap { pango_cairo_font_get_scaled_font(OpaquePointer($0)) }
                var pen = Double(logical.x) * unit
                var index = 0
                while index < count {
                    let cluster = Int(glyphs.pointee.log_clusters[index])
                    let x = pen
                    var advance = 0.0
                    scratch.newPath()
                    while index < count, Int(glyphs.pointee.log_clusters[index]) == cluster {
                        let info = glyphs.pointee.glyphs[index]
                        // Pango's empty glyph (0x0FFFFFFF) and the glyphs no font has (flagged 0x10000000).
                        if let scaledFont, info.glyph != 0x0FFF_FFFF, info.glyph & 0x1000_0000 == 0 {
                            scratch.appendGlyph(info.glyph, of: scaledFont,
                                                x: (pen - x) / shaped.scale + Double(info.geometry.x_offset) / Double(PANGO_SCALE),
                                                y: Double(info.geometry.y_offset) / Double(PANGO_SCALE))
                        }
                        pen += Double(info.geometry.width) * unit
                        advance += Double(info.geometry.width) * unit
                        index += 1
                    }
                    guard scratch.isHealthy else { return nil }
                    let path = scratch.currentPath()
                    scratch.newPath()
                    found.append(ShapedCluster(bytes: bytes(from: offset + cluster), x: x, advance: advance,
                                               path: shaped.scale == 1 ? path : path.mappingPoints { $0 * shaped.scale }))
                    segments += path.segments.count
                    if segments > limit { return found }
                }
            } while pango_layout_iter_next_run(iterator) != 0
            return found
        }
    }

    /// The family text in `font` is set in: the font file's, when it has one that loads.
    static func family(of font: TextFont) -> String {
        lock.withLock { _ in shared.fontSet(font.file).family ?? font.family }
    }

    /// `block`, shaped now or before.
    private static func shaped(_ block: TextBlock, in state: State) -> Shaped? {
        let sizes = [block.font.size] + block.runs.compactMap(\.fontSize)
        guard sizes.allSatisfy({ $0.isFinite && $0 > 0 }) else { return nil }
        if let known = state.texts[block] { return known }
        let scale = max(sizes.max()! / largestShapedSize, longestExtent(of: block, sizes: sizes) / largestShapedExtent, 1)
        let fonts = state.fontSet(block.font.file)
        guard let layout = pango_layout_new(fonts.context) else { return nil }
        var base = block.font
        base.family = fonts.family ?? base.family
        let description = fontDescription(base, scale: scale)
        pango_layout_set_font_description(layout, description)
        pango_font_description_free(description)
        let bytes = Array(block.text.utf8)
        let paragraph = block.paragraph
        setAttributes(of: block, on: layout, scale: scale)
        if let width = block.width {
            // Lines broken and aligned in the box, left and right as the box's, whatever the
            // script (a right-to-left run is still reordered within its line).
            pango_layout_set_auto_dir(layout, 0)
            pango_layout_set_width(layout, pangoUnits(width / scale))
            pango_layout_set_wrap(layout, paragraph.wrap == .word ? PANGO_WRAP_WORD_CHAR : PANGO_WRAP_CHAR)
            let alignment = switch block.alignment {
            case .left, .justified: PANGO_ALIGN_LEFT
            case .center: PANGO_ALIGN_CENTER
            case .right: PANGO_ALIGN_RIGHT
            }
            pango_layout_set_alignment(layout, alignment)
            pango_layout_set_justify(layout, block.alignment == .justified ? 1 : 0)
            let ellipsis = switch paragraph.truncation {
            case .none: PANGO_ELLIPSIZE_NONE
            case .head: PANGO_ELLIPSIZE_START
            case .middle: PANGO_ELLIPSIZE_MIDDLE
            case .tail: PANGO_ELLIPSIZE_END
            }
            pango_layout_set_ellipsize(layout, ellipsis)
            if paragraph.truncation != .none {
                if paragraph.lines > 0 { pango_layout_set_height(layout, -Int32(clamping: paragraph.lines)) }
                else if let height = block.height { pango_layout_set_height(layout, pangoUnits(height / scale)) }
            }
        }
        // One line, as text layers were: a newline is a glyph, not a break.
        if paragraph.isSingleLine { pango_layout_set_single_paragraph_mode(layout, 1) }
        pango_layout_set_spacing(layout, pangoUnits(paragraph.lineSpacing / scale))
        bytes.withUnsafeBufferPointer { text in
            text.withMemoryRebound(to: CChar.self) { pango_layout_set_text(layout, $0.baseAddress, Int32(clamping: $0.count)) }
        }
        // More lines than the paragraph keeps, not cut by an ellipsis: the text after them goes.
        if paragraph.lines > 1, paragraph.truncation == .none, pango_layout_get_line_count(layout) > paragraph.lines,
           let line = pango_layout_get_line_readonly(layout, Int32(clamping: paragraph.lines)) {
            let end = Int(line.pointee.start_index)
            bytes.withUnsafeBufferPointer { text in
                text.withMemoryRebound(to: CChar.self) { pango_layout_set_text(layout, $0.baseAddress, Int32(clamping: end)) }
            }
        }
        var ink = PangoRectangle(), logical = PangoRectangle()
        pango_layout_get_extents(layout, &ink, &logical)
        let unit = scale / Double(PANGO_SCALE)
        let baseline = Double(pango_layout_get_baseline(layout)) / Double(PANGO_SCALE)
        let ascent = baseline * scale
        let metrics = ShapedTextMetrics(
            advance: Double(logical.width) * unit, ascent: ascent,
            descent: (Double(logical.y) + Double(logical.height)) * unit - ascent,
            lineCount: Int(pango_layout_get_line_count(layout)),
            ink: (Double(ink.x) * unit, Double(ink.y) * unit - ascent,
                  (Double(ink.x) + Double(ink.width)) * unit, (Double(ink.y) + Double(ink.height)) * unit - ascent))
        let shaped = Shaped(layout: layout, scale: scale, baseline: baseline, metrics: metrics,
                            coloursRuns: block.runs.contains { $0.color != nil })
        // A few hundred texts at most in a frame; a long film's changing texts start again.
        if state.texts.count >= 2048 {
            for old in state.texts.values { g_object_unref(UnsafeMutableRawPointer(old.layout)) }
            state.texts.removeAll(keepingCapacity: true)
        }
        state.texts[block] = shaped
        return shaped
    }

    /// How far `block` could reach along a line or down its lines at most, unscaled: each UTF-8
    /// byte a glyph four ems wide (or a line that many ems high), its letter spacing and its
    /// line's spacing after it.
    private static func longestExtent(of block: TextBlock, sizes: [Double]) -> Double {
        let paragraph = block.paragraph
        let spacings = [paragraph.letterSpacing, paragraph.lineSpacing] + block.runs.compactMap(\.letterSpacing)
        let multiple = paragraph.lineHeightMultiple.isFinite ? max(abs(paragraph.lineHeightMultiple), 1) : 1
        let perByte = 4 * sizes.max()! * multiple + spacings.map { $0.isFinite ? abs($0) : 0 }.reduce(0, +)
        return perByte * Double(block.text.utf8.count)
    }

    /// A Pango font description of `font`, at its size divided by `scale`.
    private static func fontDescription(_ font: TextFont, scale: Double) -> OpaquePointer {
        let description = pango_font_description_new()!
        pango_font_description_set_family(description, font.family)
        pango_font_description_set_weight(description, PangoWeight(rawValue: UInt32(font.weight.value)))
        pango_font_description_set_style(description, font.italic ? PANGO_STYLE_ITALIC : PANGO_STYLE_NORMAL)
        pango_font_description_set_absolute_size(description, font.size / scale * Double(PANGO_SCALE))
        return description
    }

    /// The letter spacing, line height and runs of `block` as Pango attributes on `layout`.
    private static func setAttributes(of block: TextBlock, on layout: OpaquePointer, scale: Double) {
        let list = pango_attr_list_new()!
        defer { pango_attr_list_unref(list) }
        func add(_ attribute: UnsafeMutablePointer<PangoAttribute>?, _ start: Int, _ end: Int) {
            guard let attribute else { return }
            attribute.pointee.start_index = UInt32(start)
            attribute.pointee.end_index = UInt32(end)
            pango_attr_list_insert(list, attribute)
        }
        let paragraph = block.paragraph
        let all = block.text.utf8.count
        if paragraph.lineHeightMultiple != 1 { add(pango_attr_line_height_new(paragraph.lineHeightMultiple), 0, all) }
        if block.runs.isEmpty {
            if paragraph.letterSpacing != 0 { add(pango_attr_letter_spacing_new(pangoUnits(paragraph.letterSpacing / scale)), 0, all) }
        }
        var start = 0
        for run in block.runs {
            let end = start + run.text.utf8.count
            defer { start = end }
            guard end > start else { continue }
            let spacing = run.letterSpacing ?? paragraph.letterSpacing
            if spacing != 0 { add(pango_attr_letter_spacing_new(pangoUnits(spacing / scale)), start, end) }
            if let family = run.fontFamily { add(pango_attr_family_new(family), start, end) }
            if let size = run.fontSize { add(pango_attr_size_new_absolute(pangoUnits(size / scale)), start, end) }
            if let weight = run.fontWeight { add(pango_attr_weight_new(PangoWeight(rawValue: UInt32(weight.value))), start, end) }
            if let italic = run.fontItalic { add(pango_attr_style_new(italic ? PANGO_STYLE_ITALIC : PANGO_STYLE_NORMAL), start, end) }
            if let color = run.color {
                add(pango_attr_foreground_new(channel(color.red), channel(color.green), channel(color.blue)), start, end)
                add(pango_attr_foreground_alpha_new(channel(color.alpha)), start, end)
            }
            if run.underline { add(pango_attr_underline_new(PANGO_UNDERLINE_SINGLE), start, end) }
        }
        pango_layout_set_attributes(layout, list)
    }

    /// `points` in Pango units (1/1024 point), clamped to what they hold.
    private static func pangoUnits(_ points: Double) -> Int32 {
        Int32(saturating: points * Double(PANGO_SCALE), rounding: .toNearestOrAwayFromZero)
    }

    /// A colour component, 0…1, as Pango's 16 bits.
    private static func channel(_ value: Double) -> UInt16 {
        UInt16(clamping: Int(saturating: value * 65535, rounding: .toNearestOrAwayFromZero))
    }
}
