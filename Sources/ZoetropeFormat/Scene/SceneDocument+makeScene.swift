import ZoetropeCore
import ZoetropeFiles

/// Builds a core `Scene` from a parsed document, reporting every problem with its path.
struct SceneDocument {
    let root: DocumentNode
    let name: String
    /// The folder relative image paths are resolved against ("" for the current folder).
    let folder: String
    let reader: DocumentReader
    /// Answers whether a file exists (the loader passes the file system).
    let fileExists: (String) -> Bool
    /// The first bytes of a file, up to a count (an image's PNG header); none by default.
    var fileHead: (String, Int) -> [UInt8] = { _, _ in [] }

    func makeScene() -> Scene? {
        let root = DocumentPath.root
        let pairs = reader.mapping(self.root, at: root, allowed: SceneVocabulary.root.names) ?? []
        let document = Dictionary(pairs.map { ($0.key, $0.value) }, uniquingKeysWith: { $1 })

        if let version = document["version"], let number = reader.number(version, at: root / "version"), number != 1 {
            reader.report(root / "version", "must be 1 (found \(DocumentReader.format(number)))")
        }
        var canvas = Canvas(size: Vector2(1024, 768))
        if let node = document["canvas"] {
            canvas = readCanvas(node, at: root / "canvas") ?? canvas
        } else {
            reader.report(root / "canvas", "required: canvas: { size: [width, height] }")
        }
        var frameRate = FrameRate(60)
        var duration = RenderDuration.automatic
        if let node = document["render"] {
            readRender(node, at: root / "render", frameRate: &frameRate, duration: &duration)
        }
        var colorSpace = ColorSpace.srgb
        if let node = document["colorSpace"] {
            colorSpace = reader.choice(node, at: root / "colorSpace", of: ColorSpace.self) ?? colorSpace
        }

        var layers: [Layer] = []
        if let node = document["layers"], let items = reader.sequence(node, at: root / "layers", of: "layers", atMost: SceneLimits.items) {
            layers = items.enumerated().compactMap { readLayer($1, at: root / "layers" / $0, depth: 1) }
        }
        checkLayerIDs(layers, at: root / "layers")
        reader.layers = layers
        let tree = LayerTree(layers)
        if tree.nodes.count > SceneLimits.items {
            reader.report(root / "layers", "expected at most \(SceneLimits.items) layers in all, children included (found \(tree.nodes.count))")
        }

        let (animatorNodes, animatorIDs) = identifiedList(document["animators"], at: root / "animators", kind: "animator")
        let (groupNodes, groupIDs) = identifiedList(document["groups"], at: root / "groups", kind: "group")
        let (timelineNodes, timelineIDs) = identifiedList(document["timelines"], at: root / "timelines", kind: "timeline")
        // Animators, groups and timelines share one namespace: any of them can be a control target.
        var seen: [String: String] = [:]
        for (list, ids) in [("animators", animatorIDs), ("groups", groupIDs), ("timelines", timelineIDs)] {
            for (index, id) in ids.enumerated() {
                guard let id else { continue }
                if let first = seen[id] {
                    reader.report(root / list / index / "id", "duplicate id \"\(id)\" (also \(first)); animators, groups and timelines share one namespace")
                } else {
                    seen[id] = "\(list)[\(id)]"
                }
            }
        }
        let context = ReferenceContext(tree: tree, animatorIDs: animatorIDs, groupIDs: groupIDs, timelineIDs: timelineIDs)
        let animators = animatorNodes.enumerated().map { index, node in
            readAnimator(node, at: root / "animators" / index, id: animatorIDs[index] ?? "animators[\(index)]",
                         context: context)
        }
        let groups = groupNodes.enumerated().compactMap { index, node in
            readGroup(node, at: root / "groups" / index, id: groupIDs[index] ?? "groups[\(index)]", context: context)
        }
        checkGroupCycles(groups, at: root / "groups")
        let timelineSpecs = timelineNodes.enumerated().compactMap { index, node in
            readTimeline(node, at: root / "timelines" / index, id: timelineIDs[index] ?? "timelines[\(index)]", context: context)
        }
        let timelines = reader.diagnostics.isEmpty
            ? resolveTimelines(timelineSpecs, animators: animators.compactMap { $0 }, groups: groups, context: context,
                               at: root / "timelines", groupsPath: root / "groups")
            : []
        var script: [ScriptEvent] = []
        if let node = document["script"], let items = reader.sequence(node, at: root / "script", of: "events", atMost: SceneLimits.items) {
            script = items.enumerated().compactMap { readEvent($1, at: root / "script" / $0, context: context) }
        }
        guard reader.diagnostics.isEmpty else { return nil }
        let scene = Scene(name: name, canvas: canvas, frameRate: frameRate, duration: duration,
                          colorSpace: colorSpace, layers: layers, animators: animators.compactMap { $0 }, groups: groups + timelines,
                          script: script)
        if let (layer, copies) = scene.overReplicatedLayer {
            var index: Int? = layer
            var steps: [Int] = []
            while let at = index {
                steps.append(tree.position(of: at))
                index = tree.nodes[at].parent
            }
            var path = root / "layers"
            for (depth, step) in steps.reversed().enumerated() { path = (depth == 0 ? path : path / "children") / step }
            reader.report(path / "replicator" / "count", "replicators nested in one another would draw its children \(DocumentReader.format(copies)) times (their counts multiplied, each at the largest it takes); they may draw at most \(SceneLimits.replicatedCopies)")
            return nil
        }
        return scene
    }

    /// A list whose elements each need an `id`: the elements and their ids (nil where missing
    /// or not a string, reported).
    private func identifiedList(_ node: DocumentNode?, at path: DocumentPath, kind: String) -> ([DocumentNode], [String?]) {
        let items = node.flatMap { reader.sequence($0, at: path, of: "\(kind)s", atMost: SceneLimits.items) } ?? []
        let ids = items.enumerated().map { index, item -> String? in
            guard let idNode = item["id"] else {
                reader.report(path / index / "id", "required: every \(kind) needs an id")
                return nil
            }
            return reader.string(idNode, at: path / index / "id")
        }
        return (items, ids)
    }

    // MARK: - Canvas and render

    private func readCanvas(_ node: DocumentNode, at path: DocumentPath) -> Canvas? {
        guard let pairs = reader.mapping(node, at: path, allowed: SceneVocabulary.canvas.names) else { return nil }
        var canvas = Canvas(size: Vector2(1024, 768))
        var hasSize = false
        for (key, value) in pairs {
            switch key {
            case "size":
                hasSize = true
                if let size = reader.vector(value, at: path / key) {
                    if NumberRange.canvasSide.contains(size.x), NumberRange.canvasSide.contains(size.y) {
                        canvas.size = size
                    } else {
                        reader.report(path / key, "width and height must be within 1...\(DocumentReader.format(SceneLimits.canvasSide)) (found \(size))")
                    }
                }
            default:
                canvas.background = reader.color(value, at: path / key) ?? canvas.background
            }
        }
        if !hasSize { reader.report(path / "size", "required: the canvas size [width, height] in pixels") }
        return canvas
    }

    private func readRender(_ node: DocumentNode, at path: DocumentPath, frameRate: inout FrameRate,
                            duration: inout RenderDuration) {
        for (key, value) in reader.mapping(node, at: path, allowed: SceneVocabulary.render.names) ?? [] {
            switch key {
            case "fps":
                if let fps = reader.number(value, at: path / key, within: .framesPerSecond) {
                    frameRate = FrameRate(fps)
                }
            default:
                if case .scalar("auto", _, _) = value {
                    duration = .automatic
                } else if let seconds = reader.number(value, at: path / key, where: NumberRange.renderDuration.contains,
                                                      expected: "auto or a number of seconds \(NumberRange.renderDuration.description)") {
                    duration = .seconds(seconds)
                }
            }
        }
        if case .seconds(let seconds) = duration, let problem = Self.frameCountProblem(seconds, frameRate) {
            reader.report(path / "duration", problem)
        }
    }

    /// Why a render of `duration` seconds at `frameRate` has too many frames, or nil: at most
    /// `SceneLimits.frames` (a day at 240 fps).
    static func frameCountProblem(_ duration: Double, _ frameRate: FrameRate) -> String? {
        let count = frameRate.frameCount(forDuration: duration)
        guard count > SceneLimits.frames else { return nil }
        return "\(duration) s at \(frameRate.framesPerSecond) fps is \(count) frames; a render may have at most \(SceneLimits.frames) (a day at 240 fps)"
    }

    // MARK: - Layers

    /// A layer at `depth` (1 for the scene's own layers); one nested deeper than
    /// `SceneLimits.nesting` is reported and not read.
    private func readLayer(_ node: DocumentNode, at path: DocumentPath, depth: Int) -> Layer? {
        guard depth <= SceneLimits.nesting else {
            reader.report(path, "layers may nest at most \(SceneLimits.nesting) levels deep (found a layer at level \(depth))")
            return nil
        }
        guard let pairs = reader.mapping(node, at: path, allowed: SceneVocabulary.layer.names) else { return nil }
        var layer = Layer(id: path.description, shape: node["children"] == nil ? .rect : .group)
        var mask: Layer?, maskMode = MaskMode.alpha
        for (key, value) in pairs {
            let at = path / key
            switch key {
            case "id":
                if let id = reader.string(value, at: at) {
                    if id.isEmpty || id.contains(".") || id.contains(" ") {
                        reader.report(at, "must be a non-empty name without dots or spaces (found \"\(id)\")")
                    } else {
                        layer.id = id
                    }
                }
            case "shape": layer.shape = reader.choice(value, at: at, of: Shape.self) ?? layer.shape
            case "stroke": readStroke(value, at: at, into: &layer)
            case "font": readFont(value, at: at, into: &layer)
            case "shadow": readShadow(value, at: at, into: &layer)
            case "replicator": readReplicator(value, at: at, into: &layer)
            case "contentsRect": readContentsRect(value, at: at, into: &layer)
            case "emitter": readEmitter(value, at: at, into: &layer)
            case "paragraph": layer.style.paragraph = readParagraph(value, at: at)
            case "runs": readRuns(value, of: node, at: path, into: &layer)
            case "alignment": layer.style.alignment = reader.choice(value, at: at, of: TextAlignment.self) ?? layer.style.alignment
            case "contentMode": layer.style.contentMode = reader.choice(value, at: at, of: ContentMode.self) ?? layer.style.contentMode
            case "clips": layer.style.clips = reader.bool(value, at: at) ?? false
            case "image":
                if let image = readImage(value, at: at) { layer.values.image = image }
            case "children":
                if let items = reader.sequence(value, at: at, of: "layers", atMost: SceneLimits.items) {
                    layer.children = items.enumerated().compactMap { readLayer($1, at: at / $0, depth: depth + 1) }
                }
            case "fill" where { if case .mapping = value { return true } else { return false } }():
                layer.values.gradient = readGradient(value, at: at)
            case "mask":
                mask = readLayer(value, at: at, depth: depth + 1)
            case "maskMode":
                maskMode = reader.choice(value, at: at, of: MaskMode.self) ?? .alpha
                if node["mask"] == nil { reader.report(at, "a mask mode needs a mask: mask: { shape: ellipse, ... }") }
            case "fillRule":
                layer.style.fillRule = reader.choice(value, at: at, of: FillRule.self) ?? .nonZero
            case "strokeTrim":
                layer.style.strokeTrim = reader.choice(value, at: at, of: SVGPath.TrimMode.self) ?? .whole
            case "blendMode":
                layer.style.blendMode = reader.choice(value, at: at, of: BlendMode.self) ?? .normal
            case "rasterize": layer.style.rasterizes = reader.bool(value, at: at) ?? false
            case "doubleSided": layer.style.isDoubleSided = reader.bool(value, at: at) ?? true
            case "filters": layer.style.filters = readFilters(value, at: at)
            case "blurDirection": layer.style.blurDirection = reader.choice(value, at: at, of: BlurDirection.self) ?? .both
            case "rasterizationScale":
                layer.style.rasterizationScale = reader.number(value, at: at, within: .rasterizationScale) ?? 1
            default:
                guard let property = LayerProperty(rawValue: key),
                      let parsed = readValue(of: property, value, at: at) else { continue }
                layer.values[property] = parsed
            }
        }
        if var mask {
            mask.style.masking = maskMode
            layer.children.append(mask)
        }
        if layer.shape == .image, layer.values.image.isEmpty, node["image"] == nil {
            reader.report(path / "image", "required: an image layer needs image: path/to/file.png")
        }
        if layer.shape == .path, node["path"] == nil {
            reader.report(path / "path", "required: a path layer needs path: SVG path data in its bounds, such as \"M 0 0 L 100 50\"")
        }
        return layer
    }

    /// An image a layer shows (an image layer's `image`, a cell's `contents`): a data URL, or a
    /// file resolved against the scene's folder that exists and whose header is within the
    /// limits; nil, reported, otherwise.
    func readImage(_ node: DocumentNode, at path: DocumentPath) -> String? {
        guard let file = reader.string(node, at: path) else { return nil }
        if DataURL.isDataURL(file) {
            // An image carried in the file itself: decoded and checked before rendering.
            guard DataURL(file) != nil else {
                reader.report(path, "expected a base64 data URL (data:image/png;base64,…) or a PNG, JPEG or WebP file")
                return nil
            }
            return file
        }
        let resolved = file.hasPrefix("/") || folder.isEmpty ? file : folder + "/" + file
        guard fileExists(resolved) else {
            reader.report(path, "image file not found: \(resolved)", kind: .missingInput)
            return nil
        }
        if let header = ImageHeader(png: fileHead(resolved, ImageHeader.byteCount)),
           let problem = SceneLimits.imageProblem(width: header.width, height: header.height) {
            reader.report(path, problem + " (\(resolved))")
            return nil
        }
        return resolved
    }

    /// What a message says of path data that cannot be read.
    static func message(for error: SVGPathError) -> String {
        error.exceedsLimit ? "path data must have at most \(SceneLimits.pathSegments) segments (found more by character \(error.offset + 1))"
            : "malformed path data: \(error)"
    }

    /// `{ linear: { from, to, stops } }`, `{ radial: { center, radius, stops } }` or
    /// `{ conic: { center, to, stops } }`, points in unit coordinates of the bounds, stops
    /// `[offset, colour]` with increasing offsets.
    func readGradient(_ node: DocumentNode, at path: DocumentPath) -> Gradient? {
        guard let pairs = reader.mapping(node, at: path, allowed: SceneVocabulary.gradient.names), pairs.count == 1,
              let (kind, body) = pairs.first else {
            if case .mapping(let pairs, _) = node, pairs.count != 1 { reader.report(path, "a gradient is one of linear, radial or conic") }
            return nil
        }
        let at = path / kind
        let allowed = switch kind {
        case "linear": SceneVocabulary.linearGradient.names
        case "radial": SceneVocabulary.radialGradient.names
        default: SceneVocabulary.conicGradient.names
        }
        guard reader.mapping(body, at: at, allowed: allowed) != nil else { return nil }
        let gradientKind: Gradient.Kind
        if kind == "linear" {
            let from = body["from"].flatMap { reader.vector($0, at: at / "from") } ?? Vector2(0, 0.5)
            let to = body["to"].flatMap { reader.vector($0, at: at / "to") } ?? Vector2(1, 0.5)
            gradientKind = .linear(from: from, to: to)
        } else if kind == "conic" {
            let center = body["center"].flatMap { reader.vector($0, at: at / "center") } ?? Vector2(0.5, 0.5)
            let to = body["to"].flatMap { reader.vector($0, at: at / "to") } ?? Vector2(center.x + 0.5, center.y)
            gradientKind = .conic(center: center, to: to)
        } else {
            let center = body["center"].flatMap { reader.vector($0, at: at / "center") } ?? Vector2(0.5, 0.5)
            // 0 is a gradient of its last stop beyond the centre, as Lottie files have it.
            let radius = body["radius"].flatMap { reader.nonNegative($0, at: at / "radius") } ?? 0.5
            gradientKind = .radial(center: center, radius: radius)
        }
        let focus = kind == "radial" ? body["focus"].flatMap { reader.vector($0, at: at / "focus") } : nil
        guard let stopsNode = body["stops"], let items = reader.sequence(stopsNode, at: at / "stops", of: "stops [offset, colour]", atMost: SceneLimits.keyframes) else {
            if body["stops"] == nil { reader.report(at / "stops", "required: at least two stops [offset, colour]") }
            return nil
        }
        var stops: [Gradient.Stop] = []
        for (index, item) in items.enumerated() {
            guard case .sequence(let pair, _) = item, pair.count == 2 else {
                reader.report(at / "stops" / index, "expected [offset, colour] (found \(item.kindPhrase))")
                continue
            }
            guard let offset = reader.unit(pair[0], at: at / "stops" / index / 0),
                  let color = reader.color(pair[1], at: at / "stops" / index / 1) else { continue }
            if let last = stops.last, offset < last.offset {
                reader.report(at / "stops" / index / 0, "stop offsets must not decrease (found \(DocumentReader.format(offset)) after \(DocumentReader.format(last.offset)))")
            }
            stops.append(Gradient.Stop(offset: offset, color: color))
        }
        if items.count < 2 { reader.report(at / "stops", "expected at least two stops (found \(items.count))") }
        guard stops.count == items.count, stops.count >= 2 else { return nil }
        return Gradient(kind: gradientKind, stops: stops, focus: focus)
    }

    private func readStroke(_ node: DocumentNode, at path: DocumentPath, into layer: inout Layer) {
        guard let pairs = reader.mapping(node, at: path, allowed: SceneVocabulary.stroke.names) else { return }
        layer.values.strokeWidth = 1
        for (key, value) in pairs {
            switch key {
            case "color":
                if case .mapping = value { layer.values.strokeGradient = readGradient(value, at: path / key) }
                else { layer.values.strokeColor = reader.color(value, at: path / key) ?? layer.values.strokeColor }
            case "width": layer.values.strokeWidth = reader.number(value, at: path / key, within: .strokeWidth) ?? 1
            case "cap": layer.style.strokeCap = reader.choice(value, at: path / key, of: LineCap.self) ?? .butt
            case "join": layer.style.strokeJoin = reader.choice(value, at: path / key, of: LineJoin.self) ?? .miter
            case "miterLimit": layer.style.strokeMiterLimit = reader.number(value, at: path / key, within: .miterLimit) ?? 10
            case "dashPhase": layer.values.strokeDashPhase = reader.number(value, at: path / key, within: .coordinate) ?? 0
            default:
                if let items = reader.sequence(value, at: path / key, of: "dash lengths", atMost: SceneLimits.keyframes) {
                    let lengths = items.enumerated().compactMap { reader.nonNegative($1, at: path / key / $0) }
                    if lengths.count == items.count, !lengths.isEmpty, lengths.allSatisfy({ $0 == 0 }) {
                        reader.report(path / key, "at least one dash length must be > 0")
                    }
                    layer.style.strokeDash = lengths
                }
            }
        }
    }

    /// `{ color, offset, radius, opacity }`; writing a shadow makes it visible (opacity 1 unless given).
    private func readShadow(_ node: DocumentNode, at path: DocumentPath, into layer: inout Layer) {
        guard let pairs = reader.mapping(node, at: path, allowed: SceneVocabulary.shadow.names) else { return }
        layer.values.shadowOpacity = 1
        for (key, value) in pairs {
            switch key {
            case "color": layer.values.shadowColor = reader.color(value, at: path / key) ?? layer.values.shadowColor
            case "offset": layer.values.shadowOffset = reader.vector(value, at: path / key, within: .coordinate) ?? layer.values.shadowOffset
            case "radius": layer.values.shadowRadius = reader.number(value, at: path / key, within: .effectRadius) ?? layer.values.shadowRadius
            default: layer.values.shadowOpacity = reader.unit(value, at: path / key) ?? 1
            }
        }
    }

    /// `{ count, translation, rotation, scale, opacity, alphaOffset }` (CAReplicatorLayer's).
    private func readReplicator(_ node: DocumentNode, at path: DocumentPath, into layer: inout Layer) {
        for (key, value) in reader.mapping(node, at: path, allowed: SceneVocabulary.replicator.names) ?? [] {
            guard let property = SceneVocabulary.replicatorProperties.first(where: { $0.key == key })?.property,
                  let read = readValue(of: property, value, at: path / key) else { continue }
            layer.values[property] = read
        }
    }

    /// `{ origin, size }` (CALayer.contentsRect's, in unit coordinates of the image).
    private func readContentsRect(_ node: DocumentNode, at path: DocumentPath, into layer: inout Layer) {
        for (key, value) in reader.mapping(node, at: path, allowed: SceneVocabulary.contentsRect.names) ?? [] {
            guard let property = SceneVocabulary.contentsRectProperties.first(where: { $0.key == key })?.property,
                  let read = readValue(of: property, value, at: path / key) else { continue }
            layer.values[property] = read
        }
    }

    /// Whether every point of `path` (end and control points, arcs made cubic) lies within
    /// `NumberRange.coordinate`; reports the first that does not.
    func checkCoordinates(of path: SVGPath, at location: DocumentPath) -> Bool {
        let points = path.controlPoints
        guard let point = points.first(where: { !NumberRange.coordinate.contains($0.x) || !NumberRange.coordinate.contains($0.y) }) else {
            return true
        }
        reader.report(location, "every coordinate must be \(NumberRange.coordinate.description) (found the point \(point))")
        return false
    }

    private func checkLayerIDs(_ layers: [Layer], at path: DocumentPath) {
        var seen: Set<String> = []
        func visit(_ layer: Layer) {
            if !seen.insert(layer.id).inserted {
                reader.report(path, "duplicate layer id \"\(layer.id)\": every layer id must be unique")
            }
            layer.children.forEach(visit)
        }
        layers.forEach(visit)
    }

    /// A property value, checked against the property's kind and range.
    func readValue(of property: LayerProperty, _ node: DocumentNode, at path: DocumentPath) -> AnimatableValue? {
        switch property {
        case .rotation, .replicatorRotation, .rotationX, .rotationY, .skew, .skewAxis: return reader.angle(node, at: path).map { .number($0) }
        case .scale, .replicatorScale: return reader.vectorOrNumber(node, at: path).map { .vector($0) }
        case .replicatorOpacity: return reader.unit(node, at: path).map { .number($0) }
        case .size:
            guard let size = reader.vector(node, at: path) else { return nil }
            guard NumberRange.extent.contains(size.x), NumberRange.extent.contains(size.y) else {
                reader.report(path, "width and height must be \(NumberRange.extent.description) (found \(size))")
                return nil
            }
            return .vector(size)
        case .opacity, .strokeStart, .strokeEnd: return reader.unit(node, at: path).map { .number($0) }
        case .replicatorDelay: return reader.number(node, at: path, within: .time).map { .number($0) }
        case .cornerRadius: return reader.nonNegative(node, at: path).map { .number($0) }
        case .shadowOpacity: return reader.unit(node, at: path).map { .number($0) }
        case .position, .translation, .shadowOffset, .strokeWidth, .strokeDashPhase, .shadowRadius, .blur, .backdropBlur, .fontSize,
             .replicatorTranslation, .replicatorCount, .emitterPosition, .emitterSize, .emitterBirthRate, .emitterLifetime,
             .emitterVelocity, .emitterScale, .emitterSpin, .translationZ, .anchorZ, .perspective, .sublayerPerspective,
             .contentsOrigin, .contentsSize:
            guard let range = property.range else { return nil }
            return property.kind == .vector ? reader.vector(node, at: path, within: range).map { .vector($0) }
                : reader.number(node, at: path, within: range).map { .number($0) }
        case .image:
            reader.report(path, "the image of a layer is set in the layer itself, not animated")
            return nil
        case .path:
            guard let data = reader.string(node, at: path) else { return nil }
            do {
                let outline = try SVGPath(parsing: data)
                return checkCoordinates(of: outline, at: path) ? .path(outline) : nil
            } catch {
                reader.report(path, Self.message(for: error))
                return nil
            }
        case .fill, .strokeColor:
            if case .mapping = node { return readGradient(node, at: path).map { .gradient($0) } }
            return reader.color(node, at: path).map { .color($0) }
        default:
            switch property.kind {
            case .number: return reader.number(node, at: path).map { .number($0) }
            case .vector: return reader.vector(node, at: path).map { .vector($0) }
            case .color: return reader.color(node, at: path).map { .color($0) }
            case .flag: return reader.bool(node, at: path).map { .flag($0) }
            case .text: return reader.string(node, at: path).map { .text($0) }
            case .path: return nil
            }
        }
    }
}

/// What references in animators and the script resolve against.
struct ReferenceContext {
    let tree: LayerTree
    /// Animator ids by index; nil where the id itself was invalid.
    let animatorIDs: [String?]
    /// Group ids by index.
    let groupIDs: [String?]
    /// Timeline ids by index; timelines become groups after the scene's own.
    let timelineIDs: [String?]
    /// Control targets by id (the first of a duplicated id, which is reported): one lookup per
    /// reference, however many ids there are.
    private let targets: [String: ControlTarget]

    init(tree: LayerTree, animatorIDs: [String?], groupIDs: [String?] = [], timelineIDs: [String?] = []) {
        self.tree = tree
        self.animatorIDs = animatorIDs
        self.groupIDs = groupIDs
        self.timelineIDs = timelineIDs
        // Timelines become groups after the scene's own: this is the one place that says so.
        let named = animatorIDs.enumerated().map { ($1, ControlTarget.animator($0)) }
            + (groupIDs + timelineIDs).enumerated().map { ($1, ControlTarget.group($0)) }
        var targets: [String: ControlTarget] = [:]
        for (id, target) in named {
            if let id, targets[id] == nil { targets[id] = target }
        }
        self.targets = targets
    }

    /// The animator or group called `id` (a timeline is a group after the scene's own groups).
    func target(_ id: String) -> ControlTarget? { targets[id] }

    /// "animator", "group" or "timeline": how the scene file declared `target`.
    func kind(of target: ControlTarget) -> String {
        switch target {
        case .animator: "animator"
        case .group(let group): group < groupIDs.count ? "group" : "timeline"
        }
    }

    /// The animator, group and timeline ids, led by a suggestion for the misspelt `id`.
    func animatorList(near id: String) -> String {
        NearestName.hint(for: id, among: (animatorIDs + groupIDs + timelineIDs).compactMap { $0 }) + animatorList
    }

    /// The layer ids, led by a suggestion for the misspelt `id`.
    func layerList(near id: String) -> String {
        NearestName.hint(for: id, among: tree.nodes.map(\.id)) + layerList
    }

    var animatorList: String {
        var parts: [String] = []
        for (name, ids) in [("animators", animatorIDs), ("groups", groupIDs), ("timelines", timelineIDs)] {
            let present = ids.compactMap { $0 }
            if !present.isEmpty { parts.append("\(name): " + present.joined(separator: ", ")) }
        }
        return parts.isEmpty ? "the scene has no animators" : parts.joined(separator: "; ")
    }

    var layerList: String {
        let ids = tree.nodes.map(\.id).filter { !$0.contains("[") }
        return ids.isEmpty ? "the scene has no named layers" : "layers: " + ids.joined(separator: ", ")
    }
}
