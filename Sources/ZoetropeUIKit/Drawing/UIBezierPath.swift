import ZoetropeCore

/// Mirrors `UIBezierPath`: an outline of lines and curves that `fill()` and `stroke()` draw
/// on the current image renderer (as a path layer of its drawing).
open class UIBezierPath: @unchecked Sendable {
    private(set) var segments: [SVGPath.Segment] = []
    /// Mirrors `lineWidth` (default 1).
    open var lineWidth: CGFloat = 1

    /// Mirrors `init()`: an empty path.
    public init() {}

    /// Mirrors `init(rect:)`.
    public convenience init(rect: CGRect) {
        self.init()
        move(to: CGPoint(x: rect.minX, y: rect.minY))
        addLine(to: CGPoint(x: rect.maxX, y: rect.minY))
        addLine(to: CGPoint(x: rect.maxX, y: rect.maxY))
        addLine(to: CGPoint(x: rect.minX, y: rect.maxY))
        close()
    }

    /// Mirrors `init(ovalIn:)`: four cubic quarter arcs.
    public convenience init(ovalIn rect: CGRect) {
        self.init()
        let k = 0.5522847498  // a quarter circle's control distance, in radii
        let cx = rect.midX, cy = rect.midY, rx = rect.width / 2, ry = rect.height / 2
        move(to: CGPoint(x: cx + rx, y: cy))
        addCurve(to: CGPoint(x: cx, y: cy + ry), controlPoint1: CGPoint(x: cx + rx, y: cy + k * ry), controlPoint2: CGPoint(x: cx + k * rx, y: cy + ry))
        addCurve(to: CGPoint(x: cx - rx, y: cy), controlPoint1: CGPoint(x: cx - k * rx, y: cy + ry), controlPoint2: CGPoint(x: cx - rx, y: cy + k * ry))
        addCurve(to: CGPoint(x: cx, y: cy - ry), controlPoint1: CGPoint(x: cx - rx, y: cy - k * ry), controlPoint2: CGPoint(x: cx - k * rx, y: cy - ry))
        addCurve(to: CGPoint(x: cx + rx, y: cy), controlPoint1: CGPoint(x: cx + k * rx, y: cy - ry), controlPoint2: CGPoint(x: cx + rx, y: cy - k * ry))
        close()
    }

    /// Mirrors `init(roundedRect:cornerRadius:)`: corners of circular quarter arcs (UIKit's
    /// are continuous curves, a little softer), the radius at most half the shorter side.
    public convenience init(roundedRect rect: CGRect, cornerRadius: CGFloat) {
        self.init()
        let r = max(0, min(cornerRadius, rect.width / 2, rect.height / 2)), k = 0.5522847498 * r
        let minX = rect.minX, minY = rect.minY, maxX = rect.maxX, maxY = rect.maxY
        move(to: CGPoint(x: minX + r, y: minY))
        addLine(to: CGPoint(x: maxX - r, y: minY))
        addCurve(to: CGPoint(x: maxX, y: minY + r), controlPoint1: CGPoint(x: maxX - r + k, y: minY), controlPoint2: CGPoint(x: maxX, y: minY + r - k))
        addLine(to: CGPoint(x: maxX, y: maxY - r))
        addCurve(to: CGPoint(x: maxX - r, y: maxY), controlPoint1: CGPoint(x: maxX, y: maxY - r + k), controlPoint2: CGPoint(x: maxX - r + k, y: maxY))
        addLine(to: CGPoint(x: minX + r, y: maxY))
        addCurve(to: CGPoint(x: minX, y: maxY - r), controlPoint1: CGPoint(x: minX + r - k, y: maxY), controlPoint2: CGPoint(x: minX, y: maxY - r + k))
        addLine(to: CGPoint(x: minX, y: minY + r))
        addCurve(to: CGPoint(x: minX + r, y: minY), controlPoint1: CGPoint(x: minX, y: minY + r - k), controlPoint2: CGPoint(x: minX + r - k, y: minY))
        close()
    }

    /// Mirrors `move(to:)`.
    open func move(to point: CGPoint) { segments.append(.move(point.vector)) }
    /// Mirrors `addLine(to:)`.
    open func addLine(to point: CGPoint) { segments.append(.line(point.vector)) }
    /// Mirrors `addCurve(to:controlPoint1:controlPoint2:)`.
    open func addCurve(to point: CGPoint, controlPoint1: CGPoint, controlPoint2: CGPoint) {
        segments.append(.cubic(controlPoint1.vector, controlPoint2.vector, point.vector))
    }
    /// Mirrors `addQuadCurve(to:controlPoint:)`, as the cubic it equals.
    open func addQuadCurve(to point: CGPoint, controlPoint: CGPoint) {
        let start = currentPoint.vector, control = controlPoint.vector, end = point.vector
        let c1 = Vector2(start.x + 2 / 3 * (control.x - start.x), start.y + 2 / 3 * (control.y - start.y))
        let c2 = Vector2(end.x + 2 / 3 * (control.x - end.x), end.y + 2 / 3 * (control.y - end.y))
        segments.append(.cubic(c1, c2, end))
    }
    /// Mirrors `close()`.
    open func close() { segments.append(.close) }

    /// Mirrors `currentPoint`: where the last segment ended (zero for an empty path).
    open var currentPoint: CGPoint { CGPoint(CGPath.end(of: segments)) }

    /// Adds `added` as they are (a `CGPath`'s segments, an arc's).
    func append(_ added: [SVGPath.Segment]) { segments += added }

    /// Mirrors `isEmpty`.
    open var isEmpty: Bool { segments.isEmpty }

    /// Mirrors `fill()`: the inside in the fill colour, on the current image renderer.
    open func fill() {
        GraphicsContext.current?.add(SVGPath(segments: segments), stroke: false, lineWidth: Double(lineWidth))
    }

    /// Mirrors `stroke()`: the outline in the stroke colour at `lineWidth`.
    open func stroke() {
        GraphicsContext.current?.add(SVGPath(segments: segments), stroke: true, lineWidth: Double(lineWidth))
    }
}
