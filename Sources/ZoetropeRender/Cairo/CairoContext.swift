internal import CCairo
import Glibc
import Synchronization
import ZoetropeCore

/// A drawing context on an image surface, with the few operations the layer drawer needs.
final class CairoContext {
    let pointer: OpaquePointer
    /// The pixels of the surface drawn on, in device space: what a clip can confine at most.
    let surfaceSize: (width: Int, height: Int)
    /// Fills of one colour done without Cairo (`fill(_:color:opacity:evenOdd:)`).
    private lazy var coverageFill = CoverageFill()
    /// Whether the fills and strokes `CoverageFill` can draw go straight into the pixels; off,
    /// Cairo draws them all (tests compare the two).
    var drawsWithCoverageFill = true

    init(surface: CairoSurface) throws(CairoError) {
        pointer = cairo_create(surface.pointer)
        surfaceSize = (surface.width, surface.height)
        try check(cairo_status(pointer), "creating a drawing context")
    }

    deinit { cairo_destroy(pointer) }

    /// Anything that went wrong while drawing (Cairo records the first error and stops).
    func checkStatus() throws(CairoError) { try check(cairo_status(pointer), "drawing") }

    // MARK: - State and transforms

    func save() { cairo_save(pointer) }
    func restore() { cairo_restore(pointer) }
    func resetTransform() { cairo_identity_matrix(pointer) }
    func translate(_ x: Double, _ y: Double) { cairo_translate(pointer, x, y) }
    func rotate(_ radians: Double) { cairo_rotate(pointer, radians) }
    func scale(_ x: Double, _ y: Double) { cairo_scale(pointer, x, y) }

    /// Where the user-space point (x, y) lands on the surface.
    func deviceLocation(of point: Vector2) -> Vector2 {
        var x = point.x, y = point.y
        cairo_user_to_device(pointer, &x, &y)
        return Vector2(x, y)
    }

    // MARK: - Paths

    func newPath() { cairo_new_path(pointer) }

    /// A rectangle with corners rounded by `radius` (clamped to half the shorter side).
    func addRoundedRect(width: Double, height: Double, radius: Double) {
        cairo_new_sub_path(pointer)
        let r = min(max(radius, 0), width / 2, height / 2)
        guard r > 0 else {
            cairo_rectangle(pointer, 0, 0, width, height)
            return
        }
        let quarter = Double.pi / 2
        cairo_arc(pointer, width - r, r, r, -quarter, 0)
        cairo_arc(pointer, width - r, height - r, r, 0, quarter)
        cairo_arc(pointer, r, height - r, r, quarter, 2 * quarter)
        cairo_arc(pointer, r, r, r, 2 * quarter, 3 * quarter)
        cairo_close_path(pointer)
    }

    /// The ellipse inscribed in (0, 0, width, height).
    func addEllipse(width: Double, height: Double) {
        guard width > 0, height > 0 else { return }
        cairo_save(pointer)
        cairo_translate(pointer, width / 2, height / 2)
        cairo_scale(pointer, width / 2, height / 2)
        cairo_new_sub_path(pointer)
        cairo_arc(pointer, 0, 0, 1, 0, 2 * .pi)
        cairo_close_path(pointer)
        cairo_restore(pointer)
    }

    /// Adds SVG path segments to the current path.
    func addPath(_ path: SVGPath) {
        for segment in path.segments {
            switch segment {
            case .move(let p): cairo_move_to(pointer, p.x, p.y)
            case .line(let p): cairo_line_to(pointer, p.x, p.y)
            case let .cubic(c1, c2, end): cairo_curve_to(pointer, c1.x, c1.y, c2.x, c2.y, end.x, end.y)
            case .close: cairo_close_path(pointer)
            }
        }
    }

    /// Fills the current path (keeping it) with `gradient` over a box of `width` × `height`.
    func fillPreserve(_ gradient: Gradient, width: Double, height: Double, opacity: Double) {
        setSource(gradient, width: width, height: height, opacity: opacity)
        cairo_fill_preserve(pointer)
    }

    /// Paints the next fills and strokes of the current path with `gradient` over a box of
    /// `width` × `height`; `reach` is how far (in user space) a stroke reaches past the path,
    /// which a conic gradient's mesh must cover.
    func setSource(_ gradient: Gradient, width: Double, height: Double, opacity: Double, reach: Double = 0) {
        let pattern: OpaquePointer?
        switch gradient.kind {
        case let .linear(from, to):
            pattern = cairo_pattern_create_linear(from.x * width, from.y * height, to.x * width, to.y * height)
        case let .radial(center, radius):
            let r = radius * max(width, height)
            // The focal point, drawn from within the circle (a focus on or past it would draw a cone).
            var focus = Vector2(center.x * width, center.y * height)
            if let point = gradient.focus, point.x.isFinite, point.y.isFinite {
                let dx = point.x * width - focus.x, dy = point.y * height - focus.y
                let distance = (dx * dx + dy * dy).squareRoot(), limit = 0.99 * r
                let shrink = distance > limit && distance > 0 ? limit / distance : 1
                focus = Vector2(focus.x + dx * shrink, focus.y + dy * shrink)
            }
            pattern = cairo_pattern_create_radial(focus.x, focus.y, 0, center.x * width, center.y * height, r)
        case let .conic(center, to):
            guard let mesh = conicMesh(gradient.stops, center: Vector2(center.x * width, center.y * height),
                                       toward: Vector2(to.x * width, to.y * height), box: Vector2(width, height),
                                       reach: reach, opacity: opacity) else { return }
            cairo_set_source(pointer, mesh)
            cairo_pattern_destroy(mesh)
            return
        }
        guard let pattern else { return }
        defer { cairo_pattern_destroy(pattern) }
        for stop in gradient.stops {
            cairo_pattern_add_color_stop_rgba(pattern, stop.offset, stop.color.red, stop.color.green, stop.color.blue,
                                              stop.color.alpha * opacity)
        }
        cairo_set_source(pointer, pattern)
    }

    /// The widest wedge of a conic gradient's mesh, in radians. A patch's colour runs with
    /// its arc's curve parameter, which strays from the angle by at most 8 × 10⁻⁵ of the
    /// wedge at 11.25° (0.02 of a level where the colour changes by 255 over one wedge; at 90°
    /// it would be 1.2 levels).
    static let conicWedge = Double.pi / 16

    /// A conic gradient as a Cairo mesh pattern (Cairo has no conic pattern): wedges round
    /// `center` out past every point the current path (grown by `reach`) and the box
    /// (0, 0, `box`) hold, each a Coons patch whose two corners at the centre and two on the
    /// arc carry the colours at its two angles, so its colour runs round the centre. Offset 0
    /// points towards `toward` (+x when they coincide), and offsets run clockwise on screen.
    /// Before the first stop the first stop's colour, after the last the last's; stops at the
    /// same offset make a hard edge. Nil when the extent is not finite.
    private func conicMesh(_ stops: [Gradient.Stop], center: Vector2, toward: Vector2, box: Vector2, reach: Double,
                           opacity: Double) -> OpaquePointer? {
        guard !stops.isEmpty else { return nil }
        var x1 = 0.0, y1 = 0.0, x2 = 0.0, y2 = 0.0
        cairo_path_extents(pointer, &x1, &y1, &x2, &y2)
        let corners = [Vector2(0, 0), Vector2(box.x, box.y), Vector2(min(x1, 0), min(y1, 0)), Vector2(max(x2, box.x), max(y2, box.y))]
        let far = corners.map { Vector2(abs($0.x - center.x), abs($0.y - center.y)) }
        let farX = far.map(\.x).max() ?? 0, farY = far.map(\.y).max() ?? 0
        // The wedges' chords lie inside their arcs: the radius covers the corners, then some.
        let radius = ((farX * farX + farY * farY).squareRoot() + max(reach, 0)) * 1.05 + 1
        guard radius.isFinite, radius < 1e9, center.x.isFinite, center.y.isFinite else { return nil }
        let dx = toward.x - center.x, dy = toward.y - center.y
        let zero = dx == 0 && dy == 0 || !dx.isFinite || !dy.isFinite ? 0 : atan2(dy, dx)
        // The colours at each fraction of the turn where the colour's slope changes.
        let sorted = stops.enumerated().sorted { ($0.element.offset, $0.offset) < ($1.element.offset, $1.offset) }.map(\.element)
        var breaks = [(0.0, sorted[0].color)]
        for stop in sorted { breaks.append((min(max(stop.offset, 0), 1), stop.color)) }
        breaks.append((1, sorted[sorted.count - 1].color))
        guard let mesh = cairo_pattern_create_mesh() else { return nil }
        func point(_ angle: Double) -> Vector2 { Vector2(center.x + radius * cos(angle), center.y + radius * sin(angle)) }
        func corner(_ index: UInt32, _ color: Color) {
            cairo_mesh_pattern_set_corner_color_rgba(mesh, index, color.red, color.green, color.blue, color.alpha * opacity)
        }
        for (start, end) in zip(breaks, breaks.dropFirst()) where end.0 > start.0 {
            let span = (end.0 - start.0) * 2 * .pi
            let wedges = max(Int(saturating: span / Self.conicWedge, rounding: .up), 1)
            let step = span / Double(wedges), handle = 4.0 / 3 * tan(step / 4) * radius
            for wedge in 0..<wedges {
                let from = zero + start.0 * 2 * .pi + Double(wedge) * step, to = from + step
                let colorFrom = start.1.interpolated(to: end.1, progress: Double(wedge) / Double(wedges), in: .srgb)
                let colorTo = start.1.interpolated(to: end.1, progress: Double(wedge + 1) / Double(wedges), in: .srgb)
                let a = point(from), b = point(to)
                cairo_mesh_pattern_begin_patch(mesh)
                cairo_mesh_pattern_move_to(mesh, center.x, center.y)
                cairo_mesh_pattern_line_to(mesh, a.x, a.y)
                cairo_mesh_pattern_curve_to(mesh, a.x - handle * sin(from), a.y + handle * cos(from),
                                            b.x + handle * sin(to), b.y - handle * cos(to), b.x, b.y)
                cairo_mesh_pattern_line_to(mesh, center.x, center.y)
                corner(0, colorFrom)
                corner(1, colorFrom)
                corner(2, colorTo)
                corner(3, colorTo)
                cairo_mesh_pattern_end_patch(mesh)
            }
        }
        return mesh
    }

    /// Ends a group begun with `beginGroup()`, compositing it with `mode` at `opacity`.
    func endGroup(opacity: Double, blendMode mode: BlendMode) {
        guard mode != .add else { return endGroupAdding(opacity: opacity) }
        cairo_pop_group_to_source(pointer)
        blending(mode) { cairo_paint_with_alpha(pointer, opacity) }
    }

    static func cairoOperator(_ mode: BlendMode) -> cairo_operator_t {
        switch mode {
        case .normal: CAIRO_OPERATOR_OVER
        case .multiply: CAIRO_OPERATOR_MULTIPLY
        case .screen: CAIRO_OPERATOR_SCREEN
        case .overlay: CAIRO_OPERATOR_OVERLAY
        case .darken: CAIRO_OPERATOR_DARKEN
        case .lighten: CAIRO_OPERATOR_LIGHTEN
        case .colorDodge: CAIRO_OPERATOR_COLOR_DODGE
        case .colorBurn: CAIRO_OPERATOR_COLOR_BURN
        case .hardLight: CAIRO_OPERATOR_HARD_LIGHT
        case .softLight: CAIRO_OPERATOR_SOFT_LIGHT
        case .difference: CAIRO_OPERATOR_DIFFERENCE
        case .exclusion: CAIRO_OPERATOR_EXCLUSION
        case .hue: CAIRO_OPERATOR_HSL_HUE
        case .saturation: CAIRO_OPERATOR_HSL_SATURATION
        case .color: CAIRO_OPERATOR_HSL_COLOR
        case .luminosity: CAIRO_OPERATOR_HSL_LUMINOSITY
        case .plusLighter: CAIRO_OPERATOR_ADD
        // Only where there are no pixels to composite one by one (`blending(_:_:)`): a PDF or SVG.
        case .add: CAIRO_OPERATOR_ADD
        case .destinationIn: CAIRO_OPERATOR_DEST_IN
        case .destinationOut: CAIRO_OPERATOR_DEST_OUT
        case .xor: CAIRO_OPERATOR_XOR
        }
    }

    /// The current path, in user coordinates.
    func currentPath() -> SVGPath {
        guard let path = cairo_copy_path(pointer) else { return SVGPath() }
        defer { cairo_path_destroy(path) }
        return Self.svgPath(path)
    }

    /// Cairo's path as SVG path segments.
    private static func svgPath(_ path: UnsafeMutablePointer<cairo_path_t>) -> SVGPath {
        var segments: [SVGPath.Segment] = []
        var index = 0
        let count = Int(path.pointee.num_data)
        func point(_ offset: Int) -> Vector2 {
            let p = path.pointee.data[index + offset].point
            return Vector2(p.x, p.y)
        }
        while index < count {
            let header = path.pointee.data[index].header
            switch header.type {
            case CAIRO_PATH_MOVE_TO: segments.append(.move(point(1)))
            case CAIRO_PATH_LINE_TO: segments.append(.line(point(1)))
            case CAIRO_PATH_CURVE_TO: segments.append(.cubic(point(1), point(2), point(3)))
            case CAIRO_PATH_CLOSE_PATH: segments.append(.close)
            default: break
            }
            index += max(Int(header.length), 1)
        }
        return SVGPath(segments: segments)
    }

    /// The length of the current path, flattened to line segments.
    func currentPathLength() -> Double {
        guard let path = cairo_copy_path_flat(pointer) else { return 0 }
        defer { cairo_path_destroy(path) }
        var length = 0.0, start = Vector2.zero, last = Vector2.zero
        var index = 0
        let count = Int(path.pointee.num_data)
        while index < count {
            let header = path.pointee.data[index].header
            let points = Int(header.length)
            switch header.type {
            case CAIRO_PATH_MOVE_TO:
                let p = path.pointee.data[index + 1].point
                start = Vector2(p.x, p.y)
                last = start
            case CAIRO_PATH_LINE_TO:
                let p = path.pointee.data[index + 1].point
                let next = Vector2(p.x, p.y)
                length += ((next.x - last.x) * (next.x - last.x) + (next.y - last.y) * (next.y - last.y)).squareRoot()
                last = next
            case CAIRO_PATH_CLOSE_PATH:
                length += ((start.x - last.x) * (start.x - last.x) + (start.y - last.y) * (start.y - last.y)).squareRoot()
                last = start
            default:
                break
            }
            index += points
        }
        return length
    }

    // MARK: - Painting

    func setColor(_ color: Color, opacity: Double = 1) {
        cairo_set_source_rgba(pointer, color.red, color.green, color.blue, color.alpha * opacity)
    }

    func fillPreserve() { cairo_fill_preserve(pointer) }

    /// Fills `path` (in user space; the current path is left alone) with `color` at `opacity`
    /// by `CoverageFill`, straight into the pixels of the surface drawn on, when Cairo would
    /// composite it with its plain OVER (`drawsPixels`). False, having drawn nothing, otherwise.
    func fill(_ path: SVGPath, color: Color, opacity: Double, evenOdd: Bool) -> Bool {
        drawsPixels { target, transform in
            coverageFill.fill(path, transform: transform, color: CoverageFill.premultiplied(color, alpha: color.alpha * opacity),
                              evenOdd: evenOdd, into: target)
        }
    }

    /// Fills `path` (in user space; the current path is left alone) with `gradient` over a box
    /// of `width` × `height` at `opacity` by `CoverageFill`, each pixel's colour the one pixman
    /// gives it (`GradientShader`), as `fill(_:color:opacity:evenOdd:)` fills. False, having
    /// drawn nothing, when Cairo must fill it.
    func fill(_ path: SVGPath, gradient: Gradient, width: Double, height: Double, opacity: Double, evenOdd: Bool) -> Bool {
        drawsPixels { target, transform in
            guard let shader = GradientShader(gradient, width: width, height: height, opacity: opacity, transform: transform) else { return false }
            return coverageFill.fill(path, transform: transform, gradient: shader, evenOdd: evenOdd, into: target)
        }
    }

    /// Strokes `path` (in user space; the current path is left alone) with `color` at
    /// `opacity`, no dashes, by `CoverageFill` as `fill` fills. False, having drawn nothing,
    /// when Cairo must stroke it.
    func stroke(_ path: SVGPath, width: Double, cap: LineCap, join: LineJoin, miterLimit: Double = 10, color: Color, opacity: Double) -> Bool {
        drawsPixels { target, transform in
            coverageFill.stroke(path, width: width, cap: cap, join: join, miterLimit: miterLimit, transform: transform,
                                color: CoverageFill.premultiplied(color, alpha: color.alpha * opacity), into: target)
        }
    }

    /// Calls `draw` with the pixels of the surface drawn on and the transform from user space
    /// to them, when Cairo would composite a solid colour there with its plain OVER: an image
    /// surface of ARGB32 pixels, a clip that is one box on whole pixels (or none). False when
    /// it cannot or `draw` did not draw; true, not calling it, when the clip leaves nothing.
    private func drawsPixels(_ draw: (CoverageFill.Target, AffineTransform) -> Bool) -> Bool {
        guard drawsWithCoverageFill, cairo_get_operator(pointer) == CAIRO_OPERATOR_OVER, let surface = cairo_get_group_target(pointer),
              cairo_surface_get_type(surface) == CAIRO_SURFACE_TYPE_IMAGE, cairo_image_surface_get_format(surface) == CAIRO_FORMAT_ARGB32,
              let data = cairo_image_surface_get_data(surface) else { return false }
        var offsetX = 0.0, offsetY = 0.0
        cairo_surface_get_device_offset(surface, &offsetX, &offsetY)
        // The clip in device space: one box on whole pixels, or Cairo draws.
        cairo_save(pointer)
        cairo_identity_matrix(pointer)
        let list = cairo_copy_clip_rectangle_list(pointer)
        cairo_restore(pointer)
        defer { cairo_rectangle_list_destroy(list) }
        guard let list, list.pointee.status == CAIRO_STATUS_SUCCESS, list.pointee.num_rectangles <= 1 else { return false }
        let width = Int(cairo_image_surface_get_width(surface)), height = Int(cairo_image_surface_get_height(surface))
        var target = CoverageFill.Target(pixels: UnsafeMutableRawPointer(data).assumingMemoryBound(to: UInt32.self),
                                         stride: Int(cairo_image_surface_get_stride(surface)) / 4, minX: 0, minY: 0, maxX: width, maxY: height)
        if list.pointee.num_rectangles == 0 { return true }
        let box = list.pointee.rectangles[0]
        let minX = box.x + offsetX, minY = box.y + offsetY, maxX = minX + box.width, maxY = minY + box.height
        func onWholePixel(_ edge: Double) -> Bool { edge == edge.rounded() && abs(edge) < 1e9 }
        guard onWholePixel(minX), onWholePixel(minY), onWholePixel(maxX), onWholePixel(maxY) else { return false }
        target.minX = max(target.minX, Int(saturating: minX))
        target.minY = max(target.minY, Int(saturating: minY))
        target.maxX = min(target.maxX, Int(saturating: maxX))
        target.maxY = min(target.maxY, Int(saturating: maxY))
        guard target.minX < target.maxX, target.minY < target.maxY else { return true }
        var matrix = cairo_matrix_t()
        cairo_get_matrix(pointer, &matrix)
        let transform = AffineTransform(xx: matrix.xx, yx: matrix.yx, xy: matrix.xy, yy: matrix.yy, x0: matrix.x0 + offsetX, y0: matrix.y0 + offsetY)
        cairo_surface_flush(surface)
        let drawn = draw(target, transform)
        cairo_surface_mark_dirty(surface)
        return drawn
    }

    /// Fills everything drawable outside the current path, keeping the path: `fill` fills a
    /// rectangle over the clip's extents as it would fill the path, then the inside (by the
    /// current fill rule) is cut out of that.
    func fillOutsidePreserve(_ fill: () -> Void) {
        guard let path = cairo_copy_path(pointer) else { return }
        defer { cairo_path_destroy(path) }
        var x1 = 0.0, y1 = 0.0, x2 = 0.0, y2 = 0.0
        cairo_clip_extents(pointer, &x1, &y1, &x2, &y2)
        cairo_push_group(pointer)
        cairo_new_path(pointer)
        cairo_rectangle(pointer, x1, y1, x2 - x1, y2 - y1)
        fill()
        cairo_new_path(pointer)
        cairo_append_path(pointer, path)
        cairo_set_operator(pointer, CAIRO_OPERATOR_DEST_OUT)
        cairo_set_source_rgba(pointer, 0, 0, 0, 1)
        cairo_fill_preserve(pointer)
        cairo_set_operator(pointer, CAIRO_OPERATOR_OVER)
        cairo_pop_group_to_source(pointer)
        cairo_paint(pointer)
    }

    /// How the next fills decide what is inside a path (Cairo's default is nonzero winding).
    func setFillRule(_ rule: FillRule) {
        cairo_set_fill_rule(pointer, rule.inside == .evenOdd ? CAIRO_FILL_RULE_EVEN_ODD : CAIRO_FILL_RULE_WINDING)
    }
    func clip() { cairo_clip(pointer) }

    /// Strokes the current path (keeping it) with a centred line. A pattern of more than
    /// `denseDashes` dashes along the path is drawn as `strokeDenseDashes` says.
    func strokePreserve(width: Double, dash: [Double], dashOffset: Double = 0, cap: LineCap, join: LineJoin, miterLimit: Double = 10) {
        cairo_set_line_width(pointer, width)
        if !dash.isEmpty, strokeDenseDashes(width: width, dash: dash, dashOffset: dashOffset, cap: cap, join: join, miterLimit: miterLimit) { return }
        dash.withUnsafeBufferPointer { cairo_set_dash(pointer, $0.baseAddress, Int32(clamping: $0.count), dashOffset) }
        setLineStyle(cap: cap, join: join, miterLimit: miterLimit)
        cairo_stroke_preserve(pointer)
    }

    /// Sets the caps, joins and miter limit (in half widths, Cairo's own measure) of later strokes.
    func setLineStyle(cap: LineCap, join: LineJoin, miterLimit: Double = 10) {
        let cairoCap: cairo_line_cap_t = switch cap {
        case .butt: CAIRO_LINE_CAP_BUTT
        case .round: CAIRO_LINE_CAP_ROUND
        case .square: CAIRO_LINE_CAP_SQUARE
        }
        let cairoJoin: cairo_line_join_t = switch join {
        case .miter: CAIRO_LINE_JOIN_MITER
        case .round: CAIRO_LINE_JOIN_ROUND
        case .bevel: CAIRO_LINE_JOIN_BEVEL
        }
        cairo_set_line_cap(pointer, cairoCap)
        cairo_set_line_join(pointer, cairoJoin)
        cairo_set_miter_limit(pointer, miterLimit)
    }

    func paint(_ color: Color) {
        cairo_set_source_rgba(pointer, color.red, color.green, color.blue, color.alpha)
        cairo_set_operator(pointer, CAIRO_OPERATOR_SOURCE)
        cairo_paint(pointer)
        cairo_set_operator(pointer, CAIRO_OPERATOR_OVER)
    }

    /// Replaces the pixels of `box` (device pixels; the transform is ignored) with `color`.
    func paint(_ color: Color, in box: PixelBox) {
        cairo_save(pointer)
        cairo_identity_matrix(pointer)
        cairo_new_path(pointer)
        cairo_rectangle(pointer, Double(box.minX), Double(box.minY), Double(box.maxX - box.minX), Double(box.maxY - box.minY))
        cairo_set_source_rgba(pointer, color.red, color.green, color.blue, color.alpha)
        cairo_set_operator(pointer, CAIRO_OPERATOR_SOURCE)
        cairo_fill(pointer)
        cairo_restore(pointer)
    }

    /// Starts drawing into an offscreen group, composited by `endGroup(opacity:)`.
    func beginGroup() { cairo_push_group(pointer) }

    func endGroup(opacity: Double) { endGroup(opacity: opacity, blendMode: .normal) }

    /// Paints `image` scaled by (sx, sy) with its top-left at (x, y): all of it, or the part of
    /// it `part` says (origin and size in the image's pixels; where the part reaches past the
    /// image, its edge pixels repeat, as Core Animation draws a `contentsRect`).
    func paint(_ image: CairoImageSurface, part: (origin: Vector2, size: Vector2)? = nil,
               x: Double, y: Double, scaleX: Double, scaleY: Double, opacity: Double) {
        let origin = part?.origin ?? .zero
        let size = part?.size ?? Vector2(Double(image.width), Double(image.height))
        cairo_save(pointer)
        cairo_translate(pointer, x, y)
        cairo_scale(pointer, scaleX, scaleY)
        // Cut at the part's edges, and padded to them, so a scaled image ends crisply where it
        // ends instead of fading into transparency over half a pixel of its own.
        cairo_new_path(pointer)
        cairo_rectangle(pointer, 0, 0, size.x, size.y)
        cairo_clip(pointer)
        cairo_set_source_surface(pointer, image.pointer, -origin.x, -origin.y)
        cairo_pattern_set_filter(cairo_get_source(pointer), CAIRO_FILTER_GOOD)
        cairo_pattern_set_extend(cairo_get_source(pointer), CAIRO_EXTEND_PAD)
        cairo_paint_with_alpha(pointer, opacity)
        cairo_restore(pointer)
    }

    // MARK: - Lines and labels (charts)

    func moveTo(_ x: Double, _ y: Double) { cairo_move_to(pointer, x, y) }
    func lineTo(_ x: Double, _ y: Double) { cairo_line_to(pointer, x, y) }
    func addRect(x: Double, y: Double, width: Double, height: Double) { cairo_rectangle(pointer, x, y, width, height) }

    /// Strokes and clears the current path with a solid or dashed line.
    func stroke(width: Double, color: Color, dash: [Double] = [], cap: LineCap = .butt, join: LineJoin = .round) {
        setColor(color)
        strokePreserve(width: width, dash: dash, cap: cap, join: join)
        cairo_new_path(pointer)
    }

    /// Fills and clears the current path.
    func fill(_ color: Color) {
        setColor(color)
        cairo_fill(pointer)
    }

    func fillCircle(x: Double, y: Double, radius: Double, color: Color) {
        cairo_new_sub_path(pointer)
        cairo_arc(pointer, x, y, radius, 0, 2 * .pi)
        fill(color)
    }

    // MARK: - Measuring and outlines (text)

    /// Adds glyph `index` of `font` (a Cairo scaled font, as Pango's font holds it), its origin
    /// at (x, y), to the current path.
    func appendGlyph(_ index: UInt32, of font: OpaquePointer, x: Double, y: Double) {
        cairo_set_scaled_font(pointer, font)
        var glyph = cairo_glyph_t(index: UInt(index), x: x, y: y)
        cairo_glyph_path(pointer, &glyph, 1)
    }

    /// A context of its own over an unbounded recording surface, for making paths (nil when
    /// Cairo cannot make one). Not a tiny image surface: over a 1 × 1 one, a long line's
    /// glyph paths lose glyphs.
    static func scratch() -> CairoContext? {
        guard let surface = cairo_recording_surface_create(CAIRO_CONTENT_COLOR_ALPHA, nil) else { return nil }
        // The context holds its own reference to the surface.
        defer { cairo_surface_destroy(surface) }
        guard let context = cairo_create(surface) else { return nil }
        guard cairo_status(context) == CAIRO_STATUS_SUCCESS else {
            cairo_destroy(context)
            return nil
        }
        return CairoContext(owning: context)
    }

    private init(owning context: OpaquePointer) {
        pointer = context
        surfaceSize = (0, 0)
    }

    /// Whether nothing has gone wrong on this context.
    var isHealthy: Bool { cairo_status(pointer) == CAIRO_STATUS_SUCCESS }

    /// Fills the current path with `color` at `opacity` and clears it (Cairo's fill, no
    /// coverage shortcut: text outlines are many small curves).
    func fillText(_ color: Color, opacity: Double) {
        setColor(color, opacity: opacity)
        cairo_fill(pointer)
    }
}
