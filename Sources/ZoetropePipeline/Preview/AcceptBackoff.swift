#if canImport(Glibc)
import Glibc
#endif

/// How long `LoopbackServer` waits after `accept(2)` fails before it tries again: no wait after
/// a failure that concerns one connection (it was interrupted or aborted), else a wait that
/// doubles from 10 ms to at most a second while the failures last (out of descriptors, `EMFILE`
/// and `ENFILE`, or of memory), and starts again from 10 ms after a connection is accepted. So
/// a process out of descriptors sleeps instead of spinning on a core.
///
/// ```swift
/// var backoff = AcceptBackoff()
/// backoff.delay(afterFailure: EMFILE)  // 0.01
/// backoff.delay(afterFailure: EMFILE)  // 0.02
/// backoff.accepted()                   // the next failure waits 0.01 again
/// ```
public struct AcceptBackoff: Equatable, Sendable {
    /// The first wait, and the longest, in seconds.
    public static let shortest = 0.01, longest = 1.0

    /// The wait after the next failure that is not about one connection.
    public private(set) var next = AcceptBackoff.shortest

    /// No failure yet: the first waits `shortest`.
    public init() {}

    /// Seconds to wait after `accept` failed with `error` (an `errno` value) before calling it
    /// again: 0 for `EINTR`, `ECONNABORTED` and `EPROTO`, else the current wait, which doubles
    /// for the next failure up to `longest`.
    public mutating func delay(afterFailure error: Int32) -> Double {
        if [EINTR, ECONNABORTED, EPROTO].contains(error) { return 0 }
        defer { next = min(next * 2, Self.longest) }
        return next
    }

    /// A connection was accepted: the next failure waits `shortest` again.
    public mutating func accepted() {
        next = Self.shortest
    }
}
