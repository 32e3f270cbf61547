import Foundation
import Testing
import ZoetropeRender

@Suite struct DiffCommandTests {
    /// Two renders of the slide scene: one as is, one whose box has a different colour from frame 10 on.
    private func twoRenders() throws -> (TemporaryFolder, String, String) {
        let folder = try TemporaryFolder()
        let scene = try folder.write("slide.yaml", slideScene)
        #expect(try CommandRunner.run(["render", scene, "--frames", "5,20", "--out", folder.path("a"), "--progress", "none"]).status == 0)
        #expect(try CommandRunner.run(["render", scene, "--frames", "5,20", "--out", folder.path("b"), "--progress", "none",
                                       "--set", "animators.move.duration=1.2"]).status == 0)
        return (folder, folder.path("a"), folder.path("b"))
    }

    @Test func identicalFoldersMatch() throws {
        let (folder, a, _) = try twoRenders()
        let result = try CommandRunner.run(["diff", a, a])
        #expect(result.status == 0)
        #expect(result.stdout.contains("2 frames match"))
        _ = folder
    }

    @Test func differencesNameTheFirstFrameAndWriteDiffImages() throws {
        let (folder, a, b) = try twoRenders()
        let result = try CommandRunner.run(["diff", a, b, "--out", folder.path("diff")])
        #expect(result.status == 1)
        #expect(result.stdout.contains("frame_00020.png:"))
        #expect(result.stdout.contains("1 of 2 frames differ; first: frame_00020.png"))
        let picture = try RasterImage(pngFile: folder.path("diff/frame_00020.png"))
        #expect(picture.pixels.contains(RasterImage.Pixel(red: 255, green: 0, blue: 0)), "differences in red")
        let tolerant = try CommandRunner.run(["diff", a, b, "--max-diff-ratio", "0.5"])
        #expect(tolerant.status == 0, "within a generous tolerance")
    }

    @Test func comparingNothingIsAnError() throws {
        let folder = try TemporaryFolder()
        try FileManager.default.createDirectory(atPath: folder.path("a"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: folder.path("b"), withIntermediateDirectories: true)
        try folder.write("b/notes.txt", "")
        let result = try CommandRunner.run(["diff", folder.path("a"), folder.path("b")])
        #expect(result.status == 66)
        #expect(result.stderr.contains("nothing to compare: no frames (frame_*.png) and no folders of frames; found notes.txt"), "\(result.stderr)")
    }

    @Test func onlyFramesAreComparedAndOtherFilesAreSaidOnce() throws {
        let (folder, a, _) = try twoRenders()
        try FileManager.default.copyItem(atPath: a, toPath: folder.path("copy"))
        try folder.write("copy/sheet.png", "not even a PNG")
        let result = try CommandRunner.run(["diff", a, folder.path("copy")])
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        #expect(result.stdout.contains("not frames, ignored: manifest.json, sheet.png"))
        #expect(result.stdout.contains("2 frames match"))
    }

    @Test func foldersOfSceneFoldersAreComparedSceneByScene() throws {
        let folder = try TemporaryFolder()
        let slide = try folder.write("slide.yaml", slideScene)
        let other = try folder.write("other.yaml", slideScene)
        func render(_ out: String, _ extra: [String] = []) throws {
            let result = try CommandRunner.run(["render", slide, other, "--frames", "5,20", "--out", folder.path(out), "--progress", "none"] + extra)
            #expect(result.status == 0, "\(result.stderr)")
        }
        try render("goldens")
        try render("same")
        try render("changed", ["--set", "animators.move.duration=1.2"])
        let same = try CommandRunner.run(["diff", folder.path("goldens"), folder.path("same")])
        #expect(same.status == 0)
        #expect(same.stdout.contains("4 frames match"))
        let changed = try CommandRunner.run(["diff", folder.path("goldens"), folder.path("changed"), "--out", folder.path("diff")])
        #expect(changed.status == 1)
        #expect(changed.stdout.contains("2 of 4 frames differ; first: other/frame_00020.png"), "\(changed.stdout)")
        #expect(FileManager.default.fileExists(atPath: folder.path("diff/slide/frame_00020.png")))
    }

    @Test func errorsHaveTheirExitCodes() throws {
        let (folder, a, _) = try twoRenders()
        #expect(try CommandRunner.run(["diff", a, folder.path("nowhere")]).status == 66)
        #expect(try CommandRunner.run(["diff", a + "/frame_00005.png", a]).status == 64)
        #expect(try CommandRunner.run(["diff", a, a, "--threshold", "2"]).status == 64)
        try folder.write("small.yaml", "canvas: { size: [10, 10] }\n")
        #expect(try CommandRunner.run(["render", folder.path("small.yaml"), "--out", folder.path("s"), "--progress", "none"]).status == 0)
        let sizes = try CommandRunner.run(["diff", a + "/frame_00005.png", folder.path("s/frame_00000.png")])
        #expect(sizes.status == 65)
        #expect(sizes.stderr.contains("sizes differ"))
    }

    @Test func antialiasingIsToldApartFromDifferences() {
        // A hard vertical edge against one shifted by a soft half pixel: only edge pixels change.
        func image(_ edge: Double) -> RasterImage {
            var pixels: [RasterImage.Pixel] = []
            for _ in 0..<8 {
                for x in 0..<8 {
                    let coverage = min(max(edge - Double(x), 0), 1)
                    let v = UInt8(255 - coverage * 255)
                    pixels.append(RasterImage.Pixel(red: v, green: v, blue: v))
                }
            }
            return RasterImage(width: 8, height: 8, pixels: pixels)
        }
        let result = ImageDiff().compare(image(4), image(4.5))
        #expect(result.differingPixels == 0)
        #expect(result.antialiasedPixels == 8)
        #expect(ImageDiff(includeAntialiasing: true).compare(image(4), image(4.5)).differingPixels == 8)
    }
}
