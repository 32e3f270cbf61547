import ZoetropeCore

/// Mirrors `UIVisualEffectView` with a `UIBlurEffect`: what lies beneath its bounds is blurred
/// (Zoetrope's backdrop blur). Setting `effect` inside an animations closure animates the blur's
/// radius, as UIKit animates a blur in and out; a property animator scrubbed by a drag makes
/// the seed chapter's blur that follows the finger. UIKit's materials also tint and saturate:
/// here only the blur is drawn.
open class UIVisualEffectView: UIView {
    override class var layerKind: String { "blur" }

    /// Mirrors `contentView`: where subviews go, above the blur.
    public let contentView: UIView

    /// Mirrors `init(effect:)`.
    public init(effect: UIVisualEffect?) {
        contentView = UIView(frame: .zero)
        self.effect = effect
        super.init(frame: .zero)
        layer.set(.backdropBlur, .number(Self.radius(of: effect)))
        addSubview(contentView)
    }

    /// Mirrors `effect`.
    open var effect: UIVisualEffect? {
        didSet { layer.set(.backdropBlur, .number(Self.radius(of: effect))) }
    }

    private static func radius(of effect: UIVisualEffect?) -> Double {
        (effect as? UIBlurEffect)?.radius ?? 0
    }

    /// The content view follows the bounds, as UIKit lays it out.
    open override var frame: CGRect {
        didSet { contentView.frame = CGRect(origin: .zero, size: frame.size) }
    }
}
