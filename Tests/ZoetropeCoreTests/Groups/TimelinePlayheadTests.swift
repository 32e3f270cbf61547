import Testing
import ZoetropeCore

/// Layers a, b, c at x = 0. Animators m0 (1 s), m1 (1 s) and m2 (2 s), linear, move them to x = 100;
/// m3 (1 s) fades a to 0 and m4 (1 s) fades a back to 1 (opacity is a replaced property).
/// Timeline "tl" (target 5): m0 at 0, m1 at 1, m3 at 0, m4 at 0.5. Group "g" (target 6): m2 alone.
private func scene(timeline: [GroupDefinition.Member]? = nil, timeScale: Double = 1, options: AnimatorOptions = AnimatorOptions(),
                   extraGroups: [GroupDefinition] = [], script: [ScriptEvent] = [],
                   timings: [TimingParameters] = Array(repeating: .cubic(.linear), count: 5)) -> Scene {
    let layers = ["a", "b", "c"].map { Layer(id: $0, shape: .rect) }
    func moveX(_ layer: Int) -> AnimationBlock {
        AnimationBlock(assignments: [PropertyAssignment(PropertyTarget(layer: layer, property: .position, component: 0), .number(100))])
    }
    func fade(_ to: Double) -> AnimationBlock {
        AnimationBlock(assignments: [PropertyAssignment(PropertyTarget(layer: 0, property: .opacity), .number(to))])
    }
    let animators = [
        AnimatorDefinition(id: "m0", duration: 1, timing: timings[0], blocks: [moveX(0)]),
        AnimatorDefinition(id: "m1", duration: 1, timing: timings[1], blocks: [moveX(1)]),
        AnimatorDefinition(id: "m2", duration: 2, timing: timings[2], blocks: [moveX(2)]),
        AnimatorDefinition(id: "m3", duration: 1, timing: timings[3], blocks: [fade(0)]),
        AnimatorDefinition(id: "m4", duration: 1, timing: timings[4], blocks: [fade(1)]),
    ]
    let members = timeline ?? [.init(target: .animator(0), delay: 0), .init(target: .animator(1), delay: 1), .init(target: .animator(3), delay: 0), .init(target: .animator(4), delay: 0.5)]
    let groups = [GroupDefinition(id: "tl", kind: .timeline, members: members, timeScale: timeScale, options: options),
                  GroupDefinition(id: "g", members: [.init(target: .animator(2))])] + extraGroups
    return Scene(name: "t", canvas: Canvas(size: Vector2(100, 100)), layers: layers, animators: animators, groups: groups,
                 script: script)
}

private let tl = ControlTarget.group(0)
private func at(_ time: Double, _ action: ScriptAction) -> ScriptEvent { ScriptEvent(time: time, action: action, path: "e") }
private func xs(_ evaluation: SceneEvaluation, _ t: Double) -> [Double] { evaluation.presentation(at: t).values.map(\.position.x) }
private func opacity(_ evaluation: SceneEvaluation, _ t: Double) -> Double { evaluation.presentation(at: t).values[0].opacity }
private func status(_ evaluation: SceneEvaluation, _ id: String, _ t: Double) -> AnimatorStatus? {
    evaluation.animatorStatus(at: t).first { $0.id == id }
}

/// SPEC §3.5: a timeline takes every call of SPEC §3.2's table, as an animator does.
@Suite struct TimelineCallTableTests {
    typealias Start = AnimatorStateTableTests.Start
    typealias Call = AnimatorStateTableTests.Call
    typealias Outcome = AnimatorStateTableTests.Outcome

    /// The animator's table, but a timeline has no animations of its own to add.
    static func expected(_ call: Call, _ start: Start) -> Outcome? {
        call == .addAnimations ? .error : AnimatorStateTableTests.table[call]?[start]
    }

    static func stage(_ start: Start) throws -> Stage {
        var stage = Stage(scene: scene())
        switch start {
        case .inactive: break
        case .running: try stage.perform(.start(target: tl, delay: 0))
        case .paused:
            try stage.perform(.start(target: tl, delay: 0))
            stage.advance(to: 0.5)
            try stage.perform(.pause(target: tl))
        case .stopped:
            try stage.perform(.start(target: tl, delay: 0))
            stage.advance(to: 0.5)
            try stage.perform(.stop(target: tl, withoutFinishing: false))
        }
        stage.advance(to: 1.2)
        return stage
    }

    static func action(_ call: Call) -> ScriptAction {
        switch call {
        case .start: .start(target: tl, delay: 0)
        case .startAfterDelay: .start(target: tl, delay: 0.5)
        case .pause: .pause(target: tl)
        case .stopWithoutFinishing: .stop(target: tl, withoutFinishing: true)
        case .stopFinishing: .stop(target: tl, withoutFinishing: false)
        case .finishEnd: .finish(target: tl, position: .end)
        case .finishStart: .finish(target: tl, position: .start)
        case .finishCurrent: .finish(target: tl, position: .current)
        case .fraction: .fraction(target: tl, value: 0.25)
        case .reverse: .reverse(target: tl, value: nil)
        case .continueAnimation: .continueAnimation(target: tl, timing: nil, durationFactor: 0)
        case .addAnimations: .addAnimations(target: tl, block: AnimationBlock())
        }
    }

    @Test(arguments: AnimatorStateTableTests.cells)
    func everyCellOfTheTable(call: Call, start: Start) throws {
        var stage = try Self.stage(start)
        let before = stage.presentation
        let expected = try #require(Self.expected(call, start))
        let outcome: Outcome
        do {
            try stage.perform(Self.action(call))
            let clock = stage.playhead(ofGroup: 0).clock
            outcome = .becomes(clock.state, running: clock.isRunning)
        } catch {
            outcome = .error
            #expect(error.description.contains("timeline") || error.description.contains("needs an animator"),
                    "\(error.description) names what was called")
            #expect(stage.presentation == before, "a refused call changes nothing")
        }
        #expect(outcome == expected, "\(call.rawValue) on a \(start.rawValue) timeline")
    }

    @Test func aCallOnADrivenChildNamesTheTimeline() throws {
        var stage = try Self.stage(.running)
        #expect(throws: AnimatorCallError.self) { try stage.perform(.pause(target: .animator(1))) }
        do {
            try stage.perform(.pause(target: .animator(1)))
        } catch {
            #expect(stage.diagnostic(for: .pause(target: .animator(1)), at: "script[4]", error).description
                    == "script[4] (1.2 s): pause \"m1\": driven by timeline \"tl\", which is active; control the timeline")
        }
        var inactive = try Self.stage(.inactive)
        try inactive.perform(.start(target: .animator(1), delay: 0))
        #expect(inactive.animator(1).state == .active, "an inactive timeline's child is an ordinary animator")
    }
}

/// SPEC §3.5: what a timeline's children show is a function of the playhead alone.
@Suite struct TimelinePlayheadTests {
    @Test func reversingReplaysChildrenThatHadEnded() {
        let run = SceneEvaluation(scene: scene(script: [at(0, .start(target: tl, delay: 0)), at(1.5, .reverse(target: tl, value: nil))]),
                                  horizon: 5)
        #expect(xs(run, 1.5) == [100, 50, 0])
        #expect(xs(run, 2.5) == [50, 0, 0], "m0 ended at 1 s and plays back")
        #expect(xs(run, 3) == [0, 0, 0])
        #expect(run.completions == [
            CompletionRecord(target: .animator(0), animator: "m0", position: .end, time: 1),
            CompletionRecord(target: .animator(3), animator: "m3", position: .end, time: 1),
            CompletionRecord(target: .animator(4), animator: "m4", position: .end, time: 1.5),
            CompletionRecord(target: .animator(1), animator: "m1", position: .start, time: 2),
            CompletionRecord(target: .animator(4), animator: "m4", position: .start, time: 2.5),
            CompletionRecord(target: .animator(0), animator: "m0", position: .start, time: 3),
            CompletionRecord(target: .animator(3), animator: "m3", position: .start, time: 3),
            CompletionRecord(target: .group(0), animator: "tl", position: .start, time: 3),
        ])
        #expect(run.presentation(at: 3.5).values[1].position.x == 0, "the model is back to before the start")
    }

    @Test func scrubbingAcrossChildrenRunsNoCompletions() {
        let run = SceneEvaluation(scene: scene(script: [
            at(0, .fraction(target: tl, value: 0.75)), at(1, .fraction(target: tl, value: 0.25)), at(2, .fraction(target: tl, value: 1)),
        ]), horizon: 5)
        #expect(xs(run, 0.5) == [100, 50, 0])
        #expect(xs(run, 1.5) == [50, 0, 0])
        #expect(xs(run, 2.5) == [100, 100, 0])
        #expect(run.completions.isEmpty)
        #expect(status(run, "m1", 0.5)?.fractionComplete == 0.5)
        #expect(status(run, "tl", 0.5)?.playhead == 1.5)
        #expect(status(run, "m1", 0.5)?.state == .active && status(run, "m1", 0.5)?.isRunning == false)
    }

    @Test func overlappingChildrenOfAReplacedPropertyHandOverWithoutAJump() {
        // m3 fades a 1 → 0 over [0, 1]; m4, from 0.5, fades it from what m3 shows there (0.5) to 1.
        let run = SceneEvaluation(scene: scene(script: [at(0, .start(target: tl, delay: 0))]), horizon: 5)
        #expect(opacity(run, 0) == 1, "the later child does not show before its start")
        #expect(opacity(run, 0.25) == 0.75)
        #expect(opacity(run, 0.5) == 0.5)
        #expect(opacity(run, 1) == 0.75)
        #expect(opacity(run, 1.5) == 1)
        let back = SceneEvaluation(scene: scene(script: [at(0, .fraction(target: tl, value: 0.125))]), horizon: 5)
        #expect(back.presentation(at: 0).values[0].opacity == 0.75, "scrubbed to 0.25 s: m3 alone")
    }

    @Test func continueWithADurationFactorRunsTheRestInThatShareOfTheLength() {
        let run = SceneEvaluation(scene: scene(script: [
            at(0, .start(target: tl, delay: 0)), at(0.5, .pause(target: tl)),
            at(1, .continueAnimation(target: tl, timing: nil, durationFactor: 0.25)),
        ]), horizon: 5)
        #expect(xs(run, 0.9) == [50, 0, 0], "paused, nothing jumps to the end")
        #expect(xs(run, 1.25) == [100, 25, 0], "the last 1.5 s of playhead in 0.5 s: at 1.25 s halfway")
        #expect(run.completions.last == CompletionRecord(target: .group(0), animator: "tl", position: .end, time: 1.5))
    }

    @Test func stopAndFinishSetTheModelAsAnAnimatorWould() {
        func finished(_ position: AnimatingPosition) -> [Double] {
            let run = SceneEvaluation(scene: scene(script: [
                at(0, .start(target: tl, delay: 0)), at(1.5, .stop(target: tl, withoutFinishing: false)),
                at(2, .finish(target: tl, position: position)),
            ]), horizon: 5)
            #expect(xs(run, 1.8) == [100, 50, 0], "stopped where it was")
            #expect(run.completions.last == CompletionRecord(target: .group(0), animator: "tl", position: position, time: 2))
            return xs(run, 2)
        }
        #expect(finished(.end) == [100, 100, 0])
        #expect(finished(.start) == [0, 0, 0])
        #expect(finished(.current) == [100, 50, 0])
    }

    @Test func nestedTimeScalesCompose() {
        // "outer" (time scale 2) holds "tl" (time scale 2) at 1 s: tl's 2 s run in 0.5 s from 0.5 s.
        let outer = GroupDefinition(id: "outer", kind: .timeline, members: [.init(target: .group(0), delay: 1)], timeScale: 2)
        let run = SceneEvaluation(scene: scene(timeScale: 2, extraGroups: [outer], script: [at(0, .start(target: .group(2), delay: 0))]),
                                  horizon: 5)
        #expect(xs(run, 0.5) == [0, 0, 0])
        #expect(xs(run, 0.625) == [50, 0, 0])
        #expect(xs(run, 0.875) == [100, 50, 0])
        #expect(status(run, "tl", 0.875)?.playhead == 1.5)
        #expect(run.completions.suffix(2).map(\.animator) == ["tl", "outer"])
        #expect(run.completions.last?.time == 1)
    }

    @Test func springChildrenReplayBackwardsAlongTheirOwnCurve() throws {
        let spring = TimingParameters.spring(try SpringTimingParameters(dampingRatio: 0.4))
        let run = SceneEvaluation(scene: scene(script: [at(0, .start(target: tl, delay: 0)), at(1.9, .reverse(target: tl, value: true))],
                                               timings: [spring, spring, .cubic(.linear), .cubic(.linear), .cubic(.linear)]), horizon: 5)
        // Forward at 0.3 s and back at 3.5 s: the playhead is at 0.3 s both times.
        #expect(abs(xs(run, 0.3)[0] - xs(run, 3.5)[0]) < 1e-9)
        #expect(xs(run, 0.3)[0] > 50)
        #expect(xs(run, 4)[0] == 0)
    }

    @Test func pausesOnCompletionHoldsAtEitherEnd() {
        let run = SceneEvaluation(scene: scene(options: AnimatorOptions(pausesOnCompletion: true), script: [
            at(0, .start(target: tl, delay: 0)), at(3, .reverse(target: tl, value: true)), at(3, .start(target: tl, delay: 0)),
        ]), horizon: 9)
        #expect(status(run, "tl", 2.5)?.state == .active && status(run, "tl", 2.5)?.isRunning == false)
        #expect(xs(run, 4) == [100, 0, 0])
        #expect(status(run, "tl", 6)?.state == .active && status(run, "tl", 6)?.playhead == 0)
        #expect(!run.completions.contains { $0.animator == "tl" })
    }
}

/// SPEC §3.5's promise as a property: for random scripts on random timelines, the presentation
/// at any instant (until the timeline first completes) equals a fresh copy of the timeline
/// scrubbed to the same playhead.
@Suite struct TimelinePathIndependenceTests {
    /// SplitMix64: a seeded generator, so every run tests the same scripts.
    struct Generator: RandomNumberGenerator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
    }

    @Test(arguments: 0..<40)
    func thePresentationIsAFunctionOfThePlayhead(seed: Int) {
        var random = Generator(state: UInt64(seed))
        let members = (0..<5).map { GroupDefinition.Member(target: .animator($0), delay: Double(Int.random(in: 0...8, using: &random)) / 4) }
        let curves: [CubicTimingParameters] = [.linear, .easeIn, .easeOut, .easeInOut]
        let timings = (0..<5).map { _ in TimingParameters.cubic(curves.randomElement(using: &random)!) }
        let timeScale = [0.5, 1, 2].randomElement(using: &random)!
        var script: [ScriptEvent] = []
        var time = 0.0
        for _ in 0..<12 {
            time += Double(Int.random(in: 1...6, using: &random)) / 8
            let action: ScriptAction = switch Int.random(in: 0..<5, using: &random) {
            case 0: .start(target: tl, delay: 0)
            case 1: .pause(target: tl)
            case 2: .reverse(target: tl, value: nil)
            case 3: .fraction(target: tl, value: Double.random(in: 0...1, using: &random))
            default: .continueAnimation(target: tl, timing: Bool.random(using: &random) ? nil : .cubic(.easeOut),
                                        durationFactor: [0, 0.5, 1.5].randomElement(using: &random)!)
            }
            script.append(at(time, action))
        }
        let played = scene(timeline: members, timeScale: timeScale, script: script, timings: timings)
        let run = SceneEvaluation(scene: played, horizon: time + 8)
        // A fresh copy starts from the scene's model; once the timeline completes, the model holds
        // its targets and a restart animates from there (as an animator's would).
        let firstEnd = run.completions.first { $0.animator == "tl" }?.time ?? .infinity
        var compared = 0
        for step in 0...Int((time + 8) * 8) {
            let t = Double(step) / 8
            guard t < firstEnd, let state = status(run, "tl", t), state.state == .active, let playhead = state.playhead else { continue }
            var fresh = Stage(scene: scene(timeline: members, timeScale: timeScale, timings: timings))
            let length = fresh.playhead(ofGroup: 0).length
            try? fresh.perform(.fraction(target: tl, value: length > 0 ? playhead / length : 0))
            let expected = fresh.presentation, shown = run.presentation(at: t).values
            for layer in expected.indices {
                #expect(abs(shown[layer].position.x - expected[layer].position.x) < 1e-6, "seed \(seed), t = \(t), layer \(layer)")
                #expect(abs(shown[layer].opacity - expected[layer].opacity) < 1e-9, "seed \(seed), t = \(t), layer \(layer)")
            }
            compared += 1
        }
        #expect(compared > 0 || run.diagnostics.count > 0, "seed \(seed) compared no instant")
    }
}
