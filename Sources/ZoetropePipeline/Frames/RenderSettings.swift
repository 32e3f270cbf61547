import ZoetropeRender

/// What frames are written as.
public enum OutputFormat: String, CaseIterable, Sendable {
    /// One PNG per frame (the default).
    case png
    /// One PDF document, a page per frame, in frame order.
    case pdf
    /// One SVG file per frame.
    case svg
}

/// How a scene is rendered into its folder, whatever the scene: which frames, how many at once,
/// how large, how sampled, in what format. What `render`'s options (and `sweep`'s, `test`'s) set.
public struct RenderSettings: Sendable {
    /// Which frames; nil for all.
    public var frames: FrameSelection?
    /// Instants drawn instead of frames (`--at`, `--progress`); `frames` is then nil.
    public var instants: RenderInstants?
    /// Frames of `frames` past the render's last are skipped instead of refused (a sweep whose
    /// variants differ in length); the summary counts them.
    public var skipsFramesPastEnd = false
    /// Which part of the selected frames this process renders; nil for all.
    public var shard: FrameShard?
    /// Frames drawn and encoded at once.
    public var jobs: Int
    /// Pixels per point.
    public var scale: Double
    /// Skip frames the manifest already lists with a matching file.
    public var resume: Bool
    /// Sub-frame samples averaged per frame (1: no motion blur).
    public var motionBlur: Int
    /// The shutter angle of motion blur in degrees (360 spans the whole frame interval).
    public var shutterAngle: Double
    public var format: OutputFormat
    public var pngCompression: PNGCompression

    public init(frames: FrameSelection? = nil, shard: FrameShard? = nil, jobs: Int = 1, scale: Double = 1, resume: Bool = false,
                motionBlur: Int = 1, shutterAngle: Double = 180, format: OutputFormat = .png, pngCompression: PNGCompression = .fast) {
        self.frames = frames
        self.shard = shard
        self.jobs = max(1, jobs)
        self.scale = scale
        self.resume = resume
        self.motionBlur = max(1, motionBlur)
        self.shutterAngle = shutterAngle
        self.format = format
        self.pngCompression = pngCompression
    }

    /// The frames of a render of `frameCount` frames these settings choose: the selection (all
    /// by default), then the shard's part of it; with `skipsFramesPastEnd`, also how many
    /// selected frames lie past the last. `misuse` for a selection past the end.
    public func frames(of frameCount: Int) throws(RenderError) -> SelectedFrames {
        var selected: [Int], pastEnd = 0
        do {
            if skipsFramesPastEnd, let within = frames?.framesWithin(count: frameCount) {
                selected = within.frames
                pastEnd = within.pastEnd
            } else {
                selected = try frames?.frames(count: frameCount) ?? Array(0..<frameCount)
            }
        } catch {
            throw RenderError(message: "--frames \(frames?.description ?? ""): \(error.message)", kind: .misuse)
        }
        if let shard { selected = Array(shard.part(of: selected)) }
        return SelectedFrames(frames: selected, pastEnd: pastEnd)
    }
}
