/// Mirrors `CAEmitterLayerEmitterShape`: where particles are born, around
/// `LayerValues.emitterPosition`, sized by `emitterSize`.
public enum EmitterShape: String, Hashable, Sendable, CaseIterable {
    /// The emitter position itself.
    case point
    /// A horizontal line `emitterSize.width` long, centred on the position.
    case line
    /// A rectangle of `emitterSize`, centred on the position.
    case rectangle
    /// A circle of radius `emitterSize.width` (as Core Animation documents it), centred on the position.
    case circle
    /// Core Animation's 3-D shapes, flat here (particles have no depth): a sphere is its
    /// circle, a cuboid its rectangle.
    case sphere, cuboid
}

/// Mirrors `CAEmitterLayerEmitterMode`: which part of the shape particles are born on.
public enum EmitterMode: String, Hashable, Sendable, CaseIterable {
    /// The shape's corners: a line's two ends, a rectangle's four, a circle's centre.
    case points
    /// The outline: along a line, round a rectangle's edges, on a circle.
    case outline
    /// The inside: along a line, within a rectangle or a disc.
    case surface
    /// Core Animation's default; the inside, as `surface`, since shapes are flat.
    case volume
}

/// Mirrors `CAEmitterLayerRenderMode`: the order particles are drawn in, and how.
public enum EmitterRenderMode: String, Hashable, Sendable, CaseIterable {
    /// Cell by cell in the order of `Emitter.cells`, each cell's oldest first (Core Animation's default).
    case unordered
    /// All cells together, the oldest drawn first, so the newest are on top.
    case oldestFirst
    /// All cells together, the newest drawn first, so the oldest are on top.
    case oldestLast
    /// By depth in Core Animation; particles are flat here, so as `unordered`.
    case backToFront
    /// As `unordered`, each particle added to what lies beneath (`BlendMode.plusLighter`), as
    /// fire and glows are drawn.
    case additive
}

/// Mirrors `CAEmitterLayer`'s settings that do not animate: its cells, the shape and mode of
/// emission, the order particles are drawn in, and the seed of their randomness. A layer whose
/// `LayerStyle.emitter` is set draws particles above its own content and below its children;
/// its `emitter.` properties (`LayerValues.emitterPosition` and the rest) place and scale
/// them.
///
/// Particles are pure time (SPEC §1): particle i of cell c is born when the cell's births,
/// the integral of `cell.birthRate × emitter.birthRate` from the emitter's start, reach i
/// (t = i / birthRate at constant rates); its randomness is a hash of (`seed`, c, i) and its
/// state at any time a closed form of its age (`Emitter+Particles.swift`). Any instant is
/// evaluated alone, visiting only the particles born within the longest lifetime before it.
///
/// ```swift
/// var snow = Emitter(shape: .line, seed: 7)
/// var flake = EmitterCell(name: "flake", contents: "flake.png")
/// flake.birthRate = 30
/// flake.lifetime = 8
/// flake.velocity = 60
/// flake.emissionLongitude = .pi / 2   // down
/// snow.cells = [flake]
/// ```
public struct Emitter: Hashable, Sendable {
    /// Mirrors `emitterShape` (default `point`).
    public var shape: EmitterShape
    /// Mirrors `emitterMode` (default `volume`).
    public var mode: EmitterMode
    /// Mirrors `renderMode` (default `unordered`).
    public var renderMode: EmitterRenderMode
    /// Mirrors `CAEmitterLayer.seed`: the same seed gives the same particles.
    public var seed: UInt32
    /// Seconds the emitter has already run when the scene starts (SpriteKit's
    /// `advanceSimulationTime(_:)`; Core Animation has none): the particles born in them, as if
    /// the emitter's first values had held, are alive at time 0. 0 starts with none.
    public var prewarm: Double
    /// Mirrors `emitterCells`: what is emitted, each cell at its own rate. Cells of cells
    /// (`CAEmitterCell.emitterCells`, particles that emit) are not drawn.
    public var cells: [EmitterCell]

    /// An emitter of `cells`.
    public init(shape: EmitterShape = .point, mode: EmitterMode = .volume, renderMode: EmitterRenderMode = .unordered,
                seed: UInt32 = 0, prewarm: Double = 0, cells: [EmitterCell] = []) {
        self.shape = shape
        self.mode = mode
        self.renderMode = renderMode
        self.seed = seed
        self.prewarm = prewarm
        self.cells = cells
    }
}
