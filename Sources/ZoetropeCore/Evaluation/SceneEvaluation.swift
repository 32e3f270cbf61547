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
        let stillRunning = stage.world.animators.contains { $0.isRunning }
        settledTime = stillRunning ? horizon : max(0, history.last.map(\.time) ?? 0)
    }

    // MARK: - Reading

    /// The presentation tree at `time` (the state after every happening at or before `time`).
    public func presentation(at time: Double) -> PresentationTree {
        PresentationTree(time: time, canvas: scene.canvas, layers: scene.layers,
                         values: world(at: time).presentation(at: time, colorSpace: scene.colorSpace))
    }

    /// Every animator's state at `time`, in declaration order, then every group's: active while
    /// any member is, running while any runs, reversed when all are, and its fraction the
    /// furthest point its members have reached on the group's time axis.
    public func animatorStatus(at time: Double) -> [AnimatorStatus] {
        let world = world(at: time)
        let animators = zip(scene.animators, world.animators).map { definition, state in
            AnimatorStatus(id: definition.id, state: state.state, isRunning: state.isRunning,
                           isReversed: state.isReversed, fractionComplete: state.fractionComplete(at: time))
        }
        func leaves(_ target: Int) -> [Int] { GroupDefinition.leaves(of: target, animators: scene.animators, groups: scene.groups) }
        func axis(_ target: Int) -> Double { GroupDefinition.axisDuration(of: target, animators: scene.animators, groups: scene.groups) }
        let groups = scene.groups.indices.map { group -> AnimatorStatus in
            let target = scene.animators.count + group
            let members = leaves(target).map { world.animators[$0] }
            let state: AnimatingState = members.contains { $0.state == .active } ? .active
                : !members.isEmpty && members.allSatisfy({ $0.state == .stopped }) ? .stopped : .inactive
            let reversed = !members.isEmpty && members.allSatisfy(\.isReversed)
            let length = axis(target) * scene.groups[group].timeScale
            var reached = 0.0
            if state == .active, length > 0 {
                for member in scene.groups[group].members {
                    let forward = leaves(member.target).map { world.animators[$0].forwardFraction(at: time) }.max() ?? 0
                    reached = max(reached, (member.delay + forward * axis(member.target)) / length)
                }
            }
            return AnimatorStatus(id: scene.groups[group].id, state: state, isRunning: members.contains(where: \.isRunning),
                                  isReversed: reversed, fractionComplete: min(reversed ? 1 - reached : reached, 1))
        }
        return animators + groups
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
