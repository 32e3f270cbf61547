import ZoetropeCore

/// Mirrors `UIImageView`: an image drawn in the view's bounds as its `contentMode` says. A PNG is
/// the layer's image; a vector image's layers are drawn under the view's layer, in a group named
/// after the image (`frogArt`), placed when the image is set. An image that was shown before
/// and is shown again is the same group, shown again, so a film's scene keeps one per image.
open class UIImageView: UIView {
    override class var layerShape: Shape { .image }
    override class var layerKind: String { "image" }

    /// What `animationImages`, `animationDuration` and `animationRepeatCount` were set to.
    var frames: (images: [UIImage]?, duration: TimeInterval, repeatCount: Int) = (nil, 0, 0)
    /// The image set last.
    private var current: UIImage?
    /// The vector images drawn so far on the film, with the stage index of each one's group.
    private var drawings: [(image: UIImage, layer: Int)] = []

    /// Mirrors `init(image:)`: a view the image's size.
    public convenience init(image: UIImage?) {
        self.init(frame: CGRect(origin: .zero, size: image?.size ?? .zero))
        self.image = image
    }

    /// Mirrors `image`. Setting it never animates (as in UIKit, outside `transition(with:)`).
    open var image: UIImage? {
        get { current }
        set {
            current = newValue
            let path = newValue?.path ?? ""
            if layer.text(.image) != path { UIView.performWithoutAnimation { layer.set(.image, .text(path)) } }
            showDrawing()
            invalidateIntrinsicContentSize()
        }
    }

    /// Mirrors `intrinsicContentSize`: the image's size; none without an image.
    open override var intrinsicContentSize: CGSize {
        current?.size ?? CGSize(width: UIView.noIntrinsicMetric, height: UIView.noIntrinsicMetric)
    }

    /// Mirrors `snapshotView(afterScreenUpdates:)`: a copy that shows the same image (a vector
    /// image's drawing is the image's, not a subview, so the copy draws it again).
    open override func snapshotView(afterScreenUpdates afterUpdates: Bool) -> UIView? {
        let copy = UIImageView(layer: layer.detachedCopy())
        copy.current = current
        copy.isHidden = isHidden
        for subview in subviews {
            if let snapshot = subview.snapshotView(afterScreenUpdates: afterUpdates) { copy.addSubview(snapshot) }
        }
        return copy
    }

    override func placed() {
        drawings = []
        showDrawing()
    }

    /// Shows the current image's drawing (added the first time) and hides the others.
    private func showDrawing() {
        guard let (film, index) = layer.placement else { return }
        var changes: [PropertyAssignment] = []
        for drawing in drawings {
            changes.append(PropertyAssignment(PropertyTarget(layer: drawing.layer, property: .hidden), .flag(drawing.image !== current)))
        }
        film.stage.set(changes)
        guard let current, !current.drawing.isEmpty, !drawings.contains(where: { $0.image === current }) else { return }
        let size = bounds.size, fit = CGSize(width: size.width / max(current.size.width, 1), height: size.height / max(current.size.height, 1))
        let scale = switch contentMode {
        case .scaleAspectFit: Vector2(min(fit.width, fit.height), min(fit.width, fit.height))
        case .scaleAspectFill: Vector2(max(fit.width, fit.height), max(fit.width, fit.height))
        default: Vector2(fit.width, fit.height)
        }
        var values = LayerValues()
        values.position = Vector2(size.width / 2, size.height / 2)
        values.size = current.size.vector
        values.scale = scale
        let group = Layer(id: current.name + "Art", shape: .group, values: values, children: current.drawing)
        drawings.append((current, film.stage.addLayer(film.uniquelyNamed(group), parent: index)))
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

extension UIImageView {
    /// Mirrors `animationImages`: the frames `startAnimating()` shows in turn (PNG files or
    /// drawn images; a vector image's drawing is not animated).
    public var animationImages: [UIImage]? {
        get { frames.images }
        set { frames.images = newValue }
    }

    /// Mirrors `animationDuration`: one cycle, in seconds (0: a thirtieth of a second per image).
    public var animationDuration: TimeInterval {
        get { frames.duration }
        set { frames.duration = newValue }
    }

    /// Mirrors `animationRepeatCount` (0: forever).
    public var animationRepeatCount: Int {
        get { frames.repeatCount }
        set { frames.repeatCount = newValue }
    }

    /// Mirrors `isAnimating`.
    public var isAnimating: Bool { layer.animation(forKey: UIImageView.framesKey) != nil }

    /// Mirrors `startAnimating()`: a discrete keyframe animation of the layer's contents, as
    /// UIKit runs it, from the film's current time.
    public func startAnimating() {
        guard let images = frames.images, !images.isEmpty else { return }
        let cycle = CAKeyframeAnimation(keyPath: "contents")
        cycle.values = images
        cycle.calculationMode = .discrete
        cycle.duration = frames.duration > 0 ? frames.duration : Double(images.count) / 30
        cycle.repeatCount = frames.repeatCount > 0 ? Float(frames.repeatCount) : .infinity
        layer.add(cycle, forKey: UIImageView.framesKey)
    }

    /// Mirrors `stopAnimating()`: the image shows again.
    public func stopAnimating() {
        layer.removeAnimation(forKey: UIImageView.framesKey)
    }

    /// The key of the frame animation on the layer.
    static let framesKey = "UIImageViewAnimation"
}
