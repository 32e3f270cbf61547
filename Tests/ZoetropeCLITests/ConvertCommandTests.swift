import Foundation
import Testing

/// `zoetrope convert`: a Lottie file becomes a scene file that renders the same frames, and a
/// scene becomes Lottie that Zoetrope's own reader draws as the scene draws.
@Suite struct ConvertCommandTests {
    /// Renders `file`'s `frames` into a folder of `folder` named `name`.
    private func render(_ file: String, frames: String, into folder: TemporaryFolder, _ name: String) throws -> String {
        let out = folder.path(name)
        let result = try CommandRunner.run(["render", file, "--frames", frames, "--out", out, "--progress", "none"])
        #expect(result.status == 0, "\(file): \(result.stderr)")
        return out
    }

    @Test(arguments: ["Remap.json", "MaskInv.json", "MattWithParentAlpha.json", "winners.tgs"])
    func aLottieFileConvertedToASceneRendersTheSameBytes(file: String) throws {
        let folder = try TemporaryFolder()
        let scene = folder.path(file.split(separator: ".")[0] + ".yaml")
        let convert = try CommandRunner.run(["convert", "Tests/Lottie/Corpus/\(file)", "--to", "scene", "-o", scene])
        #expect(convert.status == 0, "\(convert.stderr)")
        #expect(convert.stdout == "Tests/Lottie/Corpus/\(file) → \(scene)\n")
        let text = try String(contentsOfFile: scene, encoding: .utf8)
        #expect(text.hasPrefix("version: 1\ncanvas:\n"), "readable YAML: \(text.prefix(200))")
        #expect(text.contains("- track:\n") == (file != "MaskInv.json"), "keyframe tracks where the file animates: \(text.prefix(400))")
        let validate = try CommandRunner.run(["validate", scene])
        #expect(validate.status == 0, "\(validate.stderr)")
        let frames = validate.stdout.split(separator: "(")[1].split(separator: " ")[0]
        let last = Int(frames)! - 1
        let picks = "0,\(last / 3),\(last / 2),\(last)"
        let fromLottie = try render("Tests/Lottie/Corpus/\(file)", frames: picks, into: folder, "lottie")
        let fromScene = try render(scene, frames: picks, into: folder, "scene")
        let diff = try CommandRunner.run(["diff", fromLottie, fromScene, "--threshold", "0"])
        #expect(diff.status == 0, "\(diff.stdout)\(diff.stderr)")
    }

    /// Lottie files whose scene the reader used to refuse once written (an empty path in a
    /// merge's mask, a radial gradient of radius 0, an animation one frame long): converted,
    /// read back, and drawn as the file draws.
    @Test func scenesOfEmptyPathsZeroRadiiAndOneFrameReadBack() throws {
        let folder = try TemporaryFolder()
        let empty = #"{"ty":"sh","ks":{"a":0,"k":{"c":false,"v":[],"i":[],"o":[]}}}"#
        let square = #"{"ty":"rc","p":{"a":0,"k":[8,8]},"s":{"a":0,"k":[8,8]},"r":{"a":0,"k":0}}"#
        let radial = #"{"ty":"gf","t":2,"s":{"a":0,"k":[8,8]},"e":{"a":0,"k":[8,8]},"o":{"a":0,"k":100},"g":{"p":2,"k":{"a":0,"k":[0,1,0,0,1,0,0,1]}}}"#
        let shapes = [empty, square, #"{"ty":"mm","mm":3}"#, radial].joined(separator: ",")
        let layer = #"{"ty":4,"ind":1,"ip":0,"op":1,"st":0,"ks":{},"shapes":[{"ty":"gr","it":[\#(shapes),{"ty":"tr"}]}]}"#
        let file = try folder.write("still.json", #"{"v":"5.7.0","fr":30,"ip":0,"op":1,"w":16,"h":16,"layers":[\#(layer)]}"#)
        let scene = folder.path("still.yaml")
        let convert = try CommandRunner.run(["convert", file, "--to", "scene", "-o", scene])
        #expect(convert.status == 0, "\(convert.stderr)")
        let validate = try CommandRunner.run(["validate", scene])
        #expect(validate.status == 0, "\(validate.stderr)")
        #expect(validate.stdout.contains("(1 frames: 0.0 s"), "\(validate.stdout)")
        let fromLottie = try render(file, frames: "0", into: folder, "lottie")
        let fromScene = try render(scene, frames: "0", into: folder, "scene")
        let diff = try CommandRunner.run(["diff", fromLottie, fromScene, "--threshold", "0"])
        #expect(diff.status == 0, "\(diff.stdout)\(diff.stderr)")
    }

    @Test func aConvertedSceneCarriesItsImagesAndPrintsWithoutAnOutput() throws {
        let folder = try TemporaryFolder(), elsewhere = try TemporaryFolder()
        let dot = try folder.write("dot.yaml", """
            canvas: { size: [8, 8], background: "#FF8800" }
            render: { fps: 1, duration: 1 }
            layers: []
            """)
        #expect(try CommandRunner.run(["render", dot, "--frames", "0", "--out", folder.path("dot"), "--progress", "none"]).status == 0)
        let scene = try folder.write("pic.yaml", """
            canvas: { size: [20, 20] }
            render: { fps: 1, duration: 1 }
            layers:
              - { id: picture, shape: image, image: dot/frame_00000.png, position: [10, 10], size: [16, 16] }
            """)
        let convert = try CommandRunner.run(["convert", scene, "--to", "scene"])
        #expect(convert.status == 0, "\(convert.stderr)")
        #expect(convert.stdout.hasPrefix("version: 1\n") && convert.stdout.contains("image: \"data:image/png;base64,"), "\(convert.stdout)")
        let moved = try elsewhere.write("pic.yaml", convert.stdout)
        let original = try render(scene, frames: "0", into: folder, "original")
        let copy = try render(moved, frames: "0", into: elsewhere, "copy")
        #expect(try CommandRunner.run(["diff", original, copy, "--threshold", "0"]).status == 0)
    }

    @Test func aSceneExportedToLottieDrawsAsTheSceneDoes() throws {
        let folder = try TemporaryFolder()
        let scene = try folder.write("card.yaml", """
            canvas: { size: [200, 120], background: "#F3EDE2" }
            render: { fps: 10, duration: 1 }
            layers:
              - id: card
                shape: rect
                position: [60, 60]
                size: [80, 60]
                cornerRadius: 12
                fill: "#1E6FD9"
                stroke: { color: "#0A3A80", width: 4, dash: [10, 6] }
                children:
                  - { id: dot, shape: ellipse, position: [40, 30], size: [24, 24], fill: { linear: { from: [0, 0], to: [1, 1], stops: [[0, "#FFFFFF"], [1, "#FFCC00"]] } } }
                  - { id: tick, shape: path, path: "M 4 30 L 20 44 L 60 10", stroke: { color: "#FFFFFF", width: 3 }, strokeEnd: 0.2 }
            animators:
              - id: slide
                duration: 1
                timing: { spring: { dampingRatio: 0.6 } }
                animations:
                  - set: { card.position: [140, 60], card.rotation: 15deg, card.opacity: 0.7, tick.strokeEnd: 1 }
            script:
              - { at: 0, start: slide }
              - { at: 0.5, pause: slide }
            """)
        let lottie = folder.path("card.json")
        let convert = try CommandRunner.run(["convert", scene, "--to", "lottie", "-o", lottie])
        #expect(convert.status == 0, "\(convert.stderr)")
        #expect(convert.stderr.isEmpty, "nothing here is drawn without: \(convert.stderr)")
        let json = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: lottie))) as? [String: Any]
        #expect(json?["fr"] as? Double == 10 && json?["op"] as? Double == 11 && json?["w"] as? Double == 200)
        let picks = "0,3,5,8,10"
        let original = try render(scene, frames: picks, into: folder, "scene")
        let exported = try render(lottie, frames: picks, into: folder, "lottie")
        // The same geometry drawn through Lottie's shapes: anti-aliasing may differ a little.
        let diff = try CommandRunner.run(["diff", original, exported, "--max-diff-ratio", "0.01"])
        #expect(diff.status == 0, "\(diff.stdout)\(diff.stderr)")
    }

    @Test func aDotLottieOutputIsAnArchiveOfTheSameAnimation() throws {
        let folder = try TemporaryFolder()
        for name in ["frog.json", "frog.lottie"] {
            let convert = try CommandRunner.run(["convert", "scenes/frog.yaml", "--to", "lottie", "-o", folder.path(name)])
            #expect(convert.status == 0, "\(convert.stderr)")
        }
        let archive = try Data(contentsOf: URL(fileURLWithPath: folder.path("frog.lottie")))
        let json = try Data(contentsOf: URL(fileURLWithPath: folder.path("frog.json")))
        #expect(archive.starts(with: [0x50, 0x4B, 0x03, 0x04]) && archive.count * 3 < json.count, "a deflated zip")
        let plain = try render(folder.path("frog.json"), frames: "0,60,120", into: folder, "json")
        let packed = try render(folder.path("frog.lottie"), frames: "0,60,120", into: folder, "lottie")
        #expect(try CommandRunner.run(["diff", plain, packed, "--threshold", "0"]).status == 0)
    }

    @Test func whatLottieCannotDrawIsSaidPerLayer() throws {
        let folder = try TemporaryFolder()
        let scene = try folder.write("soft.yaml", """
            canvas: { size: [100, 100] }
            render: { fps: 10, duration: 0.5 }
            layers:
              - { id: haze, shape: rect, position: [50, 50], size: [40, 40], fill: "#FF0000", blur: 4 }
              - { id: card, shape: rect, position: [50, 50], size: [40, 40], fill: "#00FF00", shadow: { opacity: 0.5 } }
            """)
        let result = try CommandRunner.run(["convert", scene, "--to", "lottie", "-o", folder.path("soft.json")])
        #expect(result.status == 0)
        #expect(result.stderr == "\(scene): haze: not exported: blur: drawn sharp\n")
        let json = try String(contentsOfFile: folder.path("soft.json"), encoding: .utf8)
        #expect(json.contains(#""nm":"cardContent""#) && json.contains(#""ty":25,"nm":"Drop Shadow""#), "the card's shadow is Lottie's drop shadow")
        #expect(FileManager.default.fileExists(atPath: folder.path("soft.json")))
    }

    @Test func aSceneTooLongToBakeIsRefusedBeforeItTakesGigabytes() throws {
        let folder = try TemporaryFolder()
        let scene = try folder.write("long.yaml", """
            canvas: { size: [10, 10] }
            render: { fps: 240, duration: 3600 }
            layers: [{ id: dot, shape: rect, size: [2, 2] }]
            """)
        let result = try CommandRunner.run(["convert", scene, "--to", "lottie", "-o", folder.path("long.json")])
        #expect(result.status == 65)
        #expect(result.stderr.contains("too long to export to Lottie: 864001 frames of 1 layers"), "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: folder.path("long.json")))
    }

    @Test func aMissingInputIsExit66AndAnUnknownFormatIsUsage() throws {
        #expect(try CommandRunner.run(["convert", "nowhere.json", "--to", "scene"]).status == 66)
        let usage = try CommandRunner.run(["convert", "scenes/frog.yaml", "--to", "svg"])
        #expect(usage.status == 64)
    }
}
