import ArgumentParser
import ZoetropePipeline
import ZoetropeRender

struct DiffCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "diff",
        abstract: "Compare two PNGs, two folders of frames, or two folders of scene folders, pixelmatch-style.",
        discussion: """
            Colour distance in YIQ space against --threshold (0.1), anti-aliased pixels told apart \
            (yellow in diff images) from differences (red, over the expected image faded). Prints \
            each differing frame with its counts and names the first. Only frame_*.png files are \
            frames (a sheet.png or manifest.json beside them is ignored, and said once); folders \
            holding scene folders are compared scene by scene. Exit codes: 0 within tolerance; \
            1 differences found; 64 usage; 65 sizes differ or a PNG is unreadable; 66 an input is \
            missing, or the folders hold nothing to compare; 73/74 the diff images cannot be written.

            Example:
              $ zoetrope diff goldens/frog output/frog --threshold 0.1
            """
    )

    @Argument(help: "The expected PNG or folder.", completion: .file(extensions: ["png"]))
    var expected: String

    @Argument(help: "The actual PNG or folder.", completion: .file(extensions: ["png"]))
    var actual: String

    @OptionGroup var tolerance: ToleranceOptions

    @Option(help: ArgumentHelp("Write diff images (same names) into this folder.", valueName: "DIR"))
    var out: String?

    func run() throws {
        var comparison = tolerance.tolerance.comparison
        comparison.outputDirectory = out
        let summary: FrameDiffing.Summary
        do {
            summary = try FrameDiffing.compare(comparison, expected: expected, actual: actual)
        } catch {
            printError(error)
            throw ExitCode(error.kind)
        }
        summary.lines.forEach { printLine($0) }
        if summary.differs { throw ExitCode(ExitStatus.differences) }
    }
}
