import Testing
import ZoetropeCore

/// Three layers a, b, c moved along x from 0 to 100 by animators of 1, 2 and 4 seconds (linear).
private func scene(groups: [GroupDefinition], script: [ScriptEvent]) -> Scene {
    let layers = ["a", "b", "c"].map { id -> Layer in
        var layer = Layer(id: id, shape: .rect)
        layer.values.size = Vector2(10, 10)
        return layer
    }
    let animators = [1.0, 2, 4].enumerated().map { index, duration in
        AnimatorDefinition(id: "m\(index)", duration: duration, timing: .cubic(.linear), blocks: [
            AnimationBlock(assignments: [PropertyAssignment(PropertyTarget(layer: index, property: .position, component: 0), .number(100))]),
        ])
    }
    return Scene(name: "g", canvas: Canvas(size: Vector2(100, 100)), layers: layers, animators: animators, groups: groups,
                 script: script)
}

private func event(_ time: Double, _ action: ScriptAction) -> ScriptEvent { ScriptEvent(time: time, action: action, path: "e") }
private func x(_ evaluation: SceneEvaluation, _ t: Double) -> [Double] { evaluation.presentation(at: t).values.map(\.position.x) }

/// Targets: animators 0, 1, 2; groups from 3.
@Suite struct GroupTests {
    static let all = GroupDefinition(id: "all", members: [.init(target: .animator(0)), .init(target: .animator(1)), .init(target: .animator(2))])

    @Test func scrubbingAGroupPutsEveryMemberAtTheSameTimeOfItsAxis() {
        let evaluation = SceneEvaluation(scene: scene(groups: [Self.all], script: [event(0, .fraction(target: .group(0), value: 0.5))]),
                                         horizon: 5)
        // T = 4 s: every member at t = 2 s; the 1 s and 2 s members are at their ends.
        #expect(x(evaluation, 0.1) == [100, 100, 50])
        let status = evaluation.animatorStatus(at: 0.1)
        #expect(status.map(\.fractionComplete) == [1, 1, 0.5, 0.5])
        #expect(status[3].id == "all" && status[3].state == .active && !status[3].isRunning)
    }

    @Test func memberDelaysShiftThemAlongTheAxis() {
        let staggered = GroupDefinition(id: "s", members: [.init(target: .animator(0), delay: 0), .init(target: .animator(1), delay: 1)])
        let start = SceneEvaluation(scene: scene(groups: [staggered], script: [event(0, .start(target: .group(0), delay: 0))]), horizon: 5)
        #expect(x(start, 1.5)[0...1] == [100, 25])
        let scrub = SceneEvaluation(scene: scene(groups: [staggered], script: [event(0, .fraction(target: .group(0), value: 0.5))]), horizon: 5)
        #expect(x(scrub, 0.1)[0...1] == [100, 25], "T = 3 s: at 1.5 s the second member is 0.5 s into its 2 s")
    }

    @Test func theGroupCompletesOnceWhenEveryMemberHasEnded() {
        var group = Self.all
        group.completions = [Completion(position: .end, actions: [.set([PropertyAssignment(PropertyTarget(layer: 0, property: .opacity), .number(0.5))])], path: "c")]
        let evaluation = SceneEvaluation(scene: scene(groups: [group], script: [event(0, .start(target: .group(0), delay: 0))]), horizon: 9)
        #expect(evaluation.completions.map(\.animator) == ["m0", "m1", "m2", "all"])
        #expect(evaluation.completions.last?.time == 4)
        #expect(evaluation.presentation(at: 3.9).values[0].opacity == 1)
        #expect(evaluation.presentation(at: 4).values[0].opacity == 0.5)
    }

    @Test func controlCallsMoveOnePlayheadThatEveryMemberFollows() {
        let evaluation = SceneEvaluation(scene: scene(groups: [Self.all], script: [
            event(0, .start(target: .group(0), delay: 0)),
            event(0.5, .pause(target: .group(0))),
            event(1, .fraction(target: .group(0), value: 0.25)),
            event(2, .reverse(target: .group(0), value: nil)),
            event(2, .start(target: .group(0), delay: 0)),
        ]), horizon: 9)
        #expect(x(evaluation, 0.7) == [50, 25, 12.5], "paused at 0.5 s of the group's 4 s")
        #expect(x(evaluation, 1.5) == [100, 50, 25], "each at 1 s of the 4 s axis")
        #expect(evaluation.animatorStatus(at: 2.1).allSatisfy { $0.isReversed })
        #expect(x(evaluation, 2.5) == [50, 25, 12.5], "running back, the ended m0 too")
        #expect(evaluation.completions == [(ControlTarget.animator(0), "m0"), (.animator(1), "m1"), (.animator(2), "m2"), (.group(0), "all")].map { CompletionRecord(target: $0.0, animator: $0.1, position: .start, time: 3) })
    }

    @Test func groupsOfGroupsNestTheirDelays() {
        let inner = GroupDefinition(id: "inner", members: [.init(target: .animator(1)), .init(target: .animator(2), delay: 1)])
        let outer = GroupDefinition(id: "outer", members: [.init(target: .animator(0)), .init(target: .group(0), delay: 1)])
        let evaluation = SceneEvaluation(scene: scene(groups: [inner, outer], script: [event(0, .start(target: .group(1), delay: 0))]), horizon: 9)
        #expect(x(evaluation, 2.0) == [100, 50, 0])
        #expect(x(evaluation, 4.0) == [100, 100, 50])
        #expect(evaluation.completions.map(\.animator).suffix(2) == ["inner", "outer"])
        #expect(evaluation.completions.last?.time == 6)
    }

    @Test func aGroupRefusesToStartWhileAMemberRunsOnItsOwn() {
        let evaluation = SceneEvaluation(scene: scene(groups: [Self.all], script: [
            event(0, .start(target: .animator(0), delay: 0)),
            event(0.2, .stop(target: .animator(0), withoutFinishing: false)),
            event(0.5, .start(target: .group(0), delay: 0)),
        ]), horizon: 9)
        #expect(evaluation.diagnostics.map(\.description) == [
            "e (0.5 s): start \"all\": member \"m0\" is stopped on its own; stop it (and finish it) first: a group drives its members alone",
        ])
        #expect(x(evaluation, 1) == [20, 0, 0], "no member started")
    }
}
