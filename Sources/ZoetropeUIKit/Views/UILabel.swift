import ZoetropeCore

/// Mirrors `UILabel`: one line of text, drawn in the label's bounds, centred vertically.
open class UILabel: UIView {
    override class var layerShape: Shape { .text }
    override class var layerKind: String { "label" }

    override class func makeLayer() -> CALayer {
        var style = LayerStyle()
        style.alignment = .left  // UIKit's natural alignment, for a left-to-right language
        return CALayer(shape: .text, style: style)
    }

    /// Mirrors `text`.
    open var text: String? {
        get { let text = layer.text(.text); return text.isEmpty ? nil : text }
        set { layer.set(.text, .text(newValue ?? "")) }
    }

    /// Mirrors `textColor`.
    open var textColor: UIColor! {
        get { UIColor(layer.color(.color)) }
        set { layer.set(.color, .color(newValue?.color ?? .black)) }
    }

    /// Mirrors `font`: its size animates; its family and weight are the label's style.
    open var font: UIFont! {
        get {
            let size = CGFloat(layer.number(.fontSize))
            if layer.style.fontWeight == .bold { return .boldSystemFont(ofSize: size) }
            return UIFont(name: layer.style.fontFamily, size: size) ?? .systemFont(ofSize: size)
        }
        set {
            let font = newValue ?? .systemFont(ofSize: 17)
            layer.setStyle {
                $0.fontFamily = font.family
                $0.fontWeight = font.isBold ? .bold : .regular
            }
            layer.set(.fontSize, .number(Double(font.pointSize)))
        }
    }

    /// Mirrors `textAlignment` (left, center, right, justified; natural reads as left).
    open var textAlignment: NSTextAlignment {
        get {
            switch layer.style.alignment {
            case .left: .left
            case .center: .center
            case .right: .right
            case .justified: .justified
            }
        }
        set {
            layer.setStyle {
                $0.alignment = switch newValue {
                case .center: .center
                case .right: .right
                case .justified: .justified
                default: .left
                }
            }
        }
    }
}

/// Mirrors `NSTextAlignment`.
public enum NSTextAlignment: Int, Sendable {
    case left = 0, center = 1, right = 2, justified = 3, natural = 4
}
