/// Which timelines drive which targets, and where each target sits on their axes: the shape of
/// a scene's groups and timelines, computed once.
public struct ControlGraph: Hashable, Sendable {
    /// A target driven by a timeline, with its span on that timeline's axis.
    public struct Descendant: Hashable, Sendable {
        /// A control target (an animator index, or `animatorCount + group index`).
        public var target: Int
        public var span: TimelineSpan
    }

    public let animatorCount: Int
    /// For each group: every target it drives (its members, and theirs through nesting),
    /// deepest first (a nested timeline follows its own children), then in the order written.
    public let descendants: [[Descendant]]
    /// For each group: its length T in its own seconds.
    public let lengths: [Double]
    /// For each control target: the groups that contain it, at any depth.
    public let containers: [[Int]]
    /// For each control target, beside `containers`: where it first appears in that group's
    /// `descendants` (the span a driven target shows, found without searching the list).
    public let descendantIndex: [[Int]]

    public init(animators: [AnimatorDefinition], groups: [GroupDefinition]) {
        animatorCount = animators.count
        let lengths = GroupDefinition.ownLengths(animators: animators, groups: groups)
        // Depth-first through the members, with an explicit stack (nesting may be deep): a
        // nested group's own descendants come before the group itself, as its children.
        var onPath = Array(repeating: false, count: groups.count)
        func walk(_ root: Int) -> [Descendant] {
            var list: [Descendant] = []
            var frames: [(group: Int, span: TimelineSpan, member: Int)] = [(root, TimelineSpan(start: 0, length: lengths[root]), 0)]
            onPath[root] = true
            while let frame = frames.last {
                let members = groups[frame.group].members
                guard frame.member < members.count else {
                    frames.removeLast()
                    onPath[frame.group] = false
                    if let parent = frames.last {
                        // The group just walked follows its own descendants in its parent's list.
                        let member = groups[parent.group].members[parent.member - 1]
                        list.append(Descendant(target: member.target, span: frame.span))
                    }
                    continue
                }
                frames[frames.count - 1].member += 1
                let member = members[frame.member]
                guard let nested = ControlTarget(index: member.target, animatorCount: animators.count).timeline else {
                    let length = GroupDefinition.axisDuration(of: member.target, animators: animators, groups: [])
                    list.append(Descendant(target: member.target, span: frame.span.child(at: member.delay, length: length)))
                    continue
                }
                guard nested < groups.count, !onPath[nested] else { continue }  // the reader refuses cycles
                let child = frame.span.child(at: member.delay, scale: groups[nested].timeScale, length: lengths[nested],
                                             timing: groups[nested].timing)
                onPath[nested] = true
                frames.append((nested, child, 0))
            }
            return list
        }
        descendants = groups.indices.map(walk)
        var containers = Array(repeating: [Int](), count: animators.count + groups.count)
        var descendantIndex = containers
        for (group, list) in descendants.enumerated() {
            for (index, descendant) in list.enumerated() where containers[descendant.target].last != group {
                containers[descendant.target].append(group)
                descendantIndex[descendant.target].append(index)
            }
        }
        self.lengths = lengths
        self.containers = containers
        self.descendantIndex = descendantIndex
    }

    /// A control target as what it is.
    public func target(_ index: Int) -> ControlTarget {
        ControlTarget(index: index, animatorCount: animatorCount)
    }
}
