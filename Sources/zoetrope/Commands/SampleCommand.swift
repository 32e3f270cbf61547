import ArgumentParser
import ZoetropePipeline
import ZoetropeFormat
import ZoetropePipeline

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

            Example:
              $ zoetrope sample scenes/frog.yaml --at 0.5,1 --keys frog.position,move
            """
    )

    enum Format: String, ExpressibleByArgument, CaseIterable { case json, csv }

    @Argument(help: "The scene file.", completion: .file(extensions: ["yaml", "yml", "json"]))
    var scene: String

    @OptionGroup var time: TimeOptions

    @Option(help: ArgumentHelp("Frames to sample (N, A-B, A-, A-B:S, comma lists).", valueName: "SPEC"))
    var frames: String?

    @Option(help: ArgumentHelp("Only these, comma-separated: properties (frog.position), layers (frog), animators, groups or timelines (move).", valueName: "KEY[,KEY…]"))
    var keys: String?

    @Option(help: "Output format.")
    var format: Format = .json

    @OptionGroup var overrides: OverrideOptions

    func validate() throws {
        if time.at != nil && frames != nil { throw ValidationError("give either --at or --frames, not both") }
        _ = try frameSelection(frames)
    }

    func run() throws {
        var output = BufferedOutput()
        do {
            try SceneSampling.write(scene, overrides: overrides.overrides(), times: time.times(), frames: frameSelection(frames),
                                    keys: keys, format: format == .json ? .json : .csv) { output.write($0) }
        } catch let error as SceneSamplingError {
            switch error {
            case .scene(let problems): throw report(problems)
            case .usage(let message): throw usageFailure(message, command: "sample")
            case .encoding(let problem): printError("zoetrope sample: \(problem)"); throw ExitCode(error.kind)
            }
        }
        if format == .json { output.write("\n") }
        output.flush()
    }
}
