/// A pair of numbers: a point, a size, a scale or a per-component velocity.
///
/// Sizes use `x` for the width and `y` for the height, as `CGSize` would.
public struct Vector2: Hashable, Sendable, CustomStringConvertible {
    /// The horizontal component (the width, for a size).
    public var x: Double
    /// The vertical component (the height, for a size).
    public var y: Double

    /// Creates a vector from its two components.
    public init(_ x: Double, _ y: Double) {
        self.x = x
        self.y = y
    }

    /// The vector with both components zero.
    public static let zero = Vector2(0, 0)

    /// The component at `index` (0 is `x`, 1 is `y`).
    public subscript(index: Int) -> Double {
        get { index == 0 ? x : y }
        set { if index == 0 { x = newValue } else { y = newValue } }
    }

    /// True when both components are finite numbers.
    public var isFinite: Bool { x.isFinite && y.isFinite }

    public var description: String { "[\(x), \(y)]" }

    public static func + (a: Vector2, b: Vector2) -> Vector2 { Vector2(a.x + b.x, a.y + b.y) }
    public static func - (a: Vector2, b: Vector2) -> Vector2 { Vector2(a.x - b.x, a.y - b.y) }
    public static func * (a: Vector2, s: Double) -> Vector2 { Vector2(a.x * s, a.y * s) }
}
