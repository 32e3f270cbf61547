import ArgumentParser
import Dispatch
import Synchronization
import ZoetropeCore
import ZoetropeFormat
import ZoetropeRender

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

    @Option(help: ArgumentHelp("Frames to render of each variant: N, A-B, A-, A-B:S, comma lists.", valueName: "SPEC"))
    var frames: String?

    @Option(help: "Frames drawn and encoded in parallel, shared among the variants (default: the number of cores).")
    var jobs: Int?

    @Option(help: "Pixels per point of the variants' frames.")
    var scale: Double = 1

    @Option(name: .customLong("png-compression"), help: "fast (libdeflate level 1), default (6) or small (9).")
    var pngCompression: PNGCompression = .fast

    @Option(help: "Progress: a line per variant (auto, bar), json lines on stdout, or none.")
    var progress: ProgressMode = .auto

    @Flag(help: "Skip frames already rendered (listed in a variant's manifest.json with a matching file).")
    var resume = false

    @OptionGroup var overrides: OverrideOptions

    /// More curves than this on one plot cannot be told apart.
    static let plottedVariantLimit = 32

    func validate() throws {
        let variants = try plan().variants.count
        if !plotKeys.isEmpty && variants > Self.plottedVariantLimit {
            throw ValidationError("--plot draws a curve per variant, and \(variants) curves cannot be told apart (at most \(Self.plottedVariantLimit)); plot a smaller sweep")
        }
        if let at { _ = try SampleCommand.times(at) }
        if let until, !(until.isFinite && until > 0) { throw ValidationError("--until must be a time in seconds > 0 (found \(until))") }
        if at != nil && until != nil { throw ValidationError("give either --at or --until, not both") }
        guard (1...50).contains(count) else { throw ValidationError("--count must be within 1...50 (found \(count))") }
        guard (16...2000).contains(width) else { throw ValidationError("--width must be within 16...2000 (found \(width))") }
        let columns = try at.map { try SampleCommand.times($0).count } ?? count
        // The label column is at most about 340 pixels; a sheet is at most 32767 wide.
        guard columns * (width + ComparisonSheet.gap) + 360 <= 32767 else {
            throw ValidationError("\(columns) columns of \(width) pixels would make a sheet wider than an image can be (32767); use fewer or narrower columns")
        }
        if let jobs, jobs < 1 { throw ValidationError("--jobs must be at least 1 (found \(jobs))") }
        guard scale.isFinite, scale > 0, scale <= 16 else { throw ValidationError("--scale must be within 0 < scale <= 16 (found \(scale))") }
        if let frames {
            do { _ = try FrameSelection(parsing: frames) } catch { throw ValidationError("--frames: \(error.message)") }
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
        let atTimes = try at.map(SampleCommand.times)
        let variants = try Sweep.load(scene, plan: plan, overrides: base, until: atTimes?.max() ?? until ?? 0)
        let root = out ?? "output/\(variants[0].loaded.scene.name)/sweep"
        let selection = try frames.map { text throws -> FrameSelection in try FrameSelection(parsing: text) }
        let sources = Swift.zip(plan.variants, variants).map { variant, loaded in
            PropertyPlot.Source(name: variant.label, evaluation: loaded.evaluation, duration: loaded.duration)
        }
        // Plotted keys are checked before anything is rendered.
        let components = plotKeys.isEmpty ? [] : try chart.components(plotKeys, in: sources, file: scene)
        do {
            let rowsPerPage = try Sweep.rowsPerPage(variants, thumbnailWidth: width)
            try OutputFolder.create(root)
            let reporter = Sweep.Reporter(mode: progress, total: plan.variants.count)
            let options = Sweep.RenderOptions(frames: selection, jobs: jobs ?? coreCount, scale: scale,
                                              resume: resume, pngCompression: pngCompression)
            let span = until ?? variants.map(\.duration).max() ?? 0
            let times = atTimes
                ?? ComparisonSheet.evenlySpacedTimes(count, over: span, frameRate: variants[0].loaded.scene.frameRate)
            try Sweep.render(variants, plan: plan, into: root, options: options, reporter: reporter)
            let plotted = !plotKeys.isEmpty
            let sheets = try Sweep.drawSheets(
                variants, plan: plan, into: root, times: times, thumbnailWidth: width, rowsPerPage: rowsPerPage, coloured: plotted,
                title: "\(variants[0].loaded.scene.name) — \(plan.variants.count) variants of \(plan.axisNames.joined(separator: plan.zipped ? " with " : " × "))")
            if plotted {
                try chart.draw(components, of: sources, title: variants[0].loaded.scene.name, to: root + "/plot.png")
            }
            let index = SweepIndex(
                scene: variants[0].loaded.scene.name, sceneFile: scene, overrides: base, plan: plan,
                variants: variants.map { ($0.duration, $0.frameCount, $0.sameAs) },
                sheets: sheets, plot: plotted ? "plot.png" : nil)
            try AtomicFile.write(Array((reportJSON(index.json, command: "sweep") + "\n").utf8), to: root + "/index.json")
            let rendered = variants.filter { $0.sameAs == nil }.count
            let shared = rendered < variants.count ? " (\(variants.count - rendered) share an earlier variant's frames)" : ""
            if progress != .json {
                let files = ["index.json"] + (sheets.count > 2 ? [sheets[0], "…", sheets[sheets.count - 1]] : sheets) + (plotted ? ["plot.png"] : [])
                printLine("\(scene): \(variants.count) variants\(shared) → \(root)/ (\(files.joined(separator: ", ")))")
            }
        } catch let error as RenderError {
            printError(error)
            throw ExitCode(error.exitCode)
        }
    }
}

/// Loading, rendering and reporting the variants of a sweep.
enum Sweep {
    /// A variant's scene, evaluated.
    struct Variant: Sendable {
        var loaded: LoadedScene
        var evaluation: SceneEvaluation
        var duration: Double
        var frameCount: Int
        /// The earlier variant whose resolved scene this one equals.
        var sameAs: Int?
    }

    struct RenderOptions: Sendable {
        var frames: FrameSelection?
        var jobs: Int
        var scale: Double
        var resume: Bool
        var pngCompression: PNGCompression
    }

    /// Reads the scene once, applies each variant's overrides and evaluates it far enough for
    /// the longest variant (and `until`); every problem of every variant is reported, each once.
    static func load(_ file: String, plan: SweepPlan, overrides: [SceneOverride], until: Double) throws -> [Variant] {
        let source: [UInt8]
        do { source = try SceneLoader.read(file) } catch { throw report(error) }
        var loaded: [(LoadedScene, SceneEvaluation, Double)] = []
        var problems: [SceneDiagnostic] = []
        for variant in plan.variants {
            do {
                let scene = try SceneLoader.parse(source, file: file, overrides: overrides + variant.overrides)
                let (evaluation, duration) = try scene.evaluate(atLeast: until)
                loaded.append((scene, evaluation, duration))
            } catch {
                for problem in error.diagnostics where !problems.contains(problem) { problems.append(problem) }
            }
        }
        guard problems.isEmpty else { throw report(SceneLoadError(problems)) }
        // The sheet and the plot show every variant over the longest one's span.
        let span = max(loaded.map(\.2).max() ?? 0, until)
        var firstOfScene: [Scene: Int] = [:]
        return loaded.enumerated().map { index, entry in
            var (scene, evaluation, duration) = entry
            if case .seconds(let seconds) = scene.scene.duration, seconds < span {
                // Evaluating further cannot fail where the shorter evaluation succeeded.
                evaluation = (try? scene.evaluate(atLeast: span).evaluation) ?? evaluation
            }
            let sameAs = firstOfScene[scene.scene]
            if sameAs == nil { firstOfScene[scene.scene] = index }
            return Variant(loaded: scene, evaluation: evaluation, duration: duration,
                           frameCount: scene.scene.frameRate.frameCount(forDuration: duration), sameAs: sameAs)
        }
    }

    /// Renders each distinct variant into its folder, several at once within `options.jobs`,
    /// then gives each duplicate the frames of the variant it equals.
    static func render(_ variants: [Variant], plan: SweepPlan, into root: String, options: RenderOptions,
                       reporter: Reporter) throws(RenderError) {
        let distinct = variants.indices.filter { variants[$0].sameAs == nil }
        // As many variants at once as there are jobs, each drawing its frames on its share.
        let lanes = max(1, min(options.jobs, distinct.count))
        let workersPerVariant = max(1, options.jobs / lanes)
        struct Shared {
            var next = 0
            var failure: RenderError?
        }
        let shared = Mutex(Shared())
        DispatchQueue.concurrentPerform(iterations: lanes) { _ in
            while true {
                let claimed: Int? = shared.withLock { state in
                    guard state.failure == nil, state.next < distinct.count else { return nil }
                    defer { state.next += 1 }
                    return distinct[state.next]
                }
                guard let index = claimed else { return }
                let variant = variants[index]
                var request = RenderRequest(
                    sceneFile: variant.loaded.file, source: variant.loaded.source,
                    overrides: variant.loaded.overrides.map(\.description), evaluation: variant.evaluation,
                    duration: variant.duration, directory: root + "/" + plan.variants[index].folder,
                    frames: options.frames, jobs: workersPerVariant, scale: options.scale, resume: options.resume,
                    pngCompression: options.pngCompression)
                request.skipsFramesPastEnd = true
                do throws(RenderError) {
                    let summary = try FrameSequenceRenderer.render(request, progress: ProgressReporter(mode: .none))
                    reporter.finished(plan.variants[index], frames: summary.written.count, directory: summary.directory,
                                      pastEnd: summary.pastEnd, lastFrame: summary.frameCount - 1)
                } catch {
                    shared.withLock { $0.failure = $0.failure ?? error }
                }
            }
        }
        if let failure = shared.withLock({ $0.failure }) { throw failure }
        for (index, variant) in variants.enumerated() {
            guard let original = variant.sameAs else { continue }
            let directory = root + "/" + plan.variants[index].folder
            try FrameSequenceRenderer.shareFrames(of: root + "/" + plan.variants[original].folder, into: directory,
                                                  overrides: variant.loaded.overrides.map(\.description))
            reporter.finished(plan.variants[index], frames: 0, directory: directory, sameAs: plan.variants[original])
        }
    }

    /// The most rows on one sheet: a long sweep is read page by page.
    static let rowsPerSheet = 100

    /// How many rows fit one page of the sheet: 100, fewer when tall thumbnails would pass an
    /// image's 32767 pixels. Checked before anything is rendered.
    static func rowsPerPage(_ variants: [Variant], thumbnailWidth: Int) throws(RenderError) -> Int {
        let tallest = variants.map { variant in
            let canvas = variant.loaded.scene.canvas.size
            return Int(saturating: Double(thumbnailWidth) * canvas.y / max(canvas.x, 1), rounding: .toNearestOrAwayFromZero)
        }.max() ?? 0
        let rows = min(rowsPerSheet, (32767 - 80) / (max(tallest, ComparisonSheet.lineHeight * 3) + ComparisonSheet.gap))
        guard rows >= 1 else {
            throw RenderError(message: "a \(thumbnailWidth)-pixel-wide thumbnail is \(tallest) pixels tall, more than a sheet can hold; choose a smaller --width", exitCode: 64)
        }
        return rows
    }

    /// Draws the comparison sheet: `sheet.png`, or for more variants than fit one page
    /// `sheet-1.png`, `sheet-2.png`, …, each page's thumbnails drawn in parallel and dropped once
    /// written, so memory does not grow with the sweep. Returns the file names.
    static func drawSheets(_ variants: [Variant], plan: SweepPlan, into root: String, times: [Double], thumbnailWidth: Int,
                           rowsPerPage perPage: Int, coloured: Bool, title: String) throws(RenderError) -> [String] {
        let pages = stride(from: 0, to: variants.count, by: perPage).map { $0..<min($0 + perPage, variants.count) }
        var names: [String] = []
        for (number, rows) in pages.enumerated() {
            let images = Mutex([Int: [RasterImage]]())
            let failure = Mutex<String?>(nil)
            DispatchQueue.concurrentPerform(iterations: rows.count) { offset in
                let index = rows.lowerBound + offset
                do {
                    let drawn = try ContactSheet.thumbnails(of: variants[index].evaluation, at: times, width: thumbnailWidth)
                    images.withLock { $0[index] = drawn }
                } catch {
                    failure.withLock { $0 = $0 ?? "\(plan.variants[index].label): cannot draw the sheet's thumbnails: \(error)" }
                }
            }
            if let message = failure.withLock({ $0 }) { throw RenderError(message: message, exitCode: 70) }
            let drawn = images.withLock { $0 }
            let sheet = ComparisonSheet(
                title: pages.count > 1 ? "\(title) (\(rows.lowerBound + 1)–\(rows.upperBound))" : title,
                columnLabels: times.map(ComparisonSheet.timeLabel),
                rows: rows.map { index in
                    ComparisonSheet.Row(label: plan.variants[index].label,
                                        color: coloured ? Chart.palette[index % Chart.palette.count] : nil,
                                        images: drawn[index] ?? [])
                },
                cellWidth: thumbnailWidth)
            let name = pages.count > 1 ? "sheet-\(number + 1).png" : "sheet.png"
            try sheet.write(to: root + "/" + name)
            names.append(name)
        }
        return names
    }

    /// A line per finished variant: text, or a JSON object with `--progress json`.
    final class Reporter: Sendable {
        private let mode: ProgressMode
        private let total: Int
        private let done = Mutex(0)

        init(mode: ProgressMode, total: Int) {
            self.mode = mode
            self.total = total
        }

        func finished(_ variant: SweepVariant, frames: Int, directory: String, sameAs: SweepVariant? = nil,
                      pastEnd: Int = 0, lastFrame: Int = 0) {
            if pastEnd > 0 {
                // Said even without progress: the folder holds fewer frames than --frames asked.
                printError("\(variant.label): \(pastEnd) of the --frames past its last frame (\(lastFrame)) skipped")
            }
            guard mode != .none else { return }
            done.withLock { count in
                count += 1
                if mode == .json {
                    let json = ProgressReporter.jsonString
                    let same = sameAs.map { ",\"sameAs\":\(json($0.label))" } ?? ""
                    printJSONLine("{\"event\":\"variant\",\"label\":\(json(variant.label)),\"done\":\(count),\"total\":\(total),\"frames\":\(frames),\"directory\":\(json(directory))\(same)}")
                } else {
                    let how = sameAs.map { "same scene as \($0.label), frames shared" } ?? "\(frames) frames"
                    printLine("[\(count)/\(total)] \(variant.label): \(how) → \(directory)")
                }
            }
        }
    }
}
