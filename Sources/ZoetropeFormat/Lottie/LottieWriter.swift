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
    private var assets: [JSONText] = []
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
        notExported = []
        guard let first = frames.first else { return LottieExport(text: "{}", notExported: []) }
        let tree = first.layers
        if frames.contains(where: { $0.layers != tree }) {
            note("scene", "layers added, removed or restyled while it runs: exported as they are at the first frame")
        }
        // Content layers in drawing order (bottom first), then the nulls that carry transforms.
        var drawn: [JSONText] = [], nulls: [JSONText] = []
        for root in ordered(tree.roots) { subtree(root, parentNull: nil, precomp: nil, drawn: &drawn, nulls: &nulls) }
        if let background = backgroundLayer() { drawn.insert(background, at: 0) }
        let size = first.canvas.size
        let root: JSONText = .object([
            ("v", .string("5.7.0")), ("nm", .string(name)), ("fr", .number(frameRate)), ("ip", .number(0)),
            ("op", .number(Double(frames.count))), ("w", .number(size.x.rounded())), ("h", .number(size.y.rounded())),
            ("ddd", .number(0)), ("assets", .array(assets)), ("layers", .array(drawn.reversed() + nulls)),
        ])
        return LottieExport(text: root.compact(), notExported: notExported)
    }

    /// `json` (an animation) packed as a dotLottie archive, its animation named `id`.
    public static func dotLottie(_ json: String, id: String) -> [UInt8] {
        let safe = String(id.unicodeScalars.filter { $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "-" || $0 == "_") })
        return LottieArchive.dotLottie(json: Array(json.utf8), id: safe.isEmpty ? "animation" : safe)
    }

    private mutating func note(_ layer: String, _ feature: String) {
        let note = LottieExportNote(layer: layer, feature: feature)
        if !notExported.contains(note) { notExported.append(note) }
    }

    /// Siblings in drawing order at the first frame (`zIndex`, then file order).
    private mutating func ordered(_ indices: [Int]) -> [Int] {
        let first = frames[0].values
        func z(_ index: Int) -> Double { first[index].zIndex }
        if indices.contains(where: { index in frames.contains { $0.values[index].zIndex != z(index) } }) {
            note(frames[0].layers.nodes[indices[0]].parent.map { frames[0].layers.nodes[$0].id } ?? "scene",
                 "zIndex changing while it runs: children keep their order at the first frame")
        }
        return indices.enumerated().sorted { (z($0.element), $0.offset) < (z($1.element), $1.offset) }.map(\.element)
    }

    // MARK: - Layers

    /// The layers of `index` and its descendants, added to `drawn` (bottom first) and `nulls`.
    /// Inside a precomp, `precomp` is the layer it draws, whose opacity the precomp layer has.
    private mutating func subtree(_ index: Int, parentNull: Double?, precomp: Int?, drawn: inout [JSONText], nulls: inout [JSONText]) {
        let node = frames[0].layers.nodes[index]
        let children = node.children.filter { frames[0].layers.nodes[$0].style.masking == nil }
        let values = frames.map { $0.values[index] }
        // A group composited as one picture: translucent, blended or casting a shadow.
        if index != precomp, !children.isEmpty, values.contains(where: { $0.opacity > 0 && $0.opacity < 1 || Self.castsShadow($0) })
            || node.style.blendMode != .normal {
            var inner: [JSONText] = [], innerNulls: [JSONText] = []
            subtree(index, parentNull: 0, precomp: index, drawn: &inner, nulls: &innerNulls)
            var pairs = precompLayer("comp_\(index)", name: node.id + "Group", index: contentIndex(index, 0), parent: parentNull,
                                     layers: inner, nulls: innerNulls,
                                     opacity: animatedInFrame(index) { [seenOpacity(index, $1, below: precomp) * 100] })
            pairs += blendMode(index, node) + shadowEffect(index)
            drawn.append(.object(pairs))
            return
        }
        nulls.append(transformLayer(index, parentNull: parentNull))
        drawn += contentLayers(index, precomp: precomp)
        guard node.style.clips, !children.isEmpty else {
            for child in ordered(children) { subtree(child, parentNull: nullIndex(index), precomp: precomp, drawn: &drawn, nulls: &nulls) }
            return
        }
        // Children clipped to the bounds: a precomp of them, masked by the bounds.
        var inner: [JSONText] = [], innerNulls: [JSONText] = []
        for child in ordered(children) { subtree(child, parentNull: 0, precomp: precomp, drawn: &inner, nulls: &innerNulls) }
        let reach = Self.precompReach
        let bounds = animatedShape(values.map { v in
            LottieContour.roundedRect(origin: Vector2(reach, reach), size: v.size, radius: Vector2(v.cornerRadius, v.cornerRadius))
        })
        var pairs = precompLayer("clip_\(index)", name: node.id + "Clip", index: contentIndex(index, 2), parent: nullIndex(index),
                                 layers: inner, nulls: innerNulls, opacity: Self.fixed(.number(100)))
        pairs += [("hasMask", .bool(true)), ("masksProperties", .array([Self.mask(bounds)]))]
        drawn.append(.object(pairs))
    }

    /// How far a precomp's origin lies from its layer's: its content may reach this far to
    /// either side before the precomp's bounds clip it.
    private static let precompReach = 8192.0

    /// A precomp layer drawing `layers` (bottom first), whose `nulls` hang from a null at the
    /// precomp's origin (`ind` 0), that layer's own coordinates.
    private mutating func precompLayer(_ id: String, name: String, index: Double, parent: Double?, layers: [JSONText], nulls: [JSONText],
                                       opacity: JSONText) -> [(key: String, value: JSONText)] {
        let reach = Self.precompReach
        let origin = layerBase(3, name: "Origin", index: 0, parent: nil, transform: .object([
            ("p", Self.fixed(.array([.number(reach), .number(reach)]))),
            ("o", Self.fixed(.number(100))),
        ]))
        assets.append(.object([("id", .string(id)), ("nm", .string(name)), ("fr", .number(frameRate)),
                               ("layers", .array(layers.reversed() + nulls + [.object(origin)]))]))
        let pairs = layerBase(0, name: name, index: index, parent: parent, transform: .object([
            ("a", Self.fixed(.array([.number(reach), .number(reach)]))), ("o", opacity),
        ]))
        return pairs + [("refId", .string(id)), ("w", .number(2 * reach)), ("h", .number(2 * reach))]
    }

    private static func mask(_ path: JSONText) -> JSONText {
        .object([("mode", .string("a")), ("inv", .bool(false)), ("pt", path), ("o", Self.fixed(.number(100)))])
    }

    private static func castsShadow(_ values: LayerValues) -> Bool { values.shadowOpacity > 0 && values.shadowColor.alpha > 0 }

    /// CALayer's shadow as Lottie's drop shadow effect (ThorVG's and lottie-web's reading: the
    /// direction clockwise from up, in degrees; opacity 0…255; blur σ = 0.3 × softness).
    private func shadowEffect(_ index: Int) -> [(key: String, value: JSONText)] {
        guard frames.contains(where: { Self.castsShadow($0.values[index]) }) else { return [] }
        func parameter(_ type: Int, _ name: String, _ value: JSONText) -> JSONText {
            .object([("ty", .number(Double(type))), ("nm", .string(name)), ("v", value)])
        }
        let effect: JSONText = .object([("ty", .number(25)), ("nm", .string("Drop Shadow")), ("en", .number(1)), ("ef", .array([
            parameter(2, "Shadow Color", animated(index) { v in [v.shadowColor.red, v.shadowColor.green, v.shadowColor.blue, 1] }),
            parameter(0, "Opacity", animated(index, scalar: true) { v in [Self.castsShadow(v) ? min(max(v.shadowOpacity, 0), 1) * v.shadowColor.alpha * 255 : 0] }),
            parameter(0, "Direction", animated(index, scalar: true) { v in [90 - Double.atan2(y: -v.shadowOffset.y, x: v.shadowOffset.x) * 180 / .pi] }),
            parameter(0, "Distance", animated(index, scalar: true) { v in [(v.shadowOffset.x * v.shadowOffset.x + v.shadowOffset.y * v.shadowOffset.y).squareRoot()] }),
            parameter(0, "Softness", animated(index, scalar: true) { v in [max(v.shadowRadius, 0) / 2 / 0.3] }),
        ]))])
        return [("ef", .array([effect]))]
    }

    /// Lottie's `ind` of the null carrying a layer's transform, and of its content layers.
    /// Four numbers a layer: its null, then its shapes (part 0), image (1) and clipped
    /// children's precomp (2); 0 is a precomp's origin.
    private func nullIndex(_ index: Int) -> Double { Double(index * 4 + 1) }
    private func contentIndex(_ index: Int, _ part: Int) -> Double { Double(index * 4 + 2 + part) }

    private func layerBase(_ type: Int, name: String, index: Double, parent: Double?, transform: JSONText) -> [(key: String, value: JSONText)] {
        var pairs: [(key: String, value: JSONText)] = [("ddd", .number(0)), ("ty", .number(Double(type))), ("ind", .number(index)),
                                                       ("nm", .string(name)), ("sr", .number(1)), ("ks", transform), ("ao", .number(0)),
                                                       ("ip", .number(0)), ("op", .number(Double(frames.count))), ("st", .number(0))]
        if let parent { pairs.append(("parent", .number(parent))) }
        return pairs
    }

    private func transformLayer(_ index: Int, parentNull: Double?) -> JSONText {
        let node = frames[0].layers.nodes[index]
        let transform: JSONText = .object([
            ("a", animated(index) { v in [v.anchor.x * v.size.x, v.anchor.y * v.size.y] }),
            ("p", animated(index) { v in [v.position.x + v.translation.x, v.position.y + v.translation.y] }),
            ("s", animated(index) { v in [v.scale.x * 100, v.scale.y * 100] }),
            ("r", animated(index, scalar: true) { v in [v.rotation * 180 / .pi] }),
            ("o", Self.fixed(.number(100))),
        ])
        return .object(layerBase(3, name: node.id, index: nullIndex(index), parent: parentNull, transform: transform))
    }

    /// The opacity a layer is seen with: its own times its ancestors', 0 when one is hidden;
    /// inside a precomp, up to the layer it draws (whose opacity is the precomp layer's).
    private func seenOpacity(_ index: Int, _ frame: PresentationTree, below precomp: Int?) -> Double {
        var opacity = 1.0, current: Int? = index
        while let layer = current, layer != precomp {
            let values = frame.values[layer]
            opacity *= values.hidden ? 0 : min(max(values.opacity, 0), 1)
            current = frame.layers.nodes[layer].parent
        }
        return opacity
    }

    /// The layers drawing a layer's content, bottom first: shapes, and an image above them.
    private mutating func contentLayers(_ index: Int, precomp: Int?) -> [JSONText] {
        let node = frames[0].layers.nodes[index]
        checkEffects(index, node)
        var layers: [JSONText] = []
        var shapes: [JSONText] = []
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
            let text = paths(index) { [textOutline] values in values.text.isEmpty ? SVGPath() : textOutline(values, node.style) }
            let glyphs: JSONText = .object([("ty", .string("gr")), ("nm", .string("Text")), ("it", .array(text + [
                .object([("ty", .string("fl")), ("c", animated(index) { v in [v.color.red, v.color.green, v.color.blue, 1] }),
                         ("o", animated(index, scalar: true) { v in [v.color.alpha * 100] }), ("r", .number(1))]),
                Self.groupTransform,
            ]))])
            shapes = [glyphs] + paintedGroups(index, geometry: [roundedRect(index)], filled: true, stroked: false)
        }
        if !shapes.isEmpty {
            var pairs = layerBase(4, name: node.id + "Content", index: contentIndex(index, 0), parent: nullIndex(index),
                                  transform: .object([("o", animatedInFrame(index) { [seenOpacity(index, $1, below: precomp) * 100] })]))
            pairs.append(("shapes", .array(shapes)))
            if index != precomp { pairs += blendMode(index, node) + shadowEffect(index) }
            layers.append(.object(pairs))
        }
        if node.shape == .image, let image = imageLayer(index, node, precomp: precomp) { layers.append(image) }
        return layers
    }

    private mutating func blendMode(_ index: Int, _ node: LayerTree.Node) -> [(key: String, value: JSONText)] {
        let mode = node.style.blendMode
        guard mode != .normal else { return [] }
        let lottie: Int? = switch mode {
        case .plusLighter: 16
        case .destinationIn, .destinationOut, .xor: nil
        default: BlendMode.allCases.firstIndex(of: mode)
        }
        guard let lottie else {
            note(node.id, "blend mode \(mode.rawValue): drawn normally")
            return []
        }
        return [("bm", .number(Double(lottie)))]
    }

    private mutating func checkEffects(_ index: Int, _ node: LayerTree.Node) {
        let values = frames.map { $0.values[index] }
        if values.contains(where: { $0.blur > 0 }) { note(node.id, "blur: drawn sharp") }
        if !node.children.isEmpty, values.contains(where: { $0.instances != 1 || $0.replicatorOpacity < 1 }) {
            note(node.id, "replicator: children drawn once")
        }
        if values.contains(where: { $0.backdropBlur > 0 }) { note(node.id, "backdrop blur: drawn without it") }
        if node.children.contains(where: { frames[0].layers.nodes[$0].style.masking != nil }) { note(node.id, "mask: drawn unmasked") }
        if node.style.fillRule.isInverse { note(node.id, "fill rule \(node.style.fillRule.rawValue): filled inside") }
    }

    private func backgroundLayer() -> JSONText? {
        let canvas = frames[0].canvas
        guard canvas.background.alpha > 0 else { return nil }
        let color = canvas.background
        var pairs = layerBase(1, name: "Background", index: 0, parent: nil,
                              transform: .object([("o", Self.fixed(.number(color.alpha * 100)))]))
        let hex = "#" + [color.red, color.green, color.blue].map { component -> String in
            let byte = String(Int(saturating: min(max(component, 0), 1) * 255, rounding: .toNearestOrAwayFromZero), radix: 16)
            return byte.count == 1 ? "0" + byte : byte
        }.joined()
        pairs += [("sc", .string(hex)), ("sw", .number(canvas.size.x.rounded())), ("sh", .number(canvas.size.y.rounded()))]
        return .object(pairs)
    }

    // MARK: - Geometry

    /// The rectangle or ellipse as Lottie's own shape, or as the path Cairo draws when the
    /// stroke is dashed or trimmed (Lottie's shapes start elsewhere: dashes would fall apart).
    private func geometry(_ index: Int, ellipse: Bool) -> JSONText {
        let style = frames[0].layers.nodes[index].style
        guard !style.strokeDash.isEmpty || frames.contains(where: { $0.values[index].strokeStart > 0 || $0.values[index].strokeEnd < 1 }) else {
            return ellipse ? self.ellipse(index) : roundedRect(index)
        }
        return .object([("ty", .string("sh")), ("d", .number(1)), ("ks", animatedShape(frames.map { frame in
            let v = frame.values[index]
            return ellipse ? LottieContour.ellipse(size: v.size)
                : LottieContour.roundedRect(origin: .zero, size: v.size, radius: Vector2(v.cornerRadius, v.cornerRadius))
        }))])
    }

    private func roundedRect(_ index: Int) -> JSONText {
        .object([("ty", .string("rc")), ("d", .number(1)),
                 ("p", animated(index) { v in [v.size.x / 2, v.size.y / 2] }),
                 ("s", animated(index) { v in [v.size.x, v.size.y] }),
                 ("r", animated(index, scalar: true) { v in [min(max(v.cornerRadius, 0), v.size.x / 2, v.size.y / 2)] })])
    }

    private func ellipse(_ index: Int) -> JSONText {
        .object([("ty", .string("el")), ("d", .number(1)),
                 ("p", animated(index) { v in [v.size.x / 2, v.size.y / 2] }),
                 ("s", animated(index) { v in [v.size.x, v.size.y] })])
    }

    /// One `sh` per contour of the path the layer shows at each frame (a contour missing at a
    /// frame is empty there; contours whose points differ in number jump between frames).
    private func paths(_ index: Int, _ path: (LayerValues) -> SVGPath) -> [JSONText] {
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
            return .object([("ty", .string("sh")), ("d", .number(1)), ("ks", animatedShape(shapes))])
        }
    }

    // MARK: - Paint

    /// `[stroke group, fill group]` (Lottie draws the first on top), or one group when the
    /// stroke is never trimmed: Lottie's trim cuts every path after it, fills too, where
    /// `strokeStart`/`strokeEnd` cut only the stroke.
    private mutating func paintedGroups(_ index: Int, geometry: [JSONText], filled: Bool, stroked: Bool = true) -> [JSONText] {
        let values = frames.map { $0.values[index] }
        let fills = filled && values.contains { $0.gradient != nil || $0.fill.alpha > 0 }
        let strokes = stroked && values.contains { $0.strokeWidth > 0 && ($0.strokeGradient != nil || $0.strokeColor.alpha > 0) }
        let trimmed = strokes && values.contains { $0.strokeStart > 0 || $0.strokeEnd < 1 || $0.strokeOffset != 0 }
        let fill = fills ? [fillItem(index)] : [], stroke = strokes ? [strokeItem(index)] : []
        func group(_ name: String, _ items: [JSONText]) -> JSONText {
            .object([("ty", .string("gr")), ("nm", .string(name)), ("it", .array(geometry + items + [Self.groupTransform]))])
        }
        if trimmed {
            return [group("Stroke", [trimItem(index)] + stroke)] + (fills ? [group("Fill", fill)] : [])
        }
        return fills || strokes ? [group("Paint", stroke + fill)] : []
    }

    private func fillItem(_ index: Int) -> JSONText {
        let node = frames[0].layers.nodes[index]
        let rule: Double = node.style.fillRule.inside == .evenOdd ? 2 : 1
        if frames.contains(where: { $0.values[index].gradient != nil }) {
            return .object(gradientPaint(index, "gf") { $0.gradient ?? Self.solid($0.fill) } + [("r", .number(rule))])
        }
        return .object([("ty", .string("fl")), ("c", animated(index) { v in [v.fill.red, v.fill.green, v.fill.blue, 1] }),
                         ("o", animated(index, scalar: true) { v in [v.fill.alpha * 100] }), ("r", .number(rule))])
    }

    private func strokeItem(_ index: Int) -> JSONText {
        let style = frames[0].layers.nodes[index].style
        var pairs: [(key: String, value: JSONText)]
        if frames.contains(where: { $0.values[index].strokeGradient != nil }) {
            pairs = gradientPaint(index, "gs") { $0.strokeGradient ?? Self.solid($0.strokeColor) }
        } else {
            pairs = [("ty", .string("st")), ("c", animated(index) { v in [v.strokeColor.red, v.strokeColor.green, v.strokeColor.blue, 1] }),
                     ("o", animated(index, scalar: true) { v in [v.strokeColor.alpha * 100] })]
        }
        pairs += [("w", animated(index, scalar: true) { v in [max(v.strokeWidth, 0)] }),
                  ("lc", .number(Double([LineCap.butt, .round, .square].firstIndex(of: style.strokeCap) ?? 0) + 1)),
                  ("lj", .number(Double([LineJoin.miter, .round, .bevel].firstIndex(of: style.strokeJoin) ?? 0) + 1)),
                  // Cairo's miter limit, which Zoetrope draws with.
                  ("ml", .number(10))]
        if !style.strokeDash.isEmpty {
            // An odd list repeats to an even one, as Cairo and SVG read it.
            let dashes = style.strokeDash.count % 2 == 1 ? style.strokeDash + style.strokeDash : style.strokeDash
            pairs.append(("d", .array(dashes.enumerated().map { number, length in
                .object([("n", .string(number % 2 == 0 ? "d" : "g")), ("v", Self.fixed(.number(length)))])
            } + [.object([("n", .string("o")), ("v", Self.fixed(.number(0)))])])))
        }
        return .object(pairs)
    }

    private func trimItem(_ index: Int) -> JSONText {
        let mode: Double = frames[0].layers.nodes[index].style.strokeTrim == .eachSubpath ? 1 : 2
        return .object([("ty", .string("tm")),
                        ("s", animated(index, scalar: true) { v in [min(max(v.strokeStart, 0), 1) * 100] }),
                        ("e", animated(index, scalar: true) { v in [max(min(max(v.strokeEnd, 0), 1), min(max(v.strokeStart, 0), 1)) * 100] }),
                        ("o", animated(index, scalar: true) { v in [v.strokeOffset * 360] }), ("m", .number(mode))])
    }

    /// A gradient fill's or stroke's keys; the points are the layer's (unit coordinates of its bounds).
    /// A solid colour as a gradient, for the frames a gradient paint shows a colour.
    private static func solid(_ color: Color) -> Gradient {
        Gradient(kind: .linear(from: .zero, to: Vector2(1, 0)), stops: [Gradient.Stop(offset: 0, color: color), Gradient.Stop(offset: 1, color: color)])
    }

    private func gradientPaint(_ index: Int, _ type: String, _ gradient: @escaping (LayerValues) -> Gradient) -> [(key: String, value: JSONText)] {
        let first = gradient(frames[0].values[index])
        let radial = if case .radial = first.kind { true } else { false }
        func ends(_ v: LayerValues) -> (Vector2, Vector2) {
            switch gradient(v).kind {
            case let .linear(from, to): (Vector2(from.x * v.size.x, from.y * v.size.y), Vector2(to.x * v.size.x, to.y * v.size.y))
            case let .radial(center, radius):
                (Vector2(center.x * v.size.x, center.y * v.size.y), Vector2(center.x * v.size.x + radius * max(v.size.x, v.size.y), center.y * v.size.y))
            }
        }
        // Colour stops then opacity stops, as Lottie lists them; stops added or taken away jump.
        let stops: JSONText = animated(index) { v in
            let stops = gradient(v).stops
            return stops.flatMap { [$0.offset, $0.color.red, $0.color.green, $0.color.blue] } + stops.flatMap { [$0.offset, $0.color.alpha] }
        }
        var pairs: [(key: String, value: JSONText)] = [
            ("ty", .string(type)), ("o", Self.fixed(.number(100))),
            ("s", animated(index) { v in let e = ends(v); return [e.0.x, e.0.y] }),
            ("e", animated(index) { v in let e = ends(v); return [e.1.x, e.1.y] }),
            ("t", .number(radial ? 2 : 1)), ("g", .object([("p", .number(Double(first.stops.count))), ("k", stops)])),
        ]
        if radial { pairs += [("h", Self.fixed(.number(0))), ("a", Self.fixed(.number(0)))] }
        return pairs
    }

    /// A property that does not animate.
    private static func fixed(_ value: JSONText) -> JSONText { .object([("a", .number(0)), ("k", value)]) }

    private static let groupTransform: JSONText = .object([
        ("ty", .string("tr")), ("p", Self.fixed(.array([.number(0), .number(0)]))),
        ("a", Self.fixed(.array([.number(0), .number(0)]))),
        ("s", Self.fixed(.array([.number(100), .number(100)]))),
        ("r", Self.fixed(.number(0))), ("o", Self.fixed(.number(100))),
    ])

    // MARK: - Images

    /// An image layer under the layer's null, scaled into its bounds as its content mode says
    /// and masked to them.
    private mutating func imageLayer(_ index: Int, _ node: LayerTree.Node, precomp: Int?) -> JSONText? {
        let file = frames[0].values[index].image
        guard !file.isEmpty else { return nil }
        if frames.contains(where: { $0.values[index].image != file }) { note(node.id, "image changing while it runs: shows the first") }
        guard let asset = imageAsset(file) else {
            note(node.id, "image: not a readable PNG, JPEG or WebP within the limits, left out")
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
        let transform: JSONText = .object([
            ("a", Self.fixed(.array([.number(0), .number(0)]))),
            ("p", animated(index) { v in let place = placement(v); return [place.origin.x, place.origin.y] }),
            ("s", animated(index) { v in let place = placement(v); return [place.scale.x * 100, place.scale.y * 100] }),
            ("o", animatedInFrame(index) { [seenOpacity(index, $1, below: precomp) * 100] }),
        ])
        var pairs = layerBase(2, name: node.id + "Image", index: contentIndex(index, 1), parent: nullIndex(index), transform: transform)
        pairs.append(("refId", .string(asset.id)))
        // The bounds, in the image's pixels, as the mask that clips it.
        let bounds = animatedShape(frames.map { frame in
            let v = frame.values[index], place = placement(v)
            guard place.scale.x > 0, place.scale.y > 0 else { return LottieContour(closed: true, points: []) }
            return LottieContour.roundedRect(origin: Vector2(-place.origin.x / place.scale.x, -place.origin.y / place.scale.y),
                                             size: Vector2(v.size.x / place.scale.x, v.size.y / place.scale.y),
                                             radius: Vector2(v.cornerRadius / place.scale.x, v.cornerRadius / place.scale.y))
        })
        pairs += [("hasMask", .bool(true)), ("masksProperties", .array([Self.mask(bounds)]))]
        if index != precomp { pairs += blendMode(index, node) + shadowEffect(index) }
        return .object(pairs)
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
        assets.append(.object([("id", .string(id)), ("w", .number(Double(header.width))), ("h", .number(Double(header.height))),
                               ("u", .string("")), ("p", .string(DataURL(mediaType: type, bytes: image).text)), ("e", .number(1))]))
        assetIDs[file] = (id, header.width, header.height)
        return assetIDs[file]
    }

    // MARK: - Baked values

    /// A property's value at every frame: a static value when it never changes, else a
    /// keyframe where it changes, straight between frames, held through runs of equal values.
    private func animatedInFrame(_ index: Int, scalar: Bool = true, _ value: (LayerValues, PresentationTree) -> [Double]) -> JSONText {
        let values = frames.map { value($0.values[index], $0).map { $0.isFinite ? $0 : 0 } }
        func number(_ components: [Double]) -> JSONText {
            scalar ? .number(components[0]) : .array(components.map(JSONText.number))
        }
        guard values.contains(where: { $0 != values[0] }) else { return Self.fixed(number(values[0])) }
        return .object([("a", .number(1)), ("k", .array(Self.keyframes(values, keys: easedKeys(values)) { .array($0.map(JSONText.number)) }))])
    }

    private func animated(_ index: Int, scalar: Bool = false, _ value: (LayerValues) -> [Double]) -> JSONText {
        animatedInFrame(index, scalar: scalar) { values, _ in value(values) }
    }

    /// A contour at every frame, held where consecutive frames' contours cannot morph.
    private func animatedShape(_ contours: [LottieContour]) -> JSONText {
        guard contours.contains(where: { $0 != contours[0] }) else { return Self.fixed(contours[0].json) }
        let kept = contours.indices.filter { frame in
            frame == 0 || frame == contours.count - 1 || contours[frame] != contours[frame - 1] || contours[frame] != contours[frame + 1]
        }
        return .object([("a", .number(1)), ("k", .array(Self.keyframes(contours, keys: kept.map { ($0, .linear) },
                                                                       morphs: { $0.points.count == $1.points.count && $0.closed == $1.closed }) {
            .array([$0.json])
        }))])
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
    /// says, held when the next value is equal or `morphs` says the two cannot be blended.
    private static func keyframes<Value: Equatable>(_ values: [Value], keys: [(frame: Int, easing: CubicTimingParameters)],
                                                    morphs: (Value, Value) -> Bool = { _, _ in true },
                                                    _ json: (Value) -> JSONText) -> [JSONText] {
        keys.enumerated().map { position, key in
            var pairs: [(key: String, value: JSONText)] = [("t", .number(Double(key.frame))), ("s", json(values[key.frame]))]
            if position + 1 < keys.count {
                let next = values[keys[position + 1].frame]
                if next == values[key.frame] || !morphs(values[key.frame], next) {
                    pairs.append(("h", .number(1)))
                } else {
                    let (out, into) = (key.easing.controlPoint1, key.easing.controlPoint2)
                    pairs += [("o", .object([("x", .array([.number(out.x)])), ("y", .array([.number(out.y)]))])),
                              ("i", .object([("x", .array([.number(into.x)])), ("y", .array([.number(into.y)]))]))]
                }
            }
            return .object(pairs)
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

    var json: JSONText {
        func list(_ vectors: [Vector2]) -> JSONText { .array(vectors.map { .array([.number($0.x), .number($0.y)]) }) }
        return .object([("c", .bool(closed)), ("v", list(points.map(\.vertex))), ("i", list(points.map(\.into))), ("o", list(points.map(\.out)))])
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
