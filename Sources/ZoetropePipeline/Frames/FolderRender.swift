import ZoetropeCore
import ZoetropeRender

/// One render of a scene into a folder: the evaluated scene, the folder, and the settings.
public struct RenderRequest: Sendable {
    public var scene: EvaluatedScene
    /// The folder the frames and `manifest.json` are written to.
    public var directory: String
    public var settings: RenderSettings

    public init(_ scene: EvaluatedScene, into directory: String, settings: RenderSettings = RenderSettings()) {
        self.scene = scene
        self.directory = directory
        self.settings = settings
    }
}

/// What a render did.
public struct RenderSummary: Sendable {
    public var scene: String
    public var directory: String
    /// Frames in the whole render.
    public var frameCount: Int
    /// The frames written by this run, ascending.
    public var written: [Int]
    /// Frames `--resume` found already done.
    public var skipped: Int
    /// Selected frames past the render's last, skipped (with `skipsFramesPastEnd`).
    public var pastEnd = 0
    /// The animated file written beside the frames, if any.
    public var video: VideoExport.Summary?
}

/// Renders a scene's frames into a folder (`render`, `test`, `sweep`, `view`): the frames are
/// chosen (selection, shard, resume), and a plan draws them into the folder's sink (PNG, SVG or
/// PDF) and, with a video, into its sink too, from the same drawn pixels.
public enum FolderRender {
    public static func render(_ request: RenderRequest, progress: ProgressReporter,
                              video: String? = nil) throws(RenderError) -> RenderSummary {
        let loaded = request.scene.loaded, scene = loaded.scene, settings = request.settings
        let instants = settings.instants?.times(length: request.scene.length)
        let source: any FrameSource = instants.map { SceneInstants(request.scene.evaluation, times: $0) }
            ?? SceneFrames(request.scene.evaluation, frameCount: request.scene.frameCount)
        let chosen = try settings.frames(of: source.frameCount)
        let selected = chosen.frames, pastEnd = chosen.pastEnd
        var plan = FramePlan(source, frames: selected, scale: settings.scale, motionBlur: settings.motionBlur,
                             shutterAngle: settings.shutterAngle, jobs: settings.jobs, pngCompression: settings.pngCompression)
        let size = try plan.pixelSize(naming: loaded.file)
        try SceneInputs.check(scene, file: loaded.file)
        let folder = try RenderFolder(directory: request.directory, header: RenderManifest(
            scene: scene.name, sceneFile: loaded.file, sceneHash: SHA256Digest(loaded.source).hex,
            overrides: loaded.overrides.map(\.description), fps: scene.frameRate.framesPerSecond, size: [size.width, size.height],
            scale: settings.scale, motionBlur: settings.motionBlur, format: settings.format.rawValue, duration: request.scene.duration,
            frameCount: source.frameCount, cairoVersion: cairoVersion, environment: RenderEnvironment.current(for: scene), frames: [],
            instants: instants))
        let missing = settings.resume && settings.format != .pdf ? try folder.unfinished(selected) : selected
        // Only the frames the folder lacks are drawn; a video gets the kept ones from their
        // files (`ResumedVideoSink`), or every frame drawn when the folder's frames are not PNGs.
        let keptForVideo = video != nil && settings.format == .png
        if video == nil || keptForVideo { plan.frames = missing }
        var sinks: [any FrameSink]
        switch settings.format {
        case .png: sinks = [PNGFolderSink(folder, frameCount: source.frameCount, skipping: Set(selected).subtracting(missing))]
        case .svg: sinks = [SVGFolderSink(folder, frameCount: source.frameCount, size: size, scale: settings.scale)]
        case .pdf: sinks = [try PDFSink(folder, scene: scene.name, size: size, scale: settings.scale)]
        }
        if let video {
            do {
                let frameFiles = selected.map { folder.path(of: RenderFolder.fileName(ofFrame: $0, frameCount: source.frameCount)) }
                let sink = try VideoExport.sink(for: video, count: selected.count, step: try evenStep(of: selected, for: video),
                                                framesPerSecond: scene.frameRate.framesPerSecond, size: size,
                                                frameFiles: frameFiles)
                let missingSet = Set(missing)
                let kept = zip(selected, frameFiles).filter { !missingSet.contains($0.0) }.map { index, file in
                    ResumedVideoSink.KeptFrame(index: index, time: scene.frameRate.time(ofFrame: index), file: file)
                }
                sinks.append(keptForVideo && !kept.isEmpty ? ResumedVideoSink(sink, kept: kept, size: size) : sink)
            } catch {
                for sink in sinks { sink.abandon() }
                throw error
            }
        }
        progress.begin(scene: scene.name, total: plan.frames.count, skipped: selected.count - plan.frames.count)
        if settings.resume { progress.resumed(kept: selected.count - missing.count) }
        let times = try FramePipeline.run(plan, into: sinks, progress: progress)
        progress.record(times)
        progress.end()
        var summary = RenderSummary(scene: scene.name, directory: request.directory, frameCount: source.frameCount,
                                    written: missing, skipped: selected.count - missing.count, pastEnd: pastEnd)
        if let video, let format = VideoFormat(file: video) {
            let step = try evenStep(of: selected, for: video)
            summary.video = VideoExport.Summary(format: format, frames: selected.count, framesPerSecond: scene.frameRate.framesPerSecond / Double(step))
        }
        return summary
    }

    /// The step between the frames of a video: they must be evenly spaced (every frame, or every
    /// n-th: then each shows n frame intervals).
    static func evenStep(of frames: [Int], for video: String) throws(RenderError) -> Int {
        guard let first = frames.first else { throw RenderError(message: "\(video): no frames to put into it", kind: .missingInput, file: video) }
        let step = frames.count > 1 ? frames[1] - first : 1
        for (earlier, later) in zip(frames, frames.dropFirst()) where later - earlier != step {
            throw RenderError(message: "\(video): frames \(earlier) and \(later) are \(later - earlier) apart where the others are \(step); a video needs evenly spaced frames (render them all, or --frames A-B:S)", kind: .invalidInput, file: video)
        }
        return step
    }
}
