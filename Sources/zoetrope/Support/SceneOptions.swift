import ArgumentParser
import ZoetropeFormat

/// Refuses an output path that does not end in `.png` (charts and sheets are PNG only).
func requirePNG(_ path: String, option: String) throws {
    guard path.lowercased().hasSuffix(".png") else {
        throw ValidationError("\(option) \(path): plots and sheets are written as PNG; give a file name ending in .png")
    }
}

/// `--set KEY=VALUE`, shared by every command that reads a scene.
struct OverrideOptions: ParsableArguments {
    @Option(name: .customLong("set"), help: ArgumentHelp(
        "Override a scene value by id, e.g. animators.move.duration=2 or layers.frog.position=[10,20] (repeatable).",
        valueName: "KEY=VALUE"))
    var assignments: [String] = []

    /// Checked while parsing, so a malformed override prints the command's own usage.
    func validate() throws { _ = try overrides() }

    /// The parsed overrides; a malformed one is a usage error.
    func overrides() throws -> [SceneOverride] {
        try assignments.map { text throws -> SceneOverride in
            do throws(OverrideSyntaxError) {
                return try SceneOverride(parsing: text)
            } catch {
                throw ValidationError(error.description)
            }
        }
    }
}
