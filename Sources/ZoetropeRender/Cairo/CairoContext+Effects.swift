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

    /// Clips to a device-space box (drawing is then confined to it). The box is first cut to the
    /// surface grown by a pixel, which confines nothing more: an effect's reach of 3σ past a
    /// frame's size (σ = 10⁴⁰, say) would otherwise reach Cairo's fixed-point coordinates.
    func clipDevice(_ box: (x: Double, y: Double, width: Double, height: Double)) {
        let left = min(max(box.x, -1), Double(surfaceSize.width) + 1)
        let top = min(max(box.y, -1), Double(surfaceSize.height) + 1)
        let right = max(min(box.x + box.width, Double(surfaceSize.width) + 1), left)
        let bottom = max(min(box.y + box.height, Double(surfaceSize.height) + 1), top)
        cairo_save(pointer)
        cairo_identity_matrix(pointer)
        cairo_new_path(pointer)
        cairo_rectangle(pointer, left, top, right - left, bottom - top)
        cairo_restore(pointer)
        cairo_clip(pointer)
    }

    /// Ends a group begun with `beginGroup()`: paints a shadow of its content (its alpha, in
    /// `color` at `opacity`, blurred by σ = `sigma` device pixels, moved by `offset` in the current
    /// user space) and/or blurs the content itself by σ = `blurSigma`, then composites it.
    func endGroup(shadow: (color: Color, opacity: Double, sigma: Double, offset: Vector2)?, blurSigma: Double,
                  blurDirection: BlurDirection = .both, opacity: Double, blendMode: BlendMode) {
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
                cairo_set_source_rgba(context, 0, 0, 0, shadow.color.alpha * shadow.opacity)
                cairo_mask_surface(context, surface, 0, 0)
            }
            if let tinted {
                Self.blurShadow(tinted, color: shadow.color, sigma: shadow.sigma)
                cairo_save(pointer)
                cairo_translate(pointer, shadow.offset.x, shadow.offset.y)
                paint(tinted, matrix: matrix, opacity: opacity)
                cairo_restore(pointer)
                cairo_surface_destroy(tinted)
            }
        }
        blending(blendMode) {
            if blurSigma > 0, let blurred = copy(of: surface, draw: { cairo_set_source_surface($0, surface, 0, 0); cairo_paint($0) }) {
                Self.gaussianBlur(blurred, sigma: blurSigma, direction: blurDirection)
                paint(blurred, matrix: matrix, opacity: opacity)
                cairo_surface_destroy(blurred)
            } else {
                cairo_set_source(pointer, content)
                cairo_paint_with_alpha(pointer, opacity)
            }
        }
    }

    /// Ends a group begun with `beginGroup()`, compositing it with its colours multiplied by
    /// `color` component by component: red, green and blue tint it, alpha is its opacity (how
    /// a replicator's instance colour draws a copy). A group of pixels is multiplied in place
    /// (its pixels are premultiplied, so the products stay premultiplied); on a PDF or SVG
    /// surface, Cairo's `multiply` operator over the group and then the group's own alpha
    /// (exact where the group is opaque; where it has alpha a < 1, the colour adds
    /// (1 − a)·a of itself).
    func endGroup(multiplyingBy color: Color) {
        guard let content = cairo_pop_group(pointer) else { return }
        defer { cairo_pattern_destroy(content) }
        var surfacePointer: OpaquePointer?
        cairo_pattern_get_surface(content, &surfacePointer)
        if let surface = surfacePointer, cairo_surface_get_type(surface) == CAIRO_SURFACE_TYPE_IMAGE,
           cairo_image_surface_get_format(surface) == CAIRO_FORMAT_ARGB32, let data = cairo_image_surface_get_data(surface) {
            cairo_surface_flush(surface)
            let width = Int(cairo_image_surface_get_width(surface)), height = Int(cairo_image_surface_get_height(surface))
            let stride = Int(cairo_image_surface_get_stride(surface))
            Self.multiply(UnsafeMutableRawPointer(data), width: width, height: height, stride: stride,
                          red: color.red, green: color.green, blue: color.blue)
            cairo_surface_mark_dirty(surface)
            cairo_set_source(pointer, content)
        } else {
            cairo_push_group(pointer)
            cairo_set_source(pointer, content)
            cairo_paint(pointer)
            cairo_set_source_rgb(pointer, color.red, color.green, color.blue)
            cairo_set_operator(pointer, CAIRO_OPERATOR_MULTIPLY)
            cairo_paint(pointer)
            cairo_set_source(pointer, content)
            cairo_set_operator(pointer, CAIRO_OPERATOR_DEST_IN)
            cairo_paint(pointer)
            cairo_set_operator(pointer, CAIRO_OPERATOR_OVER)
            cairo_pop_group_to_source(pointer)
        }
        cairo_paint_with_alpha(pointer, color.alpha)
    }

    /// Multiplies the red, green and blue of premultiplied ARGB32 pixels by `red`, `green` and
    /// `blue` (0…1), rounded to the nearest level; alpha is left as it is. Fixed point: each
    /// factor in 0…256, so a factor of 1 leaves a component exactly as it was.
    static func multiply(_ pixels: UnsafeMutableRawPointer, width: Int, height: Int, stride: Int, red: Double, green: Double, blue: Double) {
        func factor(_ component: Double) -> UInt32 {
            UInt32(clamping: Int(saturating: min(max(component, 0), 1) * 256, rounding: .toNearestOrAwayFromZero))
        }
        let r = factor(red), g = factor(green), b = factor(blue)
        for y in 0..<height {
            let row = (pixels + y * stride).assumingMemoryBound(to: UInt32.self)
            for x in 0..<width {
                let pixel = row[x]
                guard pixel != 0 else { continue }
                // Shifts bind tighter than products in Swift: each product is bracketed before its shift.
                let red = (((pixel >> 16) & 0xFF) * r + 128) >> 8, green = (((pixel >> 8) & 0xFF) * g + 128) >> 8
                let blue = ((pixel & 0xFF) * b + 128) >> 8
                row[x] = pixel & 0xFF00_0000 | red << 16 | green << 8 | blue
            }
        }
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
        let width = Int32(saturating: box.width), height = Int32(saturating: box.height)
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
    /// its running sums to bytes. Every pass sums whole rows at a time, which vectorises: the
    /// passes along rows run on the pixels turned on their side (in tiles, so both sides stay in
    /// cache), all three back and forth between two buffers, then the pixels are turned back
    /// and the passes along columns run, the last one writing into the surface. Eight sweeps
    /// over the pixels, whatever σ is.
    ///
    /// Any finite σ is safe and costs no more than one as wide as the surface: a box at least as
    /// long as a pass covers the whole column from every row, so its means are computed directly
    /// (see `BoxAverage.blurColumns`), and σ past `largestSigma` gives the same bytes as
    /// `largestSigma` (see there). NaN and σ below 0.3 leave the surface as it is.
    static func gaussianBlur(_ surface: OpaquePointer, sigma: Double, edges: BlurEdges = .transparent, direction: BlurDirection = .both) {
        guard sigma >= 0.3 else { return }
        cairo_surface_flush(surface)
        let width = Int(cairo_image_surface_get_width(surface)), height = Int(cairo_image_surface_get_height(surface))
        guard let data = cairo_image_surface_get_data(surface), width > 0, height > 0 else { return }
        let pixels = UnsafeMutableRawPointer(data).assumingMemoryBound(to: UInt32.self)
        gaussianBlur(pixels, width: width, height: height, stride: Int(cairo_image_surface_get_stride(surface)) / 4, sigma: sigma, edges: edges,
                     direction: direction)
        cairo_surface_mark_dirty(surface)
    }

    /// Makes a shadow of `surface`, whose alpha is what the shadow covers: that alpha blurred
    /// alone by σ = `sigma` (a quarter of the bytes of blurring every channel), then `color`
    /// (its alpha aside, which the caller has put in the surface's alpha) premultiplied by it
    /// at every pixel, as pixman multiplies bytes. A black shadow, the usual one, comes out the
    /// same as blurring all four channels would make it; a coloured one within a level or two.
    static func blurShadow(_ surface: OpaquePointer, color: Color, sigma: Double, direction: BlurDirection = .both) {
        cairo_surface_flush(surface)
        let width = Int(cairo_image_surface_get_width(surface)), height = Int(cairo_image_surface_get_height(surface))
        let stride = Int(cairo_image_surface_get_stride(surface)) / 4
        guard let data = cairo_image_surface_get_data(surface), width > 0, height > 0 else { return }
        let pixels = UnsafeMutableRawPointer(data).assumingMemoryBound(to: UInt32.self)
        let alpha = UnsafeMutablePointer<UInt8>.allocate(capacity: width * height)
        defer { alpha.deallocate() }
        for y in 0..<height {
            let row = pixels + y * stride, plane = alpha + y * width
            for x in 0..<width { plane[x] = UInt8(truncatingIfNeeded: row[x] >> 24) }
        }
        gaussianBlur(alpha, width: width, height: height, stride: width, sigma: sigma, direction: direction)
        Self.color(pixels, stride: stride, by: alpha, alphaStride: width, width: width, height: height, with: color)
        cairo_surface_mark_dirty(surface)
    }

    /// `shadow`'s colour premultiplied by each of its alphas, as an ARGB32 surface: the shadow
    /// as Cairo's four-channel composite reads it.
    static func colored(_ shadow: CairoAlphaSurface, color: Color) throws(CairoError) -> CairoImageSurface {
        let surface = try CairoImageSurface(width: shadow.width, height: shadow.height)
        cairo_surface_flush(shadow.pointer)
        cairo_surface_flush(surface.pointer)
        guard let alpha = cairo_image_surface_get_data(shadow.pointer), let data = cairo_image_surface_get_data(surface.pointer) else { return surface }
        Self.color(UnsafeMutableRawPointer(data).assumingMemoryBound(to: UInt32.self), stride: Int(cairo_image_surface_get_stride(surface.pointer)) / 4,
                   by: alpha, alphaStride: Int(cairo_image_surface_get_stride(shadow.pointer)), width: shadow.width, height: shadow.height, with: color)
        cairo_surface_mark_dirty(surface.pointer)
        return surface
    }

    /// Writes `color`, opaque as Cairo hands it to pixman, times each alpha of `alpha` into the
    /// pixels of `width` × `height`.
    private static func color(_ pixels: UnsafeMutablePointer<UInt32>, stride: Int, by alpha: UnsafeMutablePointer<UInt8>, alphaStride: Int,
                              width: Int, height: Int, with color: Color) {
        let opaque = CoverageFill.premultiplied(color, alpha: 1)
        for y in 0..<height {
            let row = pixels + y * stride, plane = alpha + y * alphaStride
            for x in 0..<width { row[x] = CoverageFill.multiply(opaque, by: UInt32(plane[x])) }
        }
    }

    /// The alpha of `content` moved by `offset` device pixels into `plane` (`content`'s size,
    /// a byte a pixel, rows `stride` bytes apart), each times `scale` / 255 (pixman's
    /// rounding): the alpha pixman gives when Cairo paints `content` there. The translation in
    /// 16.16 fixed point (rounded to the nearest, as Cairo hands it over), each pixel sampled
    /// bilinearly with weights of 7 bits and the sum truncated, transparent beyond the edges.
    /// Reading the alpha alone, at a fraction of a pixel, is a fifth of the work of pixman's
    /// four channels.
    static func moveAlpha(of content: OpaquePointer, by offset: Vector2, into plane: UnsafeMutablePointer<UInt8>, stride planeStride: Int,
                          scale: UInt32) {
        cairo_surface_flush(content)
        let width = Int(cairo_image_surface_get_width(content)), height = Int(cairo_image_surface_get_height(content))
        let stride = Int(cairo_image_surface_get_stride(content)) / 4
        plane.update(repeating: 0, count: planeStride * height)
        guard let data = cairo_image_surface_get_data(content), width > 0, height > 0 else { return }
        let pixels = UnsafeRawPointer(data).assumingMemoryBound(to: UInt32.self)
        // Where pixel (x, y) samples: x + dx and the column after it, weighed 128 - wx and wx
        // (and the same down the rows). Offsets too far to be a whole number of 16.16 miss.
        let fx = Int(saturating: -offset.x * 65536, rounding: .toNearestOrEven)
        let fy = Int(saturating: -offset.y * 65536, rounding: .toNearestOrEven)
        let dx = fx >> 16, dy = fy >> 16
        let right = UInt32(truncatingIfNeeded: fx >> 9 & 0x7F), bottom = UInt32(truncatingIfNeeded: fy >> 9 & 0x7F)
        let left = 128 - right, top = 128 - bottom
        // Columns and rows whose two samples meet the content: x + dx in -1..<width.
        let columns = (max(0, -1 &- dx), min(width, width &- dx)), rows = (max(0, -1 &- dy), min(height, height &- dy))
        guard columns.0 < columns.1, rows.0 < rows.1 else { return }
        // The content's alpha with a transparent border a pixel wide.
        let paddedWidth = width + 2
        let padded = UnsafeMutablePointer<UInt8>.allocate(capacity: paddedWidth * (height + 2))
        defer { padded.deallocate() }
        padded.update(repeating: 0, count: paddedWidth * (height + 2))
        for y in 0..<height {
            let row = pixels + y * stride, line = padded + (y + 1) * paddedWidth + 1
            for x in 0..<width { line[x] = UInt8(truncatingIfNeeded: row[x] >> 24) }
        }
        for y in rows.0..<rows.1 {
            // Column 0 of source rows y + dy and the one below, in the padded alpha.
            let upper = padded + (y + dy + 1) * paddedWidth + 1 + dx, lower = upper + paddedWidth, line = plane + y * planeStride
            for x in columns.0..<columns.1 {
                let sum = (UInt32(upper[x]) &* top &+ UInt32(lower[x]) &* bottom) &* left
                    &+ (UInt32(upper[x &+ 1]) &* top &+ UInt32(lower[x &+ 1]) &* bottom) &* right
                line[x] = UInt8(truncatingIfNeeded: sum >> 14)
            }
            if scale != 255 {
                for x in columns.0..<columns.1 { line[x] = UInt8(truncatingIfNeeded: CoverageFill.multiply(UInt32(line[x]), by: scale)) }
            }
        }
    }

    /// The blur of `gaussianBlur(_:sigma:edges:)` on `height` rows of `width` pixels of type
    /// `Pixel` (a premultiplied ARGB32 word, or one byte of a single channel), `stride` pixels
    /// apart: each byte of a pixel is blurred on its own, so a channel blurred alone comes out
    /// as it does among the others. `direction` `.horizontal` blurs along rows only, `.vertical`
    /// along columns only.
    static func gaussianBlur<Pixel: FixedWidthInteger>(_ pixels: UnsafeMutablePointer<Pixel>, width: Int, height: Int, stride: Int,
                                                       sigma: Double, edges: BlurEdges = .transparent, direction: BlurDirection = .both) {
        guard sigma >= 0.3, width > 0, height > 0 else { return }
        var source = UnsafeMutablePointer<Pixel>.allocate(capacity: width * height)
        var target = UnsafeMutablePointer<Pixel>.allocate(capacity: width * height)
        let pixelBytes = MemoryLayout<Pixel>.size
        let sums = UnsafeMutablePointer<Int32>.allocate(capacity: max(width, height) * pixelBytes)
        defer {
            source.deallocate()
            target.deallocate()
            sums.deallocate()
        }
        func bytes(_ pointer: UnsafeMutablePointer<Pixel>) -> UnsafeMutablePointer<UInt8> {
            UnsafeMutableRawPointer(pointer).assumingMemoryBound(to: UInt8.self)
        }
        let boxes = boxSizes(sigma: min(sigma, largestSigma), count: 3).map { BoxAverage(radius: ($0 - 1) / 2, longestPass: max(width, height)) }
        if direction == .vertical {
            // Along columns only: the rows copied packed, then blurred down.
            for y in 0..<height { (source + y * width).update(from: pixels + y * stride, count: width) }
            for (index, box) in boxes.enumerated() {
                let output = index == boxes.count - 1 ? pixels : target
                let outputStride = index == boxes.count - 1 ? stride : width
                box.blurColumns(bytes(source), rowBytes: width * pixelBytes, count: height, edges: edges, sums: sums) { bytes(output + $0 * outputStride) }
                swap(&source, &target)
            }
            return
        }
        // Along rows, only the rows from the first to the last that are not wholly transparent
        // (a shadow's margins are not): a row of zeros blurred along itself stays zeros,
        // whatever the edges. `width` rows of `band.count` pixels.
        let isClear = { (y: Int) in (0..<width).allSatisfy { pixels[y &* stride &+ $0] == 0 } }
        guard let first = (0..<height).first(where: { !isClear($0) }) else { return }
        let band = first..<(((first + 1)..<height).last(where: { !isClear($0) }) ?? first) + 1
        turn(pixels + band.lowerBound * stride, stride: stride, width: width, height: band.count, into: source)
        for box in boxes {
            box.blurColumns(bytes(source), rowBytes: band.count * pixelBytes, count: width, edges: edges, sums: sums) { [target] in bytes(target + $0 * band.count) }
            swap(&source, &target)
        }
        if direction == .horizontal {
            // Turned back into place: the rows outside the band were clear and stay so.
            turn(source, stride: band.count, width: band.count, height: width, into: target)
            for y in band { (pixels + y * stride).update(from: target + (y - band.lowerBound) * width, count: width) }
            return
        }
        // Along columns: turned back, `height` rows of `width` pixels (zeros beyond the band).
        target.update(repeating: 0, count: band.lowerBound * width)
        turn(source, stride: band.count, width: band.count, height: width, into: target + band.lowerBound * width)
        (target + band.upperBound * width).update(repeating: 0, count: (height - band.upperBound) * width)
        swap(&source, &target)
        for (index, box) in boxes.enumerated() {
            let output = index == boxes.count - 1 ? pixels : target
            let outputStride = index == boxes.count - 1 ? stride : width
            box.blurColumns(bytes(source), rowBytes: width * pixelBytes, count: height, edges: edges, sums: sums) { bytes(output + $0 * outputStride) }
            swap(&source, &target)
        }
    }

    /// Copies `source` (`height` rows of `width` pixels, `stride` pixels apart) turned on its
    /// side into `target` (`width` packed rows of `height` pixels): pixel (x, y) to (y, x). In
    /// tiles of 32 × 32 pixels (at most 4 KiB each way), so that neither side leaves the cache.
    private static func turn<Pixel>(_ source: UnsafeMutablePointer<Pixel>, stride: Int, width: Int, height: Int,
                                    into target: UnsafeMutablePointer<Pixel>) {
        let tile = 32
        for top in Swift.stride(from: 0, to: height, by: tile) {
            let bottom = min(top + tile, height)
            for left in Swift.stride(from: 0, to: width, by: tile) {
                let right = min(left + tile, width)
                for y in top..<bottom {
                    let row = source + y &* stride
                    for x in left..<right { target[x &* height &+ y] = row[x] }
                }
            }
        }
    }

    /// The σ past which a blur gives the same bytes, 2⁴⁰ device pixels. Its boxes' radii are
    /// about σ, far longer than any pass (a side is at most 32 767 pixels), so every mean is
    /// computed from whole columns (`BoxAverage.blurColumns`): with transparent edges it is
    /// ⌊(T + r) / (2r + 1)⌋ for a column total T < 2²³, 0 once r > T; with extended edges,
    /// ⌊((f + l)·r + C + r) / (2r + 1)⌋ for first and last bytes f, l and |C| < 2²⁵, which no
    /// longer depends on r once r > |C| + 255. Clamping keeps the radii and their products
    /// within Int64.
    static let largestSigma = 1_099_511_627_776.0

    /// The rounded mean of a box of `2 × radius + 1` samples of bytes, (sum + ⌊size / 2⌋) / size
    /// as an integer division gives it, without one: a division per channel per pixel cost more
    /// than the rest of the pass.
    ///
    /// With an odd box that quotient is sum / size rounded to the nearest integer, and sum / size
    /// is never a half, so it lies at least 1 / (2 × size) from a rounding boundary: far more
    /// than the error of a single-precision product below 16 384 samples. Adding 1.5 × 2²³ rounds
    /// the product into the mantissa's low bits. No division, no table and no checked conversion,
    /// so a row of them vectorises. Larger boxes look it up in a table of every reachable sum,
    /// built only when some pass is longer than the box's radius (shorter passes compute their
    /// means directly): at most 255 × (2 × 32 767) + 1 bytes.
    struct BoxAverage {
        let radius: Int
        private let inverse: Float
        /// Empty below 8192, and when no pass needs it: the mean is computed.
        private let means: [UInt8]
        /// For `narrowMean`: the box's size, half of it and ⌊2¹⁶ / size⌋, for boxes of 3 to 255.
        private let size16: UInt16, half16: UInt16, magic16: UInt16

        /// A box of `radius` for passes at most `longestPass` long.
        init(radius: Int, longestPass: Int = .max) {
            self.radius = radius
            let size = 2 * radius + 1
            inverse = 1 / Float(size)
            (size16, half16, magic16) = (1...127).contains(radius)
                ? (UInt16(size), UInt16(radius), UInt16(65536 / size)) : (0, 0, 0)
            guard radius >= 8192, radius < longestPass else {
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
            return computedMean(sum)
        }

        /// `mean` of a box without a table.
        @inline(__always) private func computedMean(_ sum: Int32) -> UInt8 {
            UInt8(truncatingIfNeeded: Int32(bitPattern: (Float(sum) * inverse + 12_582_912).bitPattern) &- 0x4B40_0000)
        }

        /// `mean` of a box of 3 to 255 samples (radius 1 to 127) from its sum in 16 bits, in
        /// 16-bit integers: twice the lanes of a vector of floats. With x = sum + ⌊size / 2⌋
        /// (below 2¹⁶: sum ≤ 255 × size) and m = ⌊2¹⁶ / size⌋, ⌊x·m / 2¹⁶⌋ falls short of
        /// ⌊x / size⌋ by less than x / 2¹⁶ < 1: it is the quotient or one less, and the
        /// remainder (below twice the size) says which.
        @inline(__always) func narrowMean(_ sum: UInt16) -> UInt8 {
            let x = sum &+ half16
            let estimate = UInt16(truncatingIfNeeded: (UInt32(truncatingIfNeeded: x) &* UInt32(truncatingIfNeeded: magic16)) &>> 16)
            let remainder = x &- estimate &* size16
            return UInt8(truncatingIfNeeded: estimate &+ (remainder >= size16 ? 1 : 0))
        }

        /// Every column of `count` rows of `rowBytes` bytes from `input` (rows packed) into the
        /// rows `output` gives, a row at a time: `sums` holds a running sum per byte of a row.
        /// A box at least as long as the pass (`radius ≥ count`) covers every row from every
        /// output row: its means come from each column's total instead (`blurWholeColumns`).
        /// Boxes of at most 255 samples keep their running sums in 16 bits.
        func blurColumns(_ input: UnsafePointer<UInt8>, rowBytes: Int, count: Int, edges: BlurEdges,
                         sums: UnsafeMutablePointer<Int32>, output: (Int) -> UnsafeMutablePointer<UInt8>) {
            guard count > 0 else { return }
            guard radius < count else {
                blurWholeColumns(input, rowBytes: rowBytes, count: count, edges: edges, output: output)
                return
            }
            @inline(__always) func add(_ row: Int, _ sign: Int32) {
                var row = row
                if row < 0 || row >= count {
                    guard edges == .extend else { return }
                    row = min(max(row, 0), count - 1)
                }
                let bytes = input + row * rowBytes
                for index in 0..<rowBytes { sums[index] &+= sign &* Int32(bytes[index]) }
            }
            // The window of row 0, rows −radius...radius: those inside, then (extended edges)
            // the first row once for each row above it and the last for each row past the end.
            sums.update(repeating: 0, count: rowBytes)
            for row in 0...min(radius, count - 1) { add(row, 1) }
            if edges == .extend {
                let first = Int32(radius), last = Int32(max(radius - count + 1, 0))
                for index in 0..<rowBytes {
                    sums[index] &+= first &* Int32(input[index]) &+ last &* Int32(input[(count - 1) * rowBytes + index])
                }
            }
            guard means.isEmpty else {
                for row in 0..<count {
                    let bytes = output(row)
                    for index in 0..<rowBytes { bytes[index] = means[Int(sums[index])] }
                    add(row + radius + 1, 1)
                    add(row - radius, -1)
                }
                return
            }
            // A box of at most 255 samples sums its bytes in 16 bits (255 × 255 < 2¹⁶, and
            // the wrapping adds and subtracts end within it), twice the sums a vector holds,
            // and takes their means in 16 bits too (`narrowMean`).
            guard radius <= 127 else {
                sweep(sums, input: input, rowBytes: rowBytes, count: count, edges: edges, output: output)
                return
            }
            guard radius > 0 else {
                // A box of one sample: each row is its own mean.
                for row in 0..<count { UnsafeMutableRawPointer(output(row)).copyMemory(from: input + row * rowBytes, byteCount: rowBytes) }
                return
            }
            let narrow = UnsafeMutablePointer<UInt16>.allocate(capacity: rowBytes)
            defer { narrow.deallocate() }
            for index in 0..<rowBytes { narrow[index] = UInt16(truncatingIfNeeded: sums[index]) }
            sweep(narrow, input: input, rowBytes: rowBytes, count: count, edges: edges, output: output)
        }

        /// One sweep a row, `sums` holding the window of row 0: each byte's mean (`narrowMean`)
        /// written and its sum moved on at once (the tests hoisted out, so that each loop
        /// vectorises). Written out for 16-bit sums here and 32-bit ones below, each calling its
        /// mean itself, rather than once, generic over the sum and handed the mean as a closure:
        /// a debug build (-Onone) neither specialises nor inlines, and a generic add and a
        /// closure call for every byte made its blurs twice as slow or more (docs/performance.md).
        /// An optimised build made these same two loops of the generic one.
        @inline(__always)
        private func sweep(_ sums: UnsafeMutablePointer<UInt16>, input: UnsafePointer<UInt8>, rowBytes: Int, count: Int, edges: BlurEdges,
                           output: (Int) -> UnsafeMutablePointer<UInt8>) {
            for index in 0..<count {
                let bytes = output(index)
                switch (windowRow(index + radius + 1, input: input, rowBytes: rowBytes, count: count, edges: edges),
                        windowRow(index - radius, input: input, rowBytes: rowBytes, count: count, edges: edges)) {
                case let (entering?, leaving?):
                    for byte in 0..<rowBytes {
                        bytes[byte] = narrowMean(sums[byte])
                        sums[byte] &+= UInt16(truncatingIfNeeded: entering[byte]) &- UInt16(truncatingIfNeeded: leaving[byte])
                    }
                case let (entering?, nil):
                    for byte in 0..<rowBytes {
                        bytes[byte] = narrowMean(sums[byte])
                        sums[byte] &+= UInt16(truncatingIfNeeded: entering[byte])
                    }
                case let (nil, leaving?):
                    for byte in 0..<rowBytes {
                        bytes[byte] = narrowMean(sums[byte])
                        sums[byte] &-= UInt16(truncatingIfNeeded: leaving[byte])
                    }
                case (nil, nil):
                    for byte in 0..<rowBytes { bytes[byte] = narrowMean(sums[byte]) }
                }
            }
        }

        /// `sweep` of 32-bit sums, for boxes of more than 255 samples without a table of means.
        @inline(__always)
        private func sweep(_ sums: UnsafeMutablePointer<Int32>, input: UnsafePointer<UInt8>, rowBytes: Int, count: Int, edges: BlurEdges,
                           output: (Int) -> UnsafeMutablePointer<UInt8>) {
            for index in 0..<count {
                let bytes = output(index)
                switch (windowRow(index + radius + 1, input: input, rowBytes: rowBytes, count: count, edges: edges),
                        windowRow(index - radius, input: input, rowBytes: rowBytes, count: count, edges: edges)) {
                case let (entering?, leaving?):
                    for byte in 0..<rowBytes {
                        bytes[byte] = computedMean(sums[byte])
                        sums[byte] &+= Int32(truncatingIfNeeded: entering[byte]) &- Int32(truncatingIfNeeded: leaving[byte])
                    }
                case let (entering?, nil):
                    for byte in 0..<rowBytes {
                        bytes[byte] = computedMean(sums[byte])
                        sums[byte] &+= Int32(truncatingIfNeeded: entering[byte])
                    }
                case let (nil, leaving?):
                    for byte in 0..<rowBytes {
                        bytes[byte] = computedMean(sums[byte])
                        sums[byte] &-= Int32(truncatingIfNeeded: leaving[byte])
                    }
                case (nil, nil):
                    for byte in 0..<rowBytes { bytes[byte] = computedMean(sums[byte]) }
                }
            }
        }

        /// The row entering or leaving the window at `index` of a pass of `count` rows, or nil
        /// when it adds nothing (beyond a transparent edge).
        @inline(__always)
        private func windowRow(_ index: Int, input: UnsafePointer<UInt8>, rowBytes: Int, count: Int, edges: BlurEdges) -> UnsafePointer<UInt8>? {
            if index >= 0 && index < count { return input + index * rowBytes }
            return edges == .extend ? input + min(max(index, 0), count - 1) * rowBytes : nil
        }

        /// `blurColumns` for a box at least as long as the pass: a blur wider than the frame is a
        /// mean. Row y's window holds the whole column (total T), and with extended edges also the
        /// first byte f for each of the r − y rows above and the last byte l for each of the
        /// y + r − n + 1 rows past the end: (T + (r − y)·f + (y + r − n + 1)·l + r) / (2r + 1),
        /// exactly, in Int64 (r ≤ 2⁴¹ by `largestSigma`). The numerator grows by l − f a row, so
        /// each row's quotient follows from the last one's without a division; transparent edges
        /// give one mean per column.
        private func blurWholeColumns(_ input: UnsafePointer<UInt8>, rowBytes: Int, count: Int, edges: BlurEdges,
                                      output: (Int) -> UnsafeMutablePointer<UInt8>) {
            let r = Int64(radius), n = Int64(count), size = 2 * Int64(radius) + 1
            var totals = [Int64](repeating: 0, count: rowBytes)
            for row in 0..<count {
                let bytes = input + row * rowBytes
                for index in 0..<rowBytes { totals[index] += Int64(bytes[index]) }
            }
            let last = input + (count - 1) * rowBytes
            // Row 0's quotient and remainder of each column.
            var quotients = [Int64](repeating: 0, count: rowBytes), remainders = quotients, steps = quotients
            for index in 0..<rowBytes {
                var numerator = totals[index] + r
                if edges == .extend {
                    numerator += r * Int64(input[index]) + (r - n + 1) * Int64(last[index])
                    steps[index] = Int64(last[index]) - Int64(input[index])
                }
                quotients[index] = numerator / size
                remainders[index] = numerator % size
            }
            for row in 0..<count {
                let bytes = output(row)
                for index in 0..<rowBytes { bytes[index] = UInt8(truncatingIfNeeded: quotients[index]) }
                guard edges == .extend else { continue }
                for index in 0..<rowBytes {
                    // |l − f| ≤ 255, so the remainder leaves 0..<size by less than 256.
                    var remainder = remainders[index] + steps[index], quotient = quotients[index]
                    while remainder >= size { remainder -= size; quotient += 1 }
                    while remainder < 0 { remainder += size; quotient -= 1 }
                    remainders[index] = remainder
                    quotients[index] = quotient
                }
            }
        }
    }

    /// Box widths whose three passes approximate a Gaussian of σ (W. Wells, 1986), in floating
    /// point so that no σ overflows (products are exact, as integers were, below 2⁵³).
    ///
    /// σ is first rounded to a multiple of 2⁻²⁰ px: the widths jump where σ crosses certain
    /// values (σ = 11 is one), and two computations of one σ that differ in the last place, a
    /// scene's and a UIKit film's, must draw the same bytes.
    static func boxSizes(sigma unrounded: Double, count: Int) -> [Int] {
        let sigma = (unrounded * 0x1p20).rounded() / 0x1p20
        let ideal = (12 * sigma * sigma / Double(count) + 1).squareRoot()
        var lower = Int(saturating: ideal, rounding: .down)
        if lower % 2 == 0 { lower -= 1 }
        let upper = lower + 2
        let (n, w) = (Double(count), Double(lower))
        let m = ((12 * sigma * sigma - n * w * w - 4 * n * w - 3 * n) / (-4 * w - 4)).rounded()
        return (0..<count).map { Double($0) < m ? max(lower, 1) : upper }
    }
}
