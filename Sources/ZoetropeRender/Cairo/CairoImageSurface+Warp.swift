internal import CCairo
import ZoetropeCore

/// A surface seen through a projective map: what a layer turned in 3-D shows of its sprite.
extension CairoImageSurface {
    /// This surface's pixels carried by `map` (this surface's pixel coordinates to device pixel
    /// coordinates, row vectors as `Homography`), on a new surface holding the device pixels of
    /// `box`: each pixel's centre is mapped back (by the inverse map) and the source sampled
    /// there bilinearly, premultiplied, transparent beyond its edges; a pixel whose centre lies
    /// behind the eye (w ≤ 0) stays transparent. Nil when the map cannot be inverted. Along a
    /// row only the columns whose centre falls on the source are visited, and the position is
    /// found exactly every 8 columns and linearly between (within a sixteenth of a pixel for the
    /// perspectives layers take, a level or two at an antialiased edge), in 256ths of a pixel.
    ///
    /// An inverse-mapped scanline warp in doubles rather than pixman's projective transforms:
    /// pixman keeps a transform in 16.16 fixed point, where the perspective row of a layer (an
    /// m34 of −1/500 over a sprite's pixels is about 10⁻³) is cut to a few digits and its far
    /// edge lands pixels away, and it samples a projective image through its general per-pixel
    /// path at no better speed (README, design notes).
    func warped(by map: Homography, into box: PixelBox) throws(CairoError) -> CairoImageSurface? {
        guard !box.isEmpty, let inverse = map.inverted else { return nil }
        let output = try CairoImageSurface(width: box.maxX - box.minX, height: box.maxY - box.minY)
        cairo_surface_flush(pointer)
        cairo_surface_flush(output.pointer)
        guard let sourceData = cairo_image_surface_get_data(pointer), let outputData = cairo_image_surface_get_data(output.pointer) else {
            return output
        }
        let source = UnsafeRawPointer(sourceData), target = UnsafeMutableRawPointer(outputData)
        let sourceStride = Int(cairo_image_surface_get_stride(pointer)), targetStride = Int(cairo_image_surface_get_stride(output.pointer))
        let sourceWidth = width, sourceHeight = height
        let limitX = Double(sourceWidth), limitY = Double(sourceHeight)
        /// The source pixel at (x, y), transparent outside.
        @inline(__always) func texel(_ x: Int, _ y: Int) -> UInt64 {
            guard x >= 0, y >= 0, x < sourceWidth, y < sourceHeight else { return 0 }
            return Self.spread(source.load(fromByteOffset: y * sourceStride + x * 4, as: UInt32.self))
        }
        for row in 0..<output.height {
            // (u, v, s) = (x, y, 1) · inverse at the centre of column c: (u0, v0, s0) + c · (m11, m12, m13).
            let x = Double(box.minX) + 0.5, y = Double(box.minY + row) + 0.5
            let u0 = x * inverse.m11 + y * inverse.m21 + inverse.m31
            let v0 = x * inverse.m12 + y * inverse.m22 + inverse.m32
            let s0 = x * inverse.m13 + y * inverse.m23 + inverse.m33
            // The columns whose source point lies in front of the eye (s > 0) and within
            // (−1, width) × (−1, height), where it takes some of the source: each bound is
            // a + b·c > 0, linear in the column c, so they are an open interval (low, high).
            var low = -1.0, high = Double(output.width)
            func keep(_ a: Double, _ b: Double) {
                if b > 0 { low = max(low, -a / b) } else if b < 0 { high = min(high, -a / b) } else if !(a > 0) { high = -1 }
            }
            keep(s0, inverse.m13)
            keep(u0 + 0.5 * s0, inverse.m11 + 0.5 * inverse.m13)
            keep((limitX + 0.5) * s0 - u0, (limitX + 0.5) * inverse.m13 - inverse.m11)
            keep(v0 + 0.5 * s0, inverse.m12 + 0.5 * inverse.m13)
            keep((limitY + 0.5) * s0 - v0, (limitY + 0.5) * inverse.m13 - inverse.m12)
            guard low < high, low.isFinite, high.isFinite else { continue }
            let first = Int(saturating: low, rounding: .down) + 1, last = Int(saturating: high, rounding: .up) - 1
            guard first <= last else { continue }
            /// The source position of column c's centre in 256ths of a pixel, a pixel on (so that
            /// the floor is a shift): exact, by one division.
            @inline(__always) func position(_ column: Int) -> (x: Int, y: Int) {
                let c = Double(column), r = 1 / (s0 + c * inverse.m13)
                let x = min(max((u0 + c * inverse.m11) * r + 0.5, -1e6), 1e6), y = min(max((v0 + c * inverse.m12) * r + 0.5, -1e6), 1e6)
                return (Int(saturating: x * 256), Int(saturating: y * 256))
            }
            let line = target.advanced(by: row * targetStride).assumingMemoryBound(to: UInt32.self)
            var column = first
            while column <= last {
                // Exact at both ends of a span of `span` columns, linear between.
                let end = min(column + Self.span - 1, last)
                var (px, py) = position(column)
                let (ex, ey) = end > column ? position(end) : (px, py)
                let steps = max(end - column, 1)
                let dx = (ex - px) / steps, dy = (ey - py) / steps
                for c in column...end {
                    let x0 = (px >> 8) - 1, y0 = (py >> 8) - 1
                    let wx = UInt64(truncatingIfNeeded: px & 255), wy = UInt64(truncatingIfNeeded: py & 255)
                    if x0 >= 0, y0 >= 0, x0 + 1 < sourceWidth, y0 + 1 < sourceHeight {
                        let top = source.advanced(by: y0 * sourceStride + x0 * 4).assumingMemoryBound(to: UInt32.self)
                        let bottom = source.advanced(by: (y0 + 1) * sourceStride + x0 * 4).assumingMemoryBound(to: UInt32.self)
                        line[c] = Self.gather(Self.mix(Self.mix(Self.spread(top[0]), Self.spread(top[1]), wx),
                                                       Self.mix(Self.spread(bottom[0]), Self.spread(bottom[1]), wx), wy))
                    } else if x0 >= -1, y0 >= -1, x0 < sourceWidth, y0 < sourceHeight {
                        line[c] = Self.gather(Self.mix(Self.mix(texel(x0, y0), texel(x0 + 1, y0), wx),
                                                       Self.mix(texel(x0, y0 + 1), texel(x0 + 1, y0 + 1), wx), wy))
                    }
                    px += dx
                    py += dy
                }
                column = end + 1
            }
        }
        cairo_surface_mark_dirty(output.pointer)
        return output
    }

    /// The columns a warp's row takes between two exact positions (a division each).
    private static let span = 8

    /// An ARGB32 pixel's four bytes, each in a 16-bit lane of its own (0x00AA00RR00GG00BB).
    @inline(__always) private static func spread(_ pixel: UInt32) -> UInt64 {
        let p = UInt64(pixel)
        return (p & 0xFF) | (p & 0xFF00) << 8 | (p & 0xFF_0000) << 16 | (p & 0xFF00_0000) << 24
    }

    /// The lanes back into one pixel.
    @inline(__always) private static func gather(_ lanes: UInt64) -> UInt32 {
        UInt32(truncatingIfNeeded: (lanes & 0xFF) | (lanes >> 8) & 0xFF00 | (lanes >> 16) & 0xFF_0000 | (lanes >> 24) & 0xFF00_0000)
    }

    /// a · (256 − w) + b · w in each lane, divided by 256 and rounded: w in 0…256, each lane's
    /// product at most 255 · 256, so no lane spills into the next.
    @inline(__always) private static func mix(_ a: UInt64, _ b: UInt64, _ w: UInt64) -> UInt64 {
        ((a &* (256 &- w) &+ b &* w &+ 0x0080_0080_0080_0080) >> 8) & 0x00FF_00FF_00FF_00FF
    }
}

extension CairoContext {
    /// The device pixels drawing can reach now: the clip's extents (the target's, under no
    /// clip), whole pixels.
    var deviceClipBox: PixelBox {
        var x1 = 0.0, y1 = 0.0, x2 = 0.0, y2 = 0.0
        cairo_save(pointer)
        cairo_identity_matrix(pointer)
        cairo_clip_extents(pointer, &x1, &y1, &x2, &y2)
        cairo_restore(pointer)
        func whole(_ x: Double, _ rounding: FloatingPointRoundingRule) -> Int { Int(saturating: x, rounding: rounding) }
        return PixelBox(minX: whole(x1, .down), minY: whole(y1, .down), maxX: whole(x2, .up), maxY: whole(y2, .up))
    }
}
