import ZoetropeCore

/// What drawing calls record while a `UIGraphicsImageRenderer` runs its actions: layers in the
/// image's coordinates (text, rectangles, paths), the colours `UIColor.setFill()` and
/// `setStroke()` chose, and the line width. The renderer renders them as a scene of their own.
///
/// Bound as a task-local for the length of `image(actions:)`, never set, so nothing outlives
/// the call; drawing outside one records nothing, as UIKit draws nothing without a context.
final class GraphicsContext: @unchecked Sendable {
    @TaskLocal static var current: GraphicsContext?

    /// Where the image's top left lies in the coordinates drawing uses (a renderer's bounds origin).
    let origin: CGPoint
    /// The image's size in points.
    let size: CGSize
    private(set) var layers: [Layer] = []
    var fillColor = Color.black
    var strokeColor = Color.black
    var lineWidth = 1.0

    init(bounds: CGRect) {
        origin = bounds.origin
        size = bounds.size
    }

    /// Records a layer of `shape` drawn with `values` (its position in drawing coordinates).
    func add(_ shape: Shape, _ values: LayerValues, _ style: LayerStyle = LayerStyle()) {
        var placed = values
        placed.position = Vector2(values.position.x - Double(origin.x), values.position.y - Double(origin.y))
        layers.append(Layer(id: "drawing\(layers.count + 1)", shape: shape, values: placed, style: style))
    }

    /// Records `rect` filled with the fill colour (`stroke` false) or stroked with the stroke
    /// colour at the line width.
    func add(_ rect: CGRect, ellipse: Bool = false, stroke: Bool) {
        var values = LayerValues()
        values.size = rect.size.vector
        values.position = Vector2(Double(rect.midX), Double(rect.midY))
        if stroke {
            values.strokeColor = strokeColor
            values.strokeWidth = lineWidth
        } else {
            values.fill = fillColor
        }
        add(ellipse ? .ellipse : .rect, values)
    }

    /// Records `path` (in drawing coordinates) filled or stroked.
    func add(_ path: SVGPath, stroke: Bool, lineWidth: Double) {
        var values = LayerValues()
        // A path layer's outline is in its bounds' coordinates: the image's bounds.
        values.size = size.vector
        values.position = Vector2(Double(origin.x + size.width / 2), Double(origin.y + size.height / 2))
        values.path = path
        if stroke {
            values.strokeColor = strokeColor
            values.strokeWidth = lineWidth
        } else {
            values.fill = fillColor
            values.strokeWidth = 0
        }
        add(.path, values)
    }
}
