import Foundation
import SnapshotTesting
import ZoetropeCore
import ZoetropePipeline
import ZoetropeRender

/// swift-snapshot-testing strategies for animations, on Linux as anywhere: frames of a `Movie`
/// (a scene's, or a stage recorded while `PropertyAnimator` calls drove it) or of a `Scene`,
/// written as one PNG and compared by `zoetrope diff`'s rules.
///
/// ```swift
/// assertSnapshot(of: scene, as: .frames(at: [0, 0.5, 1]))
/// assertSnapshot(of: movie, as: .contactSheet(count: 8))
/// ```
///
/// Record modes, reference folders (`__Snapshots__`) and failure artifacts are the library's:
/// a failing run writes the new image where `SNAPSHOT_ARTIFACTS` says (else the temporary
/// folder) and, beside it, the diff image: differences in red, anti-aliasing in yellow.
extension Snapshotting where Value == Movie, Format == Data {
    /// The frames nearest to `times` (seconds), side by side in one image, at `scale` pixels per
    /// point.
    public static func frames(at times: [Double], scale: Double = 1, tolerance: Tolerance = Tolerance()) -> Snapshotting {
        Snapshotting(pathExtension: "png", diffing: .zoetropeImage(tolerance)) { movie in
            ZoetropeSnapshot.png { () throws(RenderError) -> RasterImage in
                let indices = times.map { min(max(Int(saturating: $0 * movie.framesPerSecond, rounding: .toNearestOrAwayFromZero), 0), movie.frames.count - 1) }
                return ZoetropeSnapshot.sideBySide(try indices.map { (index: Int) throws(RenderError) -> RasterImage in
                    try movie.image(ofFrame: index, scale: scale)
                })
            }
        }
    }

    /// A contact sheet of `count` evenly spaced frames, labelled with their times: a quick look
    /// at the whole animation.
    public static func contactSheet(count: Int = 12, columns: Int = 4, width: Int = 240, tolerance: Tolerance = Tolerance()) -> Snapshotting {
        Snapshotting(pathExtension: "png", diffing: .zoetropeImage(tolerance)) { movie in
            ZoetropeSnapshot.png { () throws(RenderError) -> RasterImage in
                let sheet = try movie.contactSheet(count: count, columns: columns, width: width)
                do { return try sheet.image() } catch { throw RenderError(message: "\(movie.name): \(error)", kind: .internalFailure) }
            }
        }
    }
}

extension Snapshotting where Value == Scene, Format == Data {
    /// The scene's frames nearest to `times`, side by side. A scene that cannot be evaluated is a
    /// mistake in the test itself, and stops it with its diagnostics.
    public static func frames(at times: [Double], scale: Double = 1, tolerance: Tolerance = Tolerance()) -> Snapshotting {
        Snapshotting<Movie, Data>.frames(at: times, scale: scale, tolerance: tolerance).pullback(ZoetropeSnapshot.movie(of:))
    }

    /// A contact sheet of `count` evenly spaced frames of the scene.
    public static func contactSheet(count: Int = 12, columns: Int = 4, width: Int = 240, tolerance: Tolerance = Tolerance()) -> Snapshotting {
        Snapshotting<Movie, Data>.contactSheet(count: count, columns: columns, width: width, tolerance: tolerance).pullback(ZoetropeSnapshot.movie(of:))
    }
}

extension Diffing where Value == Data {
    /// PNGs compared pixel by pixel by `diff`'s rules; a failure says how many pixels differ
    /// and where the diff image was written.
    public static func zoetropeImage(_ tolerance: Tolerance) -> Diffing {
        .diff(toData: { $0 }, fromData: { $0 }) { reference, actual in
            // A snapshot that could not be drawn holds the reason instead of a PNG: it fails even
            // against a reference recorded from the same failure.
            guard actual.starts(with: [0x89, 0x50, 0x4E, 0x47]) else { return (String(decoding: actual, as: UTF8.self), []) }
            guard reference != actual else { return nil }
            let expected: RasterImage, found: RasterImage
            do {
                expected = try RasterImage(pngData: Array(reference))
                found = try RasterImage(pngData: Array(actual))
            } catch {
                return ("the snapshot is not a readable PNG (\(error))", [])
            }
            guard expected.width == found.width, expected.height == found.height else {
                return ("sizes differ: \(expected.width)×\(expected.height) recorded, \(found.width)×\(found.height) now", [])
            }
            let comparison = tolerance.comparison
            let result = comparison.diff.compare(expected, found)
            guard !comparison.isWithinTolerance(result) else { return nil }
            let percent = (Double(result.differingPixels) / Double(max(result.totalPixels, 1)) * 10_000).rounded() / 100
            var message = "\(result.differingPixels) pixels differ (\(percent) %), \(result.antialiasedPixels) anti-aliased"
            let diff = (try? result.picture.pngData()).map { Data($0) }
            if let diff {
                let path = SnapshotArtifact.diffImagePath(reference: reference)
                try? FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
                if (try? diff.write(to: URL(fileURLWithPath: path))) != nil { message += "; diff image: \(path)" }
            }
            return (message, diff.map { [.data($0, name: "diff.png")] } ?? [])
        }
    }
}

enum ZoetropeSnapshot {
    static func movie(of scene: Scene) -> Movie {
        do {
            return try Movie(scene: scene)
        } catch {
            fatalError("the scene \"\(scene.name)\" cannot be evaluated: \(error.diagnostics.map(\.description).joined(separator: "; "))")
        }
    }

    /// `images` in a row, left to right, on a transparent background as tall as the tallest.
    static func sideBySide(_ images: [RasterImage]) -> RasterImage {
        let width = images.reduce(0) { $0 + $1.width }, height = images.map(\.height).max() ?? 0
        var pixels = [RasterImage.Pixel](repeating: RasterImage.Pixel(red: 0, green: 0, blue: 0, alpha: 0), count: width * height)
        var left = 0
        for image in images {
            for y in 0..<image.height {
                for x in 0..<image.width { pixels[y * width + left + x] = image[x, y] }
            }
            left += image.width
        }
        return RasterImage(width: width, height: height, pixels: pixels)
    }

    /// The image as PNG data; a failure to draw is a failed snapshot, not a crash: its message
    /// is the data, which `zoetropeImage` always reports as a failure.
    static func png(_ make: () throws(RenderError) -> RasterImage) -> Data {
        do {
            return Data(try make().pngData())
        } catch {
            return Data("zoetrope could not draw the snapshot: \(error)".utf8)
        }
    }
}
