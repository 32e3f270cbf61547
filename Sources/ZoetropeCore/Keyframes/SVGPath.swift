import RealModule

/// SVG path data (`M 200 380 C 300 200 500 600 700 420`) as move/line/cubic/close segments in
/// absolute coordinates: every command of SVG 1.1 (M L H V C S Q T A Z, absolute and relative).
/// Quadratic curves are raised to cubics and arcs become cubics of at most 90° each.
public struct SVGPath: Hashable, Sendable {
    public enum Segment: Hashable, Sendable {
        case move(Vector2)
        case line(Vector2)
        case cubic(Vector2, Vector2, Vector2)
        case close
    }

    public private(set) var segments: [Segment] = []

    /// A path of the given segments (none: the empty path, which draws nothing).
    public init(segments: [Segment] = []) {
        self.segments = segments
    }

    /// Every point of the path moved by `move` (a path placed or scaled, segment for segment).
    public func mappingPoints(_ move: (Vector2) -> Vector2) -> SVGPath {
        SVGPath(segments: segments.map { segment in
            switch segment {
            case .move(let point): .move(move(point))
            case .line(let point): .line(move(point))
            case let .cubic(c1, c2, end): .cubic(move(c1), move(c2), move(end))
            case .close: .close
            }
        })
    }

    /// Every point the segments name, end points and Bézier control points alike: the outline
    /// lies within their convex hull.
    public var controlPoints: [Vector2] {
        var points: [Vector2] = []
        points.reserveCapacity(segments.count * 3)
        forEachControlPoint { points.append($0) }
        return points
    }

    /// Calls `body` with each of `controlPoints` in turn, without making the array (a layer's
    /// reach is measured in every frame).
    @inlinable
    public func forEachControlPoint(_ body: (Vector2) -> Void) {
        for segment in segments {
            switch segment {
            case .move(let point), .line(let point): body(point)
            case let .cubic(c1, c2, end):
                body(c1)
                body(c2)
                body(end)
            case .close: break
            }
        }
    }

    /// The path as data of absolute moves, lines, cubics and closes, which `init(parsing:)`
    /// reads back to the same segments, bit for bit.
    public var data: String {
        func number(_ n: Double) -> String {
            if n == 0 { return n.sign == .minus ? "-0.0" : "0" }
            if n == n.rounded(), abs(n) < 1e15 { return String(Int(saturating: n)) }
            return n.description
        }
        func point(_ p: Vector2) -> String { number(p.x) + " " + number(p.y) }
        return segments.map { segment in
            switch segment {
            case .move(let p): "M " + point(p)
            case .line(let p): "L " + point(p)
            case let .cubic(c1, c2, end): "C " + [c1, c2, end].map(point).joined(separator: " ")
            case .close: "Z"
            }
        }.joined(separator: " ")
    }

    /// The path `progress` of the way to `target`, point by point; nil unless both have the
    /// same commands in the same order.
    public func interpolated(to target: SVGPath, progress p: Double) -> SVGPath? {
        guard segments.count == target.segments.count else { return nil }
        func mix(_ a: Vector2, _ b: Vector2) -> Vector2 { Vector2(a.x + (b.x - a.x) * p, a.y + (b.y - a.y) * p) }
        var mixed: [Segment] = []
        mixed.reserveCapacity(segments.count)
        for (a, b) in zip(segments, target.segments) {
            switch (a, b) {
            case let (.move(x), .move(y)): mixed.append(.move(mix(x, y)))
            case let (.line(x), .line(y)): mixed.append(.line(mix(x, y)))
            case let (.cubic(a1, a2, a3), .cubic(b1, b2, b3)): mixed.append(.cubic(mix(a1, b1), mix(a2, b2), mix(a3, b3)))
            case (.close, .close): mixed.append(.close)
            default: return nil
            }
        }
        return SVGPath(segments: mixed)
    }

    /// Parses path data; throws with the offending character's position, and past
    /// `SceneLimits.pathSegments` commands (an implicitly repeated command counts each time).
    public init(parsing text: String) throws(SVGPathError) {
        var scanner = Scanner(Array(text.unicodeScalars))
        var current = Vector2.zero, subpathStart = Vector2.zero
        var lastControl: Vector2?, lastQuadratic: Vector2?
        var command: Character?
        var commands = 0
        while true {
            scanner.skipSeparators()
            guard let next = scanner.peek() else { break }
            commands += 1
            guard commands <= SceneLimits.pathSegments else {
                throw SVGPathError(offset: scanner.offset, message: "more than \(SceneLimits.pathSegments) segments", exceedsLimit: true)
            }
            if next.properties.isAlphabetic {
                command = Character(next)
                scanner.advance()
            } else if command == nil {
                throw SVGPathError(offset: scanner.offset, message: "path data must start with a command such as M")
            }
            guard let letter = command else { break }
            let relative = letter.isLowercase
            func point() throws(SVGPathError) -> Vector2 {
                let x = try scanner.number(), y = try scanner.number()
                return relative ? Vector2(current.x + x, current.y + y) : Vector2(x, y)
            }
            var control: Vector2?, quadratic: Vector2?
            switch letter.uppercased() {
            case "M":
                current = try point()
                subpathStart = current
                segments.append(.move(current))
                command = relative ? "l" : "L"   // further pairs are lines
            case "L":
                current = try point()
                segments.append(.line(current))
            case "H":
                let x = try scanner.number()
                current = Vector2(relative ? current.x + x : x, current.y)
                segments.append(.line(current))
            case "V":
                let y = try scanner.number()
                current = Vector2(current.x, relative ? current.y + y : y)
                segments.append(.line(current))
            case "C":
                let c1 = try point(), c2 = try point(), end = try point()
                segments.append(.cubic(c1, c2, end))
                (control, current) = (c2, end)
            case "S":
                let c1 = lastControl.map { current * 2 - $0 } ?? current
                let c2 = try point(), end = try point()
                segments.append(.cubic(c1, c2, end))
                (control, current) = (c2, end)
            case "Q", "T":
                let q = letter.uppercased() == "Q" ? try point() : (lastQuadratic.map { current * 2 - $0 } ?? current)
                let end = try point()
                segments.append(.cubic(current + (q - current) * (2.0 / 3), end + (q - end) * (2.0 / 3), end))
                (quadratic, current) = (q, end)
            case "A":
                let rx = abs(try scanner.number()), ry = abs(try scanner.number())
                let rotation = try scanner.number() * .pi / 180
                let largeArc = try scanner.flag(), sweep = try scanner.flag()
                let end = try point()
                segments += Self.arc(from: current, to: end, rx: rx, ry: ry, rotation: rotation, largeArc: largeArc, sweep: sweep)
                current = end
            case "Z":
                segments.append(.close)
                current = subpathStart
                command = nil
            default:
                throw SVGPathError(offset: scanner.offset - 1, message: "unknown command \"\(letter)\"")
            }
            lastControl = control
            lastQuadratic = quadratic
        }
        // Data of nothing but spaces is the empty path (`data` of an outline with no segments).
        if segments.isEmpty, text.unicodeScalars.allSatisfy({ " \t\n\r,".unicodeScalars.contains($0) }) { return }
        guard case .move? = segments.first else {
            throw SVGPathError(offset: 0, message: "path data must start with M (moveto)")
        }
    }

    /// The path as a polyline: each curve cut into `steps` straight pieces (a new subpath after
    /// a move is joined to the previous one, as a motion path travels it).
    public func flattened(steps: Int = 32) -> [Vector2] {
        var points: [Vector2] = [], current = Vector2.zero, start = Vector2.zero
        for segment in segments {
            switch segment {
            case .move(let p):
                current = p
                start = p
                points.append(p)
            case .line(let p):
                current = p
                points.append(p)
            case let .cubic(c1, c2, end):
                let p0 = current
                for i in 1...steps {
                    let t = Double(i) / Double(steps), u = 1 - t
                    points.append(p0 * (u * u * u) + c1 * (3 * u * u * t) + c2 * (3 * u * t * t) + end * (t * t * t))
                }
                current = end
            case .close:
                current = start
                points.append(start)
            }
        }
        // Drop repeated points: they add no distance and no direction.
        return points.enumerated().filter { index, point in index == 0 || point != points[index - 1] }.map(\.element)
    }

    /// An elliptical arc (SVG's endpoint parameterisation, F.6.5) as cubics of ≤ 90°.
    private static func arc(from p0: Vector2, to p1: Vector2, rx: Double, ry: Double, rotation: Double,
                            largeArc: Bool, sweep: Bool) -> [Segment] {
        guard rx > 0, ry > 0, p0 != p1 else { return [.line(p1)] }
        let (c, s) = (Double.cos(rotation), Double.sin(rotation))
        // Solved in units of the largest length involved, so coordinates near the limits of Double
        // do not overflow when squared; a result that is still not finite draws a line instead.
        let dx = (p0.x - p1.x) / 2, dy = (p0.y - p1.y) / 2
        let unit = max(abs(dx), abs(dy), rx, ry)
        let x1 = (c * dx + s * dy) / unit, y1 = (-s * dx + c * dy) / unit
        var (rx, ry) = (rx / unit, ry / unit)
        let lambda = (x1 * x1) / (rx * rx) + (y1 * y1) / (ry * ry)
        if lambda > 1 { rx *= Double.sqrt(lambda); ry *= Double.sqrt(lambda) }
        let numerator = rx * rx * ry * ry - rx * rx * y1 * y1 - ry * ry * x1 * x1
        let denominator = rx * rx * y1 * y1 + ry * ry * x1 * x1
        var factor = denominator > 0 ? Double.sqrt(max(0, numerator / denominator)) : 0
        if largeArc == sweep { factor = -factor }
        let cx1 = factor * rx * y1 / ry, cy1 = -factor * ry * x1 / rx
        func angle(_ ux: Double, _ uy: Double, _ vx: Double, _ vy: Double) -> Double {
            Double.atan2(y: ux * vy - uy * vx, x: ux * vx + uy * vy)
        }
        let theta = angle(1, 0, (x1 - cx1) / rx, (y1 - cy1) / ry)
        var delta = angle((x1 - cx1) / rx, (y1 - cy1) / ry, (-x1 - cx1) / rx, (-y1 - cy1) / ry)
        if !sweep && delta > 0 { delta -= 2 * .pi }
        if sweep && delta < 0 { delta += 2 * .pi }
        let center = Vector2(unit * (c * cx1 - s * cy1) + (p0.x + p1.x) / 2, unit * (s * cx1 + c * cy1) + (p0.y + p1.y) / 2)
        (rx, ry) = (rx * unit, ry * unit)
        guard delta.isFinite, theta.isFinite, center.x.isFinite, center.y.isFinite, rx.isFinite, ry.isFinite else {
            return [.line(p1)]
        }
        let pieces = max(1, Int(saturating: abs(delta) / (.pi / 2), rounding: .up))
        let step = delta / Double(pieces)
        let k = 4.0 / 3 * Double.tan(step / 4)
        func onEllipse(_ t: Double) -> (point: Vector2, derivative: Vector2) {
            let (ct, st) = (Double.cos(t), Double.sin(t))
            let point = Vector2(center.x + rx * c * ct - ry * s * st, center.y + rx * s * ct + ry * c * st)
            let derivative = Vector2(-rx * c * st - ry * s * ct, -rx * s * st + ry * c * ct)
            return (point, derivative)
        }
        return (0..<pieces).map { index in
            let a = onEllipse(theta + Double(index) * step), b = onEllipse(theta + Double(index + 1) * step)
            let end = index == pieces - 1 ? p1 : b.point
            return .cubic(a.point + a.derivative * k, end - b.derivative * k, end)
        }
    }

    /// Reads numbers and flags from path data.
    private struct Scanner {
        let scalars: [Unicode.Scalar]
        var offset = 0

        init(_ scalars: [Unicode.Scalar]) { self.scalars = scalars }

        func peek() -> Unicode.Scalar? { offset < scalars.count ? scalars[offset] : nil }
        mutating func advance() { offset += 1 }

        mutating func skipSeparators() {
            while let s = peek(), s == " " || s == "," || s == "\n" || s == "\t" || s == "\r" { advance() }
        }

        mutating func number() throws(SVGPathError) -> Double {
            skipSeparators()
            let start = offset
            if let s = peek(), s == "-" || s == "+" { advance() }
            var seenDot = false, seenDigit = false
            while let s = peek() {
                if ("0"..."9").contains(s) { seenDigit = true; advance() }
                else if s == ".", !seenDot { seenDot = true; advance() }
                else { break }
            }
            if seenDigit, let s = peek(), s == "e" || s == "E" {
                advance()
                if let sign = peek(), sign == "-" || sign == "+" { advance() }
                while let s = peek(), ("0"..."9").contains(s) { advance() }
            }
            let text = String(String.UnicodeScalarView(scalars[start..<offset]))
            guard seenDigit, let value = Double(text), value.isFinite else {
                throw SVGPathError(offset: start, message: "expected a number")
            }
            return value
        }

        mutating func flag() throws(SVGPathError) -> Bool {
            skipSeparators()
            guard let s = peek(), s == "0" || s == "1" else { throw SVGPathError(offset: offset, message: "expected an arc flag, 0 or 1") }
            advance()
            return s == "1"
        }
    }
}

/// Path data that cannot be read, with the character offset of the problem.
public struct SVGPathError: Error, Hashable, Sendable, CustomStringConvertible {
    public var offset: Int
    public var message: String
    /// The data is well formed up to `offset` but has more than `SceneLimits.pathSegments` segments.
    public var exceedsLimit: Bool

    public init(offset: Int, message: String, exceedsLimit: Bool = false) {
        self.offset = offset
        self.message = message
        self.exceedsLimit = exceedsLimit
    }

    public var description: String { "\(message) (at character \(offset + 1))" }
}

extension KeyframeTrack {
    /// The two tracks of a motion along a path: where the layer is, and which way it faces.
    public struct Motion: Hashable, Sendable {
        /// The layer's position: the path's points at constant speed (paced).
        public var position: KeyframeTrack
        /// The tangent's angle in radians plus the rotation offset, at `position`'s key times.
        public var rotation: KeyframeTrack

        /// The motion whose positions are `position` and whose angles are `rotation`.
        public init(position: KeyframeTrack, rotation: KeyframeTrack) {
            self.position = position
            self.rotation = rotation
        }
    }

    /// Motion along `path` at constant speed (CAKeyframeAnimation's `path` with paced timing):
    /// the position track and, for `rotationMode: auto`, a track of the tangent's angle in
    /// radians plus `rotationOffset` (π for `autoReverse`), unwrapped so the layer never spins
    /// the long way round.
    ///
    /// A path of no length (one point) stands still: one position, and the offset as its angle.
    /// Curves are cut into 32 pieces each, fewer when the path has more than
    /// `SceneLimits.keyframes / 32` curves, so the tracks stay within `SceneLimits.keyframes`
    /// points per curve-free segment.
    public static func motion(along path: SVGPath, rotationOffset: Double = 0) throws(KeyframeError) -> Motion {
        let curves = path.segments.count { if case .cubic = $0 { true } else { false } }
        let points = path.flattened(steps: min(32, max(1, SceneLimits.keyframes / max(curves, 1))))
        guard points.count > 1 else {
            let still = try KeyframeTrack(values: points.map { .vector($0) })
            return Motion(position: still, rotation: try KeyframeTrack(values: [.number(rotationOffset)]))
        }
        let position = try KeyframeTrack(values: points.map { .vector($0) }, calculationMode: .paced)
        var angles: [Double] = []
        for index in points.indices {
            let a = points[max(index - 1, 0)], b = points[min(index + 1, points.count - 1)]
            var angle = Double.atan2(y: b.y - a.y, x: b.x - a.x)
            if let previous = angles.last {
                while angle - previous > .pi { angle -= 2 * .pi }
                while angle - previous < -.pi { angle += 2 * .pi }
            }
            angles.append(angle)
        }
        if rotationOffset != 0 { angles = angles.map { $0 + rotationOffset } }
        let rotation = try KeyframeTrack(values: angles.map { .number($0) }, keyTimes: position.keyTimes)
        return Motion(position: position, rotation: rotation)
    }
}
