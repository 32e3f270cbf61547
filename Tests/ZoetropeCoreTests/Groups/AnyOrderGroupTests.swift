import Testing
import ZoetropeCore

/// Groups and animators are made from Swift in any order: a group keeps addressing its own
/// members, and a later group can use an animator made after the first group.
@Suite struct AnyOrderGroupTests {
    private func x(_ stage: AnimationStage, _ layer: String) -> Double {
        guard case .number(let x)? = stage.presentationValue("\(layer).position.x") else { return .nan }
        return x
    }

    @Test func groupThenAnimatorThenGroupUsingIt() throws {
        let layers = ["a", "b"].map { id in
            var layer = Layer(id: id, shape: .rect)
            layer.values.size = Vector2(10, 10)
            return layer
        }
        let stage = AnimationStage(layers: layers)
        let moveA = PropertyAnimator(duration: 1, timingParameters: .cubic(.linear), stage: stage)
        try moveA.addAnimations([try stage.assignment("a.position.x", .number(100))])
        let first = AnimatorGroup(members: [(moveA.index, 0)], stage: stage)
        let firstIndex = first.index
        // An animator made after the first group: the group's control index moves past it.
        let moveB = PropertyAnimator(duration: 2, timingParameters: .cubic(.linear), stage: stage)
        try moveB.addAnimations([try stage.assignment("b.position.x", .number(100))])
        #expect(first.index == firstIndex + 1)
        let second = try AnimatorGroup(timeline: [.member(target: moveB.index, position: .append),
                                                  .member(target: first.index, position: .append)], stage: stage)
        #expect(second.index == first.index + 1)

        try second.startAnimation()
        stage.advance(to: 1)
        #expect(abs(x(stage, "b") - 50) < 1e-9, "moveB is half way through its 2 s")
        #expect(x(stage, "a") == 0, "the first group starts at 2 s")
        stage.advance(to: 2.5)
        #expect(x(stage, "b") == 100)
        #expect(abs(x(stage, "a") - 50) < 1e-9, "the first group still drives moveA")
        #expect(abs(second.playhead - 2.5) < 1e-9)
        #expect(first.state == .active)
        stage.advance(to: 3)
        #expect(second.state == .inactive)
        #expect(x(stage, "a") == 100)
    }
}
