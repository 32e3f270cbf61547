import ZoetropeCore
import ZoetropeFormat
import ZoetropeRender

/// A scene read from its file and evaluated once (the script's whole history), ready to render.
public struct EvaluatedScene: Sendable {
    public var loaded: LoadedScene
    public var evaluation: SceneEvaluation
    /// Seconds; the render has ⌊duration·fps⌋ + 1 frames.
    public var duration: Double

    public var scene: Scene { loaded.scene }
    public var frameCount: Int { scene.frameRate.frameCount(forDuration: duration) }
    /// Seconds from the first instant to the one a progress of 1 names: a Lottie animation's
    /// op − ip frames (one past its last rendered frame, as lottie-ios plays it), else the
    /// render's duration.
    public var length: Double { loaded.length ?? duration }

    /// Reads and evaluates every file; throws the problems of all of them at once, so a bad scene
    /// fails the command before anything is rendered.
    public static func load(_ files: [String], overrides: [SceneOverride]) throws(SceneLoadError) -> [EvaluatedScene] {
        var scenes: [EvaluatedScene] = [], problems: [SceneDiagnostic] = [], layers: LayerTree?
        for file in files {
            do {
                scenes.append(try evaluating(SceneLoader.load(file, overrides: overrides, fonts: InstalledFonts())))
            } catch {
                problems += error.diagnostics
                layers = files.count == 1 ? error.layers : nil
            }
        }
        guard problems.isEmpty else { throw SceneLoadError(problems, layers: layers) }
        return scenes
    }

    /// `loaded`, evaluated.
    static func evaluating(_ loaded: LoadedScene) throws(SceneLoadError) -> EvaluatedScene {
        let evaluated = try loaded.evaluate()
        return EvaluatedScene(loaded: loaded, evaluation: evaluated.evaluation, duration: evaluated.duration)
    }

    /// A render of this scene's `frames` into `directory`, everything else at its defaults.
    public func renderRequest(into directory: String, frames: FrameSelection?, jobs: Int) -> RenderRequest {
        RenderRequest(self, into: directory, settings: RenderSettings(frames: frames, jobs: jobs))
    }
}
