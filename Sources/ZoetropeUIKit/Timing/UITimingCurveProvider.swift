import ZoetropeCore

/// Mirrors `UITimingCurveType`.
public enum UITimingCurveType: Int, Sendable {
    case builtin = 0, cubic, spring, composed
}

/// Mirrors `UITimingCurveProvider`: the timing of an animator, a cubic curve or a spring.
public protocol UITimingCurveProvider: AnyObject {
    var timingCurveType: UITimingCurveType { get }
    var cubicTimingParameters: UICubicTimingParameters? { get }
    var springTimingParameters: UISpringTimingParameters? { get }
}

extension UITimingCurveProvider {
    /// The timing as Core runs it: the spring when there is one, else the cubic curve.
    var timingParameters: TimingParameters {
        if let spring = springTimingParameters { return .spring(spring.spring) }
        if let cubic = cubicTimingParameters { return .cubic(cubic.curve) }
        return .default
    }
}

/// Mirrors `UICubicTimingParameters`: a cubic Bézier from (0, 0) to (1, 1).
open class UICubicTimingParameters: UITimingCurveProvider {
    let curve: CubicTimingParameters
    /// Mirrors `animationCurve` (`.easeInOut` for custom control points, as UIKit reports).
    public let animationCurve: UIView.AnimationCurve

    /// Mirrors `init()`: the ease-in-ease-out curve.
    public convenience init() {
        self.init(animationCurve: .easeInOut)
    }

    /// Mirrors `init(animationCurve:)`.
    public init(animationCurve curve: UIView.AnimationCurve) {
        self.curve = CubicTimingParameters(animationCurve: curve.curve)
        animationCurve = curve
    }

    /// Mirrors `init(controlPoint1:controlPoint2:)`. UIKit requires x within 0…1 of both points
    /// and raises otherwise: so does this, with its message.
    public init(controlPoint1 point1: CGPoint, controlPoint2 point2: CGPoint) {
        do {
            curve = try CubicTimingParameters(controlPoint1: point1.vector, controlPoint2: point2.vector)
        } catch {
            fatalError("*** Terminating app due to uncaught exception 'NSInvalidArgumentException', reason: 'UICubicTimingParameters: \(error)'")
        }
        animationCurve = .easeInOut
    }

    /// Mirrors `controlPoint1`.
    public var controlPoint1: CGPoint { CGPoint(curve.controlPoint1) }
    /// Mirrors `controlPoint2`.
    public var controlPoint2: CGPoint { CGPoint(curve.controlPoint2) }

    public var timingCurveType: UITimingCurveType { .cubic }
    public var cubicTimingParameters: UICubicTimingParameters? { self }
    public var springTimingParameters: UISpringTimingParameters? { nil }
}

/// Mirrors `UISpringTimingParameters`: a damped spring, in each of UIKit's four forms. A value
/// UIKit rejects (a mass of 0, a bounce of 1) stops the program with its message.
open class UISpringTimingParameters: UITimingCurveProvider {
    let spring: SpringTimingParameters

    /// Mirrors `init()`: UIKit's default spring (mass 3, stiffness 1000, damping 500, the
    /// parameters system animations use), settling in its own time.
    public convenience init() {
        self.init(mass: 3, stiffness: 1000, damping: 500, initialVelocity: .zero)
    }

    /// Mirrors `init(dampingRatio:)`: settles over the animator's duration.
    public convenience init(dampingRatio ratio: CGFloat) {
        self.init(dampingRatio: ratio, initialVelocity: .zero)
    }

    /// Mirrors `init(dampingRatio:initialVelocity:)`; the velocity is per component, a fraction of
    /// the distance to travel per second.
    public init(dampingRatio ratio: CGFloat, initialVelocity velocity: CGVector) {
        spring = Self.make { () throws(TimingParameterError) in
            try SpringTimingParameters(dampingRatio: Double(ratio), initialVelocity: velocity.vector)
        }
    }

    /// Mirrors `init(mass:stiffness:damping:initialVelocity:)`: runs for its settling time
    /// whatever the animator's duration, as UIKit.
    public init(mass: CGFloat, stiffness: CGFloat, damping: CGFloat, initialVelocity velocity: CGVector) {
        spring = Self.make { () throws(TimingParameterError) in
            try SpringTimingParameters(mass: Double(mass), stiffness: Double(stiffness), damping: Double(damping),
                                       initialVelocity: velocity.vector)
        }
    }

    /// Mirrors iOS 17's `init(duration:bounce:initialVelocity:)`.
    public init(duration: TimeInterval, bounce: CGFloat = 0, initialVelocity velocity: CGVector = .zero) {
        spring = Self.make { () throws(TimingParameterError) in
            try SpringTimingParameters(duration: duration, bounce: Double(bounce), initialVelocity: velocity.vector)
        }
    }

    /// Mirrors `initialVelocity`.
    public var initialVelocity: CGVector { CGVector(dx: CGFloat(spring.initialVelocity.x), dy: CGFloat(spring.initialVelocity.y)) }

    public var timingCurveType: UITimingCurveType { .spring }
    public var cubicTimingParameters: UICubicTimingParameters? { nil }
    public var springTimingParameters: UISpringTimingParameters? { self }

    private static func make(_ body: () throws(TimingParameterError) -> SpringTimingParameters) -> SpringTimingParameters {
        do {
            return try body()
        } catch {
            fatalError("*** Terminating app due to uncaught exception 'NSInvalidArgumentException', reason: 'UISpringTimingParameters: \(error)'")
        }
    }
}
