import Testing
import ZoetropeCore

@Suite struct ColorTests {
    @Test(arguments: [("#FF9800", "#FF9800FF"), ("#3f7cac", "#3F7CACFF"), ("#0F08", "#00FF0088"), ("#12345678", "#12345678")])
    func hexRoundTrips(text: String, expected: String) throws {
        #expect(try #require(Color(hex: text)).hexString == expected)
    }

    @Test(arguments: ["FF9800", "#GG0000", "#12345", ""])
    func malformedHexIsRejected(text: String) {
        #expect(Color(hex: text) == nil)
    }

    @Test(arguments: ColorSpace.allCases)
    func interpolationEndpointsAreExact(space: ColorSpace) throws {
        let a = try #require(Color(hex: "#3F7CAC")), b = try #require(Color(hex: "#FF9800"))
        #expect(a.interpolated(to: b, progress: 0, in: space).hexString == a.hexString)
        #expect(b == a.interpolated(to: b, progress: 1, in: space) || a.interpolated(to: b, progress: 1, in: space).hexString == b.hexString)
    }

    @Test func srgbInterpolatesPerComponentAndLinearDiffers() {
        let mid = Color.black.interpolated(to: .white, progress: 0.5, in: .srgb)
        #expect(mid.red == 0.5 && mid.alpha == 1)
        let linear = Color.black.interpolated(to: .white, progress: 0.5, in: .linear)
        #expect(abs(linear.red - 0.7353569830) < 1e-6, "linear-light midpoint, encoded back to sRGB")
    }

    @Test func additiveOffsetsAreNotClamped() {
        // An animation from 100 to 0 at progress 1.2 shows −20: added to a model of 0.
        let shown = AnimatableValue.vector(Vector2(100, 0)).interpolated(to: .vector(.zero), progress: Vector2(1.2, 1.2), colorSpace: .srgb)
        let value = AnimatableValue.vector(Vector2(0, 0)).adding(shown, minus: .vector(.zero))
        guard case .vector(let v) = value else { Issue.record("expected a vector"); return }
        #expect(abs(v.x - -20) < 1e-12 && v.y == 0, "overshoot past the target (found \(v))")
    }
}
