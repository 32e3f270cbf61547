import Foundation
import Testing
import ZoetropeCore
import ZoetropePipeline
import ZoetropeRender

/// A small scene: a red square moving right with easeInOut over 1 s, at 20 fps for 1.5 s.
let slideScene = """
    version: 1
    canvas: { size: [120, 80], background: "#FFFFFF" }
    render: { fps: 20, duration: 1.5 }
    layers:
      - { id: box, shape: rect, position: [20, 40], size: [20, 20], fill: "#FF0000" }
      - { id: label, shape: text, text: hi, position: [60, 10], size: [40, 16], font: { size: 10 } }
    animators:
      - id: move
        duration: 1
        animations:
          - set: { box.position: [100, 40] }
        completions:
          - { when: end, set: { box.fill: "#0000FF" } }
    script:
      - { at: 0.25, start: move }
    """

private let red = RasterImage.Pixel(red: 255, green: 0, blue: 0)
private let blue = RasterImage.Pixel(red: 0, green: 0, blue: 255)

func frameFiles(_ folder: String) throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasPrefix("frame_") }.sorted()
}

@Suite struct RenderCommandTests {
    @Test func frogSceneFramesShowTheFrogWhereTheCurvePutsIt() throws {
        let out = try TemporaryFolder()
        let result = try CommandRunner.run(["render", "scenes/frog.yaml", "--out", out.url.path, "--frames", "0,60,120",
                                            "--progress", "none"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try frameFiles(out.url.path) == ["frame_00000.png", "frame_00060.png", "frame_00120.png"])
        let green = RasterImage.Pixel(red: 0x5D, green: 0xAA, blue: 0x3A)
        let background = RasterImage.Pixel(red: 0xF3, green: 0xED, blue: 0xE2)
        let first = try RasterImage(pngFile: out.path("frame_00000.png"))
        #expect(first.width == 1024 && first.height == 768)
        // The frog's body, left of its belly: group point (20, 78) with the group centred on (200, 380).
        #expect(first[156, 394] == green)
        #expect(first[716, 434] == background)
        #expect(first[10, 700] == background)
        let last = try RasterImage(pngFile: out.path("frame_00120.png"))
        #expect(last[716, 434] == green, "the frog arrived at (760, 420)")
        #expect(last[156, 394] == background)
        // Halfway through the move (t = 2.0 s is fraction 0.5, easeInOut 0.5): x = 200 + 560/2 + 0.
        let middle = try RasterImage(pngFile: out.path("frame_00060.png"))
        #expect(middle[436, 404] == green)
    }

    @Test func manifestListsFramesWithHashes() throws {
        let folder = try TemporaryFolder()
        let scene = try folder.write("slide.yaml", slideScene)
        let out = folder.path("out")
        #expect(try CommandRunner.run(["render", scene, "--out", out, "--progress", "none"]).status == 0)
        let data = try Data(contentsOf: URL(fileURLWithPath: out + "/manifest.json"))
        let manifest = try JSONDecoder().decode(RenderManifest.self, from: data)
        #expect(manifest.frameCount == 31)
        #expect(manifest.frames.count == 31)
        #expect(manifest.fps == 20 && manifest.size == [120, 80])
        #expect(manifest.sceneHash.count == 64)
        #expect(manifest.cairoVersion.hasPrefix("1."))
        #expect(manifest.frames[30].file == "frame_00030.png")
        #expect(manifest.frames[30].time == 1.5)
        // The lock file that serialises merges of manifest.json stays (removing it while another
        // process waits on it would let two merges run at once); temporary files and journals go.
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: out).filter { $0.hasPrefix(".") && $0 != ".zoetrope-manifest.lock" }
        #expect(leftovers.isEmpty, "no temporary files or journals remain: \(leftovers)")
    }

    @Test func completionChangesTheColourAfterTheMoveEnds() throws {
        let folder = try TemporaryFolder()
        let scene = try folder.write("slide.yaml", slideScene)
        let out = folder.path("out")
        // The move ends at 1.25 s: frame 24 is before, frame 25 at the completion.
        #expect(try CommandRunner.run(["render", scene, "--out", out, "--frames", "5,24-25", "--progress", "none"]).status == 0)
        #expect(try RasterImage(pngFile: out + "/frame_00005.png")[20, 40] == red)
        #expect(try RasterImage(pngFile: out + "/frame_00024.png")[100, 40] == red)
        #expect(try RasterImage(pngFile: out + "/frame_00025.png")[100, 40] == blue)
    }

    @Test func parallelJobsWriteTheSameBytesAsOneJob() throws {
        let folder = try TemporaryFolder()
        let scene = try folder.write("slide.yaml", slideScene)
        #expect(try CommandRunner.run(["render", scene, "--out", folder.path("one"), "--jobs", "1", "--progress", "none"]).status == 0)
        #expect(try CommandRunner.run(["render", scene, "--out", folder.path("two"), "--jobs", "2", "--progress", "none"]).status == 0)
        let files = try frameFiles(folder.path("one"))
        #expect(files.count == 31)
        #expect(try frameFiles(folder.path("two")) == files)
        for file in files {
            let one = try Data(contentsOf: URL(fileURLWithPath: folder.path("one/" + file)))
            let two = try Data(contentsOf: URL(fileURLWithPath: folder.path("two/" + file)))
            #expect(one == two, "\(file)")
        }
    }

    @Test func aFrameRangeWritesTheSameBytesAsAFullRender() throws {
        let folder = try TemporaryFolder()
        let scene = try folder.write("slide.yaml", slideScene)
        #expect(try CommandRunner.run(["render", scene, "--out", folder.path("full"), "--progress", "none"]).status == 0)
        #expect(try CommandRunner.run(["render", scene, "--out", folder.path("part"), "--frames", "10-20", "--progress", "none"]).status == 0)
        let part = try frameFiles(folder.path("part"))
        #expect(part == (10...20).map { String(format: "frame_%05d.png", $0) })
        for file in part {
            let full = try Data(contentsOf: URL(fileURLWithPath: folder.path("full/" + file)))
            let alone = try Data(contentsOf: URL(fileURLWithPath: folder.path("part/" + file)))
            #expect(full == alone, "\(file)")
        }
    }

    @Test func framesFarApartAreDrawnWholeAndReportTheirOwnTimes() throws {
        let folder = try TemporaryFolder()
        let scene = try folder.write("slide.yaml", slideScene)
        #expect(try CommandRunner.run(["render", scene, "--out", folder.path("full"), "--progress", "none"]).status == 0)
        // Neighbours, the box moving: the second and third redraw only around it (of 120 × 80 pixels).
        let near = try CommandRunner.run(["render", scene, "--out", folder.path("near"), "--frames", "10-12", "--jobs", "1", "--progress", "json"])
        #expect(near.status == 0)
        #expect(try Self.pixelsDrawn(near.stdout) < 3 * 120 * 80)
        // Far apart: each frame is drawn whole, and is the full render's bytes all the same.
        let far = try CommandRunner.run(["render", scene, "--out", folder.path("far"), "--frames", "2,9,16", "--jobs", "1", "--progress", "json"])
        #expect(far.status == 0)
        #expect(try Self.pixelsDrawn(far.stdout) == 3 * 120 * 80)
        for frame in [2, 9, 16] {
            let file = String(format: "frame_%05d.png", frame)
            let full = try Data(contentsOf: URL(fileURLWithPath: folder.path("full/" + file)))
            #expect(try Data(contentsOf: URL(fileURLWithPath: folder.path("far/" + file))) == full, "\(file)")
        }
        // Each frame event carries the seconds that frame took to evaluate, draw and encode.
        let frames = try far.stdout.split(separator: "\n").map { try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
            .filter { $0?["event"] as? String == "frame" }
        #expect(frames.count == 3)
        for event in frames {
            let seconds = event?["seconds"] as? [String: Double]
            #expect(seconds?.keys.sorted() == ["draw", "encode", "evaluate"])
            #expect(seconds?.values.allSatisfy { $0 >= 0 && $0 < 60 } == true)
            #expect((seconds?["draw"] ?? 0) > 0)
        }
    }

    /// The `pixelsDrawn` of a render's `done` event.
    private static func pixelsDrawn(_ progress: String) throws -> Int {
        let done = try progress.split(separator: "\n").compactMap { try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
            .first { $0["event"] as? String == "done" }
        return try #require(done?["pixelsDrawn"] as? Int)
    }

    @Test func resumeSkipsFramesAlreadyRendered() throws {
        let folder = try TemporaryFolder()
        let scene = try folder.write("slide.yaml", slideScene)
        let out = folder.path("out")
        #expect(try CommandRunner.run(["render", scene, "--out", out, "--frames", "0-9", "--progress", "none"]).status == 0)
        try FileManager.default.removeItem(atPath: out + "/frame_00003.png")
        let result = try CommandRunner.run(["render", scene, "--out", out, "--resume", "--progress", "json"])
        #expect(result.status == 0)
        let events = result.stdout.split(separator: "\n")
        #expect(events.first?.contains("\"skipped\":9") == true, "\(events.first ?? "")")
        #expect(events.filter { $0.contains("\"event\":\"frame\"") }.count == 22)
        #expect(try frameFiles(out).count == 31)
    }

    @Test func aDifferentRenderIntoTheSameFolderRemovesTheEarlierFramesOnly() throws {
        let folder = try TemporaryFolder()
        let scene = try folder.write("slide.yaml", slideScene)
        let out = folder.path("out")
        #expect(try CommandRunner.run(["render", scene, "--out", out, "--progress", "none"]).status == 0)
        try folder.write("out/notes.txt", "mine")
        #expect(try CommandRunner.run(["render", scene, "--out", out, "--frames", "0-2", "--progress", "none",
                                       "--set", "animators.move.duration=2"]).status == 0)
        #expect(try frameFiles(out) == ["frame_00000.png", "frame_00001.png", "frame_00002.png"], "no stale frames of the first render")
        #expect(FileManager.default.fileExists(atPath: folder.path("out/notes.txt")), "other files stay")
        // The same render again keeps what it has (frames 0-2) and adds to it.
        #expect(try CommandRunner.run(["render", scene, "--out", out, "--frames", "3", "--progress", "none",
                                       "--set", "animators.move.duration=2"]).status == 0)
        #expect(try frameFiles(out).count == 4)
    }

    /// Issue 27, item 1: the viewer and the contact sheet of an earlier render went stale
    /// ("frame 100 / 150", broken images) when a different render replaced its frames.
    @Test func aDifferentRenderRemovesTheEarlierRendersViewerAndSheet() throws {
        let folder = try TemporaryFolder()
        let scene = try folder.write("slide.yaml", slideScene)
        let out = folder.path("out")
        #expect(try CommandRunner.run(["render", scene, "--out", out, "--progress", "none"]).status == 0)
        #expect(try CommandRunner.run(["view", out]).status == 0)
        #expect(try CommandRunner.run(["sheet", out]).status == 0)
        #expect(FileManager.default.fileExists(atPath: out + "/index.html") && FileManager.default.fileExists(atPath: out + "/sheet.png"))
        // The same render again keeps them: its frames are the ones they show.
        #expect(try CommandRunner.run(["render", scene, "--out", out, "--frames", "0", "--progress", "none"]).status == 0)
        #expect(FileManager.default.fileExists(atPath: out + "/index.html") && FileManager.default.fileExists(atPath: out + "/sheet.png"))
        #expect(try CommandRunner.run(["render", scene, "--out", out, "--progress", "none", "--set", "animators.move.duration=0.5"]).status == 0)
        #expect(!FileManager.default.fileExists(atPath: out + "/index.html"), "the viewer of 31 frames is gone")
        #expect(!FileManager.default.fileExists(atPath: out + "/sheet.png"))
    }

    /// Shards writing into one folder at the same time: each keeps a journal and merges it into
    /// manifest.json under a lock, so the last one out leaves every frame listed.
    @Test func concurrentShardsIntoOneFolderLoseNoManifestEntry() throws {
        let folder = try TemporaryFolder()
        let scene = try folder.write("slide.yaml", slideScene)
        let out = folder.path("out")
        let shards = try (0..<6).map { index in
            try CommandRunner.start(["render", scene, "--shard", "\(index)/6", "--out", out, "--progress", "none", "--jobs", "1"])
        }
        for shard in shards { shard.waitUntilExit() }
        #expect(shards.allSatisfy { $0.terminationStatus == 0 })
        let manifest = try JSONDecoder().decode(RenderManifest.self, from: Data(contentsOf: URL(fileURLWithPath: out + "/manifest.json")))
        #expect(manifest.frames.map(\.index) == Array(0...30))
        #expect(try FileManager.default.contentsOfDirectory(atPath: out).filter { $0.contains("journal") }.isEmpty)
    }

    /// A render killed with SIGKILL leaves a journal of the frames it finished; --resume keeps
    /// them and renders only the rest, and manifest merge folds a journal in by itself.
    @Test func aKilledRenderResumesWithoutRedoingItsFrames() throws {
        let folder = try TemporaryFolder()
        let scene = try folder.write("slide.yaml", slideScene)
        let out = folder.path("out")
        let killed = try CommandRunner.start(["render", scene, "--out", out, "--progress", "none", "--jobs", "1", "--scale", "8"])
        // Wait (bounded) until a few frames are on disk, then kill it outright.
        var finished: [String] = []
        for _ in 0..<600 where finished.count < 4 && killed.isRunning {
            usleep(10_000)
            finished = (try? frameFiles(out)) ?? []
        }
        kill(killed.processIdentifier, SIGKILL)
        killed.waitUntilExit()
        let onDisk = try frameFiles(out).count
        try #require(onDisk < 31, "the render was killed before it ended")
        let journal = try #require(try FileManager.default.contentsOfDirectory(atPath: out).first { $0.contains("journal") })
        #expect(!journal.isEmpty)
        let merged = try CommandRunner.run(["manifest", "merge", out])
        #expect(merged.status == 0, "\(merged.stderr)")
        #expect(merged.stdout.contains("of 31 frames"))
        let resumed = try CommandRunner.run(["render", scene, "--out", out, "--progress", "json", "--jobs", "1", "--scale", "8", "--resume"])
        #expect(resumed.status == 0, "\(resumed.stderr)")
        let rendered = resumed.stdout.split(separator: "\n").filter { $0.contains("\"event\":\"frame\"") }.count
        let kept = resumed.stdout.split(separator: "\n").first { $0.contains("\"event\":\"resume\"") }
        #expect(kept?.contains("\"kept\":\(31 - rendered)") == true, "\(kept ?? "no resume event")")
        #expect(rendered <= 31 - onDisk + 1, "only the frames not finished (and at most one in flight) are rendered again")
        let manifest = try JSONDecoder().decode(RenderManifest.self, from: Data(contentsOf: URL(fileURLWithPath: out + "/manifest.json")))
        #expect(manifest.frames.count == 31)
    }

    /// Past the file size limit a render ends with exit 74 naming the file, not SIGXFSZ, and no
    /// half-written frame or temporary file stays.
    @Test func aFileSizeLimitIsAWriteErrorNotACrash() throws {
        let folder = try TemporaryFolder()
        let scene = try folder.write("slide.yaml", slideScene)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        process.arguments = ["-c", "ulimit -f 2; exec \"$0\" render \"$1\" --out \"$2\" --scale 4 --progress none",
                             CommandRunner.binary.path, scene, folder.path("out")]
        let errors = Pipe()
        process.standardError = errors
        try process.run()
        let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationReason == .exit && process.terminationStatus == 74, "\(message)")
        #expect(message.contains(folder.path("out") + "/") && message.contains("write failed"), "names the file: \(message)")
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path("out"))
        #expect(!names.contains { $0.hasSuffix(".zoetrope-tmp") }, "\(names)")
    }

    /// A folder that cannot be written is exit 73 naming what could not be created. (Root ignores
    /// permissions, so as root the render runs as nobody, from a copy of the binary it can reach.)
    @Test func aReadOnlyFolderIsExit73NamingTheFile() throws {
        let folder = try TemporaryFolder()
        let scene = try folder.write("slide.yaml", slideScene)
        let locked = folder.path("locked")
        try FileManager.default.createDirectory(atPath: locked, withIntermediateDirectories: false)
        try FileManager.default.setAttributes([.posixPermissions: 0o555], ofItemAtPath: locked)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: folder.url.path)
        for out in [locked, locked + "/frames"] {
            let process = Process()
            if getuid() == 0 {
                let binary = folder.path("zoetrope")
                if !FileManager.default.fileExists(atPath: binary) {
                    try FileManager.default.copyItem(atPath: CommandRunner.binary.path, toPath: binary)
                }
                process.executableURL = URL(fileURLWithPath: "/usr/bin/setpriv")
                process.arguments = ["--reuid=65534", "--regid=65534", "--clear-groups", binary]
            } else {
                process.executableURL = CommandRunner.binary
                process.arguments = []
            }
            process.arguments! += ["render", scene, "--out", out, "--progress", "none"]
            let errors = Pipe()
            process.standardError = errors
            try process.run()
            let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            process.waitUntilExit()
            #expect(process.terminationStatus == 73, "\(message)")
            #expect(message.contains(out) && message.contains("cannot create: Permission denied"), "\(message)")
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: locked).isEmpty)
    }

    /// A full disk (a 64 KB tmpfs, where this machine lets the test mount one) is exit 74 naming
    /// the frame; no temporary file stays, and manifest.json, if written, lists only whole frames.
    @Test(.enabled(if: TinyDisk.canMount, "mounting a tmpfs needs root and a kernel that allows it"))
    func aFullDiskIsExit74NamingTheFrame() throws {
        let folder = try TemporaryFolder()
        let scene = try folder.write("slide.yaml", slideScene)
        let disk = try TinyDisk(at: folder.path("disk"), kilobytes: 64)
        defer { disk.unmount() }
        let result = try CommandRunner.run(["render", scene, "--out", disk.path, "--progress", "none", "--scale", "6", "--jobs", "1", "--set", "render.duration=10"])
        #expect(result.status == 74, "\(result.stderr)")
        #expect(result.stderr.contains(disk.path + "/") && result.stderr.contains("No space left on device"), "\(result.stderr)")
        let names = try FileManager.default.contentsOfDirectory(atPath: disk.path)
        #expect(!names.contains { $0.hasSuffix(".zoetrope-tmp") }, "\(names)")
        if let data = FileManager.default.contents(atPath: disk.path + "/manifest.json") {
            let manifest = try JSONDecoder().decode(RenderManifest.self, from: data)
            for frame in manifest.frames {
                let bytes = try #require(FileManager.default.contents(atPath: disk.path + "/" + frame.file))
                #expect(try RasterImage(pngFile: disk.path + "/" + frame.file).width == 720, "\(frame.file) (\(bytes.count) bytes) is whole")
            }
        }
    }

    /// A folder removed while frames are being written is exit 73 or 74 naming the frame, never a
    /// crash or a success.
    @Test func aFolderThatVanishesMidRenderIsAnErrorNamingTheFrame() throws {
        let folder = try TemporaryFolder()
        let scene = try folder.write("slide.yaml", slideScene)
        let out = folder.path("out")
        let errors = Pipe()
        let process = try CommandRunner.start(["render", scene, "--out", out, "--progress", "none", "--jobs", "1", "--scale", "8",
                                               "--set", "render.duration=30"], errors: errors)
        for _ in 0..<3000 where ((try? frameFiles(out)) ?? []).count < 2 && process.isRunning { usleep(10_000) }
        try #require(process.isRunning, "the render ended before the folder could be removed")
        // The render keeps adding files while the folder is emptied; removal may need a retry.
        var removed = false
        for _ in 0..<100 where !removed {
            removed = (try? FileManager.default.removeItem(atPath: out)) != nil || !FileManager.default.fileExists(atPath: out)
        }
        try #require(removed, "the folder could not be removed")
        let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationReason == .exit && [73, 74].contains(process.terminationStatus), "\(process.terminationStatus): \(message)")
        #expect(message.contains(out + "/") && message.contains("No such file or directory"), "\(message)")
    }

    @Test func imageLayersDrawAPNG() throws {
        let folder = try TemporaryFolder()
        let swatch = try folder.write("swatch.yaml", """
            canvas: { size: [10, 10], background: "#00FF00" }
            render: { fps: 1, duration: auto }
            """)
        #expect(try CommandRunner.run(["render", swatch, "--out", folder.path("swatch"), "--progress", "none"]).status == 0)
        let scene = try folder.write("picture.yaml", """
            canvas: { size: [60, 40], background: "#FFFFFF" }
            render: { fps: 1, duration: auto }
            layers:
              - { id: pic, shape: image, image: swatch/frame_00000.png, position: [30, 20], size: [20, 20] }
            """)
        #expect(try CommandRunner.run(["render", scene, "--out", folder.path("out"), "--progress", "none"]).status == 0)
        let image = try RasterImage(pngFile: folder.path("out/frame_00000.png"))
        #expect(image[30, 20] == RasterImage.Pixel(red: 0, green: 255, blue: 0))
        #expect(image[5, 5] == RasterImage.Pixel(red: 255, green: 255, blue: 255))
    }

    @Test func jsonProgressReportsEveryFrame() throws {
        let folder = try TemporaryFolder()
        let scene = try folder.write("slide.yaml", slideScene)
        let result = try CommandRunner.run(["render", scene, "--out", folder.path("out"), "--frames", "0-4", "--progress", "json"])
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(lines.count == 7)
        #expect(lines.first == "{\"event\":\"start\",\"scene\":\"slide\",\"done\":0,\"total\":5,\"skipped\":0}")
        #expect(lines.last?.hasPrefix("{\"event\":\"done\",\"scene\":\"slide\",\"done\":5,\"total\":5,\"seconds\":{\"evaluate\":") == true)
        let done = try #require(try JSONSerialization.jsonObject(with: Data((lines.last ?? "").utf8)) as? [String: Any])
        let seconds = try #require(done["seconds"] as? [String: Double])
        #expect(Set(seconds.keys) == ["evaluate", "draw", "encode", "write"])
        #expect(seconds.values.allSatisfy { $0 >= 0 })
    }
}

@Suite struct RenderQualityTests {
    @Test func aFontThatIsNotInstalledIsAnErrorNotAFallback() throws {
        let folder = try TemporaryFolder()
        try folder.write("font.yaml", """
            canvas: { size: [100, 40] }
            layers: [ { id: title, shape: text, text: hi, position: [50, 20], size: [100, 40], font: { family: "No Such Font 9000" } } ]
            """)
        let result = try CommandRunner.run(["render", "font.yaml", "--out", "out"], in: folder.url)
        #expect(result.status == 66)
        #expect(result.stderr.contains("font.yaml: layers[title].font.family: font family \"No Such Font 9000\" is not installed"))
        #expect(!FileManager.default.fileExists(atPath: folder.path("out/frame_00000.png")))
        let validate = try CommandRunner.run(["validate", "font.yaml"], in: folder.url)
        #expect(validate.status == 66, "validate runs render's checks of inputs")
        #expect(validate.stderr.contains("font.yaml: layers[title].font.family: font family \"No Such Font 9000\" is not installed"))
    }

    @Test func motionBlurSmearsMovingEdgesAndLeavesStillFramesAlone() throws {
        let folder = try TemporaryFolder()
        let scene = try folder.write("slide.yaml", slideScene)
        #expect(try CommandRunner.run(["render", scene, "--out", folder.path("sharp"), "--frames", "0,15", "--progress", "none"]).status == 0)
        #expect(try CommandRunner.run(["render", scene, "--out", folder.path("blur"), "--frames", "0,15", "--motion-blur", "8",
                                       "--progress", "none"]).status == 0)
        // Frame 0 is before the move: every sample is the same picture.
        let still = try Data(contentsOf: URL(fileURLWithPath: folder.path("sharp/frame_00000.png")))
        #expect(still == (try Data(contentsOf: URL(fileURLWithPath: folder.path("blur/frame_00000.png")))))
        // Frame 15 (t = 0.75 s) is mid-move at 80 pt/s·…: the box's right edge is a ramp, not a step.
        let sharp = try RasterImage(pngFile: folder.path("sharp/frame_00015.png"))
        let blurred = try RasterImage(pngFile: folder.path("blur/frame_00015.png"))
        let partial: (RasterImage) -> Int = { image in (0..<120).filter { x in (1...254).contains(image[x, 40].green) }.count }
        #expect(partial(blurred) > partial(sharp) + 2, "more in-between pixels along the motion")
        let manifest = try JSONDecoder().decode(RenderManifest.self, from: Data(contentsOf: URL(fileURLWithPath: folder.path("blur/manifest.json"))))
        #expect(manifest.motionBlur == 8)
    }
}

@Suite struct VectorFormatTests {
    @Test func pdfIsOneDocumentWithAPagePerFrame() throws {
        let folder = try TemporaryFolder()
        let scene = try folder.write("slide.yaml", slideScene)
        let result = try CommandRunner.run(["render", scene, "--format", "pdf", "--frames", "0-30:10", "--out", folder.path("out"), "--progress", "none"])
        #expect(result.status == 0, "\(result.stderr)")
        let pdf = try Data(contentsOf: URL(fileURLWithPath: folder.path("out/slide.pdf")))
        #expect(pdf.starts(with: Array("%PDF-".utf8)))
        let text = String(decoding: pdf, as: UTF8.self)
        let pages = text.components(separatedBy: "/Type /Page").count - 1 - (text.components(separatedBy: "/Type /Pages").count - 1)
        #expect(pages == 4)
        let manifest = try JSONDecoder().decode(RenderManifest.self, from: Data(contentsOf: URL(fileURLWithPath: folder.path("out/manifest.json"))))
        #expect(manifest.format == "pdf" && manifest.frames.map(\.page) == [1, 2, 3, 4])
        // Hidden: the folder's lock, which held it for this render while the document was written.
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path("out")).filter { !$0.hasPrefix(".") }.sorted() == ["manifest.json", "slide.pdf"])
    }

    @Test func svgIsOneFilePerFrame() throws {
        let folder = try TemporaryFolder()
        let scene = try folder.write("slide.yaml", slideScene)
        #expect(try CommandRunner.run(["render", scene, "--format", "svg", "--frames", "5,6", "--out", folder.path("out"), "--progress", "none"]).status == 0)
        let svg = try String(contentsOfFile: folder.path("out/frame_00005.svg"), encoding: .utf8)
        #expect(svg.contains("<svg") && svg.contains("width=\"120pt\""))
        #expect(FileManager.default.fileExists(atPath: folder.path("out/frame_00006.svg")))
    }
}

@Suite struct ShardAndShorthandTests {
    @Test func shardsSplitTheFramesAndTogetherEqualAFullRender() throws {
        let folder = try TemporaryFolder()
        let scene = try folder.write("slide.yaml", slideScene)
        #expect(try CommandRunner.run(["render", scene, "--out", folder.path("full"), "--progress", "none"]).status == 0)
        #expect(try CommandRunner.run(["render", scene, "--shard", "0/2", "--out", folder.path("shards"), "--progress", "none"]).status == 0)
        // The second shard takes its index from a Kubernetes indexed job.
        let second = try CommandRunner.run(["render", scene, "--shard", "2", "--out", folder.path("shards"), "--progress", "none"],
                                           environment: ["JOB_COMPLETION_INDEX": "1"])
        #expect(second.status == 0, "\(second.stderr)")
        let full = try frameFiles(folder.path("full")), sharded = try frameFiles(folder.path("shards"))
        #expect(sharded == full && full.count == 31)
        for name in full {
            #expect(try Data(contentsOf: URL(fileURLWithPath: folder.path("full/" + name)))
                    == Data(contentsOf: URL(fileURLWithPath: folder.path("shards/" + name))), "\(name)")
        }
        let manifest = try JSONDecoder().decode(RenderManifest.self, from: Data(contentsOf: URL(fileURLWithPath: folder.path("shards/manifest.json"))))
        #expect(manifest.frames.count == 31, "the two shards' manifests merge")
        #expect(try CommandRunner.run(["render", scene, "--shard", "2/2", "--out", folder.path("x")]).status == 64)
    }

    /// A frame's strip layout is decided by the scene (one stream while a full-height rect
    /// sweeps, strips while only a dot moves), so every frame is the same bytes in parallel,
    /// alone, out of order and in shards.
    @Test func framesOfEitherLayoutAreTheSameBytesHoweverTheyAreRendered() throws {
        let folder = try TemporaryFolder()
        let scene = CommandRunner.packageRoot.appendingPathComponent("Tests/Fixtures/strip-layouts.yaml").path
        func render(_ name: String, _ extra: [String]) throws {
            let result = try CommandRunner.run(["render", scene, "--out", folder.path(name), "--progress", "none"] + extra)
            #expect(result.status == 0, "\(result.stderr)")
        }
        try render("full", ["--jobs", "1"])
        try render("parallel", ["--jobs", "2"])
        try render("alone", ["--frames", "15,5,9,20,10,1", "--jobs", "1"])
        for shard in 0..<3 { try render("shards", ["--shard", "\(shard)/3", "--jobs", "1"]) }
        let full = try frameFiles(folder.path("full"))
        #expect(full.count == 21)
        for name in full {
            let bytes = try Data(contentsOf: URL(fileURLWithPath: folder.path("full/" + name)))
            for other in ["parallel", "shards"] + (["01", "05", "09", "10", "15", "20"].contains(String(name.dropFirst(9).prefix(2))) ? ["alone"] : []) {
                #expect(bytes == (try Data(contentsOf: URL(fileURLWithPath: folder.path(other + "/" + name)))), "\(other)/\(name)")
            }
        }
    }

    @Test func sizeAndFpsOverrideTheScene() throws {
        let folder = try TemporaryFolder()
        let scene = try folder.write("slide.yaml", slideScene)
        let result = try CommandRunner.run(["render", scene, "--size", "60x40", "--fps", "10", "--out", folder.path("out"), "--progress", "none"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try frameFiles(folder.path("out")).count == 16, "1.5 s at 10 fps")
        let image = try RasterImage(pngFile: folder.path("out/frame_00000.png"))
        #expect(image.width == 60 && image.height == 40)
        let manifest = try JSONDecoder().decode(RenderManifest.self, from: Data(contentsOf: URL(fileURLWithPath: folder.path("out/manifest.json"))))
        #expect(manifest.overrides == ["canvas.size=[60, 40]", "render.fps=10.0"])
    }
}

/// A tmpfs of a few kilobytes, to fill up.
struct TinyDisk {
    let path: String

    /// True when this process may mount a tmpfs (root, and a kernel or sandbox that allows it).
    static let canMount: Bool = {
        guard getuid() == 0, let folder = try? TemporaryFolder(), let disk = try? TinyDisk(at: folder.path("probe"), kilobytes: 64) else {
            return false
        }
        disk.unmount()
        return true
    }()

    init(at path: String, kilobytes: Int) throws {
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        let mount = Process()
        mount.executableURL = URL(fileURLWithPath: "/bin/mount")
        mount.arguments = ["-t", "tmpfs", "-o", "size=\(kilobytes)k", "tmpfs", path]
        mount.standardError = FileHandle.nullDevice
        try mount.run()
        mount.waitUntilExit()
        guard mount.terminationStatus == 0 else { throw CocoaError(.fileWriteNoPermission) }
        self.path = path
    }

    func unmount() {
        let umount = Process()
        umount.executableURL = URL(fileURLWithPath: "/bin/umount")
        umount.arguments = [path]
        try? umount.run()
        umount.waitUntilExit()
    }
}
