import Foundation
import Testing
import ZoetropeCore
import ZoetropePipeline
import ZoetropeRender

/// `zoetrope preview`'s answers, without a socket: the page, the version it polls, frames drawn
/// on demand (the same bytes `render` writes), and a broken scene's problems on the page.
@Suite struct PreviewSessionTests {
    static let scene = """
        version: 1
        canvas: { size: [40, 20], background: "#FFFFFF" }
        render: { fps: 10, duration: 1 }
        layers:
          - { id: box, shape: rect, position: [5, 10], size: [6, 6], fill: "#E53935" }
        animators:
          - { id: move, duration: 1, animations: [ { set: { box.position: [35, 10] } } ] }
        script:
          - { at: 0, start: move }
        """

    @Test func thePageItsVersionAndFramesAreServedAndNothingElse() throws {
        let folder = try ScratchFolder()
        let file = try folder.write("scenes/box.yaml", Self.scene)
        let session = PreviewSession(file: file, overrides: [])
        #expect(session.status.version == 1 && session.status.problems.isEmpty)
        #expect(String(decoding: session.respond(to: "/version").body, as: UTF8.self) == "1")
        let page = session.respond(to: "/?frame=4")
        #expect(page.status == 200 && page.contentType.hasPrefix("text/html"))
        // The page builds each frame's URL from its number: /frames/frame_00004.png?v=1.
        let text = String(decoding: page.body, as: UTF8.self)
        #expect(text.contains(#""prefix" : "/frames/frame_""#) && text.contains(#""digits" : 5"#) && text.contains(#""suffix" : ".png?v=1""#))
        #expect(text.contains(#""frameCount" : 11"#) && !text.contains("frame_00004"))
        // Frame 4 on demand has the pixels of the frame render writes.
        let frame = session.respond(to: "/frames/frame_00004.png?v=1")
        #expect(frame.status == 200 && frame.contentType == "image/png")
        let scene = try EvaluatedScene.load([file], overrides: [])[0]
        _ = try FolderRender.render(scene.renderRequest(into: folder.path("out"), frames: try FrameSelection(parsing: "4"), jobs: 1),
                                    progress: ProgressReporter(mode: .none))
        let served = try folder.write("served.png", frame.body)
        #expect(try RasterImage(pngFile: served) == RasterImage(pngFile: folder.path("out/frame_00004.png")))
        for path in ["/frames/frame_00011.png", "/frames/../box.yaml", "/scenes/box.yaml", "/etc/passwd", "/frames/frame_-1.png"] {
            #expect(session.respond(to: path).status == 404, "\(path)")
        }
    }

    @Test func aLongScenesFramesAreKeptNearThePagesNotAll() throws {
        // 10 minutes at 10 fps: 6001 frames; the page visits 600 of them.
        let folder = try ScratchFolder()
        let file = try folder.write("scenes/long.yaml", Self.scene.replacingOccurrences(of: "duration: 1 }", with: "duration: 600 }"))
        let session = PreviewSession(file: file, overrides: [])
        for index in 0..<600 { #expect(session.respond(to: "/frames/" + RenderFolder.fileName(ofFrame: index, frameCount: 6001)).status == 200) }
        #expect(session.status.drawn == session.limits.keptFrames)
    }

    @Test func aSceneThatCannotBeDrawnShowsItsProblemsWithTheirPaths() throws {
        let folder = try ScratchFolder()
        let file = try folder.write("scenes/box.yaml", Self.scene.replacingOccurrences(of: "size: [6, 6]", with: "size: [6, 6], opacity: 7"))
        let session = PreviewSession(file: file, overrides: [])
        #expect(session.status.problems == ["\(file): layers[box].opacity: must be within 0...1 (found 7)"])
        let page = String(decoding: session.respond(to: "/").body, as: UTF8.self)
        #expect(page.contains("layers[box].opacity: must be within 0...1 (found 7)"))
        #expect(session.respond(to: "/frames/frame_00000.png").status == 404)
    }

    // MARK: Issue 45: a preview that stays small

    /// Item 12: the page listed every frame's URL; a day at 240 fps got no answer in 80 s.
    @Test func thePageOfADayAt240FramesPerSecondIsAsSmallAsAMinutes() throws {
        let folder = try ScratchFolder()
        let day = try folder.write("scenes/day.yaml", Self.scene.replacingOccurrences(of: "fps: 10, duration: 1 }", with: "fps: 240, duration: 86400 }"))
        let minute = try folder.write("scenes/minute.yaml", Self.scene.replacingOccurrences(of: "fps: 10, duration: 1 }", with: "fps: 240, duration: 60 }"))
        let session = PreviewSession(file: day, overrides: [])
        let page = session.respond(to: "/")
        let text = String(decoding: page.body, as: UTF8.self)
        #expect(page.status == 200 && text.contains(#""frameCount" : 20736001"#) && text.contains(#""digits" : 8"#))
        // Bounded by the state band's samples, not the frames: a minute's page is as large.
        let minutePage = PreviewSession(file: minute, overrides: []).respond(to: "/").body
        #expect(page.body.count < 512 << 10 && page.body.count < 2 * minutePage.count, "\(page.body.count) bytes against \(minutePage.count)")
        #expect(session.respond(to: "/").body == page.body, "written once per generation")
        let last = session.respond(to: "/frames/frame_20736000.png")
        #expect(last.status == 200 && last.contentType == "image/png")
        #expect(session.respond(to: "/frames/frame_20736001.png").status == 404)
    }

    /// Item 11: each request drew on a thread of its own; 40 at once for 8K frames took 5.5 GB.
    @Test func manyConcurrentFrameRequestsAreAllAnsweredAndNoMoreThanThePoolDrawAtOnce() throws {
        let folder = try ScratchFolder()
        let file = try folder.write("scenes/wide.yaml", Self.scene.replacingOccurrences(of: "size: [40, 20]", with: "size: [1280, 720]")
            .replacingOccurrences(of: "duration: 1 }", with: "duration: 10 }"))
        // No deadline to race: a request the queue takes is answered with its frame.
        let session = PreviewSession(file: file, overrides: [], limits: PreviewLimits(drawingWorkers: 2, queuedFrames: 2, frameWait: 600))
        let answers = concurrently(24) { session.respond(to: "/frames/frame_\(String(format: "%05d", 10 + $0)).png") }
        #expect(answers.allSatisfy { $0.status == 200 || ($0.status == 503 && $0.retryAfter == 1) }, "\(answers.map(\.status))")
        #expect(answers.contains { $0.status == 200 })
        #expect(session.status.drawingPeak <= 2 && session.status.drawingPeak >= 1)
        // A 503 was "busy, ask again": asked again, one at a time, each is drawn.
        for (index, answer) in answers.enumerated() where answer.status == 503 {
            #expect(session.respond(to: "/frames/frame_\(String(format: "%05d", 10 + index)).png").status == 200)
        }
        #expect(session.status.drawingPeak <= 2)
    }

    @Test func framesPastTheByteCapAreEvictedFarthestFirst() throws {
        let folder = try ScratchFolder()
        let file = try folder.write("scenes/box.yaml", Self.scene.replacingOccurrences(of: "duration: 1 }", with: "duration: 10 }"))
        let one = PreviewSession(file: file, overrides: [], limits: PreviewLimits(reach: 0)).respond(to: "/frames/frame_00050.png").body.count
        // Room for about three frames, and no drawing ahead, so only requests fill it.
        let session = PreviewSession(file: file, overrides: [], limits: PreviewLimits(keptBytes: 3 * one + one / 2, reach: 0))
        for index in 0..<20 { #expect(session.respond(to: "/frames/frame_\(String(format: "%05d", index)).png").status == 200) }
        let status = session.status
        #expect(status.keptBytes <= 3 * one + one / 2 && (2...4).contains(status.drawn), "\(status.drawn) frames, \(status.keptBytes) bytes")
        // The page's frame (19) stays; the farthest (0) went first.
        let kept = session.respond(to: "/frames/frame_00019.png")
        #expect(kept.status == 200 && session.status.drawn == status.drawn)
    }

    /// Item 13: the watched file was read and hashed every 0.1 s whatever its size (2 GiB: a core
    /// and 6 GB), and the page never said why.
    @Test func aSceneFileOverTheLimitIsNotReadAndThePageSaysSo() throws {
        let folder = try ScratchFolder()
        let file = try folder.write("scenes/huge.yaml", "version: 1\n")
        // Sparse: 256 MiB and a byte that take no room.
        let handle = try #require(FileHandle(forWritingAtPath: file))
        try handle.truncate(atOffset: UInt64(SceneLimits.documentBytes + 1))
        try handle.close()
        let session = PreviewSession(file: file, overrides: [])
        let problem = "\(file): the file is 268435457 bytes; a scene or animation may have at most 268435456; it is not read until it is smaller"
        #expect(session.status.problems == [problem])
        #expect(String(decoding: session.respond(to: "/").body, as: UTF8.self).contains(problem))
        for _ in 0..<5 { #expect(!session.checkForChanges()) }
        #expect(session.status.fileReads == 0, "never read, nor hashed")
        // Saved small again, it is read and drawn.
        try folder.write("scenes/huge.yaml", Self.scene)
        #expect(session.checkForChanges())
        #expect(session.status.problems.isEmpty && session.status.version == 2)
        #expect(session.respond(to: "/frames/frame_00003.png").status == 200)
    }

    @Test func aSceneFileOverTheHashingSizeIsReadOnlyWhenItsStatChanges() throws {
        let folder = try ScratchFolder()
        let file = try folder.write("scenes/box.yaml", Self.scene)
        let session = PreviewSession(file: file, overrides: [], limits: PreviewLimits(hashedFileBytes: 16))
        #expect(session.status.fileReads == 1, "read once, to load it")
        for _ in 0..<5 { #expect(!session.checkForChanges()) }
        #expect(session.status.fileReads == 1, "size, times and inode compared, the bytes not read")
        try folder.write("scenes/box.yaml", Self.scene.replacingOccurrences(of: "#FFFFFF", with: "#000000"))
        #expect(session.checkForChanges() && session.status.version == 2 && session.status.fileReads == 2)
    }

    @Test func aSceneFileThatIsNotARegularFileIsNotRead() throws {
        let folder = try ScratchFolder()
        let file = folder.path("scenes")
        try FileManager.default.createDirectory(atPath: file, withIntermediateDirectories: true)
        let session = PreviewSession(file: file, overrides: [])
        #expect(session.status.problems == ["\(file): a folder; a scene file must be a regular file"])
        #expect(session.status.fileReads == 0)
    }
}
