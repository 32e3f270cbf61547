import Foundation
import Synchronization
import Testing
import ZoetropeCore
import ZoetropeFormat
import ZoetropePipeline
import ZoetropeRender

/// The pipeline draws a plan's frames once and hands each to every sink: ordered sinks in frame
/// order whatever the workers, a failure ending the run with every sink abandoned.
@Suite struct FramePipelineTests {
    /// A sink that records what it is given and when it is finished or abandoned; it fails at
    /// `failing`, if given.
    private final class RecordingSink: FrameSink {
        let needs: FrameProducts
        let isOrdered: Bool
        let failing: Int?
        let indices = Mutex<[Int]>([])
        let ended = Mutex<String?>(nil)

        init(needs: FrameProducts = .tree, ordered: Bool, failing: Int? = nil) {
            self.needs = needs
            isOrdered = ordered
            self.failing = failing
        }

        func write(_ frame: DrawnFrame) throws(RenderError) {
            if frame.index == failing { throw RenderError(message: "frame \(frame.index) refused", kind: .io) }
            indices.withLock { $0.append(frame.index) }
        }

        func finish() throws(RenderError) { ended.withLock { $0 = "finished" } }
        func abandon() { ended.withLock { $0 = "abandoned" } }
    }

    private func slide(_ folder: ScratchFolder) throws -> EvaluatedScene {
        try EvaluatedScene.load([folder.write("slide.yaml", ScratchFolder.slideScene)], overrides: [])[0]
    }

    private func frames(of scene: EvaluatedScene) -> SceneFrames { SceneFrames(scene.evaluation, frameCount: scene.frameCount) }

    @Test(arguments: [1, 2, 4])
    func orderedSinksGetEveryFrameInOrderWhateverTheWorkers(jobs: Int) throws {
        let folder = try ScratchFolder()
        let scene = try slide(folder)
        let ordered = RecordingSink(needs: .png, ordered: true), unordered = RecordingSink(ordered: false)
        try FramePipeline.run(FramePlan(frames(of: scene), jobs: jobs), into: [ordered, unordered])
        #expect(ordered.indices.withLock { $0 } == Array(0..<31))
        #expect(unordered.indices.withLock { $0.sorted() } == Array(0..<31))
        #expect(ordered.ended.withLock { $0 } == "finished" && unordered.ended.withLock { $0 } == "finished")
    }

    @Test(arguments: [1, 3])
    func aFailingSinkEndsTheRunAndEverySinkIsAbandoned(jobs: Int) throws {
        let folder = try ScratchFolder()
        let scene = try slide(folder)
        let failing = RecordingSink(ordered: true, failing: 12), other = RecordingSink(ordered: false)
        #expect(throws: RenderError(message: "frame 12 refused", kind: .io)) {
            try FramePipeline.run(FramePlan(frames(of: scene), jobs: jobs), into: [failing, other])
        }
        #expect(failing.indices.withLock { $0 } == Array(0..<12), "frames before the failure, in order")
        #expect(failing.ended.withLock { $0 } == "abandoned" && other.ended.withLock { $0 } == "abandoned")
    }

    /// Pure time: frames 10–20 drawn alone are the bytes of the same frames in a full run, on
    /// any number of workers.
    @Test func aSubsetIsTheBytesOfTheWholeRun() throws {
        let folder = try ScratchFolder()
        let source = frames(of: try slide(folder))
        let whole = MemorySink(keeping: [.png, .rgba]), part = MemorySink(keeping: [.png, .rgba])
        try FramePipeline.run(FramePlan(source, jobs: 1), into: [whole])
        try FramePipeline.run(FramePlan(source, frames: Array(10...20), jobs: 3), into: [part])
        let wanted = whole.frames.filter { (10...20).contains($0.index) }
        #expect(part.frames.map(\.index) == Array(10...20))
        #expect(part.frames.map(\.png) == wanted.map(\.png))
        #expect(part.frames.map(\.rgba) == wanted.map(\.rgba))
        #expect(part.frames.allSatisfy { $0.sha256 == SHA256Digest($0.png ?? []).hex })
    }

    /// The pixels a sink reads are the pixels of the PNG written beside them.
    @Test func rgbaBytesAreThePixelsOfThePNG() throws {
        let folder = try ScratchFolder()
        let memory = MemorySink(keeping: [.png, .rgba, .image])
        try FramePipeline.run(FramePlan(frames(of: try slide(folder)), frames: [0, 15, 30]), into: [memory])
        for frame in memory.frames {
            let decoded = try RasterImage(pngData: frame.png ?? [])
            #expect(decoded == frame.image, "frame \(frame.index)")
            #expect(frame.rgba == decoded.pixels.flatMap { [$0.red, $0.green, $0.blue, $0.alpha] }, "frame \(frame.index)")
        }
    }

    /// `render --video` feeds ffmpeg the drawn pixels: the video sink alone makes an MP4 of every
    /// frame, and no PNG exists anywhere to decode.
    @Test func aVideoIsMadeFromTheDrawnPixelsWithoutAnyPNG() throws {
        let folder = try ScratchFolder()
        let scene = try slide(folder)
        let path = folder.path("out/slide.mp4")
        let sink = try VideoExport.sink(for: path, count: 31, step: 1, framesPerSecond: 10, size: try SurfaceSize(width: 200, height: 120))
        try FramePipeline.run(FramePlan(frames(of: scene), jobs: 2), into: [sink])
        #expect(FileManager.default.fileExists(atPath: path))
        let files = try FileManager.default.subpathsOfDirectory(atPath: folder.path)
        #expect(!files.contains { $0.hasSuffix(".png") }, "\(files)")
        let probe = Process()
        probe.executableURL = URL(fileURLWithPath: "/usr/bin/ffprobe")
        probe.arguments = ["-v", "error", "-count_frames", "-select_streams", "v:0", "-show_entries", "stream=nb_read_frames",
                           "-of", "csv=p=0", path]
        let output = Pipe()
        probe.standardOutput = output
        try probe.run()
        probe.waitUntilExit()
        let counted = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(counted.trimmingCharacters(in: .whitespacesAndNewlines) == "31")
    }

    /// A render with a video draws each frame once for both: the folder's PNGs and the APNG's
    /// frames hold the same pixels.
    @Test func aRenderWithAnAnimatedPNGWritesTheFramesAndTheFileFromOneDrawing() throws {
        let folder = try ScratchFolder()
        let scene = try slide(folder)
        let summary = try FolderRender.render(RenderRequest(scene, into: folder.path("frames"), settings: RenderSettings(jobs: 2)),
                                              progress: ProgressReporter(mode: .none), video: folder.path("slide.apng"))
        #expect(summary.written == Array(0..<31))
        #expect(summary.video?.frames == 31 && summary.video?.framesPerSecond == 10)
        let apng = try #require(FileManager.default.contents(atPath: folder.path("slide.apng")))
        #expect(apng.count > 1000 && Array(apng.prefix(8)) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        // acTL (after the 8-byte signature and the 25-byte IHDR chunk): 31 frames, looping forever.
        #expect(Array(apng[37..<41]) == Array("acTL".utf8))
        #expect(Array(apng[41..<49]) == [0, 0, 0, 31, 0, 0, 0, 0])
    }

    /// A sheet is a plan at the thumbnails' scale into a sheet sink.
    @Test func aContactSheetOfASceneIsDrawnByThePipeline() throws {
        let folder = try ScratchFolder()
        let sheet = try ContactSheet.of(try slide(folder), count: 4, columns: 2, width: 100, jobs: 2)
        #expect(sheet.cells.map(\.label) == ["0 s · frame 0", "1 s · frame 10", "2 s · frame 20", "3 s · frame 30"])
        #expect(sheet.cells.allSatisfy { $0.image.width == 100 && $0.image.height == 60 })
    }

    /// Transparent frames, then opaque ones (a full-canvas layer fading in on a clear canvas): an
    /// APNG has one header, so the file is assembled from the folder's frames, as `video` does.
    @Test func anAnimatedPNGOfTransparentThenOpaqueFramesIsWhatVideoMakes() throws {
        let folder = try ScratchFolder()
        let file = try folder.write("fade.yaml", """
            version: 1
            canvas: { size: [40, 30], background: "#00000000" }
            render: { fps: 10, duration: 1 }
            layers:
              - { id: veil, shape: rect, position: [20, 15], size: [40, 30], fill: "#3366CC", opacity: 0 }
            animators:
              - { id: show, duration: 0.5, timing: linear, animations: [ { set: { veil.opacity: 1 } } ] }
            script:
              - { at: 0, start: show }
            """)
        let scene = try EvaluatedScene.load([file], overrides: [])[0]
        _ = try FolderRender.render(RenderRequest(scene, into: folder.path("frames"), settings: RenderSettings(jobs: 2)),
                                    progress: ProgressReporter(mode: .none), video: folder.path("fade.apng"))
        let pngs = try (0...10).map { index in
            try #require(FileManager.default.contents(atPath: folder.path("frames/" + RenderFolder.fileName(ofFrame: index, frameCount: 11))))
        }
        #expect(PNGChunks.hasAlpha(Array(pngs[0])) && !PNGChunks.hasAlpha(Array(pngs[10])), "the sequence mixes the two")
        _ = try VideoExport.write(folder: folder.path("frames"), to: folder.path("again.apng"))
        let made = try #require(FileManager.default.contents(atPath: folder.path("fade.apng")))
        #expect(made == FileManager.default.contents(atPath: folder.path("again.apng")))
    }
}
