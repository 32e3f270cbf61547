import Dispatch
import Foundation

/// The main queue on the film's clock. A film has no run loop: work sent to the main queue
/// with Dispatch's own calls would never run, and `asyncAfter` would wait wall-clock time. So,
/// during a film's call (`film.at`'s calls, completions, gestures,
/// `film.show`, `film.run`), these two run their work as film calls: `async` after the call
/// running now, at the same film time (UIKit's next turn of the run loop), and `asyncAfter` at
/// the film time `deadline` is from now, read to the millisecond, so a chapter's
/// `delay(seconds:completion:)` helper waits film seconds, as the frames show them. Any other
/// queue, or a call outside every film's call, is Dispatch's own.
extension DispatchQueue {
    /// Mirrors `async(execute:)`: on the main queue during a film's call, a film call at the
    /// film's time, after the one running.
    public func async(execute work: @escaping @Sendable @convention(block) () -> Void) {
        guard let film = filmOfMainQueue else {
            async(group: nil, qos: .unspecified, flags: [], execute: work)
            return
        }
        MainActor.assumeIsolated { film.at(film.time) { work() } }
    }

    /// Mirrors `asyncAfter(deadline:execute:)`: on the main queue during a film's call, a film
    /// call `deadline − now` film seconds from the film's time (to the millisecond; a deadline
    /// already past is now; `.distantFuture` never comes).
    public func asyncAfter(deadline: DispatchTime, execute work: @escaping @Sendable @convention(block) () -> Void) {
        guard let film = filmOfMainQueue else {
            asyncAfter(deadline: deadline, qos: .unspecified, flags: [], execute: work)
            return
        }
        guard deadline != .distantFuture else { return }
        let now = DispatchTime.now().uptimeNanoseconds
        let nanoseconds = deadline.uptimeNanoseconds > now ? Double(deadline.uptimeNanoseconds - now) : 0
        let delay = (nanoseconds / 1_000_000).rounded() / 1000
        MainActor.assumeIsolated { film.at(film.time + delay) { work() } }
    }

    /// The film whose call is running, when this is the main queue; else nil (Dispatch's own
    /// behaviour applies). A film's calls run on the main actor.
    private var filmOfMainQueue: Film? {
        guard label == DispatchQueue.main.label else { return nil }
        return FilmCall.running
    }
}
