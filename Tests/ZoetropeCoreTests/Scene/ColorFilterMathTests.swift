import Testing
import ZoetropeCore

/// The straight-colour maths of `ColorFilter`, which the render applies to every pixel.
@Suite struct ColorFilterMathTests {
    @Test func levelsClampOutsideTheInputRangeAndAReversedRangeInverts() {
        let levels = ColorFilter.Levels(inputBlack: 0.2, inputWhite: 0.6, gamma: 1, outputBlack: 0.1, outputWhite: 0.9)
        #expect(levels.map(0.1) == 0.1 && levels.map(0.7) == 0.9)
        #expect(abs(levels.map(0.4) - 0.5) < 1e-12, "the middle of the input range: the middle of the output range")
        let reversed = ColorFilter.Levels(inputBlack: 1, inputWhite: 0)
        #expect(abs(reversed.map(0.25) - 0.75) < 1e-12 && reversed.map(0) == 1 && reversed.map(1) == 0)
        #expect(ColorFilter.Levels(gamma: .nan).map(0.5).isFinite, "a gamma that is not a number is clamped, not propagated")
    }

    @Test func aFillKeepsTheShapeAndOtherFiltersKeepTheAlpha() {
        let fill = ColorFilter.fill(color: Color(red: 0, green: 1, blue: 0), opacity: 0.5).apply(red: 1, green: 0, blue: 0, alpha: 0.8)
        #expect(fill == Color(red: 0, green: 1, blue: 0, alpha: 0.4))
        for filter in [ColorFilter.invert(amount: 1), .tint(black: .black, white: .white, amount: 1),
                       .tritone(highlights: .white, midtones: .black, shadows: .black, blend: 0), .levels(ColorFilter.Levels())] {
            #expect(filter.apply(red: 0.3, green: 0.6, blue: 0.9, alpha: 0.25).alpha == 0.25, "\(filter.name)")
        }
    }

    @Test func aTintFromBlackToWhiteIsTheLuminanceGrey() {
        let grey = ColorFilter.tint(black: .black, white: .white, amount: 1).apply(red: 1, green: 0, blue: 0, alpha: 1)
        #expect(abs(grey.red - 0.2126) < 1e-12 && abs(grey.green - 0.2126) < 1e-12 && abs(grey.blue - 0.2126) < 1e-12)
    }
}
