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
    /// Which timelines drive which targets.
    public let graph: ControlGraph
    /// The world in force from each time on, in time order; the first is at −∞.
    private var history: [(time: Double, world: WorldState)]
    /// Every completion handler call, in order.
    public private(set) var completions: [CompletionRecord] = []
    /// Illegal events and completion actions; each was skipped and the script went on.
    public private(set) var diagnostics: [ScriptDiagnostic] = []
    /// When the last animator stopped running or the last event ran (0 when nothing happens);
    /// the length of a `duration: auto` render. The horizon when an animator is still running.
    public private(set) var settledTime = 0.0

    /// The most happenings one scene may have before evaluation gives up (a completion that
    /// restarts its own animator forever, say).
    public static let maximumSteps = 100_000

    /// Runs the script of `scene` up to `horizon` seconds (later events and ends are not processed).
    public init(scene: Scene, horizon: Double) {
        self.scene = scene
        var stage = Stage(scene: scene)
        graph = stage.graph
        history = [(-.infinity, stage.world)]
        let events = scene.script.enumerated()
            .sorted { ($0.element.time, $0.offset) < ($1.element.time, $1.offset) }
            .map(\.element)
        var next = 0, steps = 0
        while steps < Self.maximumSteps {
            steps += 1
            let eventTime = next < events.count ? events[next].time : .infinity
            if let end = stage.nextEnd, end.time <= eventTime {
                guard end.time <= horizon else { break }
                stage.completeNextEnd()
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
                break
            }
            record(stage.world, at: stage.time)
        }
        if steps >= Self.maximumSteps {
            diagnostics.append(ScriptDiagnostic(
                path: "script",
                message: "the script does not settle: over \(Self.maximumSteps) events and completions before \(horizon) s (does a completion restart its own animator?)"))
        }
        completions = stage.completions
        diagnostics = stage.diagnostics + diagnostics
        let stillRunning = stage.world.animators.contains(where: \.isRunning) || stage.world.timelines.contains(where: \.clock.isRunning)
        settledTime = stillRunning ? horizon : max(0, history.last.map(\.time) ?? 0)
    }

    // MARK: - Reading

    /// The presentation tree at `time` (the state after every happening at or before `time`).
    public func presentation(at time: Double) -> PresentationTree {
        PresentationTree(time: time, canvas: scene.canvas, layers: scene.layers,
                         values: world(at: time).presentation(at: time, colorSpace: scene.colorSpace))
    }

    /// Every animator's state at `time`, in declaration order, then every group's and
    /// timeline's (SPEC §3.5: a driven target reports its timeline's state and its own local
    /// fraction; a group or timeline also reports its playhead).
    public func animatorStatus(at time: Double) -> [AnimatorStatus] {
        world(at: time).status(at: time, animators: scene.animators, groups: scene.groups, graph: graph)
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

    private mutating func record(_ world: WorldState, at time: Double) {
        if history[history.count - 1].time == time {
            history[history.count - 1].world = world
        } else {
            history.append((time, world))
        }
    }
}
