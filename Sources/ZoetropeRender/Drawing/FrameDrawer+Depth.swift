#if canImport(Glibc)
import Glibc
#endif
import ZoetropeCore

/// Layers in 3-D (SPEC §10), as Core Animation draws a layer tree: each layer is flattened into
/// its parent's plane through the homography of its 4 × 4 placement
/// (`LayerValues.homography(in:)`: its own transform, and its parent's sublayer perspective
/// about the parent's anchor point).
///
/// - A placement that is still affine (a turn about x or y seen without perspective, a child of
///   a perspective that stays in its parent's plane) is Cairo's transform: the layer draws as
///   any layer does.
/// - A projective one draws the layer's subtree into a backing store in the layer's own plane
///   (`backingStore`, as a rasterized layer's), at the pixels per point where the layer is
///   most magnified on screen, then warps the store onto the frame
///   (`CairoImageSurface.warped(by:into:)`) and composites it at the layer's opacity and blend
///   mode: its children are flattened into it, as Core Animation flattens them.
/// - Children with depth drawn after their siblings are lifted out of a projected layer's store
///   when that store would composite them one by one anyway: each is drawn through the map of
///   its parent's plane, so a fold of two leaves is resampled once and its first leaf's store
///   does not change while the second turns.
/// - A layer that is not double-sided is not drawn while its back faces the viewer (its plane's
///   map to the frame reverses orientation).
extension FrameDrawer {
    /// Draws a layer in 3-D; `parent` is the map of its parent's plane to the device when that
    /// is projective (a child lifted out of its parent's store), else Cairo's transform is.
    func drawInDepth(_ index: Int, _ node: LayerTree.Node, _ values: LayerValues, in tree: PresentationTree,
                     through parent: Homography? = nil) throws(CairoError) {
        let device = values.homography(in: node.parent.map { tree.values[$0] }).concatenating(parent ?? Homography(context.transform))
        guard device.isFinite, node.style.isDoubleSided || device.determinant > 0 else { return }
        if device.isAffine {
            let affine = AffineTransform(device)
            // As a flat layer: a map that cannot be inverted, or would overflow, draws nothing.
            let determinant = affine.xx * affine.yy - affine.xy * affine.yx
            guard determinant.isFinite, abs(determinant) > 1e-12, abs(determinant) < 1e18,
                  abs(affine.x0) < 1e9, abs(affine.y0) < 1e9 else { return }
            context.save()
            defer { context.restore() }
            context.transform = affine
            try drawPlaced(index, node, values, in: tree)
            return
        }
        let lifted = Self.liftableChildren(of: index, node, values, in: tree)
        // What the store holds: the subtree's extent, or the bounds where that cannot be bounded
        // (a replicator's copies, an inverse fill).
        let extent = SubtreeExtent(of: index, in: tree, excluding: lifted) ?? SubtreeExtent(bounds: values.size)
        let clip = context.deviceClipBox
        let shown = device.visiblePart(of: extent, within: clip)
        if !shown.isEmpty {
            let pixelsPerPoint = node.style.rasterizes ? node.style.rasterizationScale * frameScale
                : storeScale(magnification: shown.compactMap(device.stretch(at:)).max() ?? 1, extent: extent)
            if let store = try backingStore(index, in: tree, pixelsPerPoint: pixelsPerPoint, extent: extent, lifting: lifted) {
                // The store's pixels to the frame's, and the frame's pixels its visible part covers
                // (a pixel more for its bilinear edge).
                let map = Homography(a: 1 / pixelsPerPoint, b: 0, c: 0, d: 1 / pixelsPerPoint, tx: store.origin.x, ty: store.origin.y)
                    .concatenating(device)
                let stored = SubtreeExtent(minX: store.origin.x, minY: store.origin.y,
                                           maxX: store.origin.x + Double(store.surface.width) / pixelsPerPoint,
                                           maxY: store.origin.y + Double(store.surface.height) / pixelsPerPoint)
                if let box = PointBounds(device.visiblePart(of: stored, within: clip).compactMap(device.apply)).pixelBox(margin: 1)?
                    .intersection(clip), !box.isEmpty, fitsSprite(width: Double(box.maxX - box.minX), height: Double(box.maxY - box.minY)),
                   let warped = try store.surface.warped(by: map, into: box) {
                    context.paint(warped, origin: Vector2(Double(box.minX), Double(box.minY)), translation: .zero, opacity: values.opacity,
                                  blendMode: node.style.blendMode)
                }
            }
        }
        // Children in 3-D drawn last are not in the store: each goes through this layer's map
        // itself, so it is resampled once, not once into the store and again onto the frame,
        // and the store does not change while only they move.
        for child in Self.ordered(node.children, values: tree.values) where lifted.contains(child) && tree.values[child].isShown {
            try drawInDepth(child, tree.layers.nodes[child], tree.values[child], in: tree, through: device)
        }
    }

    /// The children of a projected layer drawn through its map rather than into its store: those
    /// with depth drawn after all the others (each over what is drawn before it), when the layer
    /// composites its children one by one as its store would (no group: opaque, normal blending,
    /// no clip, mask, shadow, blur, replicator or rasterization).
    private static func liftableChildren(of index: Int, _ node: LayerTree.Node, _ values: LayerValues, in tree: PresentationTree) -> Set<Int> {
        guard !node.children.isEmpty, values.opacity >= 1, node.style.blendMode == .normal, node.style.filters.isEmpty, !node.style.clips, !node.style.rasterizes,
              values.shadowOpacity == 0 || values.shadowColor.alpha == 0, values.blur <= 0, !values.replicates,
              !node.children.contains(where: { tree.layers.nodes[$0].style.masking != nil }) else { return [] }
        return Set(ordered(node.children, values: tree.values).reversed().prefix { tree.values[$0].hasDepth })
    }

    /// The pixels per point of a store as sharp as the frame where the layer is most magnified
    /// (`magnification` frame pixels per point), rounded to the nearest step of half an octave
    /// (within a fifth of it: a layer that turns keeps its store from frame to frame, and a store
    /// is never twice the pixels it needs); less when the store of `extent` would be larger than
    /// a sprite may be.
    private func storeScale(magnification: Double, extent: SubtreeExtent) -> Double {
        let steps = (2 * log2(max(magnification, 1e-6))).rounded()
        var scale = exp2(min(steps, 40) / 2)
        let width = extent.maxX - extent.minX, height = extent.maxY - extent.minY
        while scale > 1e-6, !fitsSprite(width: width * scale + 5, height: height * scale + 5) { scale /= 2.squareRoot() }
        return scale
    }
}

extension Homography {
    /// Cairo's transform as a homography (`CGAffineTransform`'s a, b, c, d, tx, ty are Cairo's
    /// xx, yx, xy, yy, x0, y0).
    init(_ transform: AffineTransform) {
        self.init(a: transform.xx, b: transform.yx, c: transform.xy, d: transform.yy, tx: transform.x0, ty: transform.y0)
    }

    var isFinite: Bool { [m11, m12, m13, m21, m22, m23, m31, m32, m33].allSatisfy(\.isFinite) }

    /// The part of `extent` (a box in the plane this maps from) whose image lies in front of the
    /// eye and within `box` (device pixels): a convex polygon, its corners in the plane; empty
    /// when none of it does. Each bound is a half-plane there too (X ≥ minX is
    /// x·(m11 − minX·m13) + y·(m21 − minX·m23) + m31 − minX·m33 ≥ 0 where w > 0), so the box is
    /// cut by each in turn (Sutherland and Hodgman).
    func visiblePart(of extent: SubtreeExtent, within box: PixelBox) -> [Vector2] {
        guard !extent.isEmpty else { return [] }
        var polygon = [Vector2(extent.minX, extent.minY), Vector2(extent.maxX, extent.minY),
                       Vector2(extent.maxX, extent.maxY), Vector2(extent.minX, extent.maxY)]
        // In front of the eye by a margin (w ≥ a thousandth of its largest on the box), so no
        // corner's image runs off to infinity.
        let nearest = 1e-3 * polygon.map { abs(w(at: $0)) }.reduce(0, max)
        let (minX, minY, maxX, maxY) = (Double(box.minX), Double(box.minY), Double(box.maxX), Double(box.maxY))
        let halfPlanes: [(a: Double, b: Double, c: Double)] = [
            (m13, m23, m33 - nearest),
            (m11 - minX * m13, m21 - minX * m23, m31 - minX * m33), (maxX * m13 - m11, maxX * m23 - m21, maxX * m33 - m31),
            (m12 - minY * m13, m22 - minY * m23, m32 - minY * m33), (maxY * m13 - m12, maxY * m23 - m22, maxY * m33 - m32),
        ]
        for (a, b, c) in halfPlanes {
            guard !polygon.isEmpty else { return [] }
            let side = polygon.map { a * $0.x + b * $0.y + c }
            var kept: [Vector2] = []
            for i in polygon.indices {
                let j = (i + 1) % polygon.count
                if side[i] >= 0 { kept.append(polygon[i]) }
                if (side[i] >= 0) != (side[j] >= 0) {
                    let t = side[i] / (side[i] - side[j])
                    kept.append(Vector2(polygon[i].x + (polygon[j].x - polygon[i].x) * t, polygon[i].y + (polygon[j].y - polygon[i].y) * t))
                }
            }
            polygon = kept
        }
        return polygon
    }
}

extension AffineTransform {
    /// An affine homography as Cairo's transform (divided by its m33).
    init(_ map: Homography) {
        self.init(xx: map.m11 / map.m33, yx: map.m12 / map.m33, xy: map.m21 / map.m33, yy: map.m22 / map.m33,
                  x0: map.m31 / map.m33, y0: map.m32 / map.m33)
    }
}
