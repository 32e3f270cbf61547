import ArgumentParser
import FoundationEssentials
import ZoetropeFormat
import ZoetropePipeline
import ZoetropeRender

struct RenderCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "render",
        abstract: "Render scenes to PNG frames and a manifest.json.",
        discussion: """
            Each scene goes to output/<scene>/frame_NNNNN.png (with --out DIR and one scene, \
            straight into DIR). Frame i shows t = i / fps; a render of d seconds has ⌊d·fps⌋ + 1 \
            frames. Frames are written atomically and rendering any subset gives the same bytes \
            as a full render. Exit codes: 0 success; 64 usage; 65 invalid scene; 66 missing scene \
            or image; 70 internal error; 73 cannot create the output; 74 write error.
            """
    )

    @Argument(help: "Scene files (default: every scene in scenes/).", completion: .file(extensions: ["yaml", "yml", "json"]))
    var scenes: [String] = []

    @Option(help: ArgumentHelp("Output folder.", valueName: "DIR"))
    var out: String?

    @Option(help: ArgumentHelp("Frames to render: N, A-B, A-, A-B:S, comma lists (0-based, inclusive).", valueName: "SPEC"))
    var frames: String?

    @Option(help: ArgumentHelp("Render only part I of N of the selected frames; with just N, I comes from the job array engine (Slurm, Kubernetes, AWS Batch, Cloud Run, GitLab, CircleCI, Buildkite); with auto, N does too.", valueName: "I/N|N|auto"))
    var shard: String?

    @Option(help: "Frames drawn and encoded in parallel (default: the number of cores).")
    var jobs: Int?

    @Option(help: "Pixels per point: 2 renders twice the pixels with identical geometry.")
    var scale: Double = 1

    @Option(help: "Progress: a bar on a terminal (auto), bar, json lines on stdout, or none.")
    var progress: ProgressMode = .auto

    @Flag(help: "Skip frames already rendered (listed in manifest.json with a matching file).")
    var resume = false

    @Option(name: .customLong("motion-blur"), help: ArgumentHelp("Average N sub-frame samples per frame over the shutter (1: off).", valueName: "N"))
    var motionBlur = 1

    @Option(help: ArgumentHelp("The motion-blur shutter angle in degrees (360: the whole frame interval).", valueName: "DEG"))
    var shutter = 180.0

    @Option(help: "png (a file per frame), pdf (one document, a page per frame) or svg (a file per frame).")
    var format: OutputFormat = .png

    @Option(name: .customLong("png-compression"), help: "fast (libdeflate level 1), default (6) or small (9).")
    var pngCompression: PNGCompression = .fast

    @Option(help: ArgumentHelp("Also write the frames into one animated file at the scene's fps: .apng, .gif, .mp4, .webm or .webp.", valueName: "FILE"))
    var video: String?

    @OptionGroup var overrides: OverrideOptions

    func validate() throws {
        if let jobs, jobs < 1 { throw ValidationError("--jobs must be at least 1 (found \(jobs))") }
        guard (1...64).contains(motionBlur) else { throw ValidationError("--motion-blur must be within 1...64 (found \(motionBlur))") }
        guard shutter.isFinite, shutter > 0, shutter <= 360 else { throw ValidationError("--shutter must be within 0 < angle <= 360 (found \(shutter))") }
        guard scale.isFinite, scale > 0, scale <= 16 else { throw ValidationError("--scale must be within 0 < scale <= 16 (found \(scale))") }
        if let frames {
            do { _ = try FrameSelection(parsing: frames) } catch { throw ValidationError("--frames: \(error.message)") }
        }
        _ = try frameShard(shard)
        if let video {
            guard VideoFormat(file: video) != nil else { throw ValidationError("--video \(video): give a file ending in \(VideoFormat.extensions)") }
            guard format == .png else { throw ValidationError("--video is made from PNG frames; it cannot go with --format \(format.rawValue)") }
            guard shard == nil else { throw ValidationError("--video needs every frame of the render; a --shard has only part of them (run zoetrope video FOLDER FILE once the shards are done)") }
        }
    }

    func run() throws {
        let sceneOverrides = try overrides.overrides()
        let files = SceneFiles.resolve(scenes)
        guard !files.isEmpty else { throw ValidationError("no scene files given and none found in scenes/") }
        let plan = SceneRendering.Plan(
            files: files, overrides: sceneOverrides, out: out,
            frames: try frames.map { text throws -> FrameSelection in try FrameSelection(parsing: text) },
            shard: try frameShard(shard), jobs: jobs ?? coreCount, scale: scale, resume: resume, video: video,
            motionBlur: motionBlur, shutterAngle: shutter, format: format, pngCompression: pngCompression)
        try SceneRendering.render(plan, progress: ProgressReporter(mode: progress))
    }
}

extension ProgressMode: ExpressibleByArgument {}
extension OutputFormat: ExpressibleByArgument {}
extension PNGCompression: ExpressibleByArgument {}

/// Loads, evaluates and renders each scene of a plan.
enum SceneRendering {
    struct Plan {
        var files: [String]
        var overrides: [SceneOverride]
        var out: String?
        var frames: FrameSelection?
        var shard: FrameShard?
        var jobs: Int
        var scale: Double
        var resume: Bool
        /// One animated file of the frames, for a render of one scene.
        var video: String?
        var motionBlur: Int
        var shutterAngle: Double
        var format: OutputFormat
        var pngCompression: PNGCompression
    }

    static func render(_ plan: Plan, progress: ProgressReporter) throws {
        // Check every scene before rendering any, so a bad one fails the command up front.
        let loaded: [EvaluatedScene]
        do {
            loaded = try EvaluatedScene.load(plan.files, overrides: plan.overrides)
        } catch {
            throw report(error)
        }
        if let video = plan.video, loaded.count > 1 {
            throw ValidationError("--video \(video): one file holds one scene's frames; render one scene, or run zoetrope video FOLDER FILE for each")
        }
        let names = loaded.map(\.scene.name)
        if plan.out == nil || loaded.count > 1, let duplicate = names.first(where: { name in names.filter { $0 == name }.count > 1 }) {
            throw ValidationError("two scenes are called \"\(duplicate)\"; their frames would go to the same folder")
        }
        for scene in loaded {
            let directory: String
            switch plan.out {
            case .some(let out) where loaded.count == 1: directory = out
            case .some(let out): directory = out + "/" + scene.scene.name
            case .none: directory = "output/" + scene.scene.name
            }
            var request = scene.renderRequest(into: directory, frames: plan.frames, jobs: plan.jobs)
            request.shard = plan.shard
            request.scale = plan.scale
            request.resume = plan.resume
            request.motionBlur = max(1, plan.motionBlur)
            request.shutterAngle = plan.shutterAngle
            request.format = plan.format
            request.pngCompression = plan.pngCompression
            do {
                let summary = try FrameSequenceRenderer.render(request, progress: progress)
                if progress.effectiveMode != .json {
                    let skipped = summary.skipped > 0 ? ", \(summary.skipped) already done" : ""
                    printLine("\(scene.loaded.file): \(summary.written.count) of \(summary.frameCount) frames → \(summary.directory)\(skipped)")
                }
            } catch {
                printError(error)
                throw ExitCode(error.exitCode)
            }
            if let video = plan.video { try VideoWriting.write(folder: directory, to: video) }
        }
    }
}

import ZoetropeCore
