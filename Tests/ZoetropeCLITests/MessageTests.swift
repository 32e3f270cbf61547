import Foundation
import Testing

/// Each message a new user tripped over says what happened, with the right exit code.
@Suite struct MessageTests {
    private func scene(_ folder: TemporaryFolder) throws -> String {
        try folder.write("slide.yaml", slideScene)
    }

    @Test func diffOfAFileThatIsNotAPNGSaysWhatItIs() throws {
        let folder = try TemporaryFolder()
        let a = try folder.write("a.json", "{ \"frames\": [] }"), b = try folder.write("b.json", "{}")
        let result = try CommandRunner.run(["diff", a, b])
        #expect(result.status == 65)
        #expect(result.stderr.contains("a.json: not a PNG file (it does not start with the PNG signature: it looks like JSON)"), "\(result.stderr)")
    }

    @Test func aMalformedSetPrintsTheCommandsOwnUsage() throws {
        let folder = try TemporaryFolder()
        let result = try CommandRunner.run(["render", try scene(folder), "--set", "x"])
        #expect(result.status == 64)
        #expect(result.stderr.contains("--set x: expected KEY=VALUE"))
        #expect(result.stderr.contains("Usage: zoetrope render"), "\(result.stderr)")
    }

    @Test func aNegativeTimeIsRefusedAsATimeNotAMissingValue() throws {
        let folder = try TemporaryFolder()
        let result = try CommandRunner.run(["sample", try scene(folder), "--at", "-1"])
        #expect(result.status == 64)
        #expect(result.stderr.contains("--at: \"-1\" is not a time in seconds >= 0"), "\(result.stderr)")
    }

    /// Issue 27, item 6: no command's --help had a complete example.
    @Test(arguments: ["render", "sample", "validate", "curve", "diff", "sheet", "sweep", "plot", "test", "view", "video", "schema",
                      "convert", "preview", "manifest merge"])
    func everyCommandsHelpEndsWithAnExample(command: String) throws {
        let help = try CommandRunner.run(command.split(separator: " ").map(String.init) + ["--help"])
        #expect(help.status == 0)
        #expect(help.stdout.contains("$ zoetrope \(command)"), "\(help.stdout)")
    }

    @Test func curveFractionsAndTimesFollowOneRule() throws {
        let fraction = try CommandRunner.run(["curve", "easeIn", "--at", "1.5"])
        #expect(fraction.status == 64)
        let time = try CommandRunner.run(["curve", "easeIn", "--at-time", "2.5"])
        #expect(time.status == 64)
        #expect(time.stderr.contains("--at-time: 2.5 s is past the end of easeIn (1.0 s)"), "\(time.stderr)")
        #expect(try CommandRunner.run(["curve", "easeIn", "--at-time", "1"]).status == 0)
    }

    @Test func curvePlotSaysWhereItWroteAndPlotsArePNGOnly() throws {
        let folder = try TemporaryFolder()
        let curve = try CommandRunner.run(["curve", "easeIn", "--plot", folder.path("c.png")])
        #expect(curve.status == 0)
        #expect(curve.stderr.contains("easeIn: plot → \(folder.path("c.png"))"))
        #expect(try JSONSerialization.jsonObject(with: Data(curve.stdout.utf8)) is [String: Any], "standard output stays JSON")
        let jpeg = try CommandRunner.run(["plot", try scene(folder), "box.position", "--out", folder.path("p.jpg")])
        #expect(jpeg.status == 64)
        #expect(jpeg.stderr.contains("give a file name ending in .png"))
        #expect(!FileManager.default.fileExists(atPath: folder.path("p.jpg")))
        #expect(try CommandRunner.run(["curve", "easeIn", "--plot", folder.path("c.jpg")]).status == 64)
    }

    @Test func aSheetOfOneFrameIsSingular() throws {
        let folder = try TemporaryFolder()
        let result = try CommandRunner.run(["sheet", try scene(folder), "--count", "1", "--out", folder.path("s.png")])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("sheet of 1 frame →"), "\(result.stdout)")
    }

    @Test func aSamplePastTheRenderNamesNoFrame() throws {
        let folder = try TemporaryFolder()
        let result = try CommandRunner.run(["sample", try scene(folder), "--at", "1.5,5"])
        #expect(result.status == 0)
        let json = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let samples = try #require(json["samples"] as? [[String: Any]])
        #expect(samples[0]["frame"] as? Int == 30, "the last frame of the 1.5 s render at 20 fps")
        #expect(samples[1]["frame"] == nil, "5 s is past the render's 31 frames")
    }

    @Test func aBadColourListsEveryAcceptedForm() throws {
        let folder = try TemporaryFolder()
        let path = try folder.write("c.yaml", "canvas: { size: [10, 10], background: blue }\n")
        let result = try CommandRunner.run(["validate", path])
        #expect(result.status == 65)
        #expect(result.stderr.contains("expected a colour: \"#RGB\", \"#RGBA\", \"#RRGGBB\", \"#RRGGBBAA\", one of clear, transparent, black, white, or [red, green, blue, alpha] within 0...1"))
    }

    @Test func sampleKeysChooseWhatIsPrinted() throws {
        let folder = try TemporaryFolder()
        let path = try scene(folder)
        let csv = try CommandRunner.run(["sample", path, "--at", "0.75", "--keys", "box.position,move", "--format", "csv"])
        #expect(csv.status == 0, "\(csv.stderr)")
        #expect(csv.stdout.split(separator: "\n").first == "time,frame,box.position.x,box.position.y,move.state,move.isRunning,move.isReversed,move.fractionComplete")
        let json = try CommandRunner.run(["sample", path, "--at", "0.75", "--keys", "label"])
        let parsed = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        let sample = try #require((parsed["samples"] as? [[String: Any]])?.first)
        #expect((sample["layers"] as? [String: Any])?.keys.sorted() == ["label"], "a layer id gives that layer alone")
        #expect((sample["animators"] as? [String: Any])?.isEmpty == true)
        let typo = try CommandRunner.run(["sample", path, "--at", "1", "--keys", "bxo"])
        #expect(typo.status == 64)
        #expect(typo.stderr.contains("did you mean box?"), "\(typo.stderr)")
        #expect(typo.stderr.contains("zoetrope sample --help"))
    }

    @Test func validateAndRenderTakeAFolderOfScenes() throws {
        let folder = try TemporaryFolder()
        try FileManager.default.createDirectory(atPath: folder.path("mine"), withIntermediateDirectories: true)
        try folder.write("mine/a.yaml", slideScene)
        try folder.write("mine/b.yaml", slideScene)
        try folder.write("mine/notes.txt", "not a scene")
        let validate = try CommandRunner.run(["validate", folder.path("mine")])
        #expect(validate.status == 0, "\(validate.stderr)")
        #expect(validate.stdout.split(separator: "\n").count == 2, "\(validate.stdout)")
        let render = try CommandRunner.run(["render", folder.path("mine"), "--frames", "0", "--out", folder.path("out"), "--progress", "none"])
        #expect(render.status == 0, "\(render.stderr)")
        #expect(FileManager.default.fileExists(atPath: folder.path("out/a/frame_00000.png")))
        #expect(FileManager.default.fileExists(atPath: folder.path("out/b/frame_00000.png")))
    }

    @Test func sizeAndFpsWorkOnEveryCommandThatReadsAScene() throws {
        let folder = try TemporaryFolder()
        let path = try scene(folder)
        let sample = try CommandRunner.run(["sample", path, "--fps", "10", "--frames", "15", "--keys", "box"])
        #expect(sample.status == 0, "\(sample.stderr)")
        #expect(sample.stdout.contains("\"time\" : 1.5"), "frame 15 at 10 fps")
        let validate = try CommandRunner.run(["validate", path, "--size", "60x40", "--fps", "10"])
        #expect(validate.stdout.contains("16 frames: 1.5 s at 10.0 fps"), "\(validate.stdout)")
        let sheet = try CommandRunner.run(["sheet", path, "--size", "60x40", "--count", "2", "--out", folder.path("s.png")])
        #expect(sheet.status == 0, "\(sheet.stderr)")
        #expect(try CommandRunner.run(["plot", path, "box.position.x", "--fps", "0", "--out", folder.path("p.png")]).status == 64)
    }
}
