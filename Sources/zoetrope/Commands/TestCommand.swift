import ArgumentParser
import FoundationEssentials
import ZoetropeFormat
import ZoetropePipeline
import ZoetropeRender
import ZoetropeFiles

struct TestCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "test",
        abstract: "Render scenes and compare their frames with golden frames (visual tests).",
        discussion: """
            Goldens are <goldens>/<scene>/frame_NNNNN.png. Which frames are tested: those --frames, \
            --at and --at-events choose; else the frames a scene's golden folder holds; else all. \
            Frames are compared by diff's rules; zoetrope-test.yaml beside the goldens may set \
            threshold, maxDiffPixels, maxDiffRatio and includeAntialiasing for all scenes and per \
            scene (scenes: { NAME: { … } }). --update records goldens (all, changed, or missing \
            ones); without it a missing golden fails, and with CI set nothing is ever written to \
            the goldens. The report folder holds this run's frames, the failures' expected, actual \
            and diff images, report.json and index.html; --accept takes a report's failing frames \
            into the goldens without rendering again. Exit codes: 0 every frame passes; 1 a frame \
            differs or has no golden; 64 usage; 65 invalid scene or settings; 66 missing input; \
            73/74 an output cannot be written.

            Examples:
              $ zoetrope test scenes/frog.yaml --frames 0-120:30 --update missing
              $ zoetrope test --junit output/junit.xml
            """
    )

    @Argument(help: "Scene files (default: every scene in scenes/).", completion: .file(extensions: ["yaml", "yml", "json"]))
    var scenes: [String] = []

    @Option(help: ArgumentHelp("The golden frames' folder.", valueName: "DIR"))
    var goldens: String?

    @Option(help: ArgumentHelp("The report folder (frames, failures' images, report.json, index.html).", valueName: "DIR"))
    var report = OutputLayout.testReport

    @Option(help: ArgumentHelp("Also write the results as JUnit XML.", valueName: "FILE"))
    var junit: String?

    @Option(help: ArgumentHelp("Record goldens: all frames, changed ones (and missing), or only missing ones.", valueName: "all|changed|missing"))
    var update: GoldenTest.Update?

    @Flag(help: "Remove goldens no longer rendered (frames past a scene's end, folders of scenes that are gone).")
    var prune = false

    @Option(help: ArgumentHelp("Frames that are goldens: N, A-B, A-, A-B:S, comma lists.", valueName: "SPEC"))
    var frames: String?

    @OptionGroup var time: TimeOptions

    @Flag(name: .customLong("at-events"), help: "Make the frames just before and after each script event goldens.")
    var atEvents = false

    @Option(help: "Frames drawn and encoded in parallel (default: the number of cores).")
    var jobs: Int?

    @Option(help: ArgumentHelp("Test only part I of N of each scene's frames (as render's --shard); merge the shards' reports with --merge.", valueName: "I/N|N|auto"))
    var shard: String?

    @OptionGroup var tolerance: ToleranceOptions

    @Option(help: ArgumentHelp("Take the failing frames of this report folder into the goldens, without rendering.", valueName: "REPORT_DIR"))
    var accept: String?

    @Option(help: ArgumentHelp("With --accept: only these (scene, scene/frame_00012.png or scene/12; repeatable).", valueName: "NAME"))
    var only: [String] = []

    @Option(parsing: .upToNextOption, help: ArgumentHelp("Combine the report folders of shards into --report.", valueName: "REPORT_DIR"))
    var merge: [String] = []

    @Option(help: "Progress while rendering: a bar on a terminal (auto), bar, json lines on stdout, or none.")
    var progress: ProgressMode = .auto

    @OptionGroup var overrides: OverrideOptions

    func validate() throws {
        if let jobs, jobs < 1 { throw ValidationError("--jobs must be at least 1 (found \(jobs))") }
        _ = try frameSelection(frames)
        if !only.isEmpty && accept == nil { throw ValidationError("--only goes with --accept REPORT_DIR") }
        if accept != nil && !merge.isEmpty { throw ValidationError("--accept and --merge are separate steps; give one") }
        if (accept != nil || !merge.isEmpty) && (!scenes.isEmpty || update != nil || frames != nil || time.at != nil || atEvents || shard != nil) {
            throw ValidationError("--\(accept != nil ? "accept" : "merge") renders nothing: it takes no scenes, --update, --frames, --at, --at-events or --shard")
        }
        _ = try frameShard(shard)
    }

    private var isCI: Bool { ContinuousIntegration.isActive(environment: CurrentProcess.environment) }

    func run() throws {
        do {
            if let accept {
                let written = try TestReportFolder.accept(accept, only: only, goldens: goldens, isCI: isCI)
                for path in written { printLine("accepted → \(path)") }
                printLine("\(written.count) golden\(written.count == 1 ? "" : "s") written")
                return
            }
            let result: TestReport
            if !merge.isEmpty {
                result = try TestReportFolder.merge(merge, into: report)
            } else {
                result = try test()
                try TestReportFolder.write(result, to: report)
            }
            if let junit {
                try OutputFolder.create(parentOf: junit)
                try AtomicFile.write(Array(JUnitReport(report: result).xml().utf8), to: junit)
            }
            result.summaryLines(reportFolder: report).forEach { printLine($0) }
            if !result.failures.isEmpty { throw ExitCode(ExitStatus.differences) }
        } catch let error as RenderError {
            printError(error)
            throw ExitCode(error.kind)
        }
    }

    private func test() throws -> TestReport {
        let files = SceneFiles.resolve(scenes)
        guard !files.isEmpty else { throw ValidationError("no scene files given and none found in scenes/") }
        let sceneOverrides = try overrides.overrides()
        let loaded: [EvaluatedScene]
        do {
            loaded = try EvaluatedScene.load(files, overrides: sceneOverrides)
        } catch {
            throw zoetrope.report(error)
        }
        var run = GoldenTest()
        run.goldens = goldens ?? "goldens"
        run.report = report
        run.frames = try frameSelection(frames)
        run.times = try time.times() ?? []
        run.aroundEvents = atEvents
        run.update = update
        run.prune = prune
        run.isCI = isCI
        run.jobs = jobs ?? coreCount
        run.shard = try frameShard(shard)
        run.tolerance = tolerance.tolerance
        run.toleranceFromCommandLine = tolerance.isSet
        run.coversAllScenes = scenes.isEmpty
        return try run.run(loaded, progress: ProgressReporter(mode: progress))
    }
}

extension GoldenTest.Update: ExpressibleByArgument {}
