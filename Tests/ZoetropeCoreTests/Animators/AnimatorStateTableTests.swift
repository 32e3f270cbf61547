import Testing
import ZoetropeCore

/// SPEC §3.2's table: every (state × call) cell, on the value-type state machine.
@Suite struct AnimatorStateTableTests {
    enum Start: String, CaseIterable, Sendable { case inactive, running, paused, stopped }

    enum Call: String, CaseIterable, Sendable {
        case start, startAfterDelay, pause, stopWithoutFinishing, stopFinishing, finishEnd, finishStart, finishCurrent
        case fraction, reverse, continueAnimation, addAnimations
    }

    /// What a cell does: the resulting (state, isRunning), or an error.
    enum Outcome: Equatable, CustomStringConvertible {
        case becomes(AnimatingState, running: Bool)
        case error

        var description: String {
            switch self {
            case let .becomes(state, running): "\(state.rawValue)\(running ? " running" : state == .active ? " paused" : "")"
            case .error: "error"
            }
        }
    }

    static let inactive = Outcome.becomes(.inactive, running: false)
    static let running = Outcome.becomes(.active, running: true)
    static let paused = Outcome.becomes(.active, running: false)
    static let stopped = Outcome.becomes(.stopped, running: false)

    /// The table of SPEC §3.2, row by row.
    static let table: [Call: [Start: Outcome]] = [
        .start: [.inactive: running, .running: running, .paused: running, .stopped: .error],
        .startAfterDelay: [.inactive: running, .running: running, .paused: .error, .stopped: .error],
        .pause: [.inactive: paused, .running: paused, .paused: paused, .stopped: .error],
        .stopWithoutFinishing: [.inactive: inactive, .running: inactive, .paused: inactive, .stopped: .error],
        .stopFinishing: [.inactive: inactive, .running: stopped, .paused: stopped, .stopped: .error],
        .finishEnd: [.inactive: .error, .running: .error, .paused: .error, .stopped: inactive],
        .finishStart: [.inactive: .error, .running: .error, .paused: .error, .stopped: inactive],
        .finishCurrent: [.inactive: .error, .running: .error, .paused: .error, .stopped: inactive],
        .fraction: [.inactive: paused, .running: .error, .paused: paused, .stopped: .error],
        .reverse: [.inactive: inactive, .running: running, .paused: paused, .stopped: .error],
        .continueAnimation: [.inactive: .error, .running: .error, .paused: running, .stopped: .error],
        .addAnimations: [.inactive: inactive, .running: running, .paused: paused, .stopped: .error],
    ]

    static func state(_ start: Start) throws -> AnimatorState {
        var state = AnimatorState(timing: .cubic(.linear), duration: 2)
        switch start {
        case .inactive: break
        case .running: _ = try state.start(at: 0)
        case .paused: _ = try state.start(at: 0); _ = try state.pause(at: 0.5)
        case .stopped: _ = try state.start(at: 0); _ = try state.stop(withoutFinishing: false)
        }
        return state
    }

    static func apply(_ call: Call, to state: inout AnimatorState) throws(AnimatorCallError) {
        let t = 1.0
        switch call {
        case .start: _ = try state.start(at: t)
        case .startAfterDelay: _ = try state.start(at: t, delay: 0.5)
        case .pause: _ = try state.pause(at: t)
        case .stopWithoutFinishing: _ = try state.stop(withoutFinishing: true)
        case .stopFinishing: _ = try state.stop(withoutFinishing: false)
        case .finishEnd: _ = try state.finish(at: .end)
        case .finishStart: _ = try state.finish(at: .start)
        case .finishCurrent: _ = try state.finish(at: .current)
        case .fraction: _ = try state.setFraction(0.25, at: t)
        case .reverse: try state.setReversed(nil, at: t)
        case .continueAnimation: _ = try state.continueAnimation(at: t, timing: nil, durationFactor: 0)
        case .addAnimations: _ = try state.addAnimations(delayFactor: 0, at: t)
        }
    }

    /// The call as a script writes it, as messages name it.
    static func scriptName(_ call: Call) -> String {
        switch call {
        case .start, .startAfterDelay: "start"
        case .pause: "pause"
        case .stopWithoutFinishing, .stopFinishing: "stop"
        case .finishEnd, .finishStart, .finishCurrent: "finish"
        case .fraction: "fraction"
        case .reverse: "reverse"
        case .continueAnimation: "continue"
        case .addAnimations: "addAnimations"
        }
    }

    static let cells = Call.allCases.flatMap { call in Start.allCases.map { (call, $0) } }

    @Test(arguments: cells)
    func everyCellOfTheTable(call: Call, start: Start) throws {
        var state = try Self.state(start)
        let expected = try #require(Self.table[call]?[start])
        let outcome: Outcome
        do {
            try Self.apply(call, to: &state)
            outcome = .becomes(state.state, running: state.isRunning)
        } catch {
            outcome = .error
            // The message names the call, the state it found, and what would have been legal.
            #expect(error.call == Self.scriptName(call))
            #expect(error.description.hasPrefix("the animator is \(state.state.rawValue)") || error.description.contains("must be"),
                    "\(error.description)")
            #expect(error.legal.contains(Self.scriptName(call)) || error.legal.contains("finish") || error.legal.contains("start"),
                    "\(error.legal) says what was legal")
        }
        #expect(outcome == expected, "\(call.rawValue) on \(start.rawValue)")
    }

    @Test func aFailedCallChangesNothing() throws {
        var state = try Self.state(.stopped)
        let before = state
        #expect(throws: AnimatorCallError.self) { _ = try state.start(at: 3) }
        #expect(state == before)
    }

    @Test func errorsNameTheStateAndWhatIsLegal() throws {
        var state = try Self.state(.running)
        do {
            _ = try state.finish(at: .current)
            Issue.record("finish on a running animator must fail")
        } catch {
            #expect(error.description == "the animator is active; finish needs a stopped animator (stop it with withoutFinishing: false first)")
        }
    }

    @Test(arguments: [Call.pause, .stopFinishing, .stopWithoutFinishing, .reverse])
    func aNonInterruptibleAnimatorRefusesInterruptions(call: Call) throws {
        var state = AnimatorState(timing: .cubic(.linear), duration: 2, options: AnimatorOptions(isInterruptible: false))
        _ = try state.start(at: 0)
        #expect(throws: AnimatorCallError.self) { try Self.apply(call, to: &state) }
    }

    @Test func reversalBeforeStartIsRememberedAndRunsFromTheEnd() throws {
        var state = AnimatorState(timing: .cubic(.linear), duration: 2)
        try state.setReversed(true, at: 0)
        _ = try state.start(at: 1)
        #expect(state.isReversed)
        #expect(state.forwardFraction(at: 1) == 1)
        #expect(state.forwardFraction(at: 2) == 0.5)
        #expect(state.naturalEndTime == 3)
    }

    @Test func naturalEndPausesWhenAskedAndCompletesOtherwise() throws {
        var pausing = AnimatorState(timing: .cubic(.linear), duration: 2, options: AnimatorOptions(pausesOnCompletion: true))
        _ = try pausing.start(at: 0)
        #expect(pausing.reachEnd(at: 2) == .held)
        #expect(pausing.state == .active && !pausing.isRunning && pausing.fractionComplete(at: 5) == 1)
        var plain = AnimatorState(timing: .cubic(.linear), duration: 2)
        _ = try plain.start(at: 0)
        try plain.setReversed(true, at: 1)
        #expect(plain.reachEnd(at: 2) == .completed(.start))
        #expect(plain.state == .inactive && !plain.isReversed)
    }
}
