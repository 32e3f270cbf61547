internal import CCairo
import ZoetropeCore

/// Colour filters (`LayerStyle.filters`): applied in place to the pixels of the group a layer
/// is drawn into, before the group is composited.
extension CairoContext {
    /// Applies `filters`, in order, to every pixel of the current group (begun with
    /// `beginGroup()`). On a PDF or SVG surface, which has no pixels, the group is left as it is.
    func filterGroup(_ filters: [ColorFilter]) {
        guard !filters.isEmpty, let target = cairo_get_group_target(pointer), cairo_surface_get_type(target) == CAIRO_SURFACE_TYPE_IMAGE,
              cairo_image_surface_get_format(target) == CAIRO_FORMAT_ARGB32 else { return }
        cairo_surface_flush(target)
        guard let data = cairo_image_surface_get_data(target) else { return }
        Self.filter(UnsafeMutableRawPointer(data), width: Int(cairo_image_surface_get_width(target)),
                    height: Int(cairo_image_surface_get_height(target)), stride: Int(cairo_image_surface_get_stride(target)), filters: filters)
        cairo_surface_mark_dirty(target)
    }

    /// Applies `filters` to `height` rows of `width` premultiplied ARGB32 pixels, `stride` bytes
    /// apart, in one pass: each pixel un-premultiplied, filtered in order
    /// (`ColorFilter.apply(red:green:blue:alpha:)`), premultiplied again and rounded to the
    /// nearest level. Transparent pixels stay transparent; a run of equal pixels (a flat fill)
    /// is filtered once.
    static func filter(_ pixels: UnsafeMutableRawPointer, width: Int, height: Int, stride: Int, filters: [ColorFilter]) {
        guard !filters.isEmpty, width > 0, height > 0, stride >= width * 4 else { return }
        var lastIn: UInt32 = 0, lastOut: UInt32 = 0
        for y in 0..<height {
            let row = (pixels + y * stride).assumingMemoryBound(to: UInt32.self)
            for x in 0..<width {
                let pixel = row[x]
                guard pixel != 0 else { continue }
                if pixel == lastIn {
                    row[x] = lastOut
                    continue
                }
                let alpha = Double(pixel >> 24)
                // Premultiplied: a component is at most its alpha (clamped where it is not).
                func straight(_ shift: UInt32) -> Double { min(Double((pixel >> shift) & 0xFF) / alpha, 1) }
                var color = Color(red: straight(16), green: straight(8), blue: straight(0), alpha: alpha / 255)
                for filter in filters {
                    color = filter.apply(red: color.red, green: color.green, blue: color.blue, alpha: color.alpha)
                }
                let a = (color.alpha * 255).rounded()
                func level(_ component: Double) -> UInt32 { UInt32(clamping: Int(saturating: component * a, rounding: .toNearestOrAwayFromZero)) }
                let out = UInt32(clamping: Int(saturating: a, rounding: .toNearestOrAwayFromZero)) << 24
                    | level(color.red) << 16 | level(color.green) << 8 | level(color.blue)
                lastIn = pixel
                lastOut = out
                row[x] = out
            }
        }
    }
}
