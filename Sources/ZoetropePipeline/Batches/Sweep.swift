import Dispatch
import Synchronization
import ZoetropeCore
import ZoetropeFormat
import ZoetropeRender

/// A sweep's variants: loaded, rendered each into its folder, and compared on sheets.
public enum Sweep {
    /// A variant's scene, evaluated.
    public struct Variant: Sendable {
        public var loaded: LoadedScene
        public var evaluation: SceneEvaluation
        public var duration: Double
        public var frameCount: Int
        /// The earlier variant whose resolved scene this one equals.
        public var sameAs: Int?

        /// The variant as a scene to render.
        var scene: EvaluatedScene { EvaluatedScene(loaded: loaded, evaluation: evaluation, duration: duration) }
    }

    /// What became of a variant: rendered (its frames, and those of `--frames` past its end), or
    /// given the frames of the variant it equals.
    public struct Outcome: Sendable {
        public var variant: SweepVariant
        public var frames: Int
        public var directory: String
        public var sameAs: SweepVariant?
        public var pastEnd = 0
        public var lastFrame = 0
    }

    /// Reads the scene once, applies each variant's overrides and evaluates it far enough for
    /// the longest variant (and `until`); every problem of every variant is reported, each once.
    public static func load(_ file: String, plan: SweepPlan, overrides: [SceneOverride], until: Double) throws(SceneLoadError) -> [Variant] {
        let source = try SceneLoader.read(file)
        var loaded: [(LoadedScene, SceneEvaluation, Double)] = []
        var problems: [SceneDiagnostic] = []
        for variant in plan.variants {
            do {
                let scene = try SceneLoader.parse(source, file: file, overrides: overrides + variant.overrides, fonts: InstalledFonts())
                let evaluated = try scene.evaluate(atLeast: until)
                loaded.append((scene, evaluated.evaluation, evaluated.duration))
            } catch {
                for problem in error.diagnostics where !problems.contains(problem) { problems.append(problem) }
            }
        }
        guard problems.isEmpty else { throw SceneLoadError(problems) }
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
    public static func render(_ variants: [Variant], plan: SweepPlan, into root: String, settings: RenderSettings,
                              finished: @Sendable (Outcome) -> Void) throws(RenderError) {
        let distinct = variants.indices.filter { variants[$0].sameAs == nil }
        // As many variants at once as there are jobs, each drawing its frames on its share.
        let lanes = max(1, min(settings.jobs, distinct.count))
        var laneSettings = settings
        laneSettings.jobs = max(1, settings.jobs / lanes)
        // Variants differ in length: frames past a shorter one's end are skipped and counted.
        laneSettings.skipsFramesPastEnd = true
        let settings = laneSettings
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
                let request = RenderRequest(variants[index].scene, into: root + "/" + plan.variants[index].folder, settings: settings)
                do throws(RenderError) {
                    let summary = try FolderRender.render(request, progress: ProgressReporter(mode: .none))
                    finished(Outcome(variant: plan.variants[index], frames: summary.written.count, directory: summary.directory,
                                     pastEnd: summary.pastEnd, lastFrame: summary.frameCount - 1))
                } catch {
                    shared.withLock { $0.failure = $0.failure ?? error }
                }
            }
        }
        if let failure = shared.withLock({ $0.failure }) { throw failure }
        for (index, variant) in variants.enumerated() {
            guard let original = variant.sameAs else { continue }
            let directory = root + "/" + plan.variants[index].folder
            try RenderFolder.shareFrames(of: root + "/" + plan.variants[original].folder, into: directory,
                                         overrides: variant.loaded.overrides.map(\.description))
            finished(Outcome(variant: plan.variants[index], frames: 0, directory: directory, sameAs: plan.variants[original]))
        }
    }

    /// The most rows on one sheet: a long sweep is read page by page.
    public static let rowsPerSheet = 100

    /// How many rows fit one page of the sheet: 100, fewer when tall thumbnails would pass an
    /// image's 32767 pixels. Checked before anything is rendered.
    public static func rowsPerPage(_ variants: [Variant], thumbnailWidth: Int) throws(RenderError) -> Int {
        let tallest = variants.map { variant in
            let canvas = variant.loaded.scene.canvas.size
            return Int(saturating: Double(thumbnailWidth) * canvas.y / max(canvas.x, 1), rounding: .toNearestOrAwayFromZero)
        }.max() ?? 0
        let rows = min(rowsPerSheet, (32767 - 80) / (max(tallest, ComparisonSheet.lineHeight * 3) + ComparisonSheet.gap))
        guard rows >= 1 else {
            throw RenderError(message: "a \(thumbnailWidth)-pixel-wide thumbnail is \(tallest) pixels tall, more than a sheet can hold; choose a smaller --width", kind: .misuse)
        }
        return rows
    }

    /// Draws the comparison sheet: `sheet.png`, or for more variants than fit one page
    /// `sheet-1.png`, `sheet-2.png`, …, each page's thumbnails drawn in parallel and dropped once
    /// written, so memory does not grow with the sweep. Returns the file names.
    public static func drawSheets(_ variants: [Variant], plan: SweepPlan, into root: String, times: [Double], thumbnailWidth: Int,
                           rowsPerPage perPage: Int, coloured: Bool, title: String) throws(RenderError) -> [String] {
        let pages = stride(from: 0, to: variants.count, by: perPage).map { $0..<min($0 + perPage, variants.count) }
        var names: [String] = []
        for (number, rows) in pages.enumerated() {
            let images = Mutex([Int: [RasterImage]]())
            let failure = Mutex<String?>(nil)
            DispatchQueue.concurrentPerform(iterations: rows.count) { offset in
                let index = rows.lowerBound + offset
                let evaluation = variants[index].evaluation
                let memory = MemorySink()
                let thumbnails = FramePlan(SceneInstants(evaluation, times: times),
                                           scale: Double(thumbnailWidth) / evaluation.scene.canvas.size.x, atLeastOnePixel: true)
                do throws(RenderError) {
                    try FramePipeline.run(thumbnails, into: [memory])
                    images.withLock { $0[index] = memory.images }
                } catch {
                    failure.withLock { $0 = $0 ?? "\(plan.variants[index].label): cannot draw the sheet's thumbnails: \(error.message)" }
                }
            }
            if let message = failure.withLock({ $0 }) { throw RenderError(message: message, kind: .internalFailure) }
            let drawn = images.withLock { $0 }
            let sheet = ComparisonSheet(
                title: pages.count > 1 ? "\(title) (\(rows.lowerBound + 1)–\(rows.upperBound))" : title,
                columnLabels: times.map(ComparisonSheet.timeLabel),
                rows: rows.map { index in
                    ComparisonSheet.Row(label: plan.variants[index].label,
                                        color: coloured ? Chart.palette[index % Chart.palette.count] : nil,
                                        images: drawn[index] ?? [],
                                        pastEnd: Set(times.indices.filter { times[$0] > variants[index].duration + 1e-9 }))
                },
                cellWidth: thumbnailWidth)
            let name = pages.count > 1 ? "sheet-\(number + 1).png" : "sheet.png"
            try sheet.write(to: root + "/" + name)
            names.append(name)
        }
        return names
    }
}
