/// The shape of groups and timelines nested in one another, walked without recursion: node i
/// is a group or timeline, `children[i]` the nodes among its members. A scene may nest them as
/// deep as `SceneLimits.nesting` and hold `SceneLimits.items` of them, so every walk here keeps
/// its own stack and touches each node and each membership once.
package enum GroupNesting {
    /// The nodes that reach themselves through membership (the members of a cycle), in order.
    ///
    /// Tarjan's strongly connected components, with an explicit stack: a node is cyclic when
    /// its component has more than one node, or it is its own member.
    package static func cyclicNodes(_ children: [[Int]]) -> [Int] {
        let count = children.count
        var index = Array(repeating: -1, count: count), lowLink = Array(repeating: 0, count: count)
        var onStack = Array(repeating: false, count: count), cyclic = Array(repeating: false, count: count)
        var stack: [Int] = [], next = 0
        for start in 0..<count where index[start] < 0 {
            // Each frame: a node and how many of its children have been looked at.
            var frames: [(node: Int, child: Int)] = [(start, 0)]
            index[start] = next; lowLink[start] = next; next += 1
            stack.append(start); onStack[start] = true
            while let frame = frames.last {
                let node = frame.node
                if frame.child < children[node].count {
                    frames[frames.count - 1].child += 1
                    let child = children[node][frame.child]
                    guard child >= 0, child < count else { continue }
                    if child == node { cyclic[node] = true }
                    if index[child] < 0 {
                        index[child] = next; lowLink[child] = next; next += 1
                        stack.append(child); onStack[child] = true
                        frames.append((child, 0))
                    } else if onStack[child] {
                        lowLink[node] = min(lowLink[node], index[child])
                    }
                    continue
                }
                frames.removeLast()
                if let parent = frames.last?.node { lowLink[parent] = min(lowLink[parent], lowLink[node]) }
                guard lowLink[node] == index[node] else { continue }
                var component: [Int] = []
                while let member = stack.popLast() {
                    onStack[member] = false
                    component.append(member)
                    if member == node { break }
                }
                if component.count > 1 { for member in component { cyclic[member] = true } }
            }
        }
        return (0..<count).filter { cyclic[$0] }
    }

    /// Every node after all of its children (members before the groups that hold them); an
    /// edge back to a node still being walked (a cycle) is skipped.
    package static func postOrder(_ children: [[Int]]) -> [Int] {
        let count = children.count
        var state = Array(repeating: UInt8(0), count: count)  // 0 new, 1 being walked, 2 done
        var order: [Int] = []
        order.reserveCapacity(count)
        for start in 0..<count where state[start] == 0 {
            var frames: [(node: Int, child: Int)] = [(start, 0)]
            state[start] = 1
            while let frame = frames.last {
                if frame.child < children[frame.node].count {
                    frames[frames.count - 1].child += 1
                    let child = children[frame.node][frame.child]
                    if child >= 0, child < count, state[child] == 0 {
                        state[child] = 1
                        frames.append((child, 0))
                    }
                    continue
                }
                frames.removeLast()
                state[frame.node] = 2
                order.append(frame.node)
            }
        }
        return order
    }

    /// How many levels each node holds: 1 for a group of animators only, one more than its
    /// deepest child otherwise (children in a cycle count as found when the walk meets them).
    package static func depths(_ children: [[Int]], order: [Int]) -> [Int] {
        var depth = Array(repeating: 1, count: children.count)
        for node in order {
            for child in children[node] where child >= 0 && child < children.count {
                depth[node] = max(depth[node], depth[child] + 1)
            }
        }
        return depth
    }

    /// How many targets each node drives once nesting is expanded: each member counts once, and
    /// a member group or timeline adds what it drives (a node reached two ways counts twice, as
    /// `ControlGraph.descendants` lists it). Saturates instead of overflowing.
    package static func drivenCounts(_ children: [[Int]], memberCounts: [Int], order: [Int]) -> [Int] {
        var driven = memberCounts
        for node in order {
            for child in children[node] where child >= 0 && child < children.count {
                driven[node] = Int.saturatingSum(driven[node], driven[child])
            }
        }
        return driven
    }
}
