import ArgumentParser
import ZoetropeFormat

/// `--set KEY=VALUE`, shared by every command that reads a scene.
struct OverrideOptions: ParsableArguments {
    @Option(name: .customLong("set"), help: ArgumentHelp(
        "Override a scene value by id, e.g. animators.move.duration=2 or layers.frog.position=[10,20] (repeatable).",
        valueName: "KEY=VALUE"))
    var assignments: [String] = []

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
