import ZoetropeCore

/// Mirrors `UIImageView`: a PNG drawn in the view's bounds as its `contentMode` says.
open class UIImageView: UIView {
    override class var layerShape: Shape { .image }
    override class var layerKind: String { "image" }

    /// Mirrors `init(image:)`: a view the image's size.
    public convenience init(image: UIImage?) {
        self.init(frame: CGRect(origin: .zero, size: image?.size ?? .zero))
        self.image = image
    }

    /// Mirrors `image`.
    open var image: UIImage? {
        get { let path = layer.text(.image); return path.isEmpty ? nil : UIImage(contentsOfFile: path) }
        set { layer.set(.image, .text(newValue?.path ?? "")) }
    }

    /// Mirrors `contentMode` for images: scale to fill, aspect fit, aspect fill.
    open var contentMode: UIView.ContentMode {
        get {
            switch layer.style.contentMode {
            case .fill: .scaleToFill
            case .aspectFit: .scaleAspectFit
            case .aspectFill: .scaleAspectFill
            }
        }
        set {
            layer.setStyle {
                $0.contentMode = switch newValue {
                case .scaleAspectFit: .aspectFit
                case .scaleAspectFill: .aspectFill
                default: .fill
                }
            }
        }
    }
}

extension UIView {
    /// Mirrors `UIView.ContentMode` (only the first three change how an image is drawn here).
    public enum ContentMode: Int, Sendable {
        case scaleToFill = 0, scaleAspectFit, scaleAspectFill, redraw, center, top, bottom, left, right
        case topLeft, topRight, bottomLeft, bottomRight
    }
}
