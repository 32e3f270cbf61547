import Testing
@testable import ZoetropeRender
import ZoetropeCore

/// `filters` change the colours of a layer's composited picture, keep its shape, and blend
/// modes composite as the W3C compositing formulas say.
@Suite struct ColorFilterTests {
    static let white = RasterImage.Pixel(red: 255, green: 255, blue: 255)

    /// `layers` drawn over white on a 100 × 100 canvas.
    static func draw(_ layers: [Layer], background: Color = .white) throws -> RasterImage {
        let scene = Scene(name: "filters", canvas: Canvas(size: Vector2(100, 100), background: background), layers: layers)
        let tree = SceneEvaluation(scene: scene, horizon: 0).presentation(at: 0)
        let drawer = try FrameDrawer(width: 100, height: 100)
        try drawer.draw(tree, scale: 1)
        return RasterImage(surface: try #require(drawer.image))
    }

    static func rect(_ id: String, _ color: Color, x: Double, y: Double, width: Double, height: Double) -> Layer {
        var layer = Layer(id: id, shape: .rect)
        layer.values.position = Vector2(x + width / 2, y + height / 2)
        layer.values.size = Vector2(width, height)
        layer.values.fill = color
        return layer
    }

    /// A group of a red square (left) and a half-transparent blue one (right), with `filters`.
    static func group(_ filters: [ColorFilter]) -> Layer {
        var group = Layer(id: "group", shape: .group, children: [
            rect("red", Color(red: 1, green: 0, blue: 0), x: 0, y: 0, width: 50, height: 50),
            rect("blue", Color(red: 0, green: 0, blue: 1, alpha: 0.5), x: 50, y: 0, width: 50, height: 50),
        ])
        group.values.position = Vector2(50, 50)
        group.values.size = Vector2(100, 100)
        group.style.filters = filters
        return group
    }

    static func close(_ pixel: RasterImage.Pixel, _ red: Int, _ green: Int, _ blue: Int, within tolerance: Int = 1) -> Bool {
        abs(Int(pixel.red) - red) <= tolerance && abs(Int(pixel.green) - green) <= tolerance && abs(Int(pixel.blue) - blue) <= tolerance
    }

    @Test func aFillMakesEveryOpaquePixelItsColourAndKeepsTheAlpha() throws {
        let image = try Self.draw([Self.group([.fill(color: Color(red: 0, green: 1, blue: 0), opacity: 1)])])
        #expect(image[25, 25] == RasterImage.Pixel(red: 0, green: 255, blue: 0), "\(image[25, 25])")
        // Half-transparent blue became half-transparent green over white.
        #expect(Self.close(image[75, 25], 128, 255, 128), "\(image[75, 25])")
        #expect(image[25, 75] == Self.white, "nothing drawn stays nothing")
    }

    @Test func aTintMapsLuminanceBetweenItsTwoColours() throws {
        var grey = Self.rect("grey", Color(red: 0.5, green: 0.5, blue: 0.5), x: 0, y: 0, width: 100, height: 100)
        grey.style.filters = [.tint(black: Color(red: 1, green: 0, blue: 0), white: Color(red: 0, green: 0, blue: 1), amount: 1)]
        let image = try Self.draw([grey])
        // Grey 128 has luminance 128/255: red and blue nearly half each.
        #expect(Self.close(image[50, 50], 127, 0, 128), "\(image[50, 50])")
        grey.style.filters = [.tint(black: .black, white: Color(red: 0, green: 0, blue: 1), amount: 0.5)]
        #expect(Self.close(try Self.draw([grey])[50, 50], 64, 64, 128), "half the amount: halfway to the tint")
    }

    @Test func aTritoneTakesMidGreyToItsMidtonesAndBlendsTheOriginalBack() throws {
        var grey = Self.rect("grey", Color(red: 0.5, green: 0.5, blue: 0.5), x: 0, y: 0, width: 100, height: 100)
        let green = Color(red: 0, green: 1, blue: 0)
        grey.style.filters = [.tritone(highlights: .white, midtones: green, shadows: .black, blend: 0)]
        #expect(Self.close(try Self.draw([grey])[50, 50], 0, 255, 0, within: 2))
        grey.style.filters = [.tritone(highlights: .white, midtones: green, shadows: .black, blend: 1)]
        #expect(Self.close(try Self.draw([grey])[50, 50], 128, 128, 128), "blended wholly with the original")
    }

    @Test func anInvertTurnsRedToCyanAndLevelsStretchTheInputRange() throws {
        let image = try Self.draw([Self.group([.invert(amount: 1)])])
        #expect(image[25, 25] == RasterImage.Pixel(red: 0, green: 255, blue: 255))
        var grey = Self.rect("grey", Color(red: 0.25, green: 0.25, blue: 0.25), x: 0, y: 0, width: 100, height: 100)
        grey.style.filters = [.levels(ColorFilter.Levels(inputBlack: 0, inputWhite: 0.5))]
        #expect(Self.close(try Self.draw([grey])[50, 50], 128, 128, 128), "a quarter is half of 0…½")
        grey.style.filters = [.levels(ColorFilter.Levels(gamma: 2))]
        // 64/255 (0.251) → 0.251^(1/2) = 0.501.
        #expect(Self.close(try Self.draw([grey])[50, 50], 128, 128, 128), "gamma 2 lightens a quarter to a half")
    }

    @Test func filtersApplyInOrder() throws {
        let image = try Self.draw([Self.group([.fill(color: .white, opacity: 1), .invert(amount: 1)])])
        #expect(image[25, 25] == RasterImage.Pixel(red: 0, green: 0, blue: 0), "filled white, then inverted")
    }

    @Test func aBlurInOneDirectionSpreadsOnlyAlongIt() throws {
        var square = Self.rect("square", .black, x: 40, y: 40, width: 20, height: 20)
        square.values.blur = 4
        square.style.blurDirection = .horizontal
        let across = try Self.draw([square])
        #expect(across[37, 50] != Self.white && across[63, 50] != Self.white, "spread left and right")
        #expect(across[50, 37] == Self.white && across[50, 63] == Self.white, "not up nor down")
        square.style.blurDirection = .vertical
        let down = try Self.draw([square])
        #expect(down[50, 37] != Self.white && down[50, 63] != Self.white, "spread up and down")
        #expect(down[37, 50] == Self.white && down[63, 50] == Self.white, "not sideways")
    }

    // MARK: - Blend modes against the W3C compositing formulas

    static let backdrop = (0.2, 0.5, 0.8), source = (0.9, 0.4, 0.1)

    /// W3C Compositing and Blending Level 1, §9: the result of `mode` for opaque backdrop `b` and
    /// source `s`.
    static func expected(_ mode: BlendMode, _ b: (Double, Double, Double), _ s: (Double, Double, Double)) -> (Double, Double, Double) {
        func separable(_ f: (Double, Double) -> Double) -> (Double, Double, Double) { (f(b.0, s.0), f(b.1, s.1), f(b.2, s.2)) }
        func screen(_ cb: Double, _ cs: Double) -> Double { cb + cs - cb * cs }
        func hardLight(_ cb: Double, _ cs: Double) -> Double { cs <= 0.5 ? cb * 2 * cs : screen(cb, 2 * cs - 1) }
        func lum(_ c: (Double, Double, Double)) -> Double { 0.3 * c.0 + 0.59 * c.1 + 0.11 * c.2 }
        func clip(_ c: (Double, Double, Double)) -> (Double, Double, Double) {
            let l = lum(c), n = min(c.0, c.1, c.2), x = max(c.0, c.1, c.2)
            var r = c
            if n < 0 { r = (l + (r.0 - l) * l / (l - n), l + (r.1 - l) * l / (l - n), l + (r.2 - l) * l / (l - n)) }
            if x > 1 { r = (l + (r.0 - l) * (1 - l) / (x - l), l + (r.1 - l) * (1 - l) / (x - l), l + (r.2 - l) * (1 - l) / (x - l)) }
            return r
        }
        func setLum(_ c: (Double, Double, Double), _ l: Double) -> (Double, Double, Double) {
            let d = l - lum(c)
            return clip((c.0 + d, c.1 + d, c.2 + d))
        }
        func sat(_ c: (Double, Double, Double)) -> Double { max(c.0, c.1, c.2) - min(c.0, c.1, c.2) }
        func setSat(_ c: (Double, Double, Double), _ s: Double) -> (Double, Double, Double) {
            let n = min(c.0, c.1, c.2), x = max(c.0, c.1, c.2)
            func f(_ v: Double) -> Double { x > n ? (v - n) * s / (x - n) : 0 }
            return (f(c.0), f(c.1), f(c.2))
        }
        switch mode {
        case .normal: return s
        case .multiply: return separable { $0 * $1 }
        case .screen: return separable(screen)
        case .overlay: return separable { hardLight($1, $0) }
        case .darken: return separable(min)
        case .lighten: return separable(max)
        case .colorDodge: return separable { cb, cs in cb == 0 ? 0 : cs == 1 ? 1 : min(1, cb / (1 - cs)) }
        case .colorBurn: return separable { cb, cs in cb == 1 ? 1 : cs == 0 ? 0 : 1 - min(1, (1 - cb) / cs) }
        case .hardLight: return separable(hardLight)
        case .softLight:
            return separable { cb, cs in
                let d = cb <= 0.25 ? ((16 * cb - 12) * cb + 4) * cb : cb.squareRoot()
                return cs <= 0.5 ? cb - (1 - 2 * cs) * cb * (1 - cb) : cb + (2 * cs - 1) * (d - cb)
            }
        case .difference: return separable { abs($0 - $1) }
        case .exclusion: return separable { $0 + $1 - 2 * $0 * $1 }
        case .hue: return setLum(setSat(s, sat(b)), lum(b))
        case .saturation: return setLum(setSat(b, sat(s)), lum(b))
        case .color: return setLum(s, lum(b))
        case .luminosity: return setLum(b, lum(s))
        case .plusLighter, .add: return separable { min($0 + $1, 1) }
        case .destinationIn: return b
        case .destinationOut: return (1, 1, 1)  // the backdrop cleared: the white canvas shows
        case .xor: return (1, 1, 1)
        }
    }

    @Test(arguments: BlendMode.allCases.filter { ![.destinationIn, .destinationOut, .xor].contains($0) })
    func aBlendModeCompositesAsTheW3CFormulaSays(mode: BlendMode) throws {
        let (b, s) = (Self.backdrop, Self.source)
        let under = Self.rect("under", Color(red: b.0, green: b.1, blue: b.2), x: 0, y: 0, width: 100, height: 100)
        var over = Self.rect("over", Color(red: s.0, green: s.1, blue: s.2), x: 25, y: 25, width: 50, height: 50)
        over.style.blendMode = mode
        let pixel = try Self.draw([under, over])[50, 50]
        let e = Self.expected(mode, b, s)
        func level(_ x: Double) -> Int { Int((min(max(x, 0), 1) * 255).rounded()) }
        #expect(Self.close(pixel, level(e.0), level(e.1), level(e.2), within: 2), "\(mode): \(pixel), expected \(level(e.0)), \(level(e.1)), \(level(e.2))")
    }

    /// A layer at 60 % mixes the blend in by its alpha, W3C's (1 − αs)·cb + αs·B(cb, cs), and
    /// onto transparency shows its own colour at 60 %, whatever the mode. Pixman blends hue,
    /// saturation, colour and luminosity wrongly through an opacity's mask: an orange's green
    /// came out faded twice.
    @Test(arguments: BlendMode.allCases.filter { ![.destinationIn, .destinationOut, .xor, .add, .plusLighter].contains($0) })
    func aTranslucentLayerMixesItsBlendInByItsOpacity(mode: BlendMode) throws {
        let (b, s) = (Self.backdrop, Self.source)
        let under = Self.rect("under", Color(red: b.0, green: b.1, blue: b.2), x: 0, y: 0, width: 100, height: 50)
        var over = Self.rect("over", Color(red: s.0, green: s.1, blue: s.2), x: 25, y: 25, width: 50, height: 50)
        over.style.blendMode = mode
        over.values.opacity = 0.6
        let image = try Self.draw([under, over], background: .clear)
        let e = Self.expected(mode, b, s)
        func level(_ x: Double, over backdrop: Double) -> Int { Int(((0.4 * backdrop + 0.6 * min(max(x, 0), 1)) * 255).rounded()) }
        let blended = image[50, 40]
        #expect(Self.close(blended, level(e.0, over: b.0), level(e.1, over: b.1), level(e.2, over: b.2), within: 2) && blended.alpha == 255,
                "\(mode) over the backdrop: \(blended)")
        let alone = image[50, 60]
        #expect(Self.close(alone, 230, 102, 26, within: 2) && abs(Int(alone.alpha) - 153) <= 1, "\(mode) over nothing: \(alone)")
    }

    /// After Effects' Add mixes the clamped sum in by the layer's alpha; `plusLighter` adds the
    /// premultiplied colour. A 50 % source (0.9, 0.4, 0.1) over (0.2, 0.5, 0.8): Add gives
    /// 0.5·0.2 + 0.5·min(1.1, 1) = 0.6, 0.5·0.5 + 0.5·0.9 = 0.7, 0.5·0.8 + 0.5·0.9 = 0.85;
    /// plusLighter min(1, 0.2 + 0.45) = 0.65, 0.7, min(1, 0.85) = 0.85.
    @Test(arguments: [(BlendMode.add, (153, 179, 217)), (.plusLighter, (166, 179, 217))])
    func aTranslucentLayerAddsItsClampedSumByItsAlpha(mode: BlendMode, expected: (Int, Int, Int)) throws {
        let (b, s) = (Self.backdrop, Self.source)
        let under = Self.rect("under", Color(red: b.0, green: b.1, blue: b.2), x: 0, y: 0, width: 100, height: 100)
        var over = Self.rect("over", Color(red: s.0, green: s.1, blue: s.2), x: 25, y: 25, width: 50, height: 50)
        over.style.blendMode = mode
        over.values.opacity = 0.5
        let image = try Self.draw([under, over])
        #expect(Self.close(image[50, 50], expected.0, expected.1, expected.2, within: 2), "\(mode): \(image[50, 50])")
        // Outside the layer the backdrop is untouched.
        #expect(Self.close(image[10, 10], 51, 128, 204, within: 1), "\(image[10, 10])")
    }

    /// Adding a group whose pixels lie partly or wholly off the target changes only the
    /// target's pixels under it, and one wholly off it changes nothing (nor traps).
    @Test(arguments: [(-3, 0, 1), (2, 0, 2), (-10, 0, 0), (4, 0, 0), (0, -5, 0)])
    func anAddedGroupOffTheTargetChangesOnlyWhatLiesUnderIt(x: Int, y: Int, changed: Int) throws {
        let opaqueRed: UInt32 = 0xFF80_0000, grey: UInt32 = 0xFF40_4040
        let source = [UInt32](repeating: opaqueRed, count: 4 * 2)
        var target = [UInt32](repeating: grey, count: 4 * 1)
        try source.withUnsafeBytes { from in
            try target.withUnsafeMutableBytes { to in
                // A 4 × 2 group at (x, y) over a 4 × 1 target.
                CairoContext.add(try #require(from.baseAddress), width: 4, height: 2, stride: 16, onto: try #require(to.baseAddress),
                                 width: 4, height: 1, stride: 16, at: (x, y), opacity: 1)
            }
        }
        // Red 0x80 + grey 0x40 = 0xC0 where they overlap.
        #expect(target.filter { $0 == 0xFFC0_4040 }.count == changed, "\(target.map { String($0, radix: 16) })")
        #expect(target.filter { $0 == grey }.count == 4 - changed)
    }
}
