import ZoetropeCore

/// Path modifiers that change the outlines of the shapes listed before them in their group:
/// pucker and bloat (`pb`) and zig-zag (`zz`), as ThorVG's `LottieModifier` shapes them.
extension LottieBezier {
    /// The point the outline puckers towards or bloats away from: the mean of its sides' points
    /// (a curved side's ends and controls, a straight side's ends, the closing side's ends when
    /// it has length), as ThorVG takes it.
    var modifierCenter: Vector2 {
        var sum = Vector2.zero, count = 0.0
        let n = vertices.count
        guard n > 0 else { return .zero }
        func tangent(_ list: [Vector2], _ i: Int) -> Vector2 { i < list.count ? list[i] : .zero }
        let sides = closed ? n : n - 1
        for i in 0..<max(sides, 0) {
            let j = (i + 1) % n
            let a = vertices[i], b = vertices[j]
            let c1 = a + tangent(outTangents, i), c2 = b + tangent(inTangents, j)
            if c1 == a && c2 == b {
                // A straight closing side of no length adds nothing.
                if closed && j == 0 && a == b { continue }
                sum = sum + a + b
                count += 2
            } else {
                sum = sum + a + c1 + c2 + b
                count += 4
            }
        }
        return count > 0 ? Vector2(sum.x / count, sum.y / count) : .zero
    }

    /// Pucker (`amount` below 0) or bloat (above 0), in percent: every vertex moves `amount`
    /// percent of the way to the centre and every control point as far away from it (a
    /// straight side's controls are its ends), so sides bulge out as corners pull in.
    func puckeredAndBloated(amount: Double) -> LottieBezier {
        let a = amount / 100
        guard a != 0, a.isFinite, !vertices.isEmpty else { return self }
        let center = modifierCenter
        func toward(_ p: Vector2) -> Vector2 { p + (center - p) * a }
        func away(_ p: Vector2) -> Vector2 { p - (center - p) * a }
        func tangent(_ list: [Vector2], _ i: Int) -> Vector2 { i < list.count ? list[i] : .zero }
        var result = LottieBezier(closed: closed, vertices: [], inTangents: [], outTangents: [])
        for (i, vertex) in vertices.enumerated() {
            let moved = toward(vertex)
            result.vertices.append(moved)
            result.inTangents.append(away(vertex + tangent(inTangents, i)) - moved)
            result.outTangents.append(away(vertex + tangent(outTangents, i)) - moved)
        }
        return result
    }

    /// The most ridges a zig-zag puts on a side (`r`), what its outline may cost.
    static let largestRidgeCount = 100

    /// Zig-zag: `ridges` points on every side (evenly in the side's curve parameter) and one at
    /// every vertex, each moved `size` across the outline, alternately to either side; corners
    /// (`smooth` false) joined by straight lines, or smooth points whose handles run along the
    /// outline, as ThorVG draws them.
    func zigZagged(size: Double, ridges: Double, smooth: Bool) -> LottieBezier {
        let count = Int(saturating: min(max(ridges.isFinite ? ridges : 0, 0), Double(Self.largestRidgeCount)), rounding: .down)
        guard size.isFinite else { return self }
        var v = vertices
        func tangent(_ list: [Vector2], _ i: Int) -> Vector2 { i < list.count ? list[i] : .zero }
        var ins = v.indices.map { v[$0] + tangent(inTangents, $0) }
        var outs = v.indices.map { v[$0] + tangent(outTangents, $0) }
        // A closed outline that ends where it starts: the last vertex is the first.
        if closed, v.count > 1, let last = v.last, last == v[0] {
            ins[0] = ins[ins.count - 1]
            v.removeLast()
            ins.removeLast()
            outs.removeLast()
        }
        guard v.count >= 2 else { return self }
        let n = v.count, sides = closed ? n : n - 1
        var points: [(at: Vector2, before: Vector2, after: Vector2)] = []
        points.reserveCapacity((sides + 1) * (count + 1))
        func ridge(_ at: Vector2, direction: Vector2, sign: Double, before: Double, after: Double) {
            let length = (direction.x * direction.x + direction.y * direction.y).squareRoot()
            guard length > 1e-12 else {
                points.append((at, at, at))
                return
            }
            let unit = Vector2(direction.x / length, direction.y / length)
            let moved = at + Vector2(-unit.y, unit.x) * (sign * size)
            points.append((moved, moved - unit * before, moved + unit * after))
        }
        func distance(_ a: Vector2, _ b: Vector2) -> Double { ((a.x - b.x) * (a.x - b.x) + (a.y - b.y) * (a.y - b.y)).squareRoot() }
        let share = Double((count + 1) * 2)
        func corner(_ index: Int, sign: Double) {
            let i = index % n, previous = (i + n - 1) % n, next = (i + 1) % n
            ridge(v[i], direction: v[next] - v[previous], sign: sign,
                  before: smooth ? distance(v[previous], v[i]) / share : 0, after: smooth ? distance(v[next], v[i]) / share : 0)
        }
        var sign = 1.0
        corner(0, sign: sign)
        for i in 0..<sides {
            sign = -sign
            let j = (i + 1) % n
            let (p0, p1, p2, p3) = (v[i], outs[i], ins[j], v[j])
            let handle = smooth ? distance(p3, p0) / share : 0
            for k in 0..<count {
                let t = Double(k + 1) / Double(count + 1), u = 1 - t
                let at = p0 * (u * u * u) + p1 * (3 * u * u * t) + p2 * (3 * u * t * t) + p3 * (t * t * t)
                let direction = (p1 - p0) * (3 * u * u) + (p2 - p1) * (6 * u * t) + (p3 - p2) * (3 * t * t)
                ridge(at, direction: direction, sign: sign, before: handle, after: handle)
                sign = -sign
            }
            corner(i + 1, sign: sign)
        }
        // Drawn as ThorVG draws it: from the first point through every other, each side a curve
        // from one point's after-handle to the next's before-handle, closed by a straight line.
        var result = LottieBezier(closed: closed, vertices: [], inTangents: [], outTangents: [])
        for (index, point) in points.enumerated() {
            result.vertices.append(point.at)
            result.inTangents.append(index == 0 ? .zero : point.before - point.at)
            result.outTangents.append(index == points.count - 1 ? .zero : point.after - point.at)
        }
        return result
    }
}
