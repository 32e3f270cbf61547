import Foundation
import Testing
import ZoetropeRender

/// A Lottie animation of two circles, each twisted (a path modifier not drawn yet), so each is reported.
private let twistedCircles = #"""
{"v": "5.7.0", "fr": 30, "ip": 0, "op": 10, "w": 40, "h": 40, "layers": [
  {"ty": 4, "nm": "Rings", "ind": 1, "ip": 0, "op": 10, "st": 0, "ks": {}, "shapes": [
    {"ty": "gr", "it": [{"ty": "el", "p": {"a": 0, "k": [10, 10]}, "s": {"a": 0, "k": [8, 8]}}, {"ty": "tw", "a": {"a": 0, "k": 10}},
                        {"ty": "st", "c": {"a": 0, "k": [0, 0, 1]}, "o": {"a": 0, "k": 100}, "w": {"a": 0, "k": 2}}, {"ty": "tr"}]},
    {"ty": "gr", "it": [{"ty": "el", "p": {"a": 0, "k": [30, 30]}, "s": {"a": 0, "k": [8, 8]}}, {"ty": "tw", "a": {"a": 0, "k": 10}},
                        {"ty": "st", "c": {"a": 0, "k": [0, 0, 1]}, "o": {"a": 0, "k": 100}, "w": {"a": 0, "k": 2}}, {"ty": "tr"}]}]}]}
"""#

/// SPEC §6's exit codes and messages for Lottie files: what is drawn without is a warning, never
/// a failure; a file that cannot be drawn is invalid input.
@Suite struct LottieCommandTests {
    @Test func validateListsEveryUnsupportedUseWithItsPathAndSucceeds() throws {
        let folder = try TemporaryFolder()
        let file = try folder.write("rings.json", twistedCircles)
        let result = try CommandRunner.run(["validate", file])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("\(file): layers[0].shapes[0].it[1]: warning: shape item \"tw\": ignored\n"))
        #expect(result.stdout.contains("\(file): layers[0].shapes[1].it[1]: warning: shape item \"tw\": ignored\n"))
        #expect(result.stdout.contains("\(file): ok (10 frames"))
    }

    @Test func renderWarnsOncePerFeatureAndWritesEveryFrame() throws {
        let folder = try TemporaryFolder()
        let file = try folder.write("rings.json", twistedCircles)
        let result = try CommandRunner.run(["render", file, "--out", folder.path("frames"), "--progress", "none"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr == "\(file): layers[0].shapes[0].it[1]: warning: shape item \"tw\": ignored (and 1 more)\n")
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

    @Test func aTextAnimatorFadesAndRaisesEachGlyphByItsShareOfARampUpRange() throws {
        // "IIII" at size 20 in a 10-wide square glyph, from (4, 50): a ramp-up selector whose
        // offset runs from −100 % (frame 0) to 0 % (frame 30) fades glyph i to 1 − m and raises
        // it 20·m, m = (i + ½)/4 at frame 30, and every glyph wholly (hidden) at frame 0.
        let square = #"{"ty": "sh", "ks": {"a": 0, "k": {"c": true, "v": [[0, -50], [50, -50], [50, 0], [0, 0]], "i": [[0, 0], [0, 0], [0, 0], [0, 0]], "o": [[0, 0], [0, 0], [0, 0], [0, 0]]}}}"#
        let chars = #"[{"ch": "I", "size": 100, "style": "Bold", "fFamily": "Block", "w": 50, "data": {"shapes": [\#(square)]}}]"#
        let offset = #"{"a": 1, "k": [{"t": 0, "s": [-100], "o": {"x": [0], "y": [0]}, "i": {"x": [1], "y": [1]}}, {"t": 30, "s": [0]}]}"#
        let animator = #"{"s": {"t": 0, "r": 1, "b": 1, "sh": 2, "o": \#(offset)}, "a": {"o": {"a": 0, "k": 0}, "p": {"a": 0, "k": [0, -20]}}}"#
        let document = #"{"s": {"s": 20, "f": "Block-Bold", "t": "IIII", "j": 0, "fc": [0, 0, 1]}, "t": 0}"#
        let layer = #"{"ty": 5, "nm": "Title", "ind": 1, "ip": 0, "op": 40, "st": 0, "ks": {"p": {"a": 0, "k": [4, 50]}}, "t": {"d": {"k": [\#(document)]}, "a": [\#(animator)]}}"#
        let text = #"{"v": "5.7.0", "fr": 30, "ip": 0, "op": 40, "w": 60, "h": 60, "fonts": {"list": [{"fName": "Block-Bold", "fFamily": "Block", "fStyle": "Bold", "ascent": 70}]}, "chars": \#(chars), "layers": [\#(layer)]}"#
        let folder = try TemporaryFolder()
        let file = try folder.write("title.json", text)
        let result = try CommandRunner.run(["render", file, "--frames", "0,30", "--out", folder.path("frames"), "--progress", "none"])
        #expect(result.status == 0 && result.stderr.isEmpty, "\(result.stderr)")
        let hidden = try RasterImage(pngFile: folder.path("frames/frame_00000.png"))
        #expect((0..<4).allSatisfy { hidden[9 + 10 * $0, 45].alpha == 0 })
        let frame = try RasterImage(pngFile: folder.path("frames/frame_00030.png"))
        for glyph in 0..<4 {
            let amount = (Double(glyph) + 0.5) / 4
            let pixel = frame[9 + 10 * glyph, Int((45 - 20 * amount).rounded(.down))]
            // Within 3 of 255 of the expected alpha: the PNG's 8 bits and Cairo's rounding.
            #expect(abs(Double(pixel.alpha) - 255 * (1 - amount)) <= 3 && pixel.blue == 255, "glyph \(glyph): \(pixel)")
        }
        // The last glyph, raised 17.5 points, has left where it was set.
        #expect(frame[39, 48].alpha == 0)
    }

    @Test func mergePathsCombineTheShapesTheyFollowAsAfterEffectsDoes() throws {
        func ellipse(_ x: Int, _ side: Int, reversed: Bool = false) -> String {
            #"{"ty": "el", "d": \#(reversed ? 3 : 1), "p": {"a": 0, "k": [\#(x), 10]}, "s": {"a": 0, "k": [\#(side), \#(side)]}}"#
        }
        func square(_ x: Int, _ side: Int, reversed: Bool = false) -> String {
            #"{"ty": "rc", "d": \#(reversed ? 3 : 1), "p": {"a": 0, "k": [\#(x), 10]}, "s": {"a": 0, "k": [\#(side), \#(side)]}, "r": {"a": 0, "k": 0}}"#
        }
        func group(_ items: [String]) -> String {
            #"{"ty": "gr", "it": [\#(items.joined(separator: ", ")), {"ty": "tr"}]}"#
        }
        let fill = #"{"ty": "fl", "c": {"a": 0, "k": [1, 0, 0]}, "o": {"a": 0, "k": 100}}"#
        let groups = [
            // The first shape less the second: a ring.
            group([ellipse(10, 16), ellipse(10, 8), #"{"ty": "mm", "mm": 3}"#, fill]),
            // A square intersected with a group of two squares wound against each other: the
            // group is the union of its paths (unmerged, they cancel out and nothing is drawn).
            group([square(30, 16), group([square(30, 12), square(30, 12, reversed: true)]), #"{"ty": "mm", "mm": 4}"#, fill]),
            // A compound path (mode 1) of circles wound against each other is a ring; intersected
            // with nothing else, it stays one.
            group([ellipse(50, 16), ellipse(50, 8, reversed: true), #"{"ty": "mm", "mm": 1}"#, #"{"ty": "mm", "mm": 4}"#, fill]),
        ]
        let layer = #"{"ty": 4, "nm": "Shapes", "ind": 1, "ip": 0, "op": 2, "st": 0, "ks": {}, "shapes": [\#(groups.joined(separator: ", "))]}"#
        let folder = try TemporaryFolder()
        let file = try folder.write("merged.json", #"{"v": "5.7.0", "fr": 30, "ip": 0, "op": 2, "w": 60, "h": 20, "layers": [\#(layer)]}"#)
        let result = try CommandRunner.run(["render", file, "--frames", "0", "--out", folder.path("frames"), "--progress", "none"])
        #expect(result.status == 0 && result.stderr.isEmpty, "\(result.stderr)")
        let frame = try RasterImage(pngFile: folder.path("frames/frame_00000.png"))
        let red = RasterImage.Pixel(red: 255, green: 0, blue: 0)
        #expect(frame[10, 10].alpha == 0 && frame[10, 4] == red, "a ring: \(frame[10, 10]), \(frame[10, 4])")
        #expect(frame[30, 10] == red && frame[30, 3].alpha == 0, "the smaller square: \(frame[30, 10]), \(frame[30, 3])")
        #expect(frame[50, 10].alpha == 0 && frame[50, 4] == red, "a ring: \(frame[50, 10]), \(frame[50, 4])")
    }

    /// A 16 × 8 JPEG: red on the left half, blue on the right.
    static let redBlueJPEG = "/9j/4AAQSkZJRgABAQAAAQABAAD/2wBDAAIBAQEBAQIBAQECAgICAgQDAgICAgUEBAMEBgUGBgYFBgYGBwkIBgcJBwYGCAsICQoKCgoKBggLDAsKDAkKCgr/2wBDAQICAgICAgUDAwUKBwYHCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgr/wAARCAAIABADASIAAhEBAxEB/8QAHwAAAQUBAQEBAQEAAAAAAAAAAAECAwQFBgcICQoL/8QAtRAAAgEDAwIEAwUFBAQAAAF9AQIDAAQRBRIhMUEGE1FhByJxFDKBkaEII0KxwRVS0fAkM2JyggkKFhcYGRolJicoKSo0NTY3ODk6Q0RFRkdISUpTVFVWV1hZWmNkZWZnaGlqc3R1dnd4eXqDhIWGh4iJipKTlJWWl5iZmqKjpKWmp6ipqrKztLW2t7i5usLDxMXGx8jJytLT1NXW19jZ2uHi4+Tl5ufo6erx8vP09fb3+Pn6/8QAHwEAAwEBAQEBAQEBAQAAAAAAAAECAwQFBgcICQoL/8QAtREAAgECBAQDBAcFBAQAAQJ3AAECAxEEBSExBhJBUQdhcRMiMoEIFEKRobHBCSMzUvAVYnLRChYkNOEl8RcYGRomJygpKjU2Nzg5OkNERUZHSElKU1RVVldYWVpjZGVmZ2hpanN0dXZ3eHl6goOEhYaHiImKkpOUlZaXmJmaoqOkpaanqKmqsrO0tba3uLm6wsPExcbHyMnK0tPU1dbX2Nna4uPk5ebn6Onq8vP09fb3+Pn6/9oADAMBAAIRAxEAPwD4vr5Door+qP2Zf/NV/wDcj/7uH9qftDP+aZ/7nf8A3UP/2Q=="

    /// A 16 × 8 lossless WebP: opaque red on the left half, half-transparent blue on the right.
    static let redBlueWebP = "UklGRiYAAABXRUJQVlA4TBkAAAAvD8ABEA8Q+z//D/yPCmLBZP7SnSlE9D90AA=="

    @Test func aWebPImageIsDrawnWithItsAlpha() throws {
        let folder = try TemporaryFolder()
        try Data(base64Encoded: Self.redBlueWebP)!.write(to: URL(fileURLWithPath: folder.path("photo.webp")))
        let scene = try folder.write("photo.yaml", "version: 1\ncanvas: { size: [16, 8] }\nlayers:\n  - { id: photo, shape: image, image: photo.webp, size: [16, 8], position: [8, 4] }\n")
        let result = try CommandRunner.run(["render", scene, "--frames", "0", "--out", folder.path("out"), "--progress", "none"])
        #expect(result.status == 0 && result.stderr.isEmpty, "\(result.stderr)")
        let frame = try RasterImage(pngFile: folder.path("out/frame_00000.png"))
        #expect(frame[3, 4] == RasterImage.Pixel(red: 255, green: 0, blue: 0))
        // Half-transparent blue over the white canvas.
        let blue = frame[12, 4]
        #expect(abs(Int(blue.red) - 127) <= 1 && abs(Int(blue.green) - 127) <= 1 && blue.blue == 255, "\(blue)")
    }

    @Test func jpegImagesAreDrawnEmbeddedInAnAnimationOrBesideAScene() throws {
        let folder = try TemporaryFolder()
        let asset = #"{"id": "photo", "w": 16, "h": 8, "u": "", "p": "data:image/jpeg;base64,\#(Self.redBlueJPEG)", "e": 1}"#
        let layer = #"{"ty": 2, "nm": "Photo", "refId": "photo", "ind": 1, "ip": 0, "op": 2, "st": 0, "ks": {}}"#
        let file = try folder.write("photo.json", #"{"v": "5.7.0", "fr": 30, "ip": 0, "op": 2, "w": 16, "h": 8, "assets": [\#(asset)], "layers": [\#(layer)]}"#)
        try Data(base64Encoded: Self.redBlueJPEG)!.write(to: URL(fileURLWithPath: folder.path("photo.jpg")))
        let scene = try folder.write("photo.yaml", "version: 1\ncanvas: { size: [16, 8] }\nlayers:\n  - { id: photo, shape: image, image: photo.jpg, size: [16, 8], position: [8, 4] }\n")
        for (input, out) in [(file, "lottie"), (scene, "scene")] {
            let result = try CommandRunner.run(["render", input, "--frames", "0", "--out", folder.path(out), "--progress", "none"])
            #expect(result.status == 0 && result.stderr.isEmpty, "\(out): \(result.stderr)")
            let frame = try RasterImage(pngFile: folder.path(out + "/frame_00000.png"))
            for (x, red, blue) in [(3, true, false), (12, false, true)] {
                let pixel = frame[x, 4]
                #expect((pixel.red > 200) == red && (pixel.blue > 200) == blue && pixel.alpha == 255, "\(out) at x \(x): \(pixel)")
            }
        }
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
