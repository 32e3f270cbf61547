import ZoetropeCore

/// Mirrors `CAMediaTimingFunctionName`.
public struct CAMediaTimingFunctionName: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }

    public static let linear = CAMediaTimingFunctionName(rawValue: "linear")
    public static let easeIn = CAMediaTimingFunctionName(rawValue: "easeIn")
    public static let easeOut = CAMediaTimingFunctionName(rawValue: "easeOut")
    public static let easeInEaseOut = CAMediaTimingFunctionName(rawValue: "easeInEaseOut")
    /// Core Animation's default curve (0.25, 0.1, 0.25, 1), which implicit animations use.
    public static let `default` = CAMediaTimingFunctionName(rawValue: "default")
}

/// Mirrors `CAMediaTimingFunction`: a cubic Bézier from (0, 0) to (1, 1), by name or by its
/// control points.
///
/// ```swift
/// animation.timingFunction = CAMediaTimingFunction(name: .easeOut)
/// animation.timingFunction = CAMediaTimingFunction(controlPoints: 0.5, -0.4, 0.5, 1.4)
/// ```
open class CAMediaTimingFunction: @unchecked Sendable {
    let curve: CubicTimingParameters

    init(curve: CubicTimingParameters) {
        self.curve = curve
    }

    /// Mirrors `init(name:)`; an unknown name is the default curve.
    public convenience init(name: CAMediaTimingFunctionName) {
        let curve: CubicTimingParameters = switch name {
        case .linear: .linear
        case .easeIn: .easeIn
        case .easeOut: .easeOut
        case .easeInEaseOut: .easeInOut
        default: .systemDefault
        }
        self.init(curve: curve)
    }

    /// Mirrors `init(controlPoints:_:_:_:)`. Core Animation clamps x to 0…1; so does this.
    public convenience init(controlPoints c1x: Float, _ c1y: Float, _ c2x: Float, _ c2y: Float) {
        func unit(_ x: Float) -> Double { min(max(Double(x), 0), 1) }
        // Both x within 0…1, the only thing the initializer checks.
        let curve = (try? CubicTimingParameters(controlPoint1: Vector2(unit(c1x), Double(c1y)),
                                                 controlPoint2: Vector2(unit(c2x), Double(c2y)))) ?? .linear
        self.init(curve: curve)
    }

    /// Mirrors `getControlPoint(at:values:)`: index 0 is (0, 0), 1 and 2 the control points, 3 is (1, 1).
    public func getControlPoint(at index: Int, values pointer: UnsafeMutablePointer<Float>) {
        let points = [Vector2.zero, curve.controlPoint1, curve.controlPoint2, Vector2(1, 1)]
        let point = points[min(max(index, 0), 3)]
        pointer[0] = Float(point.x)
        pointer[1] = Float(point.y)
    }
}
