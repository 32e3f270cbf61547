import ZoetropeCore

/// Builds the layers of a Lottie composition, recording their keyframe tracks in `book`.
struct LottieSceneBuilder {
    let animation: LottieAnimation
    let frameRate: Double
    var book: LottieTrackBook
    var notes = LottieNotes()
    private var usedIDs: Set<String> = []
    /// The next number to try after a name already taken (`name2`, `name3`…), by name, so that
    /// thousands of layers of one name take linear time.
    private var nextSuffix: [String: Int] = [:]
    /// Every layer made so far, wrappers and masks included.
    private var layerCount = 0
    private let assets: [String: (asset: LottieAsset, path: String)]
    /// The images the image assets name, each read and checked once however many layers show it.
    var images = LottieImages()
    /// The shapes of the merges (`mm`) read so far, by JSON path.
    var mergeRegions: [String: MergeRegion] = [:]
    /// How deep each merge's region nests merges, by JSON path (at most `deepestMerge`).
    var mergeDepths: [String: Int] = [:]
    /// The vertices the paints made so far draw, summed over paints (at most `paintedVertexLimit`).
    var paintedVertices = 0
    /// The installed fonts, for text the file gives no glyph outlines for.
    var fonts: (any LottieFontSource)?
    /// The precomps being built, outermost first (a precomp inside itself is drawn without).
    private var openPrecomps: [String] = []
    /// The font files the font list names, each read once.
    var fontFiles = LottieFontFiles()
    /// The faces of the fonts text documents name, by `fName`, once read.
    var fontFaces: [String: LottieFontFace] = [:]
    /// The file's glyph outlines (`chars`), once read.
    var glyphTable: [String: LottieGlyph]?

    /// How deep precomps may nest (a precomp that contains itself is refused long before).
    static let deepestPrecomp = 32
    /// How many parents a layer may have above it: each is a group around it, so a chain of
    /// every layer of a composition would repeat quadratically many transforms.
    static let deepestParents = 64
    /// How deep merge paths may combine earlier merges: each is drawn as a mask in a mask.
    static let deepestMerge = 32
    /// The vertices all of the animation's fills and strokes may draw, each counting every shape
    /// it paints (a paint draws every shape listed before it in its group).
    static let paintedVertexLimit = 2_000_000

    /// `notes`: what decoding `animation` noted.
    init(animation: LottieAnimation, frameRate: Double, notes: LottieNotes, book: LottieTrackBook) {
        self.animation = animation
        self.frameRate = frameRate
        self.notes = notes
        self.book = book
        var assets: [String: (LottieAsset, String)] = [:]
        for (index, asset) in (animation.assets ?? []).enumerated() {
            if let id = asset.id { assets[id] = (asset, "assets[\(index)]") }
        }
        self.assets = assets
    }

    // MARK: - Compositions and layers

    /// The layers of a composition, bottom first (Lottie lists the top layer first).
    /// `size`: the composition's (the animation's, or a precomp layer's), where a camera centres its view.
    mutating func composition(_ items: [LottieLayer], at path: String, size: Vector2, clock: LottieClock, depth: Int) -> [Layer] {
        var byIndex: [Double: (layer: LottieLayer, path: String)] = [:]
        for (position, item) in items.enumerated() {
            if let ind = item.index { byIndex[ind] = (item, "\(path)[\(position)]") }
        }
        // A layer that mattes another (the one its tp names, else the one above it) is drawn
        // only through it, as ThorVG draws it, whether or not it says so with td.
        var matteSources: Set<String> = []
        for (position, item) in items.enumerated() where (item.matteMode ?? 0) != 0 {
            if let source = item.matteParent.flatMap({ byIndex[$0] }) { matteSources.insert(source.path) }
            else if position > 0 { matteSources.insert("\(path)[\(position - 1)]") }
        }
        // The composition's camera sees its 3-D layers (`LottieDepth`): each layer made, and
        // whether it is 3-D.
        let camera = self.camera(of: items, at: path)?.layer
        var layers: [(layer: Layer, deep: Bool)] = []
        for (position, item) in items.enumerated().reversed() {
            guard !notes.exhausted else { return [] }
            let at = "\(path)[\(position)]"
            guard !matteSources.contains(at), let layer = self.layer(item, at: at, clock: clock, depth: depth) else { continue }
            guard let placed = wrapped(layer, in: parents(of: item, at: at, byIndex: byIndex), clock: clock) else { return [] }
            guard let mode = item.matteMode, mode != 0 else {
                layers.append((placed, item.threeD))
                continue
            }
            // A track matte: the layer named by tp, else the one above, masks this one.
            let source = item.matteParent.flatMap { byIndex[$0] } ?? (position > 0 ? (items[position - 1], "\(path)[\(position - 1)]") : nil)
            guard let modes = [1: MaskMode.alpha, 2: .inverseAlpha, 3: .luminance, 4: .inverseLuminance][Int(saturating: mode)] else {
                notes.unsupported("track matte mode \(Int(saturating: mode)): drawn without the matte", at: at + ".tt")
                layers.append((placed, item.threeD))
                continue
            }
            // A null layer as the matte mattes nothing: the layer is drawn whole, as ThorVG draws it.
            if let source, source.layer.kind == .null {
                layers.append((placed, item.threeD))
                continue
            }
            guard var matted = makeLayer(id: uniqueID(layer.id + "Matte"), shape: .group, at: at + ".tt") else { return [] }
            matted.children = [placed]
            matted.values.size = Vector2(1, 1)
            matted.values.anchor = .zero
            // Around a 3-D layer, the camera's perspective passes through to it.
            if item.threeD, let camera { see(&matted, through: camera, size: size, clock: clock, passing: true) }
            if let source, let shape = self.layer(source.layer, at: source.path, clock: clock, depth: depth, asMatte: true),
               var matte = wrapped(shape, in: parents(of: source.layer, at: source.path, byIndex: byIndex), clock: clock) {
                matte.style.masking = modes
                matted.children.append(matte)
            } else if modes == .alpha || modes == .luminance {
                continue   // nothing shows through a matte that is not there
            }
            layers.append((matted, item.threeD))
        }
        guard let camera else { return layers.map(\.layer) }
        // Each run of 3-D layers in a group seeing it through the camera, in place among the 2-D.
        var seen: [Layer] = []
        var run: [Layer] = []
        func close() -> Bool {
            guard !run.isEmpty else { return true }
            guard var group = makeLayer(id: uniqueID(Self.identifier(camera.name, fallback: "camera") + "View"), shape: .group, at: path) else { return false }
            group.children = run
            see(&group, through: camera, size: size, clock: clock)
            seen.append(group)
            run = []
            return true
        }
        for (layer, deep) in layers {
            if deep {
                run.append(layer)
            } else {
                guard close() else { return [] }
                seen.append(layer)
            }
        }
        return close() ? seen : []
    }

    /// The parent chain of a layer, nearest first; a chain that loops back ends before the loop.
    /// Each parent is a group around the layer: a chain longer than `deepestParents` is refused.
    private mutating func parents(of item: LottieLayer, at path: String,
                                  byIndex: [Double: (layer: LottieLayer, path: String)]) -> [(layer: LottieLayer, path: String)] {
        var chain: [(LottieLayer, String)] = []
        var seen: Set<Double> = item.index.map { [$0] } ?? []
        var next = item.parent
        while let index = next, let parent = byIndex[index], seen.insert(index).inserted {
            guard chain.count < Self.deepestParents else {
                notes.exhaust("a layer may have at most \(Self.deepestParents) parents above it, each a group around it (found more)", at: path + ".parent")
                return []
            }
            chain.append(parent)
            next = parent.layer.parent
        }
        return chain
    }

    /// `layer` inside one group per parent, each repeating that parent's transform; nil past the
    /// layer limit (each group counts).
    private mutating func wrapped(_ layer: Layer, in parents: [(layer: LottieLayer, path: String)], clock: LottieClock) -> Layer? {
        var result = layer
        for (parent, path) in parents {
            let id = uniqueID(layer.id + "Parent")
            guard var group = makeLayer(id: id, shape: .group, at: path) else { return nil }
            book.layerPath = path
            group.children = [result]
            group.values.size = naturalSize(parent)
            applyTransform(parent.transform, at: path + ".ks", to: &group, size: group.values.size, clock: clock, opacity: false,
                           threeD: parent.threeD)
            if parent.autoOrient { autoOrient(parent.transform, layer: &group, clock: clock) }
            result = group
        }
        return result
    }

    /// A layer's bounds: a precomp's or solid's size, else a unit square whose anchor is in points.
    private func naturalSize(_ layer: LottieLayer) -> Vector2 {
        func size(_ width: Double?, _ height: Double?) -> Vector2 { Vector2(max(width ?? 1, 1e-6), max(height ?? 1, 1e-6)) }
        switch layer.kind {
        case .precomp: return size(layer.width, layer.height)
        case .solid: return size(layer.solidWidth, layer.solidHeight)
        case .image: return layer.reference.flatMap { assets[$0] }.map { size($0.asset.width, $0.asset.height) } ?? Vector2(1, 1)
        default: return Vector2(1, 1)
        }
    }

    /// A layer's own properties run on its composition's frames (`clock`), as ThorVG, rlottie
    /// and lottie-ios play them; its start time and stretch move only a precomp's layers.
    /// A matte source (`td`) draws only through the layer it mattes: as that layer's mask
    /// (`asMatte`), never on its own.
    private mutating func layer(_ json: LottieLayer, at path: String, clock: LottieClock, depth: Int, asMatte: Bool = false) -> Layer? {
        if json.hidden { return nil }
        if json.isMatte, !asMatte { return nil }

        let size = naturalSize(json)
        let id = uniqueID(Self.identifier(json.name, fallback: "layer"))
        guard var layer = makeLayer(id: id, shape: .group, at: path) else { return nil }
        book.layerPath = path
        // Its values matter only while it can show: within its in and out points, and its precomps'.
        let enclosing = book.window
        defer { book.window = enclosing }
        if let first = clock.rootFrame(of: json.inPoint ?? -.infinity), let last = clock.rootFrame(of: json.outPoint ?? .infinity),
           !first.isNaN, !last.isNaN {
            let own = min(first, last)...max(first, last)
            book.window = enclosing.map { $0.clamped(to: own) } ?? own
        }
        layer.values.size = size

        switch json.kind {
        case .shape:
            layer.children = shapes(json.shapes ?? [], at: path + ".shapes", owner: id, clock: clock)
        case .solid:
            layer.shape = .rect
            let color = json.solidColor.flatMap { Color(hex: $0) } ?? .clear
            layer.values.fill = color
        case .precomp:
            guard let reference = json.reference, let asset = assets[reference], let items = asset.asset.layers else {
                notes.unsupported("a precomp whose asset is missing: not drawn", at: path + ".refId")
                return nil
            }
            guard !openPrecomps.contains(reference) else {
                notes.unsupported("a precomp that contains itself: drawn without it", at: path + ".refId")
                return nil
            }
            guard depth < Self.deepestPrecomp else {
                notes.exhaust("precomps may nest at most \(Self.deepestPrecomp) deep (found \(depth + 1) here)", at: path + ".refId")
                return nil
            }
            openPrecomps.append(reference)
            defer { openPrecomps.removeLast() }
            let stretch = json.stretch.flatMap { $0 > 0 ? $0 : nil } ?? 1
            let inner = clock.precomp(start: json.startTime ?? 0, stretch: stretch, remap: json.timeRemap, frameRate: frameRate)
            layer.style.clips = true
            layer.children = composition(items, at: asset.path + ".layers", size: size, clock: inner, depth: depth + 1)
        case .null:
            return nil   // a null draws nothing; its children repeat its transform
        case .image:
            guard let source = image(json.reference, at: path) else { return nil }
            layer.shape = .image
            layer.values.image = source
            if let fit = json.reference.flatMap({ assets[$0]?.asset.fit }).flatMap(ContentMode.init(rawValue:)) { layer.style.contentMode = fit }
        case .text:
            layer.children = text(json, at: path, owner: id, clock: clock)
        case .other:
            return nil   // audio, camera, data layers draw nothing
        }
        book.layerPath = path   // a precomp's layers named theirs
        if let mode = json.blendMode, mode != 0 {
            if mode >= 0, mode < Double(Self.blendModes.count), mode == mode.rounded() { layer.style.blendMode = Self.blendModes[Int(saturating: mode)] }
            else { notes.unsupported("blend mode \(Int(saturating: mode)): drawn as normal", at: path + ".bm") }
        }
        applyTransform(json.transform, at: path + ".ks", to: &layer, size: size, clock: clock, opacity: true, threeD: json.threeD)
        effects(json.effects ?? [], at: path + ".ef", layer: &layer, clock: clock)
        layerStyles(json.styles ?? [], at: path + ".sy", layer: &layer,
                    hasShadowEffect: json.effects?.contains { $0.isEnabled && $0.type == 25 } == true, clock: clock)
        if json.autoOrient { autoOrient(json.transform, layer: &layer, clock: clock) }
        if let masks = json.masks, let mask = self.masks(masks, at: path + ".masksProperties", owner: id, clock: clock) {
            layer.children.append(mask)
        }

        // Shown from ip to op, both included, in its composition's frames.
        layer.values.hidden = book.visibility(id, from: json.inPoint ?? -.infinity, to: json.outPoint ?? .infinity, clock: clock)
        return layer
    }

    /// The image an image layer's asset names (`LottieImages`); nil, with the reason noted or
    /// the animation refused in `notes`, when it cannot be drawn.
    private mutating func image(_ reference: String?, at path: String) -> String? {
        guard let reference, let asset = assets[reference], asset.asset.file != nil else {
            notes.unsupported("an image layer whose asset is missing: not drawn", at: path + ".refId")
            return nil
        }
        return images.image(reference, asset: asset.asset, at: asset.path, notes: &notes)
    }

    /// A layer's masks as its mask layer: a group of one filled path per mask, each combined
    /// with those before it as its mode says (add, subtract, intersect, lighten, darken,
    /// difference), at its opacity, inverted with an inverse fill rule. The first mask starts
    /// from nothing, or from everything when it subtracts.
    private mutating func masks(_ items: [LottieMask], at path: String, owner: String, clock: LottieClock) -> Layer? {
        let operators: [String: BlendMode] = ["a": .normal, "s": .destinationOut, "i": .destinationIn, "l": .lighten, "d": .darken, "f": .xor]
        guard var group = makeLayer(id: uniqueID(owner + "Mask"), shape: .group, at: path) else { return nil }
        group.values.size = Vector2(1, 1)
        group.values.anchor = .zero
        group.style.masking = .alpha
        for (index, item) in items.enumerated() {
            let at = "\(path)[\(index)]"
            let mode = item.mode ?? "a"
            if mode == "n" { continue }
            guard var blend = operators[mode] else {
                notes.unsupported("mask mode \"\(mode)\": drawn without the mask", at: at + ".mode")
                continue
            }
            if let expansion = item.expansion, expansion.isAnimated || expansion.value(at: 0).first.map({ $0 != 0 }) == true {
                notes.unsupported("mask expansion: drawn unexpanded", at: at + ".x")
            }
            if group.children.isEmpty {
                if blend == .destinationOut {
                    guard var everything = makeLayer(id: uniqueID(group.id + "All"), shape: .path, at: at) else { return nil }
                    everything.values.anchor = .zero
                    everything.values.size = Vector2(1, 1)
                    everything.values.fill = .white
                    everything.style.fillRule = .inverseNonZero
                    group.children.append(everything)
                } else {
                    blend = .normal
                }
            }
            guard var shape = makeLayer(id: uniqueID(group.id + "Path"), shape: .path, at: at) else { return nil }
            shape.values.anchor = .zero
            shape.values.size = Vector2(1, 1)
            shape.style.blendMode = blend
            shape.style.fillRule = item.inverted ? .inverseNonZero : .nonZero
            let id = shape.id
            if let outline = item.outline {
                shape.values.path = book.animate(id, .path, outline, clock: clock, outline.path).path ?? SVGPath()
            }
            let opacity = item.opacity ?? .fixed([100])
            shape.values.fill = book.animate(id, .fill, opacity, clock: clock) {
                LottieColors.color([1, 1, 1], alpha: min(max(($0.first ?? 100) / 100, 0), 1))
            }.color ?? .white
            group.children.append(shape)
        }
        return group.children.isEmpty ? nil : group
    }

    /// Lottie's blend modes in the order of their numbers.
    private static let blendModes: [BlendMode] = [.normal, .multiply, .screen, .overlay, .darken, .lighten, .colorDodge, .colorBurn,
                                                  .hardLight, .softLight, .difference, .exclusion, .hue, .saturation, .color, .luminosity, .add]

    // MARK: - Transforms

    /// Sets a layer's position, anchor, scale, rotation (and opacity) from a Lottie transform;
    /// a 3-D layer's (`threeD`) turns and depth too (`applyDepth`).
    mutating func applyTransform(_ transform: LottieTransform?, at path: String, to layer: inout Layer, size: Vector2,
                                 clock: LottieClock, opacity: Bool, threeD: Bool = false) {
        let id = layer.id
        guard let transform else { return }
        if let anchor = transform.anchor {
            layer.values.anchor = book.animate(id, .anchor, anchor, clock: clock) { v in
                .vector(Vector2((v[safe: 0] ?? 0) / size.x, (v[safe: 1] ?? 0) / size.y))
            }.vector ?? layer.values.anchor
        } else {
            layer.values.anchor = .zero
        }
        if transform.splitPosition {
            let px = transform.positionX.map { book.animate(id, .position, component: 0, $0, clock: clock) { .number($0.first ?? 0) }.number ?? 0 } ?? 0
            let py = transform.positionY.map { book.animate(id, .position, component: 1, $0, clock: clock) { .number($0.first ?? 0) }.number ?? 0 } ?? 0
            layer.values.position = Vector2(px, py)
        } else if let position = transform.position {
            layer.values.position = book.animate(id, .position, position, clock: clock) { v in
                .vector(Vector2(v[safe: 0] ?? 0, v[safe: 1] ?? 0))
            }.vector ?? .zero
        }
        if let scale = transform.scale {
            layer.values.scale = book.animate(id, .scale, scale, clock: clock) { v in
                .vector(Vector2((v[safe: 0] ?? 100) / 100, (v[safe: 1] ?? 100) / 100))
            }.vector ?? Vector2(1, 1)
        }
        if let rotation = transform.planeRotation {
            layer.values.rotation = book.animate(id, .rotation, rotation, clock: clock) { .number(($0.first ?? 0) * .pi / 180) }.number ?? 0
        }
        if opacity, let alpha = transform.opacity {
            layer.values.opacity = book.animate(id, .opacity, alpha, clock: clock) { .number(min(max(($0.first ?? 100) / 100, 0), 1)) }.number ?? 1
        }
        // Skew (`sk`) along the axis `sa`, degrees, between the scale and the rotation.
        if let skew = transform.skew, skew.isAnimated || skew.value(at: 0).first.map({ $0 != 0 }) == true {
            func radians(_ v: [Double]) -> AnimatableValue { .number((v.first ?? 0) * .pi / 180) }
            layer.values.skew = book.animate(id, .skew, skew, clock: clock, radians).number ?? 0
            if let axis = transform.skewAxis { layer.values.skewAxis = book.animate(id, .skewAxis, axis, clock: clock, radians).number ?? 0 }
        }
        if threeD {
            applyDepth(transform, at: path, to: &layer, clock: clock)
        } else {
            for (axis, property) in [("rx", transform.rotationX), ("ry", transform.rotationY), ("or", transform.orientation)] where property != nil {
                notes.unsupported("3D rotation of a layer that is not 3-D (ddd 0): drawn flat", at: path + "." + axis)
            }
        }
    }

    /// Auto-orient (`ao`): the layer turned, on top of its rotation, to the direction its
    /// position moves in (`motionAngle`), as ThorVG turns it; a split position does not turn it.
    private mutating func autoOrient(_ transform: LottieTransform?, layer: inout Layer, clock: LottieClock) {
        guard let transform, !transform.splitPosition, let position = transform.position, position.isAnimated else { return }
        let rotation = transform.planeRotation
        let frame = clock.frame
        book.forget(layer.id, .rotation)
        layer.values.rotation = book.sample(layer.id, .rotation) { rootFrame in
            let f = frame(rootFrame)
            return .number((rotation?.value(at: f).first ?? 0) * .pi / 180 + (position.motionAngle(at: f) ?? 0))
        }.number ?? layer.values.rotation
    }

    // MARK: - Names

    /// An id from a Lottie name: letters, digits and underscores, starting with a letter.
    static func identifier(_ name: String?, fallback: String) -> String {
        var words = (name ?? "").split { !($0.isLetter || $0.isNumber) && $0 != "_" }.map(String.init)
        words = words.map { $0.unicodeScalars.allSatisfy(\.isASCII) ? $0 : String($0.unicodeScalars.filter(\.isASCII)) }.filter { !$0.isEmpty }
        guard let first = words.first else { return fallback }
        var id = first.prefix(1).lowercased() + first.dropFirst() + words.dropFirst().map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
        id = String(id.prefix(48))
        if let head = id.first, !head.isLetter { id = fallback + id }
        return id
    }

    /// `base`, or `base2`, `base3`… the first not taken. Each name remembers the number it
    /// reached, so n layers of one name take time linear in n.
    mutating func uniqueID(_ base: String) -> String {
        if usedIDs.insert(base).inserted { return base }
        var number = nextSuffix[base, default: 2]
        while !usedIDs.insert("\(base)\(number)").inserted { number += 1 }
        nextSuffix[base] = number + 1
        return "\(base)\(number)"
    }

    /// A new layer, counted against the scene's layer limit (every layer the reader makes:
    /// wrappers, mattes, masks and merges too); nil, with the animation refused at `path`, past it.
    mutating func makeLayer(id: String, shape: Shape, at path: String) -> Layer? {
        guard countLayer(at: path) else { return nil }
        return Layer(id: id, shape: shape)
    }

    /// Counts a layer made; false (with the animation refused at `path`) past the scene limit.
    mutating func countLayer(at path: String) -> Bool {
        guard !notes.exhausted else { return false }
        layerCount += 1
        if layerCount > SceneLimits.items {
            notes.exhaust("the animation expands to more than \(SceneLimits.items) layers (precomps are drawn once per use, parents once per child)", at: path)
            return false
        }
        return true
    }
}

extension AnimatableValue {
    var vector: Vector2? { if case .vector(let v) = self { v } else { nil } }
    var number: Double? { if case .number(let n) = self { n } else { nil } }
    var path: SVGPath? { if case .path(let p) = self { p } else { nil } }
    var color: Color? { if case .color(let c) = self { c } else { nil } }
    var gradient: Gradient? { if case .gradient(let g) = self { g } else { nil } }
}
