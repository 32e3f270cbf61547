/// A group of animators (and groups) controlled as one (SPEC §3.5): every control call reaches
/// every member at the same instant.
///
/// The group's time axis is as long as its longest member (delay + duration); setting the
/// group's fraction f puts every member at time f·T of that axis. Its completions run once,
/// when every member has ended.
public struct GroupDefinition: Hashable, Sendable {
    public struct Member: Hashable, Sendable {
        /// A control target: an animator index, or `animatorCount + group index` for a group.
        public var target: Int
        /// Seconds after the group's start at which this member starts.
        public var delay: Double

        public init(target: Int, delay: Double = 0) {
            self.target = target
            self.delay = delay
        }
    }

    public var id: String
    public var members: [Member]
    public var completions: [Completion]
    /// A timeline's `timeScale`: 2 plays its members twice as fast (delays and durations halve).
    public var timeScale: Double

    public init(id: String, members: [Member], completions: [Completion] = [], timeScale: Double = 1) {
        self.id = id
        self.members = members
        self.completions = completions
        self.timeScale = timeScale
    }

    /// The animators a target reaches, through nested groups.
    public static func leaves(of target: Int, animators: [AnimatorDefinition], groups: [GroupDefinition]) -> [Int] {
        target < animators.count ? [target]
            : groups[target - animators.count].members.flatMap { leaves(of: $0.target, animators: animators, groups: groups) }
    }

    /// A target's length on its parent's axis: an animator's animation duration, or a group's
    /// longest member (delay + duration) over its time scale.
    public static func axisDuration(of target: Int, animators: [AnimatorDefinition], groups: [GroupDefinition]) -> Double {
        if target < animators.count {
            return animators[target].timing.animationDuration(animatorDuration: animators[target].duration)
        }
        let group = groups[target - animators.count]
        let local = group.members.map { $0.delay + axisDuration(of: $0.target, animators: animators, groups: groups) }.max() ?? 0
        return local / group.timeScale
    }
}
