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
/// every pixel is opaque; rows unfiltered (smaller and faster than Paeth on rendered frames).
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
        var opaque = true
        for y in 0..<height where opaque {
            let row = UnsafeRawPointer(data.advanced(by: y * stride)).assumingMemoryBound(to: UInt32.self)
            for x in 0..<width where row[x] >> 24 != 0xFF {
                opaque = false
                break
            }
        }
        let channels = opaque ? 3 : 4
        let rowBytes = width * channels
        let total = (rowBytes + 1) * height
        if rows.count != total { rows = [UInt8](repeating: 0, count: total) }
        // Raw buffers: this loop touches every byte of every frame. Rows are written unfiltered
        // (filter type 0), straight into the buffer that is compressed (docs/performance.md has
        // the measurements: on what Zoetrope draws, no filter is both smaller and faster).
        rows.withUnsafeMutableBufferPointer { output in
            guard let out = output.baseAddress else { return }
            for y in 0..<height {
                let row = UnsafeRawPointer(data.advanced(by: y * stride)).assumingMemoryBound(to: UInt32.self)
                let line = out + y &* (rowBytes &+ 1)
                line[0] = 0
                let current = line + 1
                if opaque {
                    for x in 0..<width {
                        let word = row[x], base = x &* 3
                        current[base] = UInt8(truncatingIfNeeded: word >> 16)
                        current[base &+ 1] = UInt8(truncatingIfNeeded: word >> 8)
                        current[base &+ 2] = UInt8(truncatingIfNeeded: word)
                    }
                } else {
                    for x in 0..<width {
                        let word = row[x], a = word >> 24, base = x &* 4
                        var r = (word >> 16) & 0xFF, g = (word >> 8) & 0xFF, b = word & 0xFF
                        if a != 0xFF && a != 0 {
                            r = min((r * 255 + a / 2) / a, 255)
                            g = min((g * 255 + a / 2) / a, 255)
                            b = min((b * 255 + a / 2) / a, 255)
                        }
                        current[base] = UInt8(r)
                        current[base &+ 1] = UInt8(g)
                        current[base &+ 2] = UInt8(b)
                        current[base &+ 3] = UInt8(a)
                    }
                }
            }
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
