import ZoetropeCore
import ZoetropePipeline

/// Mirrors `NSStringDrawingOptions`.
public struct NSStringDrawingOptions: OptionSet, Hashable, Sendable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }

    /// Lines broken at the size's width (without it, the text is measured as one line).
    public static let usesLineFragmentOrigin = NSStringDrawingOptions(rawValue: 1 << 0)
    public static let usesFontLeading = NSStringDrawingOptions(rawValue: 1 << 1)
    public static let usesDeviceMetrics = NSStringDrawingOptions(rawValue: 1 << 3)
    public static let truncatesLastVisibleLine = NSStringDrawingOptions(rawValue: 1 << 5)
}

/// Mirrors `NSStringDrawingContext` (kept for the signature; nothing is reported in it).
open class NSStringDrawingContext: @unchecked Sendable {
    /// Mirrors `minimumScaleFactor` (not applied: text is measured at its size).
    open var minimumScaleFactor: CGFloat = 0
    public init() {}
}

/// Text to set: an attributed string's text in a layer style (its default font and first
/// paragraph style), the size and colour of what no run says, and its runs.
struct TextSetting {
    var text: String
    var style: LayerStyle
    var fontSize: Double
    var color: Color

    /// `string` set as UIKit sets an attributed string that draws itself: what no attribute
    /// says is Helvetica 12 (Liberation Sans here) in black.
    init(_ string: NSAttributedString) {
        let font = UIFont.defaultAttributedFont
        text = string.string
        style = LayerStyle()
        style.fontFamily = font.family
        style.fontWeight = font.weight
        style.fontItalic = font.isItalic
        style.alignment = .left
        style.paragraph.lines = 0
        string.leadingParagraphStyle?.apply(to: &style, font: font)
        style.runs = string.textRuns()
        fontSize = Double(font.pointSize)
        color = .black
    }

    /// The size the text takes, its lines broken at `width` (nil: only at its newlines).
    func size(width: Double?) -> CGSize {
        let size = TextMeasure.size(of: text, style: style, fontSize: fontSize, width: width)
        return CGSize(width: CGFloat(size.x), height: CGFloat(size.y))
    }

    /// Records the text drawn in `rect` from its top, on the current image renderer's
    /// drawing (none: nothing, as UIKit draws nothing without a context).
    func draw(in rect: CGRect) {
        guard let context = GraphicsContext.current else { return }
        var style = style
        style.paragraph.verticalAlignment = .top
        var values = LayerValues()
        values.text = text
        values.fontSize = fontSize
        values.color = color
        values.size = rect.size.vector
        values.position = Vector2(Double(rect.midX), Double(rect.midY))
        context.add(.text, values, style)
    }
}

extension UIFont {
    /// What an attributed string without a font draws in: Helvetica 12, as UIKit's.
    static var defaultAttributedFont: UIFont {
        UIFont(name: "Helvetica", size: 12) ?? .systemFont(ofSize: 12)
    }
}

extension NSAttributedString {
    /// Mirrors `size()`: the size the string takes, each of its lines ending at a newline,
    /// not rounded (UIKit's is fractional: round it up to size a view).
    public func size() -> CGSize {
        TextSetting(self).size(width: nil)
    }

    /// Mirrors `boundingRect(with:options:context:)`: with `.usesLineFragmentOrigin`, the
    /// lines broken at `size.width`; without, the string as one line. Its origin is zero; the
    /// size is not rounded, as UIKit's is not.
    public func boundingRect(with size: CGSize, options: NSStringDrawingOptions = [], context: NSStringDrawingContext?) -> CGRect {
        var setting = TextSetting(self)
        let width: Double?
        if options.contains(.usesLineFragmentOrigin) {
            width = size.width > 0 && size.width.isFinite && size.width < .greatestFiniteMagnitude ? Double(size.width) : nil
        } else {
            setting.style.paragraph.lines = 1
            setting.style.paragraph.truncation = .none
            width = nil
        }
        return CGRect(origin: .zero, size: setting.size(width: width))
    }

    /// Mirrors `draw(in:)`: the string drawn from the top of `rect`, its lines broken at the
    /// rectangle's width, inside `UIGraphicsImageRenderer.image(actions:)`.
    public func draw(in rect: CGRect) {
        TextSetting(self).draw(in: rect)
    }

    /// Mirrors `draw(at:)`: the string drawn with its top left at `point`, its lines ending
    /// at its newlines.
    public func draw(at point: CGPoint) {
        let setting = TextSetting(self)
        let size = setting.size(width: nil)
        // A point wider than the text, so its lines break where they ended when measured.
        setting.draw(in: CGRect(origin: point, size: CGSize(width: size.width + 1, height: size.height)))
    }
}

extension String {
    /// Mirrors `NSString.size(withAttributes:)`.
    public func size(withAttributes attributes: [NSAttributedString.Key: Any]? = nil) -> CGSize {
        NSAttributedString(string: self, attributes: attributes).size()
    }

    /// Mirrors `NSString.boundingRect(with:options:attributes:context:)`.
    public func boundingRect(with size: CGSize, options: NSStringDrawingOptions = [], attributes: [NSAttributedString.Key: Any]?,
                             context: NSStringDrawingContext?) -> CGRect {
        NSAttributedString(string: self, attributes: attributes).boundingRect(with: size, options: options, context: context)
    }

    /// Mirrors `NSString.draw(in:withAttributes:)`.
    public func draw(in rect: CGRect, withAttributes attributes: [NSAttributedString.Key: Any]? = nil) {
        NSAttributedString(string: self, attributes: attributes).draw(in: rect)
    }

    /// Mirrors `NSString.draw(at:withAttributes:)`.
    public func draw(at point: CGPoint, withAttributes attributes: [NSAttributedString.Key: Any]? = nil) {
        NSAttributedString(string: self, attributes: attributes).draw(at: point)
    }
}

extension NSString {
    /// Mirrors `size(withAttributes:)`.
    public func size(withAttributes attributes: [NSAttributedString.Key: Any]? = nil) -> CGSize {
        (self as String).size(withAttributes: attributes)
    }

    /// Mirrors `boundingRect(with:options:attributes:context:)`.
    public func boundingRect(with size: CGSize, options: NSStringDrawingOptions = [], attributes: [NSAttributedString.Key: Any]?,
                             context: NSStringDrawingContext?) -> CGRect {
        (self as String).boundingRect(with: size, options: options, attributes: attributes, context: context)
    }

    /// Mirrors `draw(in:withAttributes:)`.
    public func draw(in rect: CGRect, withAttributes attributes: [NSAttributedString.Key: Any]? = nil) {
        (self as String).draw(in: rect, withAttributes: attributes)
    }

    /// Mirrors `draw(at:withAttributes:)`.
    public func draw(at point: CGPoint, withAttributes attributes: [NSAttributedString.Key: Any]? = nil) {
        (self as String).draw(at: point, withAttributes: attributes)
    }
}
