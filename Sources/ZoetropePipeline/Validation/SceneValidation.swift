import ZoetropeCore
import ZoetropeFormat
import ZoetropeRender

/// `zoetrope validate`: every check `render` runs before drawing (the document, the script, the
/// inputs: fonts installed, images that decode), on each of several scenes.
public enum SceneValidation {
    /// What validating found: a summary line per valid scene, and the problems of the others.
    public struct Outcome: Sendable {
        /// `FILE: ok (N frames: D s at F fps, L layers, A animators, E events)`, per valid scene in order.
        public var summaries: [String]
        /// Every problem of every invalid scene, or nil when all are valid.
        public var failure: SceneLoadError?
    }

    /// Loads and evaluates each of `files` and checks its inputs; one scene's problems do not
    /// stop the others from being checked.
    public static func validate(_ files: [String], overrides: [SceneOverride]) -> Outcome {
        var summaries: [String] = []
        var problems: [SceneDiagnostic] = []
        for file in files {
            func diagnostics(_ inputs: [InputProblem]) -> [SceneDiagnostic] {
                inputs.map { SceneDiagnostic(file: file, path: $0.path, message: $0.message, kind: $0.isMissing ? .missingInput : .invalid) }
            }
            // Everything in one round: the document's problems (and the fonts and images of the
            // layers it could read), else the script's and the inputs'.
            var loaded: LoadedScene
            do {
                loaded = try SceneLoader.load(file, overrides: overrides, fonts: InstalledFonts())
                loaded.unsupported += SceneInputs.overflowingText(of: loaded.scene, file: file)
            } catch {
                problems += error.diagnostics + diagnostics(error.layers.map { SceneInputs.problems(of: $0) } ?? [])
                continue
            }
            let inputs = diagnostics(SceneInputs.problems(of: loaded.scene))
            let duration: Double
            do {
                duration = try loaded.evaluate().duration
            } catch {
                problems += error.diagnostics + inputs
                continue
            }
            guard inputs.isEmpty else {
                problems += inputs
                continue
            }
            let scene = loaded.scene, frames = scene.frameRate.frameCount(forDuration: duration)
            summaries += loaded.unsupportedWarnings
            if let contents = loaded.lottieContents, !contents.isEmpty { summaries.append("\(file): \(contents.summary)") }
            summaries.append("\(file): ok (\(frames) frames: \(duration) s at \(scene.frameRate.framesPerSecond) fps, \(scene.layers.nodes.count) layers, \(scene.animators.count) animators, \(scene.script.count) events)")
        }
        return Outcome(summaries: summaries, failure: problems.isEmpty ? nil : SceneLoadError(problems))
    }
}
