/// Animators (and groups) under one playhead, with `UIViewPropertyAnimator`'s calls (SPEC §3.5):
/// a group starts its members together (each after its delay); a timeline places them as GSAP's
/// timelines do. Its members are pure functions of the playhead, so reversing or scrubbing it
/// replays members that had already ended.
///
/// ```swift
/// let intro = try AnimatorGroup(timeline: [
///     .member(target: fade.index, position: .append),
///     .member(target: slide.index, position: .previousStart(0.2)),
/// ], stage: stage)
/// try intro.startAnimation()
/// stage.advance(to: 0.5)
/// try intro.setReversed(true)
/// ```
///
/// Groups and animators may be made in any order: a group names its members by
/// `ControlTarget`, which animators made later do not change.
public final class AnimatorGroup: AnimationControl {
    public let stage: AnimationStage
    /// The group as a control target on its stage (`.group(i)`: another group's member, say).
    public let index: ControlTarget

    /// A group whose members (animators' or groups' `index`) start together, each after its
    /// delay. Throws when a member is the group itself, or a group that contains it.
    public init(members: [GroupDefinition.Member], timing: CubicTimingParameters = .linear, stage: AnimationStage) throws(GroupCycle) {
        self.stage = stage
        index = try stage.add(GroupDefinition(id: "group\(stage.stage.groups.count)", members: members, timing: timing))
    }

    /// A timeline of `children` placed by their positions (`.append`, `.previousStart(0.2)`, labels
    /// and staggers), its own time running `timeScale` times as fast as the stage's. Throws, and
    /// adds nothing, when `timeScale` is not within 0 < timeScale <= `SceneLimits.timeScale`, a
    /// position names a label not yet placed, or a child is the timeline itself or a group that
    /// contains it (`TimelineError` says which).
    public init(timeline children: [TimelineChild], timeScale: Double = 1, timing: CubicTimingParameters = .linear,
                stage: AnimationStage) throws(TimelineError) {
        guard timeScale > 0, timeScale <= SceneLimits.timeScale else { throw .timeScale(timeScale) }
        self.stage = stage
        let definitions = stage.stage.definitions, groups = stage.stage.groups
        let members: [GroupDefinition.Member]
        do throws(TimelineLayout.UnknownLabel) {
            members = try TimelineLayout.resolve(children) { target in
                GroupDefinition.axisDuration(of: target, animators: definitions, groups: groups)
            }.members
        } catch {
            throw .unknownLabel(error)
        }
        do throws(GroupCycle) {
            index = try stage.add(GroupDefinition(id: "timeline\(groups.count)", kind: .timeline, members: members, timeScale: timeScale,
                                                  timing: timing))
        } catch {
            throw .cycle(error)
        }
    }

    /// Why `init(timeline:timeScale:timing:stage:)` made no timeline.
    public enum TimelineError: Error, Hashable, Sendable, CustomStringConvertible {
        /// The time scale is not within 0 < timeScale <= `SceneLimits.timeScale` (found this).
        case timeScale(Double)
        /// A child's position names a label that no child before it places.
        case unknownLabel(TimelineLayout.UnknownLabel)
        /// A child is the timeline itself, or a group that contains it.
        case cycle(GroupCycle)

        /// What is wrong, in the words a scene file's message uses.
        public var description: String {
            switch self {
            case .timeScale(let found):
                "timeScale must be within 0 < timeScale <= \(Int(SceneLimits.timeScale)) (found \(found))"
            case .unknownLabel(let label):
                "children[\(label.child)].position: unknown label \"\(label.name)\" (a label must be placed before it is used)"
            case .cycle(let cycle): cycle.description
            }
        }
    }

    private var status: AnimatorStatus { stage.stage.status(of: index) }

    /// Mirrors `state`.
    public var state: AnimatingState { status.state }
    /// Mirrors `isRunning`.
    public var isRunning: Bool { status.isRunning }
    /// Mirrors `isReversed`.
    public var isReversed: Bool { status.isReversed }
    /// Mirrors `fractionComplete` (reading): where the playhead is along the group's length.
    public var fractionComplete: Double { status.fractionComplete }
    /// The playhead, in seconds of the group's own time.
    public var playhead: Double { status.playhead ?? 0 }
}
