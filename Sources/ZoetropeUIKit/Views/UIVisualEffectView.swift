import ZoetropeCore

/// Mirrors `UIVisualEffectView` with a `UIBlurEffect`: what lies beneath its bounds is blurred
/// (Zoetrope's backdrop blur) under the style's tint (the layer's fill). Setting `effect`
/// inside an animations closure animates both, from no blur and a clear tint (`nil`) to the
/// style's, as UIKit animates a blur in and out; a property animator scrubbed by a drag makes
/// the seed chapter's blur that follows the finger. UIKit's materials also saturate and
/// vibrancy-tint their content: here the blur and one tint colour are drawn.
open class UIVisualEffectView: UIView {
    override class var layerKind: String { "blur" }

    /// Mirrors `contentView`: where subviews go, above the blur.
    public let contentView: UIView

    /// Mirrors `init(effect:)`.
    public init(effect: UIVisualEffect?) {
        contentView = UIView(frame: .zero)
        self.effect = effect
        super.init(frame: .zero)
        show(effect)
        addSubview(contentView)
    }

    /// Mirrors `init(coder:)`: a view with no effect (there are no archives).
    public required init?(coder: NSCoder) {
        contentView = UIView(frame: .zero)
        effect = nil
        super.init(coder: coder)
        show(nil)
        addSubview(contentView)
    }

    /// Mirrors `effect`.
    open var effect: UIVisualEffect? {
        didSet { show(effect) }
    }

    /// Sets the blur and tint `effect` draws (recorded as animations inside an animations closure).
    private func show(_ effect: UIVisualEffect?) {
        let blur = effect as? UIBlurEffect
        layer.set(.backdropBlur, .number(blur?.radius ?? 0))
        layer.set(.fill, .color(blur?.tint ?? .clear))
    }

    /// The content view follows the bounds, as UIKit lays it out.
    open override var frame: CGRect {
        didSet { contentView.frame = CGRect(origin: .zero, size: frame.size) }
    }
}
