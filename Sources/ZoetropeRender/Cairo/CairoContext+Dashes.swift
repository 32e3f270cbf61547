internal import CCairo
import ZoetropeCore

/// Dashes too many to draw one by one: Cairo lays out every dash of a path, on the surface or
/// not, so a dashed ellipse a billion pixels round costs seconds a frame for the few dashes seen.
extension CairoContext {
    /// More dashes than this along a path are drawn as `strokeDenseDashes` says.
    static let denseDashes = 100_000

    /// Strokes the current path (keeping it) with `dash` when the pattern repeats more than
    /// `denseDashes` times along it, and returns true; returns false (drawing nothing) otherwise,
    /// so every path with fewer dashes is stroked by Cairo as it always was.
    ///
    /// - Only the pieces of the path that can touch the surface are stroked: the path flattened,
    ///   its runs of segments whose box comes within the stroke's reach of the surface, each
    ///   stroked on its own with the dash offset its distance along the path gives it (Cairo
    ///   restarts the pattern at each piece's start, so the dashes fall where they would have).
    /// - Dashes that still number more than `denseDashes` on the surface, or whose whole pattern
    ///   is shorter than a pixel there, cannot be told apart: the stroke is drawn solid at the
    ///   pattern's duty cycle (its dashes' share of its length) as alpha, the grey that many
    ///   sub-pixel dashes average to (caps aside).
    func strokeDenseDashes(width: Double, dash: [Double], dashOffset: Double, cap: LineCap, join: LineJoin,
                           miterLimit: Double = 10) -> Bool {
        // An odd pattern repeats with its dashes and gaps swapped, as Cairo does.
        let pattern = dash.count % 2 == 1 ? dash + dash : dash
        let period = pattern.reduce(0, +)
        guard period > 0, period.isFinite, pattern.allSatisfy({ $0 >= 0 && $0.isFinite }) else { return false }
        let length = currentPathLength()
        guard length / period > Double(Self.denseDashes) else { return false }
        let duty = stride(from: 0, to: pattern.count, by: 2).map { pattern[$0] }.reduce(0, +) / period
        setLineStyle(cap: cap, join: join, miterLimit: miterLimit)
        let scale = deviceScale
        guard period * scale >= 1 else {
            strokeSolid(alpha: duty)
            return true
        }
        let runs = visibleRuns(reach: width * scale * 5 + 2)
        let visible = runs.reduce(0) { $0 + $1.length }
        guard visible / period <= Double(Self.denseDashes) else {
            strokeSolid(alpha: duty)
            return true
        }
        guard let saved = cairo_copy_path(pointer) else { return true }
        defer { cairo_path_destroy(saved) }
        pattern.withUnsafeBufferPointer { buffer in
            for run in runs {
                // cairo_set_dash takes the offset modulo the period; fmod is exact.
                var offset = (dashOffset + run.start).truncatingRemainder(dividingBy: period)
                if offset < 0 { offset += period }
                cairo_set_dash(pointer, buffer.baseAddress, Int32(clamping: buffer.count), offset)
                cairo_new_path(pointer)
                cairo_move_to(pointer, run.points[0].x, run.points[0].y)
                for point in run.points.dropFirst() { cairo_line_to(pointer, point.x, point.y) }
                cairo_stroke(pointer)
            }
        }
        cairo_set_dash(pointer, nil, 0, 0)
        cairo_new_path(pointer)
        cairo_append_path(pointer, saved)
        return true
    }

    /// The current path stroked without dashes at `alpha` times the source's opacity.
    private func strokeSolid(alpha: Double) {
        cairo_set_dash(pointer, nil, 0, 0)
        cairo_push_group(pointer)
        cairo_stroke_preserve(pointer)
        cairo_pop_group_to_source(pointer)
        cairo_paint_with_alpha(pointer, alpha)
    }

    /// The runs of consecutive segments of the flattened current path (user space) whose device
    /// box comes within `reach` pixels of the surface, each with its distance along its
    /// sub-path at its start (where a sub-path's dashes begin) and its own length.
    private func visibleRuns(reach: Double) -> [(start: Double, length: Double, points: [Vector2])] {
        guard let path = cairo_copy_path_flat(pointer) else { return [] }
        defer { cairo_path_destroy(path) }
        let (minX, minY) = (-reach, -reach)
        let (maxX, maxY) = (Double(surfaceSize.width) + reach, Double(surfaceSize.height) + reach)
        var runs: [(start: Double, length: Double, points: [Vector2])] = []
        var open: (start: Double, length: Double, points: [Vector2])?
        var distance = 0.0, first = Vector2.zero, last = Vector2.zero
        func close() {
            if let run = open { runs.append(run) }
            open = nil
        }
        func segment(to next: Vector2) {
            let a = deviceLocation(of: last), b = deviceLocation(of: next)
            let step = ((next.x - last.x) * (next.x - last.x) + (next.y - last.y) * (next.y - last.y)).squareRoot()
            if max(a.x, b.x) >= minX, min(a.x, b.x) <= maxX, max(a.y, b.y) >= minY, min(a.y, b.y) <= maxY {
                if open == nil { open = (distance, 0, [last]) }
                open?.points.append(next)
                open?.length += step
            } else {
                close()
            }
            distance += step
            last = next
        }
        var index = 0
        let count = Int(path.pointee.num_data)
        while index < count {
            let header = path.pointee.data[index].header
            switch header.type {
            case CAIRO_PATH_MOVE_TO:
                close()
                let p = path.pointee.data[index + 1].point
                first = Vector2(p.x, p.y)
                last = first
                distance = 0
            case CAIRO_PATH_LINE_TO:
                let p = path.pointee.data[index + 1].point
                segment(to: Vector2(p.x, p.y))
            case CAIRO_PATH_CLOSE_PATH:
                segment(to: first)
            default:
                break
            }
            index += max(Int(header.length), 1)
        }
        close()
        return runs
    }
}
