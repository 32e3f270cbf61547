import ArgumentParser
internal import CMalloc
import ZoetropeCore
import ZoetropeFiles
#if canImport(Glibc)
import Glibc
#endif

@main
struct Zoetrope: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "zoetrope",
        abstract: "Render keyframe and property-animator scenes offline, frame by frame.",
        discussion: """
            Scenes are YAML or JSON files (see README.md). Exit codes: 0 success; 1 differences \
            found; 64 usage; 65 invalid scene or data; 66 missing or unreadable input; 70 internal \
            error; 73 an output cannot be created; 74 an I/O error while writing.
            """,
        version: "0.1.0",
        subcommands: [RenderCommand.self, SampleCommand.self, ValidateCommand.self, CurveCommand.self, DiffCommand.self, SheetCommand.self, SweepCommand.self, PlotCommand.self, ManifestCommand.self, TestCommand.self, ViewCommand.self, VideoCommand.self, SchemaCommand.self, ConvertCommand.self, PreviewCommand.self]
    )

    static func main() {
        // A file over the size limit (`ulimit -f`) must end in a message naming it and exit 74,
        // not in SIGXFSZ: with the signal ignored, write(2) fails with EFBIG instead.
        CurrentProcess.ignoreFileSizeLimitSignal()
        zoetrope_keep_freed_memory()
        do {
            var command = try parseAsRoot(nil)
            try command.run()
        } catch let error as ValidationError {
            // A usage error found while running may quote a scene's name or a value: one line.
            exit(withError: ValidationError(error.message.escapingControlCharacters()))
        } catch {
            // A parse error quotes the argument as given: each of its lines is escaped, so an
            // argument with a newline or an escape sequence cannot forge a line or reach the
            // terminal. Help and version (exit 0) print as they are.
            let code = exitCode(for: error)
            guard code != .success else { exit(withError: error) }
            let message = self.message(for: error)
            // A command that printed its own messages ends by throwing its exit code alone.
            guard !message.isEmpty else { Glibc.exit(code.rawValue) }
            let full = fullMessage(for: error).replacingOccurrences(of: message, with: message.escapingControlCharacters())
            for line in full.split(separator: "\n", omittingEmptySubsequences: false) {
                printError(String(line))
            }
            Glibc.exit(code.rawValue)
        }
    }
}
