import RealModule
import ZoetropeCore
import ZoetropeFiles

/// A scene's frames as a Lottie animation (Bodymovin JSON, version 5.7): every value baked into
/// keyframes at the frame rate, so springs, overlapping additive animators and scripted control
/// (pause, reverse, scrub) play as they render; a move that one of the scene's cubic timing
/// curves makes from frame to frame is two keys eased by that curve.
///
/// Each layer becomes a null layer carrying its transform (anchor in pixels, position,
/// rotation in degrees, scale in percent), parent of its children's nulls and of the layer
/// that draws its content: shapes for rectangles, ellipses and paths (fill, gradient, stroke
/// with dashes and trim), the text's outline, or the image. Lottie parents lend their transform
/// only, so a content layer's opacity is its own times its ancestors'; a layer with children
/// that is ever translucent, or blended, is drawn as a precomp so they composite together, as
/// Core Animation composites a group. What Lottie players cannot draw this way is listed in
/// `notExported`, by the layer's id.
///
/// The writer builds the Lottie model (`LottieAnimation`, its layers, shape items and
/// properties) and writes it through the model's key tables, so each key is spelled once, where
/// the reader reads it.
public struct LottieWriter {
    /// The frames, one presentation per frame from 0, all with the same layers.
    let frames: [PresentationTree]
    let frameRate: Double
    /// The outline a text layer draws, in its bounds' coordinates.
    let textOutline: (LayerValues, LayerStyle) -> SVGPath
    /// The bytes of an image file a layer shows (nil when it cannot be read).
    let imageBytes: (String) -> [UInt8]?
    /// The cubic timing curves a run of frames may be eased by (the scene's), then straight.
    let easings: [CubicTimingParameters]
    private(set) var notExported: [LottieExportNote] = []
    private var assets: [LottieAsset] = []
    private var assetIDs: [String: (id: String, width: Int, height: Int)] = [:]

    /// `easings`: the cubic timing curves the scene's animators, groups and keyframe tracks use
    /// (`LottieWriter.easings(of:)`), which a run of frames is tried against before it is baked.
    public init(frames: [PresentationTree], frameRate: Double, textOutline: @escaping (LayerValues, LayerStyle) -> SVGPath,
                imageBytes: @escaping (String) -> [UInt8]?, easings: [CubicTimingParameters] = []) {
        self.frames = frames
        self.frameRate = frameRate
        self.textOutline = textOutline
        self.imageBytes = imageBytes
        var unique: [CubicTimingParameters] = []
        for curve in easings + [.linear] where !unique.contains(curve) { unique.append(curve) }
        self.easings = unique
    }

    /// The cubic curves `scene` times things by: its animators' and groups' timing, and its
    /// keyframe tracks' timing functions.
    public static func easings(of scene: Scene) -> [CubicTimingParameters] {
        let animators = scene.animators.flatMap { animator -> [CubicTimingParameters] in
            let own: [CubicTimingParameters] = if case .cubic(let curve) = animator.timing { [curve] } else { [] }
            return own + animator.blocks.flatMap { $0.tracks.flatMap(\.track.timingFunctions) }
        }
        return animators + scene.groups.map(\.timing)
    }

    /// The animation as compact JSON named `name`, and what it draws without (once per layer
    /// and feature).
    public mutating func json(name: String) -> LottieExport {
        LottieExport(text: animation(name: name).json.compact(), notExported: notExported)
    }

    /// The animation named `name` as the Lottie model; what it draws without in `notExported`.
    mutating func animation(name: String) -> LottieAnimation {
        (notExported, assets, assetIDs) = ([], [], [:])
        guard let first = frames.first else { return LottieAnimation() }
        let tree = first.layers
        if frames.contains(where: { $0.layers != tree }) {
            note("scene", "layers", "layers added, removed or restyled while it runs: exported as they are at the first frame")
        }
        // Content layers in drawing order (bottom first), then the nulls that carry transforms.
        var drawn: [LottieLayer] = [], nulls: [LottieLayer] = []
        for root in ordered(tree.roots) { subtree(root, parentNull: nil, precomp: nil, drawn: &drawn, nulls: &nulls) }
        if let background = backgroundLayer() { drawn.insert(background, at: 0) }
        let size = first.canvas.size
        return LottieAnimation(version: "5.7.0", name: name, frameRate: frameRate, inPoint: 0, outPoint: Double(frames.count),
                               width: size.x.rounded(), height: size.y.rounded(), assets: assets, layers: drawn.reversed() + nulls)
    }

    /// `json` (an animation) packed as a dotLottie archive, its animation named `id`.
    public static func dotLottie(_ json: String, id: String) -> [UInt8] {
        let safe = String(id.unicodeScalars.filter { $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "-" || $0 == "_") })
        return LottieArchive.dotLottie(json: Array(json.utf8), id: safe.isEmpty ? "animation" : safe)
    }

    mutating func note(_ layer: String, _ property: String, _ feature: String) {
        let note = LottieExportNote(layer: layer, property: property, feature: feature)
        if !notExported.contains(note) { notExported.append(note) }
    }

    /// Siblings in drawing order at the first frame (`zIndex`, then file order).
    mutating func ordered(_ indices: [Int]) -> [Int] {
        let first = frames[0].values
        func z(_ index: Int) -> Double { first[index].zIndex }
        if indices.contains(where: { index in frames.contains { $0.values[index].zIndex != z(index) } }) {
            note(frames[0].layers.nodes[indices[0]].parent.map { frames[0].layers.nodes[$0].id } ?? "scene", "zIndex",
                 "zIndex changing while it runs: children keep their order at the first frame")
        }
        return indices.enumerated().sorted { (z($0.element), $0.offset) < (z($1.element), $1.offset) }.map(\.element)
    }

    // MARK: - Layers

    /// The layers of `index` and its descendants, added to `drawn` (bottom first) and `nulls`.
    /// Inside a precomp, `precomp` is the layer it draws, whose opacity the precomp layer has.
    mutating func subtree(_ index: Int, parentNull: Double?, precomp: Int?, drawn: inout [LottieLayer], nulls: inout [LottieLayer]) {
        let node = frames[0].layers.nodes[index]
        let children = node.children.filter { frames[0].layers.nodes[$0].style.masking == nil }
        let values = frames.map { $0.values[index] }
        let mask = maskChild(of: index)
        // A group composited as one picture: translucent, blended, blurred, casting a shadow
        // or masked.
        if index != precomp, mask != nil || !children.isEmpty && values.contains(where: { $0.opacity > 0 && $0.opacity < 1 || Self.castsShadow($0) || $0.blur > 0 })
            || node.style.blendMode != .normal {
            var inner: [LottieLayer] = [], innerNulls: [LottieLayer] = []
            subtree(index, parentNull: 0, precomp: index, drawn: &inner, nulls: &innerNulls)
            var group = precompLayer("comp_\(index)", name: node.id + "Group", index: contentIndex(index, 0), parent: parentNull,
                                     layers: inner, nulls: innerNulls,
                                     opacity: animatedInFrame(index) { [seenOpacity(index, $1, below: precomp) * 100] })
            group.blendMode = blendMode(index, node)
            group.effects = effects(index)
            let matte = mask.flatMap { self.mask(&group, by: $0, of: index, parentNull: parentNull) }
            drawn.append(group)
            if let matte { drawn.append(matte) }
            return
        }
        nulls.append(transformLayer(index, parentNull: parentNull))
        drawn += contentLayers(index, precomp: precomp)
        // A replicator's children are drawn by its repeater, in its content.
        if repeats(index) { return }
        guard node.style.clips, !children.isEmpty else {
            for child in ordered(children) { subtree(child, parentNull: nullIndex(index), precomp: precomp, drawn: &drawn, nulls: &nulls) }
            return
        }
        // Children clipped to the bounds: a precomp of them, masked by the bounds.
        var inner: [LottieLayer] = [], innerNulls: [LottieLayer] = []
        for child in ordered(children) { subtree(child, parentNull: 0, precomp: precomp, drawn: &inner, nulls: &innerNulls) }
        let reach = Self.precompReach
        let bounds = animatedShape(values.map { v in
            LottieContour.roundedRect(origin: Vector2(reach, reach), size: v.size, radius: Vector2(v.cornerRadius, v.cornerRadius))
        })
        var clip = precompLayer("clip_\(index)", name: node.id + "Clip", index: contentIndex(index, 2), parent: nullIndex(index),
                                layers: inner, nulls: innerNulls, opacity: .fixed([100]))
        Self.mask(&clip, by: bounds)
        drawn.append(clip)
    }

    /// How far a precomp's origin lies from its layer's: its content may reach this far to
    /// either side before the precomp's bounds clip it.
    static let precompReach = 8192.0

    /// A precomp layer drawing `layers` (bottom first), whose `nulls` hang from a null at the
    /// precomp's origin (`ind` 0), that layer's own coordinates.
    mutating func precompLayer(_ id: String, name: String, index: Double, parent: Double?, layers: [LottieLayer], nulls: [LottieLayer],
                                       opacity: LottieProperty<[Double]>) -> LottieLayer {
        let reach = Self.precompReach
        let origin = layer(.null, name: "Origin", index: 0, parent: nil,
                           transform: LottieTransform(position: .fixed([reach, reach]), opacity: .fixed([100])))
        assets.append(LottieAsset(id: id, name: name, frameRate: frameRate, layers: layers.reversed() + nulls + [origin]))
        var precomp = layer(.precomp, name: name, index: index, parent: parent,
                            transform: LottieTransform(anchor: .fixed([reach, reach]), opacity: opacity))
        precomp.reference = id
        precomp.width = 2 * reach
        precomp.height = 2 * reach
        return precomp
    }

    /// `layer` masked by `outline` (added to nothing: drawn only inside it).
    private static func mask(_ layer: inout LottieLayer, by outline: LottieProperty<LottieBezier>) {
        layer.hasMasks = true
        layer.masks = [LottieMask(mode: LottieMask.Mode.add.rawValue, outline: outline, opacity: .fixed([100]))]
    }

    static func castsShadow(_ values: LayerValues) -> Bool { values.shadowOpacity > 0 && values.shadowColor.alpha > 0 }

    /// CALayer's shadow as Lottie's drop shadow effect (ThorVG's and lottie-web's reading: the
    /// direction clockwise from up, in degrees; opacity 0…255; blur σ = 0.3 × softness); nil
    /// when the layer never casts one.
    private func shadowEffects(_ index: Int) -> [LottieEffect] {
        guard frames.contains(where: { Self.castsShadow($0.values[index]) }) else { return [] }
        func parameter(_ kind: LottieEffectParameter.Kind, _ name: String, _ value: LottieProperty<[Double]>) -> LottieEffectParameter {
            LottieEffectParameter(type: kind.rawValue, name: name, value: value)
        }
        return [LottieEffect(type: LottieEffect.Kind.dropShadow.rawValue, name: "Drop Shadow", enabled: 1, parameters: [
            parameter(.color, "Shadow Color", animated(index) { v in [v.shadowColor.red, v.shadowColor.green, v.shadowColor.blue, 1] }),
            parameter(.slider, "Opacity", animated(index) { v in [Self.castsShadow(v) ? min(max(v.shadowOpacity, 0), 1) * v.shadowColor.alpha * 255 : 0] }),
            parameter(.slider, "Direction", animated(index) { v in [90 - Double.atan2(y: -v.shadowOffset.y, x: v.shadowOffset.x) * 180 / .pi] }),
            parameter(.slider, "Distance", animated(index) { v in [(v.shadowOffset.x * v.shadowOffset.x + v.shadowOffset.y * v.shadowOffset.y).squareRoot()] }),
            parameter(.slider, "Softness", animated(index) { v in [max(v.shadowRadius, 0) / 2 / 0.3] }),
        ])]
    }

    /// The layer's colour filters, its blur, then its shadow as Lottie effects; nil when it has none.
    private func effects(_ index: Int) -> [LottieEffect]? {
        let all = filterEffects(index) + blurEffects(index) + shadowEffects(index)
        return all.isEmpty ? nil : all
    }

    /// The layer's colour filters as the After Effects effects the reader maps to them (Fill 21,
    /// Tint 20, Tritone 23, Pro Levels 24, each parameter where ThorVG and lottie-web read it);
    /// an invert, which ThorVG and lottie-web do not draw, is noted by `checkEffects` instead.
    private func filterEffects(_ index: Int) -> [LottieEffect] {
        func slider(_ name: String, _ value: Double) -> LottieEffectParameter {
            LottieEffectParameter(type: LottieEffectParameter.Kind.slider.rawValue, name: name, value: .fixed([value]))
        }
        func colour(_ name: String, _ color: Color) -> LottieEffectParameter {
            LottieEffectParameter(type: LottieEffectParameter.Kind.color.rawValue, name: name, value: .fixed([color.red, color.green, color.blue, 1]))
        }
        return frames[0].layers.nodes[index].style.filters.compactMap { filter in
            switch filter {
            case let .fill(color, opacity):
                // Fill mask (0: none), all masks, colour, invert, horizontal and vertical feather, opacity.
                return LottieEffect(type: 21, name: "Fill", enabled: 1, parameters: [
                    slider("Fill Mask", 0), slider("All Masks", 0), colour("Color", color), slider("Invert", 0),
                    slider("Horizontal Feather", 0), slider("Vertical Feather", 0), slider("Opacity", opacity),
                ])
            case let .tint(black, white, amount):
                return LottieEffect(type: 20, name: "Tint", enabled: 1, parameters: [
                    colour("Map Black To", black), colour("Map White To", white), slider("Amount to Tint", amount * 100),
                ])
            case let .tritone(highlights, midtones, shadows, blend):
                return LottieEffect(type: 23, name: "Tritone", enabled: 1, parameters: [
                    colour("Highlights", highlights), colour("Midtones", midtones), colour("Shadows", shadows),
                    slider("Blend With Original", blend * 100),
                ])
            case let .levels(levels):
                // Channel, histogram, then RGB's input black, input white, gamma, output black and
                // white (3…7), then red's, green's, blue's and alpha's at identity (10…35).
                var parameters = [slider("Channel", 1), slider("Histogram", 0), slider("RGB", 0),
                                  slider("Input Black", levels.inputBlack), slider("Input White", levels.inputWhite), slider("Gamma", levels.gamma),
                                  slider("Output Black", levels.outputBlack), slider("Output White", levels.outputWhite), slider("RGB", 0), slider("Red", 0)]
                for channel in ["Red", "Green", "Blue", "Alpha"] {
                    let identity: [(String, Double)] = [("Input Black", 0), ("Input White", 1), ("Gamma", 1), ("Output Black", 0), ("Output White", 1)]
                    parameters += identity.map { slider("\(channel) \($0.0)", $0.1) } + [slider(channel, 0), slider(channel, 0)]
                }
                return LottieEffect(type: 24, name: "Levels (Individual Controls)", enabled: 1, parameters: Array(parameters.prefix(36)))
            case .invert:
                return nil
            }
        }
    }

    /// The layer's blur as the Gaussian blur effect (`ty` 29): blurriness = σ ÷ 0.3 (ThorVG's
    /// and the reader's reading), in both directions, edges not repeated.
    private func blurEffects(_ index: Int) -> [LottieEffect] {
        guard frames.contains(where: { $0.values[index].blur > 0 }) else { return [] }
        return [LottieEffect(type: LottieEffect.Kind.gaussianBlur.rawValue, name: "Gaussian Blur", enabled: 1, parameters: [
            LottieEffectParameter(type: LottieEffectParameter.Kind.slider.rawValue, name: "Blurriness",
                                  value: animated(index) { v in [max(v.blur, 0) / 0.3] }),
            // A dropdown (`ty` 7): 1 blurs horizontally and vertically, 2 horizontally, 3 vertically.
            LottieEffectParameter(type: 7, name: "Blur Dimensions", value: .fixed([Self.blurDimensions(frames[0].layers.nodes[index].style.blurDirection)])),
            LottieEffectParameter(type: LottieEffectParameter.Kind.checkbox.rawValue, name: "Repeat Edge Pixels", value: .fixed([0])),
        ])]
    }

    private static func blurDimensions(_ direction: BlurDirection) -> Double {
        switch direction {
        case .both: 1
        case .horizontal: 2
        case .vertical: 3
        }
    }

    /// Lottie's `ind` of the null carrying a layer's transform, and of its content layers.
    /// Five numbers a layer: its null, then its shapes (part 0), image (1), clipped
    /// children's precomp (2) and its mask's matte (3); 0 is a precomp's origin.
    func nullIndex(_ index: Int) -> Double { Double(index * 5 + 1) }
    func contentIndex(_ index: Int, _ part: Int) -> Double { Double(index * 5 + 2 + part) }

    /// A layer of `kind` shown through every frame, at normal speed.
    private func layer(_ kind: LottieLayer.Kind, name: String, index: Double, parent: Double?, transform: LottieTransform) -> LottieLayer {
        var layer = LottieLayer(kind: kind)
        layer.name = name
        layer.index = index
        layer.parent = parent
        layer.stretch = 1
        layer.transform = transform
        layer.inPoint = 0
        layer.outPoint = Double(frames.count)
        layer.startTime = 0
        return layer
    }

    func transformLayer(_ index: Int, parentNull: Double?) -> LottieLayer {
        let node = frames[0].layers.nodes[index]
        let transform = LottieTransform(
            anchor: animated(index) { v in [v.anchor.x * v.size.x, v.anchor.y * v.size.y] },
            position: animated(index) { v in [v.position.x + v.translation.x, v.position.y + v.translation.y] },
            scale: animated(index) { v in [v.scale.x * 100, v.scale.y * 100] },
            rotation: animated(index) { v in [v.rotation * 180 / .pi] },
            opacity: .fixed([100]))
        return layer(.null, name: node.id, index: nullIndex(index), parent: parentNull, transform: transform)
    }

    /// The opacity a layer is seen with: its own times its ancestors', 0 when one is hidden;
    /// inside a precomp, up to the layer it draws (whose opacity is the precomp layer's).
    func seenOpacity(_ index: Int, _ frame: PresentationTree, below precomp: Int?) -> Double {
        var opacity = 1.0, current: Int? = index
        while let layer = current, layer != precomp {
            let values = frame.values[layer]
            opacity *= values.hidden ? 0 : min(max(values.opacity, 0), 1)
            current = frame.layers.nodes[layer].parent
        }
        return opacity
    }

    /// The layers drawing a layer's content, bottom first: shapes, and an image above them.
    private mutating func contentLayers(_ index: Int, precomp: Int?) -> [LottieLayer] {
        let node = frames[0].layers.nodes[index]
        checkEffects(index, node)
        var layers: [LottieLayer] = []
        // A replicator's copies (a repeater) above its own shapes.
        let shapes = (repeats(index) ? [copies(index)] : []) + ownShapes(index)
        if !shapes.isEmpty {
            var content = layer(.shape, name: node.id + "Content", index: contentIndex(index, 0), parent: nullIndex(index),
                                transform: LottieTransform(opacity: animatedInFrame(index) { [seenOpacity(index, $1, below: precomp) * 100] }))
            content.shapes = shapes
            if index != precomp {
                content.blendMode = blendMode(index, node)
                content.effects = effects(index)
            }
            layers.append(content)
        }
        if node.shape == .image, let image = imageLayer(index, node, precomp: precomp) { layers.append(image) }
        return layers
    }

    /// The shapes drawing a layer's own content (none for an image).
    mutating func ownShapes(_ index: Int) -> [LottieShapeItem] {
        let node = frames[0].layers.nodes[index]
        var shapes: [LottieShapeItem] = []
        switch node.shape {
        case .rect, .group:
            shapes = paintedGroups(index, geometry: [geometry(index, ellipse: false)], filled: true)
        case .image:
            break
        case .ellipse:
            shapes = paintedGroups(index, geometry: [geometry(index, ellipse: true)], filled: true)
        case .path:
            shapes = paintedGroups(index, geometry: paths(index) { $0.path }, filled: true)
        case .text:
            // One outline, one fill: runs' own colours and underlines are not carried.
            if frames.contains(where: { frame in node.style.runs(for: frame.values[index].text).contains { $0.color != nil || $0.underline } }) {
                note(node.id, "runs", "text runs' own colours and underlines: drawn in the layer's colour, without underlines")
            }
            let text = paths(index) { [textOutline] values in values.text.isEmpty ? SVGPath() : textOutline(values, node.style) }
            let fill = LottieFill(color: animated(index) { v in [v.color.red, v.color.green, v.color.blue, 1] },
                                  opacity: animated(index) { v in [v.color.alpha * 100] }, fillRule: 1)
            let glyphs = LottieShapeItem(name: "Text", .group(LottieShapeGroup(items: text + [LottieShapeItem(.fill(fill)), Self.groupTransform])))
            shapes = [glyphs] + paintedGroups(index, geometry: [roundedRect(index)], filled: true, stroked: false)
        }
        return shapes
    }

    /// Lottie's blend mode (`bm`) for the layer's, nil for normal or one Lottie lacks (noted).
    private mutating func blendMode(_ index: Int, _ node: LayerTree.Node) -> Double? {
        let mode = node.style.blendMode
        guard mode != .normal else { return nil }
        let lottie: Int? = switch mode {
        case .add, .plusLighter: 16
        case .destinationIn, .destinationOut, .xor: nil
        default: BlendMode.allCases.firstIndex(of: mode)
        }
        guard let lottie else {
            note(node.id, "blendMode", "blend mode \(mode.rawValue): drawn normally")
            return nil
        }
        return Double(lottie)
    }

    mutating func checkEffects(_ index: Int, _ node: LayerTree.Node) {
        let values = frames.map { $0.values[index] }
        if !node.children.isEmpty, values.contains(where: \.replicates), !repeats(index) {
            note(node.id, "replicatorCount", "replicator: children drawn once")
        }
        if values.contains(where: { $0.backdropBlur > 0 }) { note(node.id, "backdropBlur", "backdrop blur: drawn without it") }
        func isConic(_ gradient: Gradient?) -> Bool { if case .conic = gradient?.kind { true } else { false } }
        if values.contains(where: { isConic($0.gradient) || isConic($0.strokeGradient) }) {
            note(node.id, isConic(values.first { isConic($0.gradient) }?.gradient) ? "gradient" : "strokeGradient", "conic gradient: drawn linear, from its centre towards its angle 0")
        }
        let depth: [(String, (LayerValues) -> Bool)] = [
            ("rotationX", { $0.rotationX != 0 }), ("rotationY", { $0.rotationY != 0 }), ("translationZ", { $0.translationZ != 0 }),
            ("anchorZ", { $0.anchorZ != 0 }), ("perspective", { $0.perspective != 0 }), ("sublayerPerspective", { $0.sublayerPerspective != 0 }),
        ]
        for (property, used) in depth where values.contains(where: used) {
            note(node.id, property, "3D transform: drawn flat")
        }
        if !node.style.isDoubleSided { note(node.id, "doubleSided", "3D transform: drawn flat, its back shown") }
        if node.style.filters.contains(where: { if case .invert = $0 { true } else { false } }) {
            note(node.id, "filters", "invert filter: drawn without it (ThorVG and lottie-web draw no Invert effect)")
        }
        if values.contains(where: { $0.skew != 0 }) { note(node.id, "skew", "skew: drawn unskewed") }
        func focused(_ gradient: Gradient?) -> Bool { gradient?.focus != nil }
        if values.contains(where: { focused($0.gradient) || focused($0.strokeGradient) }) {
            note(node.id, focused(values.first { focused($0.gradient) }?.gradient) ? "gradient" : "strokeGradient", "radial gradient's focus: drawn centred")
        }
        if node.style.emitter?.cells.contains(where: { $0.isEnabled && $0.birthRate > 0 }) == true {
            note(node.id, "emitter", "emitter: its particles are left out (Lottie has no particles)")
        }
    }

    private func backgroundLayer() -> LottieLayer? {
        let canvas = frames[0].canvas
        guard canvas.background.alpha > 0 else { return nil }
        let color = canvas.background
        var background = layer(.solid, name: "Background", index: 0, parent: nil, transform: LottieTransform(opacity: .fixed([color.alpha * 100])))
        background.solidColor = "#" + [color.red, color.green, color.blue].map { component -> String in
            let byte = String(Int(saturating: min(max(component, 0), 1) * 255, rounding: .toNearestOrAwayFromZero), radix: 16)
            return byte.count == 1 ? "0" + byte : byte
        }.joined()
        background.solidWidth = canvas.size.x.rounded()
        background.solidHeight = canvas.size.y.rounded()
        return background
    }

    // MARK: - Geometry

    /// Lottie's direction for a shape drawn as it is given (clockwise in After Effects' terms).
    private static let forward = 1.0

    /// The rectangle or ellipse as Lottie's own shape, or as the path Cairo draws when the
    /// stroke is dashed or trimmed (Lottie's shapes start elsewhere: dashes would fall apart).
    private func geometry(_ index: Int, ellipse: Bool) -> LottieShapeItem {
        let style = frames[0].layers.nodes[index].style
        guard !style.strokeDash.isEmpty || frames.contains(where: { $0.values[index].strokeStart > 0 || $0.values[index].strokeEnd < 1 }) else {
            return ellipse ? self.ellipse(index) : roundedRect(index)
        }
        return LottieShapeItem(.path(LottiePath(outline: animatedShape(frames.map { frame in
            let v = frame.values[index]
            return ellipse ? LottieContour.ellipse(size: v.size)
                : LottieContour.roundedRect(origin: .zero, size: v.size, radius: Vector2(v.cornerRadius, v.cornerRadius))
        }), direction: Self.forward)))
    }

    private func roundedRect(_ index: Int) -> LottieShapeItem {
        LottieShapeItem(.rectangle(LottieRectangle(
            position: animated(index) { v in [v.size.x / 2, v.size.y / 2] },
            size: animated(index) { v in [v.size.x, v.size.y] },
            roundness: animated(index) { v in [min(max(v.cornerRadius, 0), v.size.x / 2, v.size.y / 2)] },
            direction: Self.forward)))
    }

    private func ellipse(_ index: Int) -> LottieShapeItem {
        LottieShapeItem(.ellipse(LottieEllipse(
            position: animated(index) { v in [v.size.x / 2, v.size.y / 2] },
            size: animated(index) { v in [v.size.x, v.size.y] },
            direction: Self.forward)))
    }

    /// One path item per contour of the path the layer shows at each frame (a contour missing
    /// at a frame is empty there; contours whose points differ in number jump between frames).
    private func paths(_ index: Int, _ path: (LayerValues) -> SVGPath) -> [LottieShapeItem] {
        var cache: [SVGPath: [LottieContour]] = [:]
        let contours = frames.map { frame -> [LottieContour] in
            let shown = path(frame.values[index])
            if let known = cache[shown] { return known }
            let made = LottieContour.contours(of: shown)
            cache[shown] = made
            return made
        }
        let count = contours.map(\.count).max() ?? 0
        return (0..<count).map { number in
            let shapes = contours.map { number < $0.count ? $0[number] : LottieContour(closed: false, points: []) }
            return LottieShapeItem(.path(LottiePath(outline: animatedShape(shapes), direction: Self.forward)))
        }
    }

    // MARK: - Paint

    /// `[stroke group, fill group]` (Lottie draws the first on top), or one group when the
    /// stroke is never trimmed: Lottie's trim cuts every path after it, fills too, where
    /// `strokeStart`/`strokeEnd` cut only the stroke.
    private mutating func paintedGroups(_ index: Int, geometry: [LottieShapeItem], filled: Bool, stroked: Bool = true) -> [LottieShapeItem] {
        let values = frames.map { $0.values[index] }
        let fills = filled && values.contains { $0.gradient != nil || $0.fill.alpha > 0 }
        let strokes = stroked && values.contains { $0.strokeWidth > 0 && ($0.strokeGradient != nil || $0.strokeColor.alpha > 0) }
        let trimmed = strokes && values.contains { $0.strokeStart > 0 || $0.strokeEnd < 1 || $0.strokeOffset != 0 }
        let fill = fills ? [fillItem(index)] : [], stroke = strokes ? [strokeItem(index)] : []
        func group(_ name: String, _ items: [LottieShapeItem], around: [LottieShapeItem] = geometry) -> LottieShapeItem {
            LottieShapeItem(name: name, .group(LottieShapeGroup(items: around + items + [Self.groupTransform])))
        }
        // An inverse fill rule fills the outline with a rectangle far around it, even-odd: what
        // lies outside the path (where the path's non-zero and even-odd insides agree, for
        // `inverseNonZero`), out to the precomp's reach. The stroke keeps the path alone.
        if frames[0].layers.nodes[index].style.fillRule.isInverse, fills {
            let reach = Self.precompReach
            let around = LottieShapeItem(.path(LottiePath(outline: .fixed(LottieContour.roundedRect(
                origin: Vector2(-reach, -reach), size: Vector2(2 * reach, 2 * reach), radius: .zero).bezier), direction: Self.forward)))
            return (strokes ? [group("Stroke", (trimmed ? [trimItem(index)] : []) + stroke)] : []) + [group("Fill", fill, around: geometry + [around])]
        }
        if trimmed {
            return [group("Stroke", [trimItem(index)] + stroke)] + (fills ? [group("Fill", fill)] : [])
        }
        return fills || strokes ? [group("Paint", stroke + fill)] : []
    }

    private func fillItem(_ index: Int) -> LottieShapeItem {
        let node = frames[0].layers.nodes[index]
        // Lottie's fill rules: 1 non-zero, 2 even-odd.
        let rule: Double = node.style.fillRule.inside == .evenOdd || node.style.fillRule.isInverse ? 2 : 1
        if frames.contains(where: { $0.values[index].gradient != nil }) {
            var paint = gradientPaint(index) { $0.gradient ?? Self.solid($0.fill) }
            paint.fillRule = rule
            return LottieShapeItem(.gradientFill(paint))
        }
        return LottieShapeItem(.fill(LottieFill(color: animated(index) { v in [v.fill.red, v.fill.green, v.fill.blue, 1] },
                                                opacity: animated(index) { v in [v.fill.alpha * 100] }, fillRule: rule)))
    }

    private func strokeItem(_ index: Int) -> LottieShapeItem {
        let style = frames[0].layers.nodes[index].style
        var dashes: [LottieDash]?
        if !style.strokeDash.isEmpty {
            // An odd list repeats to an even one, as Cairo and SVG read it.
            let lengths = style.strokeDash.count % 2 == 1 ? style.strokeDash + style.strokeDash : style.strokeDash
            dashes = lengths.enumerated().map { number, length in
                LottieDash(kind: (number % 2 == 0 ? LottieDash.Kind.dash : .gap).rawValue, value: .fixed([length]))
            } + [LottieDash(kind: LottieDash.Kind.offset.rawValue, value: animated(index) { v in [v.strokeDashPhase] })]
        }
        // Lottie's caps and joins count from 1 (butt or miter, round, square or bevel); its
        // miter limit is in half widths from the corner, as Zoetrope's and Cairo's.
        let drawn = LottieStrokeStyle(width: animated(index) { v in [max(v.strokeWidth, 0)] },
                                      cap: Double([LineCap.butt, .round, .square].firstIndex(of: style.strokeCap) ?? 0) + 1,
                                      join: Double([LineJoin.miter, .round, .bevel].firstIndex(of: style.strokeJoin) ?? 0) + 1,
                                      miterLimit: style.strokeMiterLimit, dashes: dashes)
        if frames.contains(where: { $0.values[index].strokeGradient != nil }) {
            var paint = gradientPaint(index) { $0.strokeGradient ?? Self.solid($0.strokeColor) }
            paint.style = drawn
            return LottieShapeItem(.gradientStroke(paint))
        }
        return LottieShapeItem(.stroke(LottieStroke(color: animated(index) { v in [v.strokeColor.red, v.strokeColor.green, v.strokeColor.blue, 1] },
                                                    opacity: animated(index) { v in [v.strokeColor.alpha * 100] }, style: drawn)))
    }

    private func trimItem(_ index: Int) -> LottieShapeItem {
        // Lottie's trim modes: 1 each path alike, 2 all paths as one.
        let mode: Double = frames[0].layers.nodes[index].style.strokeTrim == .eachSubpath ? 1 : 2
        return LottieShapeItem(.trim(LottieTrim(
            start: animated(index) { v in [min(max(v.strokeStart, 0), 1) * 100] },
            end: animated(index) { v in [max(min(max(v.strokeEnd, 0), 1), min(max(v.strokeStart, 0), 1)) * 100] },
            offset: animated(index) { v in [v.strokeOffset * 360] }, mode: mode)))
    }

    /// A solid colour as a gradient, for the frames a gradient paint shows a colour.
    private static func solid(_ color: Color) -> Gradient {
        Gradient(kind: .linear(from: .zero, to: Vector2(1, 0)), stops: [Gradient.Stop(offset: 0, color: color), Gradient.Stop(offset: 1, color: color)])
    }

    /// A gradient fill's or stroke's paint; the points are the layer's (unit coordinates of its
    /// bounds).
    private func gradientPaint(_ index: Int, _ gradient: @escaping (LayerValues) -> Gradient) -> LottieGradientPaint {
        let first = gradient(frames[0].values[index])
        let radial = if case .radial = first.kind { true } else { false }
        func ends(_ v: LayerValues) -> (Vector2, Vector2) {
            switch gradient(v).kind {
            case let .linear(from, to): (Vector2(from.x * v.size.x, from.y * v.size.y), Vector2(to.x * v.size.x, to.y * v.size.y))
            case let .radial(center, radius):
                (Vector2(center.x * v.size.x, center.y * v.size.y), Vector2(center.x * v.size.x + radius * max(v.size.x, v.size.y), center.y * v.size.y))
            // Lottie has no conic gradient: linear along offset 0's line (`checkEffects` notes it).
            case let .conic(center, to): (Vector2(center.x * v.size.x, center.y * v.size.y), Vector2(to.x * v.size.x, to.y * v.size.y))
            }
        }
        // Colour stops then opacity stops, as Lottie lists them; stops added or taken away jump.
        let stops = animated(index) { v in
            let stops = gradient(v).stops
            return stops.flatMap { [$0.offset, $0.color.red, $0.color.green, $0.color.blue] } + stops.flatMap { [$0.offset, $0.color.alpha] }
        }
        // Lottie's gradient types: 1 linear, 2 radial (highlight length and angle 0: centred).
        return LottieGradientPaint(opacity: .fixed([100]), stops: LottieGradientStops(count: Double(first.stops.count), values: stops),
                                   start: animated(index) { v in let e = ends(v); return [e.0.x, e.0.y] },
                                   end: animated(index) { v in let e = ends(v); return [e.1.x, e.1.y] },
                                   gradientType: radial ? 2 : 1,
                                   highlightLength: radial ? .fixed([0]) : nil, highlightAngle: radial ? .fixed([0]) : nil)
    }

    /// The identity transform that closes a shape group.
    static let groupTransform = LottieShapeItem(.transform(LottieTransform(
        anchor: .fixed([0, 0]), position: .fixed([0, 0]), scale: .fixed([100, 100]), rotation: .fixed([0]), opacity: .fixed([100]))))

    // MARK: - Images

    /// An image layer under the layer's null, scaled into its bounds as its content mode says
    /// and masked to them.
    private mutating func imageLayer(_ index: Int, _ node: LayerTree.Node, precomp: Int?) -> LottieLayer? {
        let file = frames[0].values[index].image
        guard !file.isEmpty else { return nil }
        if frames.contains(where: { $0.values[index].image != file }) { note(node.id, "image", "image changing while it runs: shows the first") }
        guard let asset = imageAsset(file) else {
            note(node.id, "image", "image: not a readable PNG, JPEG or WebP within the limits, left out")
            return nil
        }
        let width = Double(asset.width), height = Double(asset.height)
        func placement(_ v: LayerValues) -> (scale: Vector2, origin: Vector2) {
            let sx = v.size.x / width, sy = v.size.y / height
            let scale: Vector2 = switch node.style.contentMode {
            case .fill: Vector2(sx, sy)
            case .aspectFit: Vector2(min(sx, sy), min(sx, sy))
            case .aspectFill: Vector2(max(sx, sy), max(sx, sy))
            }
            return (scale, Vector2((v.size.x - width * scale.x) / 2, (v.size.y - height * scale.y) / 2))
        }
        let transform = LottieTransform(
            anchor: .fixed([0, 0]),
            position: animated(index) { v in let place = placement(v); return [place.origin.x, place.origin.y] },
            scale: animated(index) { v in let place = placement(v); return [place.scale.x * 100, place.scale.y * 100] },
            opacity: animatedInFrame(index) { [seenOpacity(index, $1, below: precomp) * 100] })
        var image = layer(.image, name: node.id + "Image", index: contentIndex(index, 1), parent: nullIndex(index), transform: transform)
        image.reference = asset.id
        // The bounds, in the image's pixels, as the mask that clips it.
        Self.mask(&image, by: animatedShape(frames.map { frame in
            let v = frame.values[index], place = placement(v)
            guard place.scale.x > 0, place.scale.y > 0 else { return LottieContour(closed: true, points: []) }
            return LottieContour.roundedRect(origin: Vector2(-place.origin.x / place.scale.x, -place.origin.y / place.scale.y),
                                             size: Vector2(v.size.x / place.scale.x, v.size.y / place.scale.y),
                                             radius: Vector2(v.cornerRadius / place.scale.x, v.cornerRadius / place.scale.y))
        }))
        if index != precomp {
            image.blendMode = blendMode(index, node)
            image.effects = effects(index)
        }
        return image
    }

    private mutating func imageAsset(_ file: String) -> (id: String, width: Int, height: Int)? {
        if let known = assetIDs[file] { return known }
        let bytes: [UInt8]
        if DataURL.isDataURL(file) {
            guard let url = DataURL(file) else { return nil }
            bytes = url.bytes
        } else {
            guard let read = imageBytes(file) else { return nil }
            bytes = read
        }
        guard let header = ImageHeader(image: bytes), let type = ImageHeader.mediaType(of: bytes) else { return nil }
        // What the reader refuses is left out (too many bytes after the image's end, too many
        // JPEG scans); what follows the image within the limit is dropped.
        let extent = ImageExtent(bytes)
        if let extent, SceneLimits.imageProblem(mediaType: extent.mediaType, trailing: extent.trailing, scans: extent.scans) != nil { return nil }
        let image = extent.map { Array(bytes.prefix($0.length)) } ?? bytes
        let id = "image_\(assets.count)"
        assets.append(LottieAsset(id: id, width: Double(header.width), height: Double(header.height), folder: "",
                                  file: DataURL(mediaType: type, bytes: image).text, embedded: true))
        assetIDs[file] = (id, header.width, header.height)
        return assetIDs[file]
    }

    // MARK: - Baked values

    /// A property's value at every frame: a fixed value when it never changes, else a
    /// keyframe where it changes, straight between frames, held through runs of equal values.
    func animatedInFrame(_ index: Int, _ value: (LayerValues, PresentationTree) -> [Double]) -> LottieProperty<[Double]> {
        let values = frames.map { value($0.values[index], $0).map { $0.isFinite ? $0 : 0 } }
        guard values.contains(where: { $0 != values[0] }) else { return .fixed(values[0]) }
        return .keyed(Self.keyframes(values, keys: easedKeys(values)) { $0 })
    }

    func animated(_ index: Int, _ value: (LayerValues) -> [Double]) -> LottieProperty<[Double]> {
        animatedInFrame(index) { values, _ in value(values) }
    }

    /// A contour at every frame, held where consecutive frames' contours cannot morph.
    func animatedShape(_ contours: [LottieContour]) -> LottieProperty<LottieBezier> {
        guard contours.contains(where: { $0 != contours[0] }) else { return .fixed(contours[0].bezier) }
        let kept = contours.indices.filter { frame in
            frame == 0 || frame == contours.count - 1 || contours[frame] != contours[frame - 1] || contours[frame] != contours[frame + 1]
        }
        return .keyed(Self.keyframes(contours, keys: kept.map { ($0, .linear) },
                                     morphs: { $0.points.count == $1.points.count && $0.closed == $1.closed }) { $0.bezier })
    }

    /// The frames of `values` that are keys, each with the easing to the next: a run of frames
    /// that moves from one value to another as one of the scene's cubic timing curves (or
    /// straight) moves is two keys eased by that curve, as the animator's `timing` was; other
    /// moves have a key at every frame; runs of equal values are held.
    private func easedKeys(_ values: [[Double]]) -> [(frame: Int, easing: CubicTimingParameters)] {
        var keys: [(frame: Int, easing: CubicTimingParameters)] = []
        let last = values.count - 1
        var start = 0
        while start < last {
            var end = start + 1
            let holds = values[start] == values[end]
            while end < last, holds ? values[end + 1] == values[start] : values[end + 1] != values[end] { end += 1 }
            if !holds, end - start > 1, let curve = easings.first(where: { Self.moves(values, from: start, to: end, as: $0) }) {
                keys.append((start, curve))
            } else {
                keys += (holds ? [start] : Array(start..<end)).map { ($0, .linear) }
            }
            start = end
        }
        return keys + [(last, .linear)]
    }

    /// Whether every frame strictly between `start` and `end` lies where `curve` puts it, going
    /// from the value at `start` to the value at `end` (to a millionth, relative).
    private static func moves(_ values: [[Double]], from start: Int, to end: Int, as curve: CubicTimingParameters) -> Bool {
        let first = values[start], last = values[end]
        return (start + 1..<end).allSatisfy { frame in
            let progress = curve.progress(atFraction: Double(frame - start) / Double(end - start))
            return values[frame].indices.allSatisfy { component in
                let expected = first[component] + (last[component] - first[component]) * progress
                return abs(expected - values[frame][component]) <= 1e-6 * max(1, abs(values[frame][component]))
            }
        }
    }

    /// Keyframes at `keys` (the first and last frame among them), eased to the next key as each
    /// says, held when the next value is equal or `morphs` says the two cannot be blended; each
    /// value as `written` gives it to the model.
    private static func keyframes<Value: Equatable, Written: LottieValue>(_ values: [Value], keys: [(frame: Int, easing: CubicTimingParameters)],
                                                                          morphs: (Value, Value) -> Bool = { _, _ in true },
                                                                          _ written: (Value) -> Written) -> [LottieKey<Written>] {
        keys.enumerated().map { position, key in
            let value = values[key.frame]
            var hold = false, easeOut: (x: [Double], y: [Double]) = ([], []), easeIn: (x: [Double], y: [Double]) = ([], [])
            if position + 1 < keys.count {
                let next = values[keys[position + 1].frame]
                if next == value || !morphs(value, next) {
                    hold = true
                } else {
                    let (out, into) = (key.easing.controlPoint1, key.easing.controlPoint2)
                    (easeOut, easeIn) = (([out.x], [out.y]), ([into.x], [into.y]))
                }
            }
            return LottieKey(time: Double(key.frame), value: written(value), end: nil, hold: hold, easeOut: easeOut, easeIn: easeIn,
                             tangentOut: nil, tangentIn: nil)
        }
    }
}

/// One contour of a path as Lottie's bezier shape: vertices with in and out tangents relative
/// to them.
struct LottieContour: Hashable {
    var closed: Bool
    var points: [(vertex: Vector2, into: Vector2, out: Vector2)]

    static func == (a: LottieContour, b: LottieContour) -> Bool {
        a.closed == b.closed && a.points.count == b.points.count
            && zip(a.points, b.points).allSatisfy { $0.vertex == $1.vertex && $0.into == $1.into && $0.out == $1.out }
    }

    func hash(into hasher: inout Hasher) {
        hasher.combine(closed)
        for point in points { hasher.combine(point.vertex); hasher.combine(point.into); hasher.combine(point.out) }
    }

    /// The contour as the model's bezier shape.
    var bezier: LottieBezier {
        LottieBezier(closed: closed, vertices: points.map(\.vertex), inTangents: points.map(\.into), outTangents: points.map(\.out))
    }

    /// The contours of `path`; a closed contour whose last point is its first drops the copy.
    static func contours(of path: SVGPath) -> [LottieContour] {
        var contours: [LottieContour] = [], current: LottieContour?, start = Vector2.zero
        func finish(closed: Bool) {
            // A lone point (the move Cairo adds after each close) draws nothing.
            guard var contour = current, closed || contour.points.count > 1 else {
                current = nil
                return
            }
            contour.closed = closed
            if closed, contour.points.count > 1, let last = contour.points.last, last.vertex == contour.points[0].vertex {
                contour.points[0].into = last.into
                contour.points.removeLast()
            }
            contours.append(contour)
            current = nil
        }
        func begin(at point: Vector2) {
            current = LottieContour(closed: false, points: [(point, .zero, .zero)])
            start = point
        }
        for segment in path.segments {
            switch segment {
            case .move(let point):
                finish(closed: false)
                begin(at: point)
            case .line(let point):
                if current == nil { begin(at: start) }
                current?.points.append((point, .zero, .zero))
            case let .cubic(c1, c2, end):
                if current == nil { begin(at: start) }
                guard var contour = current, let last = contour.points.last else { continue }
                contour.points[contour.points.count - 1].out = c1 - last.vertex
                contour.points.append((end, c2 - end, .zero))
                current = contour
            case .close:
                finish(closed: true)
            }
        }
        finish(closed: false)
        return contours
    }

    /// A rectangle with elliptical corners of `radius` (clamped to half its sides), clockwise
    /// from where Cairo starts one (the top right corner's arc), so dashes and trims begin
    /// where the frames begin them.
    static func roundedRect(origin: Vector2, size: Vector2, radius: Vector2) -> LottieContour {
        let rx = min(max(radius.x, 0), size.x / 2), ry = min(max(radius.y, 0), size.y / 2)
        let (x0, y0, x1, y1) = (origin.x, origin.y, origin.x + size.x, origin.y + size.y)
        guard rx > 0, ry > 0 else {
            return LottieContour(closed: true, points: [Vector2(x0, y0), Vector2(x1, y0), Vector2(x1, y1), Vector2(x0, y1)].map { ($0, .zero, .zero) })
        }
        let kx = rx * quarterArc, ky = ry * quarterArc
        return LottieContour(closed: true, points: [
            (Vector2(x1 - rx, y0), .zero, Vector2(kx, 0)), (Vector2(x1, y0 + ry), Vector2(0, -ky), .zero),
            (Vector2(x1, y1 - ry), .zero, Vector2(0, ky)), (Vector2(x1 - rx, y1), Vector2(kx, 0), .zero),
            (Vector2(x0 + rx, y1), .zero, Vector2(-kx, 0)), (Vector2(x0, y1 - ry), Vector2(0, ky), .zero),
            (Vector2(x0, y0 + ry), .zero, Vector2(0, -ky)), (Vector2(x0 + rx, y0), Vector2(-kx, 0), .zero),
        ])
    }

    /// The ellipse filling `size`, clockwise from its rightmost point, as Cairo draws it.
    static func ellipse(size: Vector2) -> LottieContour {
        let (a, b) = (size.x / 2, size.y / 2), (ka, kb) = (size.x / 2 * quarterArc, size.y / 2 * quarterArc)
        return LottieContour(closed: true, points: [
            (Vector2(2 * a, b), Vector2(0, -kb), Vector2(0, kb)), (Vector2(a, 2 * b), Vector2(ka, 0), Vector2(-ka, 0)),
            (Vector2(0, b), Vector2(0, kb), Vector2(0, -kb)), (Vector2(a, 0), Vector2(-ka, 0), Vector2(ka, 0)),
        ])
    }

    /// The distance of a quarter circle's control points from its ends, for radius 1.
    private static let quarterArc = 0.5522847498307936
}
