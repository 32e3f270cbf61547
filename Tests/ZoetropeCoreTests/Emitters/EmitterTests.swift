import Testing
import ZoetropeCore

/// Positions and times compare to this: particles are closed forms in Double.
private let tolerance = 1e-9

/// A layer at the canvas origin emitting `cells` from `position`.
private func emitterLayer(_ cells: [EmitterCell], position: Vector2 = Vector2(50, 50), seed: UInt32 = 1,
                          configure: (inout Emitter) -> Void = { _ in }) -> Layer {
    var layer = Layer(id: "emitter", shape: .group)
    layer.values.position = Vector2(50, 50)
    layer.values.size = Vector2(100, 100)
    layer.values.emitterPosition = position
    var emitter = Emitter(seed: seed, cells: cells)
    configure(&emitter)
    layer.style.emitter = emitter
    return layer
}

/// A cell born at `birthRate` a second that lives `lifetime` seconds, still, with nothing random.
private func cell(birthRate: Double, lifetime: Double) -> EmitterCell {
    var cell = EmitterCell(name: "dot", contents: "dot.png")
    cell.birthRate = birthRate
    cell.lifetime = lifetime
    return cell
}

private func evaluation(_ layer: Layer, script: [ScriptEvent] = [], animators: [AnimatorDefinition] = [], horizon: Double = 10) -> SceneEvaluation {
    SceneEvaluation(scene: Scene(name: "particles", canvas: Canvas(size: Vector2(100, 100)), layers: [layer], animators: animators,
                                 script: script), horizon: horizon)
}

/// The particles of the scene's one emitter at `time`.
private func particles(_ evaluation: SceneEvaluation, at time: Double) -> [Particle] {
    let tree = evaluation.presentation(at: time)
    var found: [Particle] = []
    tree.layers.nodes[0].style.emitter?.particles(at: time, history: tree.emission(of: 0), into: &found)
    return found
}

@Suite struct EmitterTests {
    @Test func particlesAtATimeAreTheSameWhateverWasEvaluatedBefore() {
        var snow = cell(birthRate: 40, lifetime: 3)
        snow.lifetimeRange = 1
        snow.velocity = 30
        snow.velocityRange = 10
        snow.emissionRange = .pi
        snow.spinRange = 2
        snow.scaleRange = 0.5
        snow.redRange = 0.3
        snow.alphaSpeed = -0.2
        snow.yAcceleration = 9
        let layer = emitterLayer([snow]) { $0.shape = .rectangle }
        var withSize = layer
        withSize.values.emitterSize = Vector2(80, 20)
        let alone = particles(evaluation(withSize), at: 2.5)
        let walked = evaluation(withSize)
        for time in stride(from: 0.0, through: 4, by: 1 / 30) { _ = particles(walked, at: time) }
        #expect(!alone.isEmpty)
        #expect(particles(walked, at: 2.5) == alone, "the same particles after evaluating the frames before and after")
        #expect(particles(evaluation(withSize), at: 2.5) == alone, "and from another evaluation of the same scene")
    }

    @Test func particleIIsBornAtIOverTheBirthRate() {
        let found = particles(evaluation(emitterLayer([cell(birthRate: 10, lifetime: 100)])), at: 1.05)
        #expect(found.map(\.index) == Array(0...10))
        for particle in found { #expect(abs(particle.birthTime - Double(particle.index) / 10) < tolerance) }
        let counted = emitterLayer([cell(birthRate: 10, lifetime: 100)])
        let tree = evaluation(counted).presentation(at: 3.01)
        #expect(counted.style.emitter?.birthCounts(at: 3.01, history: tree.emission(of: 0)) == [31])
    }

    @Test func aParticleDiesAtTheEndOfItsLifetime() {
        let emitter = evaluation(emitterLayer([cell(birthRate: 1, lifetime: 1)]))
        #expect(particles(emitter, at: 0.5).map(\.index) == [0])
        #expect(particles(emitter, at: 1.5).map(\.index) == [1], "particle 0 lived from 0 to 1")
        #expect(particles(emitter, at: 1000.25).map(\.index) == [1000], "a late frame visits the living only")
    }

    @Test func aParticleMovesByItsVelocityAndAcceleration() throws {
        var falling = cell(birthRate: 1, lifetime: 10)
        falling.velocity = 100
        falling.emissionLongitude = 0
        falling.xAcceleration = -10
        falling.yAcceleration = 50
        falling.spin = 2
        falling.scale = 0.5
        falling.scaleSpeed = 0.25
        falling.alphaSpeed = -0.1
        let particle = try #require(particles(evaluation(emitterLayer([falling])), at: 0.4).first)
        let age = 0.4
        #expect(abs(particle.position.x - (50 + 100 * age - 5 * age * age)) < tolerance)
        #expect(abs(particle.position.y - (50 + 25 * age * age)) < tolerance)
        #expect(abs(particle.rotation - 2 * age) < tolerance && abs(particle.scale - (0.5 + 0.25 * age)) < tolerance)
        #expect(abs(particle.color.alpha - (1 - 0.1 * age)) < tolerance && particle.color.red == 1)
    }

    @Test func aBirthRateOfZeroStopsBirthsAndTheLivingLiveOn() {
        let stop = ScriptEvent(time: 1, action: .set([PropertyAssignment(PropertyTarget(layer: 0, property: .emitterBirthRate), .number(0))]),
                               path: "script[0]")
        let emitter = evaluation(emitterLayer([cell(birthRate: 10, lifetime: 2)]), script: [stop])
        #expect(particles(emitter, at: 1).count == 10)
        #expect(particles(emitter, at: 1.5).map(\.index) == Array(0...9), "none born after 1 s")
        #expect(particles(emitter, at: 2.55).map(\.index) == Array(6...9), "those born before 1 s live out their 2 s")
        #expect(particles(emitter, at: 3.5).isEmpty)
    }

    @Test func anAnimatedBirthRateIsIntegratedOverTime() throws {
        var ramp = AnimatorDefinition(id: "ramp", duration: 2, timing: .cubic(.linear))
        ramp.blocks = [AnimationBlock(assignments: [PropertyAssignment(PropertyTarget(layer: 0, property: .emitterBirthRate), .number(3))])]
        let start = ScriptEvent(time: 0, action: .start(target: .animator(0), delay: 0), path: "script[0]")
        let layer = emitterLayer([cell(birthRate: 10, lifetime: 100)])
        let emitter = evaluation(layer, script: [start], animators: [ramp])
        let tree = emitter.presentation(at: 2)
        // ∫₀² (1 + t) dt = 4 births a unit of rate: 40, to within the history's 1/240 s steps.
        let count = try #require(layer.style.emitter?.birthCounts(at: 2, history: tree.emission(of: 0)).first)
        #expect(abs(count - 40) <= 1, "found \(count)")
        #expect(particles(emitter, at: 3).count == count + 30, "3 a second for a second after the ramp")
    }

    @Test func aMovedEmitterLeavesItsParticlesWhereTheyWereBorn() {
        let move = ScriptEvent(time: 1, action: .set([PropertyAssignment(PropertyTarget(layer: 0, property: .emitterPosition), .vector(Vector2(10, 90)))]),
                               path: "script[0]")
        let found = particles(evaluation(emitterLayer([cell(birthRate: 2, lifetime: 10)]), script: [move]), at: 1.6)
        #expect(found.filter { $0.birthTime < 1 }.allSatisfy { $0.position == Vector2(50, 50) })
        #expect(found.filter { $0.birthTime >= 1 }.map(\.position) == [Vector2(10, 90), Vector2(10, 90)])
    }

    @Test func prewarmHasTheParticlesOfTheSecondsBeforeTheFirstFrame() {
        let warm = emitterLayer([cell(birthRate: 2, lifetime: 10)]) { $0.prewarm = 5 }
        let found = particles(evaluation(warm), at: 0)
        #expect(found.count == 10 && abs((found.first?.birthTime ?? 0) + 5) < tolerance)
    }

    @Test func aCellEmitsFromItsBeginTimeForItsDuration() {
        var late = cell(birthRate: 4, lifetime: 100)
        late.beginTime = 1
        late.duration = 0.5
        let emitter = evaluation(emitterLayer([late]))
        #expect(particles(emitter, at: 0.9).isEmpty)
        #expect(particles(emitter, at: 5).map(\.birthTime) == [1, 1.25])
    }

    @Test func theSeedDecidesTheParticles() {
        var spread = cell(birthRate: 20, lifetime: 5)
        spread.velocity = 40
        spread.emissionRange = 2 * .pi
        let one = particles(evaluation(emitterLayer([spread], seed: 7)), at: 2)
        #expect(one == particles(evaluation(emitterLayer([spread], seed: 7)), at: 2))
        #expect(one.map(\.position) != particles(evaluation(emitterLayer([spread], seed: 8)), at: 2).map(\.position))
    }

    @Test(arguments: [EmitterRenderMode.unordered, .oldestFirst, .oldestLast])
    func theRenderModeOrdersTheParticles(mode: EmitterRenderMode) {
        let found = particles(evaluation(emitterLayer([cell(birthRate: 3, lifetime: 10), cell(birthRate: 2, lifetime: 10)]) { $0.renderMode = mode }), at: 1.1)
        let births = found.map(\.birthTime)
        switch mode {
        case .oldestFirst: #expect(births == births.sorted())
        case .oldestLast: #expect(births == births.sorted(by: >))
        default: #expect(found.map(\.cell) == [0, 0, 0, 0, 1, 1, 1])
        }
    }

    @Test func aHiddenEmitterEmitsNothing() {
        let show = ScriptEvent(time: 2, action: .set([PropertyAssignment(PropertyTarget(layer: 0, property: .hidden), .flag(false))]),
                               path: "script[0]")
        var layer = emitterLayer([cell(birthRate: 1, lifetime: 100)])
        layer.values.hidden = true
        #expect(particles(evaluation(layer, script: [show]), at: 3.5).map(\.birthTime) == [2, 3])
    }
}
