import ArgumentParser
import FoundationEssentials
import ZoetropePipeline
import ZoetropeRender
import ZoetropeFiles

/// `diff`'s tolerance flags, shared by `diff` and `test`.
struct ToleranceOptions: ParsableArguments {
    @Option(help: "Matching threshold, 0...1: smaller is stricter (default 0.1).")
    var threshold: Double?

    @Option(name: .customLong("max-diff-pixels"), help: "Differing pixels a frame may have (default 0 unless --max-diff-ratio is given).")
    var maxDiffPixels: Int?

    @Option(name: .customLong("max-diff-ratio"), help: "Share of a frame's pixels that may differ, 0...1.")
    var maxDiffRatio: Double?

    @Flag(name: .customLong("include-aa"), help: "Count anti-aliased pixels as differences.")
    var includeAntialiasing = false

    func validate() throws {
        if let threshold, !(0...1).contains(threshold) { throw ValidationError("--threshold must be within 0...1 (found \(threshold))") }
        if let maxDiffPixels, maxDiffPixels < 0 { throw ValidationError("--max-diff-pixels must be >= 0 (found \(maxDiffPixels))") }
        if let maxDiffRatio, !(0...1).contains(maxDiffRatio) { throw ValidationError("--max-diff-ratio must be within 0...1 (found \(maxDiffRatio))") }
    }

    /// True when any flag was given.
    var isSet: Bool { threshold != nil || maxDiffPixels != nil || maxDiffRatio != nil || includeAntialiasing }

    var tolerance: Tolerance {
        Tolerance(threshold: threshold ?? 0.1, maxDiffPixels: maxDiffPixels, maxDiffRatio: maxDiffRatio, includeAntialiasing: includeAntialiasing)
    }
}

/// `--shard I/N|N|auto` as render and test take it; its index may come from the environment.
func frameShard(_ option: String?) throws -> FrameShard? {
    guard let option else { return nil }
    do {
        return try FrameShard(option: option, environment: CurrentProcess.environment)
    } catch {
        throw ValidationError("--shard \(option): \(error.message)")
    }
}
