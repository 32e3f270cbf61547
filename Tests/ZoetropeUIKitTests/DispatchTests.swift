import Testing
import ZoetropeUIKit

/// The main queue on the film's clock: what a chapter's `delay(seconds:)` helper and its
/// `DispatchQueue.main.async` completions do, at film times.
@MainActor @Suite struct DispatchTests {
    /// The helper such chapters define, verbatim in shape.
    private func delay(seconds: Double, completion: @escaping @Sendable () -> Void) {
        DispatchQueue.main.asyncAfter(deadline: .now() + seconds, execute: completion)
    }

    @Test func asyncAfterWaitsFilmSecondsAndAsyncRunsAfterTheCall() {
        let film = Film(size: CGSize(width: 100, height: 100), framesPerSecond: 10)
        let banner = UIView(frame: CGRect(x: 0, y: 0, width: 50, height: 20))
        film.rootView.addSubview(banner)
        nonisolated(unsafe) var order: [String] = []
        film.at(0.5) {
            self.delay(seconds: 1) { MainActor.assumeIsolated { banner.alpha = 0 } }
            DispatchQueue.main.asyncAfter(deadline: .now() + 0.25) { MainActor.assumeIsolated { banner.center.x = 80 } }
            DispatchQueue.main.async { order.append("async") }
            order.append("call")
        }
        film.advance(to: 0.5)
        #expect(order == ["call", "async"], "the main queue's async runs after the call, at its film time")
        film.advance(to: 0.7)
        #expect(banner.center.x == 25, "0.25 s after 0.5 is 0.75: not yet")
        film.advance(to: 0.8)
        #expect(banner.center.x == 80)
        film.advance(to: 1.4)
        #expect(banner.alpha == 1)
        film.advance(to: 1.5)
        #expect(banner.alpha == 0, "delay(seconds: 1) from 0.5 s runs at 1.5 s of film")
        let frames = film.movie
        #expect(frames.frames.count == 16)
    }

    @Test func theDistantFutureNeverComes() {
        let film = Film(size: CGSize(width: 10, height: 10), framesPerSecond: 10)
        nonisolated(unsafe) var ran = false
        film.at(0) { DispatchQueue.main.asyncAfter(deadline: .distantFuture) { ran = true } }
        film.advanceUntilIdle()
        #expect(!ran && film.time == 0)
    }
}
