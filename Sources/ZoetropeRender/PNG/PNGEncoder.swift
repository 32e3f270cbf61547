internal import CDeflate
internal import CZlib

/// How hard PNG encoding compresses (`--png-compression`).
public enum PNGCompression: String, CaseIterable, Sendable {
    /// `ScanlineDeflate`: runs, repeated rows and a one-probe hash, made for rendered frames;
    /// several times faster than Cairo's writer, and at least as small as libdeflate's level 1
    /// on the seed scenes.
    case fast
    /// Level 6, zlib's default.
    case `default`
    /// Level 9: clearly smaller files at a few times the cost of `fast` (12 is ten times slower again).
    case small

    /// libdeflate's level; nil for `.fast`, which `ScanlineDeflate` compresses.
    var libdeflateLevel: Int32? {
        switch self {
        case .fast: nil
        case .default: 6
        case .small: 9
        }
    }
}

/// Encodes an ARGB32 Cairo surface as PNG: straight-alpha RGBA, or RGB when every pixel is
/// opaque; rows unfiltered (smaller and faster than Paeth on rendered frames); compressed in
/// strips that are reused while they do not change (`DeflateStrips`). Deterministic: the same
/// pixels give the same bytes, whatever was encoded before.
final class PNGEncoder {
    let strips: DeflateStrips

    /// An encoder at `compression` whose frames' changed strips are compressed by `threads`
    /// threads at once; `oneFrame` when it encodes a single frame (nothing is kept for a next).
    init(compression: PNGCompression, threads: Int = 1, keepsAlpha: Bool = false, oneFrame: Bool = false) throws(CairoError) {
        strips = try DeflateStrips(compression: compression, threads: threads)
        strips.keepsAlpha = keepsAlpha
        strips.remembersRows = !oneFrame
    }

    func encode(_ surface: CairoImageSurface, layout: StripLayout = .strips) throws(CairoError) -> [UInt8] {
        let width = surface.width, height = surface.height
        guard let pixels = surface.pixelRows() else {
            throw CairoError(message: "the surface has no pixels", operation: "encoding a PNG")
        }
        let opaque = try strips.update(pixels, height: height, layout: layout)

        var header: [UInt8] = []
        header.appendBigEndian(UInt32(width))
        header.appendBigEndian(UInt32(height))
        header += [8, opaque ? 2 : 6, 0, 0, 0]
        var png = PNGChunks.signature
        png.reserveCapacity(8 + 25 + 12 + strips.streamSize + 12)
        PNGChunks.append("IHDR", header, to: &png)
        // The IDAT chunk is written in place: its CRC-32 is combined from the strips'.
        png.appendBigEndian(UInt32(strips.streamSize))
        let type = Array("IDAT".utf8)
        png += type
        png.appendBigEndian(UInt32(strips.appendStream(to: &png, crc: crc32(0, type, 4))))
        PNGChunks.append("IEND", [], to: &png)
        return png
    }
}
