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

    @Option(help: "Progress: a bar on a terminal (auto), bar, json lines on stdout, or none.")
    var progress: ProgressMode = .auto

    @Flag(help: "Skip frames already rendered (listed in manifest.json with a matching file).")
    var resume = false

    func validate() throws {
        if let jobs, jobs < 1 { throw ValidationError("--jobs must be at least 1 (found \(jobs))") }
        guard scale.isFinite, scale > 0, scale <= 16 else { throw ValidationError("--scale must be within 0 < scale <= 16 (found \(scale))") }
        _ = try frameSelection(frames)
    }

    /// The settings these options give (the rest at their defaults).
    func settings() throws -> RenderSettings {
        RenderSettings(frames: try frameSelection(frames), jobs: jobs ?? coreCount, scale: scale, resume: resume, pngCompression: pngCompression)
    }
}

extension ProgressMode: ExpressibleByArgument {}
extension OutputFormat: ExpressibleByArgument {}
extension PNGCompression: ExpressibleByArgument {}
