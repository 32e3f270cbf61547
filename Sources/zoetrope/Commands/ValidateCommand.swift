import ArgumentParser
import ZoetropePipeline
import ZoetropeFormat
import ZoetropePipeline

struct ValidateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "validate",
        abstract: "Check scene files and their scripts, printing every problem.",
        discussion: """
            Prints FILE: PATH: message for each problem, or a one-line summary per valid scene. \
            Runs every check render runs before drawing: the document, the script, and the \
            inputs (fonts installed, images that decode). Exit codes: 0 all valid; 65 a scene \
            is invalid; 66 a scene, an image or a font it names is missing.

            Example:
              $ zoetrope validate scenes/frog.yaml scenes/onboarding.yaml
            """
    )

    @Argument(help: "Scene files (default: every scene in scenes/).", completion: .file(extensions: ["yaml", "yml", "json"]))
    var scenes: [String] = []

    @OptionGroup var overrides: OverrideOptions

    func run() throws {
        let files = SceneFiles.resolve(scenes)
        guard !files.isEmpty else { throw ValidationError("no scene files given and none found in scenes/") }
        let outcome = SceneValidation.validate(files, overrides: try overrides.overrides())
        outcome.summaries.forEach { printLine($0) }
        if let failure = outcome.failure { throw report(failure) }
    }
}
