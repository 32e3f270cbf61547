internal import CCrypto

/// The SHA-256 digest of some bytes, computed by the system's libcrypto (OpenSSL's EVP
/// interface): the only place that calls libcrypto. Frames, scenes and journals name their
/// content by `hex`.
///
///     SHA256Digest([]).hex  // "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"
public struct SHA256Digest: Equatable, Sendable {
    /// The 32 bytes of the digest.
    public let bytes: [UInt8]

    /// The digest of `content`. Traps only when libcrypto cannot allocate its context.
    public init(_ content: [UInt8]) {
        var digest = [UInt8](repeating: 0, count: 32)
        var length: UInt32 = 0
        let succeeded = content.withUnsafeBytes { buffer in
            EVP_Digest(buffer.baseAddress, buffer.count, &digest, &length, EVP_sha256(), nil) == 1
        }
        precondition(succeeded && length == 32, "libcrypto's SHA-256 failed")  // only on allocation failure
        bytes = digest
    }

    /// The digest as 64 lowercase hexadecimal digits, as `manifest.json` records it.
    public var hex: String {
        bytes.map { byte in
            let text = String(byte, radix: 16)
            return text.count == 1 ? "0" + text : text
        }.joined()
    }
}
