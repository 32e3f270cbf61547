/// An image carried in its own name (RFC 2397: `data:image/png;base64,iVBORw0…`), as Lottie
/// embeds images: an image layer's `image` may be one instead of a file.
public struct DataURL: Hashable, Sendable {
    /// The media type (`image/png`), lowercased; `text/plain` when the URL names none.
    public var mediaType: String
    public var bytes: [UInt8]

    public init(mediaType: String, bytes: [UInt8]) {
        self.mediaType = mediaType
        self.bytes = bytes
    }

    /// True when `text` is a data URL (it may still fail to decode).
    public static func isDataURL(_ text: String) -> Bool { text.utf8.prefix(5).elementsEqual("data:".utf8) }

    /// The URL's bytes; nil when it is not a base64 data URL or its data is not base64.
    public init?(_ text: String) {
        guard Self.isDataURL(text), let comma = text.utf8.firstIndex(of: UInt8(ascii: ",")) else { return nil }
        let header = String(decoding: text.utf8[text.utf8.index(text.utf8.startIndex, offsetBy: 5)..<comma], as: UTF8.self)
        var parts = header.split(separator: ";").map { $0.lowercased() }
        guard parts.last == "base64" else { return nil }
        parts.removeLast()
        guard let bytes = Self.decode(text.utf8[text.utf8.index(after: comma)...]) else { return nil }
        self.init(mediaType: parts.first ?? "text/plain", bytes: bytes)
    }

    /// The URL of these bytes, base64-encoded.
    public var text: String {
        let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)
        var out: [UInt8] = Array("data:\(mediaType);base64,".utf8)
        out.reserveCapacity(out.count + (bytes.count + 2) / 3 * 4)
        var index = 0
        while index < bytes.count {
            let a = UInt32(bytes[index]), b = index + 1 < bytes.count ? UInt32(bytes[index + 1]) : 0
            let c = index + 2 < bytes.count ? UInt32(bytes[index + 2]) : 0
            let group = a << 16 | b << 8 | c
            out.append(alphabet[Int(group >> 18 & 63)])
            out.append(alphabet[Int(group >> 12 & 63)])
            out.append(index + 1 < bytes.count ? alphabet[Int(group >> 6 & 63)] : UInt8(ascii: "="))
            out.append(index + 2 < bytes.count ? alphabet[Int(group & 63)] : UInt8(ascii: "="))
            index += 3
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// Base64 (standard or URL-safe alphabet, padding optional, whitespace skipped).
    private static func decode(_ text: Substring.UTF8View) -> [UInt8]? {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.count / 4 * 3)
        var group: UInt32 = 0, count = 0, ended = false
        for character in text {
            let value: UInt32
            switch character {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"): value = UInt32(character - UInt8(ascii: "A"))
            case UInt8(ascii: "a")...UInt8(ascii: "z"): value = UInt32(character - UInt8(ascii: "a")) + 26
            case UInt8(ascii: "0")...UInt8(ascii: "9"): value = UInt32(character - UInt8(ascii: "0")) + 52
            case UInt8(ascii: "+"), UInt8(ascii: "-"): value = 62
            case UInt8(ascii: "/"), UInt8(ascii: "_"): value = 63
            case UInt8(ascii: "="):
                ended = true
                continue
            case UInt8(ascii: " "), UInt8(ascii: "\n"), UInt8(ascii: "\r"), UInt8(ascii: "\t"):
                continue
            default:
                return nil
            }
            if ended { return nil }
            group = group << 6 | value
            count += 1
            if count == 4 {
                bytes.append(UInt8(group >> 16 & 0xFF))
                bytes.append(UInt8(group >> 8 & 0xFF))
                bytes.append(UInt8(group & 0xFF))
                group = 0
                count = 0
            }
        }
        switch count {
        case 0: break
        case 2: bytes.append(UInt8(group >> 4 & 0xFF))
        case 3:
            bytes.append(UInt8(group >> 10 & 0xFF))
            bytes.append(UInt8(group >> 2 & 0xFF))
        default: return nil
        }
        return bytes
    }
}
