/// Rows of a Cairo ARGB32 surface (premultiplied, native-endian words) as PNG scanlines.
/// Read only while a frame is encoded, so strips can be made from it on several threads.
struct PixelRows: @unchecked Sendable {
    let data: UnsafeRawPointer
    let width: Int
    /// Bytes from one row's start to the next's.
    let stride: Int

    /// The bytes of rows `rows` as they are in memory (stride included), for comparing frames.
    func source(_ rows: Range<Int>) -> UnsafeRawBufferPointer {
        UnsafeRawBufferPointer(start: data + rows.lowerBound * stride, count: rows.count * stride)
    }

    /// True when every pixel of `rows` is opaque.
    func areOpaque(_ rows: Range<Int>) -> Bool {
        for y in rows {
            // The alpha bytes of a whole row ANDed together: no branch, so the loop vectorises.
            let row = (data + y * stride).assumingMemoryBound(to: UInt32.self)
            var all: UInt32 = 0xFF00_0000
            for x in 0..<width { all &= row[x] }
            if all < 0xFF00_0000 { return false }
        }
        return true
    }

    /// Writes `rows` as unfiltered scanlines (filter byte 0, then the row as `convert` writes
    /// it) into `out`, which holds `rows.count × (1 + width × channels)` bytes.
    func scanlines(_ rows: Range<Int>, channels: Int, into out: UnsafeMutablePointer<UInt8>) {
        let lineBytes = 1 + width * channels
        for (line, y) in rows.enumerated() {
            let start = out + line &* lineBytes
            start[0] = 0
            convert(row: y, channels: channels, into: start + 1)
        }
    }

    /// Writes row `y` as RGB, or as straight-alpha RGBA when `channels` is 4, into `out`
    /// (`width × channels` bytes). The one place Cairo's premultiplied pixels are undone.
    /// Raw pointers: this loop touches every byte of every changed row.
    func convert(row y: Int, channels: Int, into out: UnsafeMutablePointer<UInt8>) {
        let row = (data + y * stride).assumingMemoryBound(to: UInt32.self)
        if channels == 3 {
            // Four pixels at a time as three 32-bit words: a pixel 0xAARRGGBB byte-swapped and
            // shifted right by 8 is 0x00BBGGRR, R, G, B once stored little-endian, and four of
            // them pack into 12 bytes. A quarter of the stores of a byte-by-byte loop.
            let words = UnsafeMutableRawPointer(out)
            var x = 0
            while x &+ 4 <= width {
                let p0 = row[x].byteSwapped >> 8, p1 = row[x &+ 1].byteSwapped >> 8
                let p2 = row[x &+ 2].byteSwapped >> 8, p3 = row[x &+ 3].byteSwapped >> 8
                let base = x &* 3
                words.storeBytes(of: (p0 | p1 << 24).littleEndian, toByteOffset: base, as: UInt32.self)
                words.storeBytes(of: (p1 >> 8 | p2 << 16).littleEndian, toByteOffset: base &+ 4, as: UInt32.self)
                words.storeBytes(of: (p2 >> 16 | p3 << 8).littleEndian, toByteOffset: base &+ 8, as: UInt32.self)
                x &+= 4
            }
            while x < width {
                let word = row[x], base = x &* 3
                out[base] = UInt8(truncatingIfNeeded: word >> 16)
                out[base &+ 1] = UInt8(truncatingIfNeeded: word >> 8)
                out[base &+ 2] = UInt8(truncatingIfNeeded: word)
                x &+= 1
            }
        } else {
            for x in 0..<width {
                let word = row[x], a = word >> 24, base = x &* 4
                var r = (word >> 16) & 0xFF, g = (word >> 8) & 0xFF, b = word & 0xFF
                if a == 0 {
                    (r, g, b) = (0, 0, 0)
                } else if a != 0xFF {
                    r = min((r * 255 + a / 2) / a, 255)
                    g = min((g * 255 + a / 2) / a, 255)
                    b = min((b * 255 + a / 2) / a, 255)
                }
                out[base] = UInt8(r)
                out[base &+ 1] = UInt8(g)
                out[base &+ 2] = UInt8(b)
                out[base &+ 3] = UInt8(a)
            }
        }
    }
}
