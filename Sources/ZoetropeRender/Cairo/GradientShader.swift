import Glibc
import ZoetropeCore

/// The colour of a layer's gradient fill at each pixel, as pixman computes it when Cairo fills
/// with a gradient (extend pad), so that `CoverageFill` can fill with it straight into the
/// pixels: Cairo's gradients cost 6 to 9 ns a pixel through pixman's general compositing path.
///
/// pixman's way, followed step by step:
/// - where a pixel's centre falls along the gradient, in 16.16 fixed point (truncated): along
///   the line from the start point to the end point, or its distance from the centre over the
///   radius;
/// - the two stops around it (a stop's offset in 16.16, rounded; its colour in 16 bits,
///   truncated, unpremultiplied, as Cairo hands stops to pixman); before the first stop and
///   after the last, their colours;
/// - alpha and each channel interpolated in single precision, each channel then multiplied by
///   alpha, and rounded to a byte.
///
/// A conic gradient, which pixman does not have, follows the same steps with the position the
/// pixel centre's angle about the centre, clockwise from the direction of `to`, in fractions of
/// a turn (glibc's `atan2`, in double precision), one pixel at a time: within a 65 536th of a
/// turn, and the colours pixman would give at that position. A polynomial atan in its place
/// was no faster over a colour wheel's frames (the rest of the loop costs as much), so it was
/// not kept.
///
/// A pixel's position is computed in floating point where pixman's geometry is in fixed point
/// (four pixels at a time in single precision), so a pixel may land on the other side of a
/// rounding step, and four pixels' channels round a half to even where pixman rounds it up:
/// within two levels of pixman's colour.
struct GradientShader {
    private enum Geometry {
        /// The position times 2¹⁶ is `x·dx + y·dy + origin` at the pixel centre (x, y).
        case linear(dx: Double, dy: Double, origin: Double)
        /// The position times 2¹⁶ is the length of `(x·u + y·v + origin)` at the pixel centre
        /// (x, y): its offset from the centre, in units of the radius over 2¹⁶.
        case radial(u: SIMD2<Double>, v: SIMD2<Double>, origin: SIMD2<Double>)
        /// The pixel centre (x, y) is `x·u + y·v + origin` from the centre, in user space, and
        /// the position is its angle less `zero`, in turns, times 2¹⁶.
        case conic(u: SIMD2<Double>, v: SIMD2<Double>, origin: SIMD2<Double>, zero: Double)
    }

    private let geometry: Geometry
    /// The stops' offsets in 16.16 with a stop before the first and after the last at the ends
    /// of Int32's range, and their colours (alpha, red, green, blue; 0…255, unpremultiplied).
    private let positions: [Int]
    private let colors: [SIMD4<Float>]

    /// Whether every colour is opaque: every stop's alpha 1, at opacity 1.
    let isOpaque: Bool

    /// The stops around the position last looked up, and how the colour runs between them.
    private var walker = Walker()

    /// `gradient` over a box of `width` × `height` in user space, its stops' alpha times
    /// `opacity`, for pixels reached through `transform` (user space to pixels). Nil when
    /// Cairo draws it otherwise: fewer than two stops, a gradient line or radius of no length,
    /// a radial gradient whose focus is off its centre, or a transform that cannot be inverted
    /// or is not finite.
    init?(_ gradient: Gradient, width: Double, height: Double, opacity: Double, transform t: AffineTransform) {
        guard gradient.stops.count >= 2 else { return nil }
        // From a pixel to user space.
        let determinant = t.xx * t.yy - t.xy * t.yx
        guard determinant.isFinite, abs(determinant) > 1e-12 else { return nil }
        let ixx = t.yy / determinant, ixy = -t.xy / determinant, iyx = -t.yx / determinant, iyy = t.xx / determinant
        let ix0 = -(ixx * t.x0 + ixy * t.y0), iy0 = -(iyx * t.x0 + iyy * t.y0)
        // A pixel's centre (x + ½, y + ½) in user space: x·column + y·row + corner.
        let column = SIMD2(ixx, iyx), row = SIMD2(ixy, iyy)
        let corner = SIMD2(ixx * 0.5 + ixy * 0.5 + ix0, iyx * 0.5 + iyy * 0.5 + iy0)
        let fixed = 65536.0
        switch gradient.kind {
        case let .linear(from, to):
            let start = SIMD2(from.x * width, from.y * height), d = SIMD2(to.x * width, to.y * height) - start
            let squared = (d * d).sum()
            guard squared.isFinite, squared > 1e-12 else { return nil }
            geometry = .linear(dx: (column * d).sum() / squared * fixed, dy: (row * d).sum() / squared * fixed,
                               origin: ((corner - start) * d).sum() / squared * fixed)
        case let .radial(center, radius):
            let r = radius * max(width, height)
            guard r.isFinite, r > 1e-6, gradient.focus == nil || gradient.focus == center else { return nil }
            let c = SIMD2(center.x * width, center.y * height), scale = fixed / r
            geometry = .radial(u: column * scale, v: row * scale, origin: (corner - c) * scale)
        case let .conic(center, to):
            let c = SIMD2(center.x * width, center.y * height), d = SIMD2(to.x * width, to.y * height) - c
            let zero = d.x == 0 && d.y == 0 || !(d.x.isFinite && d.y.isFinite) ? 0 : atan2(d.y, d.x)
            geometry = .conic(u: column, v: row, origin: corner - c, zero: zero)
        }
        switch geometry {
        case let .linear(dx, dy, origin): guard dx.isFinite, dy.isFinite, origin.isFinite else { return nil }
        case let .radial(u, v, origin): guard (u + v + origin).sum().isFinite else { return nil }
        case let .conic(u, v, origin, zero): guard (u + v + origin).sum().isFinite, zero.isFinite else { return nil }
        }
        // Cairo's stops: offsets and colour components clamped to 0…1, kept in order (a stop
        // added at an offset already there goes after it).
        let alpha = min(max(opacity, 0), 1)
        func short(_ value: Double) -> Float { Float(Int(saturating: min(max(value, 0), 1) * (65536 - 1e-5))) }
        var positions = [Int(Int32.min)], colors: [SIMD4<Float>] = []
        for stop in gradient.stops.enumerated().sorted(by: { ($0.element.offset, $0.offset) < ($1.element.offset, $1.offset) }) {
            let offset = min(max(stop.element.offset, 0), 1)
            positions.append(Int(saturating: offset * fixed, rounding: .toNearestOrEven))
            let color = stop.element.color
            colors.append(SIMD4(short(color.alpha * alpha), short(color.red), short(color.green), short(color.blue)) * (1 / 257 as Float))
        }
        positions.append(Int(Int32.max))
        isOpaque = colors.allSatisfy { $0.x == 255 }
        self.positions = positions
        self.colors = [colors[0]] + colors + [colors[colors.count - 1]]
    }

    /// Writes the premultiplied colours of `count` pixels of row `y` from column `x` on.
    mutating func colors(y: Int, x: Int, count: Int, into pixels: UnsafeMutablePointer<UInt32>) {
        // The walker in a local while the row is written, so that it stays in registers.
        var walker = self.walker
        defer { self.walker = walker }
        let lanes = SIMD4<Float>(0, 1, 2, 3)
        var index = 0
        switch geometry {
        case let .linear(dx, dy, origin):
            let start = Double(x) * dx + Double(y) * dy + origin
            // Four pixels at a time where their positions lie between the same two stops, else one.
            let fours = abs(start) < 4e6 && abs(start + Double(count) * dx) < 4e6 ? count : 0
            let step = Float(dx)
            while index < count {
                if index + 4 <= fours {
                    let positions = Self.floor(Float(start + Double(index) * dx) + lanes * step)
                    if walker.holds(positions) {
                        walker.store(positions, at: pixels + index)
                        index += 4
                        continue
                    }
                }
                let position = Self.truncated(start + Double(index) * dx)
                if position < walker.left || position >= walker.right { walker = locate(position) }
                pixels[index] = walker.color(at: position)
                index += 1
            }
        case let .radial(u, v, origin):
            let start = Double(x) * u + Double(y) * v + origin
            // Offsets within 2.8 × 10⁶ a side: lengths within the 2²² that `floor` takes.
            let fours = abs(start.x) < 1.4e6 && abs(start.y) < 1.4e6 && abs(u.x) * Double(count) < 1.4e6 && abs(u.y) * Double(count) < 1.4e6 ? count : 0
            let step = SIMD2<Float>(Float(u.x), Float(u.y))
            while index < count {
                if index + 4 <= fours {
                    let first = start + Double(index) * u
                    let offsetX = Float(first.x) + lanes * step.x, offsetY = Float(first.y) + lanes * step.y
                    let positions = Self.floor((offsetX * offsetX + offsetY * offsetY).squareRoot())
                    if walker.holds(positions) {
                        walker.store(positions, at: pixels + index)
                        index += 4
                        continue
                    }
                }
                let offset = start + Double(index) * u
                let position = Self.truncated((offset.x * offset.x + offset.y * offset.y).squareRoot())
                if position < walker.left || position >= walker.right { walker = locate(position) }
                pixels[index] = walker.color(at: position)
                index += 1
            }
        case let .conic(u, v, origin, zero):
            let start = Double(x) * u + Double(y) * v + origin
            while index < count {
                let offset = start + Double(index) * u
                // The angle from `zero`, clockwise, in turns within 0 ..< 1, times 2¹⁶ (a
                // whole turn wraps to 0).
                var turns = (atan2(offset.y, offset.x) - zero) / (2 * .pi)
                turns -= turns.rounded(.down)
                let position = Self.truncated(turns * 65536) & 0xFFFF
                if position < walker.left || position >= walker.right { walker = locate(position) }
                pixels[index] = walker.color(at: position)
                index += 1
            }
        }
    }

    /// ⌊value⌋ of each lane, |value| < 2²²: the nearest whole number (value + 1.5 × 2²³, less
    /// that again), one less where that is above it. Four pixels' positions are found in
    /// single precision and rounded down where pixman rounds a double toward zero: a position
    /// may differ by one 65 536th of the gradient.
    @inline(__always) private static func floor(_ value: SIMD4<Float>) -> SIMD4<Float> {
        let nearest = (value + 12_582_912) - 12_582_912
        return nearest - unsafeBitCast(unsafeBitCast(nearest .> value, to: SIMD4<UInt32>.self) & 0x3F80_0000, to: SIMD4<Float>.self)
    }

    /// Two stops of a gradient and the colours between them: at position p (16.16), alpha is
    /// `alphaSlope · p + alphaBase`, each channel `(slope · p + base)` times alpha.
    private struct Walker {
        var left = 1, right = 0
        var alphaSlope: Float = 0, alphaBase: Float = 0
        var redSlope: Float = 0, redBase: Float = 0, greenSlope: Float = 0, greenBase: Float = 0, blueSlope: Float = 0, blueBase: Float = 0

        /// The premultiplied colour at `position`, which lies between the two stops.
        @inline(__always) func color(at position: Int) -> UInt32 {
            let p = Float(position) * (1 / 65536 as Float)
            let alpha = alphaSlope * p + alphaBase
            let red = alpha * (redSlope * p + redBase), green = alpha * (greenSlope * p + greenBase), blue = alpha * (blueSlope * p + blueBase)
            return Self.byte(alpha) << 24 | Self.byte(red) << 16 | Self.byte(green) << 8 | Self.byte(blue)
        }

        /// Whether all four `positions` lie between the two stops (tested lane by lane, without
        /// a call to reduce the vector).
        @inline(__always) func holds(_ positions: SIMD4<Float>) -> Bool {
            let outside = unsafeBitCast(positions .< Float(left) .| positions .>= Float(right), to: SIMD2<UInt64>.self)
            return outside.x | outside.y == 0
        }

        /// The colours at four `positions` (whole numbers) between the two stops, stored at `pixels`.
        @inline(__always) func store(_ positions: SIMD4<Float>, at pixels: UnsafeMutablePointer<UInt32>) {
            let p = positions * (1 / 65536 as Float)
            let colors: SIMD4<UInt32>
            if alphaSlope == 0 {
                // Alpha the same all along (both stops' alpha alike): one byte for all four.
                let alpha = SIMD4<Float>(repeating: alphaBase)
                let red = alpha * (redSlope * p + redBase), green = alpha * (greenSlope * p + greenBase), blue = alpha * (blueSlope * p + blueBase)
                colors = SIMD4(repeating: Self.byte(alphaBase) << 24) | Self.bytes(red) &<< 16 | Self.bytes(green) &<< 8 | Self.bytes(blue)
            } else {
                let alpha = alphaSlope * p + alphaBase
                let red = alpha * (redSlope * p + redBase), green = alpha * (greenSlope * p + greenBase), blue = alpha * (blueSlope * p + blueBase)
                colors = Self.bytes(alpha) &<< 24 | Self.bytes(red) &<< 16 | Self.bytes(green) &<< 8 | Self.bytes(blue)
            }
            UnsafeMutableRawPointer(pixels).storeBytes(of: colors, as: SIMD4<UInt32>.self)
        }

        /// Four channels, which lie strictly within -½…255½ (between two stops' colours),
        /// rounded to the nearest byte: a number plus 1.5 × 2²³ is rounded to the nearest
        /// integer, in the low bits of the sum. pixman rounds a half up where this rounds it to
        /// even: they differ by a level at an exact half alone.
        @inline(__always) private static func bytes(_ value: SIMD4<Float>) -> SIMD4<UInt32> {
            unsafeBitCast(value + 12_582_912, to: SIMD4<UInt32>.self) &- 0x4B40_0000
        }

        /// `value` + ½ rounded down, within 0…255, as pixman converts a channel to a byte. A
        /// number of 0…256 plus 1.5 × 2²³ is rounded to the nearest integer, which is in the
        /// low bits of the sum.
        @inline(__always) private static func byte(_ value: Float) -> UInt32 {
            let half = min(max(value + 0.5, 0), 255.5)
            let sum = half + 12_582_912
            return sum.bitPattern &- 0x4B40_0000 &- (sum - 12_582_912 > half ? 1 : 0)
        }
    }

    /// `value` rounded toward zero, as pixman converts a position to fixed point; values past
    /// ±10¹⁵ (far beyond any stop) are clamped there first. No conversion that can trap: the
    /// nearest integer is read from the low bits of value + 1.5 × 2⁵², then moved toward zero.
    @inline(__always) private static func truncated(_ value: Double) -> Int {
        let clamped = min(max(value, -1e15), 1e15)
        let nearest = Int(truncatingIfNeeded: Int64(bitPattern: (clamped + 6_755_399_441_055_744).bitPattern) &- 0x4338_0000_0000_0000)
        if clamped >= 0 { return Double(nearest) > clamped ? nearest &- 1 : nearest }
        return Double(nearest) < clamped ? nearest &+ 1 : nearest
    }

    /// The stops around `position` and the colours between them, as pixman's gradient walker
    /// finds them when it resets.
    @inline(never) private func locate(_ position: Int) -> Walker {
        var next = 1
        while next < positions.count - 1 && position >= positions[next] { next += 1 }
        var walker = Walker(left: positions[next - 1], right: positions[next])
        let l = colors[next - 1], r = colors[next]
        let lx = Float(walker.left) * (1 / 65536 as Float), rx = Float(walker.right) * (1 / 65536 as Float)
        let slope: SIMD4<Float>, base: SIMD4<Float>
        if abs(rx - lx) < Float.leastNormalMagnitude || walker.left == Int(Int32.min) || walker.right == Int(Int32.max) {
            slope = SIMD4()
            base = (l + r) / SIMD4(2, 510, 510, 510)
        } else {
            let width = 1 / (rx - lx)
            let scale = SIMD4<Float>(1, 1 / 255, 1 / 255, 1 / 255)
            base = (l * rx - r * lx) * width * scale
            slope = (r - l) * width * scale
        }
        (walker.alphaSlope, walker.redSlope, walker.greenSlope, walker.blueSlope) = (slope.x, slope.y, slope.z, slope.w)
        (walker.alphaBase, walker.redBase, walker.greenBase, walker.blueBase) = (base.x, base.y, base.z, base.w)
        return walker
    }
}
