import ArgumentParser
import ZoetropePipeline
import ZoetropeRender

/// `zoetrope manifest merge DIR`: what a render farm runs once its shards are done.
struct ManifestCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "manifest",
        abstract: "Work with a render folder's manifest.json.",
        subcommands: [Merge.self]
    )

    struct Merge: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "merge",
            abstract: "Fold every process's journal in a render folder into its manifest.json.",
            discussion: """
                Each render process records its frames in a journal beside them as they are \
                written, and merges the journals into manifest.json under a lock when it ends. \
                After shards killed on a farm, or to be sure a shared folder is complete, merge \
                explicitly. Journals of ended processes on this host are removed once merged. \
                Exit codes: 0 merged; 66 not a render folder; 73/74 manifest.json cannot be written.

                Example:
                  $ zoetrope manifest merge output/frog
                """
        )

        @Argument(help: "The render folder.", completion: .directory)
        var directory: String

        func run() throws {
            do {
                let merged = try RenderManifest.mergeFolder(directory)
                printLine("\(directory): manifest.json lists \(merged.frames.count) of \(merged.frameCount) frames")
            } catch {
                printError(error)
                throw ExitCode(error.kind)
            }
        }
    }
}
