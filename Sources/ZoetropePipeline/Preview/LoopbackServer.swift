#if canImport(Glibc)
import Glibc
#endif
import Foundation
import Synchronization
import ZoetropeRender

/// A small HTTP/1.1 server on the loopback interface only (127.0.0.1): GET and HEAD requests,
/// one response per connection. What `preview` serves its page and frames with.
///
/// Nothing outside this machine can reach it, but any web page the user has open can send it
/// requests, so it answers only requests whose `Host` header names it, `127.0.0.1:PORT` or
/// `localhost:PORT` (others get 403: a page at a name that a DNS rebinding points here cannot
/// read it). A fixed number of threads (`connections`) accept and answer one connection each at
/// a time; more connections wait in the listen backlog. A failing `accept` (out of descriptors)
/// is retried after a growing wait (`AcceptBackoff`), never in a spin.
public final class LoopbackServer: Sendable {
    /// What a request is answered with.
    public struct Response: Sendable {
        /// The HTTP status: 200, 403, 404, 405, 500 or 503.
        public var status: Int
        /// The `Content-Type` header's value.
        public var contentType: String
        /// What is sent after the head (nothing for HEAD).
        public var body: [UInt8]
        /// Seconds, sent as `Retry-After` (with a 503: the frame is drawn, try again).
        public var retryAfter: Int?

        /// A response of `body`, 200 unless `status` says otherwise.
        public init(status: Int = 200, contentType: String, body: [UInt8], retryAfter: Int? = nil) {
            self.status = status
            self.contentType = contentType
            self.body = body
            self.retryAfter = retryAfter
        }

        /// A one-line (or few-line) plain-text answer.
        static func text(_ status: Int, _ text: String, retryAfter: Int? = nil) -> Response {
            Response(status: status, contentType: "text/plain; charset=utf-8", body: Array(text.utf8), retryAfter: retryAfter)
        }
    }

    /// The port it listens on (the one the system chose, when asked for 0).
    public let port: Int
    /// Connections answered at once: the threads that accept them.
    public let connections: Int
    private let listener: Int32
    /// Answers a request's path (with its query): called on the connection's thread.
    private let handler: @Sendable (String) -> Response
    private let started = Atomic<Bool>(false), stopped = Atomic<Bool>(false)
    /// Accepting threads still running: the last to end closes the listener.
    private let running = Atomic<Int>(0)

    /// How long a client has to send its request's head, and to take the response, in seconds.
    static let readTimeout = 5, sendTimeout = 10

    /// Listens on 127.0.0.1:`port` (0: any free port), to answer at most `connections`
    /// connections at once; exit 73 when it cannot.
    public init(port: Int, connections: Int = 16, handler: @escaping @Sendable (String) -> Response) throws(RenderError) {
        let listener = socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard listener >= 0 else { throw RenderError(message: "preview: cannot open a socket (\(String(cString: strerror(errno))))", exitCode: 73) }
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
            close(listener)
            throw RenderError(message: "preview: cannot listen on 127.0.0.1:\(port) (\(reason))", exitCode: 73)
        }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(listener, $0, &length) }
        }
        self.listener = listener
        self.port = Int(UInt16(bigEndian: address.sin_port))
        self.connections = max(connections, 1)
        self.handler = handler
    }

    /// The `Host` values it answers: `127.0.0.1:PORT` and `localhost:PORT` (and, on port 80
    /// only, the bare names, as browsers leave the default port out).
    public var hosts: [String] {
        ["127.0.0.1:\(port)", "localhost:\(port)"] + (port == 80 ? ["127.0.0.1", "localhost"] : [])
    }

    /// Starts the `connections` threads that accept and answer, and returns.
    public func start() {
        guard !started.exchange(true, ordering: .sequentiallyConsistent) else { return }
        running.store(connections, ordering: .sequentiallyConsistent)
        for _ in 0..<connections {
            Thread.detachNewThread { [self] in acceptLoop() }
        }
    }

    /// Starts answering, and waits until the process ends.
    public func serve() -> Never {
        start()
        while true { Thread.sleep(forTimeInterval: 3600) }
    }

    /// Stops accepting: connections being answered are finished, and the listener is closed
    /// once the last thread ends (at once, when it was never started).
    public func stop() {
        guard !stopped.exchange(true, ordering: .sequentiallyConsistent) else { return }
        guard started.exchange(true, ordering: .sequentiallyConsistent) else {
            close(listener)
            return
        }
        // Wakes the threads blocked in accept(2), which then fails with EINVAL.
        shutdown(listener, Int32(SHUT_RDWR))
    }

    private func acceptLoop() {
        var backoff = AcceptBackoff()
        while !stopped.load(ordering: .sequentiallyConsistent) {
            let connection = accept(listener, nil, nil)
            guard connection >= 0 else {
                let error = errno
                if stopped.load(ordering: .sequentiallyConsistent) { break }
                let delay = backoff.delay(afterFailure: error)
                if delay > 0 { Thread.sleep(forTimeInterval: delay) }
                continue
            }
            backoff.accepted()
            _ = fcntl(connection, F_SETFD, FD_CLOEXEC)
            answer(connection)
        }
        if running.subtract(1, ordering: .sequentiallyConsistent).newValue == 0 { close(listener) }
    }

    /// `nanoseconds` as a receive timeout, rounded up to whole microseconds: a `timeval` whose
    /// microseconds stay below a million (Linux refuses 1,000,000 with EDOM, which would leave the
    /// socket with no timeout at all).
    package static func receiveTimeout(nanoseconds: UInt64) -> timeval {
        let microseconds = (nanoseconds + 999) / 1_000
        return timeval(tv_sec: Int(microseconds / 1_000_000), tv_usec: Int(microseconds % 1_000_000))
    }

    /// Reads one request (its head, at most 16 KiB, within `readTimeout` seconds in all) and
    /// writes its response.
    private func answer(_ connection: Int32) {
        defer { close(connection) }
        var sendTimeout = timeval(tv_sec: Self.sendTimeout, tv_usec: 0)
        setsockopt(connection, SOL_SOCKET, SO_SNDTIMEO, &sendTimeout, socklen_t(MemoryLayout<timeval>.size))
        // Nanoseconds of the monotonic clock: the head has readTimeout seconds in all.
        let deadline = DispatchTime.now().uptimeNanoseconds + UInt64(Self.readTimeout) * 1_000_000_000
        var head: [UInt8] = [], buffer = [UInt8](repeating: 0, count: 4096)
        while head.count < 16_384 {
            let now = DispatchTime.now().uptimeNanoseconds
            guard now < deadline else { return }
            var timeout = Self.receiveTimeout(nanoseconds: deadline - now)
            // Without a timeout an idle client would hold this thread for good: drop it instead.
            guard setsockopt(connection, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size)) == 0 else { return }
            let count = buffer.withUnsafeMutableBytes { recv(connection, $0.baseAddress, $0.count, 0) }
            guard count > 0 else { return }
            head += buffer[0..<count]
            if let end = head.firstRange(of: [13, 10, 13, 10]) {
                head = Array(head[..<end.upperBound])
                break
            }
        }
        let request = Self.parse(head)
        let response: Response
        if !Self.isServed(hosts: request.hosts, by: hosts) {
            response = .text(403, "only requests to host \(hosts.joined(separator: " or ")) are served\n")
        } else if let method = request.method, ["GET", "HEAD"].contains(method), let target = request.target, target.hasPrefix("/") {
            response = handler(target)
        } else {
            response = .text(405, "only GET and HEAD are served\n")
        }
        var header = "HTTP/1.1 \(response.status) \(Self.reasons[response.status] ?? "Status")\r\nContent-Type: \(response.contentType)\r\n"
            + "Content-Length: \(response.body.count)\r\nCache-Control: no-store\r\nX-Content-Type-Options: nosniff\r\nConnection: close\r\n"
        if let retryAfter = response.retryAfter { header += "Retry-After: \(retryAfter)\r\n" }
        header += "\r\n"
        // Sent apart, so a kept frame's bytes are sent from the cache, not copied.
        guard send(connection, Array(header.utf8)[...], more: request.method != "HEAD"), request.method != "HEAD" else { return }
        _ = send(connection, response.body[...], more: false)
    }

    static let reasons = [200: "OK", 400: "Bad Request", 403: "Forbidden", 404: "Not Found", 405: "Method Not Allowed",
                          500: "Internal Server Error", 503: "Service Unavailable"]

    /// A request's method and target (nil when its first line is not `METHOD TARGET HTTP/x`)
    /// and the values of its `Host` headers.
    static func parse(_ head: [UInt8]) -> (method: String?, target: String?, hosts: [String]) {
        let lines = String(decoding: head, as: UTF8.self).split(separator: "\r\n", omittingEmptySubsequences: false)
        let words = (lines.first ?? "").split(separator: " ", omittingEmptySubsequences: false)
        let hosts = lines.dropFirst().compactMap { line -> String? in
            guard let colon = line.firstIndex(of: ":"), line[..<colon].lowercased() == "host" else { return nil }
            return line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        guard words.count == 3, words[2].hasPrefix("HTTP/") else { return (nil, nil, hosts) }
        return (String(words[0]), String(words[1]), hosts)
    }

    /// True when a request's `Host` headers are exactly one, naming one of `served` (the
    /// names compared without regard to case).
    static func isServed(hosts: [String], by served: [String]) -> Bool {
        guard hosts.count == 1, let host = hosts.first?.lowercased() else { return false }
        return served.contains(host)
    }

    /// Sends all of `bytes`; false when the connection fails or stalls past `sendTimeout`.
    private func send(_ connection: Int32, _ bytes: ArraySlice<UInt8>, more: Bool) -> Bool {
        var offset = bytes.startIndex
        while offset < bytes.endIndex {
            let sent = bytes[offset...].withUnsafeBytes {
                Glibc.send(connection, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL) | (more ? Int32(MSG_MORE) : 0))
            }
            if sent < 0, errno == EINTR { continue }
            guard sent > 0 else { return false }
            offset += sent
        }
        return true
    }
}
