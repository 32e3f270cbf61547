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
public indirect enum ResolvedTiming: Hashable, Sendable {
    case cubic(CubicTimingParameters, duration: Double)
    case spring(ResolvedSpring)
    /// progress(u) = 1 − base.progress(1 − u): the base curve run from its end. A reversed
    /// animator that resumes a spring uses it, so the spring settles naturally toward the start.
    case mirrored(ResolvedTiming)

    /// True for a spring, mirrored or not.
    public var isSpring: Bool {
        switch self {
        case .cubic: false
        case .spring: true
        case .mirrored(let base): base.isSpring
        }
    }

    /// Seconds from fraction 0 to fraction 1.
    public var duration: Double {
        switch self {
        case .cubic(_, let duration): duration
        case .spring(let spring): spring.duration
        case .mirrored(let base): base.duration
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
        case .mirrored(let base):
            let p = base.progress(atFraction: 1 - fraction)
            return Vector2(1 - p.x, 1 - p.y)
        }
    }

    /// dProgress/dt at `fraction`, in progress per second (x component); 0 outside the curve's
    /// span, since progress holds at its ends.
    public func velocity(atFraction fraction: Double) -> Double {
        guard (0...1).contains(fraction) else { return 0 }
        switch self {
        case .cubic(let curve, let duration):
            return curve.velocity(atFraction: fraction) / duration
        case .spring(let spring):
            return fraction < 1 ? spring.x.velocity(atTime: fraction * spring.duration) : 0
        case .mirrored(let base):
            return base.velocity(atFraction: 1 - fraction)
        }
    }
}
