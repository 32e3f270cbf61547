internal import CDeflate
import ZoetropeFiles

/// PNG's container: the signature and chunks (length, type, body, CRC-32), written and read.
public enum PNGChunks {
    /// True when the PNG `bytes` has an alpha channel (IHDR colour type 6, RGBA), as Zoetrope
    /// writes every frame that is not opaque.
    public static func hasAlpha(_ bytes: [UInt8]) -> Bool {
        // Signature (8), IHDR length and type (8), width and height (8), bit depth (1), colour type.
        bytes.count > 25 && bytes[25] == 6
    }

    static let signature = ImageHeader.pngSignature

    static func append(_ type: String, _ body: [UInt8], to png: inout [UInt8]) {
        png.appendBigEndian(UInt32(body.count))
        let typeAndBody = Array(type.utf8) + body
        png += typeAndBody
        png.appendBigEndian(typeAndBody.withUnsafeBytes { libdeflate_crc32(0, $0.baseAddress, $0.count) })
    }

    /// The chunks of a PNG file in order, or nil when it is not one (a bad signature, a chunk
    /// running past the end, a CRC that does not match).
    static func read(_ png: [UInt8]) -> [(type: String, body: ArraySlice<UInt8>)]? {
        guard png.count >= 8, Array(png[0..<8]) == signature else { return nil }
        var chunks: [(type: String, body: ArraySlice<UInt8>)] = [], offset = 8
        while offset + 12 <= png.count {
            let length = Int(png.bigEndianUInt32(at: offset))
            guard length <= png.count - offset - 12 else { return nil }
            let typeAndBody = png[(offset + 4)..<(offset + 8 + length)]
            let crc = typeAndBody.withUnsafeBytes { libdeflate_crc32(0, $0.baseAddress, $0.count) }
            guard crc == png.bigEndianUInt32(at: offset + 8 + length) else { return nil }
            chunks.append((String(decoding: png[(offset + 4)..<(offset + 8)], as: UTF8.self), png[(offset + 8)..<(offset + 8 + length)]))
            offset += 12 + length
        }
        return offset == png.count ? chunks : nil
    }
}

extension Array where Element == UInt8 {
    mutating func appendBigEndian(_ value: UInt32) {
        append(contentsOf: [UInt8(value >> 24), UInt8((value >> 16) & 0xFF), UInt8((value >> 8) & 0xFF), UInt8(value & 0xFF)])
    }

    mutating func appendBigEndian(_ value: UInt16) {
        append(contentsOf: [UInt8(value >> 8), UInt8(value & 0xFF)])
    }

    func bigEndianUInt32(at offset: Int) -> UInt32 {
        self[offset..<(offset + 4)].reduce(0) { $0 << 8 | UInt32($1) }
    }
}
