import Testing
import ZoetropeCore

@Suite struct CubicTimingParametersTests {
    struct Vector: CustomTestStringConvertible, Sendable {
        var name: String
        var points: (Double, Double, Double, Double)
        var fraction: Double
        var progress: Double
        var testDescription: String { "\(name) at \(fraction)" }
    }

    /// reference/animator-semantics.md §7.1 (50-digit roots, rounded to 14 significant digits).
    static let vectors: [Vector] = [
        Vector(name: "linear", points: (0, 0, 1, 1), fraction: 0.37, progress: 0.37),
        Vector(name: "default", points: (0.25, 0.1, 0.25, 1), fraction: 0.1, progress: 0.094796305716043),
        Vector(name: "default", points: (0.25, 0.1, 0.25, 1), fraction: 0.25, progress: 0.40851059135540),
        Vector(name: "default", points: (0.25, 0.1, 0.25, 1), fraction: 0.5, progress: 0.80240338758486),
        Vector(name: "default", points: (0.25, 0.1, 0.25, 1), fraction: 0.75, progress: 0.96045897834897),
        Vector(name: "easeIn", points: (0.42, 0, 1, 1), fraction: 0.25, progress: 0.093464650718825),
        Vector(name: "easeIn", points: (0.42, 0, 1, 1), fraction: 0.5, progress: 0.31535681257254),
        Vector(name: "easeIn", points: (0.42, 0, 1, 1), fraction: 0.75, progress: 0.62186186917489),
        Vector(name: "easeOut", points: (0, 0, 0.58, 1), fraction: 0.25, progress: 0.37813813082511),
        Vector(name: "easeOut", points: (0, 0, 0.58, 1), fraction: 0.5, progress: 0.68464318742746),
        Vector(name: "easeOut", points: (0, 0, 0.58, 1), fraction: 0.75, progress: 0.90653534928118),
        Vector(name: "easeInOut", points: (0.42, 0, 0.58, 1), fraction: 0.1, progress: 0.019722453548311),
        Vector(name: "easeInOut", points: (0.42, 0, 0.58, 1), fraction: 0.25, progress: 0.12916193104732),
        Vector(name: "easeInOut", points: (0.42, 0, 0.58, 1), fraction: 0.5, progress: 0.5),
        Vector(name: "easeInOut", points: (0.42, 0, 0.58, 1), fraction: 0.75, progress: 0.87083806895268),
        Vector(name: "easeInOut", points: (0.42, 0, 0.58, 1), fraction: 0.9, progress: 0.98027754645169),
        Vector(name: "frog", points: (0.2, 0.8, 0.4, 0.9), fraction: 0.1, progress: 0.33974634672657),
        Vector(name: "frog", points: (0.2, 0.8, 0.4, 0.9), fraction: 0.3, progress: 0.71127785561450),
        Vector(name: "frog", points: (0.2, 0.8, 0.4, 0.9), fraction: 0.5, progress: 0.86506298743107),
        Vector(name: "frog", points: (0.2, 0.8, 0.4, 0.9), fraction: 0.7, progress: 0.93858364210211),
        Vector(name: "frog", points: (0.2, 0.8, 0.4, 0.9), fraction: 0.95, progress: 0.99149204510237),
        Vector(name: "overshoot", points: (0.34, 1.56, 0.64, 1), fraction: 0.25, progress: 0.81628919869247),
        Vector(name: "overshoot", points: (0.34, 1.56, 0.64, 1), fraction: 0.5, progress: 1.0874006702187),
        Vector(name: "overshoot", points: (0.34, 1.56, 0.64, 1), fraction: 0.75, progress: 1.0596468599640),
        Vector(name: "overshoot", points: (0.34, 1.56, 0.64, 1), fraction: 0.9, progress: 1.0126155791461),
        Vector(name: "chromium", points: (0.25, 0, 0.75, 1), fraction: 0.05, progress: 0.011363973195036),
        Vector(name: "chromium", points: (0.25, 0, 0.75, 1), fraction: 0.3, progress: 0.24115953278807),
        Vector(name: "chromium", points: (0.25, 0, 0.75, 1), fraction: 0.6, progress: 0.63238688446843),
        Vector(name: "chromium", points: (0.5, -1, 0.5, 2), fraction: 0.2, progress: -0.20651490282055),
        Vector(name: "chromium", points: (0.5, -1, 0.5, 2), fraction: 0.8, progress: 1.2065149028206),
        Vector(name: "exact", points: (0.5, 1, 0.5, 1), fraction: 0.5, progress: 0.875),
    ]

    static func curve(_ p: (Double, Double, Double, Double)) throws -> CubicTimingParameters {
        try CubicTimingParameters(controlPoint1: Vector2(p.0, p.1), controlPoint2: Vector2(p.2, p.3))
    }

    @Test(arguments: vectors)
    func progressMatchesFiftyDigitReference(_ vector: Vector) throws {
        let progress = try Self.curve(vector.points).progress(atFraction: vector.fraction)
        // The references carry 14 significant digits, so compare to their last digit as well.
        #expect(abs(progress - vector.progress) < Tolerance.progress + 1e-13 * abs(vector.progress),
                "\(progress) vs \(vector.progress)")
    }

    @Test func overshootIsNeverClamped() throws {
        let curve = try Self.curve((0.34, 1.56, 0.64, 1))
        #expect(abs(curve.progress(atFraction: 0.572794791913) - 1.09780351971) < 1e-9)
    }

    @Test func fractionsOutsideTheUnitIntervalExtrapolateAlongTheEndTangents() throws {
        let curve = try Self.curve((0.5, 1, 0.5, 1))
        #expect(curve.progress(atFraction: -1) == -2)
        #expect(curve.progress(atFraction: 2) == 1)
        let other = try Self.curve((0.1, 0.2, 0.8, 0.8))
        #expect(abs(other.progress(atFraction: -1) - -2) < 1e-12)
        #expect(abs(other.progress(atFraction: 2) - 2) < 1e-12)
    }

    @Test(arguments: [
        ("easeIn", 0.1, 0.259555393864), ("easeIn", 0.5, 0.6575), ("easeOut", 0.5, 0.3425),
        ("easeInOut", 0.25, 0.346203296140), ("default", 0.5, 0.293300668519),
    ])
    func inverseFindsTheFractionOfAProgress(name: String, progress: Double, fraction: Double) throws {
        let curve = try #require(CubicTimingParameters(named: name))
        #expect(abs(curve.fraction(forProgress: progress) - fraction) < 1e-9)
    }

    @Test func inverseOfAnOvershootingCurveIsTheEarliestFraction() throws {
        let curve = try Self.curve((0.34, 1.56, 0.64, 1))
        let fraction = curve.fraction(forProgress: 1.05)
        #expect(abs(curve.progress(atFraction: fraction) - 1.05) < 1e-9)
        #expect(fraction < 0.572794791913, "before the peak, not after it")
    }

    @Test(arguments: CubicTimingParameters.named.map(\.name) + ["frog", "overshoot"])
    func everyCurveObeysTheTimingLaws(name: String) throws {
        let curve = try CubicTimingParameters(named: name)
            ?? Self.curve(name == "frog" ? (0.2, 0.8, 0.4, 0.9) : (0.34, 1.56, 0.64, 1))
        checkTimingCurve { curve.progress(atFraction: $0) }
    }

    @Test(arguments: [(1.4, 0.0, "x1"), (-0.1, 0.5, "x1"), (0.5, 1.2, "x2"), (0.5, -3, "x2")])
    func controlPointXOutsideTheUnitIntervalIsRejected(x1: Double, x2: Double, parameter: String) {
        #expect(throws: TimingParameterError(parameter: parameter, expected: "within 0...1",
                                             found: parameter == "x1" ? x1 : x2)) {
            try CubicTimingParameters(controlPoint1: Vector2(x1, 0), controlPoint2: Vector2(x2, 1))
        }
    }

    @Test func nonFiniteControlPointsAreRejected() {
        #expect(throws: TimingParameterError.self) {
            try CubicTimingParameters(controlPoint1: Vector2(0.2, .nan), controlPoint2: Vector2(0.4, 1))
        }
    }

    @Test func velocityIsTheSlopeOfTheCurve() throws {
        let curve = CubicTimingParameters.easeInOut
        let h = 1e-6
        for fraction in [0.1, 0.3, 0.5, 0.8] {
            let slope = (curve.progress(atFraction: fraction + h) - curve.progress(atFraction: fraction - h)) / (2 * h)
            #expect(abs(curve.velocity(atFraction: fraction) - slope) < 1e-5)
        }
    }
}
