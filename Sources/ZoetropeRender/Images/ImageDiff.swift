/// Compares two images as pixelmatch does: colour distance in YIQ space against a threshold,
/// with anti-aliased pixels told apart from real differences.
///
/// A pixel differs when its YIQ distance (each colour first blended over white by its alpha)
/// exceeds 35215·threshold² (35215 is the largest possible distance); a differing pixel that
/// either image shows as anti-aliasing (a neighbour both brighter and darker, with several
/// identical neighbours of its own) counts as anti-aliased instead.
public struct ImageDiff: Sendable {
    public struct Result: Sendable {
        /// Pixels that differ (anti-aliasing excluded).
        public var differingPixels: Int
        /// Differing pixels explained by anti-aliasing.
        public var antialiasedPixels: Int
        public var totalPixels: Int
        /// Differences in red, anti-aliasing in yellow, over the expected image faded to grey.
        public var picture: RasterImage
    }

    /// 0.1, pixelmatch's default: smaller is stricter.
    public var threshold: Double
    /// Count anti-aliased pixels as differences too.
    public var includeAntialiasing: Bool

    public init(threshold: Double = 0.1, includeAntialiasing: Bool = false) {
        self.threshold = threshold
        self.includeAntialiasing = includeAntialiasing
    }

    /// Compares images of the same size (callers check the size first).
    public func compare(_ expected: RasterImage, _ actual: RasterImage) -> Result {
        let width = expected.width, height = expected.height
        let limit = 35215 * threshold * threshold
        var differing = 0, antialiased = 0
        var output = [RasterImage.Pixel](repeating: RasterImage.Pixel(red: 255, green: 255, blue: 255), count: width * height)
        for y in 0..<height {
            for x in 0..<width {
                let index = y * width + x
                let delta = Self.colorDelta(expected.pixels[index], actual.pixels[index], brightnessOnly: false)
                if abs(delta) > limit {
                    if !includeAntialiasing && (Self.isAntialiased(expected, x, y, other: actual) || Self.isAntialiased(actual, x, y, other: expected)) {
                        antialiased += 1
                        output[index] = RasterImage.Pixel(red: 255, green: 255, blue: 0)
                    } else {
                        differing += 1
                        output[index] = RasterImage.Pixel(red: 255, green: 0, blue: 0)
                    }
                } else {
                    // The original, faded: grey at a tenth of its contrast over white.
                    let p = Self.blended(expected.pixels[index])
                    let grey = p.r * 0.29889531 + p.g * 0.58662247 + p.b * 0.11448223
                    let value = UInt8(clamping: Int(saturating: 255 + (grey - 255) * 0.1))
                    output[index] = RasterImage.Pixel(red: value, green: value, blue: value)
                }
            }
        }
        return Result(differingPixels: differing, antialiasedPixels: antialiased, totalPixels: width * height,
                      picture: RasterImage(width: width, height: height, pixels: output))
    }

    private static func blended(_ p: RasterImage.Pixel) -> (r: Double, g: Double, b: Double) {
        let a = Double(p.alpha) / 255
        return (255 + (Double(p.red) - 255) * a, 255 + (Double(p.green) - 255) * a, 255 + (Double(p.blue) - 255) * a)
    }

    /// pixelmatch's squared YIQ distance, negative when the second colour is the brighter.
    static func colorDelta(_ first: RasterImage.Pixel, _ second: RasterImage.Pixel, brightnessOnly: Bool) -> Double {
        if first == second { return 0 }
        let a = blended(first), b = blended(second)
        let y1 = a.r * 0.29889531 + a.g * 0.58662247 + a.b * 0.11448223
        let y2 = b.r * 0.29889531 + b.g * 0.58662247 + b.b * 0.11448223
        let dy = y1 - y2
        if brightnessOnly { return dy }
        let i = (a.r * 0.59597799 - a.g * 0.27417610 - a.b * 0.32180189) - (b.r * 0.59597799 - b.g * 0.27417610 - b.b * 0.32180189)
        let q = (a.r * 0.21147017 - a.g * 0.52261711 + a.b * 0.31114694) - (b.r * 0.21147017 - b.g * 0.52261711 + b.b * 0.31114694)
        let delta = 0.5053 * dy * dy + 0.299 * i * i + 0.1957 * q * q
        return y1 > y2 ? -delta : delta
    }

    /// pixelmatch's anti-aliasing test: among the 8 neighbours at most two of equal brightness,
    /// one darkest and one brightest, and one of those sits in a flat region of both images.
    static func isAntialiased(_ image: RasterImage, _ x: Int, _ y: Int, other: RasterImage) -> Bool {
        let x0 = max(x - 1, 0), y0 = max(y - 1, 0), x1 = min(x + 1, image.width - 1), y1 = min(y + 1, image.height - 1)
        var zeroes = x == x0 || x == x1 || y == y0 || y == y1 ? 1 : 0
        var minimum = 0.0, maximum = 0.0
        var darkest: (Int, Int)?, brightest: (Int, Int)?
        let center = image[x, y]
        for nx in x0...x1 {
            for ny in y0...y1 where nx != x || ny != y {
                let delta = colorDelta(center, image[nx, ny], brightnessOnly: true)
                if delta == 0 {
                    zeroes += 1
                    if zeroes > 2 { return false }
                } else if delta < minimum {
                    minimum = delta
                    darkest = (nx, ny)
                } else if delta > maximum {
                    maximum = delta
                    brightest = (nx, ny)
                }
            }
        }
        guard let darkest, let brightest else { return false }
        return (hasManySiblings(image, darkest.0, darkest.1) && hasManySiblings(other, darkest.0, darkest.1))
            || (hasManySiblings(image, brightest.0, brightest.1) && hasManySiblings(other, brightest.0, brightest.1))
    }

    /// More than two of the pixel's neighbours are exactly the same colour.
    private static func hasManySiblings(_ image: RasterImage, _ x: Int, _ y: Int) -> Bool {
        let x0 = max(x - 1, 0), y0 = max(y - 1, 0), x1 = min(x + 1, image.width - 1), y1 = min(y + 1, image.height - 1)
        var zeroes = x == x0 || x == x1 || y == y0 || y == y1 ? 1 : 0
        let center = image[x, y]
        for nx in x0...x1 {
            for ny in y0...y1 where (nx != x || ny != y) && image[nx, ny] == center {
                zeroes += 1
                if zeroes > 2 { return true }
            }
        }
        return false
    }
}
