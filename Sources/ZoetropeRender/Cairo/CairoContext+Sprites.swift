internal import CCairo
import ZoetropeCore

/// What an `EffectSprite` needs of a context: its transform as an `AffineTransform`, painting a
/// sprite at a device position, and making a sprite's shadow and blur.
extension CairoContext {
    /// The current user-to-device transform.
    var transform: AffineTransform {
        get {
            var m = cairo_matrix_t()
            cairo_get_matrix(pointer, &m)
            return AffineTransform(xx: m.xx, yx: m.yx, xy: m.xy, yy: m.yy, x0: m.x0, y0: m.y0)
        }
        set {
            var m = cairo_matrix_t(xx: newValue.xx, yx: newValue.yx, xy: newValue.xy, yy: newValue.yy, x0: newValue.x0, y0: newValue.y0)
            cairo_set_matrix(pointer, &m)
        }
    }

    /// Paints `surface` (a sprite's shadow or blurred content) with its top-left at device
    /// `translation + origin`, at `opacity`, combined by `blendMode`.
    func paint(_ surface: CairoImageSurface, origin: Vector2, translation: Vector2, opacity: Double, blendMode: BlendMode = .normal) {
        cairo_save(pointer)
        cairo_identity_matrix(pointer)
        blending(blendMode) {
            cairo_set_source_surface(pointer, surface.pointer, translation.x + origin.x, translation.y + origin.y)
            cairo_paint_with_alpha(pointer, opacity)
        }
        cairo_restore(pointer)
    }

    /// Paints a backing store: `surface`, whose top-left lies at `origin` in the current user
    /// space and which has `pixelsPerPoint` pixels per unit of it, resampled bilinearly, at
    /// `opacity`, combined by `blendMode`. Transparent past its edges.
    func paint(_ surface: CairoImageSurface, origin: Vector2, pixelsPerPoint: Double, opacity: Double, blendMode: BlendMode) {
        cairo_save(pointer)
        cairo_translate(pointer, origin.x, origin.y)
        cairo_scale(pointer, 1 / pixelsPerPoint, 1 / pixelsPerPoint)
        blending(blendMode) {
            cairo_set_source_surface(pointer, surface.pointer, 0, 0)
            cairo_pattern_set_filter(cairo_get_source(pointer), CAIRO_FILTER_BILINEAR)
            cairo_paint_with_alpha(pointer, opacity)
        }
        cairo_restore(pointer)
    }

    /// A shadow of `content`'s alpha at `opacity` times `color`'s, moved by `offset` device
    /// pixels, blurred by σ = `sigma`, on a mask of the same size: the shadow is `color` through
    /// it (`paint(shadow:color:colored:origin:translation:opacity:)`).
    static func shadow(of content: CairoImageSurface, color: Color, opacity: Double, offset: Vector2,
                       sigma: Double) throws(CairoError) -> CairoAlphaSurface {
        let shadow = try CairoAlphaSurface(width: content.width, height: content.height)
        cairo_surface_flush(shadow.pointer)
        guard let alpha = cairo_image_surface_get_data(shadow.pointer) else { return shadow }
        let stride = Int(cairo_image_surface_get_stride(shadow.pointer))
        // The content moved by the offset, its alpha alone and as pixman moves it when Cairo
        // paints it there; times the colour's alpha at the shadow's opacity as Cairo's IN with
        // that colour would leave it (its alpha as a byte, multiplied as pixman multiplies).
        moveAlpha(of: content.pointer, by: offset, into: alpha, stride: stride,
                  scale: CoverageFill.premultiplied(color, alpha: color.alpha * opacity) >> 24)
        gaussianBlur(alpha, width: shadow.width, height: shadow.height, stride: stride, sigma: sigma)
        cairo_surface_mark_dirty(shadow.pointer)
        return shadow
    }

    /// Paints `color` through `shadow` with its top-left at device `translation + origin`, at
    /// `opacity`: pixman's composite of one colour through a mask, the same bytes as painting
    /// the colour premultiplied by the mask (`colored`) and a byte a pixel to read. At a
    /// fraction of a pixel or below full opacity (where pixman would round a mask's products
    /// in another order), `colored` gives what is painted.
    func paint(shadow: CairoAlphaSurface, color: Color, colored: () throws(CairoError) -> CairoImageSurface, origin: Vector2,
               translation: Vector2, opacity: Double) throws(CairoError) {
        let x = translation.x + origin.x, y = translation.y + origin.y
        guard opacity == 1, x == x.rounded(), y == y.rounded(), abs(x) < 1e9, abs(y) < 1e9 else {
            paint(try colored(), origin: origin, translation: translation, opacity: opacity)
            return
        }
        cairo_save(pointer)
        cairo_identity_matrix(pointer)
        cairo_set_operator(pointer, CAIRO_OPERATOR_OVER)
        cairo_set_source_rgba(pointer, color.red, color.green, color.blue, 1)
        cairo_mask_surface(pointer, shadow.pointer, x, y)
        cairo_restore(pointer)
    }

    /// Blurs `surface` in place by σ = `sigma` (transparent beyond its edges). When every
    /// pixel is `soleColor` times a coverage (a layer filled with one colour and nothing else),
    /// only the alpha is blurred and the colour laid over it, as a shadow is made
    /// (`blurShadow`): a quarter of the bytes, each channel within two levels of blurring it.
    static func blur(_ surface: CairoImageSurface, sigma: Double, soleColor: Color? = nil, direction: BlurDirection = .both) {
        if let soleColor {
            blurShadow(surface.pointer, color: soleColor, sigma: sigma, direction: direction)
        } else {
            gaussianBlur(surface.pointer, sigma: sigma, direction: direction)
        }
    }
}
