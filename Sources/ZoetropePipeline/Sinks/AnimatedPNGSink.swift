import ZoetropeRender

/// Frames as one animated PNG, in frame order: lossless, byte-deterministic, needs nothing
/// installed. Each frame's compressed data goes into the file as it arrives.
public final class AnimatedPNGSink: FrameSink, @unchecked Sendable {
    // Unchecked: an ordered sink is called from one thread at a time (`FrameSink`).
    private let writer: AnimatedPNG.Writer

    /// An APNG at `path` of `count` frames, each shown for `seconds`, looping forever.
    public init(_ path: String, count: Int, secondsPerFrame seconds: Double) throws(RenderError) {
        writer = try AnimatedPNG.Writer(path, count: count, delay: AnimatedPNG.delay(seconds: seconds))
    }

    public var needs: FrameProducts { .alphaPNG }
    public var isOrdered: Bool { true }

    public func write(_ frame: DrawnFrame) throws(RenderError) {
        guard let png = frame.alphaPNG else { return }
        try writer.append(png: png)
    }

    public func finish() throws(RenderError) { try writer.commit() }

    /// The temporary file goes with the writer.
    public func abandon() {}
}
