/// Where an encoded image ends inside the bytes that carry it, read from its own structure
/// before anything is decoded: a PNG at the end of its `IEND` chunk, a JPEG at its `EOI` marker,
/// a WebP after the bytes its RIFF header counts. What follows is no part of the image, and a
/// decoder never reads it: 240 MB of zeros after an 8 × 8 PNG would otherwise be unpacked,
/// carried and re-encoded for nothing. Readers refuse an image followed by more than
/// `SceneLimits.trailingImageBytes`, and refuse a JPEG of more than `SceneLimits.jpegScans`
/// scans (progressive scans are each a pass over the whole image):
/// `SceneLimits.imageProblem(mediaType:trailing:scans:)` says which.
///
///     ImageExtent(png8x8 + [0, 0])?.trailing   // 2
///     ImageExtent(Array(png8x8.dropLast()))    // nil: cut short, left for the decoder to refuse
public struct ImageExtent: Hashable, Sendable {
    /// `image/png`, `image/jpeg` or `image/webp`.
    public var mediaType: String
    /// The image's own bytes, from the first.
    public var length: Int
    /// The bytes after the image's end.
    public var trailing: Int
    /// The scans (`SOS` markers) of a JPEG, each a pass over the image's coefficients; 1 for a
    /// PNG or a WebP.
    public var scans: Int

    /// The extent of the PNG, JPEG or WebP `bytes` start with; nil when they are none of them,
    /// or when the image is cut short or its structure cannot be followed (a decoder then
    /// says what is wrong).
    public init?(_ bytes: [UInt8]) {
        guard let mediaType = ImageHeader.mediaType(of: bytes) else { return nil }
        let end: (length: Int, scans: Int)?
        switch mediaType {
        case "image/png": end = Self.pngLength(bytes).map { ($0, 1) }
        case "image/jpeg": end = Self.jpegLength(bytes)
        default: end = Self.webpLength(bytes).map { ($0, 1) }
        }
        guard let end else { return nil }
        self.mediaType = mediaType
        length = end.length
        trailing = bytes.count - end.length
        scans = end.scans
    }

    /// A big-endian or little-endian unsigned number of `count` bytes at `offset`.
    private static func number(_ bytes: [UInt8], at offset: Int, count: Int, bigEndian: Bool) -> Int {
        (0..<count).reduce(0) { value, index in
            bigEndian ? value << 8 | Int(bytes[offset + index]) : value | Int(bytes[offset + index]) << (8 * index)
        }
    }

    /// After the signature, chunks: a big-endian length, a type, the data, a CRC; the image
    /// ends with the `IEND` chunk.
    private static func pngLength(_ bytes: [UInt8]) -> Int? {
        var offset = 8
        while offset + 8 <= bytes.count {
            let length = number(bytes, at: offset, count: 4, bigEndian: true)
            // PNG lengths are at most 2³¹ − 1.
            guard length < 1 << 31 else { return nil }
            let next = offset + 12 + length
            guard next <= bytes.count else { return nil }
            if bytes[offset + 4..<offset + 8].elementsEqual("IEND".utf8) { return next }
            offset = next
        }
        return nil
    }

    /// Markers from after `SOI`: `0xFF`, a code, then (but for standalone markers) a big-endian
    /// length that counts itself. After a scan's header (`SOS`) come its entropy-coded bytes, in
    /// which `0xFF` is followed by 0 (a stuffed byte) or by a restart marker (`RST0`…`RST7`);
    /// any other `0xFF xx` is the next marker. The image ends after `EOI`.
    private static func jpegLength(_ bytes: [UInt8]) -> (Int, Int)? {
        var offset = 2, scans = 0
        while offset + 1 < bytes.count {
            guard bytes[offset] == 0xFF else { return nil }
            let code = bytes[offset + 1]
            switch code {
            case 0xFF:
                offset += 1   // fill bytes before a marker
            case 0xD9:
                return (offset + 2, scans)
            case 0x01, 0xD0...0xD7:
                offset += 2
            default:
                guard offset + 3 < bytes.count else { return nil }
                let length = number(bytes, at: offset + 2, count: 2, bigEndian: true)
                guard length >= 2 else { return nil }
                offset += 2 + length
                guard code == 0xDA else { continue }
                scans += 1
                // The entropy-coded data runs to the next marker.
                while offset + 1 < bytes.count {
                    if bytes[offset] == 0xFF, bytes[offset + 1] != 0, !(0xD0...0xD7).contains(bytes[offset + 1]) { break }
                    offset += 1
                }
            }
        }
        return nil
    }

    /// `RIFF`, a little-endian size of what follows it, `WEBP`: the image is the size and the
    /// 8 bytes before it.
    private static func webpLength(_ bytes: [UInt8]) -> Int? {
        guard bytes.count >= 12 else { return nil }
        let length = 8 + number(bytes, at: 4, count: 4, bigEndian: false)
        return length <= bytes.count ? length : nil
    }
}
