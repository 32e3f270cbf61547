/// A cubic Bézier timing curve from (0, 0) to (1, 1) through two control points.
///
/// Mirrors `UICubicTimingParameters` and `CAMediaTimingFunction(controlPoints:)`. The control
/// points' x must lie in 0...1 so the curve is a function of time; y is free, so the progress
/// may overshoot (0.34, 1.56, 0.64, 1 peaks at 1.0978) and is never clamped.
///
/// ```swift
/// let jump = try CubicTimingParameters(controlPoint1: Vector2(0.2, 0.8),
///                                      controlPoint2: Vector2(0.4, 0.9))
/// jump.progress(atFraction: 0.5)   // 0.86506298743107…
/// ```
public struct CubicTimingParameters: Hashable, Sendable {
    /// The first control point, P1.
    public let controlPoint1: Vector2
    /// The second control point, P2.
    public let controlPoint2: Vector2

    // Polynomial coefficients: X(s) = ((ax·s + bx)·s + cx)·s, likewise Y.
    private let ax, bx, cx, ay, by, cy: Double

    /// Creates the curve; throws when x1 or x2 lies outside 0...1, any coordinate is not finite,
    /// or the curve's progress or velocity would not be (`[0, 1e308, 1, -1e308]`: 3·y1
    /// overflows), naming the larger y.
    public init(controlPoint1: Vector2, controlPoint2: Vector2) throws(TimingParameterError) {
        for (name, value) in [("x1", controlPoint1.x), ("y1", controlPoint1.y),
                              ("x2", controlPoint2.x), ("y2", controlPoint2.y)] {
            guard value.isFinite else {
                throw TimingParameterError(parameter: name, expected: "a finite number", found: value)
            }
        }
        for (name, x) in [("x1", controlPoint1.x), ("x2", controlPoint2.x)] where !(0...1).contains(x) {
            throw TimingParameterError(parameter: name, expected: "within 0...1", found: x)
        }
        self.init(unchecked: controlPoint1, controlPoint2)
        guard isFinite else {
            let (name, y) = abs(controlPoint1.y) >= abs(controlPoint2.y) ? ("y1", controlPoint1.y) : ("y2", controlPoint2.y)
            throw TimingParameterError(parameter: name, expected: "a number that keeps the curve's progress and velocity finite", found: y)
        }
    }

    /// Whether the coefficients, and the progress and velocity at 65 fractions across 0...1, are finite.
    private var isFinite: Bool {
        guard [ax, bx, cx, ay, by, cy].allSatisfy(\.isFinite) else { return false }
        return (0...64).allSatisfy { step in
            let fraction = Double(step) / 64
            return progress(atFraction: fraction).isFinite && velocity(atFraction: fraction).isFinite
        }
    }

    /// Creates a curve whose control points are known to be valid (the presets).
    init(unchecked p1: Vector2, _ p2: Vector2) {
        controlPoint1 = p1
        controlPoint2 = p2
        cx = 3 * p1.x
        bx = 3 * (p2.x - p1.x) - cx
        ax = 1 - cx - bx
        cy = 3 * p1.y
        by = 3 * (p2.y - p1.y) - cy
        ay = 1 - cy - by
    }

    /// The eased progress at time fraction `fraction`: solves X(s) = fraction to |ΔX| < 1e-9 and
    /// returns Y(s), unclamped.
    ///
    /// Fractions outside 0...1 extrapolate along the end tangents as CSS Easing specifies.
    public func progress(atFraction fraction: Double) -> Double {
        if fraction <= 0 || fraction >= 1 { return extrapolated(fraction) }
        // Both control points on the diagonal make Y(s) ≡ X(s): the identity, exactly.
        if isIdentity { return fraction }
        return sampleY(solveX(fraction))
    }

    private var isIdentity: Bool { controlPoint1.x == controlPoint1.y && controlPoint2.x == controlPoint2.y }

    /// dProgress/dFraction at `fraction` (0...1).
    public func velocity(atFraction fraction: Double) -> Double {
        if isIdentity { return 1 }
        let s = solveX(min(max(fraction, 0), 1))
        let dx = sampleDerivativeX(s)
        let dy = (3 * ay * s + 2 * by) * s + cy
        if abs(dx) > 1e-12 { return dy / dx }
        // A vertical tangent in time (x1 = 0 at s = 0, say): use the chord over a tiny step.
        let h = 1e-7
        return (progress(atFraction: min(fraction + h, 1)) - progress(atFraction: max(fraction - h, 0)))
            / (min(fraction + h, 1) - max(fraction - h, 0))
    }

    /// The earliest fraction at which the curve reaches `progress` (the inverse that pausing and
    /// `continueAnimation` use to remap time without a jump).
    ///
    /// A progress the curve never reaches maps to the fraction where it comes closest.
    public func fraction(forProgress progress: Double) -> Double {
        if progress == 0 { return 0 }
        if isIdentity { return min(max(progress, 0), 1) }
        // Y is a cubic in s: bracket its first crossing on a fine grid, then bisect.
        let steps = 512
        var previous = sampleY(0) - progress
        var closest = (distance: abs(previous), s: 0.0)
        for i in 1...steps {
            let s = Double(i) / Double(steps)
            let value = sampleY(s) - progress
            if abs(value) < closest.distance { closest = (abs(value), s) }
            if value == 0 { return sampleX(s) }
            if (previous < 0) != (value < 0) {
                var low = Double(i - 1) / Double(steps), high = s
                for _ in 0..<80 {
                    let mid = (low + high) / 2
                    if (sampleY(mid) - progress < 0) == (previous < 0) { low = mid } else { high = mid }
                }
                return sampleX((low + high) / 2)
            }
            previous = value
        }
        return sampleX(closest.s)
    }

    // MARK: - The polynomial

    private func sampleX(_ s: Double) -> Double { ((ax * s + bx) * s + cx) * s }
    private func sampleY(_ s: Double) -> Double { ((ay * s + by) * s + cy) * s }
    private func sampleDerivativeX(_ s: Double) -> Double { (3 * ax * s + 2 * bx) * s + cx }

    /// The parameter s with X(s) = x, for x in 0...1: Newton from s = x, then bisection.
    private func solveX(_ x: Double) -> Double {
        let tolerance = 1e-12
        var s = x
        for _ in 0..<8 {
            let error = sampleX(s) - x
            if abs(error) < tolerance { return s }
            let slope = sampleDerivativeX(s)
            if abs(slope) < 1e-9 { break }
            s -= error / slope
            if !(0...1).contains(s) { break }
        }
        // X is non-decreasing on 0...1 because x1 and x2 lie in 0...1.
        var low = 0.0, high = 1.0
        s = x
        for _ in 0..<200 {
            let error = sampleX(s) - x
            if abs(error) < tolerance { break }
            if error < 0 { low = s } else { high = s }
            s = (low + high) / 2
        }
        return s
    }

    /// CSS Easing's extrapolation for fractions outside 0...1 (and the exact end points).
    private func extrapolated(_ fraction: Double) -> Double {
        let p1 = controlPoint1, p2 = controlPoint2
        if fraction <= 0 {
            if fraction == 0 { return 0 }
            if p1.x > 0 { return p1.y / p1.x * fraction }
            if p2.x > 0 { return p2.y / p2.x * fraction }
            return 0
        }
        if fraction == 1 { return 1 }
        if p2.x < 1 { return 1 + (1 - p2.y) / (1 - p2.x) * (fraction - 1) }
        if p1.x < 1 { return 1 + (1 - p1.y) / (1 - p1.x) * (fraction - 1) }
        return 1
    }
}
