import ZoetropeCore

/// The outline of a text layer's text, placed in its bounds as the frames draw it (unhinted):
/// what a vector export carries instead of text and a font.
public enum TextOutline {
    public static func path(_ values: LayerValues, _ style: LayerStyle) -> SVGPath {
        CairoContext.textOutline(values.text, family: style.fontFamily, bold: style.fontWeight == .bold, size: values.fontSize,
                                 alignment: style.alignment, width: values.size.x, height: values.size.y)
    }

    /// The outline of `text` in an installed `family` at `size`, from an origin on its
    /// baseline, and its advance. Nil when Cairo cannot set it.
    public static func glyphRun(_ text: String, family: String, bold: Bool, italic: Bool, size: Double) -> (path: SVGPath, advance: Double)? {
        CairoContext.glyphRun(text, family: family, bold: bold, italic: italic, size: size)
    }

    /// How far `text` advances in `family` at `size`, as a text layer sets it (nil when Cairo
    /// cannot measure it).
    public static func width(_ text: String, family: String, bold: Bool, size: Double) -> Double? {
        CairoContext.glyphRun(text, family: family, bold: bold, italic: false, size: size)?.advance
    }
}
