import ZoetropeCore

/// Mirrors `CAReplicatorLayer`: its sublayers drawn `instanceCount` times, each copy moved
/// from the one before by `instanceTransform` (about the anchor point), its colours multiplied
/// component by component by the instance colour (`instanceColor` plus `instanceRedOffset`,
/// `instanceGreenOffset`, `instanceBlueOffset` and `instanceAlphaOffset` for each copy before
/// it, each clamped to 0…1), and showing its sublayers `instanceDelay` seconds later than the
/// copy before (copy i is the sublayers as they were i delays earlier). `instanceCount`,
/// `instanceColor` and the offsets animate (`CABasicAnimation(keyPath: "instanceRedOffset")`,
/// or in animation blocks), and so do the transform's parts.
///
/// Differences: `instanceTransform` keeps its 2D part (a translation, a rotation and a scale).
///
/// ```swift
/// let row = CAReplicatorLayer()
/// row.instanceCount = 8
/// row.instanceTransform = CATransform3DMakeTranslation(24, 0, 0)
/// row.instanceColor = UIColor.white.cgColor
/// row.instanceRedOffset = -0.1     // white, then bluer and bluer
/// row.instanceGreenOffset = -0.1
/// row.addSublayer(dot)
/// ```
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

    /// Mirrors `instanceColor` (default opaque white; nil is white): the first copy's colours
    /// are multiplied by it, component by component.
    open var instanceColor: CGColor? {
        get {
            var color = color(.replicatorColor)
            color.alpha *= number(.replicatorOpacity)
            return CGColor(color)
        }
        set { set(.replicatorColor, .color(newValue?.color ?? .white)) }
    }

    /// Mirrors `instanceRedOffset`: added to the instance colour's red for each copy.
    open var instanceRedOffset: Float {
        get { Float(number(.replicatorRedOffset)) }
        set { set(.replicatorRedOffset, .number(Double(newValue))) }
    }

    /// Mirrors `instanceGreenOffset`: added to the instance colour's green for each copy.
    open var instanceGreenOffset: Float {
        get { Float(number(.replicatorGreenOffset)) }
        set { set(.replicatorGreenOffset, .number(Double(newValue))) }
    }

    /// Mirrors `instanceBlueOffset`: added to the instance colour's blue for each copy.
    open var instanceBlueOffset: Float {
        get { Float(number(.replicatorBlueOffset)) }
        set { set(.replicatorBlueOffset, .number(Double(newValue))) }
    }

    /// Mirrors `instanceAlphaOffset`: added to the instance colour's alpha for each copy.
    open var instanceAlphaOffset: Float {
        get { Float(number(.replicatorAlphaOffset)) }
        set { set(.replicatorAlphaOffset, .number(Double(newValue))) }
    }
    /// Mirrors `preservesDepth`: kept; copies are flattened into the layer's plane.
    open var preservesDepth = false
}
