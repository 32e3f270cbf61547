/// What a control call addresses: an animator, or a group (a scene file's `groups:` and
/// `timelines:` both become groups: a group is a timeline whose members all start at 0).
///
/// Each kind is indexed in its own space (`Scene.animators`, `Scene.groups`), so adding an
/// animator never changes which group a target names, and the other way round. Script actions,
/// group members, the control graph, status lists and completion records all store this type;
/// the scene reader turns an id into one once.
public enum ControlTarget: Hashable, Sendable {
    /// The animator at this index of the scene's (or stage's) animators.
    case animator(Int)
    /// The group (or timeline) at this index of the scene's (or stage's) groups.
    case group(Int)

    /// The animator's index, nil for a group.
    public var animator: Int? {
        if case .animator(let index) = self { index } else { nil }
    }

    /// The group's index, nil for an animator.
    public var group: Int? {
        if case .group(let index) = self { index } else { nil }
    }

    /// Every control target of a scene with `animatorCount` animators and `groupCount` groups,
    /// in the order status lists report them: the animators, then the groups.
    public static func all(animatorCount: Int, groupCount: Int) -> [ControlTarget] {
        (0..<animatorCount).map(ControlTarget.animator) + (0..<groupCount).map(ControlTarget.group)
    }
}

extension Scene {
    /// The id of the animator or group `target`.
    public func controlID(_ target: ControlTarget) -> String {
        switch target {
        case .animator(let animator): animators[animator].id
        case .group(let group): groups[group].id
        }
    }
}

extension GroupDefinition {
    /// For each of `groups`, the groups among its members (by group index): the nesting graph
    /// that cycle, depth and length checks walk.
    public static func nestedGroups(_ groups: [GroupDefinition]) -> [[Int]] {
        groups.map { $0.members.compactMap(\.target.group) }
    }
}
