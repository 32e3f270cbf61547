import ZoetropeCore

/// Mirrors CoreGraphics' `CGVector`: a two-dimensional vector, such as a spring's initial
/// velocity.
public struct CGVector: Equatable, Hashable, Sendable {
    /// The x component.
    public var dx: CGFloat
    /// The y component.
    public var dy: CGFloat

    /// Mirrors `CGVector(dx:dy:)`.
    public init(dx: CGFloat, dy: CGFloat) {
        self.dx = dx
        self.dy = dy
    }

    /// Mirrors `CGVector()`: the zero vector.
    public init() {
        self.init(dx: 0, dy: 0)
    }

    /// Mirrors `CGVector.zero`.
    public static let zero = CGVector(dx: 0, dy: 0)
}

extension CGVector {
    /// The vector as Zoetrope Core's `Vector2`.
    var vector: Vector2 { Vector2(Double(dx), Double(dy)) }
}
