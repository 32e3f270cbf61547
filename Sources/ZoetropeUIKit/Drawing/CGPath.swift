import ZoetropeCore

/// Mirrors `CGPath` (Linux has no CoreGraphics): lines and cubic curves, as a shape layer's
/// `path` and a keyframe animation's `path` take it.
open class CGPath: @unchecked Sendable {
    var segments: [SVGPath.Segment]

    init(segments: [SVGPath.Segment]) {
        self.segments = segments
    }

    /// The path as Core's path data.
    var svgPath: SVGPath { SVGPath(segments: segments) }

    /// Mirrors `CGPath(rect:transform:)`.
    public convenience init(rect: CGRect, transform: UnsafePointer<CGAffineTransform>? = nil) {
        let path = CGMutablePath()
        path.addRect(rect)
        self.init(segments: path.segments)
    }

    /// Mirrors `CGPath(ellipseIn:transform:)`.
    public convenience init(ellipseIn rect: CGRect, transform: UnsafePointer<CGAffineTransform>? = nil) {
        let path = CGMutablePath()
        path.addEllipse(in: rect)
        self.init(segments: path.segments)
    }

    /// Mirrors `CGPath(roundedRect:cornerWidth:cornerHeight:transform:)` (circular corners of the smaller radius).
    public convenience init(roundedRect rect: CGRect, cornerWidth: CGFloat, cornerHeight: CGFloat, transform: UnsafePointer<CGAffineTransform>? = nil) {
        self.init(segments: UIBezierPath(roundedRect: rect, cornerRadius: min(cornerWidth, cornerHeight)).segments)
    }

    /// Mirrors `isEmpty`.
    public var isEmpty: Bool { segments.isEmpty }

    /// Mirrors `currentPoint`.
    public var currentPoint: CGPoint { CGPoint(Self.end(of: segments)) }

    /// Mirrors `boundingBox`: the box of every point and control point.
    public var boundingBox: CGRect {
        let points = svgPath.controlPoints
        guard let first = points.first else { return .null }
        var low = first, high = first
        for point in points {
            low = Vector2(min(low.x, point.x), min(low.y, point.y))
            high = Vector2(max(high.x, point.x), max(high.y, point.y))
        }
        return CGRect(x: low.x, y: low.y, width: high.x - low.x, height: high.y - low.y)
    }

    /// Mirrors `copy()`.
    public func copy() -> CGPath { CGPath(segments: segments) }

    /// Mirrors `mutableCopy()`.
    public func mutableCopy() -> CGMutablePath? { CGMutablePath(segments: segments) }

    /// Where the last segment of `segments` ends (zero when empty).
    static func end(of segments: [SVGPath.Segment]) -> Vector2 {
        var start = Vector2.zero, current = Vector2.zero
        for segment in segments {
            switch segment {
            case .move(let point):
                start = point
                current = point
            case .line(let point), .cubic(_, _, let point): current = point
            case .close: current = start
            }
        }
        return current
    }

    /// A circular arc as cubic curves (at most a quarter turn each), from the current point by
    /// a line to its start, as Core Graphics adds it. Angles in radians; with y down,
    /// `clockwise` runs the angle up, as UIKit's arcs do on screen.
    static func arc(center: Vector2, radius: Double, from start: Double, to end: Double, clockwise: Bool,
                    after segments: [SVGPath.Segment]) -> [SVGPath.Segment] {
        var sweep = end - start
        let turn = 2 * Double.pi
        if clockwise {
            while sweep < 0 { sweep += turn }
            if sweep > turn { sweep = sweep.truncatingRemainder(dividingBy: turn) }
        } else {
            while sweep > 0 { sweep -= turn }
            if sweep < -turn { sweep = sweep.truncatingRemainder(dividingBy: turn) }
        }
        func point(_ angle: Double) -> Vector2 { Vector2(center.x + radius * cos(angle), center.y + radius * sin(angle)) }
        var added: [SVGPath.Segment] = [segments.isEmpty ? .move(point(start)) : .line(point(start))]
        let pieces = max(1, Int(saturating: abs(sweep) / (Double.pi / 2), rounding: .up))
        let step = sweep / Double(pieces)
        let k = 4.0 / 3.0 * tan(step / 4)
        var angle = start
        for _ in 0..<pieces {
            let next = angle + step
            let a = point(angle), b = point(next)
            let c1 = Vector2(a.x - k * radius * sin(angle), a.y + k * radius * cos(angle))
            let c2 = Vector2(b.x + k * radius * sin(next), b.y - k * radius * cos(next))
            added.append(.cubic(c1, c2, b))
            angle = next
        }
        return added
    }
}

/// Mirrors `CGMutablePath`.
open class CGMutablePath: CGPath, @unchecked Sendable {
    /// Mirrors `CGMutablePath()`: an empty path.
    public init() {
        super.init(segments: [])
    }

    override init(segments: [SVGPath.Segment]) {
        super.init(segments: segments)
    }

    /// Mirrors `move(to:transform:)`.
    public func move(to point: CGPoint, transform: CGAffineTransform = .identity) {
        segments.append(.move(point.applying(transform).vector))
    }

    /// Mirrors `addLine(to:transform:)`.
    public func addLine(to point: CGPoint, transform: CGAffineTransform = .identity) {
        segments.append(.line(point.applying(transform).vector))
    }

    /// Mirrors `addLines(between:transform:)`.
    public func addLines(between points: [CGPoint], transform: CGAffineTransform = .identity) {
        for (index, point) in points.enumerated() {
            if index == 0 { move(to: point, transform: transform) } else { addLine(to: point, transform: transform) }
        }
    }

    /// Mirrors `addCurve(to:control1:control2:transform:)`.
    public func addCurve(to end: CGPoint, control1: CGPoint, control2: CGPoint, transform: CGAffineTransform = .identity) {
        segments.append(.cubic(control1.applying(transform).vector, control2.applying(transform).vector, end.applying(transform).vector))
    }

    /// Mirrors `addQuadCurve(to:control:transform:)`, as the cubic it equals.
    public func addQuadCurve(to end: CGPoint, control: CGPoint, transform: CGAffineTransform = .identity) {
        let start = currentPoint.vector, c = control.applying(transform).vector, e = end.applying(transform).vector
        segments.append(.cubic(Vector2(start.x + 2 / 3 * (c.x - start.x), start.y + 2 / 3 * (c.y - start.y)),
                               Vector2(e.x + 2 / 3 * (c.x - e.x), e.y + 2 / 3 * (c.y - e.y)), e))
    }

    /// Mirrors `addRect(_:transform:)`.
    public func addRect(_ rect: CGRect, transform: CGAffineTransform = .identity) {
        addLines(between: [CGPoint(x: rect.minX, y: rect.minY), CGPoint(x: rect.maxX, y: rect.minY),
                           CGPoint(x: rect.maxX, y: rect.maxY), CGPoint(x: rect.minX, y: rect.maxY)], transform: transform)
        closeSubpath()
    }

    /// Mirrors `addEllipse(in:transform:)`.
    public func addEllipse(in rect: CGRect, transform: CGAffineTransform = .identity) {
        let oval = UIBezierPath(ovalIn: rect)
        segments += transform.isIdentity ? oval.segments : SVGPath(segments: oval.segments).mappingPoints { CGPoint($0).applying(transform).vector }.segments
    }

    /// Mirrors `addArc(center:radius:startAngle:endAngle:clockwise:transform:)`. Core Graphics'
    /// `clockwise` is in its flipped (y up) space: on a y-down screen, `clockwise: true` turns
    /// counter-clockwise, the opposite of `UIBezierPath`'s.
    public func addArc(center: CGPoint, radius: CGFloat, startAngle: CGFloat, endAngle: CGFloat, clockwise: Bool,
                       transform: CGAffineTransform = .identity) {
        let arc = CGPath.arc(center: center.vector, radius: Double(radius), from: Double(startAngle), to: Double(endAngle),
                             clockwise: !clockwise, after: segments)
        segments += transform.isIdentity ? arc : SVGPath(segments: arc).mappingPoints { CGPoint($0).applying(transform).vector }.segments
    }

    /// Mirrors `addPath(_:transform:)`.
    public func addPath(_ path: CGPath, transform: CGAffineTransform = .identity) {
        segments += transform.isIdentity ? path.segments : path.svgPath.mappingPoints { CGPoint($0).applying(transform).vector }.segments
    }

    /// Mirrors `closeSubpath()`.
    public func closeSubpath() { segments.append(.close) }
}

extension UIBezierPath {
    /// Mirrors `cgPath`: a copy of the path's outline.
    public var cgPath: CGPath { CGPath(segments: segments) }

    /// Mirrors `init(cgPath:)`.
    public convenience init(cgPath path: CGPath) {
        self.init()
        append(path.segments)
    }

    /// Mirrors `init(arcCenter:radius:startAngle:endAngle:clockwise:)`: with y down, clockwise
    /// runs the angle up.
    public convenience init(arcCenter center: CGPoint, radius: CGFloat, startAngle: CGFloat, endAngle: CGFloat, clockwise: Bool) {
        self.init()
        addArc(withCenter: center, radius: radius, startAngle: startAngle, endAngle: endAngle, clockwise: clockwise)
    }

    /// Mirrors `addArc(withCenter:radius:startAngle:endAngle:clockwise:)`.
    public func addArc(withCenter center: CGPoint, radius: CGFloat, startAngle: CGFloat, endAngle: CGFloat, clockwise: Bool) {
        append(CGPath.arc(center: center.vector, radius: Double(radius), from: Double(startAngle), to: Double(endAngle),
                          clockwise: clockwise, after: segments))
    }
}
