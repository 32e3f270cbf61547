import RealModule

/// One damped harmonic oscillator m·x'' + c·x' + k·(x − 1) = 0 with x(0) = 0, x'(0) = v0,
/// evaluated in closed form at real seconds.
///
/// Closed forms rather than numeric integration, because any frame must be computable on its
/// own and a spring resumed mid-flight must land on exactly the same curve.
public struct Spring: Hashable, Sendable {
    /// The threshold of every settling duration: within 0.1 % of the distance (UIKit, CA).
    public static let settlingEpsilon = 0.001

    public let mass: Double
    public let stiffness: Double
    public let damping: Double
    /// In whole distances per second, positive toward the target.
    public let initialVelocity: Double
    /// When false, a damping ratio ≥ 1 is evaluated as critically damped at ω0, as Core
    /// Animation and UIKit do; when true such a spring is truly overdamped.
    public let allowsOverdamping: Bool

    /// The undamped angular frequency ω0 = √(k/m).
    public var angularFrequency: Double { Double.sqrt(stiffness / mass) }
    /// ζ = c / (2√(mk)).
    public var dampingRatio: Double { damping / (2 * Double.sqrt(mass * stiffness)) }

    public init(mass: Double, stiffness: Double, damping: Double, initialVelocity: Double,
                allowsOverdamping: Bool = false) {
        self.mass = mass
        self.stiffness = stiffness
        self.damping = damping
        self.initialVelocity = initialVelocity
        self.allowsOverdamping = allowsOverdamping
    }

    private enum Regime {
        case underdamped(beta: Double, dampedFrequency: Double, b: Double)
        case critical(omega: Double)
        case overdamped(r1: Double, r2: Double, c1: Double, c2: Double)
    }

    private var regime: Regime {
        let omega = angularFrequency, zeta = dampingRatio, v0 = initialVelocity
        if zeta < 1 {
            let beta = zeta * omega
            let dampedFrequency = omega * Double.sqrt(1 - zeta * zeta)
            return .underdamped(beta: beta, dampedFrequency: dampedFrequency,
                                b: (beta - v0) / dampedFrequency)
        }
        if zeta == 1 || !allowsOverdamping { return .critical(omega: omega) }
        let beta = zeta * omega, gamma = omega * Double.sqrt(zeta * zeta - 1)
        let r1 = -beta + gamma, r2 = -beta - gamma
        let c1 = (-v0 - r2) / (r1 - r2)
        return .overdamped(r1: r1, r2: r2, c1: c1, c2: 1 - c1)
    }

    /// x(t): 0 at t = 0, settling at 1; may overshoot.
    public func position(atTime t: Double) -> Double {
        switch regime {
        case let .underdamped(beta, wd, b):
            return 1 - Double.exp(-beta * t) * (Double.cos(wd * t) + b * Double.sin(wd * t))
        case let .critical(omega):
            return 1 - (1 + (omega - initialVelocity) * t) * Double.exp(-omega * t)
        case let .overdamped(r1, r2, c1, c2):
            return 1 - c1 * Double.exp(r1 * t) - c2 * Double.exp(r2 * t)
        }
    }

    /// x'(t) in distances per second.
    public func velocity(atTime t: Double) -> Double {
        switch regime {
        case let .underdamped(beta, wd, b):
            let (c, s) = (Double.cos(wd * t), Double.sin(wd * t))
            return Double.exp(-beta * t) * ((beta - b * wd) * c + (beta * b + wd) * s)
        case let .critical(omega):
            let a = omega - initialVelocity
            return Double.exp(-omega * t) * (omega * (1 + a * t) - a)
        case let .overdamped(r1, r2, c1, c2):
            return -c1 * r1 * Double.exp(r1 * t) - c2 * r2 * Double.exp(r2 * t)
        }
    }

    /// UIKit's settling duration (ε = 0.001): for ζ < 1, ln((1 + |B|)/ε)/β; when critical, the
    /// solution of (1 + (ω0 − v0)t)·e^(−ω0 t) = ε by the Lambert W₋₁ approximation of Barry et
    /// al. that UIKit uses; when truly overdamped, the time the envelope
    /// |C1|e^(r1 t) + |C2|e^(r2 t) falls to ε.
    public var settlingDuration: Double {
        let epsilon = Self.settlingEpsilon
        switch regime {
        case let .underdamped(beta, _, b):
            return Double.log((1 + abs(b)) / epsilon) / beta
        case let .critical(omega):
            let b = omega - initialVelocity
            if b > 0, let t = Self.criticalSettlingTime(omega: omega, b: b, epsilon: epsilon) {
                return t
            }
            return lastTime { abs(1 + b * $0) * Double.exp(-omega * $0) }
        case let .overdamped(r1, r2, c1, c2):
            return lastTime { abs(c1) * Double.exp(r1 * $0) + abs(c2) * Double.exp(r2 * $0) }
        }
    }

    /// t = −(b·W + ω0)/(ω0·b) with W ≈ W₋₁(−ω0·ε·e^(−ω0/b)/b) (Barry et al. 2000, constants
    /// 0.3361, −0.0042, −0.0201), as UIKit computes it.
    private static func criticalSettlingTime(omega: Double, b: Double, epsilon: Double) -> Double? {
        let sigma = -1 - Double.log(omega * Double.exp(-omega / b) * epsilon / b)
        guard sigma > 0, sigma.isFinite else { return nil }
        let (m1, m2, m3) = (0.3361, -0.0042, -0.0201)
        let w = -1 - sigma - 2 / m1 * (1 - 1 / (1 + (m1 * Double.sqrt(sigma / 2))
            / (1 + m2 * sigma * Double.exp(m3 * Double.sqrt(sigma)))))
        let t = -(b * w + omega) / (omega * b)
        return t.isFinite && t > 0 ? t : nil
    }

    /// The first time after which `envelope` stays below ε, for an envelope that decays
    /// eventually: march out in doubling steps, then bisect the last crossing.
    private func lastTime(_ envelope: (Double) -> Double) -> Double {
        let epsilon = Self.settlingEpsilon
        var high = 1 / max(angularFrequency, 1e-9)
        var guardCount = 0
        while envelope(high) >= epsilon || envelope(high * 1.5) >= epsilon {
            high *= 2
            guardCount += 1
            if guardCount > 200 { return .infinity }
        }
        var low = 0.0
        // Walk back from `high` on a grid to find the last point above ε, then bisect.
        let steps = 1000
        for i in stride(from: steps, through: 0, by: -1) {
            let t = high * Double(i) / Double(steps)
            if envelope(t) >= epsilon { low = t; break }
        }
        var upper = min(high, low + high / Double(steps))
        for _ in 0..<100 {
            let mid = (low + upper) / 2
            if envelope(mid) >= epsilon { low = mid } else { upper = mid }
        }
        return upper
    }
}
