import Testing
import ZoetropeCore

private func numbers(_ values: [Double]) -> [AnimatableValue] { values.map { .number($0) } }
private func number(_ value: AnimatableValue) -> Double {
    if case .number(let n) = value { return n }
    return .nan
}

@Suite struct KeyframeTrackTests {
    /// reference/animator-semantics.md §7.5 "Paced keyframes".
    @Test func pacedKeyTimesFollowTheCumulativeDistance() throws {
        let track = try KeyframeTrack(values: numbers([310, 60, 120, 60, 310]), calculationMode: .paced)
        let expected = [0, 0.403226, 0.5, 0.596774, 1]
        for (time, want) in zip(track.keyTimes, expected) { #expect(abs(time - want) < 1e-6) }
        #expect(abs(number(track.value(at: 0.5)) - 120) < 1e-12)
        #expect(abs(number(track.value(at: 0.2016129)) - 185) < 1e-4, "half way along the first leg")
    }

    /// reference/animator-semantics.md §7.5 "Discrete" (Apple's example).
    @Test(arguments: [(0.1, 310.0), (0.3, 60), (0.6, 120), (0.8, 60), (1.0, 60)])
    func discreteValuesHoldOnTheirIntervals(time: Double, value: Double) throws {
        let track = try KeyframeTrack(values: numbers([310, 60, 120, 60]), keyTimes: [0, 0.25, 0.5, 0.75, 1],
                                      calculationMode: .discrete)
        #expect(number(track.value(at: time)) == value)
    }

    @Test func linearSegmentsUseTheirKeyTimesAndTimingFunctions() throws {
        let track = try KeyframeTrack(values: numbers([0, 100, 0]), keyTimes: [0, 0.25, 1],
                                      timingFunctions: [.linear, .easeIn])
        #expect(number(track.value(at: 0.125)) == 50)
        #expect(number(track.value(at: 0.25)) == 100)
        #expect(abs(number(track.value(at: 0.625)) - (100 - 100 * CubicTimingParameters.easeIn.progress(atFraction: 0.5))) < 1e-9)
        #expect(number(track.value(at: 1)) == 0)
    }

    @Test func cubicPassesThroughItsValuesSmoothly() throws {
        let track = try KeyframeTrack(values: [.vector(Vector2(0, 0)), .vector(Vector2(100, 50)), .vector(Vector2(200, 0))],
                                      calculationMode: .cubic)
        #expect(track.value(at: 0) == .vector(Vector2(0, 0)))
        #expect(track.value(at: 0.5) == .vector(Vector2(100, 50)))
        #expect(track.value(at: 1) == .vector(Vector2(200, 0)))
        // Catmull-Rom bows past the straight line between keys: above y = 25 at the quarter.
        guard case .vector(let quarter) = track.value(at: 0.25) else { Issue.record("expected a vector"); return }
        #expect(quarter.y > 25)
        // Tension 1 gives zero tangents: the curve eases into each key (the quarter is on y = 25).
        let tight = try KeyframeTrack(values: [.vector(Vector2(0, 0)), .vector(Vector2(100, 50)), .vector(Vector2(200, 0))],
                                      calculationMode: .cubic, tension: [1, 1, 1])
        guard case .vector(let tense) = tight.value(at: 0.25) else { Issue.record("expected a vector"); return }
        #expect(abs(tense.y - 25) < 1e-9)
    }

    @Test func cubicPacedMovesAtConstantSpeed() throws {
        let track = try KeyframeTrack(values: [.vector(Vector2(0, 0)), .vector(Vector2(30, 60)), .vector(Vector2(200, 0))],
                                      calculationMode: .cubicPaced)
        var steps: [Double] = []
        var previous = track.value(at: 0)
        for i in 1...20 {
            let next = track.value(at: Double(i) / 20)
            guard case .vector(let a) = previous, case .vector(let b) = next else {
                Issue.record("a track of vectors gives vectors (found \(previous) and \(next) at \(i) / 20)")
                return
            }
            steps.append(((b.x - a.x) * (b.x - a.x) + (b.y - a.y) * (b.y - a.y)).squareRoot())
            previous = next
        }
        let mean = steps.reduce(0, +) / Double(steps.count)
        #expect(mean > 10, "the track moves (\(steps))")
        #expect(steps.allSatisfy { abs($0 - mean) < 0.05 * mean }, "\(steps)")
    }

    @Test func invalidTracksAreRejectedWithTheReason() {
        #expect(throws: KeyframeError.keyTimesDecreasing(index: 2)) {
            try KeyframeTrack(values: numbers([0, 1, 2]), keyTimes: [0, 0.6, 0.4])
        }
        #expect(throws: KeyframeError.keyTimeCount(expected: 3, found: 2)) {
            try KeyframeTrack(values: numbers([0, 1, 2]), keyTimes: [0, 1])
        }
        #expect(throws: KeyframeError.keyTimeEnds) { try KeyframeTrack(values: numbers([0, 1]), keyTimes: [0.1, 1]) }
        #expect(throws: KeyframeError.timingFunctionCount(expected: 2, found: 1)) {
            try KeyframeTrack(values: numbers([0, 1, 2]), timingFunctions: [.linear])
        }
        #expect(throws: KeyframeError.noValues) { try KeyframeTrack(values: []) }
    }
}

@Suite struct KeyframeBlockTests {
    /// A scene whose `box` scale is driven by an animator of two keyframes: up to 1.5 over the
    /// first half, back to 1 over the second.
    private func evaluation(script: [ScriptEvent]) -> SceneEvaluation {
        var box = Layer(id: "box", shape: .rect)
        box.values.size = Vector2(10, 10)
        let scale = PropertyTarget(layer: 0, property: .scale)
        let block = AnimationBlock(keyframes: KeyframeBlock(frames: [
            Keyframe(relativeStartTime: 0, relativeDuration: 0.5, assignments: [PropertyAssignment(scale, .vector(Vector2(1.5, 1.5)))]),
            Keyframe(relativeStartTime: 0.5, relativeDuration: 0.5, assignments: [PropertyAssignment(scale, .vector(Vector2(1, 1)))]),
            Keyframe(relativeStartTime: 0.25, relativeDuration: 0, assignments: [PropertyAssignment(PropertyTarget(layer: 0, property: .opacity), .number(0.5))]),
        ]))
        let scene = Scene(name: "k", canvas: Canvas(size: Vector2(100, 100)), layers: [box],
                          animators: [AnimatorDefinition(id: "pulse", duration: 2, timing: .cubic(.linear), blocks: [block])],
                          script: script)
        return SceneEvaluation(scene: scene, horizon: 5)
    }

    private func scale(_ evaluation: SceneEvaluation, _ t: Double) -> Double { evaluation.presentation(at: t).values[0].scale.x }

    @Test func framesAnimateOverTheirShareOfTheBlock() {
        let run = evaluation(script: [ScriptEvent(time: 0, action: .start(target: .animator(0), delay: 0), path: "s")])
        #expect(abs(scale(run, 0.5) - 1.25) < 1e-12)
        #expect(abs(scale(run, 1.0) - 1.5) < 1e-12)
        #expect(abs(scale(run, 1.5) - 1.25) < 1e-12)
        #expect(scale(run, 2.5) == 1)
        #expect(run.presentation(at: 0.49).values[0].opacity == 1, "a zero-duration frame waits for its start")
        #expect(run.presentation(at: 0.5).values[0].opacity == 0.5, "then changes at once")
    }

    @Test func scrubbingAndReversingMoveThroughTheKeyframes() {
        let run = evaluation(script: [
            ScriptEvent(time: 0, action: .start(target: .animator(0), delay: 0), path: "s"),
            ScriptEvent(time: 0.5, action: .pause(target: .animator(0)), path: "s"),
            ScriptEvent(time: 1, action: .fraction(target: .animator(0), value: 0.5), path: "s"),
            ScriptEvent(time: 2, action: .reverse(target: .animator(0), value: true), path: "s"),
            ScriptEvent(time: 2, action: .start(target: .animator(0), delay: 0), path: "s"),
        ])
        #expect(abs(scale(run, 0.7) - 1.25) < 1e-12, "paused")
        #expect(abs(scale(run, 1.5) - 1.5) < 1e-12, "scrubbed to the top of the pulse")
        #expect(abs(scale(run, 2.5) - 1.25) < 1e-12, "running back down the first frame")
        #expect(run.completions.first?.position == .start)
        #expect(run.completions.first?.time == 3)
    }
}
