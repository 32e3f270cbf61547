internal import CCairo
internal import CDeflate

/// How hard PNG encoding compresses (`--png-compression`).
public enum PNGCompression: String, CaseIterable, Sendable {
    /// libdeflate level 1: several times faster than Cairo's writer, files a little larger.
    case fast
    /// Level 6, zlib's default.
    case `default`
    /// Level 9: clearly smaller files at a few times the cost of `fast` (12 is ten times slower again).
    case small

    var level: Int32 {
        switch self {
        case .fast: 1
        case .default: 6
        case .small: 9
        }
    }
}

/// Encodes an ARGB32 Cairo surface as PNG with libdeflate: straight-alpha RGBA, or RGB when
/// every pixel is opaque; rows Paeth-filtered (the best single filter for rendered graphics).
/// Deterministic: the same pixels give the same bytes.
final class PNGEncoder {
    private let compressor: OpaquePointer
    private var rows: [UInt8] = []
    private var compressed: [UInt8] = []

    init(compression: PNGCompression) throws(CairoError) {
        guard let compressor = libdeflate_alloc_compressor(compression.level) else {
            throw CairoError(message: "libdeflate could not allocate a compressor", operation: "encoding a PNG")
        }
        self.compressor = compressor
    }

    deinit { libdeflate_free_compressor(compressor) }

    func encode(_ surface: CairoImageSurface) throws(CairoError) -> [UInt8] {
        cairo_surface_flush(surface.pointer)
        let width = surface.width, height = surface.height
        let stride = Int(cairo_image_surface_get_stride(surface.pointer))
        guard let data = cairo_image_surface_get_data(surface.pointer) else {
            throw CairoError(message: "the surface has no pixels", operation: "encoding a PNG")
        }
        let opaque = (0..<height).allSatisfy { y in
            let row = UnsafeRawPointer(data.advanced(by: y * stride)).assumingMemoryBound(to: UInt32.self)
            return (0..<width).allSatisfy { row[$0] >> 24 == 0xFF }
        }
        let channels = opaque ? 3 : 4
        let rowBytes = width * channels
        rows = [UInt8](repeating: 0, count: (rowBytes + 1) * height)
        var previous = [UInt8](repeating: 0, count: rowBytes), current = [UInt8](repeating: 0, count: rowBytes)
        for y in 0..<height {
            let row = UnsafeRawPointer(data.advanced(by: y * stride)).assumingMemoryBound(to: UInt32.self)
            for x in 0..<width {
                let word = row[x]
                let a = word >> 24
                var r = (word >> 16) & 0xFF, g = (word >> 8) & 0xFF, b = word & 0xFF
                if a != 0xFF && a != 0 {
                    r = (r * 255 + a / 2) / a
                    g = (g * 255 + a / 2) / a
                    b = (b * 255 + a / 2) / a
                }
                let base = x * channels
                current[base] = UInt8(min(r, 255))
                current[base + 1] = UInt8(min(g, 255))
                current[base + 2] = UInt8(min(b, 255))
                if channels == 4 { current[base + 3] = UInt8(a) }
            }
            // Paeth filter (type 4) against the row above.
            let offset = y * (rowBytes + 1)
            rows[offset] = 4
            for i in 0..<rowBytes {
                let left = i >= channels ? Int(current[i - channels]) : 0
                let up = Int(previous[i])
                let upLeft = i >= channels ? Int(previous[i - channels]) : 0
                let estimate = left + up - upLeft
                let (pa, pb, pc) = (abs(estimate - left), abs(estimate - up), abs(estimate - upLeft))
                let predictor = pa <= pb && pa <= pc ? left : (pb <= pc ? up : upLeft)
                rows[offset + 1 + i] = current[i] &- UInt8(predictor)
            }
            swap(&previous, &current)
        }
        let bound = libdeflate_zlib_compress_bound(compressor, rows.count)
        if compressed.count < bound { compressed = [UInt8](repeating: 0, count: bound) }
        let size = rows.withUnsafeBytes { input in
            compressed.withUnsafeMutableBytes { output in
                libdeflate_zlib_compress(compressor, input.baseAddress, input.count, output.baseAddress, output.count)
            }
        }
        guard size > 0 else { throw CairoError(message: "libdeflate could not compress the pixels", operation: "encoding a PNG") }

        var png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        var header: [UInt8] = []
        header.appendBigEndian(UInt32(width))
        header.appendBigEndian(UInt32(height))
        header += [8, opaque ? 2 : 6, 0, 0, 0]
        Self.appendChunk("IHDR", header, to: &png)
        Self.appendChunk("IDAT", compressed[0..<size], to: &png)
        Self.appendChunk("IEND", [], to: &png)
        return png
    }

    private static func appendChunk(_ type: String, _ body: some Collection<UInt8>, to png: inout [UInt8]) {
        png.appendBigEndian(UInt32(body.count))
        let typeAndBody = Array(type.utf8) + body
        png += typeAndBody
        let crc = typeAndBody.withUnsafeBytes { libdeflate_crc32(0, $0.baseAddress, $0.count) }
        png.appendBigEndian(crc)
    }
}

private extension Array where Element == UInt8 {
    mutating func appendBigEndian(_ value: UInt32) {
        append(contentsOf: [UInt8(value >> 24), UInt8((value >> 16) & 0xFF), UInt8((value >> 8) & 0xFF), UInt8(value & 0xFF)])
    }
}
