import ZoetropeCore

/// The outline of a text layer's text, placed in its bounds as the frames draw it (unhinted):
/// what a vector export carries instead of text and a font.
public enum TextOutline {
    public static func path(_ values: LayerValues, _ style: LayerStyle) -> SVGPath {
        CairoContext.textOutline(values.text, style: style, size: values.fontSize, width: values.size.x, height: values.size.y)
    }

    /// A run of text set in a font: its outline and how far it moves the pen.
    public struct GlyphRun: Hashable, Sendable {
        /// The glyphs' outline, from an origin on the baseline.
        public var path: SVGPath
        /// How far the run advances along the baseline, in the units of its size.
        public var advance: Double

        /// The run of outline `path`, advancing `advance`.
        public init(path: SVGPath, advance: Double) {
            self.path = path
            self.advance = advance
        }
    }

    /// The outline of `text` in `family` at `size` (from the font file `file`, when given,
    /// else the installed fonts), from an origin on its baseline, and its advance. Nil when it
    /// cannot be set.
    public static func glyphRun(_ text: String, family: String, weight: FontWeight = .regular, italic: Bool = false,
                                size: Double, file: String? = nil) -> GlyphRun? {
        let font = TextFont(family: family, weight: weight, italic: italic, size: size, file: file)
        return CairoContext.glyphRun(text, font: font).map { GlyphRun(path: $0.path, advance: $0.advance) }
    }

    /// A cluster of a line shaped whole: the UTF-8 bytes of the characters its glyphs set, where
    /// its pen starts along the line (from the line's visual start), how far it moves the pen,
    /// and its glyphs' outline from that pen position on the baseline (y down).
    public struct Cluster: Hashable, Sendable {
        public var bytes: Range<Int>
        public var x: Double
        public var advance: Double
        public var path: SVGPath
    }

    /// `text` on one line in `family` at `size`, shaped whole as scene text is (kerning,
    /// joining and complex scripts, right-to-left runs reordered): its clusters in visual
    /// order. Nil when it cannot be set. Set no further once the clusters' outlines hold more
    /// than `limit` segments.
    public static func shapedLine(_ text: String, family: String, weight: FontWeight = .regular, italic: Bool = false,
                                  size: Double, file: String? = nil, limit: Int = .max) -> [Cluster]? {
        let font = TextFont(family: family, weight: weight, italic: italic, size: size, file: file)
        return TextEngine.clusters(text, font: font, limit: limit)?.map { Cluster(bytes: $0.bytes, x: $0.x, advance: $0.advance, path: $0.path) }
    }
}
