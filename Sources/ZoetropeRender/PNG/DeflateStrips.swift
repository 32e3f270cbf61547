#if canImport(Glibc)
import Glibc
#endif
import Dispatch
import Synchronization
internal import CDeflate
internal import CZlib

/// Compresses a frame's rows as a sequence of independently compressed strips that join into one
/// zlib stream, and reuses the compressed bytes of a strip whose rows equal the same strip of the
/// frame compressed before.
///
/// Each strip is compressed on its own (raw deflate): by `ScanlineDeflate` at `.fast`, whose
/// blocks end joinable, else by libdeflate at the compression's level. libdeflate's strips
/// (all but the last) are made joinable as zlib's gzjoin example describes: the strip's blocks
/// are walked (`DeflateBlocks`) to find where its last block starts and where it ends; that
/// block's BFINAL bit is cleared, and an empty stored block brings the strip to a byte
/// boundary, so the next strip's first block can follow. The zlib stream's Adler-32 is combined from the
/// strips' (`adler32_combine`), and so is the CRC-32 of the PNG chunk holding them
/// (`crc32_combine`): neither is recomputed over the whole frame.
///
/// A frame whose scene changes most of it since the frame before is better off in a few large
/// parts (`StripLayout.whole`): none of its strips could be reused, and large parts lose less to
/// their boundaries; the parts are compressed at once when a frame has cores to itself. When its
/// changes are spread over the frame but leave slices of it as they were (`StripLayout.slices`),
/// `ScanlineDeflate` matches the parts a slice at a time and keeps each slice's matches
/// (`ScanlineDeflate.Slice`) while its rows and its context do not change: only the changed
/// slices are converted and matched again, and each part's blocks written anew from them.
///
/// A frame's bytes depend only on its rows and its layout, which the scene decides (what it
/// changes between this frame and the one before), never the worker: reuse is a cache of what
/// compressing the same rows gives.
final class DeflateStrips {
    /// Rows per strip: strips of 64 rows cost 1.5 to 2.6 % in bytes against one stream on the
    /// seed scenes (32 rows: 6 to 7 %), and most of a UI animation's strips do not change.
    static let rowsPerStrip = 64

    private struct Strip {
        /// The strip's pixels as they were in the surface, to compare the next frame's with.
        var source: [UInt8]
        var isOpaque: Bool
        /// Bytes per pixel of the scanlines the deflate bytes were made from (3 or 4); 0 before.
        var channels = 0
        /// Its deflate blocks: joinable, or final for the last strip.
        var deflate: [UInt8] = []
        /// The Adler-32 of its scanlines and the CRC-32 of its deflate bytes, to be combined.
        var adler: UInt = 1
        var crc: UInt = 0
        /// `ScanlineDeflate`'s strips: the literals and matches of each slice of its rows, kept
        /// while they take no more memory than the rows (`ScanlineDeflate.Slice`), and which of
        /// them this frame changed (nil: all).
        var slices: [ScanlineDeflate.Slice] = []
        var stale: [Bool]?
        /// How many slices were matched when it was last made.
        var matched = 0
    }

    /// One compressor and scanline buffer per thread that compresses strips of a frame at once.
    private final class Lane: @unchecked Sendable {
        /// libdeflate's compressor, or nil for `ScanlineDeflate`'s.
        let compressor: OpaquePointer?
        let scanline = ScanlineDeflate.Buffers()
        var scanlines: [UInt8] = []
        /// Room for libdeflate's output, kept between strips: allocating and clearing the bound
        /// for every strip cost more than copying out what was written.
        var output: [UInt8] = []

        init(compression: PNGCompression) throws(CairoError) {
            guard let level = compression.libdeflateLevel else {
                compressor = nil
                return
            }
            guard let compressor = libdeflate_alloc_compressor(level) else {
                throw CairoError(message: "libdeflate could not allocate a compressor", operation: "encoding a PNG")
            }
            self.compressor = compressor
        }

        deinit { compressor.map(libdeflate_free_compressor) }
    }

    private let lanes: [Lane]
    private var strips: [Strip] = []
    /// The frame size and rows per strip of the strips kept.
    private var layout: (width: Int, height: Int, rowsPerStrip: Int) = (0, 0, 0)
    /// Writes RGBA even when every pixel is opaque (the frames of an APNG share one IHDR).
    var keepsAlpha = false
    /// Keeps each strip's rows to compare the next frame's with; off for an encoder of one
    /// frame, which would copy every row for nothing (a 1920 × 1080 frame's 8 MB).
    var remembersRows = true
    /// Strips reused and compressed since the encoder was made.
    private(set) var reused = 0, compressed = 0

    /// Strips compressed as `compression` says, by `threads` threads at once (more than one when
    /// fewer frames are in flight than there are cores).
    init(compression: PNGCompression, threads: Int = 1) throws(CairoError) {
        var lanes: [Lane] = []
        for _ in 0..<max(1, threads) { lanes.append(try Lane(compression: compression)) }
        self.lanes = lanes
    }

    /// Compresses the strips of `height` rows of `pixels` (as PNG scanlines) that differ from
    /// the frame before, and returns whether every pixel is opaque (then they are RGB, else
    /// RGBA). `streamSize` and `appendStream` then give the frame's zlib stream.
    func update(_ pixels: PixelRows, height: Int, layout stripLayout: StripLayout = .strips) throws(CairoError) -> Bool {
        let rowsPerStrip = stripLayout == .strips ? Self.rowsPerStrip : Self.rowsPerPart(height: height)
        if layout != (pixels.width, height, rowsPerStrip) {
            strips = []
            layout = (pixels.width, height, rowsPerStrip)
        }
        let count = (height + rowsPerStrip - 1) / rowsPerStrip
        // Laid out in slices, `ScanlineDeflate` matches a slice at a time and keeps each slice's
        // matches while its rows and the rows above it (its context, which may lie in the part
        // above) do not change. A frame laid out whole keeps nothing: its scene changed most of it.
        let sliced = stripLayout == .slices && lanes[0].compressor == nil
        let keeps = remembersRows && stripLayout != .whole
        // First which strips changed, and so whether the frame is opaque: an unchanged strip
        // keeps its opacity.
        var changed = [Bool](repeating: true, count: count)
        var contextChanged = false
        for index in 0..<count {
            let isOpaque = { pixels.areOpaque(self.rows(ofStrip: index)) }
            // Nothing is kept to compare the next frame with when none comes next.
            guard keeps else {
                let part = Strip(source: [], isOpaque: isOpaque())
                if index < strips.count { strips[index] = part } else { strips.append(part) }
                continue
            }
            let source = pixels.source(rows(ofStrip: index))
            guard index < strips.count, strips[index].source.count == source.count else {
                let strip = Strip(source: Array(source), isOpaque: isOpaque())
                if index < strips.count { strips[index] = strip } else { strips.append(strip) }
                contextChanged = true
                continue
            }
            // Same size: compare slice by slice (its rows, then the last rows, the next slice's
            // context, apart), and copy what changed into the same storage.
            let stride = pixels.stride
            var stale: [Bool] = [], rowsChanged = false
            strips[index].source.withUnsafeMutableBytes { stored in
                let rowCount = source.count / stride
                for top in Swift.stride(from: 0, to: rowCount, by: ScanlineDeflate.rowsPerSlice) {
                    let bottom = min(top + ScanlineDeflate.rowsPerSlice, rowCount), tail = max(bottom - ScanlineDeflate.contextRows, top)
                    let body = Self.update(stored, from: source, bytes: top * stride..<tail * stride)
                    let end = Self.update(stored, from: source, bytes: tail * stride..<bottom * stride)
                    stale.append(body || end || contextChanged)
                    rowsChanged = rowsChanged || body || end
                    contextChanged = end || (tail == top && contextChanged)
                }
            }
            strips[index].stale = stale
            if rowsChanged { strips[index].isOpaque = isOpaque() }
            changed[index] = sliced ? stale.contains(true) : rowsChanged
        }
        let opaque = !keepsAlpha && strips.allSatisfy(\.isOpaque)
        let channels = opaque ? 3 : 4
        let lineBytes = 1 + pixels.width * channels
        let stale = (0..<count).filter { changed[$0] || strips[$0].channels != channels }
        // Each stale strip is made on a lane of its own: lane i takes strips i, i + lanes, ….
        let laneCount = min(lanes.count, stale.count)
        var failure: CairoError?
        strips.withUnsafeMutableBufferPointer { buffer in
            nonisolated(unsafe) let strips = buffer
            let failures = Mutex<CairoError?>(nil)
            nonisolated(unsafe) let encoder = self
            let work: @Sendable (Int) -> Void = { lane in
                for index in stride(from: lane, to: stale.count, by: laneCount) {
                    let strip = stale[index]
                    do throws(CairoError) {
                        try encoder.make(&strips[strip], rows: encoder.rows(ofStrip: strip), of: pixels, channels: channels,
                                         isLast: strip == count - 1, sliced: sliced, on: encoder.lanes[lane])
                    } catch {
                        failures.withLock { $0 = $0 ?? error }
                    }
                }
            }
            switch laneCount {
            case 0: break
            case 1: work(0)
            default: DispatchQueue.concurrentPerform(iterations: laneCount, execute: work)
            }
            failure = failures.withLock { $0 }
        }
        if let failure { throw failure }
        // Counted in strips of `rowsPerStrip` rows whatever the layout, so shares compare.
        switch stripLayout {
        case .strips:
            reused += count - stale.count
            compressed += stale.count
        case .slices:
            // The rows of the slices matched again, in strips of `rowsPerStrip` rows.
            let matched = stale.reduce(0) { $0 + strips[$1].matched }
            let rows = min((matched * ScanlineDeflate.rowsPerSlice + Self.rowsPerStrip - 1) / Self.rowsPerStrip, Self.stripCount(height: height))
            reused += Self.stripCount(height: height) - rows
            compressed += rows
        case .whole:
            compressed += Self.stripCount(height: height)
        }
        current = (count, lineBytes)
        return opaque
    }

    /// Strips and scanline bytes of the frame last updated.
    private var current = (count: 0, lineBytes: 0)

    /// The byte count of the zlib stream of the frame last updated.
    var streamSize: Int { 2 + strips[0..<current.count].reduce(0) { $0 + $1.deflate.count } + 4 }

    /// Appends the zlib stream (header, the strips' deflate blocks, Adler-32) of the frame last
    /// updated to `bytes`, and returns `crc` (the CRC-32 of what came before in the chunk)
    /// extended over what it appended.
    func appendStream(to bytes: inout [UInt8], crc: UInt) -> UInt {
        // 0x78 0x01: deflate with a 32 KiB window (the level field is informative only).
        let header: [UInt8] = [0x78, 0x01]
        bytes += header
        var crc = crc32(crc, header, 2)
        var adler: UInt = 1
        for index in 0..<current.count {
            let strip = strips[index]
            bytes += strip.deflate
            crc = crc32_combine(crc, strip.crc, off_t(strip.deflate.count))
            adler = adler32_combine(adler, strip.adler, off_t(rows(ofStrip: index).count * current.lineBytes))
        }
        let trailer = [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: adler >> UInt($0)) }
        bytes += trailer
        return crc32(crc, trailer, 4)
    }

    /// The rows of strip `index` of the frame being compressed.
    private func rows(ofStrip index: Int) -> Range<Int> {
        index * layout.rowsPerStrip..<min((index + 1) * layout.rowsPerStrip, layout.height)
    }

    /// Rows per part of a frame laid out whole or in slices: parts of at least 512 rows (a whole
    /// number of slices), at most 8, however many threads compress them (a frame's bytes never
    /// depend on the threads), so that a frame of 1080 rows or more on its own uses two cores or
    /// more. A part costs a walk of its
    /// compressed bytes and about 1 % in bytes (two parts of 320 rows: 1.2 %), which frames of
    /// fewer rows, quick to compress anyway, do not pay.
    static func rowsPerPart(height: Int) -> Int {
        let parts = min(max(height / 512, 1), 8)
        // Whole slices (`ScanlineDeflate.rowsPerSlice`).
        let slices = (height + ScanlineDeflate.rowsPerSlice - 1) / ScanlineDeflate.rowsPerSlice
        return max((slices + parts - 1) / parts, 1) * ScanlineDeflate.rowsPerSlice
    }

    /// The strips of `rowsPerStrip` rows of a frame `height` rows high.
    static func stripCount(height: Int) -> Int { (height + rowsPerStrip - 1) / rowsPerStrip }

    /// Copies the bytes `range` of `source` into `stored` when they differ, and returns whether they did.
    private static func update(_ stored: UnsafeMutableRawBufferPointer, from source: UnsafeRawBufferPointer, bytes range: Range<Int>) -> Bool {
        guard !range.isEmpty, memcmp(stored.baseAddress! + range.lowerBound, source.baseAddress! + range.lowerBound, range.count) != 0 else {
            return false
        }
        (stored.baseAddress! + range.lowerBound).copyMemory(from: source.baseAddress! + range.lowerBound, byteCount: range.count)
        return true
    }

    /// Converts `lines` of `pixels` to scanlines and compresses them into `strip`; `sliced`,
    /// only the slices that changed are converted (with their context) and matched again.
    private func make(_ strip: inout Strip, rows lines: Range<Int>, of pixels: PixelRows, channels: Int, isLast: Bool, sliced: Bool,
                      on lane: Lane) throws(CairoError) {
        let lineBytes = 1 + pixels.width * channels
        guard sliced else {
            let size = lines.count * lineBytes
            if lane.scanlines.count < size { lane.scanlines = [UInt8](repeating: 0, count: size) }
            try lane.scanlines.withUnsafeMutableBufferPointer { buffer throws(CairoError) in
                pixels.scanlines(lines, channels: channels, into: buffer.baseAddress!)
                try compress(UnsafeBufferPointer(rebasing: buffer[0..<size]), lineBytes: lineBytes, pixelBytes: channels,
                             into: &strip, isLast: isLast, on: lane)
            }
            strip.channels = channels
            return
        }
        // The context of the first slice (the last rows of the strip above) first, then the strip's rows.
        let above = min(lines.lowerBound, ScanlineDeflate.contextRows), first = lines.lowerBound - above, rows = lines.count + above
        let count = (lines.count + ScanlineDeflate.rowsPerSlice - 1) / ScanlineDeflate.rowsPerSlice
        let stale = strip.channels == channels && strip.slices.count == count ? strip.stale : nil
        if strip.slices.count != count { strip.slices = Array(repeating: ScanlineDeflate.Slice(), count: count) }
        if lane.scanlines.count < rows * lineBytes { lane.scanlines = [UInt8](repeating: 0, count: rows * lineBytes) }
        strip.matched = 0
        lane.scanlines.withUnsafeMutableBufferPointer { buffer in
            var converted = 0
            for slice in 0..<count where stale?[slice] ?? true {
                strip.matched += 1
                let top = above + slice * ScanlineDeflate.rowsPerSlice, bottom = min(top + ScanlineDeflate.rowsPerSlice, rows)
                let from = max(top - ScanlineDeflate.contextRows, 0)
                let unconverted = max(from, converted)
                pixels.scanlines(first + unconverted..<first + bottom, channels: channels, into: buffer.baseAddress! + unconverted * lineBytes)
                converted = bottom
                strip.slices[slice].make(UnsafeBufferPointer(rebasing: buffer[from * lineBytes..<bottom * lineBytes]),
                                         from: (top - from) * lineBytes, lineBytes: lineBytes, pixelBytes: channels, buffers: lane.scanline)
            }
        }
        let deflate = ScanlineDeflate.compress(strip.slices[...], isLast: isLast, buffers: lane.scanline)
        strip.crc = UInt(deflate.withUnsafeBytes { libdeflate_crc32(0, $0.baseAddress, $0.count) })
        strip.deflate = deflate
        strip.adler = strip.slices.reduce(1) { adler32_combine($0, $1.adler, off_t($1.bytes)) }
        strip.channels = channels
        // Kept for the next frame while they take no more memory than the rows kept to compare.
        let tokens = strip.slices.reduce(0) { $0 + $1.tokens.count }
        if !remembersRows || tokens * 4 > strip.source.count { strip.slices = [] }
    }

    private func compress(_ scanlines: UnsafeBufferPointer<UInt8>, lineBytes: Int, pixelBytes: Int, into strip: inout Strip,
                          isLast: Bool, on lane: Lane) throws(CairoError) {
        var deflate: [UInt8]
        if let compressor = lane.compressor {
            let bound = libdeflate_deflate_compress_bound(compressor, scanlines.count)
            if lane.output.count < bound { lane.output = [UInt8](repeating: 0, count: bound) }
            let size = lane.output.withUnsafeMutableBytes { libdeflate_deflate_compress(compressor, scanlines.baseAddress, scanlines.count, $0.baseAddress, $0.count) }
            guard size > 0 else { throw CairoError(message: "libdeflate could not compress the pixels", operation: "encoding a PNG") }
            deflate = Array(lane.output[0..<size])
            if !isLast { try Self.makeJoinable(&deflate) }
        } else {
            deflate = ScanlineDeflate.compress(scanlines, lineBytes: lineBytes, pixelBytes: pixelBytes, isLast: isLast, buffers: lane.scanline)
        }
        strip.crc = UInt(deflate.withUnsafeBytes { libdeflate_crc32(0, $0.baseAddress, $0.count) })
        strip.deflate = deflate
        // libdeflate's Adler-32 is vectorised; zlib's took 3.5 % of bench-A's CPU.
        strip.adler = UInt(libdeflate_adler32(1, scanlines.baseAddress, scanlines.count))
    }

    /// Turns a complete raw deflate stream into blocks that another stream can follow: its last
    /// block no longer final, and an empty stored block after it to reach a byte boundary.
    static func makeJoinable(_ deflate: inout [UInt8]) throws(CairoError) {
        let (lastHeader, end) = try deflate.withUnsafeBufferPointer { stream throws(CairoError) in try DeflateBlocks.bounds(of: stream) }
        deflate[lastHeader / 8] &= ~UInt8(1 << (lastHeader % 8))
        deflate.removeSubrange(((end + 7) / 8)...)
        let used = end % 8
        // The bits past the end are zero (deflate pads with zeros); the stored block's 3-bit
        // header (BFINAL 0, BTYPE 00) lies in them, or spills into one more zero byte.
        if used > 0 { deflate[deflate.count - 1] &= UInt8((1 << used) - 1) }
        if used == 0 || used > 5 { deflate.append(0) }
        deflate += [0x00, 0x00, 0xFF, 0xFF]
    }
}
