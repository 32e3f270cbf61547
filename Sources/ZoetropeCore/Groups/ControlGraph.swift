/// Which groups drive which targets, and where each target sits on their axes: the shape of a
/// scene's groups, computed once.
package struct ControlGraph: Hashable, Sendable {
    /// A target driven by a group, with its span on that group's axis.
    package struct Descendant: Hashable, Sendable {
        package var target: ControlTarget
        package var span: TimelineSpan
    }

    /// Where a target appears: the groups that contain it, at any depth, and beside each, where
    /// it first appears in that group's `descendants`.
    private struct Containment: Hashable, Sendable {
        var groups: [Int] = []
        var positions: [Int] = []
    }

    package let animatorCount: Int
    /// For each group: every target it drives (its members, and theirs through nesting),
    /// deepest first (a nested group follows its own children), then in the order written.
    package let descendants: [[Descendant]]
    /// For each group: its length T in its own seconds.
    package let lengths: [Double]
    private let animatorContainment: [Containment]
    private let groupContainment: [Containment]

    /// Every control target, in the order status lists report them: animators, then groups.
    package var targets: [ControlTarget] { ControlTarget.all(animatorCount: animatorCount, groupCount: lengths.count) }

    /// Where `target` stands in `targets`, and so in every status list.
    package func position(of target: ControlTarget) -> Int {
        switch target {
        case .animator(let animator): animator
        case .group(let group): animatorCount + group
        }
    }

    package init(animators: [AnimatorDefinition], groups: [GroupDefinition]) {
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
                switch member.target {
                case .animator(let animator):
                    guard animators.indices.contains(animator) else { continue }
                    let length = GroupDefinition.axisDuration(of: member.target, animators: animators, groups: [])
                    list.append(Descendant(target: member.target, span: frame.span.child(at: member.delay, length: length)))
                case .group(let nested):
                    guard groups.indices.contains(nested), !onPath[nested] else { continue }  // the reader refuses cycles
                    let child = frame.span.child(at: member.delay, scale: groups[nested].timeScale, length: lengths[nested],
                                                 timing: groups[nested].timing)
                    onPath[nested] = true
                    frames.append((nested, child, 0))
                }
            }
            return list
        }
        descendants = groups.indices.map(walk)
        var animatorContainment = Array(repeating: Containment(), count: animators.count)
        var groupContainment = Array(repeating: Containment(), count: groups.count)
        for (group, list) in descendants.enumerated() {
            for (index, descendant) in list.enumerated() {
                switch descendant.target {
                case .animator(let animator) where animatorContainment[animator].groups.last != group:
                    animatorContainment[animator].groups.append(group)
                    animatorContainment[animator].positions.append(index)
                case .group(let nested) where groupContainment[nested].groups.last != group:
                    groupContainment[nested].groups.append(group)
                    groupContainment[nested].positions.append(index)
                default:
                    continue
                }
            }
        }
        self.lengths = lengths
        self.animatorContainment = animatorContainment
        self.groupContainment = groupContainment
    }

    /// The groups that contain `target`, at any depth.
    package func containers(of target: ControlTarget) -> [Int] {
        containment(of: target).groups
    }

    /// Beside `containers(of:)`: where `target` first appears in each container's
    /// `descendants` (the span a driven target shows, found without searching the list).
    package func descendantIndices(of target: ControlTarget) -> [Int] {
        containment(of: target).positions
    }

    private func containment(of target: ControlTarget) -> Containment {
        switch target {
        case .animator(let animator): animatorContainment.indices.contains(animator) ? animatorContainment[animator] : Containment()
        case .group(let group): groupContainment.indices.contains(group) ? groupContainment[group] : Containment()
        }
    }
}
