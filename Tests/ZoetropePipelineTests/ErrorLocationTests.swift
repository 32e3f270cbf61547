import Foundation
import Testing
import ZoetropeCore
import ZoetropeFiles
import ZoetropeFormat
import ZoetropePipeline
import ZoetropeRender

/// Issue 46: a Swift caller learns which file an error is about, and where in its document,
/// from `file` and `documentPath`, never by parsing the message; both are what the message names.
@Suite struct ErrorLocationTests {
    /// The error `body` throws, as the libraries' one error type.
    private func failure(_ body: () throws -> Void) -> ZoetropeError? {
        do {
            try body()
            return nil
        } catch let error as ZoetropeError {
            return error
        } catch let error as SceneLoadError {
            return ZoetropeError(error)
        } catch {
            return nil
        }
    }

    /// `error` names `file` (and `documentPath`, when one), and its first line says them, as
    /// `FILE: PATH: message` or at least naming the file.
    private func expect(_ error: ZoetropeError?, kind: ZoetropeError.Kind, file: String, documentPath: String?,
                        sourceLocation: SourceLocation = #_sourceLocation) {
        guard let error else {
            Issue.record("no ZoetropeError thrown", sourceLocation: sourceLocation)
            return
        }
        #expect(error.kind == kind, sourceLocation: sourceLocation)
        #expect(error.file == file, "\(error.lines)", sourceLocation: sourceLocation)
        #expect(error.documentPath == documentPath, "\(error.lines)", sourceLocation: sourceLocation)
        let line = error.lines.first ?? ""
        if let documentPath {
            #expect(line.hasPrefix("\(file): \(documentPath): "), "the message names the file, then the path: \(line)", sourceLocation: sourceLocation)
        } else {
            #expect(line.contains(file), "the message names the file: \(line)", sourceLocation: sourceLocation)
        }
    }

    /// A 10×10 white PNG.
    private static func png() throws -> [UInt8] {
        try RasterImage(width: 10, height: 10, pixels: Array(repeating: RasterImage.Pixel(red: 255, green: 255, blue: 255), count: 100)).pngData()
    }

    @Test func aMissingSceneFileIsTheErrorsFile() throws {
        let folder = try ScratchFolder()
        let scene = folder.path("gone.yaml")
        expect(failure { _ = try Movie(contentsOf: scene) }, kind: .missingInput, file: scene, documentPath: nil)
    }

    @Test func anInvalidSceneNamesItsFileAndTheFirstBadValue() throws {
        let folder = try ScratchFolder()
        let scene = try folder.write("bad.yaml", ScratchFolder.slideScene.replacingOccurrences(of: "duration: 2,", with: "duration: -1,"))
        let error = failure { _ = try Movie(contentsOf: scene) }
        expect(error, kind: .invalidInput, file: scene, documentPath: "animators[move].duration")
    }

    @Test func aFolderThatCannotBeCreatedIsTheErrorsFile() throws {
        let folder = try ScratchFolder()
        try folder.write("taken", "a file where the folder would go")
        let movie = try Movie(contentsOf: try folder.write("slide.yaml", ScratchFolder.slideScene))
        let out = folder.path("taken/frames")
        expect(failure { try movie.writeFrames(to: out) }, kind: .cannotCreate, file: out, documentPath: nil)
    }

    @Test func aReportFolderHoldingOtherThingsIsTheErrorsFile() throws {
        let folder = try ScratchFolder()
        try folder.write("report/notes.txt", "mine")
        let scene = try EvaluatedScene.load([try folder.write("slide.yaml", ScratchFolder.slideScene)], overrides: [])
        var test = GoldenTest()
        test.goldens = folder.path("goldens")
        test.report = folder.path("report")
        expect(failure { _ = try test.run(scene, progress: ProgressReporter(mode: .none)) },
               kind: .cannotCreate, file: folder.path("report"), documentPath: nil)
    }

    @Test func aManifestWithABadFrameEntryNamesTheManifestAndTheEntry() throws {
        let folder = try ScratchFolder()
        let manifest = RenderManifest(scene: "a", fps: 10, size: [4, 4], scale: 1, duration: 0.2, frameCount: 3, environment: nil,
                                      frames: [RenderManifest.FrameFile(index: 0, file: "frame_00000.png", bytes: [1]),
                                               RenderManifest.FrameFile(index: 1, file: "../outside.png", bytes: [2])])
        try manifest.write(to: folder.path("manifest.json"))
        expect(failure { _ = try RenderManifest.read(folder.path("manifest.json")) },
               kind: .invalidInput, file: folder.path("manifest.json"), documentPath: "frames[1].file")
        // Through a command's work too: the video of the folder is refused naming the same entry.
        expect(failure { _ = try VideoExport.write(folder: folder.path, to: folder.path("a.apng")) },
               kind: .invalidInput, file: folder.path("manifest.json"), documentPath: "frames[1].file")
    }

    @Test func aRenderOfAMissingImageNamesTheSceneAndTheLayer() throws {
        let folder = try ScratchFolder()
        let image = try folder.write("pic.png", try Self.png())
        let scene = try folder.write("pic.yaml", """
            version: 1
            canvas: { size: [20, 20] }
            render: { fps: 1, duration: 0 }
            layers:
              - { id: pic, shape: image, image: \(image), size: [10, 10] }
            """)
        let loaded = try EvaluatedScene.load([scene], overrides: [])[0]
        try FileManager.default.removeItem(atPath: image)
        expect(failure { _ = try FolderRender.render(loaded.renderRequest(into: folder.path("out"), frames: nil, jobs: 1),
                                                     progress: ProgressReporter(mode: .none)) },
               kind: .missingInput, file: scene, documentPath: "layers[pic].image")
    }

    @Test func aTestReportWithAPathOutsideItsFolderNamesTheReportAndTheEntry() throws {
        let folder = try ScratchFolder()
        let frame = TestReport.Frame(file: "frame_00000.png", index: 0, time: 0, status: .failed, actual: "../../etc/passwd")
        let report = TestReport(goldens: "goldens", shard: nil, scenes: [
            TestReport.Scene(name: "slide", file: "slide.yaml", fps: 10, tolerance: Tolerance(),
                             environment: RenderEnvironment(cairo: "1", pixman: "1", fontconfig: "1", fonts: [:]), goldenEnvironment: nil,
                             environmentChanges: [], frames: [frame], size: [10, 10])], orphans: [])
        try folder.write(TestReport.fileName, try report.json())
        expect(failure { _ = try TestReport.read(folder: folder.path) },
               kind: .invalidInput, file: folder.path(TestReport.fileName), documentPath: "scenes[0].frames[0].actual")
    }

    @Test func aBadToleranceSettingNamesTheSettingsFileAndTheKey() throws {
        let folder = try ScratchFolder()
        let settings = try folder.write(GoldenSettings.fileName, "threshold: 0.2\nscenes:\n  slide:\n    maxDiffRatio: 3\n")
        expect(failure { _ = try GoldenSettings(goldens: folder.path) },
               kind: .invalidInput, file: settings, documentPath: "scenes.slide.maxDiffRatio")
    }

    @Test func aComparisonOfAMissingFileIsTheErrorsFile() throws {
        let folder = try ScratchFolder()
        let present = try folder.write("a.png", try Self.png())
        expect(failure { _ = try FrameComparison().compare(expected: folder.path("gone.png"), actual: present) },
               kind: .missingInput, file: folder.path("gone.png"), documentPath: nil)
    }

    @Test func aVideoOfAFolderWithoutFramesIsTheFoldersError() throws {
        let folder = try ScratchFolder()
        expect(failure { _ = try VideoExport.write(folder: folder.path, to: folder.path("a.apng")) },
               kind: .missingInput, file: folder.path, documentPath: nil)
    }

    @Test func aSceneTheWriterCannotSayNamesTheSceneAndTheGroup() throws {
        var values = LayerValues()
        values.size = Vector2(10, 10)
        let move = AnimatorDefinition(id: "move", duration: 1, timing: .cubic(.linear), blocks: [
            AnimationBlock(assignments: [PropertyAssignment(PropertyTarget(layer: 0, property: .opacity), .number(0))])])
        let scene = Scene(name: "fast", canvas: Canvas(size: Vector2(10, 10)), layers: [Layer(id: "dot", shape: .rect, values: values)],
                          animators: [move], groups: [GroupDefinition(id: "fast", members: [GroupDefinition.Member(target: .animator(0))], timeScale: 2)])
        expect(failure { _ = try SceneConversion.sceneFile(LoadedScene(file: "scenes/fast.yaml", scene: scene)) },
               kind: .invalidInput, file: "scenes/fast.yaml", documentPath: "groups[fast]")
    }

    /// The one place SceneLoadError becomes the one error type: every diagnostic a line, as
    /// written, the same kind, the first diagnostic's file and path.
    @Test func aSceneLoadErrorKeepsEveryLineAndTheFirstPlace() {
        let error = ZoetropeError(SceneLoadError([
            SceneDiagnostic(file: "a.yaml", path: "layers[0].size", message: "must be positive"),
            SceneDiagnostic(file: "b.png", path: "", message: "image file not found", kind: .missingInput),
        ]))
        #expect(error == ZoetropeError(lines: ["a.yaml: layers[0].size: must be positive", "b.png: image file not found"],
                                       kind: .missingInput, file: "a.yaml", documentPath: "layers[0].size"))
    }
}
