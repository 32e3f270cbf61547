import Testing
import ZoetropeCore

/// SPEC §9's media timing, as a table: each timing property alone, nested two levels, and
/// Apple's pause / resume recipe (QA1673), read from a scene's evaluation. The animation runs
/// `rotation` from 0 to 10 over 2 s linearly, so a shown 5·u says the pass time u; the model's
/// −1 shows where the animation shows nothing.
@Suite struct MediaTimingTests {
    private static let model = -1.0

    /// Layer `a` (under `p`), the animation added to `a` at `addedAt`, and the script's other events.
    private func rotation(of timing: MediaTiming, removed: Bool = true, addedAt: Double = 1,
                          events: [ScriptAction.Timed] = [], at times: [Double]) -> [Double] {
        var values = LayerValues()
        values.rotation = Self.model
        let scene = Scene(name: "timing", canvas: Canvas(size: Vector2(10, 10)),
                          layers: [Layer(id: "p", shape: .group, children: [Layer(id: "a", shape: .rect, values: values)])],
                          script: events.enumerated().map { ScriptEvent(time: $1.time, action: $1.action, path: "script[\($0)]") }
                              + [ScriptEvent(time: addedAt, action: .addLayerAnimation(layer: 1, key: "spin", animation: animation(timing, removed: removed)),
                                             path: "script[add]")])
        let evaluation = SceneEvaluation(scene: scene, horizon: 20)
        return times.map { evaluation.presentation(at: $0).values[1].rotation }
    }

    private func animation(_ timing: MediaTiming, removed: Bool = true) -> LayerAnimation {
        LayerAnimation(property: .rotation, content: .basic(from: .number(0), to: .number(10), by: nil), timing: timing,
                       isRemovedOnCompletion: removed)
    }

    struct Row: CustomTestStringConvertible, Sendable {
        var name: String
        var timing: MediaTiming
        var removed = true
        /// (scene time, rotation shown)
        var expected: [(Double, Double)]
        var testDescription: String { name }
    }

    static let rows: [Row] = [
        Row(name: "begins when added, removed at its end", timing: MediaTiming(duration: 2),
            expected: [(0.5, model), (1, 0), (1.5, 2.5), (2.9, 9.5), (3, model), (4, model)]),
        Row(name: "beginTime in the layer's time", timing: MediaTiming(beginTime: 2, duration: 2),
            expected: [(1.5, model), (2, 0), (3, 5), (4, model)]),
        Row(name: "speed 2 runs the pass in 1 s", timing: MediaTiming(duration: 2, speed: 2),
            expected: [(1.5, 5), (1.75, 7.5), (2, model)]),
        Row(name: "timeOffset starts it 1 s in", timing: MediaTiming(duration: 2, timeOffset: 1),
            expected: [(1, 5), (1.5, 7.5), (2, model)]),
        Row(name: "fractional repeatCount", timing: MediaTiming(duration: 2, repeatCount: 1.5),
            expected: [(2.5, 7.5), (3.5, 2.5), (4, model)]),
        Row(name: "fractional repeatCount held forwards", timing: MediaTiming(duration: 2, repeatCount: 1.5, fillMode: .forwards), removed: false,
            expected: [(3.5, 2.5), (4, 5), (9, 5)]),
        Row(name: "repeatDuration", timing: MediaTiming(duration: 2, repeatDuration: 3, fillMode: .forwards), removed: false,
            expected: [(3.5, 2.5), (5, 5)]),
        Row(name: "autoreverses", timing: MediaTiming(duration: 2, autoreverses: true),
            expected: [(2.5, 7.5), (3, 10), (4, 5), (4.9, 0.5), (5, model)]),
        Row(name: "autoreverses held forwards ends at the start", timing: MediaTiming(duration: 2, autoreverses: true, fillMode: .both), removed: false,
            expected: [(5, 0), (8, 0)]),
        Row(name: "backwards holds the first value before it begins", timing: MediaTiming(beginTime: 3, duration: 2, fillMode: .backwards),
            expected: [(0.5, model), (1, 0), (2, 0), (4, 5), (5, model)]),
        Row(name: "forwards without isRemovedOnCompletion = false is removed", timing: MediaTiming(duration: 2, fillMode: .forwards),
            expected: [(3, model)]),
        Row(name: "forwards holds the last value", timing: MediaTiming(duration: 2, fillMode: .forwards), removed: false,
            expected: [(0.5, model), (3, 10), (10, 10)]),
        Row(name: "endless repeat", timing: MediaTiming(duration: 2, repeatCount: .infinity),
            expected: [(4, 5), (19.5, 2.5)]),
    ]

    @Test(arguments: rows) func eachTimingPropertyMatchesSPEC(_ row: Row) {
        let shown = rotation(of: row.timing, removed: row.removed, at: row.expected.map(\.0))
        for ((time, expected), found) in zip(row.expected, shown) {
            #expect(abs(found - expected) < 1e-9, "\(row.name) at \(time) s: expected \(expected), found \(found)")
        }
    }

    @Test func layerTimingNestsTwoLevels() {
        // p runs twice as fast from 0; a is 1 s ahead of p. Added at 1 s, a's time is 2·1 + 1 = 3.
        let events: [ScriptAction.Timed] = [(0, .layerTiming(layer: 0, timing: MediaTiming(speed: 2))),
                                            (0, .layerTiming(layer: 1, timing: MediaTiming(timeOffset: 1)))]
        let shown = rotation(of: MediaTiming(duration: 2), events: events, at: [1.25, 1.5, 1.99, 2])
        #expect(shown.enumerated().allSatisfy { abs($1 - [2.5, 5, 9.9, Self.model][$0]) < 1e-9 }, "\(shown)")
    }

    @Test func animationTimingNestsInAGroup() {
        // The group starts 1 s late at half speed; its child repeats twice inside it.
        let child = LayerAnimation(property: .rotation, content: .basic(from: .number(0), to: .number(10), by: nil),
                                   timing: MediaTiming(duration: 1, repeatCount: 2))
        let group = LayerAnimation.group([child], timing: MediaTiming(beginTime: 2, duration: 2, speed: 0.5))
        var values = LayerValues()
        values.rotation = Self.model
        let scene = Scene(name: "group", canvas: Canvas(size: Vector2(10, 10)), layers: [Layer(id: "a", shape: .rect, values: values)],
                          script: [ScriptEvent(time: 1, action: .addLayerAnimation(layer: 0, key: nil, animation: group), path: "script[0]")])
        let evaluation = SceneEvaluation(scene: scene, horizon: 10)
        let shown = [1.5, 2.5, 3, 4, 5.9, 6].map { evaluation.presentation(at: $0).values[0].rotation }
        // group time (t − 2)·0.5: child time = group time, twice a 1 s pass.
        #expect(zip(shown, [Self.model, 2.5, 5, 0, 9.5, Self.model]).allSatisfy { abs($0 - $1) < 1e-9 }, "\(shown)")
    }

    @Test func pausingAndResumingByApplesRecipe() {
        // QA1673: pause at 0.5 s (speed 0, timeOffset = the layer's time then); resume at 2 s
        // (speed 1, timeOffset 0, beginTime = the time since the pause).
        let paused = MediaTiming(speed: 0, timeOffset: 0.5)
        let resumed = MediaTiming(beginTime: 2 - 0.5, speed: 1, timeOffset: 0)
        let events: [ScriptAction.Timed] = [(0.5, .layerTiming(layer: 1, timing: paused)), (2, .layerTiming(layer: 1, timing: resumed))]
        var values = LayerValues()
        values.rotation = Self.model
        let scene = Scene(name: "pause", canvas: Canvas(size: Vector2(10, 10)),
                          layers: [Layer(id: "p", shape: .group, children: [Layer(id: "a", shape: .rect, values: values)])],
                          script: [ScriptEvent(time: 0, action: .addLayerAnimation(layer: 1, key: "spin", animation: animation(MediaTiming(duration: 2))), path: "script[0]")]
                              + events.enumerated().map { ScriptEvent(time: $1.time, action: $1.action, path: "script[\($0 + 1)]") })
        let evaluation = SceneEvaluation(scene: scene, horizon: 10)
        // Resumed, the layer's time is t − 1.5: the pass ends 1.5 s late, at 3.5 s.
        let shown = [0.25, 0.5, 1, 1.99, 2, 2.5, 3, 3.5].map { evaluation.presentation(at: $0).values[1].rotation }
        #expect(zip(shown, [1.25, 2.5, 2.5, 2.5, 2.5, 5, 7.5, Self.model]).allSatisfy { abs($0 - $1) < 1e-9 }, "\(shown)")
        #expect(evaluation.layerAnimationStops == [LayerAnimationStop(layer: 1, key: "spin", serial: 0, time: 3.5, finished: true)])
        #expect(evaluation.settledTime == 3.5)
    }

    @Test func anEndlessRepeatKeepsTheSceneRunning() {
        let scene = Scene(name: "endless", canvas: Canvas(size: Vector2(10, 10)), layers: [Layer(id: "a", shape: .rect)],
                          script: [ScriptEvent(time: 0, action: .addLayerAnimation(layer: 0, key: nil, animation:
                                animation(MediaTiming(duration: 1, repeatCount: .infinity))), path: "script[0]")])
        #expect(SceneEvaluation(scene: scene, horizon: 7).settledTime == 7)
    }

    @Test func replacingAKeyStopsTheOldAnimationUnfinished() {
        let scene = Scene(name: "replace", canvas: Canvas(size: Vector2(10, 10)), layers: [Layer(id: "a", shape: .rect)],
                          script: [ScriptEvent(time: 0, action: .addLayerAnimation(layer: 0, key: "k", animation: animation(MediaTiming(duration: 2))), path: "script[0]"),
                                   ScriptEvent(time: 1, action: .addLayerAnimation(layer: 0, key: "k", animation: animation(MediaTiming(duration: 2))), path: "script[1]"),
                                   ScriptEvent(time: 1.5, action: .removeLayerAnimation(layer: 0, key: nil), path: "script[2]")])
        let evaluation = SceneEvaluation(scene: scene, horizon: 10)
        #expect(evaluation.layerAnimationStops.map(\.time) == [1, 1.5])
        #expect(evaluation.layerAnimationStops.allSatisfy { !$0.finished })
        #expect(evaluation.presentation(at: 1.25).values[0].rotation == 1.25)
        #expect(evaluation.presentation(at: 1.5).values[0].rotation == 0)
    }

    @Test func basicAnimationFromToByFollowsApplesTable() {
        // beneath = 4
        let cases: [(AnimatableValue?, AnimatableValue?, AnimatableValue?, Bool, (Double, Double))] = [
            (.number(1), .number(3), nil, false, (1, 3)),
            (.number(1), nil, .number(2), false, (1, 3)),
            (nil, .number(3), .number(2), false, (1, 3)),
            (.number(1), nil, nil, false, (1, 4)),
            (nil, .number(3), nil, false, (4, 3)),
            (nil, nil, .number(2), false, (4, 6)),
            (nil, nil, .number(2), true, (0, 2)),
        ]
        for (from, to, by, additive, expected) in cases {
            let (start, end) = LayerAnimation.endpoints(from: from, to: to, by: by, beneath: .number(4), additive: additive)
            #expect(start == .number(expected.0) && end == .number(expected.1), "from \(String(describing: from)) to \(String(describing: to)) by \(String(describing: by))")
        }
    }

    @Test func cumulativeRepeatsBuildOnTheLastEnd() {
        var values = LayerValues()
        values.rotation = 0
        let spin = LayerAnimation(property: .rotation, content: .basic(from: .number(0), to: .number(10), by: nil),
                                  timing: MediaTiming(duration: 1, repeatCount: 3), isCumulative: true)
        let scene = Scene(name: "cumulative", canvas: Canvas(size: Vector2(10, 10)), layers: [Layer(id: "a", shape: .rect, values: values)],
                          script: [ScriptEvent(time: 0, action: .addLayerAnimation(layer: 0, key: nil, animation: spin), path: "script[0]")])
        let evaluation = SceneEvaluation(scene: scene, horizon: 10)
        #expect([0.5, 1.5, 2.5].map { evaluation.presentation(at: $0).values[0].rotation } == [5, 15, 25])
    }
}

extension ScriptAction {
    typealias Timed = (time: Double, action: ScriptAction)
}
