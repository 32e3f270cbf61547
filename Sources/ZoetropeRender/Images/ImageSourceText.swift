#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// An image layer's `image` (a path, or a data URL of megabytes) as a dictionary key whose
/// hashing costs the same whatever its length: its length in bytes and its first and last 64
/// bytes are hashed. Two keys are equal when their bytes are, compared whole, at once when both
/// share storage (as every layer showing one Lottie image does), so finding an image the
/// frame before found costs nothing.
struct ImageSourceText: Hashable {
    let text: String

    init(_ text: String) { self.text = text }

    func hash(into hasher: inout Hasher) {
        let bytes = text.utf8
        hasher.combine(bytes.count)
        for byte in bytes.prefix(64) { hasher.combine(byte) }
        for byte in bytes.suffix(64) { hasher.combine(byte) }
    }

    /// Byte for byte (not Unicode's canonical equivalence, which `String`'s `==` uses and the
    /// hash would not match).
    static func == (a: Self, b: Self) -> Bool {
        var left = a.text, right = b.text
        return left.withUTF8 { left in
            right.withUTF8 { right in
                guard left.count == right.count, let start = left.baseAddress, let other = right.baseAddress else {
                    return left.count == right.count
                }
                return start == other || memcmp(start, other, left.count) == 0
            }
        }
    }
}
