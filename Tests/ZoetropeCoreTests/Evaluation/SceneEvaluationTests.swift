import Testing
import ZoetropeCore

/// A one-layer scene whose `box.position.x` is driven by the given animators and events.
private func scene(animators: [AnimatorDefinition], script: [ScriptEvent], layers: [Layer]? = nil) -> Scene {
    var box = Layer(id: "box", shape: .rect)
    box.values.size = Vector2(10, 10)
    return Scene(name: "test", canvas: Canvas(size: Vector2(200, 100)), frameRate: FrameRate(60),
                 duration: .seconds(3), layers: layers ?? [box], animators: animators, script: script)
}

private func moveX(to x: Double, y: Double = 0) -> PropertyAssignment {
    PropertyAssignment(PropertyTarget(layer: 0, property: .position), .vector(Vector2(x, y)))
}

private func start(_ animator: Int, at time: Double, delay: Double = 0) -> ScriptEvent {
    ScriptEvent(time: time, action: .start(target: .animator(animator), delay: delay), path: "script")
}

@Suite struct SceneEvaluationTests {
    @Test func positionFollowsEaseInOutFromTheStartEvent() {
        let move = AnimatorDefinition(id: "move", duration: 2, blocks: [AnimationBlock(assignments: [moveX(to: 100)])])
        let evaluation = SceneEvaluation(scene: scene(animators: [move], script: [start(0, at: 0.5)]), horizon: 3)
        for t in [0.0, 0.5, 0.75, 1.5, 2.0, 2.5, 3.0] {
            let fraction = min(max((t - 0.5) / 2, 0), 1)
            let expected = 100 * CubicTimingParameters.easeInOut.progress(atFraction: fraction)
            #expect(abs(evaluation.presentation(at: t).values[0].position.x - expected) < 1e-9, "t = \(t)")
        }
        #expect(evaluation.completions == [CompletionRecord(target: .animator(0), animator: "move", position: .end, time: 2.5)])
        #expect(evaluation.settledTime == 2.5)
    }

    @Test func animatorStatusReadsStateRunningAndFraction() {
        let move = AnimatorDefinition(id: "move", duration: 2, timing: .cubic(.linear),
                                      blocks: [AnimationBlock(assignments: [moveX(to: 100)])])
        let evaluation = SceneEvaluation(scene: scene(animators: [move], script: [start(0, at: 1)]), horizon: 4)
        let before = evaluation.animatorStatus(at: 0.5)[0]
        #expect(before.state == .inactive && !before.isRunning && before.fractionComplete == 0)
        let during = evaluation.animatorStatus(at: 2)[0]
        #expect(during.state == .active && during.isRunning && abs(during.fractionComplete - 0.5) < 1e-12)
        let after = evaluation.animatorStatus(at: 3)[0]
        #expect(after.state == .inactive && !after.isRunning && after.fractionComplete == 0)
    }

    @Test func startAfterDelayShowsStartValuesAndReadsFractionZero() {
        let move = AnimatorDefinition(id: "move", duration: 1, timing: .cubic(.linear),
                                      blocks: [AnimationBlock(assignments: [moveX(to: 100)])])
        let evaluation = SceneEvaluation(scene: scene(animators: [move], script: [start(0, at: 0, delay: 0.5)]), horizon: 3)
        let during = evaluation.animatorStatus(at: 0.25)[0]
        #expect(during.isRunning && during.fractionComplete == 0)
        #expect(evaluation.presentation(at: 0.25).values[0].position.x == 0)
        #expect(abs(evaluation.presentation(at: 1.0).values[0].position.x - 50) < 1e-9)
        #expect(evaluation.completions.first?.time == 1.5)
    }

    /// reference/animator-semantics.md §7.5 "Additive": A animates x 0→100 over 1 s at t = 0;
    /// at t = 0.5 B sets x = 0 over 1 s.
    @Test(arguments: [
        (TimingParameters.cubic(.linear), [(0.5, 50.0), (0.75, 50), (1.0, 50), (1.25, 25), (1.5, 0)]),
        (TimingParameters.cubic(.easeInOut), [(0.5, 50.0), (0.75, 74.16761379), (1.0, 50), (1.25, 12.91619310), (1.5, 0)]),
    ])
    func secondAnimatorStacksAdditivelyOnTheFirst(timing: TimingParameters, expected: [(Double, Double)]) {
        let a = AnimatorDefinition(id: "a", duration: 1, timing: timing, blocks: [AnimationBlock(assignments: [moveX(to: 100)])])
        let b = AnimatorDefinition(id: "b", duration: 1, timing: timing, blocks: [AnimationBlock(assignments: [moveX(to: 0)])])
        let evaluation = SceneEvaluation(scene: scene(animators: [a, b], script: [start(0, at: 0), start(1, at: 0.5)]), horizon: 3)
        for (t, x) in expected {
            #expect(abs(evaluation.presentation(at: t).values[0].position.x - x) < 1e-7, "t = \(t)")
        }
    }

    @Test func additiveRetargetingKeepsVelocityContinuous() {
        let a = AnimatorDefinition(id: "a", duration: 1, blocks: [AnimationBlock(assignments: [moveX(to: 100)])])
        let b = AnimatorDefinition(id: "b", duration: 1, blocks: [AnimationBlock(assignments: [moveX(to: 0)])])
        let evaluation = SceneEvaluation(scene: scene(animators: [a, b], script: [start(0, at: 0), start(1, at: 0.5)]), horizon: 3)
        func x(_ t: Double) -> Double { evaluation.presentation(at: t).values[0].position.x }
        let h = 1e-5
        let before = (x(0.5) - x(0.5 - h)) / h, after = (x(0.5 + h) - x(0.5)) / h
        #expect(abs(before - after) < 0.01 * abs(before))
    }

    @Test func replacedPropertyStartsFromThePresentationAndEndsTheOlderAnimation() {
        let opacity = PropertyTarget(layer: 0, property: .opacity)
        let fadeOut = AnimatorDefinition(id: "out", duration: 1, timing: .cubic(.linear),
                                         blocks: [AnimationBlock(assignments: [PropertyAssignment(opacity, .number(0))])])
        let fadeIn = AnimatorDefinition(id: "in", duration: 1, timing: .cubic(.linear),
                                        blocks: [AnimationBlock(assignments: [PropertyAssignment(opacity, .number(1))])])
        let evaluation = SceneEvaluation(scene: scene(animators: [fadeOut, fadeIn], script: [start(0, at: 0), start(1, at: 0.5)]), horizon: 3)
        func opacityAt(_ t: Double) -> Double { evaluation.presentation(at: t).values[0].opacity }
        #expect(abs(opacityAt(0.5) - 0.5) < 1e-12)
        #expect(abs(opacityAt(1.0) - 0.75) < 1e-12, "from 0.5 (the presentation) to 1 over 1 s")
        #expect(abs(opacityAt(1.5) - 1) < 1e-12)
    }

    @Test func delayFactorRunsTheBlockOverTheLaterFractions() {
        let move = AnimatorDefinition(id: "move", duration: 2, timing: .cubic(.linear),
                                      blocks: [AnimationBlock(delayFactor: 0.25, assignments: [moveX(to: 100)])])
        let evaluation = SceneEvaluation(scene: scene(animators: [move], script: [start(0, at: 0)]), horizon: 3)
        func x(_ t: Double) -> Double { evaluation.presentation(at: t).values[0].position.x }
        #expect(x(0.5) == 0, "nothing moves during the first 0.5 s")
        #expect(abs(x(1.25) - 50) < 1e-9, "halfway through [0.5 s, 2 s]")
        #expect(x(2) == 100)
    }

    @Test func discretePropertiesChangeWhenTheirBlockStarts() {
        let text = PropertyTarget(layer: 0, property: .text)
        let swap = AnimatorDefinition(id: "swap", duration: 2,
                                      blocks: [AnimationBlock(delayFactor: 0.5, assignments: [PropertyAssignment(text, .text("after"))])])
        var label = Layer(id: "label", shape: .text)
        label.values.text = "before"
        let evaluation = SceneEvaluation(scene: scene(animators: [swap], script: [start(0, at: 0)], layers: [label]), horizon: 3)
        #expect(evaluation.presentation(at: 0.9).values[0].text == "before")
        #expect(evaluation.presentation(at: 1.0).values[0].text == "after")
    }

    @Test func completionActionsRunAtTheCompletionTimeBeforeLaterEvents() {
        let fill = PropertyTarget(layer: 0, property: .fill)
        let orange = Color(hex: "#FF9800")!
        let first = AnimatorDefinition(
            id: "first", duration: 1, blocks: [AnimationBlock(assignments: [moveX(to: 100)])],
            completions: [Completion(position: .end, actions: [.set([PropertyAssignment(fill, .color(orange))]),
                                                               .start(target: .animator(1), delay: 0)], path: "c"),
                          Completion(position: .start, actions: [.set([PropertyAssignment(fill, .color(.black))])], path: "d")])
        let second = AnimatorDefinition(id: "second", duration: 1, timing: .cubic(.linear),
                                        blocks: [AnimationBlock(assignments: [moveX(to: 0)])])
        let evaluation = SceneEvaluation(scene: scene(animators: [first, second], script: [start(0, at: 0.5)]), horizon: 5)
        #expect(evaluation.presentation(at: 1.49).values[0].fill == .clear)
        #expect(evaluation.presentation(at: 1.5).values[0].fill == orange)
        #expect(abs(evaluation.presentation(at: 2).values[0].position.x - 50) < 1e-9)
        #expect(evaluation.completions.map(\.animator) == ["first", "second"])
        #expect(evaluation.completions.map(\.time) == [1.5, 2.5])
    }

    @Test func startingARunningAnimatorIsANoOp() {
        let move = AnimatorDefinition(id: "move", duration: 1, timing: .cubic(.linear),
                                      blocks: [AnimationBlock(assignments: [moveX(to: 100)])])
        let evaluation = SceneEvaluation(scene: scene(animators: [move], script: [start(0, at: 0), start(0, at: 0.5)]), horizon: 3)
        #expect(evaluation.diagnostics.isEmpty)
        #expect(evaluation.completions.map(\.time) == [1])
    }

    @Test func aCompletionThatRestartsItselfForeverIsReportedNotHung() {
        let loop = AnimatorDefinition(id: "loop", duration: 0.001, blocks: [AnimationBlock(assignments: [moveX(to: 1)])],
                                      completions: [Completion(position: nil, actions: [.start(target: .animator(0), delay: 0)], path: "c")])
        let evaluation = SceneEvaluation(scene: scene(animators: [loop], script: [start(0, at: 0)]), horizon: 1_000_000)
        #expect(evaluation.diagnostics.count == 1)
    }

    /// The precomputed history against a fresh stage stepped through the script to each frame
    /// on its own, frames taken in a scrambled order: two code paths, one answer.
    @Test func anyFrameEvaluatesTheSameAloneOrInSequence() {
        let move = AnimatorDefinition(id: "move", duration: 2, blocks: [AnimationBlock(assignments: [moveX(to: 100)])])
        let script = [start(0, at: 0.5), ScriptEvent(time: 1.2, action: .pause(target: .animator(0)), path: "p"),
                      ScriptEvent(time: 1.4, action: .reverse(target: .animator(0), value: nil), path: "r"), start(0, at: 1.6)]
        let s = scene(animators: [move], script: script)
        let rate = FrameRate(60)
        let history = SceneEvaluation(scene: s, horizon: 3)
        for frame in (0...180).map({ ($0 * 97) % 181 }) {
            let t = rate.time(ofFrame: frame)
            var stage = Stage(scene: s)
            for event in script where event.time <= t {
                stage.advance(to: event.time)
                try? stage.perform(event.action)
            }
            stage.advance(to: t)
            #expect(history.presentation(at: t).values == stage.presentation, "frame \(frame)")
        }
    }

    @Test(arguments: [(4.0, 60.0, 241), (3.0, 30.0, 91), (0.7, 30.0, 22), (0.0, 60.0, 1), (1.0 / 3.0, 24.0, 9)])
    func frameCountShowsFirstAndLastInstants(duration: Double, fps: Double, count: Int) {
        #expect(FrameRate(fps).frameCount(forDuration: duration) == count)
    }

    @Test func frameTimeIsComputedNotAccumulated() {
        let rate = FrameRate(60)
        #expect(rate.time(ofFrame: 90) == 1.5)
        #expect(rate.time(ofFrame: 7) == 7.0 / 60.0)
    }
}

@Suite struct SpringAnimatorTests {
    @Test func aMassStiffnessSpringRunsForItsSettlingDurationAndOvershoots() throws {
        let spring = try SpringTimingParameters(mass: 1, stiffness: 10, damping: 10.0.squareRoot())
        let move = AnimatorDefinition(id: "move", duration: 1, timing: .spring(spring),
                                      blocks: [AnimationBlock(assignments: [moveX(to: 100)])])
        let evaluation = SceneEvaluation(scene: scene(animators: [move], script: [start(0, at: 0)]), horizon: 10)
        #expect(abs((evaluation.completions.first?.time ?? 0) - 4.6570873685) < 1e-6, "the animator's 1 s is ignored")
        // §7.2 case A: x(1.0) = 1.1426774636389.
        #expect(abs(evaluation.presentation(at: 1).values[0].position.x - 114.26774636389) < 1e-7)
    }

    @Test func eachComponentOfAVelocityIsItsOwnSpring() throws {
        let spring = try SpringTimingParameters(mass: 1, stiffness: 10, damping: 10.0.squareRoot(), initialVelocity: Vector2(2, -3))
        let move = AnimatorDefinition(id: "move", duration: 1, timing: .spring(spring),
                                      blocks: [AnimationBlock(assignments: [moveX(to: 100, y: 100)])])
        let evaluation = SceneEvaluation(scene: scene(animators: [move], script: [start(0, at: 0)]), horizon: 10)
        let position = evaluation.presentation(at: 0.5).values[0].position
        #expect(abs(position.x - 97.719500950206) < 1e-7)
        #expect(abs(position.y - 16.581678547566) < 1e-7)
    }
}

/// Core Animation clamps what it shows to each property's domain: an overshooting spring cannot
/// drive opacity below 0 or a radius below 0.
@Suite struct PropertyDomainTests {
    @Test func anOvershootingSpringStaysWithinTheDomainOnScreen() throws {
        var card = Layer(id: "card", shape: .rect)
        card.values.size = Vector2(10, 10)
        card.values.cornerRadius = 4
        let spring = TimingParameters.spring(try SpringTimingParameters(dampingRatio: 0.2))
        let fade = AnimatorDefinition(id: "fade", duration: 1, timing: spring, blocks: [AnimationBlock(assignments: [
            PropertyAssignment(PropertyTarget(layer: 0, property: .opacity), .number(0)),
            PropertyAssignment(PropertyTarget(layer: 0, property: .cornerRadius), .number(0)),
        ])])
        let scene = Scene(name: "s", canvas: Canvas(size: Vector2(10, 10)), layers: [card], animators: [fade],
                          script: [ScriptEvent(time: 0, action: .start(target: .animator(0), delay: 0), path: "s")])
        let evaluation = SceneEvaluation(scene: scene, horizon: 2)
        let times = (0...200).map { Double($0) / 100 }
        #expect(times.contains { spring.resolved(animatorDuration: 1).progress(atFraction: $0).x > 1.1 }, "the spring overshoots")
        let shown = times.map { evaluation.presentation(at: $0).values[0] }
        #expect(shown.allSatisfy { (0...1).contains($0.opacity) && $0.cornerRadius >= 0 })
        #expect(shown.contains { $0.opacity == 0 }, "clamped at 0 while the spring is past its target")
    }
}
