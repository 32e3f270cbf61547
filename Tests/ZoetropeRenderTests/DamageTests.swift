import Foundation
import Testing
@testable import ZoetropeRender
import ZoetropeCore
import ZoetropeFormat

private let sceneFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("scenes").path

private let sceneFiles = ((try? FileManager.default.contentsOfDirectory(atPath: sceneFolder)) ?? [])
    .filter { $0.hasSuffix(".yaml") || $0.hasSuffix(".json") }.sorted()

/// A worker draws only what changed since its previous frame; every frame must still be the
/// same pixels as the frame drawn from scratch.
@Suite struct DamageTests {
    @Test func everySceneIsHere() {
        #expect(sceneFiles.count >= 15, "\(sceneFiles)")
    }

    @Test(arguments: sceneFiles)
    func drawingOnlyWhatChangedGivesTheSamePixels(scene: String) throws {
        let loaded = try SceneLoader.load(sceneFolder + "/" + scene)
        let (evaluation, duration) = try loaded.evaluate()
        let frameRate = loaded.scene.frameRate
        let frames = frameRate.frameCount(forDuration: duration)
        let scale = 0.5
        let width = Int((loaded.scene.canvas.size.x * scale).rounded()), height = Int((loaded.scene.canvas.size.y * scale).rounded())
        let drawer = try FrameDrawer(width: width, height: height)
        var mismatches: [Int] = []
        for index in 0..<frames {
            let tree = evaluation.presentation(at: frameRate.time(ofFrame: index))
            try drawer.draw(tree, scale: scale)
            // Every other frame is compared (a wrong pixel outside a later damage box would stay).
            guard index % 2 == 0 || index == frames - 1 else { continue }
            let damaged = RasterImage(surface: try #require(drawer.image))
            if damaged != (try RasterImage(drawing: tree, scale: scale)) { mismatches.append(index) }
        }
        #expect(mismatches.isEmpty, "\(scene): frames drawn only where they changed differ from whole frames: \(mismatches)")
        #expect(drawer.redrawnPixels < frames * width * height, "\(scene): something was left undrawn")
    }
}
