import Testing
import ZoetropeCore

@Suite struct GroupNestingTests {
    @Test func cyclesAreFoundWithTheirMembersOnly() {
        // 0 → 1 → 2 → 0 is a cycle; 3 → 0 reaches it without being in it; 4 holds itself.
        let children = [[1], [2], [0], [0], [4], []]
        #expect(GroupNesting.cyclicNodes(children) == [0, 1, 2, 4])
    }

    @Test func aChainAsLongAsTheItemLimitIsWalkedWithoutRecursion() {
        let count = SceneLimits.items
        let children = (0..<count).map { $0 == 0 ? [] : [$0 - 1] }
        #expect(GroupNesting.cyclicNodes(children).isEmpty)
        let order = GroupNesting.postOrder(children)
        #expect(order == Array(0..<count), "members before the groups that hold them")
        let depths = GroupNesting.depths(children, order: order)
        #expect(depths.last == count)
    }

    @Test func drivenCountsCountATargetOnceForEachWayItIsReached() {
        // Group 1 holds group 0 twice; group 0 holds two animators.
        let children = [[], [0, 0]]
        let counts = GroupNesting.drivenCounts(children, memberCounts: [2, 2], order: GroupNesting.postOrder(children))
        #expect(counts == [2, 6])
    }

    @Test func lengthsOfDeeplyNestedGroupsAreComputedOnce() {
        let animator = AnimatorDefinition(id: "m", duration: 1)
        let groups = (0..<10_000).map { index in
            GroupDefinition(id: "g\(index)", members: [GroupDefinition.Member(target: index == 0 ? .animator(0) : .group(index - 1), delay: 0.5)])
        }
        let lengths = GroupDefinition.ownLengths(animators: [animator], groups: groups)
        #expect(lengths[0] == 1.5)
        #expect(lengths[9_999] == 1 + 0.5 * 10_000)
        #expect(GroupDefinition.axisDuration(of: .group(9_999), animators: [animator], groups: groups) == lengths[9_999])
    }
}
