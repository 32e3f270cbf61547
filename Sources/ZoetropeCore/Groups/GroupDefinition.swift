/// A group of animators (and of other groups): one clock, the playhead, that drives every
/// member (SPEC §3.5). Core's one name for what a scene file declares under `groups:` or
/// `timelines:` (see the module README).
///
/// Each member starts at a time on the group's own axis (its timeline): a `groups:` entry starts
/// them all at 0 (each after its own delay), a `timelines:` entry places them by GSAP's
/// positions (`TimelineLayout`). A group is as long as its longest member (start + length), and
/// is controlled exactly as a property animator whose time fraction is playhead / length.
public struct GroupDefinition: Hashable, Sendable {
    /// How the scene file declared it; groups and timelines behave alike.
    public enum Kind: String, Hashable, Sendable {
        case group, timeline
    }

    public struct Member: Hashable, Sendable {
        /// The animator or group this member is.
        public var target: ControlTarget
        /// Seconds of the group's own time at which this member starts (a group member's delay,
        /// a timeline child's position).
        public var delay: Double

        public init(target: ControlTarget, delay: Double = 0) {
            self.target = target
            self.delay = delay
        }
    }

    public var id: String
    public var kind: Kind
    public var members: [Member]
    public var completions: [Completion]
    /// A timeline's `timeScale`: 2 plays its members twice as fast (delays and durations halve).
    public var timeScale: Double
    /// How the playhead moves over the group's time fraction: linear unless the scene says.
    public var timing: CubicTimingParameters
    /// `scrubsLinearly`, `pausesOnCompletion`, `isInterruptible`, as for an animator.
    public var options: AnimatorOptions

    public init(id: String, kind: Kind = .group, members: [Member], completions: [Completion] = [], timeScale: Double = 1,
                timing: CubicTimingParameters = .linear, options: AnimatorOptions = AnimatorOptions()) {
        self.id = id
        self.kind = kind
        self.members = members
        self.completions = completions
        self.timeScale = timeScale
        self.timing = timing
        self.options = options
    }

    /// A target's length on its parent's axis: an animator's animation duration, or a group's
    /// longest member (delay + duration) over its time scale (0 for a target not among them).
    ///
    /// Walks the groups once (see `ownLengths`); to ask about many targets, take `ownLengths`.
    public static func axisDuration(of target: ControlTarget, animators: [AnimatorDefinition], groups: [GroupDefinition]) -> Double {
        switch target {
        case .animator(let animator):
            guard animators.indices.contains(animator) else { return 0 }
            return animators[animator].timing.animationDuration(animatorDuration: animators[animator].duration)
        case .group(let group):
            guard groups.indices.contains(group) else { return 0 }
            return ownLengths(animators: animators, groups: groups)[group] / groups[group].timeScale
        }
    }

    /// A group's length in its own seconds (before its time scale): the end of its last member.
    public static func ownLength(of group: GroupDefinition, animators: [AnimatorDefinition], groups: [GroupDefinition]) -> Double {
        let lengths = ownLengths(animators: animators, groups: groups)
        return group.members.map { member in
            guard case .group(let nested) = member.target else {
                return member.delay + axisDuration(of: member.target, animators: animators, groups: groups)
            }
            guard groups.indices.contains(nested) else { return member.delay }
            return member.delay + lengths[nested] / groups[nested].timeScale
        }.max() ?? 0
    }

    /// Every group's length in its own seconds, each computed once after its members' (a
    /// post-order walk with its own stack: nesting may be as deep as the groups are many). A
    /// member that would make a cycle, which the reader refuses, counts as no length.
    public static func ownLengths(animators: [AnimatorDefinition], groups: [GroupDefinition]) -> [Double] {
        let children = nestedGroups(groups)
        var lengths = Array(repeating: 0.0, count: groups.count)
        var done = Array(repeating: false, count: groups.count)
        for index in GroupNesting.postOrder(children) {
            lengths[index] = groups[index].members.map { member -> Double in
                switch member.target {
                case .animator:
                    return member.delay + axisDuration(of: member.target, animators: animators, groups: [])
                case .group(let nested):
                    guard groups.indices.contains(nested), done[nested] else { return member.delay }
                    return member.delay + lengths[nested] / groups[nested].timeScale
                }
            }.max() ?? 0
            done[index] = true
        }
        return lengths
    }
}
