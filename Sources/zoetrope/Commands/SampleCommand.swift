import ArgumentParser
import ZoetropePipeline
import ZoetropeFormat
import ZoetropeRender

struct SampleCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sample",
        abstract: "Print presentation values and animator states at given times.",
        discussion: """
            Every animatable property of every layer appears in each sample (rotation in radians, \
            colours as #RRGGBBAA), then each animator's state, isRunning, isReversed and \
            fractionComplete (groups and timelines also their playhead), then every completion \
            with its time and position; --keys narrows it to some properties, layers and animators. \
            Without --at or \
            --frames, every frame of the render is sampled. Exit codes: 0 success; 64 usage; \
            65 invalid scene; 66 missing scene or image.
            """
    )

    enum Format: String, ExpressibleByArgument, CaseIterable { case json, csv }

    @Argument(help: "The scene file.", completion: .file(extensions: ["yaml", "yml", "json"]))
    var scene: String

    @Option(parsing: .unconditional, help: ArgumentHelp("Times in seconds, comma-separated.", valueName: "T[,T…]"))
    var at: String?

    @Option(help: ArgumentHelp("Frames to sample (N, A-B, A-, A-B:S, comma lists).", valueName: "SPEC"))
    var frames: String?

    @Option(help: ArgumentHelp("Only these, comma-separated: properties (frog.position), layers (frog), animators, groups or timelines (move).", valueName: "KEY[,KEY…]"))
    var keys: String?

    @Option(help: "Output format.")
    var format: Format = .json

    @OptionGroup var overrides: OverrideOptions

    func validate() throws {
        if at != nil && frames != nil { throw ValidationError("give either --at or --frames, not both") }
        if let at { _ = try Self.times(at) }
        if let frames {
            do { _ = try FrameSelection(parsing: frames) } catch { throw ValidationError("--frames: \(error.message)") }
        }
    }

    static func times(_ text: String) throws -> [Double] {
        try text.split(separator: ",", omittingEmptySubsequences: false).map { part in
            guard let time = Double(part.filter { $0 != " " }), time.isFinite, time >= 0 else {
                throw ValidationError("--at: \"\(part)\" is not a time in seconds >= 0")
            }
            return time
        }
    }

    func run() throws {
        let selection = try frames.map { text throws -> FrameSelection in try FrameSelection(parsing: text) }
        var output = BufferedOutput()
        try SceneSampling.write(scene, overrides: overrides.overrides(), times: at.map(Self.times), frames: selection,
                                keys: keys, format: format == .json ? .json : .csv) { output.write($0) }
        if format == .json { output.write("\n") }
        output.flush()
    }
}

/// Standard output in blocks of 64 KiB: a report of millions of rows is printed as it is made.
struct BufferedOutput {
    private var buffer = ""

    mutating func write(_ text: String) {
        buffer += text
        if buffer.utf8.count >= 1 << 16 { flush() }
    }

    mutating func flush() {
        print(buffer, terminator: "")
        buffer = ""
    }
}

/// Loads a scene and samples it at times or frames.
enum SceneSampling {
    /// Loads a scene and prints its samples through `output` one at a time (every frame of the
    /// render unless `times` or `frames` says otherwise), so memory does not grow with them.
    static func write(_ file: String, overrides: [SceneOverride], times: [Double]?, frames: FrameSelection?,
                      keys: String?, format: SampleReport.Format, to output: (String) -> Void) throws {
        do {
            let loaded = try SceneLoader.load(file, overrides: overrides)
            let (evaluation, duration) = try loaded.evaluate(atLeast: times?.max() ?? 0)
            let frameRate = loaded.scene.frameRate
            let count = frameRate.frameCount(forDuration: duration)
            let selected: SampleKeys?
            do {
                selected = try keys.map { text throws(SampleKeyError) in try SampleKeys(parsing: text, in: loaded.scene) }
            } catch {
                throw usageFailure("--keys \(error.message)", command: "sample")
            }
            let sampleTimes: AnySequence<Double>
            if let times {
                sampleTimes = AnySequence(times)
            } else if let frames {
                do {
                    sampleTimes = AnySequence(try frames.frames(count: count).lazy.map(frameRate.time(ofFrame:)))
                } catch {
                    throw usageFailure("--frames: \(error.message)", command: "sample")
                }
            } else {
                sampleTimes = AnySequence((0..<count).lazy.map(frameRate.time(ofFrame:)))
            }
            do {
                try SampleReport.write(evaluation: evaluation, times: sampleTimes, frameCount: count, keys: selected,
                                       format: format, to: output)
            } catch {
                // A value JSON cannot hold (NaN that got past the engine): a message and exit 70,
                // never a report that exits 0.
                printError("zoetrope sample: \(error)")
                throw ExitCode(70)
            }
        } catch let error as SceneLoadError {
            throw report(error)
        }
    }
}
