internal import CPango
import Synchronization
import ZoetropeCore

/// A font as text asks for it: a fontconfig family, a weight, a slant and a size in points
/// (the user-space units text is drawn in).
struct TextFont: Hashable, Sendable {
    var family: String
    var bold: Bool
    var italic: Bool
    var size: Double
}

/// A line of text shaped in a font: its advance, the font's ascent and descent, and the box its
/// glyphs ink, from an origin at the start of its baseline (y down), in points.
struct ShapedLineMetrics: Sendable {
    var advance: Double
    var ascent: Double
    var descent: Double
    /// The inked box: minimum x and y, maximum x and y.
    var ink: (minX: Double, minY: Double, maxX: Double, maxY: Double)
}

/// The one text engine: lines shaped by Pango (HarfBuzz shaping with kerning and ligatures,
/// fontconfig font lookup and fallback, bidi reordering) in one font map and one Pango context
/// whose font options are explicit (`CairoFontOptions`: unhinted outlines and metrics, grey
/// antialiasing) and whose language is fixed, so a line's glyphs, positions and pixels depend on
/// its text and font alone: never on the locale, the process's history or the thread.
///
/// Shaped lines are cached by (text, font). Every Pango call happens under one lock: Pango's
/// objects are not thread-safe; Cairo draws the glyphs under it too, which keeps a cached
/// layout from being read while another thread lays it out.
///
/// Text larger than `largestShapedSize` is shaped at that size and scaled: unhinted glyphs scale
/// linearly, and Pango's sizes are 22.10 fixed point.
enum TextEngine {
    /// The largest size a line is shaped at; larger ones are this, scaled.
    static let largestShapedSize = 1024.0

    /// The font map, the context and the cache, touched only under `lock`.
    private final class State: @unchecked Sendable {
        let fontMap: UnsafeMutablePointer<PangoFontMap>
        let context: OpaquePointer
        let options: CairoFontOptions
        var lines: [Key: Line] = [:]

        init() {
            // A font map of this engine's own, not the per-thread default: the same fonts for
            // every thread.
            fontMap = UnsafeMutablePointer(OpaquePointer(pango_cairo_font_map_new()))
            context = pango_font_map_create_context(fontMap)
            options = CairoFontOptions()
            pango_cairo_context_set_font_options(context, options.pointer)
            // Sizes are absolute (points are pixels at scale 1); 72 makes a relative size the same.
            pango_cairo_context_set_resolution(context, 72)
            // Glyphs where the unhinted advances put them, not rounded to whole pixels.
            pango_context_set_round_glyph_positions(context, 0)
            // Not the process's locale: it picks fallback fonts and some shaping.
            pango_context_set_language(context, pango_language_from_string("en"))
            pango_context_set_matrix(context, nil)
        }

        // Never freed: the engine lives as long as the process.
    }

    private struct Key: Hashable {
        var text: String
        var font: TextFont
    }

    /// A shaped line: its Pango layout (at `font.size / scale`) and its metrics at `font.size`.
    fileprivate struct Line {
        let layout: OpaquePointer
        /// How much the layout is scaled up to the font's size (1 unless it is larger than
        /// `largestShapedSize`).
        let scale: Double
        /// The layout's baseline below its top, at the layout's size.
        let baseline: Double
        let metrics: ShapedLineMetrics
    }

    private static let shared = State()
    /// Held around every use of `shared`, and so of Pango.
    private static let lock = Mutex(())

    /// The metrics of `text` set in `font` on one line (nil for a size that is not finite and
    /// positive).
    static func metrics(_ text: String, font: TextFont) -> ShapedLineMetrics? {
        lock.withLock { _ in line(text, font, in: shared)?.metrics }
    }

    /// Draws `text` in `font` on `context` with the start of its baseline at (x, y), in
    /// `color` at `opacity`, through PangoCairo (glyphs rasterized by Cairo). Nil (nothing
    /// drawn) when the font cannot be set.
    @discardableResult
    static func draw(_ text: String, font: TextFont, on context: CairoContext, x: Double, y: Double,
                     color: Color, opacity: Double) -> Bool {
        lock.withLock { _ in
            guard let line = line(text, font, in: shared) else { return false }
            context.save()
            context.translate(x, y)
            if line.scale != 1 { context.scale(line.scale, line.scale) }
            context.moveTo(0, -line.baseline)
            context.setColor(color, opacity: opacity)
            pango_cairo_show_layout(context.pointer, line.layout)
            context.newPath()
            context.restore()
            return true
        }
    }

    /// The outline of `text` in `font`, the start of its baseline at (x, y), unhinted: what a
    /// vector format carries, and how text too large for glyph bitmaps is filled.
    ///
    /// The glyphs are outlined at the layout's size under an identity transform, then scaled
    /// here: under a scaled context Cairo would ask FreeType for glyphs of the scaled size,
    /// which it refuses past about 16 000 pixels (leaving the shared face in a state that made
    /// other threads' glyphs fail).
    static func outline(_ text: String, font: TextFont, x: Double, y: Double) -> SVGPath? {
        let found: (path: SVGPath, scale: Double)? = lock.withLock { _ in
            // Made and released under the lock, with the fonts it holds.
            guard let scratch = CairoContext.scratch(), let line = line(text, font, in: shared) else { return nil }
            scratch.moveTo(0, -line.baseline)
            pango_cairo_layout_path(scratch.pointer, line.layout)
            guard scratch.isHealthy else { return nil }
            let path = scratch.currentPath()
            scratch.newPath()
            return (path, line.scale)
        }
        guard let found else { return nil }
        return found.path.mappingPoints { Vector2(x + $0.x * found.scale, y + $0.y * found.scale) }
    }

    /// The line of `text` in `font`, shaped now or before.
    private static func line(_ text: String, _ font: TextFont, in state: State) -> Line? {
        guard font.size.isFinite, font.size > 0 else { return nil }
        let key = Key(text: text, font: font)
        if let known = state.lines[key] { return known }
        let scale = max(font.size / largestShapedSize, 1)
        let size = font.size / scale
        guard let description = pango_font_description_new() else { return nil }
        defer { pango_font_description_free(description) }
        pango_font_description_set_family(description, font.family)
        pango_font_description_set_weight(description, font.bold ? PANGO_WEIGHT_BOLD : PANGO_WEIGHT_NORMAL)
        pango_font_description_set_style(description, font.italic ? PANGO_STYLE_ITALIC : PANGO_STYLE_NORMAL)
        pango_font_description_set_absolute_size(description, size * Double(PANGO_SCALE))
        guard let layout = pango_layout_new(state.context) else { return nil }
        pango_layout_set_font_description(layout, description)
        // One line, as text layers are: a newline is a glyph, not a break.
        pango_layout_set_single_paragraph_mode(layout, 1)
        pango_layout_set_text(layout, text, -1)
        var ink = PangoRectangle(), logical = PangoRectangle()
        pango_layout_get_extents(layout, &ink, &logical)
        let unit = scale / Double(PANGO_SCALE)
        let baseline = Double(pango_layout_get_baseline(layout)) / Double(PANGO_SCALE)
        let ascent = baseline * scale
        let metrics = ShapedLineMetrics(
            advance: Double(logical.width) * unit, ascent: ascent,
            descent: Double(logical.height) * unit - ascent,
            ink: (Double(ink.x) * unit, Double(ink.y) * unit - ascent,
                  Double(ink.x + ink.width) * unit, Double(ink.y + ink.height) * unit - ascent))
        let line = Line(layout: layout, scale: scale, baseline: baseline, metrics: metrics)
        // A few hundred lines at most in a frame; a long film's changing texts start again.
        if state.lines.count >= 2048 {
            for old in state.lines.values { g_object_unref(UnsafeMutableRawPointer(old.layout)) }
            state.lines.removeAll(keepingCapacity: true)
        }
        state.lines[key] = line
        return line
    }
}
