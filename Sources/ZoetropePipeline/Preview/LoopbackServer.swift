#if canImport(Glibc)
import Glibc
#endif
import Foundation
import ZoetropeRender

/// A small HTTP/1.1 server on the loopback interface only (127.0.0.1): GET and HEAD requests,
/// one response per connection, each connection on a thread of its own. What `preview` serves
/// its page and frames with; nothing outside this machine can reach it.
public final class LoopbackServer: Sendable {
    public struct Response: Sendable {
        public var status: Int
        public var contentType: String
        public var body: [UInt8]

        public init(status: Int = 200, contentType: String, body: [UInt8]) {
            self.status = status
            self.contentType = contentType
            self.body = body
        }

        static func text(_ status: Int, _ text: String) -> Response {
            Response(status: status, contentType: "text/plain; charset=utf-8", body: Array(text.utf8))
        }
    }

    /// The port it listens on (the one the system chose, when asked for 0).
    public let port: Int
    private let listener: Int32
    /// Answers a request's path (with its query): called on the connection's thread.
    private let handler: @Sendable (String) -> Response

    /// Listens on 127.0.0.1:`port` (0: any free port); exit 73 when it cannot.
    public init(port: Int, handler: @escaping @Sendable (String) -> Response) throws(RenderError) {
        let listener = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
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
        guard bound == 0, listen(listener, 64) == 0 else {
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
        self.handler = handler
    }

    /// Accepts connections until the process ends.
    public func serve() -> Never {
        while true {
            let connection = accept(listener, nil, nil)
            guard connection >= 0 else { continue }
            Thread.detachNewThread { [self] in answer(connection) }
        }
    }

    /// Reads one request (its head, at most 16 KiB, within 5 seconds) and writes its response.
    private func answer(_ connection: Int32) {
        defer { close(connection) }
        var timeout = timeval(tv_sec: 5, tv_usec: 0)
        setsockopt(connection, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var head: [UInt8] = [], buffer = [UInt8](repeating: 0, count: 4096)
        while head.count < 16_384, !head.ends(with: [13, 10, 13, 10]) {
            let count = buffer.withUnsafeMutableBytes { recv(connection, $0.baseAddress, $0.count, 0) }
            guard count > 0 else { return }
            head += buffer[0..<count]
            if let end = head.firstRange(of: [13, 10, 13, 10]) { head = Array(head[..<end.upperBound]); break }
        }
        let words = String(decoding: head.prefix { $0 != 13 && $0 != 10 }, as: UTF8.self).split(separator: " ")
        let response: Response
        if words.count == 3, ["GET", "HEAD"].contains(words[0]), words[1].hasPrefix("/") {
            response = handler(String(words[1]))
        } else {
            response = .text(405, "only GET and HEAD are served\n")
        }
        let reason = [200: "OK", 404: "Not Found", 405: "Method Not Allowed", 500: "Internal Server Error"][response.status] ?? "Status"
        let header = "HTTP/1.1 \(response.status) \(reason)\r\nContent-Type: \(response.contentType)\r\nContent-Length: \(response.body.count)\r\n"
            + "Cache-Control: no-store\r\nConnection: close\r\n\r\n"
        send(connection, Array(header.utf8) + (words.first == "HEAD" ? [] : response.body))
    }

    private func send(_ connection: Int32, _ bytes: [UInt8]) {
        var offset = 0
        while offset < bytes.count {
            let sent = bytes[offset...].withUnsafeBytes { Glibc.send(connection, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            guard sent > 0 else { return }
            offset += sent
        }
    }
}

extension Array where Element == UInt8 {
    fileprivate func ends(with suffix: [UInt8]) -> Bool { count >= suffix.count && Array(self[(count - suffix.count)...]) == suffix }
}
