import ZoetropeCore
import ZoetropeRender

/// What the pipeline draws: which pictures of a source, how large, how sampled, on how many
/// workers. Where they go is the sinks' business (`FrameSink`).
public struct FramePlan: Sendable {
    public var source: any FrameSource
    /// The frames to draw, ascending; ordered sinks receive them in this order.
    public var frames: [Int]
    /// Pixels per point.
    public var scale: Double
    /// Sub-frame samples averaged per frame (1: no motion blur).
    public var motionBlur: Int
    /// The motion-blur shutter angle in degrees (360 spans the whole frame interval).
    public var shutterAngle: Double
    /// Frames drawn and encoded at once.
    public var jobs: Int
    public var pngCompression: PNGCompression
    /// A side under one pixel becomes one pixel (a thumbnail of a very wide canvas) instead of
    /// being refused.
    public var atLeastOnePixel: Bool

    public init(_ source: any FrameSource, frames: [Int]? = nil, scale: Double = 1, motionBlur: Int = 1,
                shutterAngle: Double = 180, jobs: Int = 1, pngCompression: PNGCompression = .fast, atLeastOnePixel: Bool = false) {
        self.source = source
        self.frames = frames ?? Array(0..<source.frameCount)
        self.scale = scale
        self.motionBlur = max(1, motionBlur)
        self.shutterAngle = shutterAngle
        self.jobs = max(1, jobs)
        self.pngCompression = pngCompression
        self.atLeastOnePixel = atLeastOnePixel
    }

    /// The pictures' size in pixels; `invalidInput` naming `subject` (the source's name by default)
    /// when no surface can be that size.
    public func pixelSize(naming subject: String? = nil) throws(RenderError) -> SurfaceSize {
        do {
            return try SurfaceSize(canvas: source.canvas.size, scale: scale, atLeastOnePixel: atLeastOnePixel)
        } catch {
            // `subject` is a file (the scene's) when given; the source's name is none.
            throw RenderError(message: "\(subject ?? source.name): \(error.message)", kind: .invalidInput, file: subject)
        }
    }

    /// The instants averaged into frame `index`: `motionBlur` samples evenly spread over the
    /// shutter interval centred on the frame's time.
    public func sampleTimes(ofFrame index: Int) -> [Double] {
        let time = source.time(ofFrame: index)
        guard motionBlur > 1 else { return [time] }
        let exposure = shutterAngle / 360 / source.framesPerSecond
        return (0..<motionBlur).map { time + exposure * ((Double($0) + 0.5) / Double(motionBlur) - 0.5) }
    }
}
