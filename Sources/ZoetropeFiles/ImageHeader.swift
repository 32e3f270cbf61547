/// The size an image declares in its header, read before any pixel is decoded: a PNG's IHDR
/// chunk (which must come first), a JPEG's frame header, a WebP's first chunk. A 261 KB file of
/// zeros can declare 16384 × 16384 pixels, a gigabyte once decoded, so readers check the size
/// against `SceneLimits.imageProblem(width:height:)` first and refuse the file otherwise.
///
/// The one parser of these headers: every reader (scene images, Lottie assets, `diff`, test
/// reports, `UIImage`) asks it.
///
///     ImageHeader(png: bytes)            // the IHDR's width and height, or nil
///     ImageHeader(pngFile: "a.png")      // the same, reading only the first 24 bytes
///     ImageHeader.mediaType(of: bytes)   // "image/png", "image/jpeg", "image/webp" or nil
public struct ImageHeader: Hashable, Sendable {
    /// How many bytes of the file the header needs: the signature, IHDR's length and type, then
    /// width and height.
    public static let byteCount = 24

    public var width: Int
    public var height: Int

    /// The eight bytes every PNG starts with.
    public static let pngSignature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    /// The PNG header at the start of `bytes` (the first `byteCount` bytes of the file suffice);
    /// nil when they are not the start of a PNG.
    public init?(png bytes: some Collection<UInt8>) {
        let head = Array(bytes.prefix(Self.byteCount))
        guard head.count == Self.byteCount, Array(head[0..<8]) == Self.pngSignature,
              Array(head[12..<16]) == Array("IHDR".utf8) else { return nil }
        func word(_ offset: Int) -> Int { head[offset..<(offset + 4)].reduce(0) { $0 << 8 | Int($1) } }
        width = word(16)
        height = word(20)
    }

    public init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }

    /// The header of the PNG file at `path`, reading only its first `byteCount` bytes (never
    /// blocking on a FIFO or a device); nil when it is not there or not a PNG.
    public init?(pngFile path: String) {
        self.init(png: FileSystem.prefix(of: path, count: Self.byteCount))
    }
}

extension ImageHeader {
    /// The size a PNG's header, a JPEG's frame header (its first SOF marker) or a WebP's first
    /// chunk declares; nil when `bytes` are none of them (or are cut off before it).
    public init?(image bytes: [UInt8]) {
        if let png = ImageHeader(png: bytes) {
            self = png
            return
        }
        if Self.mediaType(of: bytes) == "image/webp" {
            guard let size = Self.webpSize(bytes) else { return nil }
            self.init(width: size.width, height: size.height)
            return
        }
        guard Self.mediaType(of: bytes) == "image/jpeg" else { return nil }
        // Markers from offset 2: 0xFF, a code, then (but for standalone markers) a big-endian
        // length that counts itself. SOF0…SOF15 (not DHT C4, JPG C8, DAC CC) hold the size.
        var offset = 2
        while offset + 9 < bytes.count {
            guard bytes[offset] == 0xFF else { return nil }
            let code = bytes[offset + 1]
            if code == 0xFF {
                offset += 1
                continue
            }
            if (0xD0...0xD9).contains(code) || code == 0x01 {
                offset += 2
                continue
            }
            let length = Int(bytes[offset + 2]) << 8 | Int(bytes[offset + 3])
            if (0xC0...0xCF).contains(code), ![0xC4, 0xC8, 0xCC].contains(code) {
                self.init(width: Int(bytes[offset + 7]) << 8 | Int(bytes[offset + 8]),
                          height: Int(bytes[offset + 5]) << 8 | Int(bytes[offset + 6]))
                return
            }
            guard length >= 2 else { return nil }
            offset += 2 + length
        }
        return nil
    }

    /// A WebP's size from its first chunk: VP8X (the extended format's canvas), VP8L (lossless)
    /// or VP8 (lossy).
    private static func webpSize(_ bytes: [UInt8]) -> (width: Int, height: Int)? {
        guard bytes.count >= 30 else { return nil }
        func little(_ offset: Int, _ count: Int) -> Int { (0..<count).reduce(0) { $0 | Int(bytes[offset + $1]) << (8 * $1) } }
        switch String(decoding: bytes[12..<16], as: UTF8.self) {
        case "VP8X": return (little(24, 3) + 1, little(27, 3) + 1)
        case "VP8L":
            let bits = little(21, 4)
            return ((bits & 0x3FFF) + 1, (bits >> 14 & 0x3FFF) + 1)
        case "VP8 ": return (little(26, 2) & 0x3FFF, little(28, 2) & 0x3FFF)
        default: return nil
        }
    }

    /// `image/png`, `image/jpeg` or `image/webp` by the signature `bytes` start with; nil for
    /// anything else.
    public static func mediaType(of bytes: [UInt8]) -> String? {
        if bytes.count >= 12, bytes.starts(with: Array("RIFF".utf8)), Array(bytes[8..<12]) == Array("WEBP".utf8) { return "image/webp" }
        if bytes.starts(with: pngSignature) { return "image/png" }
        if bytes.count >= 3, bytes[0] == 0xFF, bytes[1] == 0xD8, bytes[2] == 0xFF { return "image/jpeg" }
        return nil
    }
}
