import ArgumentParser
import ZoetropeCore
import ZoetropeFormat
import ZoetropePipeline
import ZoetropeRender

struct PlotCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "plot",
        abstract: "Chart property values over time, with the script's events and the animators' states.",
        discussion: """
            Each KEY is layer.property (frog.position, frog.position.x, card.size.width, \
            frog.opacity, card.fill): a point or size gives a chart per component, a colour one \
            per channel. Script events are labelled vertical lines; beneath the charts a band \
            shows each animator's state, isRunning and isReversed. Written to \
            output/<scene>/plot.png unless --out is given. Exit codes: 0 success; 64 usage (an \
            unknown key); 65 invalid scene; 66 missing scene; 73/74 the plot cannot be written.

            Example:
              $ zoetrope plot scenes/frog-reverse.yaml frog.position.x move --velocity
            """
    )

    @Argument(help: "The scene file.", completion: .file(extensions: ["yaml", "yml", "json"]))
    var scene: String

    @Argument(help: "Property keys, such as frog.position or frog.position.x; or an animator's, group's or timeline's move.fractionComplete or intro.playhead.")
    var keys: [String] = []

    @OptionGroup var chart: PlotOptions

    @Option(help: ArgumentHelp("Where to write the plot (PNG).", valueName: "FILE"))
    var out: String?

    @OptionGroup var overrides: OverrideOptions

    func validate() throws {
        guard !keys.isEmpty else { throw ValidationError("give at least one property key, such as frog.position") }
        try chart.check()
        if let out { try requirePNG(out, option: "--out") }
    }

    func run() throws {
        let sceneOverrides = try overrides.overrides()
        let loaded: EvaluatedScene
        do {
            loaded = try EvaluatedScene.load([scene], overrides: sceneOverrides)[0]
        } catch {
            throw report(error)
        }
        let source = PropertyPlot.Source(name: "", evaluation: loaded.evaluation, duration: loaded.duration)
        let path = out ?? OutputLayout.file("plot.png", forScene: loaded.scene.name)
        let components = try chart.components(keys, in: [source], file: scene)
        try chart.draw(components, of: [source], title: loaded.scene.name, to: path)
        printLine("\(scene): plot of \(keys.joined(separator: ", ")) → \(path)")
    }
}

/// The options of a property plot, shared by `plot` and `sweep --plot`.
struct PlotOptions: ParsableArguments {
    @Flag(help: "Add a chart of each component's velocity (its change per second).")
    var velocity = false

    @Option(help: "Instants sampled over the plotted span.")
    var samples = 600

    @Option(name: .customLong("plot-width"), help: "The plot's width in pixels.")
    var plotWidth = 1200

    func check() throws {
        guard (10...100_000).contains(samples) else { throw ValidationError("--samples must be within 10...100000 (found \(samples))") }
        guard (400...8000).contains(plotWidth) else { throw ValidationError("--plot-width must be within 400...8000 (found \(plotWidth))") }
    }

    /// The components `keys` plot, each of which must name a plottable property in every
    /// source; otherwise every distinct problem is printed and the exit is 64.
    func components(_ keys: [String], in sources: [PropertyPlot.Source], file: String) throws -> [PropertyPlot.Component] {
        do {
            return try PlotComponents.resolve(keys, in: sources, velocity: velocity)
        } catch {
            for message in error.messages { printError("\(file): \(message)") }
            throw ExitCode(error.kind)
        }
    }

    /// Samples `components` of `sources` and writes the plot to `path`.
    func draw(_ components: [PropertyPlot.Component], of sources: [PropertyPlot.Source], title: String, to path: String) throws {
        let plot = PropertyPlot(title: title, sources: sources, components: components, velocity: velocity, samples: samples)
        do {
            try OutputFolder.create(parentOf: path)
            try plot.write(to: path, width: plotWidth)
        } catch {
            printError(error)
            throw ExitCode(error.kind)
        }
    }
}
