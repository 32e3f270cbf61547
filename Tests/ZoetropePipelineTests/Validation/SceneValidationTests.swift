import Testing
import ZoetropeFormat
import ZoetropePipeline

@Suite struct SceneValidationTests {
    @Test func aValidSceneIsSummarizedInOneLine() throws {
        let folder = try ScratchFolder()
        let scene = try folder.write("slide.yaml", ScratchFolder.slideScene)
        let outcome = SceneValidation.validate([scene], overrides: [])
        #expect(outcome.failure == nil)
        #expect(outcome.summaries == ["\(scene): ok (31 frames: 3.0 s at 10.0 fps, 1 layers, 1 animators, 1 events)"])
    }

    @Test func everySceneIsCheckedAndAllProblemsAreKept() throws {
        let folder = try ScratchFolder()
        let good = try folder.write("slide.yaml", ScratchFolder.slideScene)
        let bad = try folder.write("bad.yaml", ScratchFolder.slideScene.replacingOccurrences(of: "duration: 2", with: "duration: -2"))
        let missing = folder.path("nope.yaml")
        let outcome = SceneValidation.validate([bad, good, missing], overrides: [])
        #expect(outcome.summaries.count == 1 && outcome.summaries[0].hasPrefix("\(good): ok"))
        let files = Set(outcome.failure?.diagnostics.map(\.file) ?? [])
        #expect(files == [bad, missing])
        #expect(outcome.failure?.kind == .missingInput, "a missing scene makes it 66")
    }

    @Test func overridesApplyBeforeTheChecks() throws {
        let folder = try ScratchFolder()
        let scene = try folder.write("slide.yaml", ScratchFolder.slideScene)
        let outcome = SceneValidation.validate([scene], overrides: [try SceneOverride(parsing: "render.fps=20")])
        #expect(outcome.summaries.first?.contains("(61 frames: 3.0 s at 20.0 fps") == true, "\(outcome.summaries)")
    }

    @Test func aMissingImageIsAMissingInput() throws {
        let folder = try ScratchFolder()
        let scene = try folder.write("image.yaml", """
            version: 1
            canvas: { size: [100, 100] }
            render: { fps: 10, duration: 1 }
            layers:
              - { id: photo, shape: image, image: nowhere.png, position: [50, 50], size: [40, 40] }
            """)
        let outcome = SceneValidation.validate([scene], overrides: [])
        #expect(outcome.summaries.isEmpty)
        #expect(outcome.failure?.kind == .missingInput)
        #expect(outcome.failure?.diagnostics.first?.description.contains("nowhere.png") == true, "\(String(describing: outcome.failure))")
    }
}
