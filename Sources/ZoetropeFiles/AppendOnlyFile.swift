#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A file written only at its end (`O_APPEND`), each record in one `write(2)`: records of several
/// threads never interleave, and a process killed at any instant leaves at most its last record
/// cut short. A render's journal.
public final class AppendOnlyFile: Sendable {
    public let path: String
    private let descriptor: Int32

    /// Creates `path` empty (replacing a file there, never following a symbolic link); throws
    /// `cannotCreate` when it cannot.
    public init(creating path: String) throws(ZoetropeError) {
        self.path = path
        descriptor = open(path, O_CREAT | O_WRONLY | O_TRUNC | O_APPEND | O_CLOEXEC | O_NOFOLLOW, 0o644)
        guard descriptor >= 0 else { throw ZoetropeError.cannotCreate(path, reason: String(cString: strerror(errno))) }
    }

    deinit { close(descriptor) }

    /// Appends `record` in one `write(2)`; throws `io` when it fails or the disk takes only part.
    public func append(_ record: [UInt8]) throws(ZoetropeError) {
        let written = record.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
        guard written == record.count else {
            throw ZoetropeError.writeFailed(path, reason: written < 0 ? String(cString: strerror(errno)) : "the disk took only part of a line")
        }
    }
}
