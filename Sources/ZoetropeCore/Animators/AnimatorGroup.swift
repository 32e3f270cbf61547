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
    /// and staggers), its own time running `timeScale` times as fast as the stage's. Throws
    /// `TimelineLayout.UnknownLabel` for a position naming a label not yet placed, and
    /// `GroupCycle` when a child is the timeline itself or a group that contains it.
    public init(timeline children: [TimelineChild], timeScale: Double = 1, timing: CubicTimingParameters = .linear,
                stage: AnimationStage) throws {
        self.stage = stage
        let definitions = stage.stage.definitions, groups = stage.stage.groups
        let members = try TimelineLayout.resolve(children) { target in
            GroupDefinition.axisDuration(of: target, animators: definitions, groups: groups)
        }.members
        index = try stage.add(GroupDefinition(id: "timeline\(groups.count)", kind: .timeline, members: members, timeScale: timeScale,
                                          timing: timing))
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
