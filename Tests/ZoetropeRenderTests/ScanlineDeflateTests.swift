import Foundation
import Testing
@testable import ZoetropeRender

/// `ScanlineDeflate` writes deflate that another decoder reads back to the same bytes: each
/// stream here is wrapped as the IDAT of a grey PNG and decoded by libpng (through Cairo), which
/// checks the zlib stream's Adler-32.
@Suite struct ScanlineDeflateTests {
    /// Scanlines of `rows` rows of `width` grey bytes, each row's filter byte 0, from `row(y)`.
    private func scanlines(width: Int, rows: Int, _ row: (Int) -> [UInt8]) -> [UInt8] {
        (0..<rows).flatMap { y in [0] + row(y) }
    }

    /// `lines` compressed in `parts` strips that join into one stream (all but the last made
    /// joinable), as a PNG of `width` grey pixels (or RGB with `channels` 3), decoded; its
    /// bytes row by row. `pixelBytes` is where runs are looked for (the pixel's size unless
    /// given): any value makes valid deflate.
    private func roundTrip(_ lines: [UInt8], width: Int, channels: Int = 1, pixelBytes: Int? = nil, parts: Int = 1) throws -> [UInt8] {
        let lineBytes = width * channels + 1, rows = lines.count / lineBytes
        let buffers = ScanlineDeflate.Buffers()
        var stream: [UInt8] = [0x78, 0x01]
        let cuts = (0...parts).map { $0 * rows / parts * lineBytes }
        for part in 0..<parts {
            let piece = Array(lines[cuts[part]..<cuts[part + 1]])
            stream += piece.withUnsafeBufferPointer {
                ScanlineDeflate.compress($0, lineBytes: lineBytes, pixelBytes: pixelBytes ?? channels, isLast: part == parts - 1,
                                         buffers: buffers)
            }
        }
        stream.appendBigEndian(Self.adler32(lines))
        var header: [UInt8] = []
        header.appendBigEndian(UInt32(width))
        header.appendBigEndian(UInt32(rows))
        header += [8, channels == 3 ? 2 : 0, 0, 0, 0]
        var png = PNGChunks.signature
        PNGChunks.append("IHDR", header, to: &png)
        PNGChunks.append("IDAT", stream, to: &png)
        PNGChunks.append("IEND", [], to: &png)
        let image = try RasterImage(pngData: png)
        return (0..<rows).flatMap { y in
            (0..<width).flatMap { x in channels == 3 ? [image[x, y].red, image[x, y].green, image[x, y].blue] : [image[x, y].red] }
        }
    }

    private static func adler32(_ bytes: [UInt8]) -> UInt32 {
        var a: UInt32 = 1, b: UInt32 = 0
        for byte in bytes {
            a = (a + UInt32(byte)) % 65521
            b = (b + a) % 65521
        }
        return b << 16 | a
    }

    /// The bytes of `lines` of `width` bytes each, filter bytes left out.
    private func pixels(_ lines: [UInt8], width: Int) -> [UInt8] {
        stride(from: 0, to: lines.count, by: width + 1).flatMap { lines[($0 + 1)..<($0 + 1 + width)] }
    }

    private func noise(_ count: Int, seed: UInt32) -> [UInt8] {
        var state = seed
        return (0..<count).map { _ in
            state = state &* 1_664_525 &+ 1_013_904_223
            return UInt8(truncatingIfNeeded: state >> 24)
        }
    }

    @Test func noiseRunsRepeatedRowsAndRepeatedPiecesDecodeToTheirBytes() throws {
        let width = 300
        let noisy = scanlines(width: width, rows: 40) { self.noise(width, seed: UInt32($0)) }
        let flat = scanlines(width: width, rows: 40) { [UInt8](repeating: UInt8($0 * 5), count: width) }
        // Rows that repeat the row above, broken now and then by one of noise.
        let still = scanlines(width: width, rows: 40) { $0 % 7 == 3 ? self.noise(width, seed: 99) : self.noise(width, seed: 1) }
        // A piece of 37 bytes seen again at distances neither the pixel before nor the row above.
        let piece = noise(37, seed: 5)
        let pieces = scanlines(width: width, rows: 40) { y in (0..<width).map { x in piece[(x * 3 + y * 11) % 37] } }
        for (name, lines) in [("noise", noisy), ("flat", flat), ("still", still), ("pieces", pieces)] {
            for parts in [1, 3] {
                #expect(try roundTrip(lines, width: width, parts: parts) == pixels(lines, width: width), "\(name), \(parts) parts")
            }
        }
        // What it is made for comes out small: a flat frame and repeated rows.
        let compressed = { (lines: [UInt8]) in
            lines.withUnsafeBufferPointer { ScanlineDeflate.compress($0, lineBytes: width + 1, pixelBytes: 1, isLast: true, buffers: .init()) }.count
        }
        #expect(compressed(flat) * 50 < flat.count)
        #expect(compressed(still) * 5 < still.count)
        #expect(compressed(pieces) * 2 < pieces.count)
    }

    @Test func aStripLargerThanABlockIsSeveralBlocksThatDecode() throws {
        // 2.4 MB: three blocks of `blockBytes`, matches reaching back across their boundaries.
        let width = 4000, rows = 600
        let lines = scanlines(width: width, rows: rows) { y in
            y % 5 == 0 ? self.noise(width, seed: UInt32(y)) : (0..<width).map { UInt8(truncatingIfNeeded: $0 / 7 + y / 5) }
        }
        #expect(lines.count > 2 * ScanlineDeflate.blockBytes)
        for parts in [1, 2] {
            #expect(try roundTrip(lines, width: width, parts: parts) == pixels(lines, width: width), "\(parts) parts")
        }
    }

    @Test func rowsWiderThanTheWindowAndTinyInputsDecode() throws {
        // 14 000 RGB pixels a row: the row above lies beyond deflate's 32 768-byte window.
        let wide = scanlines(width: 42_000, rows: 3) { y in y == 2 ? self.noise(42_000, seed: 3) : [UInt8](repeating: 9, count: 42_000) }
        #expect(try roundTrip(wide, width: 14_000, channels: 3) == pixels(wide, width: 42_000))
        for width in 1...3 {
            let tiny = scanlines(width: width, rows: 1) { _ in [UInt8](repeating: 200, count: width) }
            #expect(try roundTrip(tiny, width: width) == pixels(tiny, width: width))
        }
    }

    @Test func skewedCountsStayWithinTheLengthLimitAndMakeACompleteCode() throws {
        // Fibonacci counts make a Huffman tree as deep as there are symbols: 30 here.
        var fibonacci: [UInt32] = [1, 1]
        while fibonacci.count < 30 { fibonacci.append(fibonacci[fibonacci.count - 1] + fibonacci[fibonacci.count - 2]) }
        for (counts, limit) in [(fibonacci + [UInt32](repeating: 0, count: 256), 15), (Array(fibonacci.prefix(19)), 7),
                                ([5] + [UInt32](repeating: 0, count: 29), 15), ([UInt32](repeating: 0, count: 30), 15)] {
            let code = HuffmanEncoding(counts: counts, limit: limit)
            let lengths = code.lengths.map(Int.init)
            #expect(lengths.max()! <= limit)
            #expect(lengths.filter { $0 > 0 }.count >= 2, "a decoder may refuse a code of one symbol")
            // Complete: the code space is used exactly (Kraft's sum is 1).
            #expect(lengths.filter { $0 > 0 }.reduce(0.0) { $0 + pow(2, -Double($1)) } == 1, "\(lengths)")
            for (symbol, count) in counts.enumerated() where count > 0 { #expect(lengths[symbol] > 0) }
        }
        // Bytes whose counts are that skewed still decode.
        let skewed = fibonacci.prefix(22).enumerated().flatMap { symbol, count in [UInt8](repeating: UInt8(symbol * 11), count: Int(count)) }
        let shuffled = noise(skewed.count, seed: 8).enumerated().sorted { ($0.element, $0.offset) < ($1.element, $1.offset) }.map { skewed[$0.offset] }
        let width = 1000
        let lines = scanlines(width: width, rows: shuffled.count / width) { y in Array(shuffled[(y * width)..<((y + 1) * width)]) }
        #expect(try roundTrip(lines, width: width) == pixels(lines, width: width))
    }

    @Test func randomMixturesOfRunsRepeatsAndNoiseDecode() throws {
        // 200 inputs of random widths, pixel sizes and strips, rows made of runs, repeats of
        // the row above, copies of earlier pieces and noise: what a fuzzer would try, fixed.
        var state: UInt32 = 2026
        func next(_ bound: Int) -> Int {
            state = state &* 1_664_525 &+ 1_013_904_223
            return Int(state >> 8) % bound
        }
        for trial in 0..<200 {
            let width = 1 + next(trial % 10 == 0 ? 3000 : 120), rows = 1 + next(40), pixelBytes = 1 + next(4)
            var lines: [UInt8] = []
            for y in 0..<rows {
                lines.append(0)
                var row: [UInt8] = []
                while row.count < width {
                    let span = min(width - row.count, 1 + next(60))
                    switch next(4) {
                    case 0: row += [UInt8](repeating: UInt8(next(256)), count: span)
                    case 1 where y > 0:
                        let above = lines.count - (width + 1) + row.count
                        row += lines[above..<(above + span)]
                    case 2 where lines.count > 1:
                        let start = next(lines.count - 1)
                        row += (0..<span).map { lines[start + $0 % (lines.count - start)] }
                    default: row += noise(span, seed: UInt32(next(1 << 20)))
                    }
                }
                lines += row
            }
            let parts = min(rows, 1 + next(3))
            let decoded = try roundTrip(lines, width: width, pixelBytes: pixelBytes, parts: parts)
            #expect(decoded == pixels(lines, width: width), "trial \(trial): \(width) × \(rows), \(pixelBytes)-byte pixels, \(parts) parts")
        }
    }
}
