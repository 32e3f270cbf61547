internal import CCairo
import ZoetropeCore

/// Blend modes that no Cairo operator draws: After Effects' Add (`BlendMode.add`), which clamps
/// the sum of the straight colours before mixing it in by the layer's alpha, composited here
/// pixel by pixel onto the target. And the non-separable modes, which Cairo draws wrongly
/// through a mask (`BlendMode.isNonSeparable`).
extension CairoContext {
    /// Runs `paint`, which paints onto the target, combining what it paints by `mode`: with
    /// Cairo's operator of that name, or, for `add`, into a group first that is then
    /// composited pixel by pixel (`endGroupAdding(opacity:)`). A non-separable mode's paint
    /// (which may paint at an alpha, through a mask) goes into a group first too, then is
    /// blended unmasked.
    func blending(_ mode: BlendMode, _ paint: () -> Void) {
        if mode == .add {
            cairo_push_group(pointer)
            paint()
            endGroupAdding(opacity: 1)
        } else if mode.isNonSeparable {
            cairo_push_group(pointer)
            paint()
            cairo_pop_group_to_source(pointer)
            cairo_set_operator(pointer, Self.cairoOperator(mode))
            cairo_paint(pointer)
            cairo_set_operator(pointer, CAIRO_OPERATOR_OVER)
        } else {
            cairo_set_operator(pointer, Self.cairoOperator(mode))
            paint()
            cairo_set_operator(pointer, CAIRO_OPERATOR_OVER)
        }
    }

    /// Ends a group begun with `beginGroup()` and adds it to what lies beneath at `opacity`, as
    /// After Effects adds a layer (`BlendMode.add`). On a PDF or SVG surface, which has no
    /// pixels, Cairo's add operator stands in for it.
    func endGroupAdding(opacity: Double) {
        guard let content = cairo_pop_group(pointer) else { return }
        defer { cairo_pattern_destroy(content) }
        var sourcePointer: OpaquePointer?
        cairo_pattern_get_surface(content, &sourcePointer)
        guard let source = sourcePointer, let target = cairo_get_group_target(pointer),
              [source, target].allSatisfy({ cairo_surface_get_type($0) == CAIRO_SURFACE_TYPE_IMAGE && cairo_image_surface_get_format($0) == CAIRO_FORMAT_ARGB32 }),
              let sourceData = cairo_image_surface_get_data(source), let targetData = cairo_image_surface_get_data(target) else {
            cairo_set_source(pointer, content)
            cairo_set_operator(pointer, CAIRO_OPERATOR_ADD)
            cairo_paint_with_alpha(pointer, opacity)
            cairo_set_operator(pointer, CAIRO_OPERATOR_OVER)
            return
        }
        cairo_surface_flush(source)
        cairo_surface_flush(target)
        // A pixel's device position is its position in its surface less the surface's device
        // offset; a group's offset is whole (it covers whole pixels of its parent).
        var sourceX = 0.0, sourceY = 0.0, targetX = 0.0, targetY = 0.0
        cairo_surface_get_device_offset(source, &sourceX, &sourceY)
        cairo_surface_get_device_offset(target, &targetX, &targetY)
        Self.add(UnsafeRawPointer(sourceData), width: Int(cairo_image_surface_get_width(source)), height: Int(cairo_image_surface_get_height(source)),
                 stride: Int(cairo_image_surface_get_stride(source)),
                 onto: UnsafeMutableRawPointer(targetData), width: Int(cairo_image_surface_get_width(target)), height: Int(cairo_image_surface_get_height(target)),
                 stride: Int(cairo_image_surface_get_stride(target)),
                 at: (Int(saturating: targetX - sourceX, rounding: .toNearestOrAwayFromZero), Int(saturating: targetY - sourceY, rounding: .toNearestOrAwayFromZero)),
                 opacity: min(max(opacity, 0), 1))
        cairo_surface_mark_dirty(target)
    }

    /// Adds premultiplied ARGB32 `source` pixels, at `opacity`, onto `target`'s, source pixel
    /// (x, y) onto target pixel (x + offset.x, y + offset.y), by After Effects' Add: with
    /// straight colours cs and cb, B = min(1, cb + cs), and
    /// co·αo = cs·αs·(1 − αb) + cb·αb·(1 − αs) + αs·αb·B, αo = αs + αb − αs·αb.
    /// A transparent source pixel leaves the target as it is.
    static func add(_ source: UnsafeRawPointer, width: Int, height: Int, stride: Int,
                    onto target: UnsafeMutableRawPointer, width targetWidth: Int, height targetHeight: Int, stride targetStride: Int,
                    at offset: (x: Int, y: Int), opacity: Double) {
        guard stride >= width * 4, targetStride >= targetWidth * 4 else { return }
        // The source pixels that land on the target (none when the two do not overlap).
        let firstColumn = max(0, -offset.x), endColumn = min(width, targetWidth - offset.x)
        let firstRow = max(0, -offset.y), endRow = min(height, targetHeight - offset.y)
        guard firstColumn < endColumn, firstRow < endRow else { return }
        let columns = firstColumn..<endColumn, rows = firstRow..<endRow
        for y in rows {
            let from = (source + y * stride).assumingMemoryBound(to: UInt32.self)
            let to = (target + (y + offset.y) * targetStride).assumingMemoryBound(to: UInt32.self)
            for x in columns {
                let s = from[x]
                guard s >> 24 != 0 else { continue }
                let b = to[x + offset.x]
                let alphaS = Double(s >> 24) / 255 * opacity, alphaB = Double(b >> 24) / 255
                let alpha = alphaS + alphaB - alphaS * alphaB
                func component(_ shift: UInt32) -> UInt32 {
                    let premultipliedS = Double((s >> shift) & 0xFF) / 255 * opacity, premultipliedB = Double((b >> shift) & 0xFF) / 255
                    let cs = alphaS > 0 ? min(premultipliedS / alphaS, 1) : 0, cb = alphaB > 0 ? min(premultipliedB / alphaB, 1) : 0
                    let mixed = premultipliedS * (1 - alphaB) + premultipliedB * (1 - alphaS) + alphaS * alphaB * min(cb + cs, 1)
                    return UInt32(clamping: Int(saturating: min(mixed, alpha) * 255, rounding: .toNearestOrAwayFromZero))
                }
                to[x + offset.x] = UInt32(clamping: Int(saturating: alpha * 255, rounding: .toNearestOrAwayFromZero)) << 24
                    | component(16) << 16 | component(8) << 8 | component(0)
            }
        }
    }
}

extension BlendMode {
    /// Hue, saturation, colour and luminosity: modes that mix a pixel's three channels together.
    /// Pixman (Cairo's compositor) blends them wrongly through a mask (`cairo_paint_with_alpha`):
    /// onto transparency, an orange at 77 % came out with its green faded twice, (255, 66, 5)
    /// for (255, 87, 4). What they composite is faded first, in a group, then blended unmasked.
    var isNonSeparable: Bool {
        switch self {
        case .hue, .saturation, .color, .luminosity: true
        default: false
        }
    }
}
