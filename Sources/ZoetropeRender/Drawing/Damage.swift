#if canImport(Glibc)
import Glibc
#endif
import ZoetropeCore

/// A rectangle of whole device pixels, `minX..<maxX` × `minY..<maxY`.
struct PixelBox: Hashable {
    var minX, minY, maxX, maxY: Int

    var isEmpty: Bool { maxX <= minX || maxY <= minY }
    var area: Int { isEmpty ? 0 : (maxX - minX) * (maxY - minY) }

    func intersects(_ other: PixelBox) -> Bool {
        minX < other.maxX && other.minX < maxX && minY < other.maxY && other.minY < maxY
    }

    /// The pixels in both (empty when they do not meet).
    func intersection(_ other: PixelBox) -> PixelBox {
        PixelBox(minX: max(minX, other.minX), minY: max(minY, other.minY), maxX: min(maxX, other.maxX), maxY: min(maxY, other.maxY))
    }

    /// Whether every pixel of `other` is in this box.
    func contains(_ other: PixelBox) -> Bool {
        minX <= other.minX && other.maxX <= maxX && minY <= other.minY && other.maxY <= maxY
    }

    func union(_ other: PixelBox) -> PixelBox {
        PixelBox(minX: min(minX, other.minX), minY: min(minY, other.minY), maxX: max(maxX, other.maxX), maxY: max(maxY, other.maxY))
    }

    func clamped(width: Int, height: Int) -> PixelBox {
        PixelBox(minX: max(minX, 0), minY: max(minY, 0), maxX: min(maxX, width), maxY: min(maxY, height))
    }
}

/// What must be drawn again to turn a surface that holds the whole drawing of one presentation
/// tree into the drawing of the next: the pixel box around every layer that changed, where it
/// was and where it is (with its children, stroke and effects), grown until no effect that reads
/// other pixels (a backdrop blur, a shadow or blur of a group) straddles its edge. Inside the box,
/// the background and every top-level layer that reaches it are drawn again, whole and
/// unclipped (a clip would change how Cairo cuts their geometry, and so a pixel here and there
/// by a level); what they draw outside the box is put back. So the frame is the same pixels as
/// one drawn from scratch.
struct Damage {
    /// The pixels to draw again; nil when nothing changed.
    let box: PixelBox?
    /// The boxes `box` is the union of: each changed layer where it was and where it is, and
    /// each effect the box grew to hold. Between them lie pixels that did not change.
    let regions: [PixelBox]
    /// What each layer of the new tree can touch (the old tree's, for the next frame).
    let after: LayerReach
    /// By layer, the pixels the layer and its children can touch in the new tree.
    var reach: [PixelBox] { after.subtree }

    /// Nil means draw everything: the layer trees differ, or a transform overflows. Text, which
    /// may run past its box, reaches as far as its measured ink. `oldReach` is the old tree's
    /// reach at this scale when an earlier `Damage` computed it (its `after`).
    init?(from old: PresentationTree, reach oldReach: LayerReach? = nil, to new: PresentationTree, scale: Double, width: Int, height: Int) {
        guard old.layers == new.layers, old.canvas == new.canvas else { return nil }
        let canvas = PixelBox(minX: 0, minY: 0, maxX: width, maxY: height)
        guard let before = oldReach ?? LayerReach(old, scale: scale, canvas: canvas),
              let after = LayerReach(new, scale: scale, canvas: canvas) else {
            return nil
        }
        self.after = after
        var boxes: [PixelBox] = []
        // An emitter's particles move with time alone: it changed whenever the time did.
        let moved = old.time != new.time
        for index in new.values.indices
        where old.values[index] != new.values[index] || moved && LayerReach.emits(new.layers.nodes[index]) {
            // A change under a group with a shadow or blur changes the whole group's effect.
            var top = index
            var ancestor = new.layers.nodes[index].parent
            while let parent = ancestor {
                if before.hasGroupEffect[parent] || after.hasGroupEffect[parent] { top = parent }
                ancestor = new.layers.nodes[parent].parent
            }
            boxes += [before.subtree[top], after.subtree[top]]
        }
        var regions = boxes.map { $0.clamped(width: width, height: height) }.filter { !$0.isEmpty }
        guard var box = regions.reduce(nil, { (union: PixelBox?, next) in union.map { $0.union(next) } ?? next }) else {
            self.box = nil
            self.regions = []
            return
        }
        // Effects that read pixels around them: drawn again whole once any of their input is.
        let readers = (before.readers + after.readers).map { $0.clamped(width: width, height: height) }.filter { !$0.isEmpty }
        var grown = true
        while grown {
            grown = false
            for reader in readers where box.intersects(reader) && box.union(reader) != box {
                box = box.union(reader)
                regions.append(reader)
                grown = true
            }
        }
        self.box = box
        // A layer that changed in place gives the same box twice, and an effect's box may hold
        // another: each pixel is painted over once, and put back around the fewest boxes. Each
        // box against every other, so only while there are few: past `FrameDrawer`'s 48 it
        // draws their union anyway.
        self.regions = regions.count > 96 ? regions : regions.enumerated().filter { index, region in
            !regions.enumerated().contains { other, holder in other != index && holder.contains(region) && (holder != region || other < index) }
        }.map(\.element)
    }
}

/// The device pixels each layer of a tree can touch.
struct LayerReach {
    /// By layer: the layer with its children, effects included.
    var subtree: [PixelBox]
    /// By layer: a shadow or blur drawn from an offscreen group of the layer and its children.
    var hasGroupEffect: [Bool]
    /// Boxes whose pixels an effect reads as well as writes (backdrop blurs, group effects).
    var readers: [PixelBox] = []
    /// Pixels per point of the frame.
    private var frameScale = 1.0

    /// Nil when a layer's reach cannot be bounded (a transform that overflows).
    init?(_ tree: PresentationTree, scale: Double, canvas: PixelBox) {
        let count = tree.values.count
        subtree = Array(repeating: PixelBox(minX: 0, minY: 0, maxX: 0, maxY: 0), count: count)
        hasGroupEffect = Array(repeating: false, count: count)
        frameScale = scale
        let base = AffineTransform(xx: scale, yx: 0, xy: 0, yy: scale, x0: 0, y0: 0)
        for root in tree.layers.roots {
            guard visit(root, in: tree, parent: base, clip: nil, canvas: canvas) else { return nil }
        }
    }

    /// Measures layer `index` and its children; `clip`, the box its clipping ancestors confine
    /// it to (their bounds under their transforms, grown by their antialiased edge).
    private mutating func visit(_ index: Int, in tree: PresentationTree, parent: AffineTransform, clip: PixelBox?,
                                canvas: PixelBox) -> Bool {
        let node = tree.layers.nodes[index], values = tree.values[index]
        // Hidden or fully transparent (a Lottie layer outside its in and out points): it and its
        // children draw nothing, whatever else of theirs changes.
        guard values.isShown else { return true }
        let size = values.size
        var transform = parent.placing(values)
        // A layer in 3-D: through its homography; projected, it is drawn whole from a store.
        let parentValues = node.parent.map { tree.values[$0] }
        if values.hasDepth || (parentValues?.sublayerPerspective ?? 0) != 0 {
            let device = values.homography(in: parentValues).concatenating(Homography(parent))
            guard device.isFinite else { return false }
            guard device.isAffine else {
                visitProjected(index, in: tree, device: device, clip: clip, canvas: canvas)
                return true
            }
            transform = AffineTransform(device)
        }
        // What the layer's own drawing covers, in its own coordinates, measured under its
        // transform point by point (a Lottie frame measures thousands of points: no arrays).
        var bounds = PointBounds()
        bounds.include(boxOf: size, under: transform)
        let ownBox = bounds
        if node.shape == .path {
            values.path.forEachControlPoint { bounds.include(transform.apply($0)) }
            // Mitred corners reach further than the rest of the stroke (the margin below).
            let corner = Self.miterReach(values, node.style) - Self.strokeReach(values)
            Self.forEachMitredCorner(node, values) { point in
                bounds.include(transform.apply(Vector2(point.x - corner, point.y - corner)))
                bounds.include(transform.apply(Vector2(point.x + corner, point.y - corner)))
                bounds.include(transform.apply(Vector2(point.x - corner, point.y + corner)))
                bounds.include(transform.apply(Vector2(point.x + corner, point.y + corner)))
            }
        }
        let deviceScale = (abs(transform.xx * transform.yy - transform.xy * transform.yx)).squareRoot()
        let stroke = Self.strokeReach(values) * deviceScale
        let shadow = values.shadowOpacity > 0 && values.shadowColor.alpha > 0
        let shadowReach = shadow ? (3 * values.shadowRadius / 2 + abs(values.shadowOffset.x) + abs(values.shadowOffset.y)) * deviceScale : 0
        let blurReach = 3 * max(values.blur, 0) * deviceScale
        // A backing store is resampled: its edge spreads over one of its own pixels, which at a
        // coarse rasterizationScale spans several of the frame's.
        let storeReach = node.style.rasterizes ? 2 * deviceScale / max(node.style.rasterizationScale * frameScale, 1e-6) : 0
        guard var reach = bounds.pixelBox(margin: stroke + shadowReach + blurReach + storeReach + 3) else { return false }
        // Text may run past its box: its ink as measured under the layer's
        // transform (or any pixel, when the font cannot be measured).
        if node.shape == .text && !values.text.isEmpty {
            if let ink = CairoContext.textInk(values.text, style: node.style, size: values.fontSize, width: size.x, height: size.y,
                                              transform: transform),
               let inked = PointBounds(ink).pixelBox(margin: 3) {
                reach = reach.union(inked)
            } else {
                reach = reach.union(canvas)
            }
        }
        if values.backdropBlur > 0, let input = ownBox.pixelBox(margin: 2) {
            readers.append(input)
        }
        // A layer that clips confines its children to its bounds (a rounded rectangle within them).
        var childClip = clip
        if node.style.clips, let own = ownBox.pixelBox(margin: 2) { childClip = clip.map { $0.intersection(own) } ?? own }
        for child in node.children {
            guard visit(child, in: tree, parent: transform, clip: childClip, canvas: canvas) else { return false }
            if !subtree[child].isEmpty { reach = reach.union(subtree[child]) }
        }
        // Copies of the children (a replicator) may reach anywhere, and so may particles.
        if !node.children.isEmpty && values.instances != 1 || Self.emits(node) { reach = reach.union(canvas) }
        if !node.children.isEmpty && (shadow || values.blur > 0) {
            // The effect is drawn from the group of the layer and its children: what it reads
            // and writes is all of that (the whole canvas when the children are not clipped).
            hasGroupEffect[index] = true
            let region = node.style.clips ? reach : canvas
            reach = reach.union(region)
            readers.append(reach)
        }
        subtree[index] = clip.map { reach.intersection($0) } ?? reach
        return true
    }

    /// A layer drawn through a projective map (`FrameDrawer.drawInDepth`): its subtree is one
    /// store warped onto the frame, so it and every layer under it reach the image of the
    /// store's extent (its part in front of the eye, within a margin of the canvas).
    private mutating func visitProjected(_ index: Int, in tree: PresentationTree, device: Homography, clip: PixelBox?,
                                         canvas: PixelBox) {
        let extent = SubtreeExtent(of: index, in: tree) ?? SubtreeExtent(bounds: tree.values[index].size)
        let around = PixelBox(minX: canvas.minX - 64, minY: canvas.minY - 64, maxX: canvas.maxX + 64, maxY: canvas.maxY + 64)
        // The store reaches a few of its own pixels past the extent: as many of the frame's.
        let reach = PointBounds(device.visiblePart(of: extent, within: around).compactMap(device.apply)).pixelBox(margin: 4)
            ?? PixelBox(minX: 0, minY: 0, maxX: 0, maxY: 0)
        let box = clip.map { reach.intersection($0) } ?? reach
        var pending = [index]
        while let next = pending.popLast() {
            subtree[next] = box
            pending += tree.layers.nodes[next].children
        }
    }

    /// Whether the layer's own content (not its children) puts paint anywhere: a fill or a
    /// gradient, a stroke with some of its outline, an image, or text, as `FrameDrawer`
    /// paints them. A layer that paints nothing itself covers nothing with its bounds: a group
    /// whose children draw nothing draws nothing (Lottie wraps each layer in a group of its
    /// parent's bounds, often the whole composition's).
    static func paintsContent(_ node: LayerTree.Node, _ values: LayerValues) -> Bool {
        switch node.shape {
        case .image: return !values.image.isEmpty
        case .text: return !values.text.isEmpty || values.fill.alpha > 0
        case .rect: return values.gradient != nil || values.fill.alpha > 0 || strokes(values) || !values.image.isEmpty
        case .group, .ellipse, .path: return values.gradient != nil || values.fill.alpha > 0 || strokes(values)
        }
    }

    /// Whether the layer emits particles that draw: an emitter with a cell that is enabled,
    /// born at some rate and has contents. Where they are is not bounded: they reach anywhere.
    static func emits(_ node: LayerTree.Node) -> Bool {
        node.style.emitter?.cells.contains { $0.isEnabled && $0.birthRate > 0 && !$0.contents.isEmpty } ?? false
    }

    /// True when the layer's stroke draws: some width, a colour or a gradient, and some of the
    /// outline between `strokeStart` and `strokeEnd`.
    static func strokes(_ values: LayerValues) -> Bool {
        values.strokeWidth > 0 && (values.strokeColor.alpha > 0 || values.strokeGradient != nil)
            && min(max(values.strokeEnd, 0), 1) > min(max(values.strokeStart, 0), 1)
    }

    /// How far a layer's stroke reaches past its outline, in its own units, away from a path's
    /// mitred corners (`forEachMitredCorner`): strokes are centred, and a right angle, a square
    /// cap and anything round or bevelled stay within √2 half-widths.
    static func strokeReach(_ values: LayerValues) -> Double {
        1.5 * max(values.strokeWidth, 0) / 2
    }

    /// How far a mitred corner reaches: the miter limit's half widths (at least `strokeReach`).
    static func miterReach(_ values: LayerValues, _ style: LayerStyle) -> Double {
        max(style.strokeMiterLimit, 1.5) * max(values.strokeWidth, 0) / 2
    }

    /// Calls `body` with each point of a mitred path's outline around which the stroke may
    /// reach `miterReach`: the corners between its segments (not the two ends of an open
    /// subpath, which take caps), and the control points of a curve whose direction turns
    /// through more than a right angle (its flattened pieces may meet at a sharp corner). A
    /// curve that turns less keeps every piece within a right angle of the next, whose mitre
    /// stays within `strokeReach`.
    static func forEachMitredCorner(_ node: LayerTree.Node, _ values: LayerValues, _ body: (Vector2) -> Void) {
        guard node.shape == .path, node.style.strokeJoin == .miter, values.strokeWidth > 0 else { return }
        var start: Vector2?, last: Vector2?, anchors = 0
        func next(_ point: Vector2) {
            if anchors >= 2, let last { body(last) }
            if last == nil { start = point }
            last = point
            anchors += 1
        }
        for segment in values.path.segments {
            switch segment {
            case .move(let point):
                (start, last, anchors) = (point, point, 1)
            case .line(let point):
                if last == nil { anchors = 0 }
                next(point)
            case let .cubic(c1, c2, end):
                // With no current point a curve starts at its first control point, as in Cairo.
                if last == nil { (start, last, anchors) = (c1, c1, 1) }
                if let from = last, turnsPastARightAngle(c1 - from, c2 - c1, end - c2) {
                    body(from)
                    body(c1)
                    body(c2)
                    body(end)
                }
                next(end)
            case .close:
                if anchors >= 2, let last, let start {
                    body(last)
                    body(start)
                }
                (last, anchors) = (start, 1)
            }
        }
    }

    /// True unless the directions of the control polygon's three legs (those not of zero
    /// length) lie within a right angle of each other: the curve's tangent is a positive mix of
    /// them, so it then turns through a right angle at most.
    private static func turnsPastARightAngle(_ a: Vector2, _ b: Vector2, _ c: Vector2) -> Bool {
        // A leg of zero length lies within any angle: its products are 0.
        a.x * b.x + a.y * b.y < 0 || b.x * c.x + b.y * c.y < 0 || a.x * c.x + a.y * c.y < 0
    }
}

/// The smallest box around points given one at a time, so that no array of them is made.
struct PointBounds {
    private var minX = Double.infinity, minY = Double.infinity, maxX = -Double.infinity, maxY = -Double.infinity
    /// False once a point that is not finite was included: such points bound nothing.
    private var isFinite = true

    init() {}

    init(_ points: [Vector2]) {
        points.forEach { include($0) }
    }

    mutating func include(_ point: Vector2) {
        guard point.x.isFinite && point.y.isFinite else {
            isFinite = false
            return
        }
        minX = min(minX, point.x)
        minY = min(minY, point.y)
        maxX = max(maxX, point.x)
        maxY = max(maxY, point.y)
    }

    /// Includes the four corners of the box `0…size` under `transform`.
    mutating func include(boxOf size: Vector2, under transform: AffineTransform) {
        include(transform.apply(Vector2(0, 0)))
        include(transform.apply(Vector2(size.x, 0)))
        include(transform.apply(Vector2(0, size.y)))
        include(transform.apply(Vector2(size.x, size.y)))
    }

    /// The pixel box around the points, grown by `margin` pixels; nil when there are none, or
    /// one is not finite or too far.
    func pixelBox(margin: Double) -> PixelBox? {
        guard isFinite, minX <= maxX, minY <= maxY, margin.isFinite, abs(margin) < 1e9,
              abs(minX) < 1e9, abs(maxX) < 1e9, abs(minY) < 1e9, abs(maxY) < 1e9 else { return nil }
        return PixelBox(minX: Int(saturating: minX - margin, rounding: .down), minY: Int(saturating: minY - margin, rounding: .down),
                        maxX: Int(saturating: maxX + margin, rounding: .up), maxY: Int(saturating: maxY + margin, rounding: .up))
    }
}

extension AffineTransform {
    /// This transform followed by a layer's placement in its parent (SPEC §5), as `FrameDrawer`
    /// applies it: translate(position + translation) · rotate · skew · scale · translate(−anchor · size).
    func placing(_ values: LayerValues) -> AffineTransform {
        translated(values.position.x + values.translation.x, values.position.y + values.translation.y)
            .rotated(values.rotation)
            .sheared(values.shear ?? (1, 0, 0, 1))
            .scaled(values.scale.x, values.scale.y)
            .translated(-values.anchor.x * values.size.x, -values.anchor.y * values.size.y)
    }

    /// This transform followed by a translation in its own space (as Cairo's `translate`).
    func translated(_ x: Double, _ y: Double) -> AffineTransform {
        AffineTransform(xx: xx, yx: yx, xy: xy, yy: yy, x0: xx * x + xy * y + x0, y0: yx * x + yy * y + y0)
    }

    /// As Cairo's `rotate`.
    func rotated(_ angle: Double) -> AffineTransform {
        let c = cos(angle), s = sin(angle)
        return AffineTransform(xx: xx * c + xy * s, yx: yx * c + yy * s, xy: -xx * s + xy * c, yy: -yx * s + yy * c, x0: x0, y0: y0)
    }

    /// This transform followed by a linear map in its own space, `x' = a·x + c·y`,
    /// `y' = b·x + d·y` (a layer's skew, `LayerValues.shear`).
    func sheared(_ k: (a: Double, b: Double, c: Double, d: Double)) -> AffineTransform {
        AffineTransform(xx: xx * k.a + xy * k.b, yx: yx * k.a + yy * k.b, xy: xx * k.c + xy * k.d, yy: yx * k.c + yy * k.d, x0: x0, y0: y0)
    }

    /// As Cairo's `scale`.
    func scaled(_ x: Double, _ y: Double) -> AffineTransform {
        AffineTransform(xx: xx * x, yx: yx * x, xy: xy * y, yy: yy * y, x0: x0, y0: y0)
    }
}
