/// What is on screen at one instant: the layer tree with every property's presentation value.
public struct PresentationTree: Sendable {
    /// The instant, in seconds.
    public let time: Double
    public let canvas: Canvas
    /// The scene's layers (structure and the properties that do not animate).
    public let layers: LayerTree
    /// Presentation values by layer index.
    public let values: [LayerValues]
    /// For a replicator with an `instanceDelay` (by its index): the values of every layer as
    /// copy 1, 2, … of its children shows them, each that many delays earlier.
    public let delayedCopies: [Int: [[LayerValues]]]
    /// The history of each emitting layer's `emitter.` values (`SceneEvaluation` records them),
    /// by layer index: what its particles read at birth. An emitter without one draws as if its
    /// values at `time` had always held.
    public let emissions: [Int: EmissionHistory]

    public init(time: Double, canvas: Canvas, layers: LayerTree, values: [LayerValues], delayedCopies: [Int: [[LayerValues]]] = [:],
                emissions: [Int: EmissionHistory] = [:]) {
        self.time = time
        self.canvas = canvas
        self.layers = layers
        self.values = values
        self.delayedCopies = delayedCopies
        self.emissions = emissions
    }

    /// The tree copy `copy` of replicator `replicator`'s children is drawn from: its values
    /// `copy` delays earlier (this tree for copy 0, or without a delay).
    public func copy(_ copy: Int, of replicator: Int) -> PresentationTree {
        guard copy > 0, let copies = delayedCopies[replicator], !copies.isEmpty else { return self }
        return PresentationTree(time: time, canvas: canvas, layers: layers, values: copies[min(copy, copies.count) - 1],
                                delayedCopies: delayedCopies, emissions: emissions)
    }

    /// True when `other` would draw the same picture (same values, same canvas); the time may
    /// differ only where no layer emits particles, which move with time alone.
    public func drawsSame(as other: PresentationTree) -> Bool {
        canvas == other.canvas && values == other.values && layers == other.layers && delayedCopies == other.delayedCopies
            && (time == other.time || !layers.nodes.contains { $0.style.emitter != nil })
    }

    /// The emission history of the emitting layer at `index`: the recorded one, or its values
    /// now as if they had always held.
    public func emission(of index: Int) -> EmissionHistory {
        emissions[index] ?? EmissionHistory(EmissionHistory.Sample(values[index]))
    }
}

/// An animator's, group's or timeline's observable state at an instant, as `zoetrope sample`
/// reports it. A target driven by an active timeline reports that timeline's state, running and
/// reversed flags, and its own local fraction (SPEC §3.5).
public struct AnimatorStatus: Hashable, Sendable {
    /// The animator or group this is the state of.
    public var target: ControlTarget
    public var id: String
    public var state: AnimatingState
    public var isRunning: Bool
    public var isReversed: Bool
    public var fractionComplete: Double
    /// A group's or timeline's playhead, in seconds of its own time; nil for an animator.
    public var playhead: Double?

    public init(target: ControlTarget, id: String, state: AnimatingState, isRunning: Bool, isReversed: Bool,
                fractionComplete: Double, playhead: Double? = nil) {
        self.target = target
        self.id = id
        self.state = state
        self.isRunning = isRunning
        self.isReversed = isReversed
        self.fractionComplete = fractionComplete
        self.playhead = playhead
    }
}

/// A completion handler call: which animator or group, where it ended, when.
public struct CompletionRecord: Hashable, Sendable {
    /// The animator or group that completed.
    public var target: ControlTarget
    /// Its id.
    public var animator: String
    public var position: AnimatingPosition
    public var time: Double

    public init(target: ControlTarget, animator: String, position: AnimatingPosition, time: Double) {
        self.target = target
        self.animator = animator
        self.position = position
        self.time = time
    }
}

/// An illegal script event or completion action, with where it was written.
public struct ScriptDiagnostic: Error, Hashable, Sendable, CustomStringConvertible {
    /// `script[7]`, `animators[0].completions[1]`.
    public var path: String
    public var message: String

    public var description: String { "\(path): \(message)" }
}
