import ZoetropeCore

/// The outline of a text layer's text, placed in its bounds as the frames draw it (unhinted):
/// what a vector export carries instead of text and a font.
public enum TextOutline {
    public static func path(_ values: LayerValues, _ style: LayerStyle) -> SVGPath {
        CairoContext.textOutline(values.text, family: style.fontFamily, bold: style.fontWeight == .bold, size: values.fontSize,
                                 alignment: style.alignment, width: values.size.x, height: values.size.y)
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

    /// The outline of `text` in an installed `family` at `size`, from an origin on its
    /// baseline, and its advance. Nil when Cairo cannot set it.
    public static func glyphRun(_ text: String, family: String, bold: Bool, italic: Bool, size: Double) -> GlyphRun? {
        CairoContext.glyphRun(text, family: family, bold: bold, italic: italic, size: size).map { GlyphRun(path: $0.path, advance: $0.advance) }
    }

    /// How far `text` advances in `family` at `size`, as a text layer sets it (nil when Cairo
    /// cannot measure it).
    public static func width(_ text: String, family: String, bold: Bool, size: Double) -> Double? {
        CairoContext.glyphRun(text, family: family, bold: bold, italic: false, size: size)?.advance
    }
}
