/// What a control call addresses: an animator, or a group or timeline (both are timelines).
///
/// Script actions, group members and the control graph still store a control index (an
/// animator's index, or the animator count plus a group's index); this type is the one place
/// that reads and writes that encoding, so no code outside Core does arithmetic on it.
public enum ControlTarget: Hashable, Sendable {
    case animator(Int)
    case timeline(Int)

    /// The target at control index `index` of a scene with `animatorCount` animators.
    public init(index: Int, animatorCount: Int) {
        self = index < animatorCount ? .animator(index) : .timeline(index - animatorCount)
    }

    /// The target's control index in a scene with `animatorCount` animators.
    public func index(animatorCount: Int) -> Int {
        switch self {
        case .animator(let animator): animator
        case .timeline(let timeline): animatorCount + timeline
        }
    }

    /// The animator's index, nil for a group or timeline.
    public var animator: Int? {
        if case .animator(let index) = self { index } else { nil }
    }

    /// The group's or timeline's index, nil for an animator.
    public var timeline: Int? {
        if case .timeline(let index) = self { index } else { nil }
    }
}

extension Scene {
    /// The target at control index `index` (a script action's or a member's target).
    public func controlTarget(_ index: Int) -> ControlTarget {
        ControlTarget(index: index, animatorCount: animators.count)
    }

    /// The id of the animator, group or timeline at control index `index`.
    public func controlID(_ index: Int) -> String {
        switch controlTarget(index) {
        case .animator(let animator): animators[animator].id
        case .timeline(let timeline): groups[timeline].id
        }
    }
}

extension GroupDefinition {
    /// For each of `groups`, the groups and timelines among its members (by group index): the
    /// nesting graph that cycle, depth and length checks walk.
    public static func nestedGroups(_ groups: [GroupDefinition], animatorCount: Int) -> [[Int]] {
        groups.map { $0.members.compactMap { ControlTarget(index: $0.target, animatorCount: animatorCount).timeline } }
    }
}
