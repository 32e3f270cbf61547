import ArgumentParser
import ZoetropeFormat

/// Refuses an output path that does not end in `.png` (charts and sheets are PNG only).
func requirePNG(_ path: String, option: String) throws {
    guard path.lowercased().hasSuffix(".png") else {
        throw ValidationError("\(option) \(path): plots and sheets are written as PNG; give a file name ending in .png")
    }
}

/// `--set KEY=VALUE`, `--size`, `--fps` and a Lottie file's `--animation`, `--theme` and
/// `--segment`, shared by every command that reads a scene.
struct OverrideOptions: ParsableArguments {
    @Option(name: .customLong("set"), help: ArgumentHelp(
        "Override a scene value by id, e.g. animators.move.duration=2 or layers.frog.position=[10,20] (repeatable).",
        valueName: "KEY=VALUE"))
    var assignments: [String] = []

    @Option(help: ArgumentHelp("Override the canvas size (same as --set canvas.size=[W,H]).", valueName: "WxH"))
    var size: String?

    @Option(help: ArgumentHelp("Override the frame rate (same as --set render.fps=N).", valueName: "N"))
    var fps: Double?

    @Option(help: ArgumentHelp("Play this animation of a dotLottie archive, by its manifest id (same as --set animation=ID; default: the manifest's initial one).", valueName: "ID"))
    var animation: String?

    @Option(help: ArgumentHelp("Apply this theme of a dotLottie archive: its rules set the animation's slots (same as --set theme=ID).", valueName: "ID"))
    var theme: String?

    @Option(help: ArgumentHelp("Render only the range of this marker of a Lottie animation (same as --set segment=NAME).", valueName: "MARKER"))
    var segment: String?

    /// Checked while parsing, so a malformed override prints the command's own usage.
    func validate() throws { _ = try overrides() }

    /// The parsed overrides (`--set` in order, then `--size` and `--fps`); a malformed one is a
    /// usage error.
    func overrides() throws -> [SceneOverride] {
        var overrides = try assignments.map { text throws -> SceneOverride in
            do throws(OverrideSyntaxError) {
                return try SceneOverride(parsing: text)
            } catch {
                throw ValidationError(error.description)
            }
        }
        if let size {
            let parts = size.lowercased().split(separator: "x")
            guard parts.count == 2, let width = Int(parts[0]), let height = Int(parts[1]), width > 0, height > 0 else {
                throw ValidationError("--size must be WIDTHxHEIGHT in pixels, such as 1280x720 (found \(size))")
            }
            overrides.append(SceneOverride(key: "canvas.size", value: "[\(width), \(height)]", origin: "--size"))
        }
        if let fps {
            guard fps > 0 && fps <= 1000 else { throw ValidationError("--fps must be within 0 < fps <= 1000 (found \(fps))") }
            overrides.append(SceneOverride(key: "render.fps", value: "\(fps)", origin: "--fps"))
        }
        for (key, value) in [("animation", animation), ("theme", theme), ("segment", segment)] {
            guard let value else { continue }
            guard !value.isEmpty else { throw ValidationError("--\(key) needs a name") }
            overrides.append(SceneOverride(key: key, value: value, origin: "--\(key)"))
        }
        return overrides
    }
}
