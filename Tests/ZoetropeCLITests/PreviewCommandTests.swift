import Foundation
import Testing

/// `zoetrope preview` as run: the server it starts on a port the system chooses, asked over a
/// socket as curl would; the page in a browser is Tests/Browser/pages.py's.
@Suite struct PreviewCommandTests {
    /// Sends `GET target` with `host` as the Host header (nil: none) to 127.0.0.1:`port`;
    /// the status line and the body, or nil when nothing came back.
    private func get(_ target: String, port: Int, host: String?) -> (status: String, body: String)? {
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
        let head = Array(("GET \(target) HTTP/1.1\r\n" + (host.map { "Host: \($0)\r\n" } ?? "") + "\r\n").utf8)
        guard head.withUnsafeBytes({ send(connection, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }) == head.count else { return nil }
        var response: [UInt8] = [], buffer = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = buffer.withUnsafeMutableBytes { recv(connection, $0.baseAddress, $0.count, 0) }
            guard count > 0 else { break }
            response += buffer[0..<count]
        }
        guard let end = response.firstRange(of: [13, 10, 13, 10]) else { return nil }
        let status = String(decoding: response.prefix { $0 != 13 }, as: UTF8.self)
        return (status, String(decoding: response[end.upperBound...], as: UTF8.self))
    }

    @Test func theServerItStartsAnswersItsOwnHostAndRefusesAnyOther() throws {
        let folder = try TemporaryFolder()
        let scene = try folder.write("slide.yaml", slideScene)
        let process = Process()
        process.executableURL = CommandRunner.binary
        process.arguments = ["preview", scene, "--port", "0"]
        let out = Pipe()
        process.standardOutput = out
        process.standardError = FileHandle.nullDevice
        try process.run()
        defer {
            // SIGKILL: a child of the test process may have SIGTERM blocked, as its thread had.
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
        }
        // The first line names the port: preview: http://127.0.0.1:PORT/ (…; Ctrl-C to stop)
        var line: [UInt8] = []
        while line.last != 10, let byte = try out.fileHandleForReading.read(upToCount: 1)?.first { line.append(byte) }
        let printed = String(decoding: line, as: UTF8.self)
        let port = try #require(printed.firstMatch(of: /127\.0\.0\.1:(\d+)\//).flatMap { Int($0.1) }, "\(printed)")

        let version = try #require(get("/version", port: port, host: "127.0.0.1:\(port)"))
        #expect(version.status == "HTTP/1.1 200 OK" && version.body == "1")
        let frame = try #require(get("/frames/frame_00012.png?v=1", port: port, host: "localhost:\(port)"))
        #expect(frame.status == "HTTP/1.1 200 OK")
        for host in ["evil.example.com", "evil.example.com:\(port)", nil] {
            let refused = try #require(get("/", port: port, host: host))
            #expect(refused.status == "HTTP/1.1 403 Forbidden", "\(host ?? "no Host")")
            #expect(refused.body == "only requests to host 127.0.0.1:\(port) or localhost:\(port) are served\n")
        }
    }

    @Test func itsHelpDocumentsTheEndpointsForScripts() throws {
        let help = try CommandRunner.run(["help", "preview"])
        #expect(help.status == 0)
        // Compared with the lines as wrapped joined again.
        let text = help.stdout.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        for needed in ["/version", "/frames/frame_NNNNN.png", "The Host header must be", "127.0.0.1:PORT or localhost:PORT", "403", "503 with Retry-After",
                       "$ curl -s http://127.0.0.1:8765/version"] {
            #expect(text.contains(needed), "\(needed)")
        }
    }
}
