/// The size a PNG declares in its header (the IHDR chunk that must come first), read before any
/// pixel is decoded: a 261 KB file of zeros can declare 16384 × 16384 pixels, a gigabyte once
/// decoded, so readers check `isWithinLimits` first and refuse the file otherwise.
public struct PNGHeader: Hashable, Sendable {
    /// How many bytes of the file the header needs: the signature, IHDR's length and type, then
    /// width and height.
    public static let byteCount = 24

    public var width: Int
    public var height: Int

    /// The header at the start of `bytes` (the first `byteCount` bytes of the file suffice); nil
    /// when they are not the start of a PNG.
    public init?(_ bytes: some Collection<UInt8>) {
        let head = Array(bytes.prefix(Self.byteCount))
        let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        guard head.count == Self.byteCount, Array(head[0..<8]) == signature,
              Array(head[12..<16]) == Array("IHDR".utf8) else { return nil }
        func word(_ offset: Int) -> Int { head[offset..<(offset + 4)].reduce(0) { $0 << 8 | Int($1) } }
        width = word(16)
        height = word(20)
    }

    public init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }

    /// Width × height (saturating).
    public var pixels: Int { Int.saturatingProduct(width, height) }

    /// Decoding it stays within `SceneLimits.surfaceSide` per side and `SceneLimits.surfacePixels`.
    public var isWithinLimits: Bool {
        width <= SceneLimits.surfaceSide && height <= SceneLimits.surfaceSide && pixels <= SceneLimits.surfacePixels
    }

    /// What a message says of an image past the limits: `16384×16384 pixels; at most …`.
    public var limitDescription: String {
        "the PNG is \(width)×\(height) pixels; an image may have at most \(SceneLimits.surfacePixels) pixels and \(SceneLimits.surfaceSide) on a side"
    }
}
