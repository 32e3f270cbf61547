import RealModule
import ZoetropeCore

/// A Lottie bezier shape (`{"c": closed, "v": vertices, "i": in tangents, "o": out tangents}`),
/// tangents relative to their vertex.
struct LottieBezier: LottieValue, Sendable {
    var closed: Bool
    var vertices: [Vector2]
    var inTangents: [Vector2]
    var outTangents: [Vector2]

    func mixed(with other: LottieBezier, progress: [Double]) -> LottieBezier {
        let p = progress.first ?? 0
        func mix(_ a: [Vector2], _ b: [Vector2]) -> [Vector2] {
            a.indices.map { i in i < b.count ? a[i] + (b[i] - a[i]) * p : a[i] }
        }
        return LottieBezier(closed: closed, vertices: mix(vertices, other.vertices),
                            inTangents: mix(inTangents, other.inTangents), outTangents: mix(outTangents, other.outTangents))
    }

    /// The outline with each sharp corner (a vertex without tangents, not an open outline's
    /// end) cut back by up to `radius` along both sides, at most half of each, and joined by a
    /// curve whose handles reach halfway back to the corner (as ThorVG rounds them).
    func roundingCorners(radius: Double) -> LottieBezier {
        let count = vertices.count
        guard radius > 0, count > 2 else { return self }
        func tangent(_ list: [Vector2], _ i: Int) -> Vector2 { i < list.count ? list[i] : .zero }
        var result = LottieBezier(closed: closed, vertices: [], inTangents: [], outTangents: [])
        for i in 0..<count {
            let corner = vertices[i], into = tangent(inTangents, i), out = tangent(outTangents, i)
            let end = !closed && (i == 0 || i == count - 1)
            guard !end, into == .zero, out == .zero else {
                result.vertices.append(corner)
                result.inTangents.append(into)
                result.outTangents.append(out)
                continue
            }
            func cut(toward neighbour: Vector2) -> Vector2 {
                let side = neighbour - corner, length = (side.x * side.x + side.y * side.y).squareRoot()
                return length > 0 ? corner + side * (min(length / 2, radius) / length) : corner
            }
            let before = cut(toward: vertices[(i + count - 1) % count]), after = cut(toward: vertices[(i + 1) % count])
            result.vertices += [before, after]
            result.inTangents += [.zero, (corner - after) * 0.5]
            result.outTangents += [(corner - before) * 0.5, .zero]
        }
        return result
    }

    /// The outline as path segments, each point through `transform`: straight sides as lines
    /// (a straight closing side as the close itself), or with `uniform` every side a cubic, so
    /// that outlines of as many vertices have segments of the same kinds and morph one into
    /// the other.
    func segments(_ transform: LottieAffine = .identity, uniform: Bool = false) -> [SVGPath.Segment] {
        guard let first = vertices.first else { return [] }
        var segments: [SVGPath.Segment] = [.move(transform.apply(first))]
        let count = vertices.count
        func tangent(_ list: [Vector2], _ i: Int) -> Vector2 { i < list.count ? list[i] : .zero }
        let last = closed ? count : count - 1
        guard last > 0 else { return closed ? segments + [.close] : segments }
        for i in 0..<last {
            let j = (i + 1) % count
            let c1 = vertices[i] + tangent(outTangents, i), c2 = vertices[j] + tangent(inTangents, j)
            if !uniform, c1 == vertices[i], c2 == vertices[j] {
                // A straight closing side is the close itself.
                if closed && j == 0 { break }
                segments.append(.line(transform.apply(vertices[j])))
            } else {
                segments.append(.cubic(transform.apply(c1), transform.apply(c2), transform.apply(vertices[j])))
            }
        }
        if closed { segments.append(.close) }
        return segments
    }

    /// The bezier of a rectangle centred on `center`, corners rounded by `roundness`, drawn as
    /// After Effects does: from the top right corner, clockwise (`reversed`: anticlockwise).
    static func rectangle(center: Vector2, size: Vector2, roundness: Double, reversed: Bool) -> LottieBezier {
        let w = abs(size.x) / 2, h = abs(size.y) / 2
        let r = min(max(roundness, 0), w, h)
        let k = r * (1 - 0.5519150244935105)
        let (x0, x1, y0, y1) = (center.x - w, center.x + w, center.y - h, center.y + h)
        var v: [Vector2], i: [Vector2], o: [Vector2]
        if r <= 0 {
            v = [Vector2(x1, y0), Vector2(x1, y1), Vector2(x0, y1), Vector2(x0, y0)]
            i = Array(repeating: .zero, count: 4)
            o = i
        } else {
            v = [Vector2(x1, y0 + r), Vector2(x1, y1 - r), Vector2(x1 - r, y1), Vector2(x0 + r, y1),
                 Vector2(x0, y1 - r), Vector2(x0, y0 + r), Vector2(x0 + r, y0), Vector2(x1 - r, y0)]
            let c = r - k
            i = [Vector2(0, -c), .zero, Vector2(c, 0), .zero, Vector2(0, c), .zero, Vector2(-c, 0), .zero]
            o = [.zero, Vector2(0, c), .zero, Vector2(-c, 0), .zero, Vector2(0, -c), .zero, Vector2(c, 0)]
        }
        let shape = LottieBezier(closed: true, vertices: v, inTangents: i, outTangents: o)
        return reversed ? shape.reversed() : shape
    }

    /// The bezier of an ellipse in a box `size` centred on `center`: from the top, clockwise.
    static func ellipse(center: Vector2, size: Vector2, reversed: Bool) -> LottieBezier {
        let rx = size.x / 2, ry = size.y / 2, k = 0.5519150244935105
        let v = [Vector2(center.x, center.y - ry), Vector2(center.x + rx, center.y), Vector2(center.x, center.y + ry), Vector2(center.x - rx, center.y)]
        let i = [Vector2(-rx * k, 0), Vector2(0, -ry * k), Vector2(rx * k, 0), Vector2(0, ry * k)]
        let o = [Vector2(rx * k, 0), Vector2(0, ry * k), Vector2(-rx * k, 0), Vector2(0, -ry * k)]
        let shape = LottieBezier(closed: true, vertices: v, inTangents: i, outTangents: o)
        return reversed ? shape.reversed() : shape
    }

    /// A star (`star`) or polygon of `points` points around `center`, rotated `rotation` degrees
    /// from pointing up; roundness in percent of the tangents of a smooth curve.
    static func polystar(center: Vector2, points: Double, outerRadius: Double, innerRadius: Double,
                         outerRoundness: Double, innerRoundness: Double, rotation: Double, star: Bool, reversed: Bool) -> LottieBezier {
        let count = max(3, min(Int(saturating: points.rounded(.down)), 1_000))
        let steps = star ? count * 2 : count
        let angleStep = 2 * Double.pi / Double(steps)
        var v: [Vector2] = [], i: [Vector2] = [], o: [Vector2] = []
        var angle = (rotation - 90) * .pi / 180
        for step in 0..<steps {
            let outer = !star || step % 2 == 0
            let radius = outer ? outerRadius : innerRadius
            let roundness = (outer ? outerRoundness : innerRoundness) / 100
            let point = Vector2(center.x + radius * cos(angle), center.y + radius * sin(angle))
            // The tangents are perpendicular to the radius; their length is a share of the
            // circle's perimeter through the corner: a quarter of its arc per point, for a
            // polygon's corners and a star's outer and inner ones alike (as lottie-web, the
            // After Effects exporter's player, draws them; ThorVG's are within a tenth of it).
            let perimeter = 2 * Double.pi * radius / Double(count * 4)
            let length = perimeter * roundness
            let direction = Vector2(-sin(angle), cos(angle))
            v.append(point)
            i.append(direction * -length)
            o.append(direction * length)
            angle += angleStep
        }
        let shape = LottieBezier(closed: true, vertices: v, inTangents: i, outTangents: o)
        return reversed ? shape.reversed() : shape
    }

    /// The same outline travelled the other way.
    func reversed() -> LottieBezier {
        guard vertices.count > 1 else { return self }
        let order = [0] + (1..<vertices.count).reversed()
        return LottieBezier(closed: closed, vertices: order.map { vertices[$0] },
                            inTangents: order.map { $0 < outTangents.count ? outTangents[$0] : .zero },
                            outTangents: order.map { $0 < inTangents.count ? inTangents[$0] : .zero })
    }
}

/// A 2-D affine transform, `x' = a·x + c·y + tx`, `y' = b·x + d·y + ty`.
struct LottieAffine: Hashable, Sendable {
    var a = 1.0, b = 0.0, c = 0.0, d = 1.0, tx = 0.0, ty = 0.0

    static let identity = LottieAffine()

    func apply(_ p: Vector2) -> Vector2 { Vector2(a * p.x + c * p.y + tx, b * p.x + d * p.y + ty) }

    /// `self · other`: `other` first, then `self`.
    func concatenating(_ other: LottieAffine) -> LottieAffine {
        LottieAffine(a: a * other.a + c * other.b, b: b * other.a + d * other.b,
                     c: a * other.c + c * other.d, d: b * other.c + d * other.d,
                     tx: a * other.tx + c * other.ty + tx, ty: b * other.tx + d * other.ty + ty)
    }

    /// After Effects' transform: translate(position) · rotate · skew · scale · translate(−anchor).
    static func transform(position: Vector2, anchor: Vector2, scale: Vector2, rotation: Double,
                          skew: Double = 0, skewAxis: Double = 0) -> LottieAffine {
        let radians = rotation * .pi / 180
        let rotate = LottieAffine(a: cos(radians), b: sin(radians), c: -sin(radians), d: cos(radians))
        var result = LottieAffine(tx: position.x, ty: position.y).concatenating(rotate)
        if skew != 0 {
            // rotate(−axis) · shearX(tan −skew) · rotate(axis), as ThorVG composes it.
            let axis = skewAxis * .pi / 180, amount = tan(-skew * .pi / 180)
            let fromAxis = LottieAffine(a: cos(axis), b: -sin(axis), c: sin(axis), d: cos(axis))
            let toAxis = LottieAffine(a: cos(axis), b: sin(axis), c: -sin(axis), d: cos(axis))
            result = result.concatenating(fromAxis).concatenating(LottieAffine(c: amount)).concatenating(toAxis)
        }
        return result.concatenating(LottieAffine(a: scale.x, d: scale.y)).concatenating(LottieAffine(tx: -anchor.x, ty: -anchor.y))
    }
}

private func cos(_ x: Double) -> Double { Double.cos(x) }
private func sin(_ x: Double) -> Double { Double.sin(x) }
private func tan(_ x: Double) -> Double { Double.tan(x) }

extension LottieProperty where Value == LottieBezier {
    /// The path of one of its shapes: as drawn, or, where its keys' outlines would give paths of
    /// different segment kinds (a side straight at one key and curved at the next), every side
    /// a cubic, so a keyframe track morphs each into the next rather than jumping.
    var path: (LottieBezier) -> AnimatableValue {
        let shapes: [LottieBezier] = switch self.unexpressed {
        case .fixed(let shape): [shape]
        case .keyed(let keys), .looped(let keys, _, _): keys.flatMap { [$0.value] + ($0.end.map { [$0] } ?? []) }
        case .expressed: []
        }
        func kind(_ segment: SVGPath.Segment) -> Int {
            switch segment {
            case .move: 0
            case .line: 1
            case .cubic: 2
            case .close: 3
            }
        }
        let kinds = shapes.map { $0.segments().map(kind) }
        let uniform = kinds.contains { $0 != kinds[0] }
        return { .path(SVGPath(segments: $0.segments(uniform: uniform))) }
    }
}
