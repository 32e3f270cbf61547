import ZoetropeCore

/// Mirrors `CATextLayer`: a string (plain or attributed) drawn from the top of the layer's
/// bounds, in one line or wrapped, truncated as `truncationMode` says. `fontSize` and
/// `foregroundColor` animate (inside an animations closure, as the layer's other properties
/// do here); the font's face, alignment, wrapping and truncation are its style.
///
/// Core Animation's defaults: Helvetica (Liberation Sans here) at 36 points, white, natural
/// alignment, not wrapped, not truncated.
///
/// ```swift
/// let title = CATextLayer()
/// title.frame = CGRect(x: 20, y: 20, width: 280, height: 40)
/// title.string = "Now playing"
/// title.fontSize = 24
/// title.foregroundColor = UIColor.black.cgColor
/// view.layer.addSublayer(title)
/// ```
open class CATextLayer: CALayer {
    override class var layerKind: String { "textLayer" }

    /// The attributed string set last, while the text is still its string.
    private var givenAttributedString: NSAttributedString?
    private var givenFont: Any? = "Helvetica"

    /// Mirrors `init()`.
    public required init() {
        var values = LayerValues()
        values.fontSize = 36
        values.color = .white
        var style = LayerStyle()
        let font = UIFont.defaultAttributedFont
        style.fontFamily = font.family
        style.alignment = .left
        style.paragraph.verticalAlignment = .top
        super.init(shape: .text, values: values, style: style)
    }

    /// Mirrors `string`: a `String` or an `NSAttributedString` (whose runs keep their own
    /// fonts and colours); anything else draws nothing.
    open var string: Any? {
        get {
            let text = text(.text)
            if let given = givenAttributedString, given.string == text { return given }
            return text.isEmpty ? nil : text
        }
        set {
            switch newValue {
            case let attributed as NSAttributedString:
                givenAttributedString = attributed.copy() as? NSAttributedString
                set(.text, .text(attributed.string))
                let runs = attributed.textRuns()
                if style.runs != runs { setStyle { $0.runs = runs } }
            default:
                givenAttributedString = nil
                set(.text, .text((newValue as? String) ?? (newValue as? NSString).map { $0 as String } ?? ""))
                if !style.runs.isEmpty { setStyle { $0.runs = [] } }
            }
        }
    }

    /// Mirrors `font`: a `UIFont` or a font name (its face; its size is ignored, as Core
    /// Animation ignores it: `fontSize` is the size).
    open var font: Any? {
        get { givenFont }
        set {
            givenFont = newValue
            let face = (newValue as? UIFont) ?? (newValue as? String).flatMap { UIFont(name: $0, size: 12) } ?? .defaultAttributedFont
            setStyle {
                $0.fontFamily = face.family
                $0.fontWeight = face.weight
                $0.fontItalic = face.isItalic
            }
        }
    }

    /// Mirrors `fontSize` (default 36); it animates.
    open var fontSize: CGFloat {
        get { CGFloat(number(.fontSize)) }
        set { set(.fontSize, .number(Double(newValue))) }
    }

    /// Mirrors `foregroundColor` (default white); it animates.
    open var foregroundColor: CGColor? {
        get { UIColor(color(.color)).cgColor }
        set { set(.color, .color(newValue.map { UIColor(cgColor: $0).color } ?? .white)) }
    }

    /// Mirrors `alignmentMode` (natural reads as left).
    open var alignmentMode: CATextLayerAlignmentMode {
        get {
            switch style.alignment {
            case .left: .left
            case .center: .center
            case .right: .right
            case .justified: .justified
            }
        }
        set {
            setStyle {
                $0.alignment = switch newValue {
                case .center: .center
                case .right: .right
                case .justified: .justified
                default: .left
                }
            }
        }
    }

    /// Mirrors `isWrapped`: lines broken at the bounds' width.
    open var isWrapped: Bool {
        get { style.paragraph.lines == 0 }
        set { setStyle { $0.paragraph.lines = newValue ? 0 : 1 } }
    }

    /// Mirrors `truncationMode`: where an ellipsis cuts text that does not fit.
    open var truncationMode: CATextLayerTruncationMode {
        get {
            switch style.paragraph.truncation {
            case .none: .none
            case .head: .start
            case .middle: .middle
            case .tail: .end
            }
        }
        set {
            setStyle {
                $0.paragraph.truncation = switch newValue {
                case .start: .head
                case .middle: .middle
                case .end: .tail
                default: .none
                }
            }
        }
    }

    /// Mirrors `contentsScale`: kept; the scale the film's frames are written at sets how
    /// sharp the text is (it is drawn from outlines at every scale).
    open var contentsScale: CGFloat = 1
}

/// Mirrors `CATextLayerAlignmentMode`, with Core Animation's raw values.
public struct CATextLayerAlignmentMode: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }

    public static let natural = CATextLayerAlignmentMode(rawValue: "natural")
    public static let left = CATextLayerAlignmentMode(rawValue: "left")
    public static let right = CATextLayerAlignmentMode(rawValue: "right")
    public static let center = CATextLayerAlignmentMode(rawValue: "center")
    public static let justified = CATextLayerAlignmentMode(rawValue: "justified")
}

/// Mirrors `CATextLayerTruncationMode`, with Core Animation's raw values.
public struct CATextLayerTruncationMode: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }

    public static let none = CATextLayerTruncationMode(rawValue: "none")
    public static let start = CATextLayerTruncationMode(rawValue: "start")
    public static let end = CATextLayerTruncationMode(rawValue: "end")
    public static let middle = CATextLayerTruncationMode(rawValue: "middle")
}
