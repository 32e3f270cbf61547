import ArgumentParser
import ZoetropeFormat
import ZoetropePipeline
import ZoetropeRender

/// Runs `body`; a render error is printed, line by line, and becomes the command's exit code.
func exiting<Result>(_ body: () throws(RenderError) -> Result) throws -> Result {
    do {
        return try body()
    } catch {
        printError(error)
        throw ExitCode(error.kind)
    }
}

/// Reads and evaluates every scene file with `overrides`; every problem of every file is printed
/// and the command exits 65 (66 for a missing file) before anything is rendered.
func loadScenes(_ files: [String], overrides: [SceneOverride]) throws -> [EvaluatedScene] {
    do {
        let scenes = try EvaluatedScene.load(files, overrides: overrides)
        for scene in scenes { scene.loaded.unsupportedSummary.forEach(printError) }
        return scenes
    } catch {
        throw report(error)
    }
}

/// `folder: 90 frames at 30 fps → file`: what `video` and `render --video` say they wrote.
func printVideoLine(_ summary: VideoExport.Summary, folder: String, file: String) {
    let rate = (summary.framesPerSecond * 1000).rounded() / 1000
    printLine("\(folder): \(summary.frames) frames at \(rate) fps → \(file)")
}
