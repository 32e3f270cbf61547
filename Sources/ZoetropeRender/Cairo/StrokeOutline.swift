#if canImport(Glibc)
import Glibc
#endif
import ZoetropeCore

/// The outline of a path's stroke as closed polygons, for `CoverageFill` to fill by the
/// non-zero rule: Cairo's stroke of the same path (its width, caps, joins and mitre limit, all
/// in user space), without Cairo's stroker and span compositor.
///
/// Each subpath is flattened in user space (curves within `CoverageFill.tolerance` device
/// pixels) and offset by half the width to each side, along the normal of the path's own
/// direction (a curve's tangent where the point lies on a curve, as Cairo offsets it). At a
/// corner the outer side takes the join (a mitre within Cairo's limit, else a bevel; or an
/// arc), the inner side the point where the two offset edges meet. An open subpath's sides and
/// its caps make one polygon; a closed subpath's two sides make two, wound opposite ways. So
/// every part of the stroke is wound the same way, and where a stroke crosses itself it is
/// filled once.
///
/// Where the inner edges of a corner would meet past half of either piece, the inner side goes
/// round the corner's point instead (Cairo's inner join), and the two pieces' strokes overlap
/// there, wound the same way. Where an offset piece would run backwards (a width larger than
/// the turn of a small curve) or the path folds straight back on itself, the sides would wind
/// the other way; a subpath of no length (a dot, with round caps) has no direction. For those
/// `build` answers false, and Cairo strokes the path.
struct StrokeOutline {
    /// The most points a subpath or its outline may have (16 MB of them); past that Cairo
    /// strokes the path, as it did every path before.
    static let mostPoints = 1 << 20

    private var halfWidth = 0.0, cap = LineCap.butt, join = LineJoin.miter
    /// A mitre reaches at most this many half widths from its corner, else it is a bevel (Cairo's default, 10).
    private var miterLimit = 10.0
    private var transform = AffineTransform(xx: 1, yx: 0, xy: 0, yy: 1, x0: 0, y0: 0)
    /// Device pixels per user unit at most (the transform's largest stretch).
    private var largestScale = 1.0
    /// The subpath being read, flattened: its points, and the path's unit direction where each
    /// piece from one point to the next leaves and arrives (a curve's tangents, a line's own).
    private var points: [Vector2] = [], leaving: [Vector2] = [], arriving: [Vector2] = []
    /// The two sides of the subpath, in its direction (left: the side of (−dy, dx)).
    private var left: [Vector2] = [], right: [Vector2] = []

    /// Appends the outline of `path`'s stroke to `lines` (x0, y0, x1, y1 of each line, in
    /// device pixels under `transform`). False when Cairo must stroke it (above).
    mutating func build(_ path: SVGPath, width: Double, cap: LineCap, join: LineJoin, miterLimit: Double = 10,
                        transform: AffineTransform, into lines: inout [Double]) -> Bool {
        (halfWidth, self.cap, self.join, self.miterLimit, self.transform) = (width / 2, cap, join, miterLimit, transform)
        let t = transform
        let squares = t.xx * t.xx + t.xy * t.xy + t.yx * t.yx + t.yy * t.yy, determinant = t.xx * t.yy - t.xy * t.yx
        largestScale = ((squares + max(squares * squares - 4 * determinant * determinant, 0).squareRoot()) / 2).squareRoot()
        guard halfWidth > 0, halfWidth.isFinite, largestScale > 0, largestScale.isFinite else { return false }
        clear()
        var drawn = false
        for segment in path.segments {
            switch segment {
            case .move(let point):
                guard finish(closed: false, drawn: drawn, into: &lines) else { return false }
                begin(at: point)
                drawn = false
            case .line(let point):
                // With no current point, a line or curve begins a subpath where it starts, as in Cairo.
                guard !points.isEmpty else {
                    begin(at: point)
                    continue
                }
                add(point, leaving: nil, arriving: nil)
                drawn = true
            case let .cubic(c1, c2, end):
                if points.isEmpty { begin(at: c1) }
                addCurve(from: points[points.count - 1], c1, c2, end)
                drawn = true
            case .close:
                guard let start = points.first else { continue }
                guard finish(closed: true, drawn: true, into: &lines) else { return false }
                // What follows a close begins where the closed subpath began.
                begin(at: start)
                drawn = false
            }
        }
        return finish(closed: false, drawn: drawn, into: &lines)
    }

    private mutating func clear() {
        points.removeAll(keepingCapacity: true)
        leaving.removeAll(keepingCapacity: true)
        arriving.removeAll(keepingCapacity: true)
    }

    private mutating func begin(at point: Vector2) {
        clear()
        points.append(point)
    }

    /// Adds a piece to `point` leaving and arriving in the given directions (the piece's own
    /// where either is unknown); none when it ends where it starts.
    private mutating func add(_ point: Vector2, leaving start: Vector2?, arriving end: Vector2?) {
        let from = points[points.count - 1]
        guard !coincide(point, from), points.count <= Self.mostPoints else { return }
        let chord = Self.unit(Vector2(point.x - from.x, point.y - from.y)) ?? Vector2(1, 0)
        points.append(point)
        leaving.append(start ?? chord)
        arriving.append(end ?? chord)
    }

    /// The curve as lines within the tolerance in device pixels (Wang's bound, as `CoverageFill`
    /// flattens fills, in user units), each point offset along the curve's own tangent there.
    private mutating func addCurve(from p0: Vector2, _ p1: Vector2, _ p2: Vector2, _ p3: Vector2) {
        let ddx = max(abs(p0.x - 2 * p1.x + p2.x), abs(p1.x - 2 * p2.x + p3.x))
        let ddy = max(abs(p0.y - 2 * p1.y + p2.y), abs(p1.y - 2 * p2.y + p3.y))
        let steps = ((0.75 * (ddx * ddx + ddy * ddy).squareRoot() * largestScale / CoverageFill.tolerance).squareRoot()).rounded(.up)
        let count = steps.isFinite ? min(max(Int(saturating: steps, rounding: .up), 1), 1024) : 1
        // The tangent at u: B′(u) / 3, or where that vanishes (a control point on an end) the
        // direction towards the next control point that differs.
        func tangent(_ u: Double) -> Vector2? {
            let v = 1 - u, a = v * v, b = 2 * v * u, c = u * u
            let d = Vector2(a * (p1.x - p0.x) + b * (p2.x - p1.x) + c * (p3.x - p2.x), a * (p1.y - p0.y) + b * (p2.y - p1.y) + c * (p3.y - p2.y))
            if let direction = Self.unit(d) { return direction }
            if u == 0 { return Self.unit(Vector2(p2.x - p0.x, p2.y - p0.y)) ?? Self.unit(Vector2(p3.x - p0.x, p3.y - p0.y)) }
            if u == 1 { return Self.unit(Vector2(p3.x - p1.x, p3.y - p1.y)) ?? Self.unit(Vector2(p3.x - p0.x, p3.y - p0.y)) }
            return nil
        }
        var leaves = tangent(0)
        for step in 1...count {
            let u = Double(step) / Double(count), v = 1 - u
            let a = v * v * v, b = 3 * v * v * u, c = 3 * v * u * u, d = u * u * u
            let point = step == count ? p3 : Vector2(a * p0.x + b * p1.x + c * p2.x + d * p3.x, a * p0.y + b * p1.y + c * p2.y + d * p3.y)
            let arrives = tangent(u)
            let before = points.count
            add(point, leaving: leaves, arriving: arrives)
            if points.count > before { leaves = arrives }
        }
    }

    /// True for points within a millionth of a device pixel of each other.
    private func coincide(_ p: Vector2, _ q: Vector2) -> Bool {
        let dx = p.x - q.x, dy = p.y - q.y
        let deviceX = transform.xx * dx + transform.xy * dy, deviceY = transform.yx * dx + transform.yy * dy
        return deviceX * deviceX + deviceY * deviceY <= 1e-12
    }

    private static func unit(_ v: Vector2) -> Vector2? {
        let length = (v.x * v.x + v.y * v.y).squareRoot()
        guard length > 0, length.isFinite else { return nil }
        return Vector2(v.x / length, v.y / length)
    }

    /// Outlines the subpath read so far.
    private mutating func finish(closed: Bool, drawn: Bool, into lines: inout [Double]) -> Bool {
        defer { clear() }
        // A subpath of no length: a dot with round caps (Cairo draws it), else nothing.
        guard points.count > 1 else { return !(drawn && cap == .round) }
        if closed {
            // The closing line, unless the last point is the first; then the last piece ends there.
            if coincide(points[points.count - 1], points[0]) {
                points.removeLast()
            } else {
                let from = points[points.count - 1], chord = Self.unit(Vector2(points[0].x - from.x, points[0].y - from.y)) ?? Vector2(1, 0)
                leaving.append(chord)
                arriving.append(chord)
            }
        }
        let count = points.count, pieces = leaving.count
        guard pieces > 0, count <= Self.mostPoints, forwardOnBothSides(pieces) else { return false }
        left.removeAll(keepingCapacity: true)
        right.removeAll(keepingCapacity: true)
        if closed {
            for vertex in 0..<count {
                guard corner(at: vertex, after: (vertex + pieces - 1) % pieces) else { return false }
            }
            emit(left, reversed: false, into: &lines)
            emit(right, reversed: true, into: &lines)
            return true
        }
        let start = points[0], first = leaving[0], end = points[count - 1], last = arriving[pieces - 1]
        left.append(start + normal(first))
        right.append(start - normal(first))
        for vertex in 1..<(count - 1) {
            guard corner(at: vertex, after: vertex - 1) else { return false }
        }
        // The left side, the end cap round to the right side's end, the right side backwards,
        // and the start cap.
        left.append(end + normal(last))
        addCap(at: end, direction: last)
        left.append(end - normal(last))
        left.append(contentsOf: right.reversed())
        addCap(at: start, direction: Vector2(-first.x, -first.y))
        emit(left, reversed: false, into: &lines)
        return true
    }

    /// True when each piece's offset on either side runs the piece's way (the width is not
    /// larger than the turn of the curve it lies on).
    private func forwardOnBothSides(_ pieces: Int) -> Bool {
        for piece in 0..<pieces {
            let from = points[piece], to = points[(piece + 1) % points.count]
            let along = Vector2(to.x - from.x, to.y - from.y)
            let a = normal(leaving[piece]), b = normal(arriving[piece])
            let turn = Vector2(b.x - a.x, b.y - a.y)
            let length = along.x * along.x + along.y * along.y, drift = abs(turn.x * along.x + turn.y * along.y)
            guard drift < length else { return false }
        }
        return true
    }

    /// Half the width to the left of `unit`.
    private func normal(_ unit: Vector2) -> Vector2 { Vector2(-unit.y * halfWidth, unit.x * halfWidth) }

    /// Adds both sides' points at point `vertex`, where piece `piece` arrives; false when the
    /// path turns straight back.
    private mutating func corner(at vertex: Int, after piece: Int) -> Bool {
        guard max(left.count, right.count) <= Self.mostPoints else { return false }
        let a = arriving[piece], b = leaving[vertex % leaving.count], point = points[vertex]
        let dot = a.x * b.x + a.y * b.y, cross = a.x * b.y - a.y * b.x
        let na = normal(a), nb = normal(b)
        guard cross != 0 || dot < 0 else {
            left.append(point + na)
            right.append(point - na)
            return true
        }
        guard 1 + dot > 1e-9 else { return false }
        let meet = Vector2((na.x + nb.x) / (1 + dot), (na.y + nb.y) / (1 + dot))
        // The path turns towards its left side when cross > 0: that side is the inner one.
        let outer: Double = cross > 0 ? -1 : 1
        // The inner edges meet half the width times tan(θ/2) along each piece from the corner.
        // Past half of either piece, they go round the corner's point instead, as Cairo's do:
        // the two pieces' strokes overlap there, wound the same way.
        let before = points[piece], after = points[(vertex + 1) % points.count]
        let along = halfWidth * abs(cross) / (1 + dot)
        if 4 * along * along <= min(Self.squaredDistance(before, point), Self.squaredDistance(point, after)) {
            appendOuter(point - Vector2(outer * meet.x, outer * meet.y), outer: -outer)
        } else {
            appendOuter(point - Vector2(outer * na.x, outer * na.y), outer: -outer)
            appendOuter(point, outer: -outer)
            appendOuter(point - Vector2(outer * nb.x, outer * nb.y), outer: -outer)
        }
        let from = Vector2(outer * na.x, outer * na.y), to = Vector2(outer * nb.x, outer * nb.y)
        if join == .round {
            addArc(around: point, from: from, turning: atan2(cross, dot), outer: outer)
        } else if join == .miter && withinMiterLimit(a, b) {
            appendOuter(point + Vector2(outer * meet.x, outer * meet.y), outer: outer)
        } else {
            appendOuter(point + from, outer: outer)
            appendOuter(point + to, outer: outer)
        }
        return true
    }

    /// Whether a mitre between directions `a` and `b` stays within the limit, as Cairo decides
    /// it: by the angle between them on the device (a transform that stretches one way more
    /// than the other changes it).
    private func withinMiterLimit(_ a: Vector2, _ b: Vector2) -> Bool {
        let t = transform
        guard let da = Self.unit(Vector2(t.xx * a.x + t.xy * a.y, t.yx * a.x + t.yy * a.y)),
              let db = Self.unit(Vector2(t.xx * b.x + t.xy * b.y, t.yx * b.x + t.yy * b.y)) else { return false }
        return 2 <= miterLimit * miterLimit * (1 + da.x * db.x + da.y * db.y)
    }

    private static func squaredDistance(_ p: Vector2, _ q: Vector2) -> Double {
        (p.x - q.x) * (p.x - q.x) + (p.y - q.y) * (p.y - q.y)
    }

    /// Appends `point` to the left side when `outer` is positive, else to the right.
    private mutating func appendOuter(_ point: Vector2, outer: Double) {
        if outer > 0 { left.append(point) } else { right.append(point) }
    }

    /// The points of the arc around `center` from `center + from`, through `angle` radians
    /// (both ends included), on the outer side.
    private mutating func addArc(around center: Vector2, from: Vector2, turning angle: Double, outer: Double) {
        let steps = arcSteps(abs(angle))
        for step in 0...steps {
            let turn = angle * Double(step) / Double(steps), c = cos(turn), s = sin(turn)
            appendOuter(Vector2(center.x + from.x * c - from.y * s, center.y + from.x * s + from.y * c), outer: outer)
        }
    }

    /// Steps an arc of the stroke's radius through `angle` needs to stay within the tolerance
    /// (at most 256 a half turn: within it up to a radius of 5000 pixels).
    private func arcSteps(_ angle: Double) -> Int {
        let radius = halfWidth * largestScale
        guard radius > CoverageFill.tolerance else { return 1 }
        let step = 2 * acos(1 - CoverageFill.tolerance / radius)
        return min(max(Int(saturating: angle / step, rounding: .up), 1), 256)
    }

    /// Adds to `left` (the open subpath's polygon) a cap's points between the sides' ends at
    /// `end` (not those ends), for a stroke leaving in `direction`.
    private mutating func addCap(at end: Vector2, direction: Vector2) {
        let side = normal(direction), ahead = Vector2(direction.x * halfWidth, direction.y * halfWidth)
        switch cap {
        case .butt:
            break
        case .square:
            left.append(end + side + ahead)
            left.append(end - side + ahead)
        case .round:
            // Half a turn from the left side through `ahead` to the right side.
            let steps = arcSteps(Double.pi)
            for step in 1..<steps {
                let turn = -Double.pi * Double(step) / Double(steps), c = cos(turn), s = sin(turn)
                left.append(Vector2(end.x + side.x * c - side.y * s, end.y + side.x * s + side.y * c))
            }
        }
    }

    /// Appends the closed polygon through `polygon`'s points, in device pixels.
    private func emit(_ polygon: [Vector2], reversed: Bool, into lines: inout [Double]) {
        guard polygon.count > 1 else { return }
        let t = transform
        func device(_ index: Int) -> (x: Double, y: Double) {
            let p = polygon[reversed ? polygon.count - 1 - index : index]
            return (t.xx * p.x + t.xy * p.y + t.x0, t.yx * p.x + t.yy * p.y + t.y0)
        }
        var from = device(polygon.count - 1)
        for index in 0..<polygon.count {
            let to = device(index)
            lines.append(from.x)
            lines.append(from.y)
            lines.append(to.x)
            lines.append(to.y)
            from = to
        }
    }
}
