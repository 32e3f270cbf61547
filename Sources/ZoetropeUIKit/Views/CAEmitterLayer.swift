import ZoetropeCore

/// Mirrors `CAEmitterLayer`: particles born from a shape at `emitterPosition` by its
/// `emitterCells`, drawn above the layer's background and below its sublayers. The layer's
/// `birthRate`, `lifetime`, `velocity`, `scale` and `spin` multiply its cells' values and,
/// with `emitterPosition` and `emitterSize`, animate (inside an animations closure, or as key
/// paths of a `CABasicAnimation`); each particle takes them as they are when it is born, so
/// `birthRate = 0` stops births and leaves the particles alive to live out their lives.
///
/// Particles are pure time (Core's `Emitter`): a film's frame shows the particles of that
/// instant, computed from the seed and the emitter's history, never from the frames before.
/// The emitter's clock starts with the film (a layer added later starts emitting when it is
/// added: it is hidden before, and a hidden emitter emits nothing); the layer's own timing
/// (`beginTime`, `speed`) does not reach its particles.
///
/// ```swift
/// let snow = CAEmitterLayer()
/// snow.emitterShape = .line
/// snow.emitterPosition = CGPoint(x: 160, y: -10)
/// snow.emitterSize = CGSize(width: 320, height: 1)
/// snow.emitterCells = [flake]
/// view.layer.addSublayer(snow)
/// ```
open class CAEmitterLayer: CALayer {
    override class var layerKind: String { "emitterLayer" }

    private var givenCells: [CAEmitterCell]?

    /// Mirrors `init()`: an emitter at (0, 0) of a point, with no cells.
    public required init() {
        var style = LayerStyle()
        style.emitter = Emitter()
        super.init(shape: .rect, style: style)
    }

    /// The emitter settings, changed from the film's current time on.
    private func setEmitter(_ change: (inout Emitter) -> Void) {
        setStyle { style in
            var emitter = style.emitter ?? Emitter()
            change(&emitter)
            style.emitter = emitter
        }
    }

    private var emitter: Emitter { style.emitter ?? Emitter() }

    /// Mirrors `emitterCells`: the cells' values as they are when it is set.
    open var emitterCells: [CAEmitterCell]? {
        get { givenCells }
        set {
            givenCells = newValue
            let cells = (newValue ?? []).map(\.cell)
            setEmitter { $0.cells = cells }
        }
    }

    /// Mirrors `emitterPosition`, in the layer's coordinates; it animates.
    open var emitterPosition: CGPoint {
        get { CGPoint(vector(.emitterPosition)) }
        set { set(.emitterPosition, .vector(newValue.vector)) }
    }

    /// Mirrors `emitterSize`; it animates.
    open var emitterSize: CGSize {
        get { CGSize(vector(.emitterSize)) }
        set { set(.emitterSize, .vector(newValue.vector)) }
    }

    /// Mirrors `emitterZPosition` and `emitterDepth`: kept; particles are flat.
    open var emitterZPosition: CGFloat = 0
    open var emitterDepth: CGFloat = 0
    /// Mirrors `preservesDepth`: kept; particles are flat.
    open var preservesDepth = false

    /// Mirrors `emitterShape` (default `point`).
    open var emitterShape: CAEmitterLayerEmitterShape {
        get { CAEmitterLayerEmitterShape(rawValue: emitter.shape.rawValue) }
        set { setEmitter { $0.shape = EmitterShape(rawValue: newValue.rawValue) ?? .point } }
    }

    /// Mirrors `emitterMode` (default `volume`).
    open var emitterMode: CAEmitterLayerEmitterMode {
        get { CAEmitterLayerEmitterMode(rawValue: emitter.mode.rawValue) }
        set { setEmitter { $0.mode = EmitterMode(rawValue: newValue.rawValue) ?? .volume } }
    }

    /// Mirrors `renderMode` (default `unordered`).
    open var renderMode: CAEmitterLayerRenderMode {
        get { CAEmitterLayerRenderMode(rawValue: emitter.renderMode.rawValue) }
        set { setEmitter { $0.renderMode = EmitterRenderMode(rawValue: newValue.rawValue) ?? .unordered } }
    }

    /// Mirrors `seed`: the same seed gives the same particles.
    open var seed: UInt32 {
        get { emitter.seed }
        set { setEmitter { $0.seed = newValue } }
    }

    /// Mirrors `birthRate` (default 1): multiplies the cells' birth rates; it animates.
    open var birthRate: Float { get { multiplier(.emitterBirthRate) } set { setMultiplier(.emitterBirthRate, newValue) } }
    /// Mirrors `lifetime` (default 1): multiplies the cells' lifetimes; it animates.
    open var lifetime: Float { get { multiplier(.emitterLifetime) } set { setMultiplier(.emitterLifetime, newValue) } }
    /// Mirrors `velocity` (default 1): multiplies the cells' velocities; it animates.
    open var velocity: Float { get { multiplier(.emitterVelocity) } set { setMultiplier(.emitterVelocity, newValue) } }
    /// Mirrors `scale` (default 1): multiplies the cells' scales; it animates.
    open var scale: Float { get { multiplier(.emitterScale) } set { setMultiplier(.emitterScale, newValue) } }
    /// Mirrors `spin` (default 1): multiplies the cells' spins; it animates.
    open var spin: Float { get { multiplier(.emitterSpin) } set { setMultiplier(.emitterSpin, newValue) } }

    /// One of the multipliers, as Core Animation types them (`Float`).
    private func multiplier(_ property: LayerProperty) -> Float { Float(number(property)) }
    private func setMultiplier(_ property: LayerProperty, _ value: Float) { set(property, .number(Double(value))) }
}

/// Mirrors `CAEmitterLayerEmitterShape`, with Core Animation's raw values.
public struct CAEmitterLayerEmitterShape: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }

    public static let point = CAEmitterLayerEmitterShape(rawValue: "point")
    public static let line = CAEmitterLayerEmitterShape(rawValue: "line")
    public static let rectangle = CAEmitterLayerEmitterShape(rawValue: "rectangle")
    public static let cuboid = CAEmitterLayerEmitterShape(rawValue: "cuboid")
    public static let circle = CAEmitterLayerEmitterShape(rawValue: "circle")
    public static let sphere = CAEmitterLayerEmitterShape(rawValue: "sphere")
}

/// Mirrors `CAEmitterLayerEmitterMode`, with Core Animation's raw values.
public struct CAEmitterLayerEmitterMode: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }

    public static let points = CAEmitterLayerEmitterMode(rawValue: "points")
    public static let outline = CAEmitterLayerEmitterMode(rawValue: "outline")
    public static let surface = CAEmitterLayerEmitterMode(rawValue: "surface")
    public static let volume = CAEmitterLayerEmitterMode(rawValue: "volume")
}

/// Mirrors `CAEmitterLayerRenderMode`, with Core Animation's raw values.
public struct CAEmitterLayerRenderMode: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }

    public static let unordered = CAEmitterLayerRenderMode(rawValue: "unordered")
    public static let oldestFirst = CAEmitterLayerRenderMode(rawValue: "oldestFirst")
    public static let oldestLast = CAEmitterLayerRenderMode(rawValue: "oldestLast")
    public static let backToFront = CAEmitterLayerRenderMode(rawValue: "backToFront")
    public static let additive = CAEmitterLayerRenderMode(rawValue: "additive")
}
