#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A TCP socket listening on the loopback interface only (127.0.0.1), and the connections it
/// accepts: the system calls under `preview`'s HTTP server (`LoopbackServer`, ZoetropePipeline,
/// which owns the protocol).
public final class LoopbackSocket: Sendable {
    /// Why the socket cannot listen: which step failed, and `strerror`'s text.
    public enum ListenFailure: Error, Equatable, Sendable {
        /// `socket(2)` failed.
        case noSocket(reason: String)
        /// `bind(2)` or `listen(2)` failed (the port is taken, or not ours to take).
        case cannotListen(reason: String)
    }

    /// The port it listens on (the one the system chose, when asked for 0).
    public let port: Int
    private let descriptor: Int32

    /// Listens on 127.0.0.1:`port` (0: any free port), with a backlog of 128 connections.
    public init(port: Int) throws(ListenFailure) {
        let listener = socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard listener >= 0 else { throw .noSocket(reason: String(cString: strerror(errno))) }
        var yes: Int32 = 1
        setsockopt(listener, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(clamping: port)).bigEndian
        address.sin_addr = in_addr(s_addr: in_addr_t(0x7F00_0001).bigEndian)
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(listener, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard bound == 0, listen(listener, 128) == 0 else {
            let reason = String(cString: strerror(errno))
            Glibc.close(listener)
            throw .cannotListen(reason: reason)
        }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(listener, $0, &length) }
        }
        descriptor = listener
        self.port = Int(UInt16(bigEndian: address.sin_port))
    }

    /// The next connection (blocking until one comes), close-on-exec; or the `errno` of a
    /// failed `accept(2)`.
    public func accept() -> Result<Connection, AcceptFailure> {
        let connection = Glibc.accept(descriptor, nil, nil)
        guard connection >= 0 else { return .failure(AcceptFailure(errno: errno)) }
        _ = fcntl(connection, F_SETFD, FD_CLOEXEC)
        return .success(Connection(descriptor: connection))
    }

    /// Why `accept` failed: its `errno`.
    public struct AcceptFailure: Error, Equatable, Sendable {
        public var errno: Int32
    }

    /// Wakes every thread blocked in `accept`, which then fails (`EINVAL`).
    public func shutdown() { _ = Glibc.shutdown(descriptor, Int32(SHUT_RDWR)) }

    /// Closes the listening socket.
    public func close() { Glibc.close(descriptor) }

    /// `nanoseconds` as a receive timeout, rounded up to whole microseconds: a `timeval` whose
    /// microseconds stay below a million (Linux refuses 1,000,000 with EDOM, which would leave the
    /// socket with no timeout at all).
    package static func receiveTimeout(nanoseconds: UInt64) -> (seconds: Int, microseconds: Int) {
        let microseconds = (nanoseconds + 999) / 1_000
        return (Int(microseconds / 1_000_000), Int(microseconds % 1_000_000))
    }

    /// One accepted connection; `close()` ends it.
    public struct Connection: Sendable {
        let descriptor: Int32

        /// Makes a send that stalls for `seconds` fail.
        public func setSendTimeout(seconds: Int) {
            var timeout = timeval(tv_sec: seconds, tv_usec: 0)
            setsockopt(descriptor, SOL_SOCKET, SO_SNDTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        }

        /// Receives what has come into `buffer`, waiting at most `nanoseconds`: the count
        /// received; 0 when the peer closed, the wait ran out or the timeout could not be set
        /// (without one an idle client would hold the thread for good).
        public func receive(into buffer: inout [UInt8], waitingAtMost nanoseconds: UInt64) -> Int {
            let parts = LoopbackSocket.receiveTimeout(nanoseconds: nanoseconds)
            var timeout = timeval(tv_sec: parts.seconds, tv_usec: parts.microseconds)
            guard setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size)) == 0 else { return 0 }
            return max(0, buffer.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) })
        }

        /// Sends all of `bytes` (`more`: further bytes follow at once); false when the
        /// connection fails or stalls past its send timeout. Never raises `SIGPIPE`.
        public func send(_ bytes: ArraySlice<UInt8>, more: Bool) -> Bool {
            var offset = bytes.startIndex
            while offset < bytes.endIndex {
                let sent = bytes[offset...].withUnsafeBytes {
                    Glibc.send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL) | (more ? Int32(MSG_MORE) : 0))
                }
                if sent < 0, errno == EINTR { continue }
                guard sent > 0 else { return false }
                offset += sent
            }
            return true
        }

        /// Ends the connection.
        public func close() { Glibc.close(descriptor) }
    }
}
