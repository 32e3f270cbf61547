import Synchronization
import ZoetropeRender

/// Frames kept in memory, by index: for tests, snapshot strategies and sheets built from them.
public final class MemorySink: FrameSink {
    public let needs: FrameProducts
    private let kept = Mutex<[Int: DrawnFrame]>([:])

    /// Keeps `needs` of every frame (`.image` by default).
    public init(keeping needs: FrameProducts = .image) {
        self.needs = needs
    }

    public var isOrdered: Bool { false }

    public func write(_ frame: DrawnFrame) throws(RenderError) {
        kept.withLock { $0[frame.index] = frame }
    }

    public func finish() throws(RenderError) {}
    public func abandon() {}

    /// The frames written, in index order.
    public var frames: [DrawnFrame] {
        kept.withLock { $0.values.sorted { $0.index < $1.index } }
    }

    /// The images of the frames written, in index order.
    public var images: [RasterImage] { frames.compactMap(\.image) }
}
