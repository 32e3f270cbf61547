import Foundation
import Testing
import ZoetropePipeline
@testable import ZoetropeRender
import ZoetropeFiles

/// What a file says is data, never a path (#23): a report downloaded from CI, a render folder's
/// manifest and journals, a scene's name. Nothing they hold may make a command read or write
/// outside the folder they belong to; what is refused is exit 65 naming the file and the entry,
/// and every message is one line.
@Suite struct HostilePathTests {
    /// A 40×30 scene of three frames: quick to render and to test.
    static let smallScene = """
        version: 1
        canvas: { size: [40, 30], background: "#FAFAFA" }
        render: { fps: 10, duration: 0.2 }
        layers:
          - { id: box, shape: rect, position: [10, 10], size: [10, 10], fill: "#3F7CAC" }
        """

    /// A project: small.yaml, its goldens recorded, a report of a run in `rep/`, and a `victim/`
    /// folder beside them that nothing may write into.
    private final class Project {
        let folder: TemporaryFolder
        init() throws {
            folder = try TemporaryFolder()
            try folder.write("small.yaml", HostilePathTests.smallScene)
            try FileManager.default.createDirectory(atPath: folder.path("victim"), withIntermediateDirectories: true)
            let recorded = try run(["test", "small.yaml", "--goldens", "goldens", "--report", "rep", "--update", "all", "--progress", "none"])
            #expect(recorded.status == 0, "\(recorded.stderr)")
        }

        func run(_ arguments: [String]) throws -> CommandRunner.Result {
            try CommandRunner.run(arguments, in: folder.url, environment: ["CI": ""])
        }

        func bytes(_ path: String) -> Data? { FileManager.default.contents(atPath: folder.path(path)) }
        func exists(_ path: String) -> Bool { FileManager.default.fileExists(atPath: folder.path(path)) }

        /// Everything under `path`, relative, sorted.
        func listing(_ path: String) -> [String] {
            (FileManager.default.subpaths(atPath: folder.path(path)) ?? []).sorted()
        }

        /// Rewrites `file` (JSON) with `change`.
        func edit(_ file: String, _ change: (inout [String: Any]) -> Void) throws {
            var object = try JSONSerialization.jsonObject(with: bytes(file) ?? Data()) as? [String: Any] ?? [:]
            change(&object)
            try JSONSerialization.data(withJSONObject: object).write(to: URL(fileURLWithPath: folder.path(file)))
        }

        /// Rewrites frame `index` of the first scene of `rep/report.json` with `change`, marking it failed.
        func editFrame(_ index: Int, _ change: @escaping (inout [String: Any]) -> Void) throws {
            try edit("rep/report.json") { report in
                var scenes = report["scenes"] as? [[String: Any]] ?? []
                var frames = scenes[0]["frames"] as? [[String: Any]] ?? []
                frames[index]["status"] = "failed"
                change(&frames[index])
                scenes[0]["frames"] = frames
                report["scenes"] = scenes
            }
        }
    }

    /// Standard error has exactly `count` lines and none carries a raw control character.
    private func expectOneLineEach(_ stderr: String, count: Int, sourceLocation: SourceLocation = #_sourceLocation) {
        let lines = stderr.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
        #expect(lines.count == count, "\(stderr)", sourceLocation: sourceLocation)
        #expect(!stderr.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" }, "\(stderr)", sourceLocation: sourceLocation)
    }

    // MARK: Reproduction 1: --accept of a hostile report

    @Test func acceptRefusesAFrameFileThatLeavesTheGoldens() throws {
        let project = try Project()
        try Data("echo pwned\n".utf8).write(to: URL(fileURLWithPath: project.folder.path("rep/frames/small/evil.sh")))
        try project.editFrame(0) { $0["file"] = "../../victim/evil.sh"; $0["actual"] = "frames/small/evil.sh" }
        let goldensBefore = project.listing("goldens").map { ($0, project.bytes("goldens/" + $0)) }
        let result = try project.run(["test", "--accept", "rep"])
        #expect(result.status == 65)
        #expect(result.stderr == "rep/report.json: scenes[0].frames[0].file: \"../../victim/evil.sh\" leaves the report folder\n")
        #expect(project.listing("victim").isEmpty && !project.exists("evil.sh"))
        #expect(project.listing("goldens").map { ($0, project.bytes("goldens/" + $0)) }.elementsEqual(goldensBefore) { $0 == $1 },
                "a refused report writes no golden at all")
    }

    @Test func acceptRefusesASceneNameThatLeavesTheGoldens() throws {
        let project = try Project()
        try project.editFrame(0) { _ in }
        try project.edit("rep/report.json") { report in
            var scenes = report["scenes"] as? [[String: Any]] ?? []
            scenes[0]["name"] = "../victim/x"
            report["scenes"] = scenes
        }
        let result = try project.run(["test", "--accept", "rep"])
        #expect(result.status == 65)
        #expect(result.stderr == "rep/report.json: scenes[0].name: \"../victim/x\" leaves the report folder\n")
        #expect(project.listing("victim").isEmpty)
    }

    @Test func acceptRefusesAnImageFromOutsideTheReport() throws {
        let project = try Project()
        try Data("secret".utf8).write(to: URL(fileURLWithPath: project.folder.path("victim/secret.png")))
        let golden = project.bytes("goldens/small/frame_00001.png")
        try project.editFrame(1) { $0["actual"] = "../victim/secret.png" }
        let result = try project.run(["test", "--accept", "rep"])
        #expect(result.status == 65)
        #expect(result.stderr == "rep/report.json: scenes[0].frames[1].actual: \"../victim/secret.png\" leaves the report folder\n")
        #expect(project.bytes("goldens/small/frame_00001.png") == golden)
    }

    @Test func acceptRefusesAGoldensFolderTheReportPutsElsewhere() throws {
        let project = try Project()
        try project.editFrame(0) { _ in }
        try project.edit("rep/report.json") { $0["goldens"] = project.folder.path("victim") }
        let refused = try project.run(["test", "--accept", "rep"])
        #expect(refused.status == 65)
        #expect(refused.stderr.hasPrefix("rep/report.json: goldens: \"\(project.folder.path("victim"))\" is absolute"))
        #expect(refused.stderr.contains("give --goldens DIR"))
        #expect(project.listing("victim").isEmpty)

        try project.edit("rep/report.json") { $0["goldens"] = "../victim" }
        #expect(try project.run(["test", "--accept", "rep"]).status == 65)

        // Inside the current folder, a report may name only goldens that are already there: it
        // cannot make a folder of its choosing (`.git/hooks/…`) in the project.
        try project.edit("rep/report.json") { $0["goldens"] = "made/by/report" }
        let made = try project.run(["test", "--accept", "rep"])
        #expect(made.status == 65)
        #expect(made.stderr.hasPrefix(#"rep/report.json: goldens: "made/by/report" is not a folder here (made is missing, a symbolic link or a file)"#),
                "\(made.stderr)")
        #expect(!FileManager.default.fileExists(atPath: project.folder.path("made")))

        // The user's own --goldens is the user's choice.
        let chosen = try project.run(["test", "--accept", "rep", "--goldens", "mine"])
        #expect(chosen.status == 0, "\(chosen.stderr)")
        #expect(project.bytes("mine/small/frame_00000.png") == project.bytes("rep/frames/small/frame_00000.png"))
    }

    @Test func acceptRefusesAnImageReachedThroughASymbolicLink() throws {
        let project = try Project()
        try project.editFrame(0) { _ in }
        // A downloaded report whose frames folder is a link: it could point anywhere.
        try FileManager.default.moveItem(atPath: project.folder.path("rep/frames/small"), toPath: project.folder.path("victim/small"))
        try FileManager.default.createSymbolicLink(atPath: project.folder.path("rep/frames/small"), withDestinationPath: project.folder.path("victim/small"))
        let viaFolder = try project.run(["test", "--accept", "rep"])
        #expect(viaFolder.status == 65)
        #expect(viaFolder.stderr == "rep/report.json: scenes[0].frames[0].actual: \"frames/small/frame_00000.png\" goes through a symbolic link (frames/small)\n")

        try FileManager.default.removeItem(atPath: project.folder.path("rep/frames/small"))
        try FileManager.default.createDirectory(atPath: project.folder.path("rep/frames/small"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: project.folder.path("rep/frames/small/frame_00000.png"),
                                                   withDestinationPath: project.folder.path("victim/small/frame_00000.png"))
        let viaFile = try project.run(["test", "--accept", "rep"])
        #expect(viaFile.status == 65)
        #expect(viaFile.stderr.hasSuffix("\"frames/small/frame_00000.png\" is a symbolic link\n"))
    }

    @Test func acceptTakesOnlyAPNGOfTheFramesSize() throws {
        let project = try Project()
        let golden = project.bytes("goldens/small/frame_00000.png")
        try Data("not a png".utf8).write(to: URL(fileURLWithPath: project.folder.path("rep/frames/small/frame_00000.png")))
        try project.editFrame(0) { _ in }
        let notPNG = try project.run(["test", "--accept", "rep"])
        #expect(notPNG.status == 65)
        #expect(notPNG.stderr == "rep/report.json: scenes[0].frames[0].actual: \"frames/small/frame_00000.png\" is not a PNG\n")

        // A real PNG of another size (a frame of a 20×30 render) is not a frame of this scene.
        try project.folder.write("narrow.yaml", HostilePathTests.smallScene)
        #expect(try project.run(["render", "narrow.yaml", "--size", "20x30", "--out", "narrow", "--progress", "none"]).status == 0)
        try FileManager.default.removeItem(atPath: project.folder.path("rep/frames/small/frame_00000.png"))
        try FileManager.default.copyItem(atPath: project.folder.path("narrow/frame_00000.png"), toPath: project.folder.path("rep/frames/small/frame_00000.png"))
        let wrongSize = try project.run(["test", "--accept", "rep"])
        #expect(wrongSize.status == 65)
        #expect(wrongSize.stderr == "rep/report.json: scenes[0].frames[0].actual: \"frames/small/frame_00000.png\" is a 20×30 PNG, not a frame of small (40×30 pixels)\n")
        #expect(project.bytes("goldens/small/frame_00000.png") == golden)
    }

    @Test func mergeRefusesImagesFromOutsideAShardsReport() throws {
        let project = try Project()
        try Data("secret".utf8).write(to: URL(fileURLWithPath: project.folder.path("victim/secret.png")))
        try project.editFrame(0) { $0["actual"] = "../victim/secret.png"; $0["expected"] = "/etc/passwd" }
        let result = try project.run(["test", "--merge", "rep", "--report", "merged"])
        #expect(result.status == 65)
        expectOneLineEach(result.stderr, count: 2)
        #expect(result.stderr.contains("rep/report.json: scenes[0].frames[0].actual: \"../victim/secret.png\" leaves the report folder"))
        #expect(result.stderr.contains("rep/report.json: scenes[0].frames[0].expected: \"/etc/passwd\" is absolute"))
        #expect(project.listing("merged").isEmpty)
    }

    // MARK: Reproduction 2: a scene named `..`

    @Test(arguments: [
        ["render", "...yaml"],
        ["render", "...yaml", "small.yaml", "--out", "out/x"],
        ["sheet", "...yaml"],
        ["view", "...yaml"],
        ["plot", "...yaml", "layers.box.position"],
        ["sweep", "...yaml", "--vary", "render.fps=10,20"],
        ["test", "...yaml", "--goldens", "gold/sub", "--update", "all"],
        ["validate", "...yaml"],
    ])
    func aSceneWhoseNameIsDotDotIsRefusedByEveryCommand(arguments: [String]) throws {
        let folder = try TemporaryFolder()
        try folder.write("...yaml", HostilePathTests.smallScene)
        try folder.write("small.yaml", HostilePathTests.smallScene)
        let before = Set(try FileManager.default.contentsOfDirectory(atPath: folder.url.path))
        let result = try CommandRunner.run(arguments + (arguments[0] == "test" ? ["--progress", "none"] : []), in: folder.url, environment: ["CI": ""])
        #expect(result.status == 65, "\(result.stdout)\(result.stderr)")
        #expect(result.stderr.hasPrefix("...yaml: the scene's name \"..\" (the file's name without its extension) cannot name a folder; rename the file\n"))
        // `test --goldens gold/sub` wrote gold/frame_*.png: gold/sub/.. is gold.
        let after = Set(try FileManager.default.contentsOfDirectory(atPath: folder.url.path))
        #expect(after.subtracting(before).subtracting(["output", "gold", "out"]).isEmpty)
        for created in ["gold", "out", "output"] {
            #expect((FileManager.default.subpaths(atPath: folder.path(created)) ?? []).allSatisfy { !$0.hasPrefix("frame_") && !$0.hasSuffix(".png") },
                    "nothing rendered into \(created)")
        }
    }

    // MARK: Reproduction 3: a manifest or journal entry outside the render folder

    /// A render of small.yaml in `out/`, and `victim.png` beside it: a frame of it, changed.
    private func renderFolder() throws -> Project {
        let project = try Project()
        #expect(try project.run(["render", "small.yaml", "--out", "out", "--progress", "none"]).status == 0)
        var victim = project.bytes("out/frame_00000.png") ?? Data()
        victim.append(contentsOf: Array("outside".utf8))
        try victim.write(to: URL(fileURLWithPath: project.folder.path("victim.png")))
        return project
    }

    @Test func aManifestEntryOutsideTheFolderIsRefusedByResumeVideoSheetViewAndMerge() throws {
        let project = try renderFolder()
        let victim = project.bytes("victim.png") ?? Data()
        try project.edit("out/manifest.json") { manifest in
            var frames = manifest["frames"] as? [[String: Any]] ?? []
            frames[0]["file"] = "../victim.png"
            frames[0]["sha256"] = SHA256Digest(Array(victim)).hex
            manifest["frames"] = frames
        }
        let message = "out/manifest.json: frames[0].file: \"../victim.png\" leaves the render folder\n"
        for arguments in [["render", "small.yaml", "--out", "out", "--resume", "--progress", "none"],
                          ["video", "out", "movie.apng"], ["sheet", "out"], ["view", "out"], ["manifest", "merge", "out"]] {
            let result = try project.run(arguments)
            #expect(result.status == 65, "\(arguments)")
            #expect(result.stderr == message, "\(arguments)")
        }
        #expect(!project.exists("movie.apng") && !project.exists("out/sheet.png"))
        #expect(project.bytes("victim.png") == victim)
    }

    @Test func aJournalLineOutsideTheFolderIsRefused() throws {
        let project = try renderFolder()
        try project.edit("out/manifest.json") { $0["frames"] = [] }
        var header = try String(contentsOfFile: project.folder.path("out/manifest.json"), encoding: .utf8)
        header = header.replacingOccurrences(of: "\n", with: "")
        let line = #"{"index":1,"file":"../victim.png","time":0.1,"sha256":"00"}"#
        try (header + "\n" + line + "\n").write(toFile: project.folder.path("out/.zoetrope-journal-elsewhere-1.jsonl"), atomically: true, encoding: .utf8)
        for arguments in [["manifest", "merge", "out"], ["render", "small.yaml", "--out", "out", "--resume", "--progress", "none"]] {
            let result = try project.run(arguments)
            #expect(result.status == 65, "\(arguments) \(result.stderr)")
            #expect(result.stderr == "out/.zoetrope-journal-elsewhere-1.jsonl: line 2: frame.file: \"../victim.png\" leaves the render folder\n")
        }
    }

    @Test func aFrameThatIsALinkOrAFIFOIsRefusedNotFollowed() throws {
        let project = try renderFolder()
        try FileManager.default.removeItem(atPath: project.folder.path("out/frame_00001.png"))
        try FileManager.default.createSymbolicLink(atPath: project.folder.path("out/frame_00001.png"), withDestinationPath: "../victim.png")
        for arguments in [["render", "small.yaml", "--out", "out", "--resume", "--progress", "none"], ["video", "out", "movie.apng"], ["sheet", "out"]] {
            let result = try project.run(arguments)
            #expect(result.status == 65, "\(arguments)")
            #expect(result.stderr == "out: frame 1: \"frame_00001.png\" is a symbolic link\n", "\(arguments)")
        }
        try FileManager.default.removeItem(atPath: project.folder.path("out/frame_00001.png"))
        #expect(mkfifo(project.folder.path("out/frame_00001.png"), 0o644) == 0)
        for arguments in [["render", "small.yaml", "--out", "out", "--resume", "--progress", "none"], ["video", "out", "movie.apng"], ["sheet", "out"]] {
            let result = try runWithDeadline(arguments, in: project.folder.url)
            #expect(result?.status == 65, "\(arguments): it must not wait on the FIFO")
            #expect(result?.stderr == "out: frame 1: \"frame_00001.png\" is not a regular file (a FIFO)\n", "\(arguments)")
        }
        #expect(!project.exists("movie.apng"))
    }

    // MARK: Reproduction 4: messages are one line

    @Test func controlCharactersInAScenesTextAreEscapedOneLinePerProblem() throws {
        let folder = try TemporaryFolder()
        let scene = try folder.write("s.yaml", #"""
            version: 1
            canvas: { size: [40, 30] }
            render: { fps: 10, duration: 0.2 }
            layers:
              - { id: "a\nother.yaml: layers[x]: forged \e[31mred", shape: rect, position: [10, 10], size: [10, 10] }
              - { id: b, shape: rect, position: [10, 10], size: [-10, 10] }
            """#)
        for arguments in [["validate", scene], ["render", scene, "--out", folder.path("out")]] {
            let result = try CommandRunner.run(arguments, in: folder.url)
            #expect(result.status == 65)
            expectOneLineEach(result.stderr, count: 2)
            #expect(result.stderr.contains(#"(found "a\nother.yaml: layers[x]: forged \u{1B}[31mred")"#), "\(result.stderr)")
            #expect(!result.stderr.contains("\nother.yaml"))
        }
    }

    @Test func aFileNameWithControlCharactersIsEscapedInEveryLine() throws {
        let folder = try TemporaryFolder()
        let name = "bad\n\u{1B}[2J.yaml"
        try folder.write(name, HostilePathTests.smallScene.replacingOccurrences(of: "fps: 10", with: "fps: -1"))
        let result = try CommandRunner.run(["validate", name], in: folder.url)
        #expect(result.status == 65)
        expectOneLineEach(result.stderr, count: 2)
        #expect(result.stderr.hasPrefix(#"bad\n\u{1B}[2J.yaml: the scene's name "bad\n\u{1B}[2J" (the file's name without its extension) contains a control character; rename the file"#), "\(result.stderr)")
        #expect(result.stderr.contains(#"bad\n\u{1B}[2J.yaml: render.fps: "#), "\(result.stderr)")

        // A summary line quoting the user's own text is one line too.
        try folder.write("small.yaml", HostilePathTests.smallScene)
        let rendered = try CommandRunner.run(["render", "small.yaml", "--out", "out\n\u{1B}[2J", "--progress", "none"], in: folder.url)
        #expect(rendered.status == 0, "\(rendered.stderr)")
        #expect(rendered.stdout == #"small.yaml: 3 of 3 frames → out\n\u{1B}[2J"# + "\n")
    }

    @Test func aFlagValueWithControlCharactersIsEscapedInTheUsageError() throws {
        let folder = try TemporaryFolder()
        try folder.write("small.yaml", HostilePathTests.smallScene)
        // Refused while the arguments are parsed (ArgumentParser's own message quotes the value).
        let result = try CommandRunner.run(["render", "small.yaml", "--frames", "1\u{1B}[2J\nforged: x"], in: folder.url)
        #expect(result.status == 64)
        #expect(result.stderr.hasPrefix(#"Error: --frames: "1\u{1B}[2J\nforged:x""#), "\(result.stderr)")
        #expect(!result.stderr.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" }, "\(result.stderr)")
        #expect(!result.stderr.contains("\nforged"), "\(result.stderr)")
    }

    // MARK: Reproduction 15: an image layer naming a FIFO

    @Test func anImageThatIsAFIFOIsRefusedWithoutBlocking() throws {
        let folder = try TemporaryFolder()
        #expect(mkfifo(folder.path("fifo"), 0o644) == 0)
        let scene = try folder.write("s.yaml", """
            version: 1
            canvas: { size: [40, 30] }
            render: { fps: 10, duration: 0.2 }
            layers:
              - { id: pic, shape: image, image: fifo, position: [10, 10], size: [10, 10] }
              - { id: dev, shape: image, image: /dev/zero, position: [10, 10], size: [10, 10] }
            """)
        for arguments in [["validate", scene], ["render", scene, "--out", folder.path("out"), "--progress", "none"]] {
            let result = try runWithDeadline(arguments, in: folder.url)
            #expect(result?.status == 65, "\(arguments): it must not wait on the FIFO")
            #expect(result?.stderr == "\(scene): layers[pic].image: \"\(folder.path("fifo"))\" is not a regular file (a FIFO)\n\(scene): layers[dev].image: \"/dev/zero\" is not a regular file (a device)\n")
        }
        #expect(!FileManager.default.fileExists(atPath: folder.path("out/frame_00000.png")))
    }

    // MARK: Reproduction 18: renders of different overrides into one folder at once

    /// A live process (a `sleep`) whose journal in `out/` records a render of small.yaml with
    /// `overrides`, as a render running at that moment would have.
    private func plantLiveRender(in project: Project, overrides: [String]) throws -> Process {
        #expect(try project.run(["render", "small.yaml", "--out", "other", "--progress", "none"] + overrides.flatMap { ["--set", $0] }).status == 0)
        try project.edit("other/manifest.json") { $0["frames"] = [] }
        let header = try String(contentsOfFile: project.folder.path("other/manifest.json"), encoding: .utf8).replacingOccurrences(of: "\n", with: "")
        let running = Process()
        running.executableURL = URL(fileURLWithPath: "/bin/sleep")
        running.arguments = ["60"]
        try running.run()
        try FileManager.default.createDirectory(atPath: project.folder.path("out"), withIntermediateDirectories: true)
        try (header + "\n").write(toFile: project.folder.path("out/.zoetrope-journal-\(ProcessStamp.hostName)-\(running.processIdentifier).jsonl"),
                                  atomically: true, encoding: .utf8)
        return running
    }

    @Test func aRenderOfOtherOverridesIntoAFolderAnotherProcessIsWritingIsRefused() throws {
        let project = try Project()
        let running = try plantLiveRender(in: project, overrides: ["layers.box.position=[5,5]"])
        defer { kill(running.processIdentifier, SIGKILL); running.waitUntilExit() }
        let hash = SHA256Digest(Array(project.bytes("small.yaml") ?? Data())).hex
        let refused = try project.run(["render", "small.yaml", "--out", "out", "--progress", "none"])
        #expect(refused.status == 73)
        #expect(refused.stderr == "out: process \(ProcessStamp.hostName)-\(running.processIdentifier) is rendering another scene or settings into this folder (small.yaml, scene hash \(hash), overrides layers.box.position=[5,5]); wait for it to end, or render into another folder\n")
        #expect(!project.exists("out/manifest.json") && !project.exists("out/frame_00000.png"))

        // A shard of the same render may share the folder, as before.
        let same = try plantLiveRender(in: project, overrides: [])
        defer { kill(same.processIdentifier, SIGKILL); same.waitUntilExit() }
        kill(running.processIdentifier, SIGKILL)
        running.waitUntilExit()
        let shared = try project.run(["render", "small.yaml", "--out", "out", "--progress", "none"])
        #expect(shared.status == 0, "\(shared.stderr)")
        let manifest = try JSONDecoder().decode(RenderManifest.self, from: project.bytes("out/manifest.json") ?? Data())
        for frame in manifest.frames {
            #expect(SHA256Digest(Array(project.bytes("out/" + frame.file) ?? Data())).hex == frame.sha256)
        }
    }

    @Test func twoRendersOfDifferentOverridesStartedTogetherNeverLeaveAMismatchedManifest() throws {
        let project = try Project()
        try project.folder.write("long.yaml", HostilePathTests.smallScene.replacingOccurrences(of: "duration: 0.2", with: "duration: 12"))
        let first = Process(), second = Process()
        for (process, x) in [(first, 5), (second, 25)] {
            process.executableURL = CommandRunner.binary
            process.arguments = ["render", "long.yaml", "--out", "out", "--jobs", "1", "--progress", "none", "--set", "layers.box.position=[\(x),10]"]
            process.currentDirectoryURL = project.folder.url
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
        }
        try first.run()
        try second.run()
        first.waitUntilExit()
        second.waitUntilExit()
        let statuses = [first.terminationStatus, second.terminationStatus]
        // Either one refused the folder the other was writing (73), or they ran one after the
        // other; either way the manifest matches the files.
        #expect(statuses.allSatisfy { $0 == 0 || $0 == 73 } && statuses.contains(0), "\(statuses)")
        let manifest = try JSONDecoder().decode(RenderManifest.self, from: project.bytes("out/manifest.json") ?? Data())
        #expect(manifest.frames.count == 121)
        for frame in manifest.frames {
            #expect(SHA256Digest(Array(project.bytes("out/" + frame.file) ?? Data())).hex == frame.sha256, "\(frame.file)")
        }
    }

    /// Runs `zoetrope arguments…` in `directory`; nil when it is still running after a minute
    /// (then it is killed). A safety net, so that a command that would wait forever on a FIFO
    /// fails the test instead of hanging it: the commands under test end in well under a second.
    private func runWithDeadline(_ arguments: [String], in directory: URL) throws -> CommandRunner.Result? {
        let done = DispatchSemaphore(value: 0)
        nonisolated(unsafe) var result: CommandRunner.Result?
        let process = Process()
        process.executableURL = CommandRunner.binary
        process.arguments = arguments
        process.currentDirectoryURL = directory
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.terminationHandler = { _ in done.signal() }
        try process.run()
        DispatchQueue.global().async {
            let errors = err.fileHandleForReading.readDataToEndOfFile()
            let output = out.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            result = CommandRunner.Result(status: process.terminationStatus, stdout: String(decoding: output, as: UTF8.self),
                                          stderr: String(decoding: errors, as: UTF8.self))
            done.signal()
        }
        guard done.wait(timeout: .now() + 60) == .success, done.wait(timeout: .now() + 60) == .success else {
            kill(process.processIdentifier, SIGKILL)
            return nil
        }
        return result
    }
}
