import ArgumentParser
import ZoetropePipeline
import Dispatch
import Synchronization
import ZoetropeCore
import ZoetropeFormat
import ZoetropeRender
import ZoetropeFiles

struct SweepCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sweep",
        abstract: "Render every combination of overrides, with a comparison sheet and an index.",
        discussion: """
            Each --vary KEY=V1,V2,… (or KEY=FROM:TO:STEP) uses the --set key syntax; the \
            variants are the cartesian product of the lists (--zip takes them side by side). \
            Each variant is rendered into output/<scene>/sweep/<label>/ (label: \
            dampingRatio=0.3,duration=2) with its manifest; variants that resolve to the same \
            scene are rendered once and share the frames. Beside them: index.json, sheet.png \
            (a row per variant, a column per instant) and, with --plot KEY, plot.png (a curve \
            per variant). Exit codes: 0 success; 64 usage (a malformed --vary, an empty list, \
            a zero step, more than 10000 variants without --force); 65 invalid scene (an \
            unknown key, a value of the wrong type); 66 missing scene; 73/74 cannot write.

            Example:
              $ zoetrope sweep scenes/frog.yaml --vary animators.move.duration=1,2,4
            """
    )

    @Argument(help: "The scene file.", completion: .file(extensions: ["yaml", "yml", "json"]))
    var scene: String

    @Option(name: .customLong("vary"), help: ArgumentHelp(
        "A key and its values: animators.move.duration=1,2,3 or …dampingRatio=0.2:0.8:0.2 (repeatable).",
        valueName: "KEY=VALUES"))
    var axes: [String] = []

    @Flag(help: "Pair the lists value by value instead of combining every value with every other.")
    var zip = false

    @Flag(help: "Allow more than 10000 variants.")
    var force = false

    @Option(help: ArgumentHelp("The sweep folder (default: output/<scene>/sweep).", valueName: "DIR"))
    var out: String?

    @Option(help: ArgumentHelp("The sheet's columns: times in seconds, comma-separated (default: --count evenly spaced).", valueName: "T[,T…]"))
    var at: String?

    @Option(help: "The sheet's columns: instants spread evenly over the longest variant (or up to --until).")
    var count = 6

    @Option(help: ArgumentHelp("Spread the sheet's columns from 0 to this time instead of the longest variant's end.", valueName: "SECONDS"))
    var until: Double?

    @Option(help: "Thumbnail width on the sheet, in pixels.")
    var width = 160

    @Option(name: .customLong("plot"), help: ArgumentHelp("Also chart this property over time, a curve per variant (repeatable).", valueName: "KEY"))
    var plotKeys: [String] = []

    @OptionGroup var chart: PlotOptions

    @OptionGroup var options: RenderOptions

    @OptionGroup var overrides: OverrideOptions

    /// More curves than this on one plot cannot be told apart.
    static let plottedVariantLimit = 32

    func validate() throws {
        let variants = try plan().variants.count
        if !plotKeys.isEmpty && variants > Self.plottedVariantLimit {
            throw ValidationError("--plot draws a curve per variant, and \(variants) curves cannot be told apart (at most \(Self.plottedVariantLimit)); plot a smaller sweep")
        }
        if let at { _ = try TimeOptions.times(at) }
        if case .instants = options.progress {
            throw ValidationError("--progress takes auto, bar, json or none here; the sheet's columns are --at or --count")
        }
        if let until, !(until.isFinite && until > 0) { throw ValidationError("--until must be a time in seconds > 0 (found \(until))") }
        if at != nil && until != nil { throw ValidationError("give either --at or --until, not both") }
        guard (1...50).contains(count) else { throw ValidationError("--count must be within 1...50 (found \(count))") }
        guard (16...2000).contains(width) else { throw ValidationError("--width must be within 16...2000 (found \(width))") }
        let columns = try at.map { try TimeOptions.times($0).count } ?? count
        // The label column is at most about 340 pixels; a sheet is at most 32767 wide.
        guard columns * (width + ComparisonSheet.gap) + 360 <= 32767 else {
            throw ValidationError("\(columns) columns of \(width) pixels would make a sheet wider than an image can be (32767); use fewer or narrower columns")
        }
        try chart.check()
    }

    private func plan() throws -> SweepPlan {
        do throws(SweepSpecError) {
            return try SweepPlan(axes: axes.map { text throws(SweepSpecError) in try SweepAxis(parsing: text) }, zipped: zip, force: force)
        } catch {
            throw ValidationError(error.message)
        }
    }

    func run() throws {
        let plan = try plan()
        let base = try overrides.overrides()
        let atTimes = try at.map(TimeOptions.times)
        let variants: [Sweep.Variant]
        do { variants = try Sweep.load(scene, plan: plan, overrides: base, until: atTimes?.max() ?? until ?? 0) } catch { throw report(error) }
        let name = variants[0].loaded.scene.name
        let root = out ?? OutputLayout.folder(forScene: name) + "/sweep"
        let sources = Swift.zip(plan.variants, variants).map { variant, loaded in
            PropertyPlot.Source(name: variant.label, evaluation: loaded.evaluation, duration: loaded.duration)
        }
        // Plotted keys are checked before anything is rendered.
        let components = plotKeys.isEmpty ? [] : try chart.components(plotKeys, in: sources, file: scene)
        let settings = try options.settings()
        let times = atTimes ?? ComparisonSheet.evenlySpacedTimes(count, over: until ?? variants.map(\.duration).max() ?? 0,
                                                                 frameRate: variants[0].loaded.scene.frameRate)
        let title = "\(name) — \(plan.variants.count) variants of \(plan.axisNames.joined(separator: plan.zipped ? " with " : " × "))"
        let sheets = try exiting { () throws(RenderError) -> [String] in
            let rowsPerPage = try Sweep.rowsPerPage(variants, thumbnailWidth: width)
            try OutputFolder.create(root)
            let reporter = SweepReporter(mode: options.progressMode, total: plan.variants.count)
            try Sweep.render(variants, plan: plan, into: root, settings: settings, finished: reporter.finished)
            return try Sweep.drawSheets(variants, plan: plan, into: root, times: times, thumbnailWidth: width,
                                        rowsPerPage: rowsPerPage, coloured: !plotKeys.isEmpty, title: title)
        }
        if !plotKeys.isEmpty { try chart.draw(components, of: sources, title: name, to: root + "/plot.png") }
        let index = SweepIndex(scene: name, sceneFile: scene, overrides: base, plan: plan,
                               variants: variants.map { SweepIndex.RenderedVariant(duration: $0.duration, frameCount: $0.frameCount, sameAs: $0.sameAs) },
                               sheets: sheets, plot: plotKeys.isEmpty ? nil : "plot.png")
        let json = Array((try reportJSON(index.json, command: "sweep") + "\n").utf8)
        try exiting { () throws(RenderError) in try AtomicFile.write(json, to: root + "/index.json") }
        if options.progressMode != .json { printSummary(variants, sheets: sheets, root: root) }
    }

    /// `scene: N variants (k share an earlier variant's frames) → root/ (index.json, sheet.png, plot.png)`.
    private func printSummary(_ variants: [Sweep.Variant], sheets: [String], root: String) {
        let rendered = variants.filter { $0.sameAs == nil }.count
        let shared = rendered < variants.count ? " (\(variants.count - rendered) share an earlier variant's frames)" : ""
        let files = ["index.json"] + (sheets.count > 2 ? [sheets[0], "…", sheets[sheets.count - 1]] : sheets) + (plotKeys.isEmpty ? [] : ["plot.png"])
        printLine("\(scene): \(variants.count) variants\(shared) → \(root)/ (\(files.joined(separator: ", ")))")
    }
}

/// A line per finished sweep variant: text, or a JSON object with `--progress json`.
final class SweepReporter: Sendable {
    private let mode: ProgressMode
    private let total: Int
    private let done = Mutex(0)

    init(mode: ProgressMode, total: Int) {
        self.mode = mode
        self.total = total
    }

    func finished(_ outcome: Sweep.Outcome) {
        let (variant, frames, directory, sameAs) = (outcome.variant, outcome.frames, outcome.directory, outcome.sameAs)
        let (pastEnd, lastFrame) = (outcome.pastEnd, outcome.lastFrame)
        if pastEnd > 0 {
            // Said even without progress: the folder holds fewer frames than --frames asked.
            printError("\(variant.label): \(pastEnd) of the --frames past its last frame (\(lastFrame)) skipped")
        }
        guard mode != .none else { return }
        done.withLock { count in
            count += 1
            if mode == .json {
                let line: JSONText = .object([("event", .string("variant")), ("label", .string(variant.label)), ("done", .number(Double(count))),
                                              ("total", .number(Double(total))), ("frames", .number(Double(frames))), ("directory", .string(directory))]
                                             + (sameAs.map { [("sameAs", .string($0.label))] } ?? []))
                printJSONLine(line.compact())
            } else {
                let how = sameAs.map { "same scene as \($0.label), frames shared" } ?? "\(frames) frames"
                printLine("[\(count)/\(total)] \(variant.label): \(how) → \(directory)")
            }
        }
    }
}
