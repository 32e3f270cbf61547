import Testing
import ZoetropeCore
import ZoetropeRender
@testable import ZoetropeUIKit

/// An emitter layer maps Core Animation's names onto Core's emitter, and a film draws its particles.
@MainActor @Suite struct CAEmitterLayerTests {
    /// A white square drawn by a renderer: the cell's image.
    private func square() -> UIImage {
        UIGraphicsImageRenderer(size: CGSize(width: 8, height: 8)).image { context in
            UIColor.white.setFill()
            context.fill(CGRect(x: 0, y: 0, width: 8, height: 8))
        }
    }

    @Test func itsPropertiesAreCoreAnimationsOverCoresEmitter() throws {
        let emitter = CAEmitterLayer()
        #expect(emitter.emitterShape == .point && emitter.emitterMode == .volume && emitter.renderMode == .unordered)
        #expect(emitter.birthRate == 1 && emitter.lifetime == 1 && emitter.velocity == 1 && emitter.scale == 1 && emitter.spin == 1)
        let cell = CAEmitterCell()
        #expect(cell.birthRate == 0 && cell.scale == 1 && cell.color == UIColor.white.cgColor && cell.isEnabled)
        cell.name = "flake"
        cell.contents = square().cgImage
        cell.birthRate = 12
        cell.lifetime = 3
        cell.lifetimeRange = 0.5
        cell.velocity = 40
        cell.emissionLongitude = .pi / 2
        cell.color = UIColor.red.cgColor
        cell.alphaSpeed = -0.25
        emitter.emitterShape = .line
        emitter.emitterMode = .outline
        emitter.renderMode = .additive
        emitter.seed = 7
        emitter.emitterPosition = CGPoint(x: 50, y: -5)
        emitter.emitterSize = CGSize(width: 100, height: 0)
        emitter.birthRate = 2
        emitter.emitterCells = [cell]
        let core = try #require(emitter.style.emitter)
        #expect(core.shape == .line && core.mode == .outline && core.renderMode == .additive && core.seed == 7)
        let made = try #require(core.cells.first)
        #expect(made.name == "flake" && made.birthRate == 12 && made.lifetime == 3 && made.lifetimeRange == 0.5 && made.velocity == 40)
        #expect(made.color == Color(red: 1, green: 0, blue: 0) && made.alphaSpeed == -0.25 && made.contents.hasPrefix("data:image/png;base64,"))
        #expect(emitter.detached.emitterPosition == Vector2(50, -5) && emitter.detached.emitterBirthRate == 2)
        #expect(emitter.emitterCells?.first === cell && emitter.emitterPosition == CGPoint(x: 50, y: -5))
    }

    @Test func aFilmDrawsTheParticlesAndABirthRateOfZeroStopsBirths() throws {
        let film = Film(size: CGSize(width: 100, height: 100), framesPerSecond: 10, backgroundColor: .black)
        let emitter = CAEmitterLayer()
        emitter.frame = CGRect(x: 0, y: 0, width: 100, height: 100)
        emitter.emitterPosition = CGPoint(x: 20, y: 20)
        let cell = CAEmitterCell()
        cell.contents = square().cgImage
        cell.birthRate = 2
        cell.lifetime = 10
        cell.velocity = 50
        emitter.emitterCells = [cell]
        film.rootView.layer.addSublayer(emitter)
        film.at(1) {
            // Without actions: a layer of its own would otherwise fade its birth rate out over
            // 0.25 s (an implicit animation), and one more particle would be born at 1 s.
            CATransaction.begin()
            CATransaction.setDisableActions(true)
            emitter.birthRate = 0
            CATransaction.commit()
        }
        film.advance(to: 2)
        let scene = film.scene()
        let index = try #require(scene.layers.index(of: "emitterLayer1"))
        let evaluation = SceneEvaluation(scene: scene, horizon: 2)
        var particles: [Particle] = []
        let tree = evaluation.presentation(at: 2)
        scene.layers.nodes[index].style.emitter?.particles(at: 2, history: tree.emission(of: index), into: &particles)
        #expect(particles.map(\.birthTime) == [0, 0.5], "born at 2 a second until the birth rate was set to 0 at 1 s")
        let image = try film.movie.image(ofFrame: 20)
        let newest = try #require(particles.last)
        #expect(image[Int(newest.position.x), Int(newest.position.y)].red == 255, "drawn where the model puts it")
    }
}
