import ZoetropeCore

/// Where a layer and everything under it can draw, in the layer's own coordinates: the box a
/// backing store or an effect sprite of the subtree must cover, whatever the layer's transform.
///
/// Its bounds, when it paints anything itself; a path's points; strokes (their mitred corners
/// too, `LayerReach.forEachMitredCorner`);
/// a text line, which may run past its box, allowed a font size of width per character; the
/// children under their transforms (but not those hidden or fully transparent, which draw
/// nothing), cut to the bounds when the layer clips; and each layer's
/// shadow and blur (three σ, and the shadow's offset). A layer shown through an alpha or
/// luminance mask shows nowhere beyond the mask's extent, whatever it draws (Lottie's merge
/// paths and masks fill "everything" and mask it). Nil when the subtree cannot be bounded: a
/// replicator's copies, an emitter's particles, an inverse fill rule (which fills everything
/// outside its path, to the edges of what is drawn) not under such a mask, or numbers past 10⁹.
struct SubtreeExtent {
    var minX, minY, maxX, maxY: Double
    /// True when a text layer is in the subtree: Cairo places glyphs on the pixel grid of the
    /// surface they are drawn on, so text in a group confined to this extent may land a pixel
    /// away from where the same text lands unconfined.
    private(set) var holdsText = false

    /// `excluding`: children left out (with what is under them).
    init?(of index: Int, in tree: PresentationTree, excluding: Set<Int> = []) {
        let node = tree.layers.nodes[index], values = tree.values[index]
        if let mask = node.children.last(where: { tree.layers.nodes[$0].style.masking != nil }),
           let mode = tree.layers.nodes[mask].style.masking, mode == .alpha || mode == .luminance,
           let shown = SubtreeExtent(of: mask, in: tree) {
            guard var box = shown.placed(by: tree.values[mask], in: values) else { return nil }
            box.holdsText = Self.holdsText(index, in: tree)
            guard box.addEffects(of: values) else { return nil }
            self = box
            return
        }
        let size = values.size
        // Particles fly anywhere.
        guard !LayerReach.emits(node) else { return nil }
        var box = SubtreeExtent.empty
        if LayerReach.paintsContent(node, values) {
            guard !node.style.fillRule.isInverse else { return nil }
            box = SubtreeExtent(minX: 0, minY: 0, maxX: size.x, maxY: size.y)
            if node.shape == .path { values.path.forEachControlPoint { box.include($0) } }
            box.grow(LayerReach.strokeReach(values))
            let corner = LayerReach.miterReach(values, node.style)
            LayerReach.forEachMitredCorner(node, values) { point in
                box.include(Vector2(point.x - corner, point.y - corner))
                box.include(Vector2(point.x + corner, point.y + corner))
            }
        }
        if node.shape == .text, !values.text.isEmpty {
            box.holdsText = true
            let run = values.fontSize * Double(values.text.count)
            box.minX = min(box.minX, -run)
            box.maxX = max(box.maxX, size.x + run)
            box.minY = min(box.minY, -values.fontSize)
            box.maxY = max(box.maxY, size.y + values.fontSize)
        }
        let drawn = node.children.filter { tree.layers.nodes[$0].style.masking == nil && tree.values[$0].isShown && !excluding.contains($0) }
        if !drawn.isEmpty {
            guard values.instances == 1 else { return nil }
            var children: SubtreeExtent?
            for child in drawn {
                guard let inner = SubtreeExtent(of: child, in: tree) else { return nil }
                guard !inner.isEmpty else { continue }
                box.holdsText = box.holdsText || inner.holdsText
                guard let placed = inner.placed(by: tree.values[child], in: values) else { return nil }
                if children == nil { children = placed }
                children?.include(Vector2(placed.minX, placed.minY))
                children?.include(Vector2(placed.maxX, placed.maxY))
            }
            if var children {
                if node.style.clips {
                    children = SubtreeExtent(minX: max(children.minX, 0), minY: max(children.minY, 0),
                                             maxX: min(children.maxX, size.x), maxY: min(children.maxY, size.y))
                }
                if children.minX < children.maxX && children.minY < children.maxY {
                    box.include(Vector2(children.minX, children.minY))
                    box.include(Vector2(children.maxX, children.maxY))
                }
            }
        }
        guard box.addEffects(of: values) else { return nil }
        self = box
    }

    /// Grows the box by what a layer's shadow and blur reach; false when it is then not finite
    /// or past 10⁹.
    private mutating func addEffects(of values: LayerValues) -> Bool {
        guard !isEmpty else { return true }
        if values.shadowOpacity > 0 && values.shadowColor.alpha > 0 {
            let reach = 3 * max(values.shadowRadius, 0) / 2
            self = SubtreeExtent(minX: minX + min(values.shadowOffset.x, 0) - reach, minY: minY + min(values.shadowOffset.y, 0) - reach,
                                 maxX: maxX + max(values.shadowOffset.x, 0) + reach, maxY: maxY + max(values.shadowOffset.y, 0) + reach,
                                 holdsText: holdsText)
        }
        grow(3 * max(values.blur, 0))
        let bounded = { (x: Double) in x.isFinite && abs(x) < 1e9 }
        return bounded(minX) && bounded(minY) && bounded(maxX) && bounded(maxY)
    }

    /// No box: the subtree paints nothing (no fill, stroke, image or text, none of its
    /// children shown, or an alpha mask that shows nothing).
    static let empty = SubtreeExtent(minX: .infinity, minY: .infinity, maxX: -.infinity, maxY: -.infinity)

    var isEmpty: Bool { !(minX <= maxX && minY <= maxY) }

    /// The box's four corners.
    var corners: [Vector2] { [Vector2(minX, minY), Vector2(maxX, minY), Vector2(minX, maxY), Vector2(maxX, maxY)] }

    /// The box around this one (a child's extent) in its parent's coordinates, under the child's
    /// `values`' transform in `parent` (projected, for a child in 3-D); nil when part of it lies
    /// at or behind the eye, where it has no bounded image.
    private func placed(by values: LayerValues, in parent: LayerValues) -> SubtreeExtent? {
        guard !isEmpty else { return self }
        if values.hasDepth || parent.sublayerPerspective != 0 {
            let map = values.homography(in: parent)
            var box = SubtreeExtent.empty
            box.holdsText = holdsText
            for corner in corners {
                guard let image = map.apply(corner) else { return nil }
                box.include(image)
            }
            return box
        }
        let transform = AffineTransform(xx: 1, yx: 0, xy: 0, yy: 1, x0: 0, y0: 0).placing(values)
        let first = transform.apply(Vector2(minX, minY))
        var box = SubtreeExtent(minX: first.x, minY: first.y, maxX: first.x, maxY: first.y, holdsText: holdsText)
        box.include(transform.apply(Vector2(maxX, minY)))
        box.include(transform.apply(Vector2(minX, maxY)))
        box.include(transform.apply(Vector2(maxX, maxY)))
        return box
    }

    /// The box 0…size: a layer's bounds, for what cannot be bounded otherwise.
    init(bounds size: Vector2) {
        self.init(minX: 0, minY: 0, maxX: size.x, maxY: size.y)
    }

    /// True when a text layer with text is in the subtree of `index`.
    private static func holdsText(_ index: Int, in tree: PresentationTree) -> Bool {
        let node = tree.layers.nodes[index]
        return node.shape == .text && !tree.values[index].text.isEmpty || node.children.contains { holdsText($0, in: tree) }
    }

    init(minX: Double, minY: Double, maxX: Double, maxY: Double, holdsText: Bool = false) {
        (self.minX, self.minY, self.maxX, self.maxY, self.holdsText) = (minX, minY, maxX, maxY, holdsText)
    }

    private mutating func include(_ point: Vector2) {
        minX = min(minX, point.x)
        minY = min(minY, point.y)
        maxX = max(maxX, point.x)
        maxY = max(maxY, point.y)
    }

    private mutating func grow(_ margin: Double) {
        minX -= margin
        minY -= margin
        maxX += margin
        maxY += margin
    }
}
