import Testing
import ZoetropeCore

@Suite struct TimelineLayoutTests {
    /// Targets 0…3 last 1, 2, 0.5 and 4 seconds.
    static let durations = [1.0, 2, 0.5, 4]

    private func layout(_ children: [TimelineChild]) throws -> [Double] {
        try TimelineLayout.resolve(children) { Self.durations[$0.animator ?? 0] }.members.map(\.delay)
    }

    @Test(arguments: [
        ("1.5", TimelinePosition.absolute(1.5)), ("+=0.5", .relativeToEnd(0.5)), ("-=0.25", .relativeToEnd(-0.25)),
        ("<", .previousStart(0)), (">", .previousEnd(0)), ("<0.2", .previousStart(0.2)), (">-0.1", .previousEnd(-0.1)),
        ("settle", .label("settle", 0)), ("settle+=1", .label("settle", 1)), ("settle-=0.5", .label("settle", -0.5)),
    ])
    func positionsParse(text: String, position: TimelinePosition) {
        #expect(TimelinePosition(parsing: text) == position)
    }

    @Test func childrenAppendByDefaultAndFollowThePrevious() throws {
        #expect(try layout([.member(target: .animator(0), position: .append), .member(target: .animator(1), position: .append),
                            .member(target: .animator(2), position: .previousStart(0.2)), .member(target: .animator(3), position: .previousEnd(0))])
                == [0, 1, 1.2, 1.7])
    }

    @Test func relativeToEndAndLabels() throws {
        let delays = try layout([
            .member(target: .animator(1), position: .append),                 // 0 … 2
            .label("settle", position: .relativeToEnd(-0.5)),      // 1.5
            .member(target: .animator(0), position: .label("settle", 0)),     // 1.5 … 2.5
            .member(target: .animator(2), position: .relativeToEnd(1)),       // 3.5
            .member(target: .animator(3), position: .label("settle", 0.25)),  // 1.75
        ])
        #expect(delays == [0, 1.5, 3.5, 1.75])
    }

    @Test func anUnknownLabelNamesItsChild() {
        #expect(throws: TimelineLayout.UnknownLabel(name: "later", child: 1)) {
            try TimelineLayout.resolve([.member(target: .animator(0), position: .append), .member(target: .animator(1), position: .label("later", 0))]) { _ in 1 }
        }
    }

    @Test(arguments: [
        (Stagger(spacing: .each(0.1), from: .start), [0.0, 0.1, 0.2, 0.3, 0.4]),
        (Stagger(spacing: .each(0.1), from: .end), [0.4, 0.3, 0.2, 0.1, 0.0]),
        (Stagger(spacing: .each(0.1), from: .center), [0.2, 0.1, 0.0, 0.1, 0.2]),
        (Stagger(spacing: .amount(1), from: .start), [0.0, 0.25, 0.5, 0.75, 1.0]),
        (Stagger(spacing: .amount(1), from: .center), [1.0, 0.5, 0.0, 0.5, 1.0]),
    ])
    func staggerSpreadsMembers(stagger: Stagger, offsets: [Double]) {
        let found = stagger.offsets(count: 5)
        #expect(zip(found, offsets).allSatisfy { abs($0 - $1) < 1e-12 }, "\(found)")
    }

    @Test func aStaggerIsOneChildForTheNextPosition() throws {
        let delays = try layout([
            .stagger(targets: [.animator(0), .animator(0), .animator(0)], stagger: Stagger(spacing: .each(0.5)), position: .absolute(1)),  // 1, 1.5, 2 … 3
            .member(target: .animator(2), position: .previousEnd(0)),
        ])
        #expect(delays == [1, 1.5, 2, 3])
    }
}

@Suite struct TimelinePlaybackTests {
    /// Two layers moved 0 → 100 along x by 1 s and 2 s linear animators.
    private func evaluation(timeScale: Double, script: [ScriptEvent]) -> SceneEvaluation {
        let layers = ["a", "b"].map { Layer(id: $0, shape: .rect) }
        let animators = [1.0, 2].enumerated().map { index, duration in
            AnimatorDefinition(id: "m\(index)", duration: duration, timing: .cubic(.linear), blocks: [
                AnimationBlock(assignments: [PropertyAssignment(PropertyTarget(layer: index, property: .position, component: 0), .number(100))]),
            ])
        }
        // m0 at 0, m1 half a second after m0 ends.
        let timeline = GroupDefinition(id: "intro", members: [.init(target: .animator(0), delay: 0), .init(target: .animator(1), delay: 1.5)], timeScale: timeScale)
        let scene = Scene(name: "t", canvas: Canvas(size: Vector2(100, 100)), layers: layers, animators: animators,
                          groups: [timeline], script: script)
        return SceneEvaluation(scene: scene, horizon: 20)
    }

    private func x(_ evaluation: SceneEvaluation, _ t: Double) -> [Double] { evaluation.presentation(at: t).values.map(\.position.x) }

    @Test func childrenStartAtTheirPositions() {
        let run = evaluation(timeScale: 1, script: [ScriptEvent(time: 0, action: .start(target: .group(0), delay: 0), path: "s")])
        #expect(x(run, 0.5) == [50, 0])
        #expect(x(run, 2.5) == [100, 50])
        #expect(run.completions.last == CompletionRecord(target: .group(0), animator: "intro", position: .end, time: 3.5))
    }

    @Test func timeScaleSpeedsEverythingUp() {
        let run = evaluation(timeScale: 2, script: [ScriptEvent(time: 0, action: .start(target: .group(0), delay: 0), path: "s")])
        #expect(x(run, 0.25) == [50, 0])
        #expect(x(run, 1.25) == [100, 50])
        #expect(run.completions.last?.time == 1.75)
    }

    @Test func scrubbingATimelinePlacesEachChildOnItsAxis() {
        let run = evaluation(timeScale: 2, script: [ScriptEvent(time: 0, action: .fraction(target: .group(0), value: 0.5), path: "s")])
        // The axis is 3.5 s (before the time scale): at 1.75 s m0 has ended and m1 is 0.25 s in.
        #expect(x(run, 0.1) == [100, 12.5])
        #expect(abs(run.animatorStatus(at: 0.1)[2].fractionComplete - 0.5) < 1e-12)
    }
}
