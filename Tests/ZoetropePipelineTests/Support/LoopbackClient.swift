#if canImport(Glibc)
import Glibc
#endif
import Foundation

/// A raw HTTP/1.1 client for a server on 127.0.0.1, for tests: it sends the request's head as
/// written (any `Host` header, or none) and reads the whole response until the server closes.
enum LoopbackClient {
    /// What came back: the status, the headers by lowercased name, and the body.
    struct Answer {
        var status: Int
        var headers: [String: String]
        var body: [UInt8]
        var text: String { String(decoding: body, as: UTF8.self) }
    }

    /// Sends `GET target` to 127.0.0.1:`port` with `host` as the Host header (nil: none) and
    /// `extraLines` after it; nil when the connection fails or the answer is not HTTP.
    static func get(_ target: String, port: Int, host: String?, method: String = "GET", extraLines: [String] = []) -> Answer? {
        let connection = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard connection >= 0 else { return nil }
        defer { close(connection) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(clamping: port)).bigEndian
        address.sin_addr = in_addr(s_addr: in_addr_t(0x7F00_0001).bigEndian)
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(connection, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else { return nil }
        let head = (["\(method) \(target) HTTP/1.1"] + (host.map { ["Host: \($0)"] } ?? []) + extraLines).joined(separator: "\r\n") + "\r\n\r\n"
        let bytes = Array(head.utf8)
        guard bytes.withUnsafeBytes({ send(connection, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }) == bytes.count else { return nil }
        var response: [UInt8] = [], buffer = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = buffer.withUnsafeMutableBytes { recv(connection, $0.baseAddress, $0.count, 0) }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { break }
            response += buffer[0..<count]
        }
        guard let end = response.firstRange(of: [13, 10, 13, 10]) else { return nil }
        let lines = String(decoding: response[..<end.lowerBound], as: UTF8.self).components(separatedBy: "\r\n")
        let words = (lines.first ?? "").split(separator: " ")
        guard words.count >= 2, let status = Int(words[1]) else { return nil }
        var headers: [String: String] = [:]
        for line in lines.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        return Answer(status: status, headers: headers, body: Array(response[end.upperBound...]))
    }
}
