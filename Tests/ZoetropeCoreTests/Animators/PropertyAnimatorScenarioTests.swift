import Testing
import ZoetropeCore

/// A stage with one layer, `box`, at x = 0, and an animator moving it to x = 100.
private func setUp(duration: Double, timing: TimingParameters,
                   options: AnimatorOptions = AnimatorOptions()) throws -> (AnimationStage, PropertyAnimator) {
    var box = Layer(id: "box", shape: .rect)
    box.values.size = Vector2(10, 10)
    let stage = AnimationStage(layers: [box])
    let animator = PropertyAnimator(duration: duration, timingParameters: timing, stage: stage)
    try animator.addAnimations([try stage.assignment("box.position.x", .number(100))])
    return (stage, animator)
}

private func x(_ stage: AnimationStage) -> Double {
    guard case .number(let x)? = stage.presentationValue("box.position.x") else { return .nan }
    return x
}

/// reference/animator-semantics.md §7.5 through the UIKit-style API.
@Suite struct PropertyAnimatorScenarioTests {
    @Test func pausingWithLinearScrubbingReadsTheProgressAndResumesWithoutAJump() throws {
        let (stage, animator) = try setUp(duration: 2, timing: .cubic(.easeIn))
        try animator.startAnimation()
        stage.advance(to: 1)
        try animator.pauseAnimation()
        #expect(abs(animator.fractionComplete - 0.3153568126) < 1e-9)
        #expect(abs(x(stage) - 31.53568126) < 1e-7, "nothing jumps")
        try animator.setFractionComplete(0.5)
        #expect(abs(x(stage) - 50) < 1e-9, "scrubbing is linear")
        var ended: [(AnimatingPosition, Double)] = []
        animator.addCompletion { ended.append(($0, stage.time)) }
        try animator.continueAnimation(withTimingParameters: nil, durationFactor: 0)
        #expect(abs(animator.fractionComplete - 0.6575) < 1e-9, "easeIn⁻¹(0.5)")
        #expect(abs(x(stage) - 50) < 1e-9)
        stage.advance(to: 3)
        #expect(ended.count == 1)
        #expect(ended.first?.0 == .end)
        #expect(abs((ended.first?.1 ?? 0) - 1.685) < 1e-9, "0.685 s remaining")
        #expect(x(stage) == 100)
    }

    @Test func continueWithADurationFactorTakesThatShareOfTheDuration() throws {
        let (stage, animator) = try setUp(duration: 2, timing: .cubic(.linear))
        try animator.setFractionComplete(0.5)
        var endedAt: Double?
        animator.addCompletion { _ in endedAt = stage.time }
        try animator.continueAnimation(withTimingParameters: .cubic(.linear), durationFactor: 0.5)
        stage.advance(to: 5)
        #expect(endedAt == 1.0)
    }

    @Test func continueWithFactorZeroRunsTheRemainingTime() throws {
        // W17: D = 2, fraction 0.1 after the remap → 1.8 s remaining.
        let (stage, animator) = try setUp(duration: 2, timing: .cubic(.linear))
        try animator.startAnimation()
        stage.advance(to: 0.2)
        try animator.pauseAnimation()
        #expect(abs(animator.fractionComplete - 0.1) < 1e-12)
        var endedAt: Double?
        animator.addCompletion { _ in endedAt = stage.time }
        try animator.continueAnimation(withTimingParameters: nil, durationFactor: 0)
        stage.advance(to: 5)
        #expect(abs((endedAt ?? 0) - 2.0) < 1e-12, "0.2 s + 1.8 s")
    }

    @Test func reversingWhileRunningTurnsBackAlongTheSameCurve() throws {
        let (stage, animator) = try setUp(duration: 1, timing: .cubic(.easeIn))
        try animator.startAnimation()
        stage.advance(to: 0.5)
        #expect(abs(x(stage) - 31.53568126) < 1e-7)
        var position: AnimatingPosition?
        animator.addCompletion { position = $0 }
        try animator.setReversed(true)
        #expect(abs(animator.fractionComplete - 0.5) < 1e-12)
        for (tau, progress) in [(0.1, 0.2148609388), (0.25, 0.09346465072), (0.4, 0.01702660965)] {
            stage.advance(to: 0.5 + tau)
            #expect(abs(x(stage) - 100 * progress) < 1e-7, "τ = \(tau)")
        }
        stage.advance(to: 1.0)
        #expect(position == .start)
        #expect(stage.modelValue("box.position.x") == .number(0), "the model returns to the start")
        #expect(animator.state == .inactive)
    }

    @Test func reversingWhilePausedFlipsTheFractionAndWaits() throws {
        let (stage, animator) = try setUp(duration: 1, timing: .cubic(.linear))
        try animator.setFractionComplete(0.3)
        try animator.setReversed(true)
        #expect(abs(animator.fractionComplete - 0.7) < 1e-12)
        stage.advance(to: 2)
        #expect(abs(x(stage) - 30) < 1e-9, "nothing moves until started")
        var endedAt: Double?
        animator.addCompletion { _ in endedAt = stage.time }
        try animator.startAnimation()
        stage.advance(to: 5)
        #expect(abs((endedAt ?? 0) - 2.3) < 1e-9, "0.3 s back to the start")
        #expect(x(stage) == 0)
    }

    @Test func blocksAddedWhileRunningUseTheRemainingTime() throws {
        var box = Layer(id: "box", shape: .rect)
        box.values.size = Vector2(10, 10)
        let stage = AnimationStage(layers: [box])
        let animator = PropertyAnimator(duration: 2, timingParameters: .cubic(.linear), stage: stage)
        try animator.addAnimations([try stage.assignment("box.position.x", .number(100))])
        try animator.startAnimation()
        stage.advance(to: 1)
        try animator.addAnimations([try stage.assignment("box.position.y", .number(50))])
        stage.advance(to: 1.5)
        #expect(stage.presentationValue("box.position.y") == .number(25), "1.0 s from fraction 0.5")
        stage.advance(to: 2)
        #expect(stage.presentationValue("box.position.y") == .number(50))
    }

    @Test func aDelayFactorBeforeStartDelaysTheBlock() throws {
        let (stage, animator) = try setUp(duration: 2, timing: .cubic(.linear))
        try animator.addAnimations([try stage.assignment("box.position.y", .number(30))], delayFactor: 0.25)
        try animator.startAnimation()
        stage.advance(to: 0.5)
        #expect(stage.presentationValue("box.position.y") == .number(0))
        stage.advance(to: 1.25)
        #expect(stage.presentationValue("box.position.y") == .number(15), "over [0.5 s, 2.0 s]")
    }

    /// SPEC §3.2: a block added while active at fraction τ waits f × the remaining duration,
    /// counted from the add, and runs over [τ + f·(1 − τ), 1] (Apple's parameter text).
    @Test func aDelayFactorWhileRunningWaitsAShareOfTheRemainingTime() throws {
        let (stage, animator) = try setUp(duration: 2, timing: .cubic(.linear))
        try animator.startAnimation()
        stage.advance(to: 0.5)
        try animator.addAnimations([try stage.assignment("box.position.y", .number(30))], delayFactor: 0.5)
        stage.advance(to: 1.25)
        #expect(stage.presentationValue("box.position.y") == .number(0), "waits 0.5 × 1.5 s = 0.75 s")
        stage.advance(to: 1.625)
        #expect(stage.presentationValue("box.position.y") == .number(15), "then runs the last 0.75 s")
        try animator.addAnimations([try stage.assignment("box.size.width", .number(40))], delayFactor: 0.75)
        stage.advance(to: 1.9)
        #expect(stage.presentationValue("box.size.width") == .number(10), "waits 0.75 × 0.375 s after 1.625 s")
        stage.advance(to: 1.953125)
        #expect(stage.presentationValue("box.size.width") == .number(25))
    }

    /// SPEC §3.2: a spring paused, resumed and then reversed runs back along the path it came by,
    /// through the resume point, to where it started; no jump at the completion.
    @Test func aResumedSpringReversedReturnsContinuouslyToItsStart() throws {
        let (stage, animator) = try setUp(duration: 1, timing: .spring(try SpringTimingParameters(dampingRatio: 0.5)))
        var ended: [(AnimatingPosition, Double)] = []
        animator.addCompletion { ended.append(($0, stage.time)) }
        try animator.startAnimation()
        stage.advance(to: 0.3)
        try animator.pauseAnimation()
        let resumePoint = x(stage)
        stage.advance(to: 0.5)
        try animator.startAnimation()
        stage.advance(to: 0.8)
        try animator.setReversed(true)
        var previous = x(stage), largestStep = 0.0, closestToResume = Double.infinity
        var time = 0.8
        while ended.isEmpty, time < 3 {
            time += 0.001
            stage.advance(to: time)
            largestStep = max(largestStep, abs(x(stage) - previous))
            closestToResume = min(closestToResume, abs(x(stage) - resumePoint))
            previous = x(stage)
        }
        #expect(largestStep < 1, "no jump on the way back (largest step \(largestStep) px per ms)")
        #expect(closestToResume < 1, "the way back passes the resume point")
        #expect(ended.count == 1 && ended.first?.0 == .start)
        // 0.3 s back along the resumed spring, then 0.3 s back along the first one.
        #expect(abs((ended.first?.1 ?? 0) - 1.4) < 1e-3)
        #expect(x(stage) == 0)
    }

    @Test func stoppingWritesThePresentationIntoTheModel() throws {
        let (stage, animator) = try setUp(duration: 2, timing: .cubic(.linear))
        var called = false
        animator.addCompletion { _ in called = true }
        try animator.startAnimation()
        stage.advance(to: 0.5)
        try animator.stopAnimation(true)
        #expect(animator.state == .inactive)
        #expect(stage.modelValue("box.position.x") == .number(25))
        stage.advance(to: 3)
        #expect(x(stage) == 25 && !called, "completions never run after stop(true)")
    }

    @Test(arguments: [(AnimatingPosition.end, 100.0), (.start, 0), (.current, 25)])
    func finishingAStoppedAnimatorSetsTheModelAndRunsCompletions(position: AnimatingPosition, expected: Double) throws {
        let (stage, animator) = try setUp(duration: 2, timing: .cubic(.linear))
        var order: [String] = []
        animator.addCompletion { order.append("first \($0)") }
        animator.addCompletion { order.append("second \($0)") }
        try animator.startAnimation()
        stage.advance(to: 0.5)
        try animator.stopAnimation(false)
        #expect(animator.state == .stopped && order.isEmpty)
        #expect(x(stage) == 25)
        try animator.finishAnimation(at: position)
        #expect(order == ["first \(position)", "second \(position)"])
        #expect(x(stage) == expected)
        #expect(animator.state == .inactive)
    }

    @Test func pausesOnCompletionStaysActiveAtTheEnd() throws {
        let (stage, animator) = try setUp(duration: 1, timing: .cubic(.linear))
        try animator.setPausesOnCompletion(true)
        var called = false
        animator.addCompletion { _ in called = true }
        try animator.startAnimation()
        stage.advance(to: 2)
        #expect(animator.state == .active && !animator.isRunning && !called)
        #expect(x(stage) == 100)
        try animator.setReversed(true)
        try animator.startAnimation()
        stage.advance(to: 2.5)
        #expect(abs(x(stage) - 50) < 1e-9, "it can run back from its end")
    }

    @Test func withoutLinearScrubbingThePausedProgressFollowsTheCurve() throws {
        let (stage, animator) = try setUp(duration: 2, timing: .cubic(.easeIn), options: AnimatorOptions())
        try animator.setScrubsLinearly(false)
        try animator.setFractionComplete(0.5)
        #expect(abs(x(stage) - 31.535681257254) < 1e-7)
        #expect(animator.fractionComplete == 0.5)
    }

    @Test func aPausedSpringKeepsItsPresentationAndResumesFromRest() throws {
        let spring = try SpringTimingParameters(mass: 1, stiffness: 10, damping: 10.0.squareRoot())
        let (stage, animator) = try setUp(duration: 1, timing: .spring(spring))
        try animator.startAnimation()
        stage.advance(to: 1)
        try animator.pauseAnimation()
        #expect(abs(x(stage) - 114.26774636389) < 1e-7, "overshoot kept on screen")
        #expect(abs(animator.fractionComplete - (1 - 0.14267746363890)) < 1e-9, "the displacement fraction")
        stage.advance(to: 2)
        #expect(abs(x(stage) - 114.26774636389) < 1e-7)
        try animator.startAnimation()
        // A new spring from 114.27 at rest toward 100: x(t) = 114.27 + (100 − 114.27)·spring(t).
        stage.advance(to: 2.5)
        #expect(abs(x(stage) - (114.26774636389 - 14.26774636389 * 0.65264371989150)) < 1e-7)
    }

    @Test func scrubsLinearlyCannotChangeWhilePausedAndInterruptibilityOnlyWhileInactive() throws {
        let (_, animator) = try setUp(duration: 1, timing: .cubic(.linear))
        try animator.setFractionComplete(0.5)
        #expect(throws: AnimatorCallError.self) { try animator.setScrubsLinearly(false) }
        #expect(throws: AnimatorCallError.self) { try animator.setInterruptible(false) }
    }
}

@Suite struct ReadmeExampleTests {
    /// The Swift API example of README.md, step by step.
    @Test func theReadmeExampleDoesWhatItSays() throws {
        var frog = Layer(id: "frog", shape: .ellipse)
        frog.values.position = Vector2(200, 380)
        let stage = AnimationStage(layers: [frog])
        let move = PropertyAnimator(duration: 3, curve: .easeInOut, stage: stage)
        try move.addAnimations([try stage.assignment("frog.position", .vector(Vector2(760, 420)))])
        var printed: [(AnimatingPosition, Double)] = []
        move.addCompletion { printed.append(($0, stage.time)) }
        try move.startAnimation()
        stage.advance(to: 1.5)
        try move.pauseAnimation()
        #expect(move.fractionComplete == 0.5)
        try move.continueAnimation(withTimingParameters: .cubic(.linear), durationFactor: 0.2)
        stage.advance(to: 5)
        #expect(printed.count == 1 && printed[0].0 == .end)
        #expect(abs(printed[0].1 - 2.1) < 1e-12)
        #expect(stage.presentationValue("frog.position") == .vector(Vector2(760, 420)))
    }

    @Test func anAssignmentOfTheWrongKindOrAnUnknownKeyThrowsWhereItIsMade() throws {
        let (stage, _) = try setUp(duration: 1, timing: .cubic(.linear))
        #expect(throws: PropertyKeyError(key: "box.position", message: "expected a pair [x, y] (found a number: 5.0)")) {
            try stage.assignment("box.position", .number(5))
        }
        #expect(throws: PropertyKeyError.self) { try stage.assignment("box.positon", .number(5)) }
        #expect(throws: PropertyKeyError.self) { try stage.assignment("box.opacity", .vector(Vector2(1, 1))) }
        #expect(try stage.assignment("box.position.x", .number(5)).target.component == 0)
    }
}
