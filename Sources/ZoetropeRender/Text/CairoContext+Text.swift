import ZoetropeCore

/// Text layers and chart labels, set by `TextEngine`: where text goes in its box, and when
/// it is filled from outlines instead of glyph bitmaps.
extension CairoContext {
    /// The largest glyph, in device pixels, drawn from glyph bitmaps. Larger text is filled
    /// as the outlines of the same text, at a cost bounded by the pixels it covers: a bitmap of
    /// a 10 000-pixel glyph is 70 MB (36 of them took 2.5 GB), and FreeType refuses sizes from
    /// about 16 000 on.
    static let largestGlyph = 1024.0

    /// Draws a text layer's text in its `width` × `height` box as its style sets it: one line
    /// or a paragraph, aligned horizontally and vertically. Text larger on the device than
    /// `largestGlyph` is filled from its outline (in `color`, runs' colours aside).
    func drawText(_ text: String, style: LayerStyle, size: Double, color: Color, opacity: Double, width: Double, height: Double) {
        let block = TextBlock(text, style: style, size: size, width: width, height: height)
        guard let (x, baseline, _) = Self.placeText(block, width: width, height: height) else { return }
        let largest = ([size] + block.runs.compactMap(\.fontSize)).max() ?? size
        guard largest * deviceScale <= Self.largestGlyph else {
            guard let outline = TextEngine.outline(block, x: x, y: baseline) else { return }
            newPath()
            addPath(outline)
            fillText(color, opacity: opacity)
            return
        }
        TextEngine.draw(block, on: self, x: x, y: baseline, color: color, opacity: opacity)
    }

    /// The corners, in device pixels, of the box in which `drawText` puts ink for these
    /// arguments under `transform` (the layer's, from its box to the device). Glyphs are
    /// unhinted, so the ink is measured once in the box and transformed.
    static func textInk(_ text: String, style: LayerStyle, size: Double, width: Double, height: Double,
                        transform: AffineTransform) -> [Vector2]? {
        let block = TextBlock(text, style: style, size: size, width: width, height: height)
        guard let (x, baseline, metrics) = placeText(block, width: width, height: height) else { return nil }
        let ink = metrics.ink
        return [Vector2(ink.minX, ink.minY), Vector2(ink.maxX, ink.minY), Vector2(ink.minX, ink.maxY), Vector2(ink.maxX, ink.maxY)]
            .map { Vector2($0.x + x, $0.y + baseline) }.map(transform.apply)
    }

    /// The outline of a text layer's text placed in its `width` × `height` box as `drawText`
    /// places it, unhinted (what a vector format carries instead of the text: a Lottie export).
    static func textOutline(_ text: String, style: LayerStyle, size: Double, width: Double, height: Double) -> SVGPath {
        let block = TextBlock(text, style: style, size: size, width: width, height: height)
        guard !text.isEmpty, let (x, baseline, _) = placeText(block, width: width, height: height),
              let outline = TextEngine.outline(block, x: x, y: baseline) else { return SVGPath() }
        return outline
    }

    /// The outline of `text` shaped in `font` from an origin on its baseline, and its advance:
    /// a glyph run for a layout of its own (a Lottie file's text), or a text layer's width.
    /// Drawing or measuring text never changes how later text is drawn (the font options are
    /// the engine's, not the first caller's).
    static func glyphRun(_ text: String, font: TextFont) -> (path: SVGPath, advance: Double)? {
        guard let line = TextEngine.metrics(text, font: font), let path = TextEngine.outline(text, font: font, x: 0, y: 0) else { return nil }
        return (path, line.advance)
    }

    /// Where text starts and its first baseline lies in its box, and its metrics: one line is
    /// aligned by its advance, a paragraph by Pango within the box's width; the lines sit at
    /// the top, the middle or the bottom of the box.
    private static func placeText(_ block: TextBlock, width: Double, height: Double)
        -> (x: Double, baseline: Double, metrics: ShapedTextMetrics)? {
        guard let metrics = TextEngine.metrics(block) else { return nil }
        let x: Double = if block.width != nil { 0 } else {
            switch block.alignment {
            case .left, .justified: 0
            case .center: (width - metrics.advance) / 2
            case .right: width - metrics.advance
            }
        }
        let top: Double = switch block.paragraph.verticalAlignment {
        case .top: 0
        case .center: (height - metrics.height) / 2
        case .bottom: height - metrics.height
        }
        return (x, top + metrics.ascent, metrics)
    }

    // MARK: - Chart labels

    /// The chart font: DejaVu Sans, installed with Zoetrope (`make deps`).
    private static func labelFont(size: Double, bold: Bool) -> TextFont {
        TextFont(family: "DejaVu Sans", weight: bold ? .bold : .regular, size: size)
    }

    /// The width of `text` in the sans-serif chart font at `size`.
    func labelWidth(_ text: String, size: Double, bold: Bool = false) -> Double {
        TextEngine.metrics(text, font: Self.labelFont(size: size, bold: bold))?.advance ?? 0
    }

    /// Draws `text` with its horizontal `alignment` at x and its vertical middle at y.
    func drawLabel(_ text: String, x: Double, y: Double, alignment: TextAlignment, size: Double,
                   color: Color, bold: Bool = false, rotated: Bool = false) {
        let font = Self.labelFont(size: size, bold: bold)
        guard let line = TextEngine.metrics(text, font: font) else { return }
        let dx: Double = switch alignment {
        case .left, .justified: 0
        case .center: -line.advance / 2
        case .right: -line.advance
        }
        save()
        translate(x, y)
        if rotated { rotate(-.pi / 2) }
        TextEngine.draw(text, font: font, on: self, x: dx, y: (line.ascent - line.descent) / 2, color: color, opacity: 1)
        restore()
    }
}
