import ArgumentParser
import ZoetropePipeline
import ZoetropeRender

/// `--at T[,T…]`: the instants of a scene a command looks at, in seconds; shared by `sample` and
/// `test` (`--frames` beside it is read by `frameSelection`). Checked while parsing, so a
/// malformed list prints the command's own usage.
struct TimeOptions: ParsableArguments {
    @Option(parsing: .unconditional, help: ArgumentHelp("Times in seconds, comma-separated.", valueName: "T[,T…]"))
    var at: String?

    func validate() throws { _ = try times() }

    /// `--at` parsed, or nil when not given.
    func times() throws -> [Double]? { try at.map(Self.times) }

    /// A list of times in seconds as `--at` takes it (`NumberList`), a malformed one a usage error.
    static func times(_ text: String) throws -> [Double] {
        do { return try NumberList.parse(text, option: "--at", as: .times) } catch { throw ValidationError(error.description) }
    }
}

/// `--frames SPEC` parsed, or nil when not given; a malformed one is a usage error.
func frameSelection(_ option: String?) throws -> FrameSelection? {
    guard let option else { return nil }
    do { return try FrameSelection(parsing: option) } catch { throw ValidationError("--frames: \(error.message)") }
}
