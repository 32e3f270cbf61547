#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// This process's standard output or standard error, written with `write(2)` (no buffer of the
/// C library in between, so lines from the CLI and from a render's progress keep their order).
public enum StandardStream: Sendable {
    case output, error

    private var descriptor: Int32 {
        switch self {
        case .output: STDOUT_FILENO
        case .error: STDERR_FILENO
        }
    }

    /// True when the stream is a terminal (a progress bar is then drawn on it).
    public var isTerminal: Bool { isatty(descriptor) == 1 }

    /// Writes `text` whole, best effort: a message that cannot be written (a closed pipe) has
    /// nowhere else to go, and must not stop the work.
    public func write(_ text: String) {
        try? FileSystem.writeAll(descriptor: descriptor, bytes: Array(text.utf8))
    }
}
