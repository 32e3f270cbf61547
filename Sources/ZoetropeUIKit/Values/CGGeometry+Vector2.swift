import ZoetropeCore

// Conversions between Foundation's geometry (CGFloat, CGPoint, CGSize) and Zoetrope Core's
// `Vector2`, for the views and layers that hand UIKit values to the stage.

extension CGPoint {
    /// The point as Core's `Vector2` (x, y).
    var vector: Vector2 { Vector2(Double(x), Double(y)) }

    /// The point at Core's `Vector2` (x, y).
    init(_ v: Vector2) {
        self.init(x: CGFloat(v.x), y: CGFloat(v.y))
    }
}

extension CGSize {
    /// The size as Core's `Vector2`: x is the width, y the height.
    var vector: Vector2 { Vector2(Double(width), Double(height)) }

    /// The size whose width is `v.x` and height `v.y`.
    init(_ v: Vector2) {
        self.init(width: CGFloat(v.x), height: CGFloat(v.y))
    }
}
