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
    /// (Wells' box sizes for σ); premultiplied channels blur independently, each pass rounding
    /// its running sums to bytes. Raw pointers, and every pass summing whole rows at a time: this
    /// touches every pixel six times.
    static func gaussianBlur(_ surface: OpaquePointer, sigma: Double, edges: BlurEdges = .transparent) {
        guard sigma >= 0.3 else { return }
        cairo_surface_flush(surface)
        let width = Int(cairo_image_surface_get_width(surface)), height = Int(cairo_image_surface_get_height(surface))
        let stride = Int(cairo_image_surface_get_stride(surface))
        guard let data = cairo_image_surface_get_data(surface), width > 0, height > 0 else { return }
        let rowBytes = width * 4
        // The pixels, and the pixels turned on their side: a row pass is a column pass of the
        // turned pixels, and a column pass sums whole rows at a time, which vectorises.
        let copy = UnsafeMutablePointer<UInt32>.allocate(capacity: width * height)
        let turned = UnsafeMutablePointer<UInt32>.allocate(capacity: width * height)
        let sums = UnsafeMutablePointer<Int32>.allocate(capacity: max(width, height) * 4)
        defer {
            copy.deallocate()
            turned.deallocate()
            sums.deallocate()
        }
        let pixels = UnsafeMutableRawPointer(data)
        for radius in boxSizes(sigma: sigma, count: 3).map({ ($0 - 1) / 2 }) {
            let average = BoxAverage(radius: radius)
            for y in 0..<height {
                let row = (pixels + y * stride).assumingMemoryBound(to: UInt32.self)
                for x in 0..<width { turned[x &* height &+ y] = row[x] }
            }
            average.blurColumns(UnsafeRawPointer(turned).assumingMemoryBound(to: UInt8.self), rowBytes: height * 4, count: width,
                                edges: edges, sums: sums) { UnsafeMutableRawPointer(copy + $0 * height).assumingMemoryBound(to: UInt8.self) }
            for y in 0..<height {
                let row = (pixels + y * stride).assumingMemoryBound(to: UInt32.self)
                for x in 0..<width { row[x] = copy[x &* height &+ y] }
            }
            for y in 0..<height { (copy + y * width).update(from: (pixels + y * stride).assumingMemoryBound(to: UInt32.self), count: width) }
            average.blurColumns(UnsafeRawPointer(copy).assumingMemoryBound(to: UInt8.self), rowBytes: rowBytes, count: height,
                                edges: edges, sums: sums) { data + $0 * stride }
        }
        cairo_surface_mark_dirty(surface)
    }

    /// The rounded mean of a box of `2 × radius + 1` samples of bytes, (sum + ⌊size / 2⌋) / size
    /// as an integer division gives it, without one: a division per channel per pixel cost more
    /// than the rest of the pass.
    ///
    /// With an odd box that quotient is sum / size rounded to the nearest integer, and sum / size
    /// is never a half, so it lies at least 1 / (2 × size) from a rounding boundary: far more
    /// than the error of a single-precision product below 16 384 samples. Adding 1.5 × 2²³ rounds
    /// the product into the mantissa's low bits. No division, no table and no checked conversion,
    /// so a row of them vectorises. Larger boxes look it up in a table of every reachable sum.
    struct BoxAverage {
        let radius: Int
        private let inverse: Float
        /// Empty below 8192: the mean is computed.
        private let means: [UInt8]

        init(radius: Int) {
            self.radius = radius
            let size = 2 * radius + 1
            inverse = 1 / Float(size)
            guard radius >= 8192 else {
                means = []
                return
            }
            // The quotient steps up by one each time sum + ⌊size / 2⌋ reaches a multiple of size.
            var means = [UInt8](repeating: 0, count: 255 * size + 1)
            var quotient = 0, next = size - size / 2
            for sum in means.indices {
                if sum == next {
                    quotient += 1
                    next += size
                }
                means[sum] = UInt8(truncatingIfNeeded: quotient)
            }
            self.means = means
        }

        @inline(__always) func mean(_ sum: Int32) -> UInt8 {
            guard means.isEmpty else { return means[Int(sum)] }
            return UInt8(truncatingIfNeeded: Int32(bitPattern: (Float(sum) * inverse + 12_582_912).bitPattern) &- 0x4B40_0000)
        }

        /// Every column of `count` rows of `rowBytes` bytes from `input` (rows packed) into the
        /// rows `output` gives, a row at a time: `sums` holds a running sum per byte of a row.
        func blurColumns(_ input: UnsafePointer<UInt8>, rowBytes: Int, count: Int, edges: BlurEdges,
                         sums: UnsafeMutablePointer<Int32>, output: (Int) -> UnsafeMutablePointer<UInt8>) {
            @inline(__always) func add(_ row: Int, _ sign: Int32) {
                var row = row
                if row < 0 || row >= count {
                    guard edges == .extend else { return }
                    row = min(max(row, 0), count - 1)
                }
                let bytes = input + row * rowBytes
                for index in 0..<rowBytes { sums[index] &+= sign &* Int32(bytes[index]) }
            }
            sums.update(repeating: 0, count: rowBytes)
            for row in -radius...radius { add(row, 1) }
            for row in 0..<count {
                let bytes = output(row)
                // The test hoisted out of the loop, so that it vectorises.
                if means.isEmpty {
                    for index in 0..<rowBytes { bytes[index] = mean(sums[index]) }
                } else {
                    for index in 0..<rowBytes { bytes[index] = means[Int(sums[index])] }
                }
                add(row + radius + 1, 1)
                add(row - radius, -1)
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
