import Foundation
import Testing
import ZoetropeRender

/// A 100×20 animation of 10 frames at 10 fps: a 10-wide bar slides linearly from x 0 to x 90
/// over frames 0…10 (layer "Bar", shown over the whole animation), and a square at the right
/// edge (layer "Flash") is shown from frame 3 to its out-point, frame 5.
private let slidingBar = #"""
{"v": "5.7.0", "fr": 10, "ip": 0, "op": 10, "w": 100, "h": 20, "layers": [
  {"ty": 4, "nm": "Flash", "ind": 1, "ip": 3, "op": 5, "st": 0, "ks": {}, "shapes": [
    {"ty": "rc", "p": {"a": 0, "k": [95, 15]}, "s": {"a": 0, "k": [10, 10]}, "r": {"a": 0, "k": 0}},
    {"ty": "fl", "c": {"a": 0, "k": [0, 0, 1]}, "o": {"a": 0, "k": 100}}]},
  {"ty": 4, "nm": "Bar", "ind": 2, "ip": 0, "op": 10, "st": 0,
   "ks": {"p": {"a": 1, "k": [{"t": 0, "s": [5, 5], "i": {"x": [1], "y": [1]}, "o": {"x": [0], "y": [0]}}, {"t": 10, "s": [95, 5]}]}},
   "shapes": [
    {"ty": "rc", "p": {"a": 0, "k": [0, 0]}, "s": {"a": 0, "k": [10, 10]}, "r": {"a": 0, "k": 0}},
    {"ty": "fl", "c": {"a": 0, "k": [1, 0, 0]}, "o": {"a": 0, "k": 100}}]}]}
"""#

/// SPEC §8: any instant of a Lottie animation can be drawn (`render --at`, `--progress`), a
/// progress p being frame ip + p · (op − ip), unrounded, and a layer shows at its own
/// out-point, as lottie-ios draws them.
@Suite struct LottieInstantTests {
    /// Renders `file` with `arguments` into a fresh folder; the folder.
    private func render(_ file: String, _ arguments: [String], in folder: TemporaryFolder, as name: String) throws -> String {
        let out = folder.path(name)
        let result = try CommandRunner.run(["render", file, "--out", out] + arguments)
        #expect(result.status == 0, "\(result.stderr)")
        return out
    }

    /// The leftmost red column of row 5 (the bar's left edge), or nil.
    private func barEdge(_ png: String) throws -> Int? {
        let image = try RasterImage(pngFile: png)
        return (0..<100).first { image[$0, 5].red == 255 && image[$0, 5].alpha == 255 }
    }

    @Test func anInstantBetweenFramesIsDrawnWhereTheAnimationIsThen() throws {
        let folder = try TemporaryFolder()
        let file = try folder.write("bar.json", slidingBar)
        // Frame 2.5 (0.25 s): the bar's left edge at 0 + 9 · 2.5 = 22.5, between frames 2 (18) and 3 (27).
        let instants = try render(file, ["--at", "0.25,0.3"], in: folder, as: "at")
        let frames = try render(file, ["--frames", "2,3"], in: folder, as: "frames")
        #expect(try barEdge(instants + "/frame_00000.png") == 23)   // 22.5 covers half of column 22: drawn from 23 at full alpha
        #expect(try barEdge(frames + "/frame_00002.png") == 18)
        // An instant on a frame is that frame, byte for byte.
        #expect(try Data(contentsOf: URL(fileURLWithPath: instants + "/frame_00001.png"))
                == Data(contentsOf: URL(fileURLWithPath: frames + "/frame_00003.png")))
        let manifest = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: instants + "/manifest.json"))) as? [String: Any]
        #expect(manifest?["instants"] as? [Double] == [0.25, 0.3])
        #expect((manifest?["frames"] as? [[String: Any]])?.compactMap { $0["time"] as? Double } == [0.25, 0.3])
    }

    @Test func progressIsAFractionOfInPointToOutPointAndOneIsTheOutPoint() throws {
        let folder = try TemporaryFolder()
        let file = try folder.write("bar.json", slidingBar)
        let progress = try render(file, ["--progress", "0.25,1"], in: folder, as: "progress")
        // 0.25 of op − ip = 10 frames: frame 2.5.
        #expect(try barEdge(progress + "/frame_00000.png") == 23)
        // 1: frame op = 10, one past the last rendered frame (9): the bar at its last key, x 90.
        #expect(try barEdge(progress + "/frame_00001.png") == 90)
    }

    @Test func aLayerShowsAtItsOwnOutPointAndNotAfter() throws {
        let folder = try TemporaryFolder()
        let file = try folder.write("bar.json", slidingBar)
        // Flash: in 3, out 5. Shown at frames 3, 4 and 5 (its out-point), and at 4.9; not at 2.9 or 5.1.
        let out = try render(file, ["--at", "0.29,0.3,0.49,0.5,0.51"], in: folder, as: "flash")
        let shown = try (0..<5).map { index in
            let image = try RasterImage(pngFile: out + "/frame_0000\(index).png")
            return image[95, 15].blue == 255 && image[95, 15].alpha == 255
        }
        #expect(shown == [false, true, true, true, false])
    }

    @Test func eachDimensionEasedOnItsOwnIsExactBetweenFramesWhenAsked() throws {
        // Scale x eases in (o = (0.5, 0), i = (1, 1)), y linearly, from 0 to 100 % and 200 % over frames 0…10.
        let box = #"""
        {"v": "5.7.0", "fr": 10, "ip": 0, "op": 10, "w": 100, "h": 100, "layers": [
          {"ty": 4, "nm": "Box", "ind": 1, "ip": 0, "op": 10, "st": 0,
           "ks": {"s": {"a": 1, "k": [{"t": 0, "s": [0, 0, 100], "o": {"x": [0.5, 0, 0], "y": [0, 0, 0]}, "i": {"x": [1, 1, 1], "y": [1, 1, 1]}},
                                     {"t": 10, "s": [100, 200, 100]}]}},
           "shapes": [{"ty": "rc", "p": {"a": 0, "k": [0, 0]}, "s": {"a": 0, "k": [10, 10]}, "r": {"a": 0, "k": 0}},
                      {"ty": "fl", "c": {"a": 0, "k": [1, 0, 0]}, "o": {"a": 0, "k": 100}}]}]}
        """#
        let folder = try TemporaryFolder()
        let file = try folder.write("box.json", box)
        let result = try CommandRunner.run(["sample", file, "--at", "0.25", "--set", "easing=per-dimension"])
        #expect(result.status == 0, "\(result.stderr)")
        let samples = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
        let layers = ((samples?["samples"] as? [[String: Any]])?.first?["layers"]) as? [String: [String: Any]]
        let scale = try #require(layers?["box"]?["scale"] as? [Double])
        // Frame 2.5: x is the curve's progress at 0.25 (0.0754022204699…), not a line between frames 2 and 3 (0.0779…).
        #expect(abs(scale[0] - 0.075402220469910) < 1e-9, "\(scale)")
        #expect(abs(scale[1] - 0.5) < 1e-12, "\(scale)")
        // By default both dimensions follow x's curve: one track, converted as one.
        let first = try CommandRunner.run(["sample", file, "--at", "0.25"])
        let firstLayers = ((try JSONSerialization.jsonObject(with: Data(first.stdout.utf8)) as? [String: Any])?["samples"] as? [[String: Any]])?.first?["layers"]
        let firstScale = try #require((firstLayers as? [String: [String: Any]])?["box"]?["scale"] as? [Double])
        #expect(abs(firstScale[0] - 0.075402220469910) < 1e-9 && abs(firstScale[1] - 2 * 0.075402220469910) < 1e-9, "\(firstScale)")
        let scene = try CommandRunner.run(["convert", file, "--to", "scene", "-o", folder.path("box.yaml")])
        #expect(scene.status == 0, "\(scene.stderr)")
        let written = try String(contentsOfFile: folder.path("box.yaml"), encoding: .utf8)
        #expect(written.contains("key: box.scale") && !written.contains("key: box.scale.x"))
    }

    @Test func aPositionCurvedByItsTangentsIsExactBetweenFramesAndWrittenAsTangents() throws {
        // From (0, 0) to (100, 0) over frames 0…10, linearly, along the arch through (0, 100) and (100, 100).
        let arch = #"""
        {"v": "5.7.0", "fr": 10, "ip": 0, "op": 10, "w": 100, "h": 100, "layers": [
          {"ty": 4, "nm": "Dot", "ind": 1, "ip": 0, "op": 10, "st": 0,
           "ks": {"p": {"a": 1, "k": [{"t": 0, "s": [0, 0, 0], "to": [0, 100, 0], "ti": [0, 100, 0], "o": {"x": 0, "y": 0}, "i": {"x": 1, "y": 1}},
                                     {"t": 10, "s": [100, 0, 0]}]}},
           "shapes": [{"ty": "el", "p": {"a": 0, "k": [0, 0]}, "s": {"a": 0, "k": [4, 4]}},
                      {"ty": "fl", "c": {"a": 0, "k": [1, 0, 0]}, "o": {"a": 0, "k": 100}}]}]}
        """#
        let folder = try TemporaryFolder()
        let file = try folder.write("arch.json", arch)
        let positions = try dotPositions(file, at: "0.5,0.55")
        #expect(positions.count == 2)
        // Frame 5: half the arch's length, its top.
        #expect(abs(positions[0][0] - 50) < 1e-9 && abs(positions[0][1] - 75) < 1e-9, "\(positions)")
        // Frame 5.5: on the arch (y = 75 at its top, lower past it), not on a chord between frames 5 and 6.
        #expect(positions[1][0] > 50 && positions[1][1] < 75 && positions[1][1] > 70, "\(positions)")
        let scene = try CommandRunner.run(["convert", file, "--to", "scene", "-o", folder.path("arch.yaml")])
        #expect(scene.status == 0, "\(scene.stderr)")
        let written = try String(contentsOfFile: folder.path("arch.yaml"), encoding: .utf8)
        #expect(written.contains("tangents:"), "\(written)")
        // The scene written moves the same way.
        #expect(try dotPositions(folder.path("arch.yaml"), at: "0.5,0.55") == positions)
    }

    /// The dot's positions that `sample` prints for `file` at `times`.
    private func dotPositions(_ file: String, at times: String) throws -> [[Double]] {
        let result = try CommandRunner.run(["sample", file, "--at", times])
        #expect(result.status == 0, "\(result.stderr)")
        let samples = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
        return ((samples?["samples"] as? [[String: Any]]) ?? []).compactMap { ($0["layers"] as? [String: [String: Any]])?["dot"]?["position"] as? [Double] }
    }

    @Test func instantsAreRefusedBesideFramesAVideoOrEachOtherAndBySweep() throws {
        let folder = try TemporaryFolder()
        let file = try folder.write("bar.json", slidingBar)
        let refusals: [([String], String)] = [
            (["render", file, "--progress", "0.5", "--frames", "3"], "--frames selects frames and --at or --progress instants; give one of them"),
            (["render", file, "--progress", "0.5", "--at", "1"], "give either --at or --progress instants, not both"),
            (["render", file, "--at", "0.5", "--video", folder.path("bar.apng")], "--video shows every frame at the scene's fps"),
            (["render", file, "--progress", "1.5"], "--progress: \"1.5\" is not a fraction within 0...1, nor one of auto, bar, json, none"),
            (["sweep", file, "--vary", "animators.timeline.duration=1,2", "--progress", "0.5"], "--progress takes auto, bar, json or none here"),
        ]
        for (arguments, message) in refusals {
            let result = try CommandRunner.run(arguments + ["--out", folder.path("out")])
            #expect(result.status == 64, "\(arguments)")
            #expect(result.stderr.contains(message), "\(arguments): \(result.stderr)")
        }
    }
}
