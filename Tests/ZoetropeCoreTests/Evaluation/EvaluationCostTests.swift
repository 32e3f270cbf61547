import Testing
import ZoetropeCore

/// Evaluation at the count limits: what many events, animators and completions do, and that a
/// large scene read through its saved stages reads as a fresh stage stepped to the same instant.
@Suite struct EvaluationCostTests {
    private func layers(_ count: Int) -> [Layer] {
        (0..<count).map { index in
            var layer = Layer(id: "l\(index)", shape: .rect)
            layer.values.size = Vector2(10, 10)
            return layer
        }
    }

    private func scene(layers count: Int = 1, animators: [AnimatorDefinition] = [], script: [ScriptEvent]) -> Scene {
        Scene(name: "cost", canvas: Canvas(size: Vector2(100, 100)), frameRate: FrameRate(10), duration: .seconds(10),
              layers: layers(count), animators: animators, script: script)
    }

    private func moveX(_ layer: Int, to x: Double) -> PropertyAssignment {
        PropertyAssignment(PropertyTarget(layer: layer, property: .position), .vector(Vector2(x, 0)))
    }

    @Test func plainSetEventsUpToTheItemLimitEvaluateWithoutALoopDiagnostic() {
        let count = SceneLimits.items
        let script = (0..<count).map { index in
            ScriptEvent(time: Double(index) / Double(count), action: .set([moveX(0, to: Double(index))]), path: "script[\(index)]")
        }
        let evaluation = SceneEvaluation(scene: scene(script: script), horizon: 1)
        #expect(evaluation.diagnostics.isEmpty, "\(evaluation.diagnostics.prefix(1))")
        #expect(evaluation.presentation(at: 1).values[0].position.x == Double(count - 1))
        #expect(evaluation.presentation(at: 0.5).values[0].position.x == Double(count / 2))
    }

    @Test func aCompletionThatFinishesItsOwnAnimatorStopsAtTheNestingGuard() {
        let loop = AnimatorDefinition(id: "loop", duration: 1, blocks: [AnimationBlock(assignments: [moveX(0, to: 10)])],
                                      completions: [Completion(position: nil, actions: [.start(target: .animator(0), delay: 0)], path: "c0"),
                                                    Completion(position: nil, actions: [.stop(target: .animator(0), withoutFinishing: false)], path: "c1"),
                                                    Completion(position: nil, actions: [.finish(target: .animator(0), position: .end)], path: "c2")])
        let evaluation = SceneEvaluation(scene: scene(animators: [loop], script: [ScriptEvent(time: 0, action: .start(target: .animator(0), delay: 0), path: "s")]),
                                         horizon: 2)
        #expect(evaluation.diagnostics.contains { $0.message.contains("completion handlers nested over \(SceneLimits.completionDepth) deep") })
        #expect(evaluation.completions.count <= SceneLimits.completionDepth + 2)
    }

    /// Enough layers that stages are saved only every few steps, so most instants are reached
    /// by stepping a saved stage on; every one must match a stage stepped there from the start.
    @Test func anyInstantOfALargeSceneReadsAsAFreshStageSteppedThere() {
        let count = 64
        let animators = (0..<count).map { index in
            AnimatorDefinition(id: "m\(index)", duration: 0.5 + Double(index % 5) * 0.1,
                               blocks: [AnimationBlock(assignments: [moveX(index, to: Double(10 + index))])])
        }
        var script: [ScriptEvent] = []
        for index in 0..<count {
            script.append(ScriptEvent(time: Double(index) * 0.05, action: .start(target: .animator(index), delay: 0), path: "start \(index)"))
            if index % 3 == 0 {
                script.append(ScriptEvent(time: Double(index) * 0.05 + 0.2, action: .pause(target: .animator(index)), path: "pause \(index)"))
                script.append(ScriptEvent(time: Double(index) * 0.05 + 0.4, action: .start(target: .animator(index), delay: 0), path: "resume \(index)"))
            }
        }
        let built = scene(layers: count, animators: animators, script: script)
        let evaluation = SceneEvaluation(scene: built, horizon: 6)
        for step in [0, 7, 13, 31, 40, 41, 57, 80, 99, 120] {
            let time = Double(step) * 0.05
            var stage = Stage(scene: built)
            for event in script.enumerated().sorted(by: { ($0.element.time, $0.offset) < ($1.element.time, $1.offset) }).map(\.element)
            where event.time <= time {
                stage.advance(to: event.time)
                try? stage.perform(event.action)  // illegal calls are skipped, as the evaluation skips them
            }
            stage.advance(to: time)
            #expect(evaluation.presentation(at: time).values == stage.presentation, "t = \(time)")
            #expect(evaluation.animatorStatus(at: time) == stage.animatorStatus, "t = \(time)")
        }
    }

    @Test func pathDataPastTheSegmentLimitThrowsWithTheLimit() {
        let data = "M 0 0 " + String(repeating: "L 1 1 ", count: SceneLimits.pathSegments)
        #expect(throws: SVGPathError.self) { try SVGPath(parsing: data) }
        do {
            _ = try SVGPath(parsing: data)
        } catch {
            #expect(error.exceedsLimit)
        }
        #expect((try? SVGPath(parsing: "M 0 0 " + String(repeating: "L 1 1 ", count: SceneLimits.pathSegments - 1))) != nil)
    }

    @Test func aStillMotionPathTurnsByItsOffset() throws {
        let motion = try KeyframeTrack.motion(along: SVGPath(parsing: "M 10 10"), rotationOffset: .pi)
        #expect(motion.position.values == [.vector(Vector2(10, 10))])
        #expect(motion.rotation.values == [.number(.pi)])
    }
}
