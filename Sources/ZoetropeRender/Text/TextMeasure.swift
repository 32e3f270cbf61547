import ZoetropeCore

/// Text measured as the frames set it: what `sizeToFit`, `UIFont`'s metrics and `validate`
/// ask of the text engine.
public enum TextMeasure {
    /// The size a text layer's `text` takes, set as `style` says at `fontSize`, with lines
    /// broken at `width` when its paragraph has several (nil: as wide as its lines need) and
    /// cut at `height` when it truncates by height: the width of its widest line and the
    /// height of its lines, in points (zero for empty text).
    public static func size(of text: String, style: LayerStyle, fontSize: Double, width: Double? = nil, height: Double? = nil) -> Vector2 {
        guard !text.isEmpty, let metrics = TextEngine.metrics(block(text, style, fontSize, width: width, height: height)) else {
            return Vector2(0, 0)
        }
        return Vector2(metrics.advance, metrics.height)
    }

    /// The number of lines `text` is set in, as `size(of:…)` sets it.
    public static func lineCount(of text: String, style: LayerStyle, fontSize: Double, width: Double? = nil) -> Int {
        guard !text.isEmpty else { return 0 }
        return TextEngine.metrics(block(text, style, fontSize, width: width, height: nil))?.lineCount ?? 0
    }

    /// The text as a layer of its style sets it in a box `width` wide (nil: one as wide as its
    /// lines need) and `height` high (nil: as high as they need). Without a height, an unlimited
    /// paragraph keeps every line: Pango would ellipsize each paragraph to one line.
    private static func block(_ text: String, _ style: LayerStyle, _ fontSize: Double, width: Double?, height: Double?) -> TextBlock {
        var block = TextBlock(text, style: style, size: fontSize, width: width ?? 0, height: height ?? 0)
        if width == nil { block.width = nil }
        if height == nil { block.height = nil }
        if block.paragraph.lines == 0, block.height == nil { block.paragraph.truncation = .none }
        return block
    }

    /// The family text in `family` (or the font file `file`) is set in: the file's own family
    /// when it loads, else `family`.
    public static func family(_ family: String, file: String?) -> String {
        TextEngine.family(of: TextFont(family: family, size: 12, file: file))
    }

    /// A font's vertical metrics at a size, in points, as `UIFont` gives them.
    public struct FontMetrics: Hashable, Sendable {
        /// Above the baseline, positive.
        public var ascender: Double
        /// Below the baseline, negative (as `UIFont.descender`).
        public var descender: Double
        /// From one baseline to the next, with the font's own leading.
        public var lineHeight: Double
        /// The height of a capital letter (an H's ink).
        public var capHeight: Double
        /// The height of a lower-case x's ink.
        public var xHeight: Double
        /// `lineHeight` less the ascender and descender.
        public var leading: Double { lineHeight - ascender + descender }
    }

    /// The metrics of `family` (or the font file `file`) at `weight`, `italic` and `size`; nil
    /// for a size that is not finite and positive.
    public static func metrics(family: String, weight: FontWeight = .regular, italic: Bool = false, size: Double,
                               file: String? = nil) -> FontMetrics? {
        let font = TextFont(family: family, weight: weight, italic: italic, size: size, file: file)
        guard let line = TextEngine.metrics(" ", font: font), let capital = TextEngine.metrics("H", font: font),
              let small = TextEngine.metrics("x", font: font) else { return nil }
        return FontMetrics(ascender: line.ascent, descender: -line.descent, lineHeight: line.height,
                           capHeight: -capital.ink.minY, xHeight: -small.ink.minY)
    }
}

