import Foundation
import Testing
import ZoetropePipeline
import ZoetropeRender

/// A manifest is data from a stranger: every frame it names must stay in its folder.
@Suite struct RenderManifestTests {
    /// An empty folder, removed after the test.
    private final class Layout {
        let folder: String
        init() throws {
            folder = FileManager.default.temporaryDirectory.appendingPathComponent("zoetrope-manifest-\(UUID().uuidString)").path
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        }
        deinit { try? FileManager.default.removeItem(atPath: folder) }
    }

    @Test func aManifestNamingAFileOutsideItsFolderIsRefused() throws {
        let layout = try Layout()
        let manifest = RenderManifest(scene: "a", fps: 10, size: [4, 4], scale: 1, duration: 0.1, frameCount: 2, environment: nil,
                                      frames: [RenderManifest.FrameFile(index: 0, file: "../outside/secret", bytes: [1]),
                                               RenderManifest.FrameFile(index: 5, file: "frame_00001.png", bytes: [2])])
        try manifest.write(to: layout.folder + "/manifest.json")
        #expect(throws: RenderError(lines: [
            "\(layout.folder)/manifest.json: frames[0].file: \"../outside/secret\" leaves the render folder",
            "\(layout.folder)/manifest.json: frames[1].index: must be within 0..<2 (found 5)",
        ], kind: .invalidInput, file: "\(layout.folder)/manifest.json", documentPath: "frames[0].file")) {
            try RenderManifest.read(layout.folder + "/manifest.json")
        }
    }
}
