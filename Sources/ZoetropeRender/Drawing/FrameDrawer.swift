import ZoetropeCore

/// Draws presentation trees into one reusable surface: one drawer per worker thread.
///
/// Geometry follows CALayer (SPEC §5): a layer is drawn in its own bounds after
/// translate(position + translation) · rotate(rotation) · scale(scale) · translate(−anchor·size);
/// children live in their parent's bounds, ordered by `zIndex` then file order. A layer with
/// children and opacity below 1 is composited as a group, so overlapping children do not double
/// up; a blend mode other than normal composites the layer as a group with that operator.
/// Shadows (CALayer's: the content's alpha in the shadow colour, blurred by σ = radius / 2,
/// offset in the layer's own coordinates), layer blur and backdrop blur (what lies beneath,
/// within the bounds, as `UIVisualEffectView`) work on offscreen groups confined to the region
/// they can reach. A layer without children draws its shadow and blur once into an
/// `EffectSprite` and reuses it while it only moves by whole pixels or fades.
/// Strokes are centred on the shape's outline, as `CAShapeLayer` draws them.
final class FrameDrawer {
    let target: CairoSurface
    /// Where drawing goes: the target, or for a moment an effect sprite being drawn.
    private(set) var context: CairoContext
    /// The images this drawer has shown, by their layer's `image`.
    private var images: [ImageSourceText: CairoImageSurface] = [:]
    /// Where images are decoded: once in the process, whichever drawer or check asks first
    /// (a test gives a drawer a store of its own).
    var decodedImages = DecodedImages.shared
    /// The particles of the emitter being drawn and the sprites of their cells.
    let particleSprites = ParticleSprites()
    /// The last sprite of each layer, and the backing store of each rasterized layer, for the
    /// layer tree they were drawn from.
    private var sprites: [Int: (key: EffectSprite.Key, sprite: EffectSprite)] = [:]
    private var stores: [Int: (key: EffectSprite.Key, store: BackingStore)] = [:]
    private var spriteLayers: LayerTree?
    /// Pixels the kept sprites and stores hold: past `keptPixelLimit` every one is dropped (and
    /// drawn again when needed), so a scene of many large effects cannot fill memory.
    private(set) var keptPixels = 0
    var keptPixelLimit = EffectSprite.keptPixels
    /// True while a sprite or a backing store is drawn: the layers in it are drawn directly.
    private var drawingStore = false
    /// Children a backing store being drawn leaves out: drawn after it, each through the map of
    /// its parent's plane (`FrameDrawer+Depth`).
    private var liftedChildren: Set<Int> = []
    /// Pixels per point of the frame being drawn (a backing store's scale is relative to it).
    private(set) var frameScale = 1.0
    private let compression: PNGCompression
    /// The tree the image surface holds the whole drawing of, at its scale: the next frame
    /// draws only what changed from it (`Damage`).
    private var drawn: (tree: PresentationTree, scale: Double, reach: LayerReach?)?
    /// The damage `draw` last computed, between which trees: a frame's strip layout asks for the
    /// same when the worker's previous frame is the scene's frame before.
    private var lastDamage: (from: PresentationTree, to: PresentationTree, scale: Double, damage: Damage?)?
    /// Pixels drawn since the drawer was made (damaged boxes, or whole frames).
    private(set) var redrawnPixels = 0
    private let encodingThreads: Int
    /// Whether this drawer encodes one frame only (its encoders keep nothing for a next).
    private let oneFrame: Bool
    /// The encoders of this drawer's frames: as `render` writes them (RGB when opaque), and
    /// always RGBA (the frames of one APNG share one header).
    private var encoder: PNGEncoder?, alphaEncoder: PNGEncoder?

    /// A drawer for frames of `width` × `height` pixels, encoded with `compression` by
    /// `encodingThreads` threads (more than one when fewer frames are in flight than cores).
    convenience init(width: Int, height: Int, compression: PNGCompression = .fast, encodingThreads: Int = 1,
                     oneFrame: Bool = false) throws(CairoError) {
        let surface = try CairoImageSurface(width: width, height: height)
        // A drawer of one frame leaves it to that frame: writing the pages first would be a
        // pass over them more before the one frame asked for.
        if !oneFrame { surface.touchPixels() }
        try self.init(target: surface, compression: compression, encodingThreads: encodingThreads, oneFrame: oneFrame)
    }

    /// A drawer on any surface (a PDF or SVG document draws vectors; shadows and blurs, which
    /// need pixels, are then drawn without their blur).
    init(target: CairoSurface, compression: PNGCompression = .fast, encodingThreads: Int = 1, oneFrame: Bool = false) throws(CairoError) {
        self.target = target
        self.compression = compression
        self.encodingThreads = encodingThreads
        self.oneFrame = oneFrame
        context = try CairoContext(surface: target)
    }

    /// The pixels drawn; nil when drawing a PDF or SVG document.
    var image: CairoImageSurface? { target as? CairoImageSurface }

    /// Draws `tree` scaled by `scale` (2 draws at twice the pixels, same geometry).
    func draw(_ tree: PresentationTree, scale: Double = 1) throws(CairoError) {
        if spriteLayers != tree.layers {
            sprites = [:]
            stores = [:]
            keptPixels = 0
            spriteLayers = tree.layers
        }
        frameScale = scale
        context.resetTransform()
        var damage: Damage?
        if let image, let drawn, drawn.scale == scale {
            damage = Damage(from: drawn.tree, reach: drawn.reach, to: tree, scale: scale, width: image.width, height: image.height)
            lastDamage = (drawn.tree, tree, scale, damage)
        }
        self.drawn = nil
        var roots = Self.ordered(tree.layers.roots, values: tree.values)
        var putBack: (saved: [(pixels: [UInt32], region: PixelBox)], boxes: [PixelBox])?
        if let image, let damage {
            guard let box = damage.box else {
                self.drawn = (tree, scale, damage.after)
                return
            }
            // The boxes around each change, drawn again: only the top-level layers that reach
            // one, drawn whole; what they draw outside the boxes is put back (see `Damage`).
            // Worth it only while what must be put back is small: a large layer under a change
            // (a backdrop) makes the whole frame cheaper to draw. Beyond a few dozen changes,
            // one box around them all.
            let boxes = damage.regions.count <= 48 ? damage.regions : [box]
            let reaching = roots.filter { root in boxes.contains { damage.reach[root].intersects($0) } }
            let regions = reaching.map { damage.reach[$0].clamped(width: image.width, height: image.height) }.filter { !$0.isEmpty }
            if regions.reduce(0, { $0 + $1.area }) * 2 <= image.width * image.height {
                roots = reaching
                // A layer wholly inside a box leaves nothing outside it to put back.
                let outside = regions.filter { region in !boxes.contains { $0.contains(region) } }
                putBack = (outside.map { (image.copy(of: $0), $0) }, boxes)
                for box in boxes {
                    redrawnPixels += box.area
                    context.paint(tree.canvas.background, in: box)
                }
            } else {
                redrawnPixels += image.width * image.height
                context.paint(tree.canvas.background)
            }
        } else {
            redrawnPixels += (image?.width ?? 0) * (image?.height ?? 0)
            context.paint(tree.canvas.background)
        }
        context.scale(scale, scale)
        for index in roots {
            try drawLayer(index, in: tree)
        }
        try context.checkStatus()
        for (pixels, region) in putBack?.saved ?? [] { image?.restore(pixels, of: region, keeping: putBack?.boxes ?? []) }
        if image != nil { self.drawn = (tree, scale, damage?.after) }
    }

    /// Forgets what the surface holds (after something other than `draw` changed its pixels,
    /// such as averaging motion-blur samples), so the next frame is drawn whole.
    func forgetDrawing() { drawn = nil }

    /// Strips of the frames this drawer encoded: reused from the frame before, and compressed.
    var strips: (reused: Int, compressed: Int) {
        let both = [encoder, alphaEncoder].compactMap { $0?.strips }
        return (both.reduce(0) { $0 + $1.reused }, both.reduce(0) { $0 + $1.compressed })
    }

    /// The frame encoded as PNG with libdeflate, its rows cut as `layout` says (the encoder and
    /// its buffers are reused); RGBA even when every pixel is opaque with `keepsAlpha`.
    func pngData(layout: StripLayout = .strips, keepsAlpha: Bool = false) throws(CairoError) -> [UInt8] {
        guard let image else { throw CairoError(message: "a PDF or SVG frame has no pixels", operation: "encoding a PNG") }
        let encoder: PNGEncoder
        if let existing = keepsAlpha ? alphaEncoder : self.encoder {
            encoder = existing
        } else {
            encoder = try PNGEncoder(compression: compression, threads: encodingThreads, keepsAlpha: keepsAlpha, oneFrame: oneFrame)
            if keepsAlpha { alphaEncoder = encoder } else { self.encoder = encoder }
        }
        return try encoder.encode(image, layout: layout)
    }

    /// The strip layout of the frame showing `tree` at `scale`, from what changed since
    /// `previous`, the scene's frame before it (nil for a first frame or a picture on its own).
    func stripLayout(from previous: PresentationTree?, to tree: PresentationTree, scale: Double) -> StripLayout {
        guard let previous, let image else { return .strips }
        let damage: Damage?
        if let lastDamage, lastDamage.scale == scale, lastDamage.to.drawsSame(as: tree), lastDamage.from.drawsSame(as: previous) {
            damage = lastDamage.damage
        } else {
            damage = Damage(from: previous, to: tree, scale: scale, width: image.width, height: image.height)
            // A tree drawn whole has no reach yet: this one serves the next frame's damage.
            if let damage, let drawn, drawn.reach == nil, drawn.scale == scale, drawn.tree.drawsSame(as: tree) {
                self.drawn?.reach = damage.after
            }
        }
        return StripLayout(changed: damage?.regions, height: image.height)
    }

    /// The image at `path` (a PNG, JPEG or WebP file, or a data URL: an image the scene carries,
    /// as Lottie embeds them), from `decodedImages` on first use and kept
    /// (`TreeRenderer.prepare(for:)` asks for a render's images before its first frame). Looked
    /// up by `ImageSourceText`, so a megabyte of base64 is not hashed at every frame.
    func loadImage(_ path: String) throws(CairoError) -> CairoImageSurface {
        let key = ImageSourceText(path)
        if let image = images[key] { return image }
        let image = try decodedImages.image(path)
        images[key] = image
        return image
    }

    static func ordered(_ indices: [Int], values: [LayerValues]) -> [Int] {
        guard indices.contains(where: { values[$0].zIndex != 0 }) else { return indices }
        return indices.enumerated()
            .sorted { (values[$0.element].zIndex, $0.offset) < (values[$1.element].zIndex, $1.offset) }
            .map(\.element)
    }

    func drawLayer(_ index: Int, in tree: PresentationTree) throws(CairoError) {
        let node = tree.layers.nodes[index]
        let values = tree.values[index]
        guard values.isShown else { return }
        // A layer placed in 3-D, under a parent's perspective or hidden when turned away:
        // `FrameDrawer+Depth`. Every other layer is drawn as it always was.
        if values.hasDepth || node.parent.map({ tree.values[$0].sublayerPerspective != 0 }) == true {
            try drawInDepth(index, node, values, in: tree)
            return
        }
        let size = values.size
        // A transform that cannot be inverted (a scale of 0, as in a "pop in" from scale 0) or
        // that would overflow draws nothing, as Core Animation shows nothing; Cairo would stop
        // drawing altogether (its error is sticky).
        let parent = context.transform
        let determinant = (parent.xx * parent.yy - parent.xy * parent.yx) * values.scale.x * values.scale.y
        let offset = values.position + values.translation - Vector2(values.anchor.x * size.x, values.anchor.y * size.y)
        guard determinant.isFinite, abs(determinant) > 1e-12, abs(determinant) < 1e18, values.rotation.isFinite,
              offset.x.isFinite, offset.y.isFinite, abs(offset.x) < 1e9, abs(offset.y) < 1e9 else { return }
        // Mirrored (a negative scale), a layer shows its back: not at all when it is not double-sided.
        guard node.style.isDoubleSided || determinant > 0 else { return }
        // A skew of a quarter turn flattens the layer to a line: nothing shows.
        let shear = values.shear
        if let shear, shear.a * shear.d - shear.b * shear.c < 0.5 { return }
        context.save()
        defer { context.restore() }
        context.translate(values.position.x + values.translation.x, values.position.y + values.translation.y)
        context.rotate(values.rotation)
        if let shear { context.transform = context.transform.sheared(shear) }
        context.scale(values.scale.x, values.scale.y)
        context.translate(-values.anchor.x * size.x, -values.anchor.y * size.y)
        try drawPlaced(index, node, values, in: tree)
    }

    /// A layer whose transform is in place: its backdrop blur, then its backing store when it is
    /// rasterized, else its body.
    func drawPlaced(_ index: Int, _ node: LayerTree.Node, _ values: LayerValues, in tree: PresentationTree) throws(CairoError) {
        let size = values.size
        if values.backdropBlur > 0 {
            context.newPath()
            context.addRoundedRect(width: size.x, height: size.y, radius: values.cornerRadius)
            context.blurBackdrop(sigma: values.backdropBlur * context.deviceScale, box: context.deviceBox(width: size.x, height: size.y, margin: 1))
        }
        if node.style.rasterizes, image != nil, !drawingStore,
           let store = try backingStore(index, in: tree, pixelsPerPoint: node.style.rasterizationScale * frameScale) {
            context.paint(store.surface, origin: store.origin, pixelsPerPoint: store.pixelsPerPoint, opacity: values.opacity,
                          blendMode: node.style.blendMode)
            return
        }
        try drawBody(index, node, values, blendMode: node.style.blendMode, in: tree)
    }

    /// A layer's drawing in its own coordinates: content, children and mask, with its effects,
    /// composited at its opacity by `blendMode`.
    func drawBody(_ index: Int, _ node: LayerTree.Node, _ values: LayerValues, blendMode: BlendMode,
                          in tree: PresentationTree) throws(CairoError) {
        let size = values.size
        let fills = values.fill.alpha > 0 || values.gradient != nil
        let paintsTwice = fills && values.strokeWidth > 0 && (values.strokeColor.alpha > 0 || values.strokeGradient != nil)
        let blended = blendMode != .normal
        let scale = context.deviceScale
        let shadow = values.shadowOpacity > 0 && values.shadowColor.alpha > 0
            ? (color: values.shadowColor, opacity: values.shadowOpacity, sigma: values.shadowRadius / 2 * scale, offset: values.shadowOffset)
            : nil
        let blurSigma = max(values.blur, 0) * scale
        let effects = shadow != nil || blurSigma > 0
        let mask = node.children.last { tree.layers.nodes[$0].style.masking != nil }
        // Nothing to show (a Lottie matte whose layer is outside its in and out points): no
        // group, no mask. Under `destinationIn` nothing clears what lies beneath, so it draws.
        let emits = LayerReach.emits(node)
        guard LayerReach.paintsContent(node, values) || emits || node.children.contains(where: { $0 != mask && tree.values[$0].isShown })
                || blendMode == .destinationIn else { return }
        // Particles, like children, overlap: faded, the layer is faded as a whole (group opacity).
        let filtered = !node.style.filters.isEmpty
        let grouped = effects || blended || filtered || mask != nil || values.opacity < 1 && (!node.children.isEmpty || paintsTwice || emits)
        let ownOpacity = grouped ? 1 : values.opacity
        if effects, image != nil, !drawingStore,
           let sprite = try effectSprite(index, node, values, in: tree, shadow: shadow, blurSigma: blurSigma) {
            let translation = Vector2(context.transform.x0, context.transform.y0)
            if let shadow = sprite.shadow {
                try context.paint(shadow: shadow.mask, color: shadow.color, colored: { () throws(CairoError) in try sprite.coloredShadow(shadow) },
                                  origin: sprite.origin, translation: translation, opacity: values.opacity)
            }
            if let blurred = sprite.content {
                context.paint(blurred, origin: sprite.origin, translation: translation, opacity: values.opacity, blendMode: blendMode)
            } else {
                // Crisp content is drawn in place, at its exact position.
                try drawBody(index, node, Self.withoutEffects(values), blendMode: blendMode, in: tree)
            }
            return
        }
        if effects {
            // The offscreen group covers only what the effects can reach.
            let reach = 3 * max(shadow?.sigma ?? 0, blurSigma)
                + (shadow.map { abs($0.offset.x) + abs($0.offset.y) } ?? 0) * scale + 2
            context.save()
            if node.children.isEmpty || node.style.clips {
                context.clipDevice(context.deviceBox(width: size.x, height: size.y, margin: reach))
            } else if let extent = deviceExtent(index, in: tree) {
                // Children may lie anywhere around the bounds: their extent (effects included).
                context.clipDevice(extent)
            }
        }
        // A blend, opacity or mask group covers only what the layer can reach, when that is
        // bounded: a group as large as the canvas costs a whole-canvas composite (a blend mode's,
        // on pixman's slow general path) for a layer that may cover a hundredth of it. A path,
        // text or unclipped children reach as far as their subtree's extent.
        // Not under `destinationIn`, which clears what lies beneath wherever the layer is not:
        // confined, it would clear nothing outside the box.
        let confinement = grouped && !effects && blendMode != .destinationIn ? groupBox(index, node, values, in: tree) : nil
        let confined = confinement != nil
        if let confinement {
            context.save()
            context.clipDevice(confinement)
        }
        if grouped { context.beginGroup() }

        try drawContent(node, values, opacity: ownOpacity)
        if emits, let emitter = node.style.emitter { try drawParticles(index, emitter, opacity: ownOpacity, in: tree) }
        if !node.children.isEmpty {
            context.save()
            if node.style.clips {
                context.newPath()
                context.addRoundedRect(width: size.x, height: size.y, radius: values.cornerRadius)
                context.clip()
            }
            try drawChildren(node.children, except: mask, of: index, values, in: tree)
            context.restore()
        }
        // A mask at full opacity and normal blending composites straight onto the frame.
        let masksOntoTarget = mask != nil && !effects && !filtered && blendMode == .normal && values.opacity >= 1
        if let mask, let mode = tree.layers.nodes[mask].style.masking {
            try context.mask(mode, ontoTarget: masksOntoTarget) { () throws(CairoError) in try drawLayer(mask, in: tree) }
        }
        // The filters see the masked picture, before its shadow, blur, opacity and blend mode.
        if filtered { context.filterGroup(node.style.filters) }
        if effects {
            context.endGroup(shadow: shadow, blurSigma: blurSigma, blurDirection: node.style.blurDirection, opacity: values.opacity, blendMode: blendMode)
            context.restore()
        } else if grouped && !masksOntoTarget {
            context.endGroup(opacity: values.opacity, blendMode: blendMode)
        }
        if confined { context.restore() }
    }

    /// The children, once, or as `CAReplicatorLayer` draws its sublayers: copy i under the
    /// instance transform applied i times about the anchor point, its colours multiplied by
    /// the instance colour (`LayerValues.instanceColor(ofCopy:)`: red, green and blue as a
    /// tint, alpha as an opacity; a copy at alpha 0 is skipped). With an `instanceDelay`, copy
    /// i is drawn from the tree as it was i delays earlier.
    private func drawChildren(_ children: [Int], except mask: Int?, of index: Int, _ values: LayerValues,
                              in tree: PresentationTree) throws(CairoError) {
        let ordered = Self.ordered(children, values: tree.values).filter { !liftedChildren.contains($0) }
        let copies = values.instances
        guard values.replicates else {
            for child in ordered where child != mask { try drawLayer(child, in: tree) }
            return
        }
        let center = Vector2(values.anchor.x * values.size.x, values.anchor.y * values.size.y)
        context.save()
        defer { context.restore() }
        for copy in 0..<copies {
            let color = values.instanceColor(ofCopy: copy)
            if color.alpha > 0 {
                let tinted = color.red < 1 || color.green < 1 || color.blue < 1
                if tinted || color.alpha < 1 { context.beginGroup() }
                let copyTree = tree.copy(copy, of: index)
                for child in ordered where child != mask { try drawLayer(child, in: copyTree) }
                if tinted {
                    context.endGroup(multiplyingBy: color)
                } else if color.alpha < 1 {
                    context.endGroup(opacity: color.alpha, blendMode: .normal)
                }
            }
            // The next copy's transform; none when it cannot be inverted or would overflow (Cairo's
            // error would be sticky), as a layer of scale 0 draws nothing.
            let now = context.transform, step = values.replicatorTranslation
            let determinant = (now.xx * now.yy - now.xy * now.yx) * values.replicatorScale.x * values.replicatorScale.y
            guard determinant.isFinite, abs(determinant) > 1e-12, abs(determinant) < 1e18, values.replicatorRotation.isFinite,
                  step.x.isFinite, step.y.isFinite, abs(now.x0) < 1e9, abs(now.y0) < 1e9 else { break }
            context.translate(center.x + step.x, center.y + step.y)
            context.rotate(values.replicatorRotation)
            context.scale(values.replicatorScale.x, values.replicatorScale.y)
            context.translate(-center.x, -center.y)
        }
    }

    /// The device box a group of the layer (without shadow or blur) can draw into: its bounds
    /// and stroke when it draws within them (not text, nor a path, nor children it does not
    /// clip), else its subtree's extent; nil when that cannot be bounded or holds text.
    private func groupBox(_ index: Int, _ node: LayerTree.Node, _ values: LayerValues,
                          in tree: PresentationTree) -> (x: Double, y: Double, width: Double, height: Double)? {
        if node.shape != .text && node.shape != .path && (node.children.isEmpty || node.style.clips) {
            let bounds = context.deviceBox(width: values.size.x, height: values.size.y, margin: LayerReach.strokeReach(values) * context.deviceScale + 2)
            // Children clipped to bounds they may cover a small part of (a Lottie precomp is
            // the composition's size): only where they are.
            guard !node.children.isEmpty, let extent = SubtreeExtent(of: index, in: tree), !extent.holdsText else { return bounds }
            let inner = deviceBox(of: extent)
            let minX = max(bounds.x, inner.x), minY = max(bounds.y, inner.y)
            let maxX = min(bounds.x + bounds.width, inner.x + inner.width), maxY = min(bounds.y + bounds.height, inner.y + inner.height)
            return (minX, minY, max(maxX - minX, 0), max(maxY - minY, 0))
        }
        // Text keeps the whole canvas: confined, its glyphs could land a pixel away from where
        // they land when the layer is not grouped (at full opacity), and jump as it fades in.
        guard let extent = SubtreeExtent(of: index, in: tree), !extent.holdsText else { return nil }
        return deviceBox(of: extent)
    }

    /// The device box around the subtree's extent under the current transform; nil when it
    /// cannot be bounded.
    private func deviceExtent(_ index: Int, in tree: PresentationTree) -> (x: Double, y: Double, width: Double, height: Double)? {
        SubtreeExtent(of: index, in: tree).map(deviceBox(of:))
    }

    private func deviceBox(of extent: SubtreeExtent) -> (x: Double, y: Double, width: Double, height: Double) {
        guard !extent.isEmpty else { return (0, 0, 0, 0) }
        let corners = extent.corners.map(context.deviceLocation(of:))
        let xs = corners.map(\.x), ys = corners.map(\.y)
        let minX = xs.min() ?? 0, maxX = xs.max() ?? 0, minY = ys.min() ?? 0, maxY = ys.max() ?? 0
        return ((minX - 2).rounded(.down), (minY - 2).rounded(.down), (maxX - minX + 4).rounded(.up) + 1, (maxY - minY + 4).rounded(.up) + 1)
    }

    /// The sprite of a layer and everything under it, under the current transform: the cached
    /// one while its key holds, else drawn anew (nil when it would be larger than a sprite may
    /// be, or its subtree cannot be bounded).
    private func effectSprite(_ index: Int, _ node: LayerTree.Node, _ values: LayerValues, in tree: PresentationTree,
                              shadow: (color: Color, opacity: Double, sigma: Double, offset: Vector2)?,
                              blurSigma: Double) throws(CairoError) -> EffectSprite? {
        var local = context.transform
        let key = EffectSprite.key(layer: index, in: tree, transform: local)
        if let cached = sprites[index], cached.key == key { return cached.sprite }
        guard let extent = SubtreeExtent(of: index, in: tree), !extent.isEmpty else { return nil }
        // The subtree's box under the transform without its translation (its effects included).
        local.x0 = 0
        local.y0 = 0
        let corners = extent.corners.map(local.apply)
        let minX = ((corners.map(\.x).min() ?? 0) - 2).rounded(.down), minY = ((corners.map(\.y).min() ?? 0) - 2).rounded(.down)
        let maxX = ((corners.map(\.x).max() ?? 0) + 2).rounded(.up), maxY = ((corners.map(\.y).max() ?? 0) + 2).rounded(.up)
        guard fitsSprite(width: maxX - minX, height: maxY - minY) else { return nil }
        let content = try CairoImageSurface(width: Int(saturating: maxX - minX), height: Int(saturating: maxY - minY))
        local.x0 = -minX
        local.y0 = -minY
        var plain = Self.withoutEffects(values)
        plain.opacity = 1
        try drawStore(on: content, transform: local) { () throws(CairoError) in try drawBody(index, node, plain, blendMode: .normal, in: tree) }
        let offset = shadow.map { local.applyLinear($0.offset) } ?? .zero
        let shadowMask = try shadow.map { shadow throws(CairoError) in
            (mask: try CairoContext.shadow(of: content, color: shadow.color, opacity: shadow.opacity, offset: offset, sigma: shadow.sigma),
             color: shadow.color)
        }
        if blurSigma > 0 { CairoContext.blur(content, sigma: blurSigma, soleColor: Self.soleColor(node, values), direction: node.style.blurDirection) }
        let sprite = EffectSprite(origin: Vector2(minX, minY), shadow: shadowMask, content: blurSigma > 0 ? content : nil)
        keep(sprite.pixels, replacing: sprites[index]?.sprite.pixels ?? 0)
        sprites[index] = (key, sprite)
        return sprite
    }

    /// The backing store of a rasterized layer (`rasterize: true`): the cached one while its key
    /// holds, else drawn anew in the layer's own coordinates at its `rasterizationScale` times
    /// the frame's (nil when it would be larger than a sprite may be, or its subtree cannot be
    /// bounded: the layer is then drawn directly). Its shadow and blur are in it, its opacity
    /// and blend mode are not (as `shouldRasterize` documents).
    /// `extent` (the subtree's, when nil) is what the store holds, in the layer's coordinates;
    /// the children in `lifted` are left out of it (and out of its key).
    func backingStore(_ index: Int, in tree: PresentationTree, pixelsPerPoint: Double,
                      extent: SubtreeExtent? = nil, lifting lifted: Set<Int> = []) throws(CairoError) -> BackingStore? {
        let node = tree.layers.nodes[index]
        let key = EffectSprite.key(layer: index, in: tree, transform: AffineTransform(xx: pixelsPerPoint, yx: 0, xy: 0, yy: pixelsPerPoint, x0: 0, y0: 0),
                                   placed: true, excluding: lifted)
        if let cached = stores[index], cached.key == key { return cached.store }
        guard pixelsPerPoint.isFinite, pixelsPerPoint > 0, let extent = extent ?? SubtreeExtent(of: index, in: tree), !extent.isEmpty else { return nil }
        let minX = (extent.minX * pixelsPerPoint - 2).rounded(.down), minY = (extent.minY * pixelsPerPoint - 2).rounded(.down)
        let maxX = (extent.maxX * pixelsPerPoint + 2).rounded(.up), maxY = (extent.maxY * pixelsPerPoint + 2).rounded(.up)
        guard fitsSprite(width: maxX - minX, height: maxY - minY) else { return nil }
        let surface = try CairoImageSurface(width: Int(saturating: maxX - minX), height: Int(saturating: maxY - minY))
        var values = tree.values[index]
        values.opacity = 1
        let wereLifted = liftedChildren
        liftedChildren = lifted
        defer { liftedChildren = wereLifted }
        try drawStore(on: surface, transform: AffineTransform(xx: pixelsPerPoint, yx: 0, xy: 0, yy: pixelsPerPoint, x0: -minX, y0: -minY)) { () throws(CairoError) in
            try drawBody(index, node, values, blendMode: .normal, in: tree)
        }
        let store = BackingStore(surface: surface, origin: Vector2(minX / pixelsPerPoint, minY / pixelsPerPoint), pixelsPerPoint: pixelsPerPoint)
        keep(store.surface.width * store.surface.height, replacing: stores[index].map { $0.store.surface.width * $0.store.surface.height } ?? 0)
        stores[index] = (key, store)
        return store
    }

    /// True when a sprite or backing store of `width` × `height` pixels may be made: at least a
    /// pixel, at most `EffectSprite.largestSide` a side and `largestPixels` for this frame.
    func fitsSprite(width: Double, height: Double) -> Bool {
        width >= 1 && height >= 1 && width <= Double(EffectSprite.largestSide) && height <= Double(EffectSprite.largestSide)
            && width * height <= Double(EffectSprite.largestPixels(frame: target.width * target.height))
    }

    /// Counts `pixels` about to be kept in place of `replaced`: when the kept would pass
    /// `keptPixelLimit`, every sprite and store kept so far is dropped first.
    private func keep(_ pixels: Int, replacing replaced: Int) {
        keptPixels -= replaced
        if keptPixels + pixels > keptPixelLimit {
            sprites = [:]
            stores = [:]
            keptPixels = 0
        }
        keptPixels += pixels
    }

    /// Runs `draw` with drawing going to `surface` under `transform`, every layer in it drawn
    /// directly, then back to where it went before.
    private func drawStore(on surface: CairoImageSurface, transform: AffineTransform,
                           _ draw: () throws(CairoError) -> Void) throws(CairoError) {
        let target = context, wasDrawingStore = drawingStore
        context = try CairoContext(surface: surface)
        context.transform = transform
        drawingStore = true
        defer {
            context = target
            drawingStore = wasDrawingStore
        }
        try draw()
        try context.checkStatus()
    }

    /// `values` without a shadow or a blur.
    /// The one colour a layer paints when it paints nothing else: a shape without children,
    /// filled with a colour (not a gradient), not stroked. Its pixels are that colour times
    /// how much of the shape covers them.
    private static func soleColor(_ node: LayerTree.Node, _ values: LayerValues) -> Color? {
        guard node.children.isEmpty, node.style.filters.isEmpty, node.shape == .rect || node.shape == .ellipse || node.shape == .path,
              values.gradient == nil, values.fill.alpha > 0, !LayerReach.strokes(values), !node.style.fillRule.isInverse else { return nil }
        return values.fill
    }

    private static func withoutEffects(_ values: LayerValues) -> LayerValues {
        var plain = values
        plain.shadowOpacity = 0
        plain.blur = 0
        return plain
    }

    private func drawContent(_ node: LayerTree.Node, _ values: LayerValues, opacity: Double) throws(CairoError) {
        let size = values.size
        switch node.shape {
        case .rect, .group:
            // A group that paints nothing itself (most Lottie groups) makes no path.
            guard LayerReach.paintsContent(node, values) else { return }
            if values.gradient != nil || values.fill.alpha > 0 || LayerReach.strokes(values) {
                context.newPath()
                context.addRoundedRect(width: size.x, height: size.y, radius: values.cornerRadius)
                paintPath(values, node.style, opacity: opacity)
            }
            // A rectangle's image is its contents (`CALayer.contents`), over its background.
            if node.shape == .rect, !values.image.isEmpty {
                drawImage(try loadImage(values.image), in: values, mode: node.style.contentMode, opacity: opacity)
            }
        case .ellipse:
            guard LayerReach.paintsContent(node, values) else { return }
            context.newPath()
            context.addEllipse(width: size.x, height: size.y)
            paintPath(values, node.style, opacity: opacity)
        case .path:
            // A fill of one colour goes straight into the pixels when it can (`CoverageFill`);
            // the path is made in Cairo only for what is left to draw.
            let filled = values.gradient == nil && values.fill.alpha > 0 && !node.style.fillRule.isInverse
                && context.fill(values.path, color: values.fill, opacity: opacity, evenOdd: node.style.fillRule.inside == .evenOdd)
            // So may a stroke of one colour after it (a fill Cairo draws goes first, so Cairo strokes too).
            let fillsInCairo = !filled && (values.gradient != nil || values.fill.alpha > 0)
            guard fillsInCairo || LayerReach.strokes(values) && !strokesPixels(values, node.style, opacity: opacity) else { return }
            context.newPath()
            context.addPath(values.path)
            paintPath(values, node.style, opacity: opacity, filled: filled)
        case .image:
            guard !values.image.isEmpty else { return }
            let image = try loadImage(values.image)
            drawImage(image, in: values, mode: node.style.contentMode, opacity: opacity)
        case .text:
            if values.fill.alpha > 0 {
                context.newPath()
                context.addRoundedRect(width: size.x, height: size.y, radius: values.cornerRadius)
                paintPath(values, node.style, opacity: opacity)
            }
            guard !values.text.isEmpty else { return }
            context.drawText(values.text, style: node.style, size: values.fontSize, color: values.color, opacity: opacity,
                             width: size.x, height: size.y)
        }
    }

    /// Strokes a path layer's outline (the part of it `strokeStart`…`strokeEnd` keeps) in one
    /// colour without dashes by `CoverageFill`; false when Cairo must.
    private func strokesPixels(_ values: LayerValues, _ style: LayerStyle, opacity: Double) -> Bool {
        guard values.strokeGradient == nil, style.strokeDash.isEmpty else { return false }
        let start = min(max(values.strokeStart, 0), 1), end = min(max(values.strokeEnd, 0), 1)
        let part = end - start < 1 ? values.path.trimmed(start: start, end: end, offset: values.strokeOffset, mode: style.strokeTrim) : values.path
        return context.stroke(part, width: values.strokeWidth, cap: style.strokeCap, join: style.strokeJoin, miterLimit: style.strokeMiterLimit,
                              color: values.strokeColor, opacity: opacity)
    }

    /// Fills then strokes the current path; `strokeStart`/`strokeEnd` (moved by `strokeOffset`)
    /// stroke part of the outline, with the layer's dashes.
    private func paintPath(_ values: LayerValues, _ style: LayerStyle, opacity: Double, filled: Bool = false) {
        if style.fillRule != .nonZero { context.setFillRule(style.fillRule) }
        defer { if style.fillRule != .nonZero { context.setFillRule(.nonZero) } }
        func fill() {
            if let gradient = values.gradient {
                context.fillPreserve(gradient, width: values.size.x, height: values.size.y, opacity: opacity)
            } else {
                context.setColor(values.fill, opacity: opacity)
                context.fillPreserve()
            }
        }
        if !filled && (values.gradient != nil || values.fill.alpha > 0) {
            if style.fillRule.isInverse {
                context.fillOutsidePreserve(fill)
            } else if let gradient = values.gradient {
                // A gradient goes straight into the pixels when it can (`GradientShader`).
                if !context.fill(context.currentPath(), gradient: gradient, width: values.size.x, height: values.size.y,
                                 opacity: opacity, evenOdd: style.fillRule.inside == .evenOdd) {
                    fill()
                }
            } else {
                fill()
            }
        }
        let start = min(max(values.strokeStart, 0), 1), end = min(max(values.strokeEnd, 0), 1)
        if LayerReach.strokes(values) {
            if let gradient = values.strokeGradient {
                context.setSource(gradient, width: values.size.x, height: values.size.y, opacity: opacity,
                                  reach: LayerReach.miterReach(values, style))
            } else {
                context.setColor(values.strokeColor, opacity: opacity)
            }
            if end - start < 1 {
                let part = context.currentPath().trimmed(start: start, end: end, offset: values.strokeOffset, mode: style.strokeTrim)
                context.newPath()
                context.addPath(part)
            }
            context.strokePreserve(width: values.strokeWidth, dash: style.strokeDash, dashOffset: values.strokeDashPhase, cap: style.strokeCap,
                                   join: style.strokeJoin, miterLimit: style.strokeMiterLimit)
        }
        context.newPath()
    }

    /// Draws the part of `image` a layer's `contentsRect` picks (`values.contentsOrigin` and
    /// `contentsSize`, in unit coordinates of the image) in its bounds as `mode` fits it,
    /// clipped to the bounds' rounded corners.
    private func drawImage(_ image: CairoImageSurface, in values: LayerValues, mode: ContentMode, opacity: Double) {
        let size = values.size
        guard image.width > 0, image.height > 0, size.x > 0, size.y > 0,
              values.contentsSize.x > 0, values.contentsSize.y > 0 else { return }
        let pixels = Vector2(Double(image.width), Double(image.height))
        // A part narrower than a sixteenth of a pixel is drawn as that sixteenth, magnified no further.
        let part = (origin: Vector2(values.contentsOrigin.x * pixels.x, values.contentsOrigin.y * pixels.y),
                    size: Vector2(max(values.contentsSize.x * pixels.x, 1.0 / 16), max(values.contentsSize.y * pixels.y, 1.0 / 16)))
        let sx = size.x / part.size.x, sy = size.y / part.size.y
        let (scaleX, scaleY): (Double, Double) = switch mode {
        case .fill: (sx, sy)
        case .aspectFit: (min(sx, sy), min(sx, sy))
        case .aspectFill: (max(sx, sy), max(sx, sy))
        }
        let x = (size.x - part.size.x * scaleX) / 2, y = (size.y - part.size.y * scaleY) / 2
        context.save()
        context.newPath()
        context.addRoundedRect(width: size.x, height: size.y, radius: values.cornerRadius)
        context.clip()
        context.paint(image, part: part, x: x, y: y, scaleX: scaleX, scaleY: scaleY, opacity: opacity)
        context.restore()
    }
}
