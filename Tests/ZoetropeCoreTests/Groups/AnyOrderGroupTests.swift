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
        let first = try AnimatorGroup(members: [.init(target: moveA.index)], stage: stage)
        let firstIndex = first.index
        // An animator made after the first group: the group's target stays what it was.
        let moveB = PropertyAnimator(duration: 2, timingParameters: .cubic(.linear), stage: stage)
        try moveB.addAnimations([try stage.assignment("b.position.x", .number(100))])
        #expect(first.index == firstIndex)
        #expect(moveB.index == .animator(1))
        let second = try AnimatorGroup(timeline: [.member(target: moveB.index, position: .append),
                                                  .member(target: first.index, position: .append)], stage: stage)
        #expect(second.index == .group(1))

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

/// A target is a `ControlTarget` in its own index space, so an animator made after a group
/// changes nothing stored: handlers, completion records and status lists name the right target.
@Suite struct TypedTargetTests {
    private func stage() -> AnimationStage {
        AnimationStage(layers: ["a", "b"].map { id in
            var layer = Layer(id: id, shape: .rect)
            layer.values.size = Vector2(10, 10)
            return layer
        })
    }

    @Test func handlersCompletionsAndStatusKeepTheirTargetsWhenAnimatorsComeAfterGroups() throws {
        let stage = stage()
        let moveA = PropertyAnimator(duration: 1, timingParameters: .cubic(.linear), stage: stage)
        try moveA.addAnimations([try stage.assignment("a.position.x", .number(100))])
        let group = try AnimatorGroup(members: [.init(target: moveA.index)], stage: stage)
        var calls: [String] = []
        group.addCompletion { calls.append("group \($0.rawValue)") }
        // Made after the group and its handler: before, it took the group's old control index.
        let moveB = PropertyAnimator(duration: 0.5, timingParameters: .cubic(.linear), stage: stage)
        try moveB.addAnimations([try stage.assignment("b.position.x", .number(100))])
        moveB.addCompletion { calls.append("moveB \($0.rawValue)") }
        #expect(group.index == .group(0) && moveB.index == .animator(1))

        try moveB.startAnimation()
        try group.startAnimation()
        stage.advance(to: 0.75)
        let status = stage.animatorStatus
        #expect(status.map(\.target) == [.animator(0), .animator(1), .group(0)])
        #expect(status.map(\.id) == ["animator0", "animator1", "group0"])
        #expect(status[2].state == .active && abs(group.playhead - 0.75) < 1e-9)
        #expect(status[1].state == .inactive, "moveB ended on its own at 0.5 s")
        stage.advance(to: 2)
        #expect(calls == ["moveB end", "group end"])
        #expect(stage.completions.map(\.target) == [.animator(1), .animator(0), .group(0)])
        #expect(stage.completions.map(\.animator) == ["animator1", "animator0", "group0"])
    }

    @Test func aGroupMadeFirstCanHoldAGroupMadeAfterMoreAnimators() throws {
        let stage = stage()
        let moveA = PropertyAnimator(duration: 1, timingParameters: .cubic(.linear), stage: stage)
        try moveA.addAnimations([try stage.assignment("a.position.x", .number(100))])
        let inner = try AnimatorGroup(members: [.init(target: moveA.index)], stage: stage)
        let moveB = PropertyAnimator(duration: 1, timingParameters: .cubic(.linear), stage: stage)
        try moveB.addAnimations([try stage.assignment("b.position.x", .number(100))])
        let outer = try AnimatorGroup(members: [.init(target: inner.index), .init(target: moveB.index, delay: 1)], stage: stage)
        try outer.startAnimation()
        stage.advance(to: 1.5)
        #expect(stage.presentationValue("a.position.x") == .number(100))
        #expect(stage.presentationValue("b.position.x") == .number(50))
        #expect(stage.stage.graph.containers(of: inner.index) == [1])
        #expect(stage.stage.graph.containers(of: moveA.index) == [0, 1])
        stage.advance(to: 3)
        #expect(stage.completions.map(\.animator) == ["animator0", "group0", "animator1", "group1"])
    }

    @Test func aCycleMadeFromSwiftThrowsAndAddsNothing() throws {
        // A member may name a group made later; the group that would close a cycle is refused.
        var stage = Stage(layers: LayerTree([Layer(id: "a", shape: .rect)]))
        let move = stage.addAnimator(AnimatorDefinition(id: "move", duration: 1, timing: .cubic(.linear), blocks: [
            AnimationBlock(assignments: [PropertyAssignment(PropertyTarget(layer: 0, property: .position, component: 0), .number(100))]),
        ]))
        let first = try stage.addGroup(GroupDefinition(id: "first", members: [.init(target: .group(1))]))
        #expect(throws: GroupCycle(group: 1, id: "second", kind: .group)) {
            try stage.addGroup(GroupDefinition(id: "second", members: [.init(target: first), .init(target: .animator(move))]))
        }
        #expect(stage.groups.map(\.id) == ["first"])
        #expect(throws: GroupCycle(group: 1, id: "itself", kind: .group)) {
            try stage.addGroup(GroupDefinition(id: "itself", members: [.init(target: .group(1))]))
        }
        // The stage still works: the group that was kept runs its animator once one is added.
        let second = try stage.addGroup(GroupDefinition(id: "second", members: [.init(target: .animator(move))]))
        try stage.perform(.start(target: first, delay: 0))
        stage.advance(to: 2)
        #expect(stage.presentation[0].position.x == 100)
        #expect(stage.status(of: second).state == .inactive)
    }
}
