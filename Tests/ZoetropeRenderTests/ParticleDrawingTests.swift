import Testing
import ZoetropeCore
@testable import ZoetropeRender

/// An 8×8 white PNG.
private let dot = "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAgAAAAICAYAAADED76LAAAAD0lEQVR42mP4TwAwjAwFAIS1/wHNOWXHAAAAAElFTkSuQmCC"

/// A 200 × 200 scene on black with one emitter layer, at the canvas's origin, of `cells`.
private func scene(_ cells: [EmitterCell], renderMode: EmitterRenderMode = .unordered, layerPosition: Vector2 = Vector2(100, 100)) -> Scene {
    var layer = Layer(id: "emitter", shape: .group)
    layer.values.position = layerPosition
    layer.values.size = Vector2(200, 200)
    layer.values.emitterPosition = Vector2(40, 60)
    layer.style.emitter = Emitter(renderMode: renderMode, cells: cells)
    return Scene(name: "particles", canvas: Canvas(size: Vector2(200, 200), background: .black), layers: [layer])
}

private func moving(color: Color = .white) -> EmitterCell {
    var cell = EmitterCell(name: "dot", contents: dot)
    cell.birthRate = 1
    cell.lifetime = 10
    cell.velocity = 80
    cell.emissionLongitude = .pi / 4
    cell.yAcceleration = 20
    cell.color = color
    return cell
}

private func draw(_ scene: Scene, at time: Double) throws -> (image: RasterImage, particles: [Particle]) {
    let tree = SceneEvaluation(scene: scene, horizon: time + 1).presentation(at: time)
    let drawer = try FrameDrawer(width: 200, height: 200)
    try drawer.draw(tree)
    var particles: [Particle] = []
    tree.layers.nodes[0].style.emitter?.particles(at: time, history: tree.emission(of: 0), into: &particles)
    return (RasterImage(surface: try #require(drawer.image)), particles)
}

@Suite struct ParticleDrawingTests {
    @Test func aParticleIsDrawnWhereTheModelPutsIt() throws {
        let (image, particles) = try draw(scene([moving()]), at: 0.75)
        let particle = try #require(particles.first)
        #expect(particles.count == 1)
        // The layer's bounds start at the canvas's (100 − 100, 100 − 100): particle coordinates are the canvas's.
        let x = Int(particle.position.x), y = Int(particle.position.y)
        #expect(image[x, y] == RasterImage.Pixel(red: 255, green: 255, blue: 255), "the 8-point sprite covers its centre")
        #expect(image[x + 6, y] == RasterImage.Pixel(red: 0, green: 0, blue: 0) && image[x, y - 6] == RasterImage.Pixel(red: 0, green: 0, blue: 0),
                "and ends 4 points from it")
        #expect(image[40, 60] == RasterImage.Pixel(red: 0, green: 0, blue: 0), "it has left the emitter")
    }

    @Test func theLayerPlacesItsParticles() throws {
        let (image, particles) = try draw(scene([moving()], layerPosition: Vector2(130, 110)), at: 0.75)
        let particle = try #require(particles.first)
        #expect(image[Int(particle.position.x) + 30, Int(particle.position.y) + 10] == RasterImage.Pixel(red: 255, green: 255, blue: 255))
    }

    @Test func aParticlesColourTintsItsImage() throws {
        let (image, particles) = try draw(scene([moving(color: Color(red: 1, green: 0, blue: 0, alpha: 0.5))]), at: 0.75)
        let particle = try #require(particles.first)
        let pixel = image[Int(particle.position.x), Int(particle.position.y)]
        #expect(abs(Int(pixel.red) - 128) <= 1 && pixel.green == 0 && pixel.blue == 0, "\(pixel)")
    }

    @Test func theAdditiveModeAddsOverlappingParticles() throws {
        var still = EmitterCell(name: "dot", contents: dot)
        still.birthRate = 4
        still.lifetime = 10
        still.color = Color(red: 0.25, green: 0.25, blue: 0.25)
        let (image, _) = try draw(scene([still], renderMode: .additive), at: 0.9)
        #expect(image[40, 60] == RasterImage.Pixel(red: 255, green: 255, blue: 255), "four quarters at one place add up to white")
        let (over, _) = try draw(scene([still]), at: 0.9)
        #expect(over[40, 60] == RasterImage.Pixel(red: 64, green: 64, blue: 64), "drawn over one another, the top one shows")
    }

    @Test func framesDrawnInAnyOrderAreTheSame() throws {
        var snow = moving()
        snow.birthRate = 30
        snow.emissionRange = 2 * .pi
        snow.velocityRange = 40
        let scene = scene([snow])
        let evaluation = SceneEvaluation(scene: scene, horizon: 3)
        let walked = try FrameDrawer(width: 200, height: 200)
        for frame in 0...60 { try walked.draw(evaluation.presentation(at: Double(frame) / 30)) }
        let alone = try FrameDrawer(width: 200, height: 200)
        try alone.draw(evaluation.presentation(at: 2))
        #expect(RasterImage(surface: try #require(walked.image)).pixels == RasterImage(surface: try #require(alone.image)).pixels,
                "the last of 61 frames, each drawn over the one before, equals the frame drawn alone")
    }
}
