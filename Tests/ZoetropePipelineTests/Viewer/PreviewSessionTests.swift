import Foundation
import Testing
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
        #expect(String(decoding: page.body, as: UTF8.self).contains("/frames/frame_00004.png?v=1"))
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
        #expect(session.status.drawn == PreviewSession.keptFrames)
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
}

