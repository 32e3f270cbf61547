import ZoetropeRender

/// Frames as one animated PNG, in frame order: lossless, byte-deterministic, needs nothing
/// installed. Each frame's compressed data goes into the file as it arrives.
///
/// Every frame of an APNG shares one header. Beside a render folder the sink takes each frame's
/// PNG as the folder gets it (RGB when opaque), so nothing is encoded twice; should a frame with
/// transparency follow opaque ones, the file is assembled again at the end from the folder's
/// frames, the opaque ones encoded again with alpha (as `zoetrope video` does). Without a folder
/// (`Movie.writeAPNG`) every frame is encoded as RGBA from the start.
public final class AnimatedPNGSink: FrameSink, @unchecked Sendable {
    // Unchecked: an ordered sink is called from one thread at a time (`FrameSink`).
    private let path: String
    private let count: Int
    private let delay: AnimatedPNG.Delay
    private var writer: AnimatedPNG.Writer?
    /// The frame files of the render folder beside, in order; nil: frames are encoded as RGBA.
    private let frameFiles: [String]?
    private var firstHasAlpha: Bool?

    /// An APNG at `path` of `count` frames, each shown for `seconds`, looping forever. With
    /// `frameFiles` (the render folder's frames, in order), frames come as the folder's PNGs.
    public init(_ path: String, count: Int, secondsPerFrame seconds: Double, frameFiles: [String]? = nil) throws(RenderError) {
        self.path = path
        self.count = count
        delay = AnimatedPNG.Delay(seconds: seconds)
        self.frameFiles = frameFiles
        writer = try AnimatedPNG.Writer(path, count: count, delay: delay)
    }

    public var needs: FrameProducts { frameFiles == nil ? .alphaPNG : .png }
    public var isOrdered: Bool { true }

    public func write(_ frame: DrawnFrame) throws(RenderError) {
        guard let writer, let png = frameFiles == nil ? frame.alphaPNG : frame.png else { return }
        let hasAlpha = PNGChunks.hasAlpha(png)
        if let firstHasAlpha, firstHasAlpha != hasAlpha {
            // Opaque and transparent frames mixed: assembled from the folder's files at the end.
            self.writer = nil
            return
        }
        firstHasAlpha = hasAlpha
        try writer.append(png: png)
    }

    public func finish() throws(RenderError) {
        if let writer { return try writer.commit() }
        guard let frameFiles else { return }
        try AnimatedPNG.write(frames: frameFiles, delay: delay, to: path)
    }

    /// The temporary file goes with the writer.
    public func abandon() { writer = nil }
}
