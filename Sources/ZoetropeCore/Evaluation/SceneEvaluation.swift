/// A scene's whole history, computed once: the script and every completion processed in time
/// order, so the presentation at any instant is a lookup plus a few curve evaluations.
///
/// Events at the same time run in file order; a completion at time t runs before an event at t
/// (the animation had already ended), and its actions run at t, between frames.
///
/// ```swift
/// let evaluation = SceneEvaluation(scene: scene, horizon: 4)
/// let tree = evaluation.presentation(at: 1.5)
/// ```
public struct SceneEvaluation: Sendable {
    public let scene: Scene
    /// The state in force from each time on, in time order; the first is at −∞.
    private var history: [(time: Double, world: WorldState)]
    /// Every completion handler call, in order.
    public private(set) var completions: [CompletionRecord] = []
    /// Illegal events and actions; each was skipped and the script went on.
    public private(set) var diagnostics: [ScriptDiagnostic] = []
    /// When the last animator became inactive or the last event ran (0 when nothing happens);
    /// the length of a `duration: auto` render. Capped at the horizon.
    public private(set) var settledTime = 0.0

    /// The most happenings one scene may have before evaluation gives up (a completion that
    /// restarts its own animator forever, say).
    public static let maximumSteps = 100_000

    /// Runs the script of `scene` up to `horizon` seconds (events after it are ignored, and
    /// completions after it are not processed).
    public init(scene: Scene, horizon: Double) {
        self.scene = scene
        let initial = WorldState(model: scene.layers.initialValues,
                                 animators: scene.animators.map(AnimatorState.init(definition:)),
                                 animations: [])
        history = [(-.infinity, initial)]
        run(until: horizon)
    }

    // MARK: - Reading

    /// The presentation tree at `time` (the state after every happening at or before `time`).
    public func presentation(at time: Double) -> PresentationTree {
        PresentationTree(time: time, canvas: scene.canvas, layers: scene.layers,
                         values: world(at: time).presentation(at: time, colorSpace: scene.colorSpace))
    }

    /// Every animator's state at `time`, in declaration order.
    public func animatorStatus(at time: Double) -> [AnimatorStatus] {
        let world = world(at: time)
        return zip(scene.animators, world.animators).map { definition, state in
            AnimatorStatus(id: definition.id, state: state.state, isRunning: state.isRunning,
                           isReversed: state.isReversed, fractionComplete: state.fractionComplete(at: time))
        }
    }

    private func world(at time: Double) -> WorldState {
        // The last entry whose time is ≤ `time`.
        var low = 0, high = history.count - 1
        while low < high {
            let mid = (low + high + 1) / 2
            if history[mid].time <= time { low = mid } else { high = mid - 1 }
        }
        return history[low].world
    }

    // MARK: - Running the script

    private mutating func run(until horizon: Double) {
        let events = scene.script.enumerated()
            .sorted { ($0.element.time, $0.offset) < ($1.element.time, $1.offset) }
            .map(\.element)
        var world = history[0].world
        var next = 0
        var steps = 0
        while steps < Self.maximumSteps {
            steps += 1
            let ending = world.animators.enumerated()
                .compactMap { index, state in state.naturalEndTime.map { (time: $0, animator: index) } }
                .min { ($0.time, $0.animator) < ($1.time, $1.animator) }
            let eventTime = next < events.count ? events[next].time : .infinity
            let time: Double
            if let ending, ending.time <= eventTime {
                guard ending.time <= horizon else { break }
                time = ending.time
                complete(ending.animator, at: time, in: &world)
            } else if next < events.count, eventTime <= horizon {
                time = eventTime
                perform(events[next].action, at: time, path: events[next].path, in: &world)
                next += 1
            } else {
                break
            }
            record(world, at: time)
        }
        if steps >= Self.maximumSteps {
            diagnostics.append(ScriptDiagnostic(
                path: "script",
                message: "the script does not settle: over \(Self.maximumSteps) events and completions before \(horizon) s (does a completion restart its own animator?)"))
        }
        let stillRunning = world.animators.contains { $0.isRunning }
        settledTime = stillRunning ? horizon : max(0, history.last.map(\.time) ?? 0)
    }

    private mutating func record(_ world: WorldState, at time: Double) {
        if history[history.count - 1].time == time {
            history[history.count - 1].world = world
        } else {
            history.append((time, world))
        }
    }

    /// A running animator reached its end in its current direction.
    private mutating func complete(_ animator: Int, at time: Double, in world: inout WorldState) {
        let definition = scene.animators[animator]
        let position: AnimatingPosition = world.animators[animator].isReversed ? .start : .end
        for animation in world.animations where animation.animator == animator && position == .start {
            world.model[animation.layer][animation.property] = animation.from
        }
        world.animations.removeAll { $0.animator == animator }
        world.animators[animator].becomeInactive(definition: definition)
        completions.append(CompletionRecord(animator: definition.id, position: position, time: time))
        for completion in definition.completions where completion.position == nil || completion.position == position {
            for action in completion.actions {
                perform(action, at: time, path: completion.path, in: &world)
            }
        }
    }

    private mutating func perform(_ action: ScriptAction, at time: Double, path: String,
                                  in world: inout WorldState) {
        switch action {
        case let .start(animator, delay):
            let wasInactive = world.animators[animator].state == .inactive
            do {
                try world.animators[animator].start(at: time, delay: delay)
            } catch {
                fail(path, time, "start", animator, error)
                return
            }
            if wasInactive { runBlocks(of: animator, at: time, in: &world) }
        case let .set(assignments):
            for assignment in assignments {
                let target = assignment.target
                let current = world.model[target.layer][target.property]
                world.model[target.layer][target.property] = assignment.resolvedValue(from: current)
            }
        }
    }

    /// Mirrors what `startAnimation()` does with the stored blocks: each assignment sets the
    /// model and animates from the value before it (SPEC §3.3 decides how).
    private func runBlocks(of animator: Int, at time: Double, in world: inout WorldState) {
        for block in scene.animators[animator].blocks {
            for assignment in block.assignments {
                let (layer, property) = (assignment.target.layer, assignment.target.property)
                let model = world.model[layer][property]
                let target = assignment.resolvedValue(from: model)
                var from = model
                if property.composition != .additive {
                    from = world.presentation(of: layer, property, at: time, colorSpace: scene.colorSpace)
                    world.animations.removeAll { $0.layer == layer && $0.property == property }
                }
                world.model[layer][property] = target
                guard from != target else { continue }
                world.animations.append(RunningAnimation(layer: layer, property: property, from: from, to: target,
                                                         animator: animator, delayFactor: block.delayFactor))
            }
        }
    }

    private mutating func fail(_ path: String, _ time: Double, _ call: String, _ animator: Int, _ error: AnimatorCallError) {
        diagnostics.append(ScriptDiagnostic(
            path: "\(path) (\(time) s)",
            message: "\(call) \"\(scene.animators[animator].id)\": \(error)"))
    }
}
