import Foundation
import Testing
import ZoetropeRender

/// A Lottie animation of two circles with merge paths: merging is not drawn yet, so each is reported.
private let mergedCircles = #"""
{"v": "5.7.0", "fr": 30, "ip": 0, "op": 10, "w": 40, "h": 40, "layers": [
  {"ty": 4, "nm": "Rings", "ind": 1, "ip": 0, "op": 10, "st": 0, "ks": {}, "shapes": [
    {"ty": "gr", "it": [{"ty": "el", "p": {"a": 0, "k": [10, 10]}, "s": {"a": 0, "k": [8, 8]}}, {"ty": "mm", "mm": 1},
                        {"ty": "st", "c": {"a": 0, "k": [0, 0, 1]}, "o": {"a": 0, "k": 100}, "w": {"a": 0, "k": 2}}, {"ty": "tr"}]},
    {"ty": "gr", "it": [{"ty": "el", "p": {"a": 0, "k": [30, 30]}, "s": {"a": 0, "k": [8, 8]}}, {"ty": "mm", "mm": 1},
                        {"ty": "st", "c": {"a": 0, "k": [0, 0, 1]}, "o": {"a": 0, "k": 100}, "w": {"a": 0, "k": 2}}, {"ty": "tr"}]}]}]}
"""#

/// SPEC §6's exit codes and messages for Lottie files: what is drawn without is a warning, never
/// a failure; a file that cannot be drawn is invalid input.
@Suite struct LottieCommandTests {
    @Test func validateListsEveryUnsupportedUseWithItsPathAndSucceeds() throws {
        let folder = try TemporaryFolder()
        let file = try folder.write("rings.json", mergedCircles)
        let result = try CommandRunner.run(["validate", file])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("\(file): layers[0].shapes[0].it[1]: warning: merge paths: the shapes are drawn unmerged\n"))
        #expect(result.stdout.contains("\(file): layers[0].shapes[1].it[1]: warning: merge paths: the shapes are drawn unmerged\n"))
        #expect(result.stdout.contains("\(file): ok (10 frames"))
    }

    @Test func renderWarnsOncePerFeatureAndWritesEveryFrame() throws {
        let folder = try TemporaryFolder()
        let file = try folder.write("rings.json", mergedCircles)
        let result = try CommandRunner.run(["render", file, "--out", folder.path("frames"), "--progress", "none"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr == "\(file): layers[0].shapes[0].it[1]: warning: merge paths: the shapes are drawn unmerged (and 1 more)\n")
        let frames = try FileManager.default.contentsOfDirectory(atPath: folder.path("frames")).filter { $0.hasSuffix(".png") }
        #expect(frames.count == 10)
    }

    @Test func textSetFromAFontAloneIsDrawnInTheInstalledFont() throws {
        // "HH" in black at size 40 from the left edge, baseline at y 50: no glyphs in the file.
        let document = #"{"s": {"s": 40, "f": "Sans-Bold", "t": "HH", "j": 0, "fc": [0, 0, 0]}, "t": 0}"#
        let layer = #"{"ty": 5, "nm": "Title", "ind": 1, "ip": 0, "op": 2, "st": 0, "ks": {"p": {"a": 0, "k": [4, 50]}}, "t": {"d": {"k": [\#(document)]}, "a": []}}"#
        let text = #"{"v": "5.7.0", "fr": 30, "ip": 0, "op": 2, "w": 80, "h": 60, "fonts": {"list": [{"fName": "Sans-Bold", "fFamily": "DejaVu Sans", "fStyle": "Bold", "ascent": 75}]}, "layers": [\#(layer)]}"#
        let folder = try TemporaryFolder()
        let file = try folder.write("title.json", text)
        let result = try CommandRunner.run(["render", file, "--frames", "0", "--out", folder.path("frames"), "--progress", "none"])
        #expect(result.status == 0 && !result.stderr.contains("warning"), "\(result.stderr)")
        let frame = try RasterImage(pngFile: folder.path("frames/frame_00000.png"))
        // An H's left stem just right of the start, well above the baseline; nothing below it.
        #expect(frame[8, 40].alpha == 255 && frame[8, 40].red == 0, "\(frame[8, 40])")
        #expect(frame[8, 56].alpha == 0)
    }

    @Test func overridesAddressTheSceneTheAnimationReadsAs() throws {
        let folder = try TemporaryFolder()
        let file = "Tests/Lottie/Corpus/Remap.json"
        // Its canvas is clear; a background set from the command line fills it.
        let render = try CommandRunner.run(["render", file, "--frames", "0", "--set", "canvas.background=#00FF00", "--out", folder.path("green"),
                                            "--progress", "none"])
        #expect(render.status == 0, "\(render.stderr)")
        let frame = try RasterImage(pngFile: folder.path("green/frame_00000.png"))
        #expect(frame[0, 0] == RasterImage.Pixel(red: 0, green: 255, blue: 0))
        // A sweep of its playback: the timeline animator's duration.
        let sweep = try CommandRunner.run(["sweep", file, "--vary", "animators.timeline.duration=1,4", "--out", folder.path("sweep")])
        #expect(sweep.status == 0, "\(sweep.stderr)")
        let wrong = try CommandRunner.run(["render", file, "--set", "canvas.nothing=1", "--out", folder.path("x")])
        #expect(wrong.status == 65 || wrong.status == 64, "\(wrong.stderr)")
        #expect(wrong.stderr.contains("canvas.nothing"))
    }

    @Test func aLottieFileThatCannotBeDrawnIsInvalidInput() throws {
        let folder = try TemporaryFolder()
        let file = try folder.write("broken.json", #"{"fr": 30, "ip": 5, "op": 5, "w": 10, "h": 10, "layers": []}"#)
        let result = try CommandRunner.run(["render", file, "--out", folder.path("frames")])
        #expect(result.status == 65)
        #expect(result.stderr.contains("\(file): op: must be greater than ip (5.0) (found 5.0)"))
    }
}
