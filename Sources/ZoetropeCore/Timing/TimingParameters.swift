/// An animator's timing: a cubic Bézier or a spring. Mirrors `UITimingCurveProvider`.
public enum TimingParameters: Hashable, Sendable {
    case cubic(CubicTimingParameters)
    case spring(SpringTimingParameters)

    /// UIKit's default for a property animator: `easeInOut`.
    public static let `default` = TimingParameters.cubic(.easeInOut)

    /// The duration an animation with this timing runs for, given the animator's duration
    /// (SPEC §3.1: a spring other than `dampingRatio` runs for its settling duration).
    public func animationDuration(animatorDuration: Double) -> Double {
        switch self {
        case .cubic: animatorDuration
        case .spring(let spring): spring.resolved(animatorDuration: animatorDuration).duration
        }
    }

    /// A timing bound to a duration, ready to evaluate progress.
    public func resolved(animatorDuration: Double) -> ResolvedTiming {
        switch self {
        case .cubic(let curve): .cubic(curve, duration: animatorDuration)
        case .spring(let spring): .spring(spring.resolved(animatorDuration: animatorDuration))
        }
    }
}

/// Timing with its duration fixed: what evaluation needs every frame.
public enum ResolvedTiming: Hashable, Sendable {
    case cubic(CubicTimingParameters, duration: Double)
    case spring(ResolvedSpring)

    /// Seconds from fraction 0 to fraction 1.
    public var duration: Double {
        switch self {
        case .cubic(_, let duration): duration
        case .spring(let spring): spring.duration
        }
    }

    /// Progress per component at `fraction` (cubic curves give the same value to both).
    public func progress(atFraction fraction: Double) -> Vector2 {
        switch self {
        case .cubic(let curve, _):
            let p = curve.progress(atFraction: min(max(fraction, 0), 1))
            return Vector2(p, p)
        case .spring(let spring):
            return spring.progress(atFraction: fraction)
        }
    }
}
