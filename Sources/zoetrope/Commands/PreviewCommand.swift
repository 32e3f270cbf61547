import ArgumentParser
import Foundation
import ZoetropeFormat
import ZoetropePipeline
import ZoetropeRender

struct PreviewCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "preview",
        abstract: "Serve a live viewer of a scene that redraws as the file is saved.",
        discussion: """
            Serves the viewer page of `view` from a small HTTP server on 127.0.0.1 only (never \
            another interface), at the port it prints. Each save of the scene file, or of an image \
            it draws, reads it again: the page reloads in place at the frame it showed, the frame \
            on screen drawn first and the others behind it. A scene that cannot be drawn shows its \
            problems on the page, each with its path, until it is saved again; so does a scene \
            file over 256 MiB, which is looked at but not read. Runs until interrupted (Ctrl-C); \
            nothing is written to disk. Exit codes: 64 usage; 73 the port cannot be listened on.

            Endpoints, for scripts (GET or HEAD, one request per connection). The Host header \
            must be 127.0.0.1:PORT or localhost:PORT, else 403 (a web page at another name, \
            pointed here by DNS rebinding, cannot read it):
              /, /index.html           the viewer (the same size for any frame count), or
                                       the page of the scene's problems
              /version                 the generation, as text: 1, one more at each change
              /frames/frame_NNNNN.png  frame N as PNG (zero padding and any query, such as
                                       ?v=3, ignored); 404 past the last frame or while the
                                       scene cannot be drawn, 500 when the frame cannot be
                                       drawn
            Two frames (one on a single core) are drawn at once and two more may wait; a frame request past them, or \
            one not drawn within 5 s, is 503 with Retry-After: 1 (ask again: the frame is kept). \
            16 connections are answered at once; more wait to be accepted. Drawn frames are \
            kept up to 480 or 256 MiB, those nearest the last frame asked for.

              $ zoetrope preview scenes/frog.yaml
              preview: http://127.0.0.1:8765/ (scenes/frog.yaml; Ctrl-C to stop)
              $ curl -s http://127.0.0.1:8765/version
              1
              $ curl -s -o frame.png http://127.0.0.1:8765/frames/frame_00012.png
            """
    )

    @Argument(help: "The scene file to preview.", completion: .file())
    var scene: String

    @Option(help: "The port on 127.0.0.1 (0: any free port).")
    var port: Int = 8765

    @OptionGroup var overrides: OverrideOptions

    func validate() throws {
        guard (0...65_535).contains(port) else { throw ValidationError("--port must be within 0...65535 (found \(port))") }
    }

    func run() throws {
        let session = PreviewSession(file: scene, overrides: try overrides.overrides())
        let server: LoopbackServer
        do {
            server = try LoopbackServer(port: port) { session.respond(to: $0) }
        } catch {
            printError(error)
            throw ExitCode(error.kind)
        }
        printLine("preview: http://127.0.0.1:\(server.port)/ (\(scene); Ctrl-C to stop)")
        for problem in session.status.problems { printError(problem) }
        Thread.detachNewThread { session.watch() }
        server.serve()
    }
}
