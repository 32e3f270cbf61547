/// How a text layer's text is broken into lines, spaced and cut in its bounds: what
/// `UILabel` (`numberOfLines`, `lineBreakMode`), `NSParagraphStyle` and `CATextLayer`
/// (`isWrapped`, `truncationMode`) set.
public struct TextParagraph: Hashable, Sendable {
    /// The most lines drawn (`UILabel.numberOfLines`): 0 for as many as the text needs. With
    /// 1 (the default) the text is one line, a newline drawn as a glyph, as before paragraphs.
    public var lines = 1
    /// Where lines break when there may be several.
    public var wrap = TextWrap.word
    /// Where text cut by the bounds' width (one line) or by `lines` is marked with an ellipsis.
    public var truncation = TextTruncation.none
    /// `NSParagraphStyle.lineHeightMultiple`: the font's line height is multiplied by this.
    public var lineHeightMultiple = 1.0
    /// `NSParagraphStyle.lineSpacing`: points added between lines.
    public var lineSpacing = 0.0
    /// Points added after every character (`NSAttributedString.Key.kern`, Lottie tracking).
    public var letterSpacing = 0.0
    /// Where the lines sit in the bounds' height: centred (`UILabel`), at the top
    /// (`CATextLayer`) or at the bottom.
    public var verticalAlignment = VerticalTextAlignment.center

    public init() {}

    /// Whether the text is set as one line, a newline drawn as a glyph.
    public var isSingleLine: Bool { lines == 1 }
}

/// Where lines break: between words (a word longer than the line is broken between
/// characters, as `byWordWrapping` does), or between any characters (`byCharWrapping`).
public enum TextWrap: String, Hashable, Sendable, CaseIterable { case word, character }

/// Mirrors `CATextLayerTruncationMode`: none (clipped), or an ellipsis at the start, the
/// middle or the end of the last line drawn.
public enum TextTruncation: String, Hashable, Sendable, CaseIterable { case none, head, middle, tail }

/// Where a text layer's lines sit in its bounds' height.
public enum VerticalTextAlignment: String, Hashable, Sendable, CaseIterable { case top, center, bottom }

/// A part of a layer's text with its own attributes (one attribute run of an
/// `NSAttributedString`); each absent attribute is the layer's.
public struct TextRun: Hashable, Sendable {
    public var text: String
    public var fontFamily: String?
    public var fontSize: Double?
    public var fontWeight: FontWeight?
    public var fontItalic: Bool?
    public var color: Color?
    /// Points added after each character of the run, instead of the paragraph's.
    public var letterSpacing: Double?
    public var underline = false

    public init(text: String, fontFamily: String? = nil, fontSize: Double? = nil, fontWeight: FontWeight? = nil,
                fontItalic: Bool? = nil, color: Color? = nil, letterSpacing: Double? = nil, underline: Bool = false) {
        self.text = text
        self.fontFamily = fontFamily
        self.fontSize = fontSize
        self.fontWeight = fontWeight
        self.fontItalic = fontItalic
        self.color = color
        self.letterSpacing = letterSpacing
        self.underline = underline
    }
}

extension LayerStyle {
    /// The runs that apply to `text`: the style's when they spell it, else none (plain text).
    public func runs(for text: String) -> [TextRun] {
        guard !runs.isEmpty, runs.reduce(into: "", { $0 += $1.text }) == text else { return [] }
        return runs
    }
}
