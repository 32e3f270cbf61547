import ZoetropeCore
import ZoetropeFormat
import ZoetropeRender
import ZoetropeFiles

/// `zoetrope sample`: a scene's presentation values and animator states at times or frames.
public enum SceneSampling {
    /// Loads `file` and writes its samples through `output` one at a time, so memory does not
    /// grow with them: at each of `times`, else at each of `frames`, else at every frame of the
    /// render. The text is `SampleReport`'s (JSON without its final newline, or CSV).
    ///
    /// Nothing is written before the scene, `keys` and `frames` are found good; a value JSON
    /// cannot hold stops the report where it is (`SceneSamplingError.encoding`).
    public static func write(_ file: String, overrides: [SceneOverride], times: [Double]?, frames: FrameSelection?,
                             keys: String?, format: SampleReport.Format, to output: (String) -> Void) throws(SceneSamplingError) {
        let loaded: LoadedScene, evaluation: SceneEvaluation, duration: Double
        do {
            loaded = try SceneLoader.load(file, overrides: overrides, fonts: InstalledFonts())
            let evaluated = try loaded.evaluate(atLeast: times?.max() ?? 0)
            (evaluation, duration) = (evaluated.evaluation, evaluated.duration)
        } catch {
            throw .scene(error)
        }
        let frameRate = loaded.scene.frameRate
        let count = frameRate.frameCount(forDuration: duration)
        let selected: SampleKeys?
        do {
            selected = try keys.map { text throws(SampleKeyError) in try SampleKeys(parsing: text, in: loaded.scene) }
        } catch {
            throw .usage("--keys \(error.message)")
        }
        let sampleTimes: AnySequence<Double>
        if let times {
            sampleTimes = AnySequence(times)
        } else if let frames {
            do {
                sampleTimes = AnySequence(try frames.frames(count: count).lazy.map(frameRate.time(ofFrame:)))
            } catch {
                throw .usage("--frames: \(error.message)")
            }
        } else {
            sampleTimes = AnySequence((0..<count).lazy.map(frameRate.time(ofFrame:)))
        }
        do {
            try SampleReport.write(evaluation: evaluation, times: sampleTimes, frameCount: count, keys: selected,
                                   format: format, to: output)
        } catch {
            throw .encoding(error)
        }
    }
}

/// Why `SceneSampling.write` stopped.
public enum SceneSamplingError: Error, Sendable {
    /// The scene cannot be read or evaluated: its problems, each with its document path.
    case scene(SceneLoadError)
    /// A `--keys` or `--frames` the scene does not have (the message names the option).
    case usage(String)
    /// A value JSON cannot hold (NaN that got past the engine): never a report that exits 0.
    case encoding(ReportEncodingError)

    /// The scene's kind (invalid or missing input), `misuse` for usage, `internalFailure` for
    /// encoding; the CLI maps it to an exit status (SPEC §6).
    public var kind: ZoetropeError.Kind {
        switch self {
        case .scene(let error): error.kind
        case .usage: .misuse
        case .encoding: .internalFailure
        }
    }
}
