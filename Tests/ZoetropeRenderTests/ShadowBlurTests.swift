import Testing
@testable import ZoetropeRender
import ZoetropeCore

/// A shadow blurs only its alpha and is coloured afterwards. That must give exactly the bytes of
/// blurring all four channels of a black shadow (the usual one), and stay within a level or
/// two of it for a coloured one.
@Suite struct ShadowBlurTests {
    static let width = 70, height = 56
    static let whole = PixelBox(minX: 0, minY: 0, maxX: width, maxY: height)

    /// A disc with a soft edge over a translucent bar, in colours (a shadow takes only the alpha).
    static func content() throws -> CairoImageSurface {
        let surface = try CairoImageSurface(width: width, height: height)
        var pixels: [RasterImage.Pixel] = []
        for y in 0..<height {
            for x in 0..<width {
                let dx = Double(x) - 30, dy = Double(y) - 26
                let distance = (dx * dx + dy * dy).squareRoot()
                let disc = min(max(18 - distance, 0), 1)
                let bar = (40..<64).contains(x) && (10..<46).contains(y) ? 0.45 : 0
                let alpha = UInt8((max(disc, bar) * 255).rounded())
                pixels.append(RasterImage.Pixel(red: UInt8(x * 3), green: UInt8(y * 4), blue: 200, alpha: alpha))
            }
        }
        surface.store(pixels)
        return surface
    }

    /// The shadow of `content` at σ = `sigma`, as premultiplied words.
    static func shadow(_ color: Color, sigma: Double) throws -> [UInt32] {
        let mask = try CairoContext.shadow(of: content(), color: color, opacity: 0.6, offset: Vector2(3, 5), sigma: sigma)
        return try CairoContext.colored(mask, color: color).copy(of: whole)
    }

    /// `words` blurred by σ = `sigma` channel by channel, all four at once.
    static func blurredWhole(_ words: [UInt32], sigma: Double) throws -> [UInt32] {
        let surface = try CairoImageSurface(width: width, height: height)
        surface.restore(words, of: whole, keeping: [])
        CairoContext.gaussianBlur(surface.pointer, sigma: sigma)
        return surface.copy(of: whole)
    }

    @Test(arguments: [0.8, 4.5, 12.0])
    func aBlackShadowIsTheSameAsBlurringEveryChannel(sigma: Double) throws {
        // Unblurred (σ below 0.3 leaves the alpha as it is): what the shadow covers.
        let covered = try Self.shadow(Color(red: 0, green: 0, blue: 0), sigma: 0)
        // At the shadow's opacity (0.6) over the disc, nothing in the corners.
        #expect((150...155).contains(covered.map { $0 >> 24 }.max() ?? 0) && covered.contains { $0 >> 24 == 0 })
        #expect(covered.allSatisfy { $0 & 0xFF_FFFF == 0 }, "black")
        let shadow = try Self.shadow(Color(red: 0, green: 0, blue: 0), sigma: sigma)
        #expect(shadow == (try Self.blurredWhole(covered, sigma: sigma)))
        #expect(shadow != covered, "it was blurred")
    }

    @Test func aColouredShadowIsItsColourTimesTheBlurredAlpha() throws {
        let color = Color(red: 0.2, green: 0.6, blue: 1)
        let covered = try Self.shadow(color, sigma: 0)
        let shadow = try Self.shadow(color, sigma: 6)
        let reference = try Self.blurredWhole(covered, sigma: 6)
        var worst = 0
        for (made, blurred) in zip(shadow, reference) {
            let alpha = made >> 24
            // pixman's product of two bytes, rounded.
            let times = { (channel: UInt32) in (alpha * channel + 0x80 + ((alpha * channel + 0x80) >> 8)) >> 8 }
            #expect(made == alpha << 24 | times(51) << 16 | times(153) << 8 | times(255))
            for shift in [0, 8, 16, 24] {
                worst = max(worst, abs(Int((made >> UInt32(shift)) & 0xFF) - Int((blurred >> UInt32(shift)) & 0xFF)))
            }
        }
        #expect(worst <= 2, "a level or two from blurring every channel (found \(worst))")
        #expect(shadow.contains { $0 >> 24 > 0 && $0 >> 24 < 255 })
    }

    /// A shadow reads its content's alpha moved by the offset as pixman moves it when Cairo
    /// paints the content there (bilinear, 7-bit weights): the same bytes, at whole and
    /// fractional offsets, tiny ones, and past the content's edge.
    @Test(arguments: [Vector2(3, 5), Vector2(2.3, -1.7), Vector2(-0.45, 0.8), Vector2(0.004, -0.996), Vector2(-69.5, 0.25), Vector2(0, 80)])
    func aShadowMovesItsContentAsCairoPaintsItThere(offset: Vector2) throws {
        let content = try Self.content()
        let painted = try CairoImageSurface(width: Self.width, height: Self.height)
        try CairoContext(surface: painted).paint(content, origin: Vector2(0, 0), translation: offset, opacity: 1)
        let expected = painted.copy(of: Self.whole).map { UInt8($0 >> 24) }
        for scale: UInt32 in [255, 153] {
            var moved = [UInt8](repeating: 7, count: Self.width * Self.height)
            moved.withUnsafeMutableBufferPointer { CairoContext.moveAlpha(of: content.pointer, by: offset, into: $0.baseAddress!, stride: Self.width, scale: scale) }
            #expect(moved == expected.map { UInt8(CoverageFill.multiply(UInt32($0), by: scale)) }, "\(offset) × \(scale)")
        }
        #expect(expected.contains { $0 > 0 } == (offset.x > -60 && offset.y < 60), "\(offset)")
    }

    /// A shadow painted as one colour through its mask is the same bytes as its coloured words
    /// painted over the same pixels, where the mask is used (whole pixels, full opacity), and
    /// is those words where it is not.
    @Test(arguments: [(Vector2(7, 4), 1.0), (Vector2(6.5, 4.25), 1.0), (Vector2(7, 4), 0.7)])
    func aShadowThroughItsMaskIsItsColouredWords(translation: Vector2, opacity: Double) throws {
        let color = Color(red: 0.2, green: 0.6, blue: 1, alpha: 0.8)
        let mask = try CairoContext.shadow(of: Self.content(), color: color, opacity: 0.6, offset: Vector2(3, 5), sigma: 4.5)
        let colored = try CairoContext.colored(mask, color: color)
        let size = PixelBox(minX: 0, minY: 0, maxX: Self.width + 20, maxY: Self.height + 20)
        func backdrop() throws -> CairoImageSurface {
            // A backdrop of varied colours and alphas, so that OVER has something to round.
            let surface = try CairoImageSurface(width: size.maxX, height: size.maxY)
            let pixels = (0..<size.area).map { (index: Int) -> RasterImage.Pixel in
                RasterImage.Pixel(red: UInt8(index % 251), green: UInt8(index % 83 * 3), blue: 90, alpha: UInt8(128 + index % 127))
            }
            surface.store(pixels)
            return surface
        }
        let throughMask = try backdrop(), asWords = try backdrop()
        var madeColored = false
        try CairoContext(surface: throughMask).paint(shadow: mask, color: color, colored: { () throws(CairoError) in
            madeColored = true
            return colored
        }, origin: Vector2(-2, 1), translation: translation, opacity: opacity)
        try CairoContext(surface: asWords).paint(colored, origin: Vector2(-2, 1), translation: translation, opacity: opacity)
        #expect(throughMask.copy(of: size) == asWords.copy(of: size))
        #expect(throughMask.copy(of: size) != (try backdrop()).copy(of: size), "it painted")
        #expect(madeColored == (translation.x != translation.x.rounded() || opacity < 1))
    }

    /// The premultiplied words of a 90 × 90 transparent frame holding `layer`.
    static func frame(_ layer: Layer) throws -> [UInt32] {
        let scene = Scene(name: "blur", canvas: Canvas(size: Vector2(90, 90), background: .clear), layers: [layer])
        let drawer = try FrameDrawer(width: 90, height: 90)
        try drawer.draw(SceneEvaluation(scene: scene, horizon: 0).presentation(at: 0), scale: 1)
        return try #require(drawer.image).copy(of: PixelBox(minX: 0, minY: 0, maxX: 90, maxY: 90))
    }

    /// A blurred disc of `fill`, alone or also stroked, or filled by a gradient of that colour.
    static func disc(_ fill: Color, stroked: Bool = false, asGradient: Bool = false) -> Layer {
        var layer = Layer(id: "disc", shape: .ellipse)
        layer.values.position = Vector2(45, 45)
        layer.values.size = Vector2(44, 44)
        layer.values.blur = 6
        if asGradient {
            layer.values.gradient = Gradient(kind: .linear(from: Vector2(0, 0), to: Vector2(1, 1)), stops: [.init(offset: 0, color: fill), .init(offset: 1, color: fill)])
        } else {
            layer.values.fill = fill
        }
        if stroked {
            layer.values.strokeWidth = 3
            layer.values.strokeColor = Color(red: 0.1, green: 0.2, blue: 0.3)
        }
        return layer
    }

    @Test func aBlurredLayerOfOneColourIsThatColourTimesItsBlurredAlpha() throws {
        let fill = Color(red: 0.82, green: 0.53, blue: 0.44, alpha: 0.9)
        let opaque = CoverageFill.premultiplied(fill, alpha: 1)
        let blurred = try Self.frame(Self.disc(fill))
        #expect(blurred.contains { $0 >> 24 > 0 && $0 >> 24 < 200 }, "a soft edge")
        #expect(blurred.allSatisfy { $0 == CoverageFill.multiply(opaque, by: $0 >> 24) })
        // Blurred channel by channel (a gradient of the colour is not one colour to the
        // drawer): within two levels, and not everywhere the same.
        let reference = try Self.frame(Self.disc(fill, asGradient: true))
        var worst = 0
        for (made, channels) in zip(blurred, reference) {
            for shift in [0, 8, 16, 24] {
                worst = max(worst, abs(Int((made >> UInt32(shift)) & 0xFF) - Int((channels >> UInt32(shift)) & 0xFF)))
            }
        }
        #expect(worst <= 2, "found \(worst)")
        #expect(blurred != reference)
        // A stroke makes two colours: every channel is blurred.
        let stroked = try Self.frame(Self.disc(fill, stroked: true))
        #expect(!stroked.allSatisfy { $0 == CoverageFill.multiply(CoverageFill.premultiplied(Color(red: 0.1, green: 0.2, blue: 0.3), alpha: 1), by: $0 >> 24) })
    }
}
