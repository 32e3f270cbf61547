import ZoetropeRender
@testable import ZoetropeUIKit

/// A white film of `size` at 30 frames a second, and its frame at the film's time.
@MainActor
enum ControlsTesting {
    static func film(width: CGFloat = 400, height: CGFloat = 300) -> Film {
        Film(size: CGSize(width: width, height: height), framesPerSecond: 30, backgroundColor: .white)
    }

    /// The frame at (or just before) the film's current time.
    static func frame(_ film: Film) throws -> RasterImage {
        film.advance(to: film.time)
        return try film.movie.image(ofFrame: Int(saturating: film.time * 30 + 1e-6, rounding: .down))
    }

    /// The darkest channel value among the pixels of `rect` (points = pixels at scale 1).
    static func darkest(in image: RasterImage, _ rect: CGRect) -> Int {
        var darkest = 255
        for y in Int(saturating: Double(rect.minY), rounding: .down)..<Int(saturating: Double(rect.maxY), rounding: .down) {
            for x in Int(saturating: Double(rect.minX), rounding: .down)..<Int(saturating: Double(rect.maxX), rounding: .down) {
                let pixel = image[x, y]
                darkest = min(darkest, Int(pixel.red), Int(pixel.green), Int(pixel.blue))
            }
        }
        return darkest
    }
}
