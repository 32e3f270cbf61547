import ZoetropeCore

/// What a drawer keeps to draw particles without allocating for each: one array the particles
/// of an emitter are evaluated into (its storage reused from frame to frame), the sprite of
/// each cell image, and that image tinted by each colour particles asked for.
///
/// A particle's colour multiplies its image's components: white draws the image as it is; any
/// other colour draws the image tinted by that colour rounded to 1/63 (six bits a component,
/// steps under the eye's on a sprite), tinted once and kept. The alpha is exact (the paint's).
/// Rejected: tinting each particle as it is drawn (its own pixels every frame: a cost per
/// particle of its sprite's area), and Cairo's `mask` with the colour (right for a white
/// image only).
final class ParticleSprites {
    /// The particles of the emitter being drawn.
    var particles: [Particle] = []
    private var sprites: [ImageSourceText: CairoSprite] = [:]
    private var tinted: [TintKey: CairoSprite] = [:]
    /// Pixels the tinted sprites hold; past `keptPixels`, all are dropped and made again as asked.
    private var tintedPixels = 0
    static let keptPixels = 1 << 24

    private struct TintKey: Hashable {
        var source: ImageSourceText
        var red, green, blue: UInt8
    }

    /// The sprite of `image` (`source`'s decoded pixels), made on first use.
    func sprite(of image: CairoImageSurface, source: String) throws(CairoError) -> CairoSprite {
        let key = ImageSourceText(source)
        if let sprite = sprites[key] { return sprite }
        let sprite = try CairoSprite(image)
        sprites[key] = sprite
        return sprite
    }

    /// `sprite` (of `source`) as a particle of `color` draws it.
    func sprite(_ sprite: CairoSprite, source: String, tintedBy color: Color) throws(CairoError) -> CairoSprite {
        func step(_ component: Double) -> UInt8 { UInt8(clamping: Int(saturating: min(max(component, 0), 1) * 63, rounding: .toNearestOrAwayFromZero)) }
        let key = TintKey(source: ImageSourceText(source), red: step(color.red), green: step(color.green), blue: step(color.blue))
        guard key.red < 63 || key.green < 63 || key.blue < 63 else { return sprite }
        if let tinted = tinted[key] { return tinted }
        let pixels = sprite.surface.width * sprite.surface.height
        if tintedPixels + pixels > Self.keptPixels {
            tinted = [:]
            tintedPixels = 0
        }
        let made = try sprite.tinted(red: Double(key.red) / 63, green: Double(key.green) / 63, blue: Double(key.blue) / 63)
        tinted[key] = made
        tintedPixels += pixels
        return made
    }
}
