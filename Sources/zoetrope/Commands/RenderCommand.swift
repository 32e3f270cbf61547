import ArgumentParser
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

            Examples:
              $ zoetrope render scenes/frog.yaml --frames 0-120:30 --out output/frog-keys
              $ zoetrope render scenes/frog.yaml --video output/frog.mp4
              $ zoetrope render heart.json --progress 0,0.25,0.5,0.75,1 --out output/heart-progress

            --at (seconds) and --progress (fractions of the animation; for a Lottie file, of \
            op − ip frames, as lottie-ios plays it) draw any instants instead of frames, \
            fractional frames included: picture i shows the i-th instant given and is written \
            as frame_0000i.png; manifest.json lists each picture's time.
            """
    )

    @Argument(help: "Scene files (default: every scene in scenes/).", completion: .file(extensions: ["yaml", "yml", "json"]))
    var scenes: [String] = []

    @Option(help: ArgumentHelp("Output folder.", valueName: "DIR"))
    var out: String?

    @OptionGroup var options: RenderOptions

    @OptionGroup var time: TimeOptions

    @Option(help: ArgumentHelp("Render only part I of N of the selected frames; with just N, I comes from the job array engine (Slurm, Kubernetes, AWS Batch, Cloud Run, GitLab, CircleCI, Buildkite); with auto, N does too.", valueName: "I/N|N|auto"))
    var shard: String?

    @Option(name: .customLong("motion-blur"), help: ArgumentHelp("Average N sub-frame samples per frame over the shutter (1: off).", valueName: "N"))
    var motionBlur = 1

    @Option(help: ArgumentHelp("The motion-blur shutter angle in degrees (360: the whole frame interval).", valueName: "DEG"))
    var shutter = 180.0

    @Option(help: "png (a file per frame), pdf (one document, a page per frame) or svg (a file per frame).")
    var format: OutputFormat = .png

    @Option(help: ArgumentHelp("Also write the frames into one animated file at the scene's fps: .apng, .gif, .mp4, .webm or .webp; made from the drawn pixels as they are drawn.", valueName: "FILE"))
    var video: String?

    @OptionGroup var overrides: OverrideOptions

    func validate() throws {
        guard (1...64).contains(motionBlur) else { throw ValidationError("--motion-blur must be within 1...64 (found \(motionBlur))") }
        guard shutter.isFinite, shutter > 0, shutter <= 360 else { throw ValidationError("--shutter must be within 0 < angle <= 360 (found \(shutter))") }
        _ = try frameShard(shard)
        let instants = (time.at != nil ? 1 : 0) + (try options.progress.fractions() != nil ? 1 : 0)
        if instants > 1 { throw ValidationError("give either --at or --progress instants, not both") }
        if instants > 0 && options.frames != nil { throw ValidationError("--frames selects frames and --at or --progress instants; give one of them") }
        if instants > 0 && video != nil { throw ValidationError("--video shows every frame at the scene's fps; it cannot be made of chosen instants (--at, --progress)") }
        if let video {
            guard VideoFormat(file: video) != nil else { throw ValidationError("--video \(video): give a file ending in \(VideoFormat.extensions)") }
            guard format == .png else { throw ValidationError("--video is made from PNG frames; it cannot go with --format \(format.rawValue)") }
            guard shard == nil else { throw ValidationError("--video needs every frame of the render; a --shard has only part of them (run zoetrope video FOLDER FILE once the shards are done)") }
        }
    }

    func run() throws {
        let files = SceneFiles.resolve(scenes)
        guard !files.isEmpty else { throw ValidationError("no scene files given and none found in scenes/") }
        var settings = try options.settings()
        if let times = try time.times() { settings.instants = .seconds(times) }
        if let fractions = try options.progress.fractions() { settings.instants = .progress(fractions) }
        (settings.shard, settings.motionBlur, settings.shutterAngle, settings.format) = (try frameShard(shard), motionBlur, shutter, format)
        let batch = RenderBatch(try loadScenes(files, overrides: overrides.overrides()), out: out, settings: settings, video: video)
        if let problem = batch.problem { throw ValidationError(problem) }
        let progress = ProgressReporter(mode: options.progressMode)
        for scene in batch.scenes {
            let summary = try exiting { () throws(RenderError) in try batch.render(scene, progress: progress) }
            if progress.effectiveMode != .json {
                let skipped = summary.skipped > 0 ? ", \(summary.skipped) already done" : ""
                printLine("\(scene.loaded.file): \(summary.written.count) of \(summary.frameCount) frames → \(summary.directory)\(skipped)")
            }
            if let video = summary.video, let file = batch.video { printVideoLine(video, folder: summary.directory, file: file) }
        }
    }
}
