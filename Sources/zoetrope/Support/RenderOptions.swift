import ArgumentParser
import ZoetropePipeline
import ZoetropeRender

/// The options of a render into frame folders, shared by `render` and `sweep`.
struct RenderOptions: ParsableArguments {
    @Option(help: ArgumentHelp("Frames to render: N, A-B, A-, A-B:S, comma lists (0-based, inclusive).", valueName: "SPEC"))
    var frames: String?

    @Option(help: "Frames drawn and encoded in parallel (default: the number of cores).")
    var jobs: Int?

    @Option(help: "Pixels per point: 2 renders twice the pixels with identical geometry.")
    var scale: Double = 1

    @Option(name: .customLong("png-compression"), help: "fast (made for rendered frames), default (libdeflate level 6) or small (level 9).")
    var pngCompression: PNGCompression = .fast

    @Option(help: ArgumentHelp("Progress: a bar on a terminal (auto), bar, json lines on stdout, or none. For render, fractions of the animation instead (0,0.25,1; a Lottie file's op − ip frames): those instants are drawn, fractional frames included.", valueName: "auto|bar|json|none|P[,P…]"))
    var progress: ProgressOption = .report(.auto)

    @Flag(help: "Skip frames already rendered (listed in manifest.json with a matching file).")
    var resume = false

    func validate() throws {
        if let jobs, jobs < 1 { throw ValidationError("--jobs must be at least 1 (found \(jobs))") }
        guard scale.isFinite, scale > 0, scale <= 16 else { throw ValidationError("--scale must be within 0 < scale <= 16 (found \(scale))") }
        _ = try frameSelection(frames)
        _ = try progress.fractions()
    }

    /// How progress is reported: `--progress`'s mode, `auto` when it gives instants.
    var progressMode: ProgressMode {
        if case .report(let mode) = progress { mode } else { .auto }
    }

    /// The settings these options give (the rest at their defaults).
    func settings() throws -> RenderSettings {
        RenderSettings(frames: try frameSelection(frames), jobs: jobs ?? coreCount, scale: scale, resume: resume, pngCompression: pngCompression)
    }
}

extension ProgressMode: ExpressibleByArgument {}

/// `--progress`: how progress is reported, or fractions of the animation to draw (`render`).
enum ProgressOption: ExpressibleByArgument {
    case report(ProgressMode)
    /// The list as given, checked by `fractions()`.
    case instants(String)

    init?(argument: String) {
        self = ProgressMode(rawValue: argument).map(Self.report) ?? .instants(argument)
    }

    var defaultValueDescription: String {
        if case .report(let mode) = self { mode.rawValue } else { "" }
    }

    /// The fractions of the animation given, or nil for a reporting mode; a list that is not
    /// fractions within 0...1 (nor a mode) is a usage error.
    func fractions() throws -> [Double]? {
        guard case .instants(let text) = self else { return nil }
        do {
            return try NumberList.parse(text, option: "--progress", as: .fractions)
        } catch {
            throw ValidationError("\(error.description), nor one of auto, bar, json, none")
        }
    }
}
extension OutputFormat: ExpressibleByArgument {}
extension PNGCompression: ExpressibleByArgument {}
