import Foundation
import Testing
import ZoetropePipeline
import ZoetropeRender

@Suite struct FrameViewerFolderTests {
    /// A folder holding the manifest of one frame made from Swift, its scene file set to `sceneFile`.
    private func rendered(sceneFile: String) throws -> ScratchFolder {
        let folder = try ScratchFolder()
        let manifest = RenderManifest(scene: "box", fps: 10, size: [10, 10], scale: 1, duration: 0, frameCount: 1, environment: nil,
                                      frames: [RenderManifest.FrameFile(index: 0, file: "frame_00000.png", bytes: [])])
        try manifest.write(to: folder.path("manifest.json"))
        let text = try String(contentsOfFile: folder.path("manifest.json"), encoding: .utf8)
        try folder.write("manifest.json", text.replacingOccurrences(of: "\"sceneFile\" : \"\"", with: "\"sceneFile\" : \"\(sceneFile)\""))
        return folder
    }

    @Test func aFolderWithoutAManifestIsNotARender() throws {
        let folder = try ScratchFolder()
        #expect {
            try FrameViewer.source(ofFolder: folder.path)
        } throws: { error in
            guard let error = error as? RenderError else { return false }
            return error.kind == .missingInput && error.description.contains("no readable manifest.json")
        }
    }

    @Test func framesOfAnotherSceneAreShownWithoutBands() throws {
        let folder = try rendered(sceneFile: "/nonexistent/scene.yaml")
        let source = try FrameViewer.source(ofFolder: folder.path)
        #expect(source.scene == nil && source.manifest.frameCount == 1)
        #expect(source.note == "/nonexistent/scene.yaml is not the scene these frames were rendered from (changed or missing); no events or state bands.")
    }

    @Test func theSameSceneThatNoLongerReadsIsSaidSo() throws {
        let scratch = try ScratchFolder()
        // The manifest made from Swift holds the hash of no bytes: an empty file is "the same scene".
        let empty = try scratch.write("empty.yaml", "")
        let folder = try rendered(sceneFile: empty)
        let source = try FrameViewer.source(ofFolder: folder.path)
        #expect(source.scene == nil)
        #expect(source.note == "\(empty) cannot be read with these frames' overrides; no events or state bands.")
    }
}
