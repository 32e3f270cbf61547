import ZoetropeCore

/// Mirrors Core Graphics' `CGContext` inside `UIGraphicsImageRenderer.image(actions:)`: its
/// colour and line-width state and its rectangle and ellipse calls, recorded on the renderer's
/// drawing (Linux has no Core Graphics).
public final class CGContext: @unchecked Sendable {
    let drawing: GraphicsContext

    init(drawing: GraphicsContext) {
        self.drawing = drawing
    }

    /// Mirrors `setFillColor(_:)`.
    public func setFillColor(_ color: CGColor) { drawing.fillColor = UIColor(cgColor: color).color }
    /// Mirrors `setStrokeColor(_:)`.
    public func setStrokeColor(_ color: CGColor) { drawing.strokeColor = UIColor(cgColor: color).color }
    /// Mirrors `setLineWidth(_:)`.
    public func setLineWidth(_ width: CGFloat) { drawing.lineWidth = Double(width) }
    /// Mirrors `fill(_:)` for a rectangle.
    public func fill(_ rect: CGRect) { drawing.add(rect, stroke: false) }
    /// Mirrors `stroke(_:)` for a rectangle.
    public func stroke(_ rect: CGRect) { drawing.add(rect, stroke: true) }
    /// Mirrors `fillEllipse(in:)`.
    public func fillEllipse(in rect: CGRect) { drawing.add(rect, ellipse: true, stroke: false) }
    /// Mirrors `strokeEllipse(in:)`.
    public func strokeEllipse(in rect: CGRect) { drawing.add(rect, ellipse: true, stroke: true) }
}

/// Mirrors `UIGraphicsGetCurrentContext()`: the context of the image renderer whose actions are
/// running, nil outside one.
public func UIGraphicsGetCurrentContext() -> CGContext? {
    GraphicsContext.current.map(CGContext.init(drawing:))
}

/// Mirrors `UIRectFill(_:)`: `rect` in the fill colour, on the current image renderer.
public func UIRectFill(_ rect: CGRect) {
    GraphicsContext.current?.add(rect, stroke: false)
}

/// Mirrors `UIRectFrame(_:)`: `rect`'s outline in the stroke colour, 1 point wide.
public func UIRectFrame(_ rect: CGRect) {
    GraphicsContext.current?.add(rect, stroke: true)
}

extension UIColor {
    /// Mirrors `setFill()`: the colour later fills draw in, on the current image renderer.
    public func setFill() { GraphicsContext.current?.fillColor = color }
    /// Mirrors `setStroke()`.
    public func setStroke() { GraphicsContext.current?.strokeColor = color }
    /// Mirrors `set()`: both.
    public func set() {
        setFill()
        setStroke()
    }
}
