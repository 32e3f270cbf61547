#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// An advisory lock on a file (`flock`), shared by every process that takes the same path: the
/// render folder's manifest lock, so two processes never merge manifest.json at once.
public enum FileLock {
    /// Runs `body` holding the exclusive lock of `path` (created when missing, never through a
    /// symbolic link). Throws `cannotCreate` when the lock file cannot be opened, `io` when the
    /// lock cannot be taken; a signal while waiting is retried.
    public static func withExclusiveLock<Result>(at path: String, _ body: () throws(ZoetropeError) -> Result) throws(ZoetropeError) -> Result {
        let lock = open(path, O_CREAT | O_RDWR | O_CLOEXEC | O_NOFOLLOW, 0o644)
        guard lock >= 0 else { throw ZoetropeError.cannotCreate(path, reason: String(cString: strerror(errno))) }
        defer { close(lock) }
        while flock(lock, LOCK_EX) != 0 {
            guard errno == EINTR else { throw ZoetropeError.writeFailed(path, reason: String(cString: strerror(errno))) }
        }
        defer { flock(lock, LOCK_UN) }
        return try body()
    }
}
