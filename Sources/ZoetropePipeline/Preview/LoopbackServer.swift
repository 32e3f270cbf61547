import Foundation
import Synchronization
import ZoetropeFiles
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
    private let listener: LoopbackSocket
    /// Answers a request's path (with its query): called on the connection's thread.
    private let handler: @Sendable (String) -> Response
    private let started = Atomic<Bool>(false), stopped = Atomic<Bool>(false)
    /// Accepting threads still running: the last to end closes the listener.
    private let running = Atomic<Int>(0)

    /// How long a client has to send its request's head, and to take the response, in seconds.
    static let readTimeout = 5, sendTimeout = 10

    /// Listens on 127.0.0.1:`port` (0: any free port), to answer at most `connections`
    /// connections at once; `cannotCreate` when it cannot.
    public init(port: Int, connections: Int = 16, handler: @escaping @Sendable (String) -> Response) throws(RenderError) {
        do throws(LoopbackSocket.ListenFailure) {
            listener = try LoopbackSocket(port: port)
        } catch {
            switch error {
            case .noSocket(let reason):
                throw RenderError(message: "preview: cannot open a socket (\(reason))", kind: .cannotCreate)
            case .cannotListen(let reason):
                throw RenderError(message: "preview: cannot listen on 127.0.0.1:\(port) (\(reason))", kind: .cannotCreate)
            }
        }
        self.port = listener.port
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
            listener.close()
            return
        }
        // Wakes the threads blocked in accept(2), which then fails with EINVAL.
        listener.shutdown()
    }

    private func acceptLoop() {
        var backoff = AcceptBackoff()
        while !stopped.load(ordering: .sequentiallyConsistent) {
            let accepted = listener.accept()
            guard case .success(let connection) = accepted else {
                if stopped.load(ordering: .sequentiallyConsistent) { break }
                if case .failure(let failure) = accepted {
                    let delay = backoff.delay(afterFailure: failure.errno)
                    if delay > 0 { Thread.sleep(forTimeInterval: delay) }
                }
                continue
            }
            backoff.accepted()
            answer(connection)
        }
        if running.subtract(1, ordering: .sequentiallyConsistent).newValue == 0 { listener.close() }
    }

    /// Reads one request (its head, at most 16 KiB, within `readTimeout` seconds in all) and
    /// writes its response.
    private func answer(_ connection: LoopbackSocket.Connection) {
        defer { connection.close() }
        connection.setSendTimeout(seconds: Self.sendTimeout)
        // Nanoseconds of the monotonic clock: the head has readTimeout seconds in all.
        let deadline = DispatchTime.now().uptimeNanoseconds + UInt64(Self.readTimeout) * 1_000_000_000
        var head: [UInt8] = [], buffer = [UInt8](repeating: 0, count: 4096)
        while head.count < 16_384 {
            let now = DispatchTime.now().uptimeNanoseconds
            guard now < deadline else { return }
            // Without a timeout an idle client would hold this thread for good: drop it instead.
            let count = connection.receive(into: &buffer, waitingAtMost: deadline - now)
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
        guard connection.send(Array(header.utf8)[...], more: request.method != "HEAD"), request.method != "HEAD" else { return }
        _ = connection.send(response.body[...], more: false)
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
}
