/// How a frame's scanlines are cut before they are compressed, decided by the scene: by what it
/// changes between this frame and the frame before it, never by what a worker encoded last. So a
/// frame's bytes are the same whichever frames are rendered with it, in whatever order.
///
/// Strips pay when most of them can be reused; a strip that must be compressed again costs more
/// than its share of one stream (its own code tables and, with libdeflate, a walk of its codes to
/// join it; docs/performance.md), and its matches cannot reach into the strip above. A frame
/// whose changes reach at least 60 % of its strips is compressed in a few large parts: a little
/// smaller, and no slower when most strips would be compressed again anyway. Its parts are
/// matched slice by slice (`ScanlineDeflate.Slice`) when the changes, spread over the frame,
/// still leave a tenth of its slices as they were: those slices' matches are kept.
public enum StripLayout: Equatable, Sendable {
    /// Strips of `DeflateStrips.rowsPerStrip` rows, each compressed on its own and reused while
    /// it does not change.
    case strips
    /// A few large parts, their rows matched a slice at a time (`ScanlineDeflate.Slice`): the
    /// matches of a slice whose rows and context did not change are kept from the frame before.
    /// `ScanlineDeflate`'s only.
    case slices
    /// A few large parts, each matched whole.
    case whole

    /// The layout of a frame `height` rows high whose scene changed the pixels within `regions`
    /// since the frame before (nil when it cannot say what changed: everything may have),
    /// compressed at `compression`.
    init(changed regions: [PixelBox]?, height: Int, compression: PNGCompression = .fast) {
        guard let regions else {
            self = .whole
            return
        }
        // How many units of `rows` rows the changes reach, each with the `context` rows above it.
        func reached(_ rows: Int, context: Int) -> (reached: Int, of: Int) {
            let count = (height + rows - 1) / rows
            return ((0..<count).filter { index in
                let top = index * rows - context, bottom = min((index + 1) * rows, height)
                return regions.contains { $0.minY < bottom && top < $0.maxY }
            }.count, count)
        }
        let strips = reached(DeflateStrips.rowsPerStrip, context: 0)
        if strips.reached * 5 < strips.of * 3 {
            self = .strips
            return
        }
        let slices = reached(ScanlineDeflate.rowsPerSlice, context: ScanlineDeflate.contextRows)
        self = compression.libdeflateLevel == nil && slices.reached * 10 < slices.of * 9 ? .slices : .whole
    }
}
