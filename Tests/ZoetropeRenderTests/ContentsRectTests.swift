import Testing
import ZoetropeCore
import ZoetropeFormat
@testable import ZoetropeRender

/// `CALayer.contentsRect` as scene files say it (issue #48): the part of a layer's image drawn
/// in its bounds, a sprite sheet's frame, animated by a discrete key-frame animation.
@Suite struct ContentsRectTests {
    /// A 4 × 1 sprite sheet: red, green, blue and white frames of one pixel each.
    static let sheet = "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAQAAAABCAIAAAB2XpiaAAAAEElEQVR4nGP4z8DAAMZAAAAd7wX7DUR5XwAAAABJRU5ErkJggg=="

    static func scene(_ sprite: String, script: String = "") throws(SceneLoadError) -> Scene {
        try SceneLoader.parse(Array(("""
            canvas: { size: [100, 100], background: "#000000" }
            layers:
              - { id: sprite, shape: image, position: [50, 50], size: [100, 100], image: "\(sheet)", \(sprite) }

            """ + (script.isEmpty ? "" : "script:\n" + script)).utf8), file: "scenes/sprite.yaml").scene
    }

    static func centre(of scene: Scene, at time: Double) throws -> RasterImage.Pixel {
        let tree = SceneEvaluation(scene: scene, horizon: 2).presentation(at: time)
        return try RasterImage(drawing: tree)[50, 50]
    }

    static let red = RasterImage.Pixel(red: 255, green: 0, blue: 0), green = RasterImage.Pixel(red: 0, green: 255, blue: 0)
    static let blue = RasterImage.Pixel(red: 0, green: 0, blue: 255), white = RasterImage.Pixel(red: 255, green: 255, blue: 255)

    @Test func thePartOfTheImageFillsTheBounds() throws {
        #expect(try Self.centre(of: Self.scene("contentsRect: { origin: [0.5, 0], size: [0.25, 1] }"), at: 0) == Self.blue)
        #expect(try Self.centre(of: Self.scene("contentsRect: { size: [0.25, 1] }"), at: 0) == Self.red)
        let whole = try RasterImage(drawing: SceneEvaluation(scene: Self.scene("contentMode: fill"), horizon: 1).presentation(at: 0))
        #expect(whole[5, 50] == Self.red && whole[95, 50] == Self.white, "the whole sheet by default")
    }

    @Test func pastTheImageItsEdgePixelsRepeat() throws {
        let image = try RasterImage(drawing: SceneEvaluation(scene: Self.scene("contentsRect: { origin: [0.75, 0], size: [0.5, 1] }"), horizon: 1)
            .presentation(at: 0))
        #expect(image[40, 50] == Self.white && image[95, 50] == Self.white, "the white frame, and past it white again")
    }

    @Test func aDiscreteKeyframeAnimationPlaysTheSheet() throws {
        let scene = try Self.scene("contentsRect: { size: [0.25, 1] }", script: """
              - { at: 0, addAnimation: sprite, key: walk, animation: { keyPath: contentsRect.origin, values: [[0, 0], [0.25, 0], [0.5, 0], [0.75, 0]], calculationMode: discrete, duration: 1, repeatCount: infinity } }
            """)
        #expect(try [0.1, 0.3, 0.6, 0.9, 1.1].map { try Self.centre(of: scene, at: $0) } == [Self.red, Self.green, Self.blue, Self.white, Self.red])
        for text in [try SceneWriter.json(scene), try SceneWriter.yaml(scene)] {
            #expect(try SceneLoader.parse(Array(text.utf8), file: "scenes/sprite.json").scene == scene, "written:\n\(text)")
        }
    }

    @Test func anOutOfRangeRectIsReportedAtItsPath() {
        #expect(throws: SceneLoadError.self) { try Self.scene("contentsRect: { size: [-1, 1] }") }
        do {
            _ = try Self.scene("contentsRect: { origin: [2000, 0], extent: 1 }")
            Issue.record("expected problems")
        } catch {
            let messages = error.diagnostics.map(\.description)
            #expect(messages.contains { $0.contains("layers[sprite].contentsRect.origin") && $0.contains("-1000...1000") }, "\(messages)")
            #expect(messages.contains { $0.contains("layers[sprite].contentsRect") && $0.contains("extent") }, "\(messages)")
        }
    }
}
