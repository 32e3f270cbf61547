import RealModule

/// Spring timing in any of the four forms UIKit and SwiftUI offer (SPEC §3.1).
///
/// Mirrors `UISpringTimingParameters`. The form decides the animation's duration:
/// `mass/stiffness/damping`, `duration/bounce` and `response/dampingRatio` run for the
/// spring's settling duration (the animator's duration is ignored, as in UIKit);
/// `dampingRatio` alone uses the animator's duration and chooses the stiffness so that the
/// spring settles exactly then.
///
/// ```swift
/// let wobble = try SpringTimingParameters(mass: 1, stiffness: 100, damping: 5)
/// wobble.resolved(animatorDuration: 3).duration   // 2.85497… s, not 3
/// ```
public struct SpringTimingParameters: Hashable, Sendable {
    /// How the spring was described.
    public enum Form: Hashable, Sendable {
        /// `init(mass:stiffness:damping:initialVelocity:)`.
        case physical(mass: Double, stiffness: Double, damping: Double)
        /// `init(dampingRatio:initialVelocity:)`: duration from the animator.
        case dampingRatio(Double)
        /// iOS 17's and SwiftUI's `init(duration:bounce:)`.
        case durationBounce(duration: Double, bounce: Double)
        /// SwiftUI's `Spring(response:dampingRatio:)`.
        case response(response: Double, dampingRatio: Double)
    }

    public let form: Form
    /// Mirrors `UISpringTimingParameters.initialVelocity`: whole distances per second, per
    /// component for two-dimensional properties; one-dimensional properties use `x`.
    public let initialVelocity: Vector2
    /// Mirrors `CASpringAnimation.allowsOverdamping`. Forced on for a negative bounce (iOS 17).
    public let allowsOverdamping: Bool

    /// Mirrors `UISpringTimingParameters(mass:stiffness:damping:initialVelocity:)`.
    public init(mass: Double, stiffness: Double, damping: Double, initialVelocity: Vector2 = .zero,
                allowsOverdamping: Bool = false) throws(TimingParameterError) {
        try Self.require("mass", mass, above: 0)
        try Self.require("stiffness", stiffness, above: 0)
        try Self.require("damping", damping, above: 0)
        try Self.requireFinite(initialVelocity)
        form = .physical(mass: mass, stiffness: stiffness, damping: damping)
        self.initialVelocity = initialVelocity
        self.allowsOverdamping = allowsOverdamping
    }

    /// Mirrors `UISpringTimingParameters(dampingRatio:initialVelocity:)`. Ratios above 1 are
    /// clamped to 1 (critical), as UIKit does.
    public init(dampingRatio: Double, initialVelocity: Vector2 = .zero) throws(TimingParameterError) {
        try Self.require("dampingRatio", dampingRatio, above: 0)
        try Self.requireFinite(initialVelocity)
        form = .dampingRatio(dampingRatio)
        self.initialVelocity = initialVelocity
        allowsOverdamping = false
    }

    /// Mirrors iOS 17's `UISpringTimingParameters(duration:bounce:initialVelocity:)` and
    /// SwiftUI's `Spring(duration:bounce:)`: k = (2π/duration)², ζ = 1 − bounce (bounce ≥ 0) or
    /// 1/(1 + bounce) (bounce < 0, truly overdamped).
    public init(duration: Double, bounce: Double, initialVelocity: Vector2 = .zero) throws(TimingParameterError) {
        try Self.require("duration", duration, above: 0)
        guard bounce.isFinite, bounce > -1, bounce < 1 else {
            throw TimingParameterError(parameter: "bounce", expected: "within -1 < bounce < 1", found: bounce)
        }
        try Self.requireFinite(initialVelocity)
        form = .durationBounce(duration: duration, bounce: bounce)
        self.initialVelocity = initialVelocity
        allowsOverdamping = bounce < 0
    }

    /// Mirrors SwiftUI's `Spring(response:dampingRatio:)`: k = (2π/response)², c = 2ζ√k, mass 1;
    /// a ratio above 1 is truly overdamped.
    public init(response: Double, dampingRatio: Double, initialVelocity: Vector2 = .zero) throws(TimingParameterError) {
        try Self.require("response", response, above: 0)
        try Self.require("dampingRatio", dampingRatio, above: 0)
        try Self.requireFinite(initialVelocity)
        form = .response(response: response, dampingRatio: dampingRatio)
        self.initialVelocity = initialVelocity
        allowsOverdamping = true
    }

    /// True when the animator's duration decides the animation's length (the `dampingRatio` form).
    public var usesAnimatorDuration: Bool {
        if case .dampingRatio = form { return true }
        return false
    }

    /// The same parameters with another initial velocity (a fling's release, say).
    public func withInitialVelocity(_ velocity: Vector2) -> SpringTimingParameters {
        SpringTimingParameters(form: form, initialVelocity: velocity, allowsOverdamping: allowsOverdamping)
    }

    private init(form: Form, initialVelocity: Vector2, allowsOverdamping: Bool) {
        self.form = form
        self.initialVelocity = initialVelocity
        self.allowsOverdamping = allowsOverdamping
    }

    /// The oscillators for x and y and the animation's duration, given the animator's duration.
    public func resolved(animatorDuration: Double) -> ResolvedSpring {
        switch form {
        case let .physical(mass, stiffness, damping):
            return settling(mass: mass, stiffness: stiffness, damping: damping)
        case let .durationBounce(duration, bounce):
            let stiffness = Double.pow(2 * .pi / duration, 2)
            let zeta = bounce >= 0 ? 1 - bounce : 1 / (1 + bounce)
            return settling(mass: 1, stiffness: stiffness, damping: 2 * zeta * Double.sqrt(stiffness))
        case let .response(response, zeta):
            let stiffness = Double.pow(2 * .pi / response, 2)
            return settling(mass: 1, stiffness: stiffness, damping: 2 * zeta * Double.sqrt(stiffness))
        case let .dampingRatio(zeta):
            func spring(_ v0: Double) -> Spring {
                Self.uikitSpring(dampingRatio: zeta, duration: animatorDuration, initialVelocity: v0)
            }
            return ResolvedSpring(x: spring(initialVelocity.x), y: spring(initialVelocity.y),
                                  duration: animatorDuration)
        }
    }

    private func settling(mass: Double, stiffness: Double, damping: Double) -> ResolvedSpring {
        func spring(_ v0: Double) -> Spring {
            Spring(mass: mass, stiffness: stiffness, damping: damping, initialVelocity: v0,
                   allowsOverdamping: allowsOverdamping)
        }
        let x = spring(initialVelocity.x), y = spring(initialVelocity.y)
        return ResolvedSpring(x: x, y: y, duration: max(x.settlingDuration, y.settlingDuration))
    }

    /// UIKit's rule for `dampingRatio` springs: mass 1, ζ clamped to [1.19e-7, 1], duration T
    /// clamped to [0.01, 10], and ω chosen so the decay envelope reaches ε at T:
    /// |(ζω − v0)/(√(1−ζ²)ω)|·e^(−ζωT) = ε, or (1 + (ω − v0)T)·e^(−ωT) = ε when ζ = 1.
    /// Returns the spring of mass 1, stiffness ω² and damping 2ζω, starting at `v0`.
    public static func uikitSpring(dampingRatio: Double, duration: Double, initialVelocity v0: Double) -> Spring {
        let zeta = min(max(dampingRatio, 1.19e-7), 1)
        let t = min(max(duration, 0.01), 10)
        let logEpsilon = Double.log(Spring.settlingEpsilon)
        // g(ω) = ln(envelope at T) − ln ε; solved by Newton from ω = 5/T with a numeric slope,
        // as UIKit does, iterated to convergence.
        func g(_ omega: Double) -> Double {
            if zeta < 1 {
                let amplitude = abs((zeta * omega - v0) / (Double.sqrt(1 - zeta * zeta) * omega))
                return Double.log(amplitude) - zeta * omega * t - logEpsilon
            }
            return Double.log(abs(1 + (omega - v0) * t)) - omega * t - logEpsilon
        }
        var omega = 5 / t
        for _ in 0..<100 {
            let h = max(omega * 1e-7, 1e-9)
            let slope = (g(omega + h) - g(omega - h)) / (2 * h)
            guard slope.isFinite, slope != 0 else { break }
            var next = omega - g(omega) / slope
            if !(next > 0) { next = omega / 2 }
            if abs(next - omega) <= 1e-14 * omega { omega = next; break }
            omega = next
        }
        return Spring(mass: 1, stiffness: omega * omega, damping: 2 * zeta * omega, initialVelocity: v0)
    }

    private static func require(_ name: String, _ value: Double, above bound: Double) throws(TimingParameterError) {
        guard value.isFinite, value > bound else {
            throw TimingParameterError(parameter: name, expected: "a finite number > \(Int(saturating: bound))", found: value)
        }
    }

    private static func requireFinite(_ velocity: Vector2) throws(TimingParameterError) {
        for (index, value) in [velocity.x, velocity.y].enumerated() where !value.isFinite {
            throw TimingParameterError(parameter: "initialVelocity[\(index)]", expected: "a finite number",
                                       found: value)
        }
    }
}

/// A spring bound to an animator: one oscillator per component and the animation's duration.
public struct ResolvedSpring: Hashable, Sendable {
    public let x: Spring
    public let y: Spring
    /// Seconds: the settling duration, or the animator's duration for a `dampingRatio` spring.
    public let duration: Double

    /// Progress per component at time fraction `fraction` of `duration` (real seconds
    /// fraction·duration); exactly 1 from fraction 1 on, as Core Animation truncates the curve.
    public func progress(atFraction fraction: Double) -> Vector2 {
        if fraction >= 1 { return Vector2(1, 1) }
        let t = max(fraction, 0) * duration
        return Vector2(x.position(atTime: t), y.position(atTime: t))
    }
}
