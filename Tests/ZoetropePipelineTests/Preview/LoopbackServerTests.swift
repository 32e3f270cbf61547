import Foundation
import Synchronization
import Testing
import ZoetropeFiles
import ZoetropePipeline

/// The server `preview` answers with, on a port of 127.0.0.1 the system chooses: which requests
/// it answers (the Host rule, the methods) and how many at once.
@Suite struct LoopbackServerTests {
    /// A server answering every request it serves with its target, and how many it answers at
    /// once and at most.
    final class Echo: Sendable {
        let now = Atomic<Int>(0), most = Atomic<Int>(0)

        func respond(_ target: String) -> LoopbackServer.Response {
            let current = now.add(1, ordering: .sequentiallyConsistent).newValue
            _ = most.max(current, ordering: .sequentiallyConsistent)
            defer { now.subtract(1, ordering: .sequentiallyConsistent) }
            return LoopbackServer.Response(contentType: "text/plain", body: Array("served \(target)".utf8))
        }
    }

    @Test(arguments: ["127.0.0.1:PORT", "localhost:PORT", "LocalHost:PORT", " 127.0.0.1:PORT "])
    func aHostNamingTheLoopbackAddressOrLocalhostWithThePortIsServed(host: String) throws {
        let echo = Echo()
        let server = try LoopbackServer(port: 0) { echo.respond($0) }
        server.start()
        defer { server.stop() }
        let answer = try #require(LoopbackClient.get("/version?x=1", port: server.port, host: host.replacingOccurrences(of: "PORT", with: "\(server.port)")))
        #expect(answer.status == 200)
        #expect(answer.text == "served /version?x=1")
    }

    /// Issue 45, item 10: `Host: evil.example.com` got the page, so a page at a name that DNS
    /// rebinding points at 127.0.0.1 could read the preview.
    @Test(arguments: ["evil.example.com", "evil.example.com:PORT", "127.0.0.1", "localhost", "127.0.0.1:1", "[::1]:PORT",
                      "127.0.0.2:PORT", "localhost.:PORT", "0.0.0.0:PORT", nil])
    func anyOtherHostOrNoneIsRefusedWithTheHostsServed(host: String?) throws {
        let echo = Echo()
        let server = try LoopbackServer(port: 0) { echo.respond($0) }
        server.start()
        defer { server.stop() }
        let answer = try #require(LoopbackClient.get("/", port: server.port, host: host?.replacingOccurrences(of: "PORT", with: "\(server.port)")))
        #expect(answer.status == 403)
        #expect(answer.text == "only requests to host 127.0.0.1:\(server.port) or localhost:\(server.port) are served\n")
        #expect(echo.most.load(ordering: .sequentiallyConsistent) == 0, "the handler never saw it")
    }

    @Test(arguments: [(UInt64(0), 0, 0), (1, 0, 1), (999, 0, 1), (1_000, 0, 1), (999_999_001, 1, 0), (999_999_999, 1, 0),
                      (1_000_000_000, 1, 0), (2_500_000_001, 2, 500_001)])
    func aReceiveTimeoutsMicrosecondsStayBelowAMillion(nanoseconds: UInt64, seconds: Int, microseconds: Int) {
        let timeout = LoopbackSocket.receiveTimeout(nanoseconds: nanoseconds)
        #expect(timeout.seconds == seconds && timeout.microseconds == microseconds, "\(timeout)")
        #expect(timeout.microseconds < 1_000_000)
    }

    @Test func twoHostHeadersAreRefused() throws {
        let echo = Echo()
        let server = try LoopbackServer(port: 0) { echo.respond($0) }
        server.start()
        defer { server.stop() }
        let answer = try #require(LoopbackClient.get("/", port: server.port, host: "127.0.0.1:\(server.port)", extraLines: ["Host: evil.example.com"]))
        #expect(answer.status == 403)
    }

    @Test func headAnswersWithoutABodyAndOtherMethodsAre405() throws {
        let echo = Echo()
        let server = try LoopbackServer(port: 0) { echo.respond($0) }
        server.start()
        defer { server.stop() }
        let host = "localhost:\(server.port)"
        let head = try #require(LoopbackClient.get("/", port: server.port, host: host, method: "HEAD"))
        #expect(head.status == 200 && head.body.isEmpty && head.headers["content-length"] == "8")
        let post = try #require(LoopbackClient.get("/", port: server.port, host: host, method: "POST"))
        #expect(post.status == 405)
    }

    @Test func manyConcurrentConnectionsAreAllAnsweredAtMostTheCapAtOnce() throws {
        let echo = Echo()
        let server = try LoopbackServer(port: 0, connections: 3) { echo.respond($0) }
        server.start()
        defer { server.stop() }
        let port = server.port
        let answers = concurrently(40) { index in LoopbackClient.get("/\(index)", port: port, host: "127.0.0.1:\(port)")?.status ?? 0 }
        #expect(answers == Array(repeating: 200, count: 40))
        #expect(echo.most.load(ordering: .sequentiallyConsistent) <= 3)
    }

    /// Issue 45, item 13: `accept` failing with EMFILE was retried at once, forever.
    @Test func acceptFailuresWaitLongerEachTimeUpToASecondAndAConnectionResetsTheWait() {
        var backoff = AcceptBackoff()
        let waits = (0..<10).map { _ in backoff.delay(afterFailure: EMFILE) }
        #expect(waits == [0.01, 0.02, 0.04, 0.08, 0.16, 0.32, 0.64, 1, 1, 1])
        #expect(backoff.delay(afterFailure: ECONNABORTED) == 0, "one connection's failure: no wait")
        #expect(backoff.delay(afterFailure: EINTR) == 0)
        #expect(backoff.delay(afterFailure: ENFILE) == 1)
        backoff.accepted()
        #expect(backoff.delay(afterFailure: ENOMEM) == 0.01)
    }
}
