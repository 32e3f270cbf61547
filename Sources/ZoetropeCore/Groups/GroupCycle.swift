/// A group that contains itself through its members (directly, or through other groups): the
/// one cycle check, which the scene reader reports and Swift code can ask for.
public struct GroupCycle: Error, Hashable, Sendable, CustomStringConvertible {
    /// The group's index among the groups checked.
    public var group: Int
    public var id: String
    /// How the group was declared: the message names a timeline's children, a group's members.
    public var kind: GroupDefinition.Kind

    public init(group: Int, id: String, kind: GroupDefinition.Kind) {
        self.group = group
        self.id = id
        self.kind = kind
    }

    public var description: String {
        switch kind {
        case .group: "group \"\(id)\" contains itself (through its members); groups must not form cycles"
        case .timeline: "timeline \"\(id)\" contains itself (through its children); timelines must not form cycles"
        }
    }
}

extension GroupDefinition {
    /// Every group of `groups` that contains itself, in order (each once, however many cycles
    /// pass through it). Members naming a group not among `groups` are left out.
    public static func cycles(in groups: [GroupDefinition]) -> [GroupCycle] {
        GroupNesting.cyclicNodes(nestedGroups(groups)).map { GroupCycle(group: $0, id: groups[$0].id, kind: groups[$0].kind) }
    }
}
