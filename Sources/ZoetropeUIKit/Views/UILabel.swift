import ZoetropeCore
import ZoetropePipeline

/// Mirrors `UILabel`: text in the label's bounds, centred vertically, in one line or as many
/// as `numberOfLines` allows, broken and truncated as `lineBreakMode` says; `sizeToFit()`
/// measures it with the engine that draws it.
///
/// The label's paragraph, font face and attributed runs are its layer's style; the text, its
/// colour and its font size are the layer's animatable values (`textColor` and the font size
/// animate inside an animations closure; the text changes at once, as UIKit's does).
///
/// ```swift
/// let bubble = UILabel(frame: CGRect(x: 16, y: 100, width: 240, height: 0))
/// bubble.numberOfLines = 0
/// bubble.text = "See you at the station at eight?"
/// bubble.sizeToFit()                                // wrapped at 240 points, as tall as its lines
/// ```
open class UILabel: UIView {
    override class var layerShape: Shape { .text }
    override class var layerKind: String { "label" }
    /// 251, as Interface Builder gives labels (a label made in code in UIKit gets 250).
    override class var defaultContentHuggingPriority: UILayoutPriority { .defaultLow + 1 }

    override class func makeLayer() -> CALayer {
        var style = LayerStyle()
        style.alignment = .left  // UIKit's natural alignment, for a left-to-right language
        style.paragraph.truncation = .tail  // UIKit's default line break mode
        return CALayer(shape: .text, style: style)
    }

    /// The font set (the one drawn, unless `adjustsFontSizeToFitWidth` shrinks it).
    private var givenFont = UIFont.systemFont(ofSize: 17)
    /// The attributed text set last, while the layer's text is still its string.
    var givenAttributedText: NSAttributedString?
    /// Runs as the attributed text gives them, at their own sizes (the style's are scaled when
    /// the font shrinks to fit).
    var givenRuns: [TextRun] = []

    /// Mirrors `text`. Setting it drops the attributes of an `attributedText` (as UIKit does:
    /// the label's own font and colour apply to the new text).
    open var text: String? {
        get { let text = layer.text(.text); return text.isEmpty ? nil : text }
        set {
            layer.set(.text, .text(newValue ?? ""))
            if !givenRuns.isEmpty || !layer.style.runs.isEmpty {
                givenRuns = []
                givenAttributedText = nil
                layer.setStyle { $0.runs = [] }
            }
            fitFontSize()
            invalidateIntrinsicContentSize()
        }
    }

    /// Mirrors `attributedText`: the text with runs of their own font, colour, kerning and
    /// underline (an attribute a range lacks is the label's); the paragraph style at its start
    /// sets the label's alignment, line breaks and spacing. Reading it back after `text` was
    /// set gives the text in the label's font and colour, as UIKit does.
    open var attributedText: NSAttributedString? {
        get {
            let text = layer.text(.text)
            if let given = givenAttributedText, given.string == text { return given }
            guard !text.isEmpty else { return nil }
            return NSAttributedString(string: text, attributes: [.font: givenFont, .foregroundColor: textColor as Any])
        }
        set {
            guard let string = newValue, string.length > 0 else {
                text = nil
                return
            }
            givenAttributedText = string.copy() as? NSAttributedString
            givenRuns = string.textRuns()
            layer.set(.text, .text(string.string))
            if let paragraph = string.leadingParagraphStyle {
                layer.setStyle { paragraph.apply(to: &$0, font: givenFont) }
                lineBreakMode = paragraph.lineBreakMode
            }
            fitFontSize()
            invalidateIntrinsicContentSize()
        }
    }

    /// Mirrors `textColor`; it animates.
    open var textColor: UIColor! {
        get { UIColor(layer.color(.color)) }
        set { layer.set(.color, .color(newValue?.color ?? .black)) }
    }

    /// Mirrors `font`: the face is the label's style; the size is its layer's font size, which
    /// animates (a Zoetrope addition: UIKit sets a new font at once).
    open var font: UIFont! {
        get { givenFont }
        set {
            let font = newValue ?? .systemFont(ofSize: 17)
            givenFont = font
            layer.setStyle {
                $0.fontFamily = font.family
                $0.fontWeight = font.weight
                $0.fontItalic = font.isItalic
            }
            layer.set(.fontSize, .number(Double(font.pointSize)))
            fitFontSize()
            invalidateIntrinsicContentSize()
        }
    }

    /// Mirrors `textAlignment` (left, center, right, justified; natural reads as left).
    open var textAlignment: NSTextAlignment {
        get { NSTextAlignment(layer.style.alignment) }
        set { layer.setStyle { $0.alignment = newValue.textAlignment } }
    }

    /// Mirrors `numberOfLines`: the most lines drawn, 0 for as many as the text needs.
    open var numberOfLines: Int {
        get { layer.style.paragraph.lines }
        set {
            layer.setStyle { $0.paragraph.lines = max(newValue, 0) }
            fitFontSize()
            invalidateIntrinsicContentSize()
        }
    }

    /// Mirrors `lineBreakMode` (default `.byTruncatingTail`): how lines break and where text
    /// that does not fit is cut with an ellipsis.
    open var lineBreakMode: NSLineBreakMode = .byTruncatingTail {
        didSet {
            layer.setStyle {
                $0.paragraph.wrap = lineBreakMode.wrap
                $0.paragraph.truncation = lineBreakMode.truncation
            }
        }
    }

    /// Mirrors `adjustsFontSizeToFitWidth`: the font shrinks, down to `minimumScaleFactor` of
    /// its size, until the text fits the label's width (its bounds, for several lines).
    open var adjustsFontSizeToFitWidth = false {
        didSet { fitFontSize() }
    }

    /// Mirrors `minimumScaleFactor`: the smallest fraction of the font's size a shrinking
    /// label draws at; 0 (the default) never shrinks, as in UIKit.
    open var minimumScaleFactor: CGFloat = 0 {
        didSet { fitFontSize() }
    }

    /// Mirrors `preferredMaxLayoutWidth`: where `intrinsicContentSize` breaks the lines of a
    /// label of several lines (0: only at its newlines).
    open var preferredMaxLayoutWidth: CGFloat = 0 {
        didSet { invalidateIntrinsicContentSize() }
    }

    open override var frame: CGRect {
        get { super.frame }
        set {
            super.frame = newValue
            fitFontSize()
        }
    }

    open override var bounds: CGRect {
        get { super.bounds }
        set {
            super.bounds = newValue
            fitFontSize()
        }
    }

    // MARK: - Sizing

    /// Mirrors `sizeThatFits(_:)`: the size the text takes, in whole points (rounded up, as
    /// UIKit rounds): one line at its own width when `numberOfLines` is 1, else lines broken
    /// at `size.width` (none: 0 or less) and at most `numberOfLines` of them. The height asked
    /// for is not a limit, as in UIKit. Zero for no text.
    open override func sizeThatFits(_ size: CGSize) -> CGSize {
        let width: Double? = numberOfLines == 1 || !(size.width > 0) || !size.width.isFinite ? nil : Double(size.width)
        return Self.roundedUp(measure(width: width, fontSize: Double(givenFont.pointSize)))
    }

    /// Mirrors `sizeToFit()`: the size that fits, the frame's origin kept. A label of one line
    /// takes its text's width; one of several wraps at its current width (any width, when it
    /// has none yet) and takes its widest line's width and its lines' height.
    open override func sizeToFit() {
        let fitted = sizeThatFits(CGSize(width: bounds.width, height: .greatestFiniteMagnitude))
        frame = CGRect(origin: frame.origin, size: fitted)
    }

    /// Mirrors `intrinsicContentSize`: the text's size, its lines broken at
    /// `preferredMaxLayoutWidth` when it has several.
    open override var intrinsicContentSize: CGSize {
        sizeThatFits(CGSize(width: preferredMaxLayoutWidth, height: 0))
    }

    /// The baselines from the font's ascender: the first line's at the ascender below the
    /// text's top, the last line's a line height per further line below it.
    override var baselineMetrics: (first: CGFloat, last: CGFloat, textHeight: CGFloat)? {
        let height = intrinsicContentSize.height, font = givenFont
        let lines = max(1, (height / max(font.lineHeight, 1)).rounded(.down))
        return (font.ascender, font.ascender + (lines - 1) * font.lineHeight, height)
    }

    /// The size the label's text takes at `fontSize`, its lines broken at `width` (nil: at its
    /// newlines only, or never for one line), as the frames set it.
    func measure(width: Double?, fontSize: Double) -> Vector2 {
        let text = layer.text(.text)
        guard !text.isEmpty else { return Vector2(0, 0) }
        var style = layer.style
        style.runs = scaled(givenRuns, by: fontSize / max(Double(givenFont.pointSize), .leastNonzeroMagnitude))
        return TextMeasure.size(of: text, style: style, fontSize: fontSize, width: width)
    }

    static func roundedUp(_ size: Vector2) -> CGSize {
        CGSize(width: CGFloat(size.x.rounded(.up)), height: CGFloat(size.y.rounded(.up)))
    }

    // MARK: - Shrinking to fit

    /// Sets the layer's font size (and its runs') to the largest that fits the bounds, between
    /// the font's size and `minimumScaleFactor` of it, when `adjustsFontSizeToFitWidth` asks
    /// for it; else to the font's size.
    func fitFontSize() {
        let full = Double(givenFont.pointSize)
        var size = full
        if adjustsFontSizeToFitWidth, minimumScaleFactor > 0, !fits(fontSize: full) {
            // Text widens linearly with its size (unhinted glyphs): a bisection of the scale
            // finds the largest that fits to a hundredth of a point.
            var low = max(Double(min(minimumScaleFactor, 1)), 0) * full, high = full
            if fits(fontSize: low) {
                while high - low > 0.01 {
                    let middle = (low + high) / 2
                    if fits(fontSize: middle) { low = middle } else { high = middle }
                }
            }
            size = low
        }
        if layer.number(.fontSize) != size { layer.set(.fontSize, .number(size)) }
        let runs = scaled(givenRuns, by: size / max(full, .leastNonzeroMagnitude))
        if layer.style.runs != runs { layer.setStyle { $0.runs = runs } }
    }

    /// Whether the text at `fontSize` fits the bounds: one line within the width, several
    /// within the height when broken at the width (and within `numberOfLines`).
    private func fits(fontSize: Double) -> Bool {
        let bounds = bounds
        if numberOfLines == 1 { return measure(width: nil, fontSize: fontSize).x <= Double(bounds.width) + 1e-9 }
        var style = layer.style
        style.paragraph.lines = 0
        style.paragraph.truncation = .none
        style.runs = scaled(givenRuns, by: fontSize / max(Double(givenFont.pointSize), .leastNonzeroMagnitude))
        let text = layer.text(.text), width = Double(bounds.width)
        let size = TextMeasure.size(of: text, style: style, fontSize: fontSize, width: width)
        let lines = TextMeasure.lineCount(of: text, style: style, fontSize: fontSize, width: width)
        return size.y <= Double(bounds.height) + 1e-9 && (numberOfLines == 0 || lines <= numberOfLines)
    }

    /// `runs` with their own font sizes multiplied by `factor`.
    private func scaled(_ runs: [TextRun], by factor: Double) -> [TextRun] {
        guard factor != 1 else { return runs }
        return runs.map { run in
            var scaled = run
            scaled.fontSize = run.fontSize.map { $0 * factor }
            return scaled
        }
    }
}

/// Mirrors `NSTextAlignment`.
public enum NSTextAlignment: Int, Sendable {
    case left = 0, center = 1, right = 2, justified = 3, natural = 4

    /// Core's alignment (natural is left, for a left-to-right language).
    var textAlignment: TextAlignment {
        switch self {
        case .center: .center
        case .right: .right
        case .justified: .justified
        case .left, .natural: .left
        }
    }

    init(_ alignment: TextAlignment) {
        switch alignment {
        case .left: self = .left
        case .center: self = .center
        case .right: self = .right
        case .justified: self = .justified
        }
    }
}

/// Mirrors `NSLineBreakMode`: where lines break, and where text that does not fit is cut.
public enum NSLineBreakMode: Int, Sendable {
    case byWordWrapping = 0, byCharWrapping, byClipping, byTruncatingHead, byTruncatingTail, byTruncatingMiddle

    /// Where lines break (between words for every mode but `byCharWrapping`, as UIKit wraps a
    /// label of several lines by words before it truncates the last).
    var wrap: TextWrap { self == .byCharWrapping ? .character : .word }

    /// Where the ellipsis goes.
    var truncation: TextTruncation {
        switch self {
        case .byTruncatingHead: .head
        case .byTruncatingMiddle: .middle
        case .byTruncatingTail: .tail
        case .byWordWrapping, .byCharWrapping, .byClipping: .none
        }
    }
}
