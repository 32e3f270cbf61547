/// A scene's whole history, computed once: the script and every completion processed in time
/// order on a `Stage`, so the presentation at any instant is a lookup plus a few curve
/// evaluations.
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
    /// Which groups drive which targets.
    package let graph: ControlGraph
    /// The script in the order it runs: by time, then as written.
    private let events: [ScriptEvent]
    private let horizon: Double
    /// Stages saved along the way, in step order; the first is the stage before any step.
    /// The world at a time is a saved stage stepped on to that time (see `stage(at:)`).
    private var checkpoints: [Checkpoint] = []
    /// How many steps the evaluation took (a replay never goes past it).
    private var stepCount = 0
    /// Every completion handler call, in order.
    public private(set) var completions: [CompletionRecord] = []
    /// Every layer animation that stopped (ended, or was removed or replaced first), in order.
    public private(set) var layerAnimationStops: [LayerAnimationStop] = []
    /// Illegal events and completion actions; each was skipped and the script went on.
    public private(set) var diagnostics: [ScriptDiagnostic] = []
    /// When the last animator stopped running or the last event ran (0 when nothing happens);
    /// the length of a `duration: auto` render. The horizon when an animator is still running.
    public private(set) var settledTime = 0.0

    /// Each emitting layer's history, recorded along the script (see `EmissionHistory`).
    private var emissions: [Int: EmissionHistory] = [:]

    /// The fewest ends and crossings (script events not counted) one scene may have before
    /// evaluation gives up (a completion that restarts its own animator forever, say); a scene
    /// with many events, animators or driven targets may have more (see `happeningBudget`).
    public static let maximumSteps = 100_000

    /// Checkpoints saved after every step until there are this many (a stage each).
    private static let firstCheckpoints = 8

    /// A stage after some step, with where the script had got to.
    private struct Checkpoint: Sendable {
        var stage: Stage
        /// The script events already run.
        var next: Int
        /// Steps taken.
        var step: Int
        /// The time of its last step (−∞ before the first).
        var time: Double
        /// The time of the step after it (∞ when none): until then, its world is the world.
        var nextStepTime: Double
    }

    /// Runs the script of `scene` up to `horizon` seconds (later events and ends are not processed).
    ///
    /// Each step (an event, an end, a crossing) costs what it changes. The stage is saved when
    /// time moves on and the steps since the last save are about as many as the world is large
    /// (every step for a small scene), so saved worlds take memory in proportion to the steps,
    /// and any instant is at most that many steps from a saved one.
    public init(scene: Scene, horizon: Double) {
        self.scene = scene
        self.horizon = horizon
        var stage = Stage(scene: scene)
        graph = stage.graph
        events = scene.script.enumerated()
            .sorted { ($0.element.time, $0.offset) < ($1.element.time, $1.offset) }
            .map(\.element)
        let budget = Self.happeningBudget(for: scene, graph: graph)
        let spacing = max(1, (scene.animators.count + scene.groups.count + scene.layers.nodes.count) / 4)
        var next = 0, happenings = 0, lastTime = -Double.infinity
        checkpoints = [Checkpoint(stage: stage, next: 0, step: 0, time: -.infinity,
                                  nextStepTime: Self.peekTime(stage, events: events, next: 0, horizon: horizon) ?? .infinity)]
        var eventDiagnostics: [ScriptDiagnostic] = [], handlerDiagnostics: [ScriptDiagnostic] = []
        var emission = EmissionRecorder(scene: scene, horizon: horizon)
        if !emission.isEmpty { emission.record(stage, until: checkpoints[0].nextStepTime) }
        while let time = Self.step(&stage, events: events, next: &next, horizon: horizon,
                                   diagnostics: &eventDiagnostics, happenings: &happenings) {
            stepCount += 1
            if !emission.isEmpty {
                emission.record(stage, until: Self.peekTime(stage, events: events, next: next, horizon: horizon) ?? .infinity)
            }
            lastTime = time
            // Taken out of the stage as they come, so a saved stage does not copy them all.
            completions += stage.completions
            handlerDiagnostics += stage.diagnostics
            stage.completions.removeAll()
            layerAnimationStops += stage.layerAnimationStops
            stage.layerAnimationStops.removeAll()
            stage.diagnostics.removeAll()
            if happenings > budget {
                eventDiagnostics.append(ScriptDiagnostic(
                    path: "script",
                    message: "the script does not settle: over \(budget) animator and timeline ends before \(Stage.format(horizon)) s (does a completion restart its own animator?)"))
                break
            }
            let saved = checkpoints[checkpoints.count - 1].step
            // Every `spacing` steps, and after each of the first few whatever the spacing: most
            // scenes take a handful of steps, and replaying one at every frame (an animator
            // starting hundreds of animations, as a Lottie file's does) cost more than the rest
            // of the frame's evaluation.
            if stepCount - saved >= spacing || checkpoints.count < Self.firstCheckpoints {
                let upcoming = Self.peekTime(stage, events: events, next: next, horizon: horizon) ?? .infinity
                if upcoming > time {
                    checkpoints.append(Checkpoint(stage: stage, next: next, step: stepCount, time: time, nextStepTime: upcoming))
                }
            }
        }
        if checkpoints[checkpoints.count - 1].step != stepCount {
            // The end, so that reading past the last step replays nothing.
            checkpoints.append(Checkpoint(stage: stage, next: next, step: stepCount, time: lastTime, nextStepTime: .infinity))
        } else {
            checkpoints[checkpoints.count - 1].nextStepTime = .infinity
        }
        diagnostics = handlerDiagnostics + eventDiagnostics
        emissions = emission.histories
        let stillRunning = stage.world.animators.contains(where: \.isRunning) || stage.world.playheads.contains(where: \.clock.isRunning)
            || stage.hasEndlessLayerAnimation
        settledTime = stillRunning ? horizon : max(0, stepCount > 0 ? lastTime : 0)
    }

    /// The ends and crossings a scene may go through: four for each event, animator, group and
    /// target a group drives, at least `maximumSteps`, at most `SceneLimits.happenings`.
    static func happeningBudget(for scene: Scene, graph: ControlGraph) -> Int {
        let parts = [scene.script.count, scene.animators.count, scene.groups.count] + graph.descendants.map(\.count)
        let size = parts.reduce(0, Int.saturatingSum)
        return min(SceneLimits.happenings, max(maximumSteps, Int.saturatingProduct(4, size)))
    }

    /// Takes the next step (the next end or crossing, or the next script event, whichever comes
    /// first; an end before an event at the same time) if one is due by `horizon`, and returns
    /// its time; nil when the script is done.
    private static func step(_ stage: inout Stage, events: [ScriptEvent], next: inout Int, horizon: Double,
                             diagnostics: inout [ScriptDiagnostic], happenings: inout Int) -> Double? {
        let eventTime = next < events.count ? events[next].time : .infinity
        if let end = stage.nextEnd, end.time <= eventTime {
            guard end.time <= horizon else { return nil }
            stage.completeNextEnd()
            happenings += 1
        } else if next < events.count, eventTime <= horizon {
            stage.advance(to: eventTime)
            let event = events[next]
            do {
                try stage.perform(event.action)
            } catch {
                diagnostics.append(stage.diagnostic(for: event.action, at: event.path, error))
            }
            next += 1
        } else {
            return nil
        }
        return stage.time
    }

    /// The time of the step `step` would take next (nil when none), without taking it.
    private static func peekTime(_ stage: Stage, events: [ScriptEvent], next: Int, horizon: Double) -> Double? {
        var stage = stage
        let eventTime = next < events.count ? events[next].time : .infinity
        if let end = stage.nextEnd, end.time <= eventTime { return end.time <= horizon ? end.time : nil }
        return next < events.count && eventTime <= horizon ? max(stage.time, eventTime) : nil
    }

    // MARK: - Reading

    /// The presentation tree at `time` (the state after every happening at or before `time`):
    /// the layers as the script has arranged and styled them by then (`move`, `restyle`).
    public func presentation(at time: Double) -> PresentationTree {
        let stage = stage(at: time)
        let values = stage.world.presentation(at: time, layers: stage.layers, colorSpace: scene.colorSpace)
        var delayed: [Int: [[LayerValues]]] = [:]
        for (index, value) in values.enumerated() where value.replicatorDelay > 0 && value.instances > 1 {
            delayed[index] = (1..<min(value.instances, SceneLimits.delayedInstances + 1)).map { copy in
                let earlier = time - Double(copy) * value.replicatorDelay
                let then = self.stage(at: earlier)
                return then.world.presentation(at: earlier, layers: then.layers, colorSpace: scene.colorSpace)
            }
        }
        return PresentationTree(time: time, canvas: scene.canvas, layers: stage.layers, values: values, delayedCopies: delayed,
                                emissions: emissions)
    }

    /// Every animator's state at `time`, in declaration order, then every group's and
    /// timeline's (SPEC §3.5: a driven target reports its timeline's state and its own local
    /// fraction; a group or timeline also reports its playhead).
    public func animatorStatus(at time: Double) -> [AnimatorStatus] {
        stage(at: time).world.status(at: time, animators: scene.animators, groups: scene.groups, graph: graph)
    }

    /// The stage after every step at or before `time`: the last saved stage before it, stepped
    /// on (on a copy) through the steps the evaluation took up to `time`.
    private func stage(at time: Double) -> Stage {
        var low = 0, high = checkpoints.count - 1
        while low < high {
            let mid = (low + high + 1) / 2
            if checkpoints[mid].time <= time { low = mid } else { high = mid - 1 }
        }
        let checkpoint = checkpoints[low]
        guard checkpoint.nextStepTime <= time else { return checkpoint.stage }
        var stage = checkpoint.stage, next = checkpoint.next, step = checkpoint.step
        var ignored: [ScriptDiagnostic] = [], happenings = 0
        while step < stepCount, let upcoming = Self.peekTime(stage, events: events, next: next, horizon: horizon), upcoming <= time {
            _ = Self.step(&stage, events: events, next: &next, horizon: horizon, diagnostics: &ignored, happenings: &happenings)
            step += 1
        }
        return stage
    }
}
