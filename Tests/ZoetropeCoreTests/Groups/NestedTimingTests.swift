import Testing
import ZoetropeCore

/// Layer a at x = 0; animator m (2 s, linear) moves it to x = 100. "inner" (target 1), a
/// timeline or a group with its own `timing`, holds m at 0 (length 2); "outer" (target 2, linear)
/// holds inner at 1 s (length 3).
private func scene(inner kind: GroupDefinition.Kind, timing: CubicTimingParameters = .easeIn, outerTiming: CubicTimingParameters = .linear,
                   script: [ScriptEvent]) -> Scene {
    let move = AnimationBlock(assignments: [PropertyAssignment(PropertyTarget(layer: 0, property: .position, component: 0), .number(100))])
    let animators = [AnimatorDefinition(id: "m", duration: 2, timing: .cubic(.linear), blocks: [move])]
    let groups = [GroupDefinition(id: "inner", kind: kind, members: [.init(target: .animator(0), delay: 0)], timing: timing),
                  GroupDefinition(id: "outer", kind: .timeline, members: [.init(target: .group(0), delay: 1)], timing: outerTiming)]
    return Scene(name: "t", canvas: Canvas(size: Vector2(100, 100)), layers: [Layer(id: "a", shape: .rect)],
                 animators: animators, groups: groups, script: script)
}

private let inner = ControlTarget.group(0), outer = ControlTarget.group(1)
private func at(_ time: Double, _ action: ScriptAction) -> ScriptEvent { ScriptEvent(time: time, action: action, path: "e") }
private func x(_ run: SceneEvaluation, _ t: Double) -> Double { run.presentation(at: t).values[0].position.x }

/// What m shows when the outer playhead is at `playhead`, computed by hand: inner's local time
/// clamp(p − 1, 0, 2), eased by inner's own curve, is m's local time.
private func expected(atOuterPlayhead playhead: Double, curve: CubicTimingParameters = .easeIn) -> Double {
    let local = min(max(playhead - 1, 0), 2)
    return 100 * curve.progress(atFraction: local / 2)
}

private func close(_ a: Double, _ b: Double) -> Bool { abs(a - b) < 1e-6 }

/// docs/scene-format.md, "Groups and timelines: one playhead": a child shows its blocks at its
/// local time on its own timing curve, nested or not.
@Suite struct NestedTimingTests {
    @Test(arguments: [GroupDefinition.Kind.timeline, .group])
    func nestedTargetEasesOnItsOwnCurveWhilePlaying(kind: GroupDefinition.Kind) {
        let run = SceneEvaluation(scene: scene(inner: kind, script: [at(0, .start(target: outer, delay: 0))]), horizon: 5)
        for t in [0.5, 1, 1.25, 1.5, 2, 2.5, 2.9, 3] {
            #expect(close(x(run, t), expected(atOuterPlayhead: t)), "at \(t): \(x(run, t)) vs \(expected(atOuterPlayhead: t))")
        }
        #expect(x(run, 2) < 40, "easeIn at half time is well under half way (31.5; linear would show 50)")
    }

    @Test(arguments: [GroupDefinition.Kind.timeline, .group])
    func nestedMatchesTheSameTargetStartedDirectly(kind: GroupDefinition.Kind) {
        let nested = SceneEvaluation(scene: scene(inner: kind, script: [at(0, .start(target: outer, delay: 0))]), horizon: 5)
        let direct = SceneEvaluation(scene: scene(inner: kind, script: [at(1, .start(target: inner, delay: 0))]), horizon: 5)
        for t in [1.2, 1.7, 2.4, 3] {
            #expect(close(x(nested, t), x(direct, t)), "at \(t)")
        }
    }

    @Test(arguments: [GroupDefinition.Kind.timeline, .group])
    func reversingReplaysTheNestedCurveBackwards(kind: GroupDefinition.Kind) {
        let run = SceneEvaluation(scene: scene(inner: kind, script: [at(0, .start(target: outer, delay: 0)),
                                                                     at(2.5, .reverse(target: outer, value: nil))]), horizon: 6)
        // Reversed at playhead 2.5: at time 2.5 + d the playhead is 2.5 − d.
        for t in [2.5, 2.8, 3.2, 3.5, 4, 4.5] {
            #expect(close(x(run, t), expected(atOuterPlayhead: 5 - t)), "at \(t)")
        }
    }

    @Test(arguments: [GroupDefinition.Kind.timeline, .group], [0.1, 0.4, 0.5, 0.75, 1])
    func scrubbingShowsTheNestedCurveAtTheFraction(kind: GroupDefinition.Kind, fraction: Double) {
        let run = SceneEvaluation(scene: scene(inner: kind, script: [at(0, .fraction(target: outer, value: fraction))]), horizon: 2)
        #expect(close(x(run, 1), expected(atOuterPlayhead: 3 * fraction)))
    }

    @Test func outerCurveThenInnerCurveCompose() {
        let run = SceneEvaluation(scene: scene(inner: .timeline, timing: .easeIn, outerTiming: .easeOut,
                                               script: [at(0, .start(target: outer, delay: 0))]), horizon: 5)
        for t in [1.5, 2, 2.5] {
            let playhead = 3 * CubicTimingParameters.easeOut.progress(atFraction: t / 3)
            #expect(close(x(run, t), expected(atOuterPlayhead: playhead)), "at \(t)")
        }
    }

    @Test func nestedTimelineReportsItsEasedPlayhead() throws {
        let run = SceneEvaluation(scene: scene(inner: .timeline, script: [at(0, .start(target: outer, delay: 0))]), horizon: 5)
        let status = try #require(run.animatorStatus(at: 2).first { $0.id == "inner" })
        let playhead = try #require(status.playhead)
        #expect(close(playhead, 2 * CubicTimingParameters.easeIn.progress(atFraction: 0.5)))
        #expect(close(status.fractionComplete, 0.5), "its fraction is its time fraction, as an animator's")
    }

    @Test func completionsOfANestedChildFollowTheCurve() {
        // m (1 s) at 1 s inside inner: it starts when inner's eased playhead reaches 1, i.e.
        // when inner's time fraction reaches easeIn's inverse at 0.5.
        let move = AnimationBlock(assignments: [PropertyAssignment(PropertyTarget(layer: 0, property: .position, component: 1), .number(100))])
        let animators = [AnimatorDefinition(id: "m", duration: 1, timing: .cubic(.linear), blocks: [move])]
        let groups = [GroupDefinition(id: "inner", kind: .timeline, members: [.init(target: .animator(0), delay: 1)], timing: .easeIn),
                      GroupDefinition(id: "outer", kind: .timeline, members: [.init(target: .group(0), delay: 0)])]
        let scene = Scene(name: "t", canvas: Canvas(size: Vector2(100, 100)), layers: [Layer(id: "a", shape: .rect)],
                          animators: animators, groups: groups,
                          script: [at(0, .start(target: outer, delay: 0)), at(1.8, .reverse(target: outer, value: nil))])
        let run = SceneEvaluation(scene: scene, horizon: 5)
        let startsAt = 2 * CubicTimingParameters.easeIn.fraction(forProgress: 0.5)
        let records = run.completions.filter { $0.animator == "m" }
        // Reversed at playhead 1.8 (m is 0.66 s in): the playhead is back at `startsAt` at 3.6 − startsAt.
        #expect(records.map(\.position) == [.start])
        #expect(records.count == 1 && close(records[0].time, 3.6 - startsAt), "\(records.map(\.time)) vs \(3.6 - startsAt)")
    }
}
