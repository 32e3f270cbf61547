import Testing
@testable import ZoetropeCore

/// Spatial tangents: a point track's segment curved as After Effects' spatial keyframes (Lottie's
/// `to` and `ti`) curve it, travelled by arc length at the eased fraction.
@Suite struct SpatialTangentsTests {
    private func point(_ value: AnimatableValue) throws -> Vector2 {
        guard case .vector(let vector) = value else { throw KeyframeError.tangentsNeedPoints }
        return vector
    }

    /// From (0, 0) to (100, 0) through control points (0, 100) and (100, 100): an arch,
    /// symmetric about x = 50, so half its length is its top, (50, 75).
    static let arch = SpatialTangents(out: Vector2(0, 100), into: Vector2(0, 100))

    @Test func aCurvedSegmentIsTravelledByLengthThroughItsControlPoints() throws {
        let track = try KeyframeTrack(values: [.vector(Vector2(0, 0)), .vector(Vector2(100, 0))], tangents: [Self.arch])
        let middle = try point(track.value(at: 0.5))
        #expect(abs(middle.x - 50) < 1e-9 && abs(middle.y - 75) < 1e-9, "\(middle)")
        #expect(track.value(at: 0) == .vector(Vector2(0, 0)))
        #expect(track.value(at: 1) == .vector(Vector2(100, 0)))
        // A quarter of the way along the length, not a quarter of the curve's parameter: the
        // arch rises steeply at first, so the parameter 0.25 (x 15.625, y 56.25) lies further on.
        let quarter = try point(track.value(at: 0.25))
        #expect(quarter.y > 40 && quarter.y < 56, "\(quarter)")
        #expect(quarter.x < 15, "\(quarter)")
    }

    @Test func theSegmentsEasingSetsTheSpeedAlongTheCurve() throws {
        let easeIn = CubicTimingParameters.easeIn
        let eased = try KeyframeTrack(values: [.vector(Vector2(0, 0)), .vector(Vector2(100, 0))], timingFunctions: [easeIn], tangents: [Self.arch])
        let plain = try KeyframeTrack(values: [.vector(Vector2(0, 0)), .vector(Vector2(100, 0))], tangents: [Self.arch])
        #expect(eased.value(at: 0.5) == plain.value(at: easeIn.progress(atFraction: 0.5)))
    }

    /// An easing that overshoots (lottie-ios's `pr_2305`: y −0.5 out, 1.5 in) holds a curved
    /// segment's point at its ends, as lottie-ios and ThorVG draw it; a straight one overshoots.
    @Test func anOvershootingEasingHoldsACurveAtItsEnds() throws {
        let back = try CubicTimingParameters(controlPoint1: Vector2(0.5, -0.5), controlPoint2: Vector2(0.2, 1))
        let over = try CubicTimingParameters(controlPoint1: Vector2(0.8, 0), controlPoint2: Vector2(0.5, 1.5))
        let values: [AnimatableValue] = [.vector(Vector2(0, 0)), .vector(Vector2(100, 0))]
        #expect(back.progress(atFraction: 0.25) < 0 && over.progress(atFraction: 0.9) > 1)
        let curvedBack = try KeyframeTrack(values: values, timingFunctions: [back], tangents: [Self.arch])
        let curvedOver = try KeyframeTrack(values: values, timingFunctions: [over], tangents: [Self.arch])
        #expect(curvedBack.value(at: 0.25) == .vector(Vector2(0, 0)))
        #expect(curvedOver.value(at: 0.9) == .vector(Vector2(100, 0)))
        let straight = try KeyframeTrack(values: values, timingFunctions: [back])
        #expect(try point(straight.value(at: 0.25)).x < 0, "a straight segment still goes back past its start")
    }

    @Test func straightTangentsAreAStraightTrack() throws {
        let straight = try KeyframeTrack(values: [.vector(Vector2(0, 0)), .vector(Vector2(100, 0))],
                                         tangents: [SpatialTangents(out: .zero, into: .zero)])
        #expect(straight.tangents.isEmpty)
        #expect(straight.value(at: 0.3) == .vector(Vector2(30, 0)))
    }

    @Test func tangentsNeedOnePerSegmentOfALinearTrackOfPoints() {
        #expect(throws: KeyframeError.tangentCount(expected: 1, found: 2)) {
            try KeyframeTrack(values: [.vector(.zero), .vector(Vector2(1, 1))], tangents: [Self.arch, nil])
        }
        #expect(throws: KeyframeError.tangentsNeedLinear) {
            try KeyframeTrack(values: [.vector(.zero), .vector(Vector2(1, 1))], calculationMode: .cubic, tangents: [Self.arch])
        }
        #expect(throws: KeyframeError.tangentsNeedPoints) {
            try KeyframeTrack(values: [.number(0), .number(1)], tangents: [Self.arch])
        }
    }
}
