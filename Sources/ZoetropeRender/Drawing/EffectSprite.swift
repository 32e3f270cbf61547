import ZoetropeCore

/// A layer's shadow and blurred content drawn once in device pixels: what a layer that moves or
/// fades reuses instead of blurring again. The layer may have children: the sprite is of the
/// whole subtree (a card with its contents and its shadow), so its shadow is made once.
///
/// A sprite depends only on its `Key`: the values of the layer and of every layer under it
/// (the layer's position, translation and opacity aside) and the linear part of its device
/// transform. It is drawn whole, never cropped by the canvas, with the layer's origin at device
/// (0, 0), and painted at the layer's exact device translation (a blurred image resamples
/// smoothly), so a frame's bytes are the same whether its sprite came from the cache or was
/// drawn for it.
final class EffectSprite {
    struct Key: Equatable {
        var layer: Int
        /// The values of the layer, its position, translation and opacity taken out, then of
        /// every layer under it in tree order.
        var values: [LayerValues]
        var linear: [Double]
    }

    /// The sprite's top-left in device pixels, from the layer's device translation.
    let origin: Vector2
    /// The shadow's blurred alpha, and its colour.
    let shadow: (mask: CairoAlphaSurface, color: Color)?
    /// The content blurred, for a layer that blurs; nil otherwise (crisp content is drawn in
    /// place, at its exact position).
    let content: CairoImageSurface?
    /// The shadow's colour premultiplied by its alpha, made the first time the sprite is painted
    /// at a fraction of a pixel or faded (`CairoContext.paint(shadow:…)`), then kept.
    private var coloredShadow: CairoImageSurface?

    init(origin: Vector2, shadow: (mask: CairoAlphaSurface, color: Color)?, content: CairoImageSurface?) {
        self.origin = origin
        self.shadow = shadow
        self.content = content
    }

    /// The shadow as an ARGB32 sprite, made once.
    func coloredShadow(_ shadow: (mask: CairoAlphaSurface, color: Color)) throws(CairoError) -> CairoImageSurface {
        if let coloredShadow { return coloredShadow }
        let colored = try CairoContext.colored(shadow.mask, color: shadow.color)
        coloredShadow = colored
        return colored
    }

    /// The key of layer `index` of `tree` and everything under it, drawn under `transform`.
    /// `placed` takes the layer's whole placement out (rotation, scale and anchor, and its 3-D
    /// parts too), for a backing store drawn in the layer's own coordinates.
    /// The children in `excluding` (and what is under them) are left out.
    static func key(layer index: Int, in tree: PresentationTree, transform: AffineTransform, placed: Bool = false,
                    excluding: Set<Int> = []) -> Key {
        var own = tree.values[index]
        own.position = .zero
        own.translation = .zero
        own.opacity = 1
        if placed {
            let plain = LayerValues()
            own.rotation = plain.rotation
            own.scale = plain.scale
            own.skew = plain.skew
            own.skewAxis = plain.skewAxis
            own.anchor = plain.anchor
            own.rotationX = plain.rotationX
            own.rotationY = plain.rotationY
            own.translationZ = plain.translationZ
            own.anchorZ = plain.anchorZ
            own.perspective = plain.perspective
        }
        var values = [own]
        var pending = Array(tree.layers.nodes[index].children.filter { !excluding.contains($0) }.reversed())
        while let next = pending.popLast() {
            values.append(tree.values[next])
            pending += tree.layers.nodes[next].children.reversed()
        }
        return Key(layer: index, values: values, linear: [transform.xx, transform.yx, transform.xy, transform.yy])
    }

    /// Its pixels, shadow and content together (the shadow's counted whole: its coloured copy,
    /// when made, takes as many).
    var pixels: Int { (shadow.map { $0.mask.width * $0.mask.height } ?? 0) + (content.map { $0.width * $0.height } ?? 0) }

    /// The most pixels a drawer keeps in sprites and backing stores, 2²⁶ (256 MB): ten
    /// thousand layers with large shadows would otherwise keep gigabytes.
    static let keptPixels = 1 << 26

    /// The largest sprite side in pixels: a layer larger than this on screen takes the
    /// canvas-bound path instead.
    static let largestSide = 8192

    /// The most pixels a sprite may have on a frame of `frame` pixels: four frames' worth, or a
    /// megapixel. An effect reaching much farther than the frame (a 20-point square blurred by
    /// σ = 1000 is a 6000-pixel sprite on a 64 × 48 frame) takes the canvas-bound path, whose
    /// cost is the frame's, not the effect's.
    static func largestPixels(frame: Int) -> Int { max(Int.saturatingProduct(4, frame), 1 << 20) }
}

/// A rasterized layer's backing store (`CALayer.shouldRasterize`): its subtree drawn once in
/// its own coordinates at `pixelsPerPoint`, with its shadow and blur, composited with the
/// layer's transform and opacity in each frame. Compositing resamples it (bilinear): under a
/// transform other than whole-pixel moves its pixels are not those of the vectors drawn again.
final class BackingStore {
    let surface: CairoImageSurface
    /// Where the surface's top-left lies in the layer's own coordinates.
    let origin: Vector2
    let pixelsPerPoint: Double

    init(surface: CairoImageSurface, origin: Vector2, pixelsPerPoint: Double) {
        self.surface = surface
        self.origin = origin
        self.pixelsPerPoint = pixelsPerPoint
    }
}

/// A 2-D affine transform as Cairo keeps it: device = (xx·x + xy·y + x0, yx·x + yy·y + y0).
struct AffineTransform: Equatable {
    var xx, yx, xy, yy, x0, y0: Double

    func apply(_ point: Vector2) -> Vector2 {
        Vector2(xx * point.x + xy * point.y + x0, yx * point.x + yy * point.y + y0)
    }

    /// A vector's image (no translation).
    func applyLinear(_ vector: Vector2) -> Vector2 {
        Vector2(xx * vector.x + xy * vector.y, yx * vector.x + yy * vector.y)
    }
}
