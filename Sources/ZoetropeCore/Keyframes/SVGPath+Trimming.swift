/// Part of an outline by length, as `CAShapeLayer.strokeStart` / `strokeEnd` draw it.
extension SVGPath {
    /// How a trim window is laid along a path of several subpaths.
    public enum TrimMode: String, Hashable, Sendable, CaseIterable {
        /// The subpaths one after another, as one outline (`CAShapeLayer`).
        case whole
        /// The same window on every subpath (Lottie's "simultaneously").
        case eachSubpath
    }

    /// The part of the path from `start` to `end` of its length, both moved on by `offset`
    /// (a whole number of lengths is a turn back to the same place). A window that goes past
    /// the end continues from the start, joined to it where the subpath is closed; a window
    /// of the whole length or more is the path itself, and an empty one (`end` ≤ `start`) is
    /// nothing. Curves are cut exactly (de Casteljau), at parameters found by arc length.
    public func trimmed(start: Double, end: Double, offset: Double = 0, mode: TrimMode = .whole) -> SVGPath {
        guard start.isFinite, end.isFinite, offset.isFinite, end > start else { return SVGPath() }
        if end - start >= 1 { return self }
        let from = start + offset - (start + offset).rounded(.down)
        let windows = from + (end - start) <= 1
            ? [(from, from + (end - start))]
            : [(from, 1.0), (0.0, from + (end - start) - 1)]
        let subpaths = TrimmedSubpath.split(self)
        var segments: [Segment] = []
        switch mode {
        case .whole:
            let total = subpaths.reduce(0) { $0 + $1.length }
            guard total > 0 else { return SVGPath() }
            for (low, high) in windows {
                var before = 0.0
                for subpath in subpaths {
                    subpath.append(from: low * total - before, to: high * total - before, to: &segments, joined: false)
                    before += subpath.length
                }
            }
        case .eachSubpath:
            for subpath in subpaths where subpath.length > 0 {
                for (index, (low, high)) in windows.enumerated() {
                    subpath.append(from: low * subpath.length, to: high * subpath.length, to: &segments,
                                   joined: index == 1 && subpath.closed)
                }
            }
        }
        return SVGPath(segments: segments)
    }
}

/// One subpath as straight and cubic pieces with their lengths, a closed one ending with the
/// line back to its start.
private struct TrimmedSubpath {
    struct Piece {
        /// A line has its ends as p0 and p3 and no controls.
        var p0, p1, p2, p3: Vector2
        var curved: Bool
        var length: Double
        /// Arc lengths at parameters 0, 1/n, …, 1 (curves only).
        var table: [Double]
    }

    var pieces: [Piece] = []
    var closed = false
    var length: Double { pieces.reduce(0) { $0 + $1.length } }

    static let samples = 24

    static func split(_ path: SVGPath) -> [TrimmedSubpath] {
        var result: [TrimmedSubpath] = []
        var current = TrimmedSubpath(), point = Vector2.zero, start = Vector2.zero
        func finish() {
            if !current.pieces.isEmpty { result.append(current) }
            current = TrimmedSubpath()
        }
        for segment in path.segments {
            switch segment {
            case .move(let p):
                finish()
                point = p
                start = p
            case .line(let p):
                current.pieces.append(line(point, p))
                point = p
            case let .cubic(c1, c2, p):
                current.pieces.append(cubic(point, c1, c2, p))
                point = p
            case .close:
                if point != start { current.pieces.append(line(point, start)) }
                current.closed = true
                finish()
                point = start
            }
        }
        finish()
        return result
    }

    static func line(_ a: Vector2, _ b: Vector2) -> Piece {
        Piece(p0: a, p1: a, p2: b, p3: b, curved: false, length: distance(a, b), table: [])
    }

    static func cubic(_ p0: Vector2, _ p1: Vector2, _ p2: Vector2, _ p3: Vector2) -> Piece {
        var table = [0.0], previous = p0
        for i in 1...samples {
            let next = point(p0, p1, p2, p3, Double(i) / Double(samples))
            table.append(table[i - 1] + distance(previous, next))
            previous = next
        }
        return Piece(p0: p0, p1: p1, p2: p2, p3: p3, curved: true, length: table[samples], table: table)
    }

    static func distance(_ a: Vector2, _ b: Vector2) -> Double { ((a.x - b.x) * (a.x - b.x) + (a.y - b.y) * (a.y - b.y)).squareRoot() }

    static func point(_ p0: Vector2, _ p1: Vector2, _ p2: Vector2, _ p3: Vector2, _ t: Double) -> Vector2 {
        let u = 1 - t
        return p0 * (u * u * u) + p1 * (3 * u * u * t) + p2 * (3 * u * t * t) + p3 * (t * t * t)
    }

    /// Appends the part from length `low` to `high` along this subpath (clamped to it); it
    /// starts a new subpath unless `joined` continues the one before.
    func append(from low: Double, to high: Double, to segments: inout [SVGPath.Segment], joined: Bool) {
        let low = max(low, 0), high = min(high, length)
        guard high > low else { return }
        var before = 0.0, moved = joined
        for piece in pieces {
            defer { before += piece.length }
            let a = max(low - before, 0), b = min(high - before, piece.length)
            guard b > a else { continue }
            let t0 = parameter(piece, at: a), t1 = parameter(piece, at: b)
            let part = Self.cut(piece, t0, t1)
            if !moved {
                segments.append(.move(part.p0))
                moved = true
            }
            segments.append(piece.curved ? .cubic(part.p1, part.p2, part.p3) : .line(part.p3))
        }
    }

    /// The curve parameter at arc length `s` into a piece.
    private func parameter(_ piece: Piece, at s: Double) -> Double {
        guard piece.length > 0 else { return 0 }
        guard piece.curved else { return min(max(s / piece.length, 0), 1) }
        if s <= 0 { return 0 }
        if s >= piece.length { return 1 }
        var low = 0, high = Self.samples
        while high - low > 1 {
            let middle = (low + high) / 2
            if piece.table[middle] < s { low = middle } else { high = middle }
        }
        let span = piece.table[high] - piece.table[low]
        let within = span > 0 ? (s - piece.table[low]) / span : 0
        return (Double(low) + within) / Double(Self.samples)
    }

    /// The piece between parameters t0 ≤ t1, as its own cubic (or line).
    static func cut(_ piece: Piece, _ t0: Double, _ t1: Double) -> Piece {
        guard piece.curved else {
            let a = piece.p0 + (piece.p3 - piece.p0) * t0, b = piece.p0 + (piece.p3 - piece.p0) * t1
            return line(a, b)
        }
        // The part after t0, then the front of that part up to where t1 falls in it.
        let tail = split(piece.p0, piece.p1, piece.p2, piece.p3, at: t0).after
        let local = t0 < 1 ? (t1 - t0) / (1 - t0) : 1
        let part = split(tail.0, tail.1, tail.2, tail.3, at: local).before
        return Piece(p0: part.0, p1: part.1, p2: part.2, p3: part.3, curved: true, length: 0, table: [])
    }

    typealias Quad = (Vector2, Vector2, Vector2, Vector2)

    static func split(_ p0: Vector2, _ p1: Vector2, _ p2: Vector2, _ p3: Vector2, at t: Double) -> (before: Quad, after: Quad) {
        func mix(_ a: Vector2, _ b: Vector2) -> Vector2 { a + (b - a) * t }
        let a = mix(p0, p1), b = mix(p1, p2), c = mix(p2, p3)
        let d = mix(a, b), e = mix(b, c)
        let f = mix(d, e)
        return ((p0, a, d, f), (f, e, c, p3))
    }
}
