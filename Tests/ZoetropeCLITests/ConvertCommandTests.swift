import Foundation
import Testing
import ZoetropeRender

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

    static let frosted = """
        canvas: { size: [100, 100] }
        render: { fps: 10, duration: 0.5 }
        layers:
          - { id: haze, shape: rect, position: [50, 50], size: [40, 40], fill: "#FF0000", blur: 4 }
          - { id: card, shape: rect, position: [50, 50], size: [40, 40], fill: "#00FF00", shadow: { opacity: 0.5 } }
          - { id: pane, shape: rect, position: [50, 50], size: [40, 40], fill: "#FFFFFF40", backdropBlur: 6, rotationY: 0.3 }
        """

    @Test func whatLottieCannotDrawIsSaidPerPropertyAndCountedOnTheSummaryLine() throws {
        let folder = try TemporaryFolder()
        let scene = try folder.write("soft.yaml", Self.frosted)
        let result = try CommandRunner.run(["convert", scene, "--to", "lottie", "-o", folder.path("soft.json")])
        #expect(result.status == 0)
        #expect(result.stderr == """
            \(scene): layers.pane.backdropBlur: not exported: backdrop blur: drawn without it
            \(scene): layers.pane.rotationY: not exported: 3D transform: drawn flat

            """)
        #expect(result.stdout == "\(scene) → \(folder.path("soft.json")) (2 properties not exported)\n")
        let json = try String(contentsOfFile: folder.path("soft.json"), encoding: .utf8)
        #expect(json.contains(#""nm":"cardContent""#) && json.contains(#""ty":25,"nm":"Drop Shadow""#), "the card's shadow is Lottie's drop shadow")
        #expect(json.contains(#""ty":29,"nm":"Gaussian Blur""#), "the haze's blur is Lottie's Gaussian blur")
    }

    @Test func strictRefusesNamingEveryPropertyItWouldDrop() throws {
        let folder = try TemporaryFolder()
        let scene = try folder.write("soft.yaml", Self.frosted)
        let result = try CommandRunner.run(["convert", scene, "--to", "lottie", "--strict", "-o", folder.path("soft.json")])
        #expect(result.status == 65)
        #expect(result.stderr == """
            \(scene): layers.pane.backdropBlur: cannot be written to Lottie (backdrop blur: drawn without it)
            \(scene): layers.pane.rotationY: cannot be written to Lottie (3D transform: drawn flat)

            """)
        #expect(result.stdout.isEmpty && !FileManager.default.fileExists(atPath: folder.path("soft.json")))
        let whole = try folder.write("whole.yaml", Self.frosted.components(separatedBy: "\n  - { id: pane")[0])
        let written = try CommandRunner.run(["convert", whole, "--to", "lottie", "--strict", "-o", folder.path("whole.json")])
        #expect(written.status == 0 && written.stderr.isEmpty, "\(written.stderr)")
        #expect(written.stdout == "\(whole) → \(folder.path("whole.json"))\n")
        #expect(try CommandRunner.run(["convert", whole, "--to", "scene", "--strict"]).status == 64)
    }

    /// A mask written to Lottie and read back masks as the scene does: a luminance mask (a
    /// track matte) and a mask of paths (the layer's masks), each a pixel inside and outside.
    @Test(arguments: [
        ("luminance", ##"{ id: spot, shape: rect, position: [25, 25], size: [30, 30], fill: "#FFFFFF" }"##),
        ("alpha", ##"{ id: spot, shape: path, path: "M 10 10 L 40 10 L 40 40 L 10 40 Z", fill: "#FFFFFF", anchor: [0, 0] }"##),
    ])
    func aMaskedSceneExportedAndReadBackDrawsMasked(mode: String, mask: String) throws {
        let folder = try TemporaryFolder()
        let scene = try folder.write("masked.yaml", """
            canvas: { size: [60, 60], background: "#000000" }
            render: { fps: 10, duration: 0.2 }
            layers:
              - { id: card, shape: rect, position: [30, 30], size: [50, 50], fill: "#FF0000", maskMode: \(mode), mask: \(mask) }
            """)
        let convert = try CommandRunner.run(["convert", scene, "--to", "lottie", "-o", folder.path("masked.json")])
        #expect(convert.status == 0 && convert.stderr.isEmpty, "\(convert.stderr)")
        let back = try render(folder.path("masked.json"), frames: "0", into: folder, "back")
        let image = try RasterImage(pngFile: back + "/frame_00000.png")
        // The card's corner (5…55) is masked out; its middle (the mask's 10…40, at 15…45) shows.
        #expect(image[8, 8].red == 0 && image[8, 8].alpha == 255, "outside the mask: the background")
        #expect(image[30, 30].red == 255 && image[30, 30].green == 0, "inside the mask: the card")
        let original = try render(scene, frames: "0", into: folder, "original")
        #expect(try CommandRunner.run(["diff", original, back, "--threshold", "0.01"]).status == 0)
    }

    /// A Lottie file whose layer shows through an alpha track matte (as `bomb.json`'s does)
    /// converted to a scene and back keeps the matte: the frames are the file's.
    @Test func aTrackMatteSurvivesTheRoundTripThroughAScene() throws {
        let folder = try TemporaryFolder()
        let square = #"{"ty":"gr","it":[{"ty":"rc","p":{"a":0,"k":[20,20]},"s":{"a":0,"k":[40,40]},"r":{"a":0,"k":0}},"#
            + #"{"ty":"fl","c":{"a":0,"k":[1,0,0,1]},"o":{"a":0,"k":100}},{"ty":"tr"}]}"#
        let disc = #"{"ty":"gr","it":[{"ty":"el","p":{"a":0,"k":[20,20]},"s":{"a":1,"k":[{"t":0,"s":[10,10],"o":{"x":[0],"y":[0]},"i":{"x":[1],"y":[1]}},{"t":4,"s":[36,36]}]}},"#
            + #"{"ty":"fl","c":{"a":0,"k":[1,1,1,1]},"o":{"a":0,"k":100}},{"ty":"tr"}]}"#
        let matte = #"{"ty":4,"ind":1,"td":1,"ip":0,"op":5,"st":0,"ks":{},"shapes":[\#(disc)]}"#
        let matted = #"{"ty":4,"ind":2,"tt":1,"ip":0,"op":5,"st":0,"ks":{},"shapes":[\#(square)]}"#
        let file = try folder.write("matte.json", #"{"v":"5.7.0","fr":10,"ip":0,"op":5,"w":40,"h":40,"layers":[\#(matte),\#(matted)]}"#)
        let scene = folder.path("matte.yaml"), exported = folder.path("back.json")
        #expect(try CommandRunner.run(["convert", file, "--to", "scene", "-o", scene]).status == 0)
        let convert = try CommandRunner.run(["convert", scene, "--to", "lottie", "-o", exported])
        #expect(convert.status == 0 && convert.stderr.isEmpty, "\(convert.stderr)")
        let original = try render(file, frames: "0,2,4", into: folder, "original")
        let back = try render(exported, frames: "0,2,4", into: folder, "back")
        let corner = try RasterImage(pngFile: back + "/frame_00004.png")[1, 1]
        #expect(corner.alpha == 0, "outside the disc, the square is matted away")
        let diff = try CommandRunner.run(["diff", original, back, "--threshold", "0.01"])
        #expect(diff.status == 0, "\(diff.stdout)\(diff.stderr)")
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
