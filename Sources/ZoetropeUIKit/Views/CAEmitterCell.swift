import ZoetropeCore

/// Mirrors `CAEmitterCell`: one kind of particle a `CAEmitterLayer` emits. Its properties are
/// Core Animation's, with their types and defaults (it emits nothing until its `birthRate` is
/// set; its particles are white, at scale 1). Each `…Range` is "plus or minus", each
/// `…Speed` a change per second (Core's `EmitterCell` says exactly how a particle uses them).
///
/// An emitter layer takes its cells' values when its `emitterCells` is set, as Core Animation
/// takes a copy when the layer is committed: change a cell later and set the array again.
/// Not drawn: `emitterCells` of a cell (particles that emit), `zAcceleration`, `contentsRect`.
///
/// ```swift
/// let flake = CAEmitterCell()
/// flake.contents = UIImage(named: "flake")?.cgImage
/// flake.birthRate = 30
/// flake.lifetime = 8
/// flake.velocity = 60
/// flake.emissionLongitude = .pi / 2
/// snow.emitterCells = [flake]
/// ```
@MainActor
open class CAEmitterCell {
    /// What the cell is, as Core's emitter reads it.
    private(set) var cell = EmitterCell()
    private var givenContents: Any?
    private var givenColor: CGColor?

    /// Mirrors `init()`.
    public init() {}

    /// Mirrors `name`.
    open var name: String? {
        get { cell.name.isEmpty ? nil : cell.name }
        set { cell.name = newValue ?? "" }
    }

    /// Mirrors `isEnabled`.
    open var isEnabled: Bool {
        get { cell.isEnabled }
        set { cell.isEnabled = newValue }
    }

    /// Mirrors `contents`: a `CGImage` (`UIImage.cgImage`); a `UIImage` is taken as its
    /// `cgImage`. Anything else draws nothing.
    open var contents: Any? {
        get { givenContents }
        set {
            givenContents = newValue
            let image = (newValue as? CGImage) ?? (newValue as? UIImage)?.cgImage
            cell.contents = image?.source ?? ""
        }
    }

    /// Mirrors `color` (default white): multiplies the contents' colour.
    open var color: CGColor? {
        get { givenColor ?? UIColor(cell.color).cgColor }
        set {
            givenColor = newValue
            cell.color = newValue.map { UIColor(cgColor: $0).color } ?? .white
        }
    }

    /// Mirrors `emitterCells`: kept, not drawn (particles here do not emit).
    open var emitterCells: [CAEmitterCell]?

    /// Mirrors `contentsScale`: kept; a particle's image is drawn a pixel a point.
    open var contentsScale: CGFloat = 1
    /// Mirrors `zAcceleration`: kept; particles are flat.
    open var zAcceleration: CGFloat = 0

    /// Mirrors `birthRate`: particles per second.
    open var birthRate: Float { get { Float(cell.birthRate) } set { cell.birthRate = Double(newValue) } }
    /// Mirrors `lifetime` and `lifetimeRange`, in seconds.
    open var lifetime: Float { get { Float(cell.lifetime) } set { cell.lifetime = Double(newValue) } }
    open var lifetimeRange: Float { get { Float(cell.lifetimeRange) } set { cell.lifetimeRange = Double(newValue) } }
    /// Mirrors `velocity` and `velocityRange`, in points per second.
    open var velocity: CGFloat { get { CGFloat(cell.velocity) } set { cell.velocity = Double(newValue) } }
    open var velocityRange: CGFloat { get { CGFloat(cell.velocityRange) } set { cell.velocityRange = Double(newValue) } }
    /// Mirrors `emissionLatitude`, `emissionLongitude` and `emissionRange`, in radians.
    open var emissionLatitude: CGFloat { get { CGFloat(cell.emissionLatitude) } set { cell.emissionLatitude = Double(newValue) } }
    open var emissionLongitude: CGFloat { get { CGFloat(cell.emissionLongitude) } set { cell.emissionLongitude = Double(newValue) } }
    open var emissionRange: CGFloat { get { CGFloat(cell.emissionRange) } set { cell.emissionRange = Double(newValue) } }
    /// Mirrors `xAcceleration` and `yAcceleration`, in points per second².
    open var xAcceleration: CGFloat { get { CGFloat(cell.xAcceleration) } set { cell.xAcceleration = Double(newValue) } }
    open var yAcceleration: CGFloat { get { CGFloat(cell.yAcceleration) } set { cell.yAcceleration = Double(newValue) } }
    /// Mirrors `spin` and `spinRange`, in radians per second.
    open var spin: CGFloat { get { CGFloat(cell.spin) } set { cell.spin = Double(newValue) } }
    open var spinRange: CGFloat { get { CGFloat(cell.spinRange) } set { cell.spinRange = Double(newValue) } }
    /// Mirrors `scale`, `scaleRange` and `scaleSpeed`.
    open var scale: CGFloat { get { CGFloat(cell.scale) } set { cell.scale = Double(newValue) } }
    open var scaleRange: CGFloat { get { CGFloat(cell.scaleRange) } set { cell.scaleRange = Double(newValue) } }
    open var scaleSpeed: CGFloat { get { CGFloat(cell.scaleSpeed) } set { cell.scaleSpeed = Double(newValue) } }
    /// Mirrors `redRange`, `greenRange`, `blueRange` and `alphaRange`.
    open var redRange: Float { get { Float(cell.redRange) } set { cell.redRange = Double(newValue) } }
    open var greenRange: Float { get { Float(cell.greenRange) } set { cell.greenRange = Double(newValue) } }
    open var blueRange: Float { get { Float(cell.blueRange) } set { cell.blueRange = Double(newValue) } }
    open var alphaRange: Float { get { Float(cell.alphaRange) } set { cell.alphaRange = Double(newValue) } }
    /// Mirrors `redSpeed`, `greenSpeed`, `blueSpeed` and `alphaSpeed`, per second.
    open var redSpeed: Float { get { Float(cell.redSpeed) } set { cell.redSpeed = Double(newValue) } }
    open var greenSpeed: Float { get { Float(cell.greenSpeed) } set { cell.greenSpeed = Double(newValue) } }
    open var blueSpeed: Float { get { Float(cell.blueSpeed) } set { cell.blueSpeed = Double(newValue) } }
    open var alphaSpeed: Float { get { Float(cell.alphaSpeed) } set { cell.alphaSpeed = Double(newValue) } }
    /// Mirrors `beginTime` and `duration` (`CAMediaTiming`): the cell emits from `beginTime`,
    /// in its emitter's seconds, for `duration` seconds (0: for ever).
    open var beginTime: CFTimeInterval { get { cell.beginTime } set { cell.beginTime = newValue } }
    open var duration: CFTimeInterval { get { cell.duration } set { cell.duration = newValue } }
}
