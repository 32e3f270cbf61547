/// How a frame's scanlines are cut before they are compressed, decided by the scene: by what it
/// changes between this frame and the frame before it, never by what a worker encoded last. So a
/// frame's bytes are the same whichever frames are rendered with it, in whatever order.
///
/// Strips pay when most of them can be reused; a strip that must be compressed again costs more
/// than its share of one stream (its own code tables and, with libdeflate, a walk of its codes to
/// join it; docs/performance.md), and its matches cannot reach into the strip above. A frame
/// whose changes reach at least 60 % of its strips is compressed in a few large parts: a little
/// smaller, and no slower when most strips would be compressed again anyway.
public enum StripLayout: Equatable, Sendable {
    /// Strips of `DeflateStrips.rowsPerStrip` rows, each compressed on its own and reused while
    /// it does not change.
    case strips
    /// One stream for the whole frame, as a single strip.
    case whole

    /// The layout of a frame `height` rows high whose scene changed the pixels within `regions`
    /// since the frame before (nil when it cannot say what changed: everything may have).
    init(changed regions: [PixelBox]?, height: Int) {
        guard let regions else {
            self = .whole
            return
        }
        let count = DeflateStrips.stripCount(height: height)
        let reached = (0..<count).filter { index in
            let rows = DeflateStrips.rows(ofStrip: index, height: height)
            return regions.contains { $0.minY < rows.upperBound && rows.lowerBound < $0.maxY }
        }.count
        self = reached * 5 >= count * 3 ? .whole : .strips
    }
}
