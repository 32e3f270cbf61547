import FoundationEssentials
import ZoetropeCore
import ZoetropeFormat
import ZoetropeRender
import ZoetropeFiles

/// Visual tests: renders scenes, compares their frames with golden frames by `diff`'s rules,
/// records goldens when asked, and reports (`zoetrope test`).
///
/// Goldens live in `<goldens>/<scene>/frame_NNNNN.png`, named as `render` names frames, with
/// `golden.json` recording the environment they were made in. This run's frames go into the
/// report folder (`frames/<scene>/`), so `--accept` can take them without rendering again.
public struct GoldenTest: Sendable {
    /// Which goldens a run writes, as Playwright's `--update-snapshots`.
    public enum Update: String, CaseIterable, Sendable {
        /// Every frame rendered.
        case all
        /// Frames that differ from their golden, and those without one.
        case changed
        /// Only frames without a golden.
        case missing
    }

    public var goldens = "goldens"
    /// The report folder: this run's frames, the failures' artifacts, report.json and index.html.
    public var report = "output/test-report"
    /// Which frames are goldens: any of these given chooses them (their union); else the frames
    /// a scene's golden folder holds; else every frame.
    public var frames: FrameSelection?
    public var times: [Double] = []
    /// The frames just before and just after each script event.
    public var aroundEvents = false
    public var update: Update?
    /// Removes orphaned goldens.
    public var prune = false
    /// True when `CI` is set: then nothing is ever written to the goldens.
    public var isCI = false
    public var jobs = 1
    public var shard: FrameShard?
    /// The run's tolerance, and whether the command line set it (then it wins over the defaults
    /// of `zoetrope-test.yaml`; a scene's own settings there still apply).
    public var tolerance = Tolerance()
    public var toleranceFromCommandLine = false
    /// True when the run covers every scene: a golden folder without a scene is then an orphan.
    public var coversAllScenes = true

    public init() {}

    /// What a golden folder records besides its frames.
    struct GoldenRecord: Codable {
        static let fileName = "golden.json"
        var scene: String
        var sceneFile: String
        var environment: RenderEnvironment
    }

    /// Runs the tests of `scenes`. Throws for what stops the run (a golden folder or report that
    /// cannot be written, a frame that cannot be read); differences are in the report.
    public func run(_ scenes: [EvaluatedScene], progress: ProgressReporter) throws(RenderError) -> TestReport {
        if isCI, let update {
            throw RenderError(message: "--update \(update.rawValue): CI is set, and goldens are never written in CI; record them locally, or accept a CI run's frames with zoetrope test --accept REPORT_DIR", kind: .misuse)
        }
        if isCI && prune {
            throw RenderError(message: "--prune: CI is set, and goldens are never written in CI", kind: .misuse)
        }
        let settings = try GoldenSettings(goldens: goldens)
        try Self.prepareReportFolder(report)
        var result = TestReport(goldens: goldens, shard: shard?.description, scenes: [], orphans: [])
        result.folder = report
        for scene in scenes {
            result.scenes.append(try test(scene, settings: settings, progress: progress, orphans: &result.orphans))
        }
        if coversAllScenes {
            let names = Set(scenes.map(\.scene.name))
            for folder in FrameListing.names(in: goldens) where !folder.hasPrefix(".") && FrameListing.isFolder(goldens + "/" + folder) && !names.contains(folder) {
                result.orphans.append(folder + "/")
            }
        }
        result.orphans.sort()
        if prune {
            for orphan in result.orphans {
                try Self.remove(goldens + "/" + orphan)
                result.pruned.append(orphan)
            }
        }
        return result
    }

    private func test(_ scene: EvaluatedScene, settings: GoldenSettings, progress: ProgressReporter,
                      orphans: inout [String]) throws(RenderError) -> TestReport.Scene {
        let name = scene.scene.name, count = scene.frameCount
        let goldenFolder = goldens + "/" + name
        let fileName = { (index: Int) in RenderFolder.fileName(ofFrame: index, frameCount: count) }
        // Goldens past the scene's end, or named for another frame count, are orphans.
        var goldenFrames: [Int] = []
        for file in FrameListing.frames(in: goldenFolder) {
            if let index = Int(file.dropFirst("frame_".count).dropLast(".png".count)), index < count, fileName(index) == file {
                goldenFrames.append(index)
            } else {
                orphans.append(name + "/" + file)
            }
        }
        var selected = try chosenFrames(of: scene) ?? (goldenFrames.isEmpty ? Array(0..<count) : goldenFrames)
        if let shard { selected = Array(shard.part(of: selected)) }

        let actualFolder = report + "/frames/" + name
        if !selected.isEmpty {
            let request = scene.renderRequest(into: actualFolder, frames: FrameSelection(frames: selected), jobs: jobs)
            _ = try FolderRender.render(request, progress: progress)
        }

        let environment = RenderEnvironment.current(for: scene.scene)
        let record = AtomicFile.read(goldenFolder + "/" + GoldenRecord.fileName).flatMap { try? JSONDecoder().decode(GoldenRecord.self, from: Data($0)) }
        let tolerance = settings.tolerance(of: name, base: self.tolerance, commandLineSet: toleranceFromCommandLine)
        var frames: [TestReport.Frame] = [], wroteGoldens = false
        for index in selected {
            let file = fileName(index)
            var frame = TestReport.Frame(file: file, index: index, time: scene.scene.frameRate.time(ofFrame: index), status: .passed,
                                         actual: "frames/\(name)/\(file)")
            let golden = goldenFolder + "/" + file, actual = actualFolder + "/" + file
            if AtomicFile.isReadable(golden) {
                let entry = try tolerance.comparison.compareFiles(expected: golden, actual: actual, name: name + "/" + file)
                frame.differingPixels = entry.result?.differingPixels
                frame.antialiasedPixels = entry.result?.antialiasedPixels
                frame.totalPixels = entry.result?.totalPixels
                // `--update all` rewrites a golden within tolerance only when its bytes differ.
                if entry.withinTolerance && (update != .all || AtomicFile.read(golden) == AtomicFile.read(actual)) {
                    frame.status = .passed
                } else if update == .all || update == .changed {
                    try Self.copy(actual, to: golden)
                    frame.status = .recorded
                    wroteGoldens = true
                } else {
                    frame.status = .failed
                    frame.message = entry.summary
                    try keepArtifacts(of: &frame, scene: name, golden: golden, actual: actual, diff: entry.result?.picture)
                }
            } else if update != nil {
                try Self.copy(actual, to: golden)
                frame.status = .recorded
                wroteGoldens = true
            } else {
                frame.status = .missing
                frame.message = "no golden (\(golden)); record it with --update missing"
                try keepArtifacts(of: &frame, scene: name, golden: nil, actual: actual, diff: nil)
            }
            frames.append(frame)
        }
        if wroteGoldens {
            let record = GoldenRecord(scene: name, sceneFile: scene.loaded.file, environment: environment)
            try AtomicFile.write(try jsonFile(record), to: goldenFolder + "/" + GoldenRecord.fileName)
        }
        let goldenEnvironment = wroteGoldens ? environment : record?.environment
        return TestReport.Scene(name: name, file: scene.loaded.file, fps: scene.scene.frameRate.framesPerSecond, tolerance: tolerance,
                                environment: environment, goldenEnvironment: goldenEnvironment,
                                environmentChanges: goldenEnvironment.map { environment.differences(from: $0) } ?? [], frames: frames,
                                size: Self.frameSize(of: scene))
    }

    /// A frame's width and height in pixels as `test` renders it (at scale 1).
    static func frameSize(of scene: EvaluatedScene) -> [Int] {
        let size = scene.scene.canvas.size
        return [Int(saturating: size.x, rounding: .toNearestOrAwayFromZero), Int(saturating: size.y, rounding: .toNearestOrAwayFromZero)]
    }

    /// The frames `frames`, `times` and `aroundEvents` choose, or nil when none of them is given.
    func chosenFrames(of scene: EvaluatedScene) throws(RenderError) -> [Int]? {
        guard frames != nil || !times.isEmpty || aroundEvents else { return nil }
        let count = scene.frameCount, rate = scene.scene.frameRate
        var chosen = Set<Int>()
        if let frames {
            do {
                chosen.formUnion(try frames.frames(count: count))
            } catch {
                throw RenderError(message: "\(scene.loaded.file): --frames \(frames): \(error.message)", kind: .misuse, file: scene.loaded.file)
            }
        }
        for time in times {
            let index = Int(saturating: time * rate.framesPerSecond, rounding: .toNearestOrAwayFromZero)
            guard (0..<count).contains(index) else {
                throw RenderError(message: "\(scene.loaded.file): --at \(time): past the render's end (\(count) frames, the last at \(rate.time(ofFrame: count - 1)) s)", kind: .misuse,
                                  file: scene.loaded.file)
            }
            chosen.insert(index)
        }
        if aroundEvents {
            for event in scene.scene.script {
                // Frame i shows t = i / fps, and an event at t shows from the frame at t on.
                let after = Int(saturating: event.time * rate.framesPerSecond - 1e-9, rounding: .up)
                for index in [after - 1, after] where (0..<count).contains(index) { chosen.insert(index) }
            }
        }
        return chosen.sorted()
    }

    /// Copies a failure's golden, frame and diff image into the report's `failures/<scene>/`.
    private func keepArtifacts(of frame: inout TestReport.Frame, scene: String, golden: String?, actual: String,
                               diff: RasterImage?) throws(RenderError) {
        let stem = "failures/\(scene)/" + frame.file.dropLast(".png".count)
        try AtomicFile.makeDirectory(report + "/failures/" + scene)
        try Self.copy(actual, to: report + "/" + stem + ".actual.png")
        frame.actual = stem + ".actual.png"
        if let golden {
            try Self.copy(golden, to: report + "/" + stem + ".expected.png")
            frame.expected = stem + ".expected.png"
        }
        if let diff {
            do {
                try AtomicFile.write(try diff.pngData(), to: report + "/" + stem + ".diff.png")
            } catch let error as RenderError {
                throw error
            } catch {
                throw RenderError(message: "\(report)/\(stem).diff.png: \(error)", kind: .io, file: "\(report)/\(stem).diff.png")
            }
            frame.diff = stem + ".diff.png"
        }
    }

    /// Empties a report folder before a run, so nothing of an earlier one is mistaken for this
    /// one's. A folder that holds other things is refused rather than emptied.
    static func prepareReportFolder(_ folder: String) throws(RenderError) {
        let names = FrameListing.names(in: folder).filter { $0 != "." && $0 != ".." }
        if !names.isEmpty {
            guard names.contains(TestReport.fileName) else {
                throw RenderError(message: "\(folder): not a test report folder (it has no \(TestReport.fileName)) and not empty; refusing to clear it; choose another --report", kind: .cannotCreate, file: folder)
            }
            try remove(folder)
        }
        try AtomicFile.makeDirectory(folder)
    }

    static func copy(_ source: String, to path: String) throws(RenderError) {
        guard let bytes = AtomicFile.read(source) else {
            throw RenderError(message: "\(source): cannot read", kind: .missingInput, file: source)
        }
        try write(bytes, to: path)
    }

    /// Writes `bytes` to `path` atomically, making its folder first.
    static func write(_ bytes: [UInt8], to path: String) throws(RenderError) {
        if let slash = path.lastIndex(of: "/") { try AtomicFile.makeDirectory(String(path[..<slash])) }
        try AtomicFile.write(bytes, to: path)
    }

    static func remove(_ path: String) throws(RenderError) {
        guard FolderListing.removeTree(path) else {
            throw RenderError(message: "\(path): cannot remove it", kind: .io, file: path)
        }
    }
}
