import ZoetropeCore

/// Mirrors `CAReplicatorLayer`: its sublayers drawn `instanceCount` times, each copy moved
/// from the one before by `instanceTransform` (about the anchor point), at an alpha of
/// `instanceColor`'s plus `instanceAlphaOffset` for each copy before it, and showing its
/// sublayers `instanceDelay` seconds later than the copy before (copy i is the sublayers as
/// they were i delays earlier). `instanceCount`, the transform's parts, the alpha and its
/// offset animate.
///
/// Differences: the instance colour's and offsets' red, green and blue are not applied (only
/// alpha is); `instanceTransform` keeps its 2D part (a translation, a rotation and a scale).
///
/// ```swift
/// let meter = CAReplicatorLayer()
/// meter.instanceCount = 30
/// meter.instanceTransform = CATransform3DMakeTranslation(20, 0, 0)
/// meter.instanceDelay = 0.02
/// meter.addSublayer(bar)
/// ```
open class CAReplicatorLayer: CALayer {
    override class var layerKind: String { "replicatorLayer" }

    /// Mirrors `init()`.
    public required init() {
        super.init(shape: .group)
    }

    /// Mirrors `instanceCount` (default 1).
    open var instanceCount: Int {
        get { Int(saturating: number(.replicatorCount), rounding: .down) }
        set { set(.replicatorCount, .number(Double(min(max(newValue, 0), SceneLimits.instances)))) }
    }

    /// Mirrors `instanceTransform`: its 2D part, kept as a translation, a rotation and a scale.
    open var instanceTransform: CATransform3D {
        get {
            CATransform3DMakeAffineTransform(CGAffineTransform(translation: vector(.replicatorTranslation), rotation: number(.replicatorRotation),
                                                               scale: vector(.replicatorScale)))
        }
        set {
            let parts = newValue.affine.parts
            set(.replicatorTranslation, .vector(parts.translation))
            set(.replicatorRotation, .number(parts.rotation))
            set(.replicatorScale, .vector(parts.scale))
        }
    }

    /// Mirrors `instanceDelay`, in seconds.
    open var instanceDelay: CFTimeInterval {
        get { number(.replicatorDelay) }
        set { set(.replicatorDelay, .number(min(max(newValue, 0), SceneLimits.duration))) }
    }

    /// Mirrors `instanceColor`: its alpha is the first copy's (its red, green and blue are not applied).
    open var instanceColor: CGColor? {
        get { UIColor(white: 1, alpha: CGFloat(number(.replicatorOpacity))).cgColor }
        set { set(.replicatorOpacity, .number(newValue.map { Double($0.alpha) } ?? 1)) }
    }

    /// Mirrors `instanceAlphaOffset`.
    open var instanceAlphaOffset: Float {
        get { Float(number(.replicatorAlphaOffset)) }
        set { set(.replicatorAlphaOffset, .number(Double(newValue))) }
    }

    /// Mirrors `instanceRedOffset`: kept, not applied.
    open var instanceRedOffset: Float = 0
    /// Mirrors `instanceGreenOffset`: kept, not applied.
    open var instanceGreenOffset: Float = 0
    /// Mirrors `instanceBlueOffset`: kept, not applied.
    open var instanceBlueOffset: Float = 0
    /// Mirrors `preservesDepth`: kept; copies are flattened into the layer's plane.
    open var preservesDepth = false
}
