import Testing
import ZoetropeCore
@testable import ZoetropeRender

/// A box moved linearly from x = 0 to 100 over 1 s, started at 0, paused at 0.5, scrubbed to
/// 0.9 at 0.7 (a jump), resumed at 1.
private func scrubbedScene(duration: Double = 1, pauseAt: Double = 0.5) -> SceneEvaluation {
    var box = Layer(id: "box", shape: .rect)
    box.values.size = Vector2(10, 10)
    let move = AnimatorDefinition(id: "move", duration: duration, timing: .cubic(.linear), blocks: [
        AnimationBlock(assignments: [PropertyAssignment(PropertyTarget(layer: 0, property: .position), .vector(Vector2(100, 0)))]),
    ])
    let script = [
        ScriptEvent(time: 0, action: .start(target: .animator(0), delay: 0), path: "script[0]"),
        ScriptEvent(time: pauseAt, action: .pause(target: .animator(0)), path: "script[1]"),
        ScriptEvent(time: 0.7, action: .fraction(target: .animator(0), value: 0.9), path: "script[2]"),
        ScriptEvent(time: 1, action: .start(target: .animator(0), delay: 0), path: "script[3]"),
    ]
    let scene = Scene(name: "scrub", canvas: Canvas(size: Vector2(200, 100)), frameRate: FrameRate(30),
                      duration: .seconds(1.5), layers: [box], animators: [move], script: script)
    return SceneEvaluation(scene: scene, horizon: 1.5)
}

@Suite struct PropertyPlotTests {
    @Test func aPointPlotsItsComponentsAndAColourItsChannels() throws {
        let layers = scrubbedScene().scene.layers
        #expect(try PropertyPlot.components(ofKey: "box.position", in: layers).get().map(\.key) == ["box.position.x", "box.position.y"])
        #expect(try PropertyPlot.components(ofKey: "box.size.height", in: layers).get().map(\.key) == ["box.size.height"])
        #expect(try PropertyPlot.components(ofKey: "box.fill", in: layers).get().map(\.key)
                == ["box.fill.red", "box.fill.green", "box.fill.blue", "box.fill.alpha"])
        #expect(try PropertyPlot.components(ofKey: "box.fill.alpha", in: layers).get().map(\.key) == ["box.fill.alpha"])
        #expect(throws: PropertyKeyError.self) { try PropertyPlot.components(ofKey: "box.text", in: layers).get() }
        #expect(throws: PropertyKeyError.self) { try PropertyPlot.components(ofKey: "box.opacity.red", in: layers).get() }
    }

    @Test func velocityFollowsTheMotionAndDoesNotSpikeAtAJump() throws {
        let evaluation = scrubbedScene()
        let x = try PropertyPlot.components(ofKey: "box.position.x", in: evaluation.scene.layers).get()
        let plot = PropertyPlot(title: "", sources: [PropertyPlot.Source(name: "", evaluation: evaluation, duration: 1.5)],
                                components: x, velocity: true, samples: 150)
        #expect(plot.charts.map(\.title) == ["box.position.x", "box.position.x velocity"])
        func positionX(_ time: Double) -> Double { evaluation.presentation(at: time).values[0].position.x }
        #expect(abs(PropertyPlot.rate(of: positionX, at: 0.25) - 100) < 1e-3)
        #expect(abs(PropertyPlot.rate(of: positionX, at: 0.6)) < 1e-6)
        // At the scrub's instant the value after it holds still; just before it, the value
        // before it does: the jump itself is never read as speed.
        #expect(abs(PropertyPlot.rate(of: positionX, at: 0.7)) < 1e-6)
        #expect(abs(PropertyPlot.rate(of: positionX, at: 0.7 - 2e-6)) < 1e-6)
        let velocity = plot.charts[1].series[0].points
        #expect(velocity.allSatisfy { !$0.y.isFinite || abs($0.y) <= 100 + 1e-3 })
        #expect(velocity.filter { $0.y.isFinite }.count == velocity.count)
    }

    @Test func eventsAreMarkersAndTheBandFollowsTheAnimatorsState() throws {
        let evaluation = scrubbedScene()
        let plot = PropertyPlot(title: "", sources: [PropertyPlot.Source(name: "", evaluation: evaluation, duration: 1.5)],
                                components: try PropertyPlot.components(ofKey: "box.position.x", in: evaluation.scene.layers).get(),
                                velocity: false)
        #expect(plot.charts[0].markers.map(\.label) == ["start move", "pause move", "fraction move = 0.9", "start move", "move → end"])
        #expect(plot.charts[0].markers.map(\.x) == [0, 0.5, 0.7, 1, 1.1])
        let tracks = try #require(plot.band.lanes.first).tracks
        #expect(tracks.map(\.name) == ["state", "isRunning", "isReversed", "fractionComplete"])
        let running = tracks[1].segments.map { [$0.start, $0.end] }
        // Running until the pause, not running until the resume, running until it ends 0.1 s later.
        #expect(tracks[1].segments.map(\.text) == ["running", "not running", "running", "not running"])
        #expect(running.count == 4 && running[1] == [0.5, 1] && abs(running[2][1] - 1.1) < 1e-9)
        #expect(tracks[0].segments.map(\.text) == ["active", "inactive"])
    }

    @Test func variantsGetACurveEachAndEventsOnlySomeHaveAreColoured() throws {
        let short = scrubbedScene(duration: 1), long = scrubbedScene(duration: 2, pauseAt: 0.6)
        let sources = [PropertyPlot.Source(name: "duration=1", evaluation: short, duration: 1.5),
                       PropertyPlot.Source(name: "duration=2", evaluation: long, duration: 1.5)]
        let plot = PropertyPlot(title: "scrub", sources: sources,
                                components: try PropertyPlot.components(ofKey: "box.position", in: short.scene.layers).get(),
                                velocity: false)
        #expect(plot.charts.map { $0.series.map(\.name) } == [["duration=1", "duration=2"], ["duration=1", "duration=2"]])
        // x differs between the variants; y (0 throughout) is the same, so the second is dashed.
        #expect(plot.charts.map { $0.series.map(\.dashed) } == [[false, false], [false, true]])
        // Events both scripts have are grey; each variant's own pause takes its colour.
        #expect(plot.charts[0].markers.map { "\($0.x) \($0.label) \($0.series.map(String.init) ?? "-")" }
                == ["0.0 start move -", "0.5 pause move 0", "0.6 pause move 1", "0.7 fraction move = 0.9 -", "1.0 start move -", "1.1 move → end 0", "1.2 move → end 1"])
        #expect(plot.band.lanes.map(\.title) == ["duration=1 · move", "duration=2 · move"])
        let png = try plot.pngData(width: 800, panelHeight: 300)
        #expect(png.count > 1000)
    }

    @Test func theBandDrawsATimelinesPlayheadAndItsChildrensLocalFractions() throws {
        // Two 1 s linear animators in sequence on a timeline, started at 0 and reversed at 1.5 s.
        let layers = ["a", "b"].map { Layer(id: $0, shape: .rect) }
        let animators = [0, 1].map { index in
            AnimatorDefinition(id: "m\(index)", duration: 1, timing: .cubic(.linear), blocks: [
                AnimationBlock(assignments: [PropertyAssignment(PropertyTarget(layer: index, property: .opacity), .number(0))]),
            ])
        }
        let timeline = GroupDefinition(id: "tl", kind: .timeline, members: [.init(target: .animator(0)), .init(target: .animator(1), delay: 1)])
        let scene = Scene(name: "t", canvas: Canvas(size: Vector2(10, 10)), layers: layers, animators: animators, groups: [timeline],
                          script: [ScriptEvent(time: 0, action: .start(target: .group(0), delay: 0), path: "s"),
                                   ScriptEvent(time: 1.5, action: .reverse(target: .group(0), value: nil), path: "s")])
        let evaluation = SceneEvaluation(scene: scene, horizon: 4)
        let opacity = try PropertyPlot.components(ofKey: "a.opacity", in: scene.layers).get()
        let plot = PropertyPlot(title: "", sources: [PropertyPlot.Source(name: "", evaluation: evaluation, duration: 4)],
                                components: opacity, velocity: false, samples: 84)
        func track(_ lane: String) throws -> StateBand.Track {
            try #require(plot.band.lanes.first { $0.title == lane }?.tracks.first { $0.name == "fractionComplete" })
        }
        func value(_ points: [Vector2], at time: Double) throws -> Double {
            try #require(points.first { abs($0.x - time) < 1e-6 }).y
        }
        // The playhead is its own line where it is not the fraction: it runs back after 1.5 s.
        #expect(abs(try value(track("tl").playhead, at: 1.5) - 0.75) < 1e-6)
        #expect(abs(try value(track("tl").playhead, at: 2.5) - 0.25) < 1e-6, "the playhead runs back")
        #expect(abs(try value(track("m0").playhead, at: 2.5) - 0.5) < 1e-6, "the ended child replays")
        // Issue 27, item 4: the band's fraction is what sample reports, for the timeline and for
        // its children (a reversed child read 1 where sample said 0).
        for time in [0.5, 1.5, 2.5, 3.5] {
            for status in evaluation.animatorStatus(at: time) where status.state != .inactive {
                #expect(abs(try value(track(status.id).curve, at: time) - status.fractionComplete) < 1e-9, "\(status.id) at \(time)")
            }
        }
        #expect(try value(track("m1").curve, at: 2.5) == evaluation.animatorStatus(at: 2.5).first { $0.id == "m1" }?.fractionComplete)
        #expect(plot.band.lanes.allSatisfy { $0.tracks.count == StateBand.tracksPerLane })
    }

    @Test func anAnimatorsFractionIsPlottableAndCompletionsAreMarked() throws {
        let evaluation = scrubbedScene()
        let fraction = try PropertyPlot.components(ofKey: "move", in: evaluation.scene).get()
        #expect(fraction.map(\.key) == ["move.fractionComplete"])
        #expect(throws: PropertyKeyError.self) { try PropertyPlot.components(ofKey: "move.playhead", in: evaluation.scene).get() }
        let plot = PropertyPlot(title: "", sources: [PropertyPlot.Source(name: "", evaluation: evaluation, duration: 1.5)],
                                components: fraction, velocity: false, samples: 315)
        let points = try #require(plot.charts.first?.series.first?.points)
        #expect(abs((points.first { abs($0.x - 0.3) < 1e-6 }?.y ?? .nan) - 0.3) < 1e-6, "running: the time fraction")
        #expect(abs((points.first { abs($0.x - 0.8) < 1e-6 }?.y ?? .nan) - 0.9) < 1e-6, "scrubbed to 0.9")
        #expect(plot.charts.first?.markers.contains { $0.label.contains("move → end") } == true, "the completion is marked")
    }
}
