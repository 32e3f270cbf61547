import Testing
import ZoetropeCore
@testable import ZoetropeRender

/// Strokes of one colour drawn by `CoverageFill` from `StrokeOutline` against the same strokes
/// drawn by Cairo (a stroke gradient whose stops are all that colour takes Cairo's path): each
/// cap and join, curves, closed outlines, a transform that stretches one way more than the other,
/// a trimmed stroke, and the strokes left to Cairo.
@Suite struct StrokeOutlineTests {
    struct Stroke: CustomStringConvertible {
        var path: String
        var width: Double
        var cap = LineCap.butt
        var join = LineJoin.miter
        /// The most an edge pixel may differ from Cairo's.
        var levels = 48
        var description: String { "\(path) \(width) \(cap) \(join)" }
    }

    /// A path layer stroked with `color`, as one colour or as a gradient of that colour only.
    private func layer(_ stroke: Stroke, color: String = "#2E5A88E0", asGradient: Bool, rotation: Double = 0,
                       scale: Vector2 = Vector2(1, 1), trim: (Double, Double) = (0, 1)) throws -> Layer {
        var layer = Layer(id: "stroke", shape: .path)
        layer.values.path = try SVGPath(parsing: stroke.path)
        layer.values.position = Vector2(100, 100)
        layer.values.size = Vector2(100, 100)
        layer.values.rotation = rotation
        layer.values.scale = scale
        layer.values.strokeWidth = stroke.width
        (layer.values.strokeStart, layer.values.strokeEnd) = trim
        let tint = try #require(Color(hex: color))
        if asGradient {
            layer.values.strokeGradient = Gradient(kind: .linear(from: Vector2(0, 0), to: Vector2(1, 1)), stops: [.init(offset: 0, color: tint), .init(offset: 1, color: tint)])
        } else {
            layer.values.strokeColor = tint
        }
        layer.style.strokeCap = stroke.cap
        layer.style.strokeJoin = stroke.join
        return layer
    }

    private func draw(_ layer: Layer) throws -> RasterImage {
        let scene = Scene(name: "stroke", canvas: Canvas(size: Vector2(200, 200), background: .white), layers: [layer])
        let tree = SceneEvaluation(scene: scene, horizon: 0).presentation(at: 0)
        let drawer = try FrameDrawer(width: 200, height: 200)
        try drawer.draw(tree, scale: 1)
        return RasterImage(surface: try #require(drawer.image))
    }

    /// Largest difference of a channel, how many pixels differ by more than 16 levels (Cairo
    /// samples an edge pixel where `CoverageFill` measures its area), and how many are not
    /// white (so that an empty picture cannot pass).
    private func compare(_ a: RasterImage, _ b: RasterImage) -> (largest: Int, differing: Int, painted: Int) {
        var largest = 0, differing = 0, painted = 0
        for y in 0..<200 {
            for x in 0..<200 {
                let p = a[x, y], q = b[x, y]
                let d = [Int(p.red) - Int(q.red), Int(p.green) - Int(q.green), Int(p.blue) - Int(q.blue)].map(abs).max() ?? 0
                largest = max(largest, d)
                if d > 16 { differing += 1 }
                if q != RasterImage.Pixel(red: 255, green: 255, blue: 255) { painted += 1 }
            }
        }
        return (largest, differing, painted)
    }

    /// Whether `CoverageFill` strokes it itself (else it leaves it to Cairo), at the layer's
    /// transform on a 200-pixel canvas.
    private func strokesItself(_ stroke: Stroke, transform: AffineTransform = AffineTransform(xx: 1, yx: 0, xy: 0, yy: 1, x0: 50, y0: 50)) throws -> Bool {
        var pixels = [UInt32](repeating: 0, count: 200 * 200)
        let path = try SVGPath(parsing: stroke.path)
        return pixels.withUnsafeMutableBufferPointer { buffer in
            CoverageFill().stroke(path, width: stroke.width, cap: stroke.cap, join: stroke.join, transform: transform, color: 0xFF00_0000,
                                  into: CoverageFill.Target(pixels: buffer.baseAddress!, stride: 200, minX: 0, minY: 0, maxX: 200, maxY: 200))
        }
    }

    static let strokes: [Stroke] = [
        // Each cap on an open curve; each join on a zigzag with a sharp and a blunt corner (the
        // sharp one past the mitre limit); a closed star; a curve crossing itself; a hairline.
        Stroke(path: "M 5 80 C 30 -20 70 120 95 20", width: 9, cap: .butt),
        Stroke(path: "M 5 80 C 30 -20 70 120 95 20", width: 9, cap: .round),
        Stroke(path: "M 5 80 C 30 -20 70 120 95 20", width: 9, cap: .square),
        // A wide stroke on a gentle curve: its ends square to the curve's tangent, not to the
        // chord of its last flattened piece.
        Stroke(path: "M 0 60 C 30 20 70 20 100 60", width: 24, cap: .butt),
        Stroke(path: "M 5 90 L 30 10 L 50 90 L 14 10 L 95 50", width: 7, join: .miter),
        Stroke(path: "M 5 90 L 30 10 L 50 90 L 14 10 L 95 50", width: 7, join: .round),
        Stroke(path: "M 5 90 L 30 10 L 50 90 L 14 10 L 95 50", width: 7, join: .bevel),
        Stroke(path: "M 50 2 L 63 38 L 98 38 L 70 60 L 80 96 L 50 74 L 20 96 L 30 60 L 2 38 L 37 38 Z", width: 5, join: .miter),
        Stroke(path: "M 10 50 C 10 -20 90 120 90 50 C 90 -20 10 120 10 50 Z", width: 6, join: .round),
        Stroke(path: "M 0 10 C 120 40 -20 60 100 95", width: 0.6, cap: .butt),
        // Corners whose inner edges would meet past half of the short pieces: they go round the
        // corner's point, and the strokes overlapping there may make the pixel at the inner
        // corner darker than Cairo's.
        Stroke(path: "M 10 60 L 20 40 L 30 60 L 40 40 L 50 60", width: 14, join: .miter, levels: 80),
        Stroke(path: "M 10 60 L 20 40 L 30 60 L 40 40 L 50 60 Z", width: 14, join: .round, levels: 80),
    ]

    @Test(arguments: strokes)
    func aStrokeIsCairosWithinAFewLevelsAtItsEdges(stroke: Stroke) throws {
        #expect(try strokesItself(stroke), "\(stroke) is left to Cairo")
        for (rotation, scale) in [(0.0, Vector2(1, 1)), (0.6, Vector2(1.4, 0.8))] {
            let ours = try draw(layer(stroke, asGradient: false, rotation: rotation, scale: scale))
            let cairos = try draw(layer(stroke, asGradient: true, rotation: rotation, scale: scale))
            let (largest, differing, painted) = compare(ours, cairos)
            #expect(painted > 100, "\(stroke): Cairo drew \(painted) pixels")
            #expect(largest <= stroke.levels, "\(stroke) at \(rotation) rad: an edge pixel differs by \(largest)")
            #expect(differing * 10 < painted, "\(stroke) at \(rotation) rad: \(differing) of \(painted) pixels differ")
        }
    }

    @Test func aTrimmedStrokeDrawsOnlyItsPart() throws {
        let stroke = Stroke(path: "M 0 50 L 100 50", width: 8)
        let ours = try draw(layer(stroke, color: "#000000", asGradient: false, trim: (0.25, 0.75)))
        let cairos = try draw(layer(stroke, color: "#000000", asGradient: true, trim: (0.25, 0.75)))
        #expect(compare(ours, cairos).largest <= 2, "a trimmed horizontal line on whole pixels is Cairo's")
        #expect(ours[100, 100] == RasterImage.Pixel(red: 0, green: 0, blue: 0), "the middle is stroked")
        #expect(ours[60, 100] == RasterImage.Pixel(red: 255, green: 255, blue: 255), "the first quarter is trimmed away")
        #expect(ours[100, 95] == RasterImage.Pixel(red: 255, green: 255, blue: 255), "the line is 8 points wide")
    }

    @Test func strokesWhoseSidesWouldCrossAreLeftToCairo() throws {
        // A dot (round caps), a path that folds back on itself, and a width larger than a small
        // circle's radius.
        #expect(try !strokesItself(Stroke(path: "M 50 50 L 50 50", width: 10, cap: .round)))
        #expect(try strokesItself(Stroke(path: "M 50 50 L 50 50", width: 10, cap: .butt)), "nothing to draw: done")
        #expect(try !strokesItself(Stroke(path: "M 10 50 L 90 50 L 10 50", width: 4)))
        #expect(try !strokesItself(Stroke(path: "M 48 50 C 48 48.9 48.9 48 50 48 C 51.1 48 52 48.9 52 50 C 52 51.1 51.1 52 50 52 C 48.9 52 48 51.1 48 50 Z", width: 12)))
        // And what Cairo draws of them is drawn.
        let dot = try draw(layer(Stroke(path: "M 50 50 L 50 50", width: 10, cap: .round), color: "#000000", asGradient: false))
        #expect(dot[100, 100] == RasterImage.Pixel(red: 0, green: 0, blue: 0), "the dot")
    }

    @Test func aStrokeOfMoreThanAMillionPointsIsLeftToCairo() throws {
        // Each of these curves is flattened into 1024 lines: 1100 of them are past the bound.
        let loop = " C 0 100000 100000 -100000 100000 0 C 100000 100000 0 -100000 0 0"
        #expect(try strokesItself(Stroke(path: "M 0 0" + String(repeating: loop, count: 550), width: 2)) == false)
        #expect(try strokesItself(Stroke(path: "M 0 0" + String(repeating: loop, count: 400), width: 2)), "800 curves are within it")
    }

    @Test func aStrokeCrossingItselfIsFilledOnceWhereItCrosses() throws {
        // Translucent: a crossing painted twice would be darker than the rest of the stroke.
        let cross = Stroke(path: "M 0 0 L 100 100 M 100 0 L 0 100", width: 10)
        #expect(try strokesItself(cross), "drawn by CoverageFill, not left to Cairo")
        let image = try draw(layer(cross, color: "#00000080", asGradient: false))
        #expect(image[100, 100] == image[80, 80], "the crossing is as dark as the stroke either side")
    }
}
