import Foundation
import Testing
@testable import ZoetropeRender

/// PNG frames are compressed in strips that are reused while they do not change; the bytes of a
/// frame must not depend on what the encoder saw before, and every stream must decode whole.
@Suite struct PNGStripTests {
    /// A picture of `width` × `height`: a smooth gradient, a band of noise (which libdeflate stores
    /// rather than compresses), and a moving square at `offset`; translucent where `alpha` < 255.
    private func picture(width: Int = 300, height: Int = 200, offset: Int, alpha: UInt8 = 255, bands: Bool = false) -> [RasterImage.Pixel] {
        var seed: UInt32 = 7
        return (0..<height).flatMap { y in
            (0..<width).map { x -> RasterImage.Pixel in
                if (offset..<offset + 30).contains(x) && (100..<128).contains(y) { return .init(red: 200, green: 30, blue: 30, alpha: alpha) }
                if (140..<160).contains(y) {
                    seed = seed &* 1_664_525 &+ 1_013_904_223
                    return .init(red: UInt8(truncatingIfNeeded: seed >> 8), green: UInt8(truncatingIfNeeded: seed >> 16),
                                 blue: UInt8(truncatingIfNeeded: seed >> 24), alpha: alpha)
                }
                // Bands ten pixels wide, the same in every row (as a rendered frame's runs), or a gradient.
                if bands { return .init(red: UInt8(x / 10 * 20 % 256), green: 120, blue: 90, alpha: alpha) }
                return .init(red: UInt8(x % 256), green: UInt8(y % 256), blue: 90, alpha: alpha)
            }
        }
    }

    private func encode(_ pixels: [RasterImage.Pixel], with encoder: PNGEncoder, width: Int = 300, height: Int = 200,
                        layout: StripLayout = .strips) throws -> [UInt8] {
        let surface = try CairoImageSurface(width: width, height: height)
        surface.store(pixels)
        return try encoder.encode(surface, layout: layout)
    }

    private func decode(_ png: [UInt8]) throws -> RasterImage {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("strip-\(UUID().uuidString).png").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        try Data(png).write(to: URL(fileURLWithPath: path))
        return try RasterImage(pngFile: path)
    }

    @Test(arguments: [UInt8(255), 160])
    func aFrameIsTheSameBytesWhateverCameBefore(alpha: UInt8) throws {
        let first = picture(offset: 10, alpha: alpha), second = picture(offset: 40, alpha: alpha)
        let warm = try PNGEncoder(compression: .fast)
        _ = try encode(first, with: warm)
        let reused = try encode(second, with: warm)
        let fresh = try encode(second, with: PNGEncoder(compression: .fast))
        #expect(reused == fresh)
        #expect(warm.strips.reused > 0, "the strips the square does not cross are reused")
        // Every strip joins into one stream that decodes to the pixels (libpng checks Adler-32).
        let decoded = try decode(reused)
        #expect(decoded.width == 300 && decoded.height == 200)
        if alpha == 255 {
            #expect(decoded.pixels == second)
        } else {
            // Premultiplied in the surface and back: within a unit of what was stored.
            let square = decoded[45, 110]
            #expect(abs(Int(square.red) - 200) <= 1 && abs(Int(square.green) - 30) <= 1 && square.alpha == 160, "\(square)")
        }
    }

    @Test func anUnchangedFrameReusesEveryStripAndAChangeOfChannelsNone() throws {
        let encoder = try PNGEncoder(compression: .fast)
        let opaque = picture(offset: 10)
        let first = try encode(opaque, with: encoder)
        let (reusedBefore, compressedBefore) = (encoder.strips.reused, encoder.strips.compressed)
        #expect(try encode(opaque, with: encoder) == first)
        #expect(encoder.strips.reused == reusedBefore + 4 && encoder.strips.compressed == compressedBefore, "200 rows are 4 strips")
        // One translucent pixel makes every scanline RGBA: nothing can be reused.
        var translucent = opaque
        translucent[0] = .init(red: 0, green: 0, blue: 0, alpha: 10)
        let rgba = try encode(translucent, with: encoder)
        #expect(encoder.strips.compressed == compressedBefore + 4)
        #expect(rgba == (try encode(translucent, with: PNGEncoder(compression: .fast))))
        #expect(try decode(rgba)[299, 199] == opaque[299 + 199 * 300])
    }

    /// The stored block that ends a joinable strip sits in the last byte's free bits or in one
    /// more byte, whichever bit the strip ended on: every height from 1 to 3 strips decodes.
    @Test func everyStripCountAndEndingDecodes() throws {
        let encoder = try PNGEncoder(compression: .small)
        for height in [1, 63, 64, 65, 128, 150] {
            let pixels = Array(picture(offset: 5).prefix(300 * height))
            let png = try encode(pixels, with: encoder, height: height)
            #expect(try decode(png).pixels == pixels, "height \(height)")
        }
    }

    /// With fewer frames than cores, one frame's strips are compressed on several threads: the
    /// same bytes as on one.
    @Test func stripsCompressedOnSeveralThreadsGiveTheSameBytes() throws {
        let pixels = picture(offset: 20) + picture(offset: 60)
        let one = try encode(pixels, with: PNGEncoder(compression: .fast), height: 400)
        let three = try PNGEncoder(compression: .fast, threads: 3)
        #expect(try encode(pixels, with: three, height: 400) == one)
        #expect(three.strips.compressed == 7, "400 rows are 7 strips")
        #expect(try decode(one).pixels == pixels)
    }

    /// A frame most of whose strips its scene changes is one stream: it decodes to the pixels,
    /// its bytes do not depend on what the encoder saw before, and strips that follow it are
    /// compressed anew (a whole frame keeps nothing to compare with).
    @Test(arguments: [UInt8(255), 160])
    func aWholeFrameIsOneStreamWhateverCameBefore(alpha: UInt8) throws {
        let first = picture(offset: 10, alpha: alpha), second = picture(offset: 40, alpha: alpha)
        let warm = try PNGEncoder(compression: .fast)
        _ = try encode(first, with: warm)
        let whole = try encode(second, with: warm, layout: .whole)
        #expect(whole == (try encode(second, with: PNGEncoder(compression: .fast), layout: .whole)))
        #expect(whole != (try encode(second, with: PNGEncoder(compression: .fast))), "strips are joined by empty stored blocks")
        let decoded = try decode(whole)
        if alpha == 255 { #expect(decoded.pixels == second) } else { #expect(decoded[45, 110].alpha == 160) }
        let compressed = warm.strips.compressed
        let strips = try encode(second, with: warm)
        #expect(warm.strips.compressed == compressed + 4, "200 rows are 4 strips, none kept from the whole frame")
        #expect(strips == (try encode(second, with: PNGEncoder(compression: .fast))))
    }

    /// A frame laid out in slices is one stream matched 16 rows at a time: the matches of a
    /// slice whose rows and the two above it did not change are kept from the frame before, and
    /// give the bytes a fresh encoder makes; a slice whose context changed (the red square's
    /// rows end where one begins) is matched again. On several threads, the same bytes.
    @Test(arguments: [UInt8(255), 160])
    func aFrameInSlicesKeepsTheMatchesOfWhatDidNotChange(alpha: UInt8) throws {
        let first = picture(offset: 10, alpha: alpha, bands: true), second = picture(offset: 40, alpha: alpha, bands: true)
        let warm = try PNGEncoder(compression: .fast), threads = try PNGEncoder(compression: .fast, threads: 2)
        for encoder in [warm, threads] { _ = try encode(first, with: encoder, layout: .slices) }
        let (reused, compressed) = (warm.strips.reused, warm.strips.compressed)
        let sliced = try encode(second, with: warm, layout: .slices)
        // Rows 100..<128 changed: slices 6 and 7, and 8 whose context is rows 126 and 127.
        #expect(warm.strips.compressed == compressed + 1 && warm.strips.reused == reused + 3, "3 slices of 16 rows, in strips of 64")
        #expect(sliced == (try encode(second, with: PNGEncoder(compression: .fast), layout: .slices)))
        #expect(sliced == (try encode(second, with: threads, layout: .slices)))
        #expect(sliced != (try encode(second, with: PNGEncoder(compression: .fast), layout: .whole)), "slices match on their own")
        let decoded = try decode(sliced)
        if alpha == 255 { #expect(decoded.pixels == second) } else { #expect(decoded[45, 110].alpha == 160) }
        // The frame before again, after a frame laid out whole (which keeps nothing): the same bytes.
        _ = try encode(second, with: warm, layout: .whole)
        #expect(try encode(first, with: warm, layout: .slices) == (try encode(first, with: PNGEncoder(compression: .fast), layout: .slices)))
    }

    /// A frame of 1024 rows or more laid out whole is compressed in parts of at least 512 rows
    /// (whole slices of 16), at once when there are threads for it: the same bytes on one thread
    /// and on two, and they decode to the pixels. An encoder of one frame keeps no rows, and
    /// writes the same bytes.
    @Test func aTallWholeFrameIsCompressedInPartsOnEveryThread() throws {
        #expect(DeflateStrips.rowsPerPart(height: 1100) == 560 && DeflateStrips.rowsPerPart(height: 1023) == 1024)
        #expect(DeflateStrips.rowsPerPart(height: 100_000) == 12_512, "at most 8 parts")
        let pixels = (0..<6).flatMap { picture(offset: 20 * $0) }.prefix(300 * 1100)
        let one = try encode(Array(pixels), with: PNGEncoder(compression: .fast), height: 1100, layout: .whole)
        let two = try encode(Array(pixels), with: PNGEncoder(compression: .fast, threads: 2), height: 1100, layout: .whole)
        #expect(one == two)
        #expect(try decode(one).pixels == Array(pixels))
        let single = try PNGEncoder(compression: .fast, oneFrame: true)
        let strips = try encode(Array(pixels), with: PNGEncoder(compression: .fast), height: 1100)
        // Twice: the second frame finds nothing kept from the first.
        for _ in 0..<2 { #expect(try encode(Array(pixels), with: single, height: 1100) == strips) }
        #expect(single.strips.reused == 0, "no rows kept, so none compared")
    }

    /// The block walk that joins strips finds a stream's last block and its end in stored and
    /// fixed blocks written by hand (dynamic ones are every other test's), and refuses a stream
    /// that ends early or has a block type deflate does not have, rather than reading past it.
    @Test func deflateBlocksAreWalkedToTheirEnd() throws {
        func bounds(_ bytes: [UInt8]) throws -> (Int, Int) {
            let found = try bytes.withUnsafeBufferPointer { stream throws(CairoError) in try DeflateBlocks.bounds(of: stream) }
            return (found.lastHeader, found.end)
        }
        #expect(try bounds([0x03, 0x00]) == (0, 10), "an empty final fixed block: header, then 256's seven bits")
        #expect(try bounds([0x01, 0x00, 0x00, 0xFF, 0xFF]) == (0, 40), "an empty final stored block")
        #expect(try bounds([0x01, 0x02, 0x00, 0xFD, 0xFF, 0x41, 0x42]) == (0, 56), "a stored block of two bytes")
        #expect(try bounds([0x00, 0x00, 0x00, 0xFF, 0xFF, 0x03, 0x00]) == (40, 50), "a stored block, then the final one")
        for broken: [UInt8] in [[], [0x00], [0x02], [0x07], [0x01, 0x05, 0x00, 0xFA, 0xFF], [0x01, 0x01, 0x00, 0x00, 0x00]] {
            #expect(throws: CairoError.self, "\(broken)") { try bounds(broken) }
        }
    }
}
