import Testing
import ZoetropeCore

/// The frog at (200, 380); `back` springs it to (200, 380) (the chapter's drag-and-release).
private func frogScene(script: [ScriptEvent], timing: TimingParameters? = nil) throws -> SceneEvaluation {
    var frog = Layer(id: "frog", shape: .ellipse)
    frog.values.position = Vector2(200, 380)
    frog.values.size = Vector2(50, 50)
    let spring = try timing ?? .spring(SpringTimingParameters(mass: 1, stiffness: 10, damping: 10.0.squareRoot()))
    let back = AnimatorDefinition(id: "back", duration: 1, timing: spring, blocks: [
        AnimationBlock(assignments: [PropertyAssignment(PropertyTarget(layer: 0, property: .position), .vector(Vector2(200, 380)))]),
    ])
    let scene = Scene(name: "g", canvas: Canvas(size: Vector2(800, 600)), layers: [frog], animators: [back], script: script)
    return SceneEvaluation(scene: scene, horizon: 10)
}

private func event(_ time: Double, _ action: ScriptAction) -> ScriptEvent { ScriptEvent(time: time, action: action, path: "e") }
private func position(_ evaluation: SceneEvaluation, _ t: Double) -> Vector2 { evaluation.presentation(at: t).values[0].position }
private func near(_ a: Vector2, _ b: Vector2) -> Bool { abs(a.x - b.x) < 1e-9 && abs(a.y - b.y) < 1e-9 }

@Suite struct GestureTests {
    static let drag = ScriptAction.drag(layer: 0, points: [Vector2(200, 380), Vector2(260, 350), Vector2(400, 300)], duration: 0.3)

    @Test func aDraggedLayerFollowsTheFingerEvenlyInTime() throws {
        let evaluation = try frogScene(script: [event(0.5, Self.drag)])
        #expect(position(evaluation, 0.5) == Vector2(200, 380))
        #expect(near(position(evaluation, 0.575), Vector2(230, 365)), "half way through the first of two 0.15 s segments")
        #expect(near(position(evaluation, 0.65), Vector2(260, 350)))
        #expect(position(evaluation, 0.8) == Vector2(400, 300))
        #expect(position(evaluation, 3) == Vector2(400, 300), "the model keeps the finger's last point")
    }

    @Test func aFlingCarriesTheLayerOnInTheDragsDirectionBeforeTheSpringBringsItBack() throws {
        let fling = try frogScene(script: [event(0.5, Self.drag), event(0.8, .release(layer: 0, animator: 0))])
        // Release velocity: (140, −50) / 0.15 s = (933.3, −333.3) pt/s over a distance of (−200, 80): (−4.667, −4.167).
        let later = position(fling, 0.85)
        #expect(later.x > 400 && later.y < 300, "still moving right and up after the release (\(later))")
        let still = try frogScene(script: [event(0.5, Self.drag), event(1.5, .release(layer: 0, animator: 0))])
        #expect(position(still, 1.55).x < 400, "released after the finger stopped: straight back")
        #expect(fling.completions.first?.position == .end)
        let settled = position(fling, 9)
        #expect(abs(settled.x - 200) < 1e-9 && abs(settled.y - 380) < 1e-9)
    }

    @Test func aPanCatchesAnAnimationMidFlightWithoutAJumpAndFollowsTheFinger() throws {
        let move = AnimatorDefinition(id: "dismiss", duration: 2, timing: .cubic(.easeInOut), blocks: [
            AnimationBlock(assignments: [PropertyAssignment(PropertyTarget(layer: 0, property: .position, component: 1), .number(580))]),
        ])
        var sheet = Layer(id: "sheet", shape: .rect)
        sheet.values.position = Vector2(200, 380)
        let scene = Scene(name: "p", canvas: Canvas(size: Vector2(800, 600)), layers: [sheet], animators: [move], script: [
            event(0, .start(target: .animator(0), delay: 0)),
            event(1.5, .pan(target: .animator(0), to: 0.6, by: nil, duration: 0.4)),
        ])
        let evaluation = SceneEvaluation(scene: scene, horizon: 5)
        let caughtProgress = CubicTimingParameters.easeInOut.progress(atFraction: 0.75)
        let atCatch = evaluation.presentation(at: 1.5).values[0].position.y
        #expect(abs(atCatch - (380 + 200 * caughtProgress)) < 1e-9, "no jump when caught")
        let status = evaluation.animatorStatus(at: 1.7)[0]
        #expect(!status.isRunning && status.state == .active)
        #expect(abs(status.fractionComplete - (caughtProgress + (0.6 - caughtProgress) / 2)) < 1e-12, "half way to 0.6")
        #expect(abs(evaluation.presentation(at: 3).values[0].position.y - (380 + 200 * 0.6)) < 1e-9, "stays paused at 0.6")
        #expect(evaluation.completions.isEmpty)
    }
}
