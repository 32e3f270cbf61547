import ArgumentParser
import ZoetropePipeline
import ZoetropeFormat
import ZoetropeRender

struct ValidateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "validate",
        abstract: "Check scene files and their scripts, printing every problem.",
        discussion: """
            Prints FILE: PATH: message for each problem, or a one-line summary per valid scene. \
            Runs every check render runs before drawing: the document, the script, and the \
            inputs (fonts installed, images that decode). Exit codes: 0 all valid; 65 a scene \
            is invalid; 66 a scene, an image or a font it names is missing.
            """
    )

    @Argument(help: "Scene files (default: every scene in scenes/).", completion: .file(extensions: ["yaml", "yml", "json"]))
    var scenes: [String] = []

    @OptionGroup var overrides: OverrideOptions

    func run() throws {
        let files = SceneFiles.resolve(scenes)
        guard !files.isEmpty else { throw ValidationError("no scene files given and none found in scenes/") }
        let outcome = SceneValidation.validate(files, overrides: try overrides.overrides())
        outcome.lines.forEach { printLine($0) }
        if let failure = outcome.failure { throw report(failure) }
    }
}

/// Loads and evaluates each scene, collecting a summary line or the problems of each.
enum SceneValidation {
    static func validate(_ files: [String], overrides: [SceneOverride]) -> (lines: [String], failure: SceneLoadError?) {
        var lines: [String] = []
        var problems: [SceneDiagnostic] = []
        for file in files {
            do {
                let loaded = try SceneLoader.load(file, overrides: overrides)
                let (_, duration) = try loaded.evaluate()
                let scene = loaded.scene
                let inputs = SceneInputs.problems(of: scene)
                guard inputs.isEmpty else {
                    problems += inputs.map {
                        SceneDiagnostic(file: file, path: $0.path, message: $0.message, kind: $0.isMissing ? .missingInput : .invalid)
                    }
                    continue
                }
                let frames = scene.frameRate.frameCount(forDuration: duration)
                lines.append("\(file): ok (\(frames) frames: \(duration) s at \(scene.frameRate.framesPerSecond) fps, \(scene.layers.nodes.count) layers, \(scene.animators.count) animators, \(scene.script.count) events)")
            } catch {
                problems += error.diagnostics
            }
        }
        return (lines, problems.isEmpty ? nil : SceneLoadError(problems))
    }
}
