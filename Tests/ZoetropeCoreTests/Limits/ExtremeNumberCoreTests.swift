import Testing
import ZoetropeCore

/// The core's side of issue #23: surfaces are checked once, curves and springs that do not move
/// finitely are refused, and no value the engine gives is NaN.
@Suite struct ExtremeNumberCoreTests {
    @Test(arguments: [(Vector2(1920, 1080), 2.0, 3840, 2160), (Vector2(16384, 1), 2.0, 32768, 0), (Vector2(8000, 8000), 1.0, 0, 0),
                      (Vector2(1, 1), 0.1, 0, 0), (Vector2(.nan, 1), 1.0, 0, 0), (Vector2(.infinity, 1), 1.0, 0, 0), (Vector2(64, 48), 16.0, 1024, 768)])
    func surfacesAreCheckedAgainstTheLimits(canvas: Vector2, scale: Double, width: Int, height: Int) {
        let size = try? SurfaceSize(canvas: canvas, scale: scale)
        if height == 0 {
            #expect(size == nil)
        } else {
            #expect(size?.width == width && size?.height == height)
        }
    }

    @Test func aSurfaceErrorNamesTheCanvasTheScaleAndTheLimit() {
        let error = #expect(throws: SurfaceSizeError.self) { try SurfaceSize(canvas: Vector2(16384, 16384), scale: 2) }
        #expect(error?.message == "a canvas of 16384×16384 points at scale 2 is 32768×32768 pixels: each side must be within 1...32767 pixels")
    }

    @Test(arguments: [(1e308, -1e308), (1e308, 0.0), (0.0, 1e308), (-1e308, 1e308)])
    func aCubicWhoseMotionOverflowsIsRefused(y1: Double, y2: Double) {
        #expect(throws: TimingParameterError.self) {
            try CubicTimingParameters(controlPoint1: Vector2(0, y1), controlPoint2: Vector2(1, y2))
        }
    }

    @Test func ordinaryCubicsStillRead() throws {
        let curve = try CubicTimingParameters(controlPoint1: Vector2(0.34, 1.56), controlPoint2: Vector2(0.64, 1))
        #expect(curve.progress(atFraction: 0.5).isFinite)
    }

    @Test(arguments: [["duration": 1e-300, "bounce": -0.99], ["stiffness": 1e308, "mass": 1e-308, "damping": 1], ["response": 1e-300]])
    func aSpringWhoseMotionIsNotFiniteIsRefused(values: [String: Double]) {
        #expect(throws: SpringFormError.self) { try SpringTimingParameters.resolving(values) }
    }

    @Test(arguments: [["duration": 0.5, "bounce": 0.3], ["stiffness": 100, "damping": 10], ["dampingRatio": 0.5], ["response": 0.5, "dampingRatio": 0.7]])
    func ordinarySpringsMoveFinitely(values: [String: Double]) throws {
        let spring = try SpringTimingParameters.resolving(values).spring
        #expect(spring.movesFinitely(animatorDuration: 1))
    }

    @Test func nonFiniteValuesBecomeFiniteAndNaNTheModel() {
        #expect(AnimatableValue.number(.infinity).finite(or: .number(3)) == .number(.greatestFiniteMagnitude))
        #expect(AnimatableValue.number(-.infinity).finite(or: .number(3)) == .number(-.greatestFiniteMagnitude))
        #expect(AnimatableValue.number(.nan).finite(or: .number(3)) == .number(3))
        #expect(AnimatableValue.vector(Vector2(.nan, 2)).finite(or: .vector(Vector2(5, 6))) == .vector(Vector2(5, 2)))
        #expect(AnimatableValue.number(2).finite(or: .number(3)) == .number(2))
    }
}
