/// Writes each emitter layer's `EmissionHistory` while `SceneEvaluation` steps through a
/// scene's script: after each step, a sample of the world as it is until the next step, and
/// more every `EmissionHistory.step(horizon:)` while an animation drives the emitter.
struct EmissionRecorder {
    /// The histories so far, by layer.
    private(set) var histories: [Int: EmissionHistory] = [:]
    /// The layers that emit: an emitter in their style at the start or set by a `restyle`.
    private let layers: [Int]
    private let step: Double
    private let horizon: Double

    init(scene: Scene, horizon: Double) {
        var emitting = Set(scene.layers.nodes.indices.filter { scene.layers.nodes[$0].style.emitter != nil })
        for event in scene.script {
            if case let .restyle(layer, style) = event.action, style.emitter != nil { emitting.insert(layer) }
        }
        layers = emitting.sorted()
        step = EmissionHistory.step(horizon: horizon)
        self.horizon = horizon
    }

    /// True when the scene has no emitter: nothing to record.
    var isEmpty: Bool { layers.isEmpty }

    /// Records the world of `stage` from its time until `end` (the next step's time).
    mutating func record(_ stage: Stage, until end: Double) {
        let start = stage.time
        for layer in layers where stage.layers.nodes.indices.contains(layer) {
            record(sample(of: layer, in: stage, at: start), of: layer, at: start)
            guard animates(layer, in: stage.world) else { continue }
            let last = min(end, horizon)
            var k = (start / step).rounded(.down) + 1
            while k * step < last {
                record(sample(of: layer, in: stage, at: k * step), of: layer, at: k * step)
                k += 1
            }
        }
    }

    private mutating func record(_ sample: EmissionHistory.Sample, of layer: Int, at time: Double) {
        if histories[layer] == nil {
            // Before its first step the emitter has its first values.
            histories[layer] = EmissionHistory(sample)
        }
        histories[layer]?.append(sample, at: max(time, 0))
    }

    /// The emitter values `layer` shows at `time` in the world of `stage`.
    private func sample(of layer: Int, in stage: Stage, at time: Double) -> EmissionHistory.Sample {
        var values = LayerValues()
        for property in EmissionHistory.properties {
            values[property] = stage.world.presentation(of: layer, property, at: time, colorSpace: stage.colorSpace, layers: stage.layers)
        }
        return EmissionHistory.Sample(values)
    }

    /// Whether an animation (an animator's, a finger's or a layer animation) drives one of the
    /// properties a sample reads.
    private func animates(_ layer: Int, in world: WorldState) -> Bool {
        EmissionHistory.properties.contains { !world.animations.slots(of: layer, $0).isEmpty }
            || world.layerAnimations.contains { attached in
                attached.layer == layer && attached.animation.targets.contains { EmissionHistory.properties.contains($0.property) }
            }
    }
}
