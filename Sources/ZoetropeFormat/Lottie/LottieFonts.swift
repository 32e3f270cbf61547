import ZoetropeCore

/// A glyph's outline at size 100 (its origin on the baseline, y down) and its advance: what a
/// Lottie file's `chars` carry, or what an installed font gives.
public struct LottieGlyph: Sendable {
    public var segments: [SVGPath.Segment]
    public var advance: Double

    public init(segments: [SVGPath.Segment], advance: Double) {
        self.segments = segments
        self.advance = advance
    }
}

/// Where text set from a font alone (a Lottie file's `fonts` with no glyph outlines in `chars`)
/// gets its glyphs: the fonts installed here, as the players use the platform's. Reading stays
/// pure: the same installed fonts give the same outlines.
public protocol LottieFontSource: Sendable {
    /// The outline of `character` in `family` and `style` (`"Bold Italic"`, as `fStyle` names
    /// it), or nil when nothing can draw it.
    func glyph(_ character: Character, family: String, style: String) -> LottieGlyph?

    /// The family drawn instead of `family` when it is not installed, or nil when it is.
    func substitute(for family: String) -> String?
}
