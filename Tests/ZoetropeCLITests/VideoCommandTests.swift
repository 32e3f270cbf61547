import Foundation
import Testing
import ZoetropeRender

/// The first `ffmpeg` and `ffprobe` on PATH, if installed (`make test` installs them).
private let ffmpegInstalled = ["ffmpeg", "ffprobe"].allSatisfy { tool in
    (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin").split(separator: ":").contains {
        FileManager.default.isExecutableFile(atPath: "\($0)/\(tool)")
    }
}

/// Runs a tool and returns its standard output.
@discardableResult
private func tool(_ name: String, _ arguments: [String]) throws -> String {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = [name] + arguments
    let out = Pipe()
    process.standardOutput = out
    process.standardError = FileHandle.nullDevice
    try process.run()
    let data = out.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return String(decoding: data, as: UTF8.self)
}

/// ffprobe's `key=value` lines for the first video stream (frames counted by decoding).
private func probe(_ file: String) throws -> [String: String] {
    let text = try tool("ffprobe", ["-v", "error", "-count_frames", "-select_streams", "v:0", "-show_entries",
                                    "stream=codec_name,width,height,nb_read_frames,avg_frame_rate,pix_fmt", "-of", "default=noprint_wrappers=1", file])
    return Dictionary(text.split(separator: "\n").compactMap { line in
        let parts = line.split(separator: "=", maxSplits: 1).map(String.init)
        return parts.count == 2 ? (parts[0], parts[1]) : nil
    }, uniquingKeysWith: { first, _ in first })
}

/// Frame `index` of a video decoded to a PNG by ffmpeg.
private func decodedFrame(_ index: Int, of file: String, to png: String) throws -> RasterImage {
    try tool("ffmpeg", ["-v", "error", "-y", "-i", file, "-vf", "select=eq(n\\,\(index))", "-frames:v", "1", png])
    return try RasterImage(pngFile: png)
}

/// The chunks of a PNG or APNG file: type and body.
private func chunks(_ data: Data) -> [(type: String, body: Data)] {
    var result: [(String, Data)] = [], offset = 8
    let bytes = [UInt8](data)
    func word(_ at: Int) -> Int { bytes[at..<(at + 4)].reduce(0) { $0 << 8 | Int($1) } }
    while offset + 12 <= bytes.count {
        let length = word(offset)
        result.append((String(decoding: bytes[(offset + 4)..<(offset + 8)], as: UTF8.self), Data(bytes[(offset + 8)..<(offset + 8 + length)])))
        offset += 12 + length
    }
    return result
}

private func bigEndian(_ data: Data, _ at: Int, _ count: Int) -> Int {
    data[(data.startIndex + at)..<(data.startIndex + at + count)].reduce(0) { $0 << 8 | Int($1) }
}

@Suite struct VideoCommandTests {
    /// `--resume` with `--video` draws only the frames the folder lacks (the JSON progress has a
    /// `frame` event for each frame drawn) and reads the kept ones back from their files: the
    /// video is the same bytes as the first run's, with one frame missing or none.
    @Test func aResumedRenderWithAVideoDrawsOnlyTheMissingFrames() throws {
        let folder = try TemporaryFolder()
        let scene = try folder.write("slide.yaml", slideScene)
        let first = try CommandRunner.run(["render", scene, "--out", folder.path("frames"), "--video", folder.path("first.apng"), "--progress", "none"])
        #expect(first.status == 0, "\(first.stderr)")
        try FileManager.default.removeItem(atPath: folder.path("frames/frame_00007.png"))
        for (video, drawn) in [("again.apng", ["7"]), ("kept.apng", [])] {
            let resumed = try CommandRunner.run(["render", scene, "--out", folder.path("frames"), "--video", folder.path(video),
                                                 "--resume", "--progress", "json"])
            #expect(resumed.status == 0, "\(resumed.stderr)")
            let frames = resumed.stdout.split(separator: "\n").filter { $0.contains("\"event\":\"frame\"") }
            #expect(frames.map { $0.split(separator: ",").first { $0.hasPrefix("\"frame\":") }?.dropFirst(8) ?? "" } == drawn.map { Substring($0) },
                    "frames drawn: \(frames)")
            #expect(FileManager.default.contents(atPath: folder.path(video)) == FileManager.default.contents(atPath: folder.path("first.apng")),
                    "\(video) is the first run's video")
        }
    }

    @Test func anAPNGHoldsEveryFrameLosslesslyAtTheScenesRate() throws {
        let folder = try TemporaryFolder()
        let scene = try folder.write("slide.yaml", slideScene)
        let result = try CommandRunner.run(["render", scene, "--out", folder.path("frames"), "--video", folder.path("slide.apng"), "--progress", "none"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("31 frames at 20.0 fps → \(folder.path("slide.apng"))"))
        let apng = try #require(FileManager.default.contents(atPath: folder.path("slide.apng")))
        let parts = chunks(apng)
        #expect(parts.map(\.type).prefix(4) == ["IHDR", "acTL", "fcTL", "IDAT"])
        let control = try #require(parts.first { $0.type == "acTL" }?.body)
        #expect(bigEndian(control, 0, 4) == 31 && bigEndian(control, 4, 4) == 0, "31 frames, looping forever")
        let frameControls = parts.filter { $0.type == "fcTL" }.map(\.body)
        #expect(frameControls.count == 31 && parts.filter { $0.type == "fdAT" }.count == 30)
        #expect(frameControls.allSatisfy { bigEndian($0, 20, 2) == 1 && bigEndian($0, 22, 2) == 20 }, "each frame shows 1/20 s")
        #expect(frameControls.map { bigEndian($0, 0, 4) } == [0] + Array(stride(from: 1, to: 60, by: 2)), "fcTL and fdAT share one sequence (frame 0's data is IDAT)")
        // The first frame's image data is the PNG's own: nothing was encoded again.
        let firstPNG = try #require(FileManager.default.contents(atPath: folder.path("frames/frame_00000.png")))
        #expect(chunks(firstPNG).first { $0.type == "IDAT" }?.body == parts.first { $0.type == "IDAT" }?.body)

        // The same bytes from frames rendered on one job, and from `zoetrope video`.
        #expect(try CommandRunner.run(["render", scene, "--out", folder.path("one"), "--jobs", "1", "--progress", "none"]).status == 0)
        #expect(try CommandRunner.run(["video", folder.path("one"), folder.path("again.apng")]).status == 0)
        #expect(FileManager.default.contents(atPath: folder.path("again.apng")) == apng)

        if ffmpegInstalled {
            #expect(try probe(folder.path("slide.apng"))["nb_read_frames"] == "31")
            let decoded = try decodedFrame(20, of: folder.path("slide.apng"), to: folder.path("decoded.png"))
            #expect(decoded == (try RasterImage(pngFile: folder.path("frames/frame_00020.png"))), "lossless")
        }
    }

    @Test func framesThatMixOpaqueAndTranslucentShareOneRGBAHeader() throws {
        let folder = try TemporaryFolder()
        let scene = try folder.write("fade.yaml", """
            version: 1
            canvas: { size: [40, 30], background: "#00000000" }
            render: { fps: 10, duration: 1 }
            layers:
              - { id: cover, shape: rect, position: [20, 15], size: [40, 30], fill: "#3366CC" }
            animators:
              - { id: fade, duration: 1, animations: [ { set: { cover.opacity: 0.5 } } ] }
            script:
              - { at: 0, start: fade }
            """)
        #expect(try CommandRunner.run(["render", scene, "--out", folder.path("frames"), "--video", folder.path("fade.apng"), "--progress", "none"]).status == 0)
        let first = chunks(try #require(FileManager.default.contents(atPath: folder.path("frames/frame_00000.png"))))
        #expect(first[0].body[first[0].body.startIndex + 9] == 2, "the opaque first frame is RGB on its own")
        let parts = chunks(try #require(FileManager.default.contents(atPath: folder.path("fade.apng"))))
        #expect(parts[0].body[parts[0].body.startIndex + 9] == 6, "the animation is RGBA")
        if ffmpegInstalled {
            for index in [0, 10] {
                let decoded = try decodedFrame(index, of: folder.path("fade.apng"), to: folder.path("decoded.png"))
                #expect(decoded == (try RasterImage(pngFile: folder.path("frames/frame_000\(index < 10 ? "0" : "")\(index).png"))), "frame \(index) kept exactly")
            }
        }
    }

    @Test(.enabled(if: ffmpegInstalled)) func ffmpegWritesGIFMP4WebMAndWebP() throws {
        let folder = try TemporaryFolder()
        let scene = try folder.write("slide.yaml", slideScene)
        // An odd size: MP4 pads it to even.
        #expect(try CommandRunner.run(["render", scene, "--out", folder.path("frames"), "--size", "121x81", "--progress", "none"]).status == 0)
        let expected = try RasterImage(pngFile: folder.path("frames/frame_00030.png"))
        for (format, size, pixelFormats) in [("gif", "121x81", ["bgra", "pal8"]), ("mp4", "122x82", ["yuv420p"]), ("webm", "121x81", ["yuv420p", "yuva420p"])] {
            let file = folder.path("slide.\(format)")
            let result = try CommandRunner.run(["video", folder.path("frames"), file])
            #expect(result.status == 0, "\(format): \(result.stderr)")
            let info = try probe(file)
            #expect(info["nb_read_frames"] == "31", "\(format): \(info)")
            #expect("\(info["width"] ?? "")x\(info["height"] ?? "")" == size, "\(format): \(info)")
            #expect(info["avg_frame_rate"] == "20/1", "\(format): \(info)")
            #expect(pixelFormats.contains(info["pix_fmt"] ?? ""), "\(format): \(info)")
            // The last frame: the box has gone blue at the right.
            let decoded = try decodedFrame(30, of: file, to: folder.path("decoded-\(format).png"))
            let box = decoded[100, 40], background = decoded[10, 70]
            #expect(box.blue > 200 && box.red < 60, "\(format): the box is blue at the end (\(box), expected \(expected[100, 40]))")
            #expect(background.red > 240 && background.green > 240 && background.blue > 240, "\(format): white around it (\(background))")
        }
        // WebP: ffmpeg cannot decode animated WebP, so its container is read: RIFF, VP8X with the
        // animation flag and the canvas size, ANIM looping forever, an ANMF of 50 ms per frame.
        #expect(try CommandRunner.run(["video", folder.path("frames"), folder.path("slide.webp")]).status == 0)
        let webp = try #require(FileManager.default.contents(atPath: folder.path("slide.webp")))
        #expect(String(decoding: webp[0..<4], as: UTF8.self) == "RIFF" && String(decoding: webp[8..<12], as: UTF8.self) == "WEBP")
        var offset = 12, frames: [Int] = [], loops = -1, canvas = (0, 0), animated = false
        func little(_ at: Int, _ count: Int) -> Int { (0..<count).reduce(0) { $0 | Int(webp[at + $1]) << (8 * $1) } }
        while offset + 8 <= webp.count {
            let type = String(decoding: webp[offset..<(offset + 4)], as: UTF8.self), size = little(offset + 4, 4)
            switch type {
            case "VP8X":
                animated = webp[offset + 8] & 0x02 != 0
                canvas = (little(offset + 12, 3) + 1, little(offset + 15, 3) + 1)
            case "ANIM": loops = little(offset + 12, 2)
            case "ANMF": frames.append(little(offset + 20, 3))
            default: break
            }
            offset += 8 + size + size % 2
        }
        #expect(animated && canvas == (121, 81) && loops == 0)
        // libwebp shows a run of identical frames as one frame that lasts as long as the run.
        #expect(frames.reduce(0, +) == 31 * 50 && frames.allSatisfy { $0 % 50 == 0 } && frames.count > 20, "\(frames)")
    }

    @Test func withoutFFmpegTheErrorSaysWhatToInstall() throws {
        let folder = try TemporaryFolder()
        let scene = try folder.write("slide.yaml", slideScene)
        #expect(try CommandRunner.run(["render", scene, "--out", folder.path("frames"), "--frames", "0-3", "--progress", "none"]).status == 0)
        let result = try CommandRunner.run(["video", folder.path("frames"), folder.path("slide.mp4")], environment: ["PATH": "/nonexistent"])
        #expect(result.status == 73)
        #expect(result.stderr.contains("needs ffmpeg, which is not installed here; install it (apt-get install ffmpeg)"))
        #expect(!FileManager.default.fileExists(atPath: folder.path("slide.mp4")))
        #expect(try CommandRunner.run(["video", folder.path("frames"), folder.path("slide.apng")], environment: ["PATH": "/nonexistent"]).status == 0, "APNG needs nothing")
    }

    @Test func unevenFramesAndUnusableRequestsAreRefused() throws {
        let folder = try TemporaryFolder()
        let scene = try folder.write("slide.yaml", slideScene)
        #expect(try CommandRunner.run(["render", scene, "--out", folder.path("frames"), "--frames", "0,1,5", "--progress", "none"]).status == 0)
        let uneven = try CommandRunner.run(["video", folder.path("frames"), folder.path("slide.apng")])
        #expect(uneven.status == 65 && uneven.stderr.contains("frames 1 and 5 are 4 apart where the others are 1"))
        let stepped = try TemporaryFolder()
        #expect(try CommandRunner.run(["render", scene, "--out", stepped.path("frames"), "--frames", "0-30:3", "--progress", "none", "--video", stepped.path("s.apng")]).status == 0)
        let control = chunks(try #require(FileManager.default.contents(atPath: stepped.path("s.apng")))).first { $0.type == "fcTL" }!.body
        #expect(bigEndian(control, 20, 2) == 3 && bigEndian(control, 22, 2) == 20, "every third frame shows 3/20 s")
        #expect(try CommandRunner.run(["video", folder.path("frames"), folder.path("slide.avi")]).status == 64)
        let sharded = try CommandRunner.run(["render", scene, "--shard", "0/2", "--video", folder.path("x.apng")])
        #expect(sharded.status == 64 && sharded.stderr.contains("a --shard has only part of them"))
    }
}
