internal import CCairo
import ZoetropeCore

/// Shadows and blurs: what Cairo does not do by itself. Each works on an offscreen group no
/// larger than the region the effect can touch.
extension CairoContext {
    /// The device-space box of the user-space rectangle (0, 0, width, height), grown by `margin`
    /// device pixels on every side.
    func deviceBox(width: Double, height: Double, margin: Double) -> (x: Double, y: Double, width: Double, height: Double) {
        let corners = [Vector2(0, 0), Vector2(width, 0), Vector2(0, height), Vector2(width, height)].map(deviceLocation(of:))
        let xs = corners.map(\.x), ys = corners.map(\.y)
        let minX = (xs.min() ?? 0) - margin, minY = (ys.min() ?? 0) - margin
        let maxX = (xs.max() ?? 0) + margin, maxY = (ys.max() ?? 0) + margin
        return (minX.rounded(.down), minY.rounded(.down), (maxX - minX).rounded(.up) + 1, (maxY - minY).rounded(.up) + 1)
    }

    /// The device scale of the current transform (how many pixels one user unit spans).
    var deviceScale: Double {
        var m = cairo_matrix_t()
        cairo_get_matrix(pointer, &m)
        return (abs(m.xx * m.yy - m.xy * m.yx)).squareRoot()
    }

    /// Clips to a device-space box (drawing is then confined to it).
    func clipDevice(_ box: (x: Double, y: Double, width: Double, height: Double)) {
        cairo_save(pointer)
        cairo_identity_matrix(pointer)
        cairo_new_path(pointer)
        cairo_rectangle(pointer, box.x, box.y, box.width, box.height)
        cairo_restore(pointer)
        cairo_clip(pointer)
    }

    /// Ends a group begun with `beginGroup()`: paints a shadow of its content (its alpha, in
    /// `color` at `opacity`, blurred by σ = `sigma` device pixels, moved by `offset` in the current
    /// user space) and/or blurs the content itself by σ = `blurSigma`, then composites it.
    func endGroup(shadow: (color: Color, opacity: Double, sigma: Double, offset: Vector2)?, blurSigma: Double,
                  opacity: Double, blendMode: BlendMode) {
        guard let content = cairo_pop_group(pointer) else { return }
        defer { cairo_pattern_destroy(content) }
        var surfacePointer: OpaquePointer?
        cairo_pattern_get_surface(content, &surfacePointer)
        guard let surface = surfacePointer, cairo_surface_get_type(surface) == CAIRO_SURFACE_TYPE_IMAGE else {
            cairo_set_source(pointer, content)
            cairo_paint_with_alpha(pointer, opacity)
            return
        }
        var matrix = cairo_matrix_t()
        cairo_pattern_get_matrix(content, &matrix)
        if let shadow, shadow.opacity > 0, shadow.color.alpha > 0 {
            let tinted = copy(of: surface) { context in
                cairo_set_source_rgba(context, shadow.color.red, shadow.color.green, shadow.color.blue, shadow.color.alpha * shadow.opacity)
                cairo_mask_surface(context, surface, 0, 0)
            }
            if let tinted {
                Self.gaussianBlur(tinted, sigma: shadow.sigma)
                cairo_save(pointer)
                cairo_translate(pointer, shadow.offset.x, shadow.offset.y)
                paint(tinted, matrix: matrix, opacity: opacity)
                cairo_restore(pointer)
                cairo_surface_destroy(tinted)
            }
        }
        cairo_set_operator(pointer, Self.cairoOperator(blendMode))
        if blurSigma > 0, let blurred = copy(of: surface, draw: { cairo_set_source_surface($0, surface, 0, 0); cairo_paint($0) }) {
            Self.gaussianBlur(blurred, sigma: blurSigma)
            paint(blurred, matrix: matrix, opacity: opacity)
            cairo_surface_destroy(blurred)
        } else {
            cairo_set_source(pointer, content)
            cairo_paint_with_alpha(pointer, opacity)
        }
        cairo_set_operator(pointer, CAIRO_OPERATOR_OVER)
    }

    /// Replaces what lies beneath the current path's region with a blur of it (σ = `sigma` device
    /// pixels), confined to the current path; the path is consumed.
    func blurBackdrop(sigma: Double, box: (x: Double, y: Double, width: Double, height: Double)) {
        // Only pixels can be blurred: on PDF and SVG surfaces the backdrop stays as it is.
        guard sigma > 0, let target = cairo_get_group_target(pointer),
              cairo_surface_get_type(target) == CAIRO_SURFACE_TYPE_IMAGE else { cairo_new_path(pointer); return }
        var offsetX = 0.0, offsetY = 0.0
        cairo_surface_get_device_offset(target, &offsetX, &offsetY)
        // Only what the target holds can be blurred: outside it there is nothing, not transparency.
        let left = max(box.x, -offsetX), top = max(box.y, -offsetY)
        let right = min(box.x + box.width, Double(cairo_image_surface_get_width(target)) - offsetX)
        let bottom = min(box.y + box.height, Double(cairo_image_surface_get_height(target)) - offsetY)
        let box = (x: left, y: top, width: right - left, height: bottom - top)
        let width = Int32(box.width), height = Int32(box.height)
        guard width > 0, height > 0 else { cairo_new_path(pointer); return }
        guard let backdrop = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, width, height) else { cairo_new_path(pointer); return }
        defer { cairo_surface_destroy(backdrop) }
        if let context = cairo_create(backdrop) {
            cairo_set_source_surface(context, target, -box.x - offsetX, -box.y - offsetY)
            cairo_set_operator(context, CAIRO_OPERATOR_SOURCE)
            cairo_paint(context)
            cairo_destroy(context)
        }
        // The edges extend (as UIVisualEffectView's do), so an opaque backdrop stays opaque.
        Self.gaussianBlur(backdrop, sigma: sigma, edges: .extend)
        cairo_save(pointer)
        cairo_clip(pointer)
        cairo_identity_matrix(pointer)
        cairo_set_source_surface(pointer, backdrop, box.x, box.y)
        cairo_set_operator(pointer, CAIRO_OPERATOR_SOURCE)
        cairo_paint(pointer)
        cairo_restore(pointer)
    }

    /// A new image surface like `surface` (same size and device offset), drawn by `draw`.
    private func copy(of surface: OpaquePointer, draw: (OpaquePointer) -> Void) -> OpaquePointer? {
        let width = cairo_image_surface_get_width(surface), height = cairo_image_surface_get_height(surface)
        guard let copy = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, width, height),
              cairo_surface_status(copy) == CAIRO_STATUS_SUCCESS else { return nil }
        // Copy pixel for pixel: the group surface's device offset would otherwise shift it.
        var dx = 0.0, dy = 0.0
        cairo_surface_get_device_offset(surface, &dx, &dy)
        cairo_surface_set_device_offset(surface, 0, 0)
        if let context = cairo_create(copy) {
            draw(context)
            cairo_destroy(context)
        }
        cairo_surface_set_device_offset(surface, dx, dy)
        cairo_surface_set_device_offset(copy, dx, dy)
        return copy
    }

    private func paint(_ surface: OpaquePointer, matrix: cairo_matrix_t, opacity: Double) {
        guard let pattern = cairo_pattern_create_for_surface(surface) else { return }
        var matrix = matrix
        cairo_pattern_set_matrix(pattern, &matrix)
        cairo_set_source(pointer, pattern)
        cairo_paint_with_alpha(pointer, opacity)
        cairo_pattern_destroy(pattern)
    }

    /// What a blur sees beyond a surface's edges.
    enum BlurEdges {
        /// Transparency: a layer's blur or shadow fades out.
        case transparent
        /// The edge pixels repeated: a backdrop's blur keeps its edges' colour and opacity.
        case extend
    }

    /// An in-place Gaussian blur of an ARGB32 surface, approximated by three box blurs per axis
    /// (Wells' box sizes for σ); premultiplied channels blur independently.
    static func gaussianBlur(_ surface: OpaquePointer, sigma: Double, edges: BlurEdges = .transparent) {
        guard sigma >= 0.3 else { return }
        cairo_surface_flush(surface)
        let width = Int(cairo_image_surface_get_width(surface)), height = Int(cairo_image_surface_get_height(surface))
        let stride = Int(cairo_image_surface_get_stride(surface))
        guard let data = cairo_image_surface_get_data(surface), width > 0, height > 0 else { return }
        let boxes = boxSizes(sigma: sigma, count: 3)
        var line = [Int32](repeating: 0, count: max(width, height) * 4)
        var output = [Int32](repeating: 0, count: max(width, height) * 4)
        for radius in boxes.map({ ($0 - 1) / 2 }) {
            for y in 0..<height {
                let row = data.advanced(by: y * stride)
                for x in 0..<width { for c in 0..<4 { line[x * 4 + c] = Int32(row[x * 4 + c]) } }
                boxPass(&line, &output, count: width, radius: radius, edges: edges)
                for x in 0..<width { for c in 0..<4 { row[x * 4 + c] = UInt8(clamping: output[x * 4 + c]) } }
            }
            for x in 0..<width {
                for y in 0..<height { for c in 0..<4 { line[y * 4 + c] = Int32(data[y * stride + x * 4 + c]) } }
                boxPass(&line, &output, count: height, radius: radius, edges: edges)
                for y in 0..<height { for c in 0..<4 { data[y * stride + x * 4 + c] = UInt8(clamping: output[y * 4 + c]) } }
            }
        }
        cairo_surface_mark_dirty(surface)
    }

    /// A running-sum box blur of `count` RGBA samples; beyond the ends, transparency or the end
    /// samples repeated.
    private static func boxPass(_ input: inout [Int32], _ output: inout [Int32], count: Int, radius: Int, edges: BlurEdges) {
        let size = Int32(2 * radius + 1)
        func sample(_ index: Int, _ c: Int) -> Int32 {
            if index >= 0 && index < count { return input[index * 4 + c] }
            return edges == .extend ? input[min(max(index, 0), count - 1) * 4 + c] : 0
        }
        for c in 0..<4 {
            var sum: Int32 = 0
            for i in -radius...radius { sum += sample(i, c) }
            for i in 0..<count {
                output[i * 4 + c] = (sum + size / 2) / size
                sum += sample(i + radius + 1, c) - sample(i - radius, c)
            }
        }
    }

    /// Box widths whose three passes approximate a Gaussian of σ (W. Wells, 1986).
    private static func boxSizes(sigma: Double, count: Int) -> [Int] {
        let ideal = (12 * sigma * sigma / Double(count) + 1).squareRoot()
        var lower = Int(ideal.rounded(.down))
        if lower % 2 == 0 { lower -= 1 }
        let upper = lower + 2
        let m = ((12 * sigma * sigma - Double(count * lower * lower) - 4 * Double(count * lower) - 3 * Double(count))
            / Double(-4 * lower - 4)).rounded()
        return (0..<count).map { Double($0) < m ? max(lower, 1) : upper }
    }
}
