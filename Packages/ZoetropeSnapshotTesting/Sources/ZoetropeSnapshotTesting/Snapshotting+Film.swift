import Foundation
import SnapshotTesting
import ZoetropePipeline
import ZoetropeUIKit

/// The strategies of a `Movie`, for a `Film`: its frames so far (`film.movie`), as UIKit code
/// drew them. Snapshots of a film are taken on the main actor, where films live (a test that
/// makes one is `@MainActor`).
///
/// ```swift
/// @MainActor @Test func theCardSlidesIn() {
///     let film = Film(size: CGSize(width: 320, height: 240), framesPerSecond: 30)
///     …
///     film.advanceUntilIdle()
///     assertSnapshot(of: film, as: .frames(at: [0, 0.5, 1]))
/// }
/// ```
extension Snapshotting where Value == Film, Format == Data {
    /// The film's frames nearest to `times` (seconds), side by side in one image.
    public static func frames(at times: [Double], scale: Double = 1, tolerance: Tolerance = Tolerance()) -> Snapshotting {
        Snapshotting<Movie, Data>.frames(at: times, scale: scale, tolerance: tolerance).pullback(movie(of:))
    }

    /// A contact sheet of `count` evenly spaced frames of the film so far.
    public static func contactSheet(count: Int = 12, columns: Int = 4, width: Int = 240, tolerance: Tolerance = Tolerance()) -> Snapshotting {
        Snapshotting<Movie, Data>.contactSheet(count: count, columns: columns, width: width, tolerance: tolerance).pullback(movie(of:))
    }

    /// `film.movie`, read on the main actor, where the snapshot is taken.
    private static func movie(of film: Film) -> Movie {
        MainActor.assumeIsolated { film.movie }
    }
}
