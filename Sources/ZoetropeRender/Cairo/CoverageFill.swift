import ZoetropeCore

/// Fills a path with one colour straight into the pixels of an ARGB32 surface, by the exact
/// area each pixel has inside the path: what Cairo's fill does, at a fraction of its cost for
/// the small and middling shapes a Lottie frame is made of (Cairo samples 15 sub-rows a pixel
/// row and goes through its span compositor for every fill).
///
/// The path is flattened (curves within `tolerance` device pixels, as Cairo's default), and
/// each line adds the signed area it sweeps to an accumulation row per pixel row (the
/// coverage of a pixel is the running sum along its row: 1 inside, 0 outside, the area in
/// between). Only the cells a line touches are marked; a sweep of each row then fills the
/// runs between marked cells at once (a solid run is a copy of one word) and blends the
/// marked ones. Interior pixels are Cairo's bytes; an edge pixel's coverage is exact where
/// Cairo's is sampled, so edges may differ from Cairo's by a few levels.
///
/// One filler per drawing context: it keeps its rows between fills, zeroed again as each row
/// is swept.
final class CoverageFill {
    /// Device pixels a flattened curve may stray from the curve (Cairo's default tolerance).
    static let tolerance = 0.1
    /// The most line segments a curve is cut into: a curve far larger than any surface.
    private static let mostSteps = 1024
    /// Rows accumulated at once.
    private static let bandRows = 16

    /// Accumulated signed areas, `width + 2` cells per row of a band of the region filled.
    private var cells: [Float] = []
    /// A bit per cell a line wrote to, `words` 64-bit words per row of the band.
    private var marks: [UInt64] = []
    /// The flattened path: x0, y0, x1, y1 of each line, in pixels of the surface.
    private var lines: [Double] = []
    /// The outlines of strokes, its points kept between strokes.
    private var outline = StrokeOutline()

    /// Where a fill draws: the surface's pixels and the box (in its pixels) the clip leaves.
    struct Target {
        var pixels: UnsafeMutablePointer<UInt32>
        /// Pixels from one row's start to the next's.
        var stride: Int
        var minX, minY, maxX, maxY: Int
    }

    /// Fills `path` under `transform` (user space to the surface's pixels) with `color`
    /// (premultiplied ARGB, as Cairo stores it) over what is there, by the non-zero or the
    /// even-odd rule. False, having drawn nothing, when the path has a point past 10⁷ pixels
    /// or one that is not finite: Cairo fills those.
    func fill(_ path: SVGPath, transform: AffineTransform, color: UInt32, evenOdd: Bool, into target: Target) -> Bool {
        guard flatten(path, transform: transform) else { return false }
        var paint = Solid(color: color)
        rasterize(&paint, evenOdd: evenOdd, into: target)
        return true
    }

    /// Fills `path` as `fill(_:transform:color:evenOdd:into:)` does, each pixel's colour taken
    /// from `gradient` (whose transform must be the same).
    func fill(_ path: SVGPath, transform: AffineTransform, gradient: GradientShader, evenOdd: Bool, into target: Target) -> Bool {
        guard flatten(path, transform: transform) else { return false }
        var paint = Shaded(shader: gradient)
        rasterize(&paint, evenOdd: evenOdd, into: target)
        return true
    }

    /// Strokes `path` under `transform` with `color`, `width` wide (in user space), with Cairo's
    /// caps, joins and mitre limit, by filling the stroke's outline (`StrokeOutline`) by the
    /// non-zero rule. False, having drawn nothing, when Cairo must stroke it (`StrokeOutline`
    /// says when), or a point lies past 10⁷ pixels or is not finite.
    func stroke(_ path: SVGPath, width: Double, cap: LineCap, join: LineJoin, miterLimit: Double = 10, transform: AffineTransform,
                color: UInt32, into target: Target) -> Bool {
        lines.removeAll(keepingCapacity: true)
        guard outline.build(path, width: width, cap: cap, join: join, miterLimit: miterLimit, transform: transform, into: &lines),
              lines.allSatisfy({ $0.isFinite && abs($0) < 1e7 }) else { return false }
        var paint = Solid(color: color)
        rasterize(&paint, evenOdd: false, into: target)
        return true
    }

    /// What a fill blends into the pixels at a coverage: one colour, or a gradient's colours.
    private protocol Paint {
        /// Starts a fill of the columns `left ..< left + width` of the surface.
        mutating func begin(left: Int, width: Int)
        /// Blends the paint at `coverage` (1…255) over `count` pixels from `pixels`, the first
        /// at column `x` of row `y` of the surface.
        mutating func blend(coverage: UInt32, into pixels: UnsafeMutablePointer<UInt32>, x: Int, y: Int, count: Int)
    }

    private struct Solid: Paint {
        let color: UInt32

        func begin(left: Int, width: Int) {}

        @inline(__always) func blend(coverage: UInt32, into pixels: UnsafeMutablePointer<UInt32>, x: Int, y: Int, count: Int) {
            CoverageFill.blend(color, coverage: coverage, into: pixels, count: count)
        }
    }

    /// A gradient's colours, found for a whole row of the fill's columns at once (four pixels
    /// at a time) when the row's first pixel is blended.
    private struct Shaded: Paint {
        var shader: GradientShader
        private var colors: [UInt32] = []
        private var left = 0, row = Int.min

        init(shader: GradientShader) { self.shader = shader }

        mutating func begin(left: Int, width: Int) {
            self.left = left
            row = Int.min
            if colors.count < width { colors = [UInt32](repeating: 0, count: width) }
        }

        @inline(__always) mutating func blend(coverage: UInt32, into pixels: UnsafeMutablePointer<UInt32>, x: Int, y: Int, count: Int) {
            colors.withUnsafeMutableBufferPointer { colors in
                if y != row {
                    shader.colors(y: y, x: left, count: colors.count, into: colors.baseAddress!)
                    row = y
                }
                let source = colors.baseAddress! + (x - left)
                if coverage == 255 && shader.isOpaque {
                    pixels.update(from: source, count: count)
                    return
                }
                for index in 0..<count {
                    let color = coverage == 255 ? source[index] : CoverageFill.multiply(source[index], by: coverage)
                    pixels[index] = color &+ CoverageFill.multiply(pixels[index], by: 255 - color >> 24)
                }
            }
        }
    }

    /// Blends `paint` into the target by the coverage of the closed polygons in `lines`.
    private func rasterize<P: Paint>(_ paint: inout P, evenOdd: Bool, into target: Target) {
        var minX = Double.infinity, minY = Double.infinity, maxX = -Double.infinity, maxY = -Double.infinity
        for index in Swift.stride(from: 0, to: lines.count, by: 2) {
            minX = min(minX, lines[index])
            maxX = max(maxX, lines[index])
            minY = min(minY, lines[index + 1])
            maxY = max(maxY, lines[index + 1])
        }
        guard minX <= maxX else { return }
        // The region: the path's pixels within the clip. Left of it a line still counts (its
        // whole area lies left of every pixel of the row); right of it, nothing does.
        let left = max(target.minX, Int(saturating: minX, rounding: .down)), right = min(target.maxX, Int(saturating: maxX, rounding: .up) + 1)
        let top = max(target.minY, Int(saturating: minY, rounding: .down)), bottom = min(target.maxY, Int(saturating: maxY, rounding: .up) + 1)
        guard left < right, top < bottom else { return }
        let width = right - left, height = bottom - top
        let rowCells = width + 2, words = (rowCells + 63) / 64
        // A band of rows at a time, so that its cells stay in the cache and a large fill needs
        // no more memory than a small one (new pages cost more than filling them).
        paint.begin(left: left, width: width)
        let band = min(Self.bandRows, height)
        if cells.count < rowCells * band { cells = [Float](repeating: 0, count: rowCells * band) }
        if marks.count < words * band { marks = [UInt64](repeating: 0, count: words * band) }
        cells.withUnsafeMutableBufferPointer { cells in
            marks.withUnsafeMutableBufferPointer { marks in
                lines.withUnsafeBufferPointer { lines in
                    for bandTop in Swift.stride(from: 0, to: height, by: band) {
                        let rows = min(band, height - bandTop)
                        let region = Region(cells: cells.baseAddress!, marks: marks.baseAddress!, rowCells: rowCells, words: words,
                                            width: Double(width), height: Double(rows))
                        let originY = Double(top + bandTop), originX = Double(left)
                        for index in Swift.stride(from: 0, to: lines.count, by: 4) {
                            let y0 = lines[index + 1] - originY, y1 = lines[index + 3] - originY
                            guard min(y0, y1) < Double(rows), max(y0, y1) > 0 else { continue }
                            region.add(x0: lines[index] - originX, y0: y0, x1: lines[index + 2] - originX, y1: y1)
                        }
                        for row in 0..<rows {
                            region.sweep(row: row, into: target.pixels + (top + bandTop + row) * target.stride + left, width: width,
                                         left: left, top: top + bandTop, paint: &paint, evenOdd: evenOdd)
                        }
                    }
                }
            }
        }
    }

    /// The path as closed polygons of lines in `lines`; false when a point is not finite or
    /// lies past 10⁷ pixels.
    private func flatten(_ path: SVGPath, transform t: AffineTransform) -> Bool {
        lines.removeAll(keepingCapacity: true)
        var start = (x: 0.0, y: 0.0), current = start, open = false
        func point(_ p: Vector2) -> (x: Double, y: Double) { (t.xx * p.x + t.xy * p.y + t.x0, t.yx * p.x + t.yy * p.y + t.y0) }
        func line(to p: (x: Double, y: Double)) {
            lines.append(current.x)
            lines.append(current.y)
            lines.append(p.x)
            lines.append(p.y)
            current = p
        }
        func close() {
            if open && (current.x != start.x || current.y != start.y) { line(to: start) }
            current = start
        }
        for segment in path.segments {
            switch segment {
            case .move(let p):
                close()
                start = point(p)
                current = start
                open = true
            case .line(let p):
                // With no current point, a line or curve begins a subpath where it starts, as in Cairo.
                guard open else {
                    (start, current, open) = (point(p), point(p), true)
                    continue
                }
                line(to: point(p))
            case let .cubic(c1, c2, end):
                if !open { (start, current, open) = (point(c1), point(c1), true) }
                let p0 = current, p1 = point(c1), p2 = point(c2), p3 = point(end)
                // Wang's bound: n steps keep within the tolerance when n² ≥ 3/4 · the largest
                // second difference of the control points / tolerance.
                let ddx = max(abs(p0.x - 2 * p1.x + p2.x), abs(p1.x - 2 * p2.x + p3.x))
                let ddy = max(abs(p0.y - 2 * p1.y + p2.y), abs(p1.y - 2 * p2.y + p3.y))
                let steps = ((0.75 * (ddx * ddx + ddy * ddy).squareRoot() / Self.tolerance).squareRoot()).rounded(.up)
                let count = steps.isFinite ? min(max(Int(saturating: steps, rounding: .up), 1), Self.mostSteps) : 1
                for step in 1..<count {
                    let u = Double(step) / Double(count), v = 1 - u
                    let a = v * v * v, b = 3 * v * v * u, c = 3 * v * u * u, d = u * u * u
                    line(to: (a * p0.x + b * p1.x + c * p2.x + d * p3.x, a * p0.y + b * p1.y + c * p2.y + d * p3.y))
                }
                line(to: p3)
            case .close:
                close()
            }
        }
        close()
        return lines.allSatisfy { $0.isFinite && abs($0) < 1e7 }
    }

    /// The accumulation rows of one fill.
    private struct Region {
        let cells: UnsafeMutablePointer<Float>
        let marks: UnsafeMutablePointer<UInt64>
        let rowCells, words: Int
        let width, height: Double

        /// Adds the line from (x0, y0) to (x1, y1) (region pixels): its parts left and right of
        /// the region run along its edges, which keeps their winding and moves no area into it.
        func add(x0: Double, y0: Double, x1: Double, y1: Double) {
            guard y0 != y1 else { return }
            // Where along it the line crosses the region's left and right edges, in order.
            var first = 2.0, second = 2.0
            func cross(_ edge: Double) {
                guard (x0 - edge) * (x1 - edge) < 0 else { return }
                let t = (edge - x0) / (x1 - x0)
                if t < first { (first, second) = (t, first) } else { second = t }
            }
            cross(0)
            cross(width)
            var fromX = x0, fromY = y0
            func piece(to t: Double) {
                let toX = t == 1 ? x1 : x0 + t * (x1 - x0), toY = t == 1 ? y1 : y0 + t * (y1 - y0)
                accumulate(x0: min(max(fromX, 0), width), y0: fromY, x1: min(max(toX, 0), width), y1: toY)
                (fromX, fromY) = (toX, toY)
            }
            if first < 1 { piece(to: first) }
            if second < 1 { piece(to: second) }
            piece(to: 1)
        }

        /// The signed area a line within the region's columns sweeps, cell by cell and row by
        /// row, added to the cells (the line from top to bottom counts +1, upward −1).
        private func accumulate(x0 startX: Double, y0 startY: Double, x1 endX: Double, y1 endY: Double) {
            guard startY != endY else { return }
            let direction: Double = startY < endY ? 1 : -1
            let (xa, ya, xb, yb) = startY < endY ? (startX, startY, endX, endY) : (endX, endY, startX, startY)
            let top = max(ya, 0), bottom = min(yb, height)
            guard top < bottom else { return }
            let slope = (xb - xa) / (yb - ya)
            var x = xa + (top - ya) * slope
            var row = Self.floor(top)
            let lastRow = -Self.floor(-bottom)
            while row < lastRow {
                let rowTop = max(Double(row), top), rowBottom = min(Double(row + 1), bottom)
                let dy = rowBottom - rowTop
                let next = x + slope * dy
                let d = Float(dy * direction)
                let (from, to) = x < next ? (x, next) : (next, x)
                let fromCell = Self.floor(from), toCell = -Self.floor(-to)
                let base = row * rowCells, markBase = row * words
                if toCell <= fromCell + 1 {
                    // Within one cell: the part of the cell right of the line's mean x.
                    let right = Float((x + next) / 2 - Double(fromCell))
                    add(d * (1 - right), at: base, markBase, fromCell)
                    add(d * right, at: base, markBase, fromCell + 1)
                } else {
                    // Across cells: the area left of the line grows quadratically in the first
                    // and last cell, linearly between.
                    let inverse = 1 / (to - from)
                    let firstPart = from - Double(fromCell), lastPart = to - Double(toCell - 1)
                    let first = 0.5 * inverse * (1 - firstPart) * (1 - firstPart)
                    let last = 0.5 * inverse * lastPart * lastPart
                    add(d * Float(first), at: base, markBase, fromCell)
                    if toCell == fromCell + 2 {
                        add(d * Float(1 - first - last), at: base, markBase, fromCell + 1)
                    } else {
                        let second = inverse * (1.5 - firstPart)
                        add(d * Float(second - first), at: base, markBase, fromCell + 1)
                        for cell in (fromCell + 2)..<(toCell - 1) { add(d * Float(inverse), at: base, markBase, cell) }
                        let before = second + Double(toCell - fromCell - 3) * inverse
                        add(d * Float(1 - before - last), at: base, markBase, toCell - 1)
                    }
                    add(d * Float(last), at: base, markBase, toCell)
                }
                x = next
                row += 1
            }
        }

        /// ⌊value⌋ for |value| < 2⁵¹ (the region's coordinates are far smaller): the nearest
        /// integer from the low bits of value + 1.5 × 2⁵², one less when that is above it.
        @inline(__always) private static func floor(_ value: Double) -> Int {
            let nearest = Int(truncatingIfNeeded: Int64(bitPattern: (value + 6_755_399_441_055_744).bitPattern) &- 0x4338_0000_0000_0000)
            return Double(nearest) > value ? nearest &- 1 : nearest
        }

        @inline(__always) private func add(_ value: Float, at base: Int, _ markBase: Int, _ cell: Int) {
            let cell = min(max(cell, 0), rowCells - 1)
            cells[base + cell] += value
            marks[markBase + cell >> 6] |= 1 << UInt64(cell & 63)
        }

        /// Blends row `row` into `pixels` (its first pixel at the region's left, column `left`
        /// of the surface; the band's first row is row `top`), and leaves its cells and marks zero.
        func sweep<P: Paint>(row: Int, into pixels: UnsafeMutablePointer<UInt32>, width: Int, left: Int, top: Int, paint: inout P,
                             evenOdd: Bool) {
            @inline(__always) func blend(_ coverage: UInt32, at x: Int, count: Int) {
                guard coverage > 0, count > 0 else { return }
                paint.blend(coverage: coverage, into: pixels + x, x: left + x, y: top + row, count: count)
            }
            let base = row * rowCells, markBase = row * words
            var sum: Float = 0, x = 0
            for word in 0..<words {
                var bits = marks[markBase + word]
                guard bits != 0 else { continue }
                marks[markBase + word] = 0
                while bits != 0 {
                    let cell = word << 6 | bits.trailingZeroBitCount
                    bits &= bits - 1
                    if cell > x { blend(Self.coverage(sum, evenOdd: evenOdd), at: x, count: min(cell, width) - x) }
                    sum += cells[base + cell]
                    cells[base + cell] = 0
                    if cell < width { blend(Self.coverage(sum, evenOdd: evenOdd), at: cell, count: 1) }
                    x = cell + 1
                }
            }
            if x < width { blend(Self.coverage(sum, evenOdd: evenOdd), at: x, count: width - x) }
        }

        /// A coverage of 0…255 from a running sum of signed areas.
        @inline(__always) private static func coverage(_ sum: Float, evenOdd: Bool) -> UInt32 {
            var amount = abs(sum)
            if evenOdd {
                amount -= 2 * (amount / 2).rounded(.down)
                if amount > 1 { amount = 2 - amount }
            } else if amount > 1 {
                amount = 1
            }
            // Rounded by adding 1.5 × 2²³: the integer lands in the mantissa's low bits.
            return (amount * 255 + 12_582_912).bitPattern &- 0x4B40_0000
        }
    }

    /// Blends `color` at `coverage` over `count` pixels, as pixman's OVER with a mask of
    /// that coverage: the colour times the coverage, plus each pixel times what of it shows.
    @inline(__always) static func blend(_ color: UInt32, coverage: UInt32, into pixels: UnsafeMutablePointer<UInt32>, count: Int) {
        guard coverage > 0, count > 0 else { return }
        let source = coverage == 255 ? color : multiply(color, by: coverage)
        let through = 255 - source >> 24
        if through == 0 {
            // Eight pixels a store.
            let raw = UnsafeMutableRawPointer(pixels), eight = SIMD8<UInt32>(repeating: source)
            var index = 0
            while index &+ 8 <= count {
                raw.storeBytes(of: eight, toByteOffset: index &* 4, as: SIMD8<UInt32>.self)
                index &+= 8
            }
            while index < count {
                pixels[index] = source
                index &+= 1
            }
            return
        }
        for index in 0..<count { pixels[index] = source &+ multiply(pixels[index], by: through) }
    }

    /// Each byte of `pixel` times `factor` / 255, rounded as pixman rounds it.
    @inline(__always) static func multiply(_ pixel: UInt32, by factor: UInt32) -> UInt32 {
        var low = (pixel & 0x00FF_00FF) &* factor &+ 0x0080_0080
        low = ((low &+ (low >> 8 & 0x00FF_00FF)) >> 8) & 0x00FF_00FF
        var high = (pixel >> 8 & 0x00FF_00FF) &* factor &+ 0x0080_0080
        high = (high &+ (high >> 8 & 0x00FF_00FF)) & 0xFF00_FF00
        return low | high
    }

    /// `color` at `alpha` as Cairo hands a solid source to pixman: each premultiplied channel
    /// scaled to 16 bits (truncated), then its high byte.
    static func premultiplied(_ color: Color, alpha: Double) -> UInt32 {
        let a = min(max(alpha, 0), 1)
        func byte(_ value: Double) -> UInt32 { UInt32(truncatingIfNeeded: Int(saturating: min(max(value, 0), 1) * (65536 - 1e-5)) >> 8) }
        return byte(a) << 24 | byte(color.red * a) << 16 | byte(color.green * a) << 8 | byte(color.blue * a)
    }
}
