internal import CCairo
import ZoetropeCore

/// An image to paint many times about its centre (a particle's sprite): its surface and one
/// Cairo pattern over it, made once, whose matrix puts the image's centre at the origin of
/// the user space it is painted in. Painting it costs no allocation: only the transform
/// changes from one particle to the next.
final class CairoSprite {
    let surface: CairoImageSurface
    private let pattern: OpaquePointer

    init(_ surface: CairoImageSurface) throws(CairoError) {
        guard let pattern = cairo_pattern_create_for_surface(surface.pointer) else {
            throw CairoError(message: "out of memory", operation: "making a particle's sprite")
        }
        self.surface = surface
        self.pattern = pattern
        // The filter an image layer is drawn with, so a particle looks as the same image would.
        cairo_pattern_set_filter(pattern, CAIRO_FILTER_GOOD)
        var matrix = cairo_matrix_t()
        cairo_matrix_init_translate(&matrix, Double(surface.width) / 2, Double(surface.height) / 2)
        cairo_pattern_set_matrix(pattern, &matrix)
        do {
            try check(cairo_pattern_status(pattern), "making a particle's sprite")
        } catch {
            cairo_pattern_destroy(pattern)
            throw error
        }
    }

    deinit { cairo_pattern_destroy(pattern) }

    /// The image with its colour components multiplied by `red`, `green` and `blue` (0…1; its
    /// pixels are premultiplied, so the products stay premultiplied): a white image takes the
    /// colour, as Core Animation tints a particle's contents.
    func tinted(red: Double, green: Double, blue: Double) throws(CairoError) -> CairoSprite {
        let source = surface
        let copy = try CairoImageSurface(width: source.width, height: source.height)
        source.flush()
        guard let from = cairo_image_surface_get_data(source.pointer), let to = cairo_image_surface_get_data(copy.pointer) else {
            throw CairoError(message: "no pixels", operation: "tinting a particle's sprite")
        }
        let fromStride = Int(cairo_image_surface_get_stride(source.pointer)), toStride = Int(cairo_image_surface_get_stride(copy.pointer))
        // Fixed point: each factor in 0…256, so a component times 256 is itself.
        func factor(_ component: Double) -> UInt32 { UInt32(clamping: Int(saturating: component * 256, rounding: .toNearestOrAwayFromZero)) }
        let r = factor(red), g = factor(green), b = factor(blue)
        for y in 0..<source.height {
            let row = UnsafeRawPointer(from + y * fromStride).assumingMemoryBound(to: UInt32.self)
            let out = UnsafeMutableRawPointer(to + y * toStride).assumingMemoryBound(to: UInt32.self)
            for x in 0..<source.width {
                let pixel = row[x]
                // Shifts bind tighter than products in Swift: each product is bracketed before its shift.
                let red = (((pixel >> 16) & 0xFF) * r) >> 8, green = (((pixel >> 8) & 0xFF) * g) >> 8, blue = ((pixel & 0xFF) * b) >> 8
                out[x] = pixel & 0xFF00_0000 | red << 16 | green << 8 | blue
            }
        }
        cairo_surface_mark_dirty(copy.pointer)
        return try CairoSprite(copy)
    }
}

extension CairoContext {
    /// Paints `sprite` centred on `center`, turned by `rotation` and scaled by `scale`, at
    /// `opacity`; added to what lies beneath (`plusLighter`) when `additive`.
    func paint(_ sprite: CairoSprite, center: Vector2, rotation: Double, scale: Double, opacity: Double, additive: Bool) {
        cairo_save(pointer)
        cairo_translate(pointer, center.x, center.y)
        if rotation != 0 { cairo_rotate(pointer, rotation) }
        cairo_scale(pointer, scale, scale)
        sprite.setSource(on: pointer)
        if additive { cairo_set_operator(pointer, CAIRO_OPERATOR_ADD) }
        cairo_paint_with_alpha(pointer, opacity)
        cairo_restore(pointer)
    }
}

extension CairoSprite {
    fileprivate func setSource(on context: OpaquePointer) { cairo_set_source(context, pattern) }
}
