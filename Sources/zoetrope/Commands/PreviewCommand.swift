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
            problems on the page, each with its path, until it is saved again. Runs until \
            interrupted (Ctrl-C); nothing is written to disk. Exit codes: 64 usage; 73 the port \
            cannot be listened on.

              $ zoetrope preview scenes/frog.yaml
              preview: http://127.0.0.1:8765/ (scenes/frog.yaml; Ctrl-C to stop)
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
            throw ExitCode(error.exitCode)
        }
        printLine("preview: http://127.0.0.1:\(server.port)/ (\(scene); Ctrl-C to stop)")
        for problem in session.status.problems { printError(problem) }
        Thread.detachNewThread { session.watch() }
        server.serve()
    }
}
