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
        cairo_set_operator(pointer, Self.cairoOperator(blendMode))
        cairo_set_source_surface(pointer, surface.pointer, translation.x + origin.x, translation.y + origin.y)
        cairo_paint_with_alpha(pointer, opacity)
        cairo_restore(pointer)
    }

    /// Paints a backing store: `surface`, whose top-left lies at `origin` in the current user
    /// space and which has `pixelsPerPoint` pixels per unit of it, resampled bilinearly, at
    /// `opacity`, combined by `blendMode`. Transparent past its edges.
    func paint(_ surface: CairoImageSurface, origin: Vector2, pixelsPerPoint: Double, opacity: Double, blendMode: BlendMode) {
        cairo_save(pointer)
        cairo_translate(pointer, origin.x, origin.y)
        cairo_scale(pointer, 1 / pixelsPerPoint, 1 / pixelsPerPoint)
        cairo_set_operator(pointer, Self.cairoOperator(blendMode))
        cairo_set_source_surface(pointer, surface.pointer, 0, 0)
        cairo_pattern_set_filter(cairo_get_source(pointer), CAIRO_FILTER_BILINEAR)
        cairo_paint_with_alpha(pointer, opacity)
        cairo_restore(pointer)
    }

    /// A shadow of `content`'s alpha: `color` at `opacity`, moved by `offset` device pixels,
    /// blurred by σ = `sigma`, on a surface of the same size.
    static func shadow(of content: CairoImageSurface, color: Color, opacity: Double, offset: Vector2,
                       sigma: Double) throws(CairoError) -> CairoImageSurface {
        let shadow = try CairoImageSurface(width: content.width, height: content.height)
        let alpha = UnsafeMutablePointer<UInt8>.allocate(capacity: content.width * content.height)
        defer { alpha.deallocate() }
        // The content moved by the offset, its alpha alone and as pixman moves it when Cairo
        // paints it there; times the colour's alpha at the shadow's opacity as Cairo's IN with
        // that colour would leave it (its alpha as a byte, multiplied as pixman multiplies).
        moveAlpha(of: content.pointer, by: offset, into: alpha,
                  scale: CoverageFill.premultiplied(color, alpha: color.alpha * opacity) >> 24)
        blurShadow(alpha, into: shadow.pointer, color: color, sigma: sigma)
        return shadow
    }

    /// Blurs `surface` in place by σ = `sigma` (transparent beyond its edges). When every
    /// pixel is `soleColor` times a coverage (a layer filled with one colour and nothing else),
    /// only the alpha is blurred and the colour laid over it, as a shadow is made
    /// (`blurShadow`): a quarter of the bytes, each channel within two levels of blurring it.
    static func blur(_ surface: CairoImageSurface, sigma: Double, soleColor: Color? = nil) {
        if let soleColor {
            blurShadow(surface.pointer, color: soleColor, sigma: sigma)
        } else {
            gaussianBlur(surface.pointer, sigma: sigma)
        }
    }
}
