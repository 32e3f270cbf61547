import ZoetropeCore

/// Shape layers' contents: groups become group layers, each fill or stroke a path layer that
/// paints every shape listed before it in its group (nested groups' shapes through their
/// transforms), stacked as Lottie stacks them (the first item on top). A trim path trims the
/// fills and strokes of every shape listed before it in its group, nested groups' too,
/// wherever the paint is listed, as ThorVG trims them.
extension LottieSceneBuilder {
    /// A trim path (`tm`): the part of the outlines from `s` to `e` percent, moved on by `o`
    /// degrees (360 is once round), on each shape alike (`m` 1) or along them all as one (`m` 2).
    struct Trim {
        var path: String
        var start, end, offset: LottieProperty<[Double]>?
        var eachSubpath: Bool

        /// The window at a frame, as ThorVG takes it: ends clamped to 0…1 and put in order.
        func window(at frame: Double) -> (start: Double, end: Double, offset: Double) {
            let s = min(max((start?.value(at: frame).first ?? 0) / 100, 0), 1)
            let e = min(max((end?.value(at: frame).first ?? 100) / 100, 0), 1)
            let o = (offset?.value(at: frame).first ?? 0) / 360
            return (min(s, e), max(s, e), o.isFinite ? o : 0)
        }

        func apply(_ path: SVGPath, at frame: Double) -> SVGPath {
            let w = window(at: frame)
            return path.trimmed(start: w.start, end: w.end, offset: w.offset, mode: eachSubpath ? .eachSubpath : .whole)
        }
    }

    /// The trims of a list of shape items, with their indices.
    private func trims(in items: [LottieShapeItem], at path: String) -> [(index: Int, trim: Trim)] {
        items.enumerated().compactMap { index, item in
            guard case .trim(let trim) = item.content, !item.hidden else { return nil }
            return (index, Trim(path: "\(path)[\(index)]", start: trim.start, end: trim.end, offset: trim.offset, eachSubpath: trim.mode != 2))
        }
    }

    /// The rounded corners (`rd`) listed in `items`, by index: each rounds the shapes listed
    /// before it in its group, nested groups' too.
    private func corners(in items: [LottieShapeItem]) -> [(index: Int, radius: LottieProperty<[Double]>)] {
        items.enumerated().compactMap { index, item in
            guard case .roundCorners(let corners) = item.content, !item.hidden, let radius = corners.radius else { return nil }
            return (index, radius)
        }
    }

    /// The path modifiers (`pb`, `zz`) listed in `items`, by index: each changes the shapes
    /// listed before it in its group, nested groups' too.
    private func modifiers(in items: [LottieShapeItem]) -> [(index: Int, modifier: PathModifier)] {
        items.enumerated().compactMap { index, item in
            guard !item.hidden else { return nil }
            switch item.content {
            case .puckerBloat(let pb): return pb.amount.map { (index, .puckerBloat($0)) }
            case .zigZag(let zz): return (index, .zigZag(size: zz.size, ridges: zz.ridges, points: zz.points))
            default: return nil
            }
        }
    }

    /// A path modifier as it changes an outline at a frame.
    enum PathModifier {
        case puckerBloat(LottieProperty<[Double]>)
        case zigZag(size: LottieProperty<[Double]>?, ridges: LottieProperty<[Double]>?, points: LottieProperty<[Double]>?)

        var isAnimated: Bool {
            switch self {
            case .puckerBloat(let amount): amount.isAnimated
            case let .zigZag(size, ridges, points): [size, ridges, points].contains { $0?.isAnimated == true }
            }
        }

        /// How many times the vertices it may multiply an outline's (a zig-zag's ridges and corners).
        var growth: Int {
            guard case .zigZag(_, let ridges?, _) = self else { return 1 }
            let most: Double = switch ridges {
            case .fixed(let value): value.first ?? 0
            case .keyed(let keys), .looped(let keys, _, _): keys.compactMap(\.value.first).max() ?? 0
            case .expressed: Double(LottieBezier.largestRidgeCount)   // whatever the expression gives, within the limit
            }
            return Int(saturating: min(max(most.isFinite ? most : 0, 0), Double(LottieBezier.largestRidgeCount)), rounding: .down) + 2
        }

        func apply(_ shape: LottieBezier, at frame: Double) -> LottieBezier {
            switch self {
            case .puckerBloat(let amount):
                return shape.puckeredAndBloated(amount: amount.value(at: frame).first ?? 0)
            case let .zigZag(size, ridges, points):
                return shape.zigZagged(size: size?.value(at: frame).first ?? 0, ridges: ridges?.value(at: frame).first ?? 0,
                                       smooth: (points?.value(at: frame).first ?? 1) == 2)
            }
        }
    }

    /// A shape that makes an outline, with the transforms of the groups between it and a paint.
    struct Outline {
        enum Kind {
            case bezier(LottieProperty<LottieBezier>)
            case rectangle(position: LottieProperty<[Double]>?, size: LottieProperty<[Double]>?, roundness: LottieProperty<[Double]>?, reversed: Bool)
            case ellipse(position: LottieProperty<[Double]>?, size: LottieProperty<[Double]>?, reversed: Bool)
            case polystar(LottiePolystar, reversed: Bool)
        }
        var kind: Kind
        /// Group transforms from the painting group inwards.
        var transforms: [GroupTransform]
        /// The trims of its stroke, the first applied first.
        var trims: [Trim] = []
        /// The radius of rounded corners (`rd`) that round it, the innermost first.
        var corners: [LottieProperty<[Double]>] = []
        /// The path modifiers that change it after its corners are rounded, the innermost first.
        var modifiers: [PathModifier] = []
        /// The JSON path of the outermost merge (`mm`) it is part of; its shape is in `mergeRegions`.
        var merge: String?
        /// The item it belongs to in the list a merge combines: its own, or the group that holds it
        /// (a group's paths are merged as one).
        var unit = ""

        /// The most vertices its outline has at any frame (a polystar's is bounded by its
        /// drawing), what painting it costs against `paintedVertices`.
        var vertexBound: Int {
            modifiers.reduce(ownVertexBound) { Int.saturatingProduct($0, $1.growth) }
        }

        private var ownVertexBound: Int {
            switch kind {
            case .bezier(let property):
                switch property.unexpressed {
                case .fixed(let shape): shape.vertices.count
                case .keyed(let keys), .looped(let keys, _, _): keys.reduce(0) { max($0, $1.value.vertices.count) }
                case .expressed: 0
                }
            case .rectangle, .ellipse: 8
            case let .polystar(star, _):
                // Its points at the most they take, as `LottieBezier.polystar` clamps them.
                min(max(Int(saturating: (points(star.points).max() ?? 5).rounded(.down)), 3), 1_000) * (star.starType != 2 ? 2 : 1)
            }
        }

        private func points(_ property: LottieProperty<[Double]>?) -> [Double] {
            switch property?.unexpressed {
            case .fixed(let value): value.prefix(1).map { $0 }
            case .keyed(let keys), .looped(let keys, _, _): keys.compactMap { $0.value.first }
            case .expressed: []
            case nil: []
            }
        }

        var isAnimated: Bool {
            transforms.contains(where: \.isAnimated) || corners.contains(where: \.isAnimated) || modifiers.contains(where: \.isAnimated) || {
                switch kind {
                case .bezier(let p): p.isAnimated
                case let .rectangle(a, b, c, _): [a, b, c].contains { $0?.isAnimated == true }
                case let .ellipse(a, b, _): [a, b].contains { $0?.isAnimated == true }
                case let .polystar(star, _):
                    [star.position, star.points, star.outerRadius, star.innerRadius, star.outerRoundness, star.innerRoundness, star.rotation]
                        .contains { $0?.isAnimated == true }
                }
            }()
        }

        func bezier(at frame: Double) -> LottieBezier? {
            let shape = cornered(at: frame)
            return modifiers.isEmpty ? shape : shape.map { modifiers.reduce($0) { $1.apply($0, at: frame) } }
        }

        private func cornered(at frame: Double) -> LottieBezier? {
            func vector(_ p: LottieProperty<[Double]>?, _ fallback: Vector2 = .zero) -> Vector2 {
                guard let v = p?.value(at: frame), v.count >= 2 else { return fallback }
                return Vector2(v[0], v[1])
            }
            func number(_ p: LottieProperty<[Double]>?, _ fallback: Double = 0) -> Double { p?.value(at: frame).first ?? fallback }
            let radii = corners.map { max(number($0), 0) }
            let shape: LottieBezier?
            switch kind {
            case .bezier(let property):
                shape = property.value(at: frame)
            case let .rectangle(position, size, roundness, reversed):
                // Its own roundness, else the rounded corners' radius.
                let own = number(roundness)
                return .rectangle(center: vector(position), size: vector(size), roundness: own > 0 ? own : radii.first ?? 0, reversed: reversed)
            case let .ellipse(position, size, reversed):
                return .ellipse(center: vector(position), size: vector(size), reversed: reversed)
            case let .polystar(star, reversed):
                shape = .polystar(center: vector(star.position), points: number(star.points, 5), outerRadius: number(star.outerRadius),
                                  innerRadius: number(star.innerRadius), outerRoundness: number(star.outerRoundness),
                                  innerRoundness: number(star.innerRoundness), rotation: number(star.rotation),
                                  star: star.starType != 2, reversed: reversed)
            }
            return radii.reduce(shape) { shape, radius in shape?.roundingCorners(radius: radius) }
        }

        func segments(at frame: Double) -> [SVGPath.Segment] {
            let transform = transforms.reduce(LottieAffine.identity) { $0.concatenating($1.affine(at: frame)) }
            return bezier(at: frame)?.segments(transform) ?? []
        }
    }

    /// The shape a merge (`mm`) makes of the paths listed before it.
    indirect enum MergeRegion {
        /// One path's own region, whichever way it winds.
        case path(Outline)
        /// Paths as one compound path (merge mode 1: filled by the non-zero rule).
        case compound([Outline])
        case union([MergeRegion])
        /// The first region combined with the rest by a blend mode: subtracted (destination-out),
        /// intersected (destination-in) or excluded (xor).
        case combined(MergeRegion, BlendMode, MergeRegion)

        /// Drawn the same as its paths unmerged.
        var isPlain: Bool {
            switch self {
            case .path, .compound: true
            default: false
            }
        }
    }

    /// A group's `tr`, as it moves the shapes of the group for a paint outside it.
    struct GroupTransform {
        var anchor, position, scale, rotation, skew, skewAxis: LottieProperty<[Double]>?

        init(_ transform: LottieTransform) {
            (anchor, position, scale) = (transform.anchor, transform.position, transform.scale)
            (rotation, skew, skewAxis) = (transform.rotation, transform.skew, transform.skewAxis)
        }

        var isAnimated: Bool { [anchor, position, scale, rotation, skew, skewAxis].contains { $0?.isAnimated == true } }

        func affine(at frame: Double) -> LottieAffine {
            func vector(_ p: LottieProperty<[Double]>?, _ fallback: Vector2) -> Vector2 {
                guard let v = p?.value(at: frame), v.count >= 2 else { return fallback }
                return Vector2(v[0], v[1])
            }
            let s = vector(scale, Vector2(100, 100))
            return .transform(position: vector(position, .zero), anchor: vector(anchor, .zero), scale: Vector2(s.x / 100, s.y / 100),
                              rotation: rotation?.value(at: frame).first ?? 0, skew: skew?.value(at: frame).first ?? 0,
                              skewAxis: skewAxis?.value(at: frame).first ?? 0)
        }
    }

    /// Counts `vertices` against what the animation's paints may draw in all; false, with the
    /// animation refused at `path`, past it.
    private mutating func paint(vertices: Int, at path: String) -> Bool {
        guard !notes.exhausted else { return false }
        paintedVertices = Int.saturatingSum(paintedVertices, vertices)
        guard paintedVertices <= Self.paintedVertexLimit else {
            notes.exhaust("the paints of the animation may draw at most \(Self.paintedVertexLimit) vertices in all, each fill and stroke every shape listed before it in its group with its trims (found at least \(paintedVertices))", at: path)
            return false
        }
        return true
    }

    /// The layers of a list of shape items, bottom first.
    mutating func shapes(_ items: [LottieShapeItem], at path: String, owner: String, clock: LottieClock, trims outer: [Trim] = [],
                         corners outerCorners: [LottieProperty<[Double]>] = [], modifiers outerModifiers: [PathModifier] = []) -> [Layer] {
        var layers: [Layer] = []
        // The item each layer was made for (a repeater copies what is listed before it).
        var origins: [Int] = []
        let listed = trims(in: items, at: path), rounded = corners(in: items), modifying = modifiers(in: items)
        for (index, item) in items.enumerated().reversed() {
            defer { origins += Array(repeating: index, count: layers.count - origins.count) }
            guard !notes.exhausted else { return [] }
            guard !item.hidden, let type = item.type else { continue }
            let at = "\(path)[\(index)]"
            switch item.content {
            case .group(let shapeGroup):
                let name = Self.identifier(item.name, fallback: "Group")
                let id = uniqueID(owner + name.prefix(1).uppercased() + name.dropFirst())
                guard var group = makeLayer(id: id, shape: .group, at: at) else { return [] }
                group.values.size = Vector2(1, 1)
                let contents = shapeGroup.items ?? []
                if let (position, transform) = shapeGroup.transform {
                    applyTransform(transform, at: "\(at).it[\(position)]", to: &group, size: Vector2(1, 1), clock: clock, opacity: true)
                } else {
                    group.values.anchor = .zero
                }
                group.children = shapes(contents, at: at + ".it", owner: id, clock: clock,
                                        trims: listed.filter { $0.index > index }.map(\.trim) + outer,
                                        corners: rounded.filter { $0.index > index }.map(\.radius) + outerCorners,
                                        modifiers: modifying.filter { $0.index > index }.map(\.modifier) + outerModifiers)
                layers.append(group)
            case .fill, .stroke, .gradientFill, .gradientStroke:
                guard let paintItem = Paint(item.content) else { continue }
                let outlines = self.outlines(items, before: index, at: path, clock: clock, trims: outer, corners: outerCorners,
                                             modifiers: outerModifiers)
                guard !outlines.isEmpty else { continue }
                // Each paint draws every shape listed before it: a budget keeps many paints of
                // many shapes from costing their product.
                guard paint(vertices: outlines.reduce(0) { $0 + $1.vertexBound }, at: at) else { return [] }
                layers.append(contentsOf: mergedPaint(paintItem, at: at, outlines: outlines, owner: owner, clock: clock))
            case .merge(let merge):
                let mode = Int(saturating: merge.mode ?? 1)
                if !(1...5).contains(mode) { notes.unsupported("merge mode \(mode): the shapes are drawn unmerged", at: at + ".mm") }
            case .path, .rectangle, .ellipse, .polystar, .transform, .trim, .repeater, .roundCorners, .puckerBloat, .zigZag, .none:
                continue
            case .other:
                notes.unsupported("shape item \"\(type)\": ignored", at: at)
            }
        }
        // A repeater copies what is listed before it in its group (each repeater wraps the ones
        // listed before it): the groups and shapes above it, and the paints of those shapes
        // wherever the paints are listed. Groups and shapes listed after it are drawn once,
        // below the copies, as After Effects, lottie-web and ThorVG draw them.
        for (index, item) in items.enumerated() where !item.hidden && !layers.isEmpty {
            guard case .repeater(let repeater) = item.content else { continue }
            let shapesBefore = items[..<index].contains { !$0.hidden && $0.drawsOutline }
            let copied = layers.indices.filter { origins[$0] < index || (shapesBefore && Paint(items[origins[$0]].content) != nil) }
            guard !copied.isEmpty else { continue }
            guard let copies = self.repeater(repeater, at: "\(path)[\(index)]", owner: owner, copying: copied.map { layers[$0] },
                                             clock: clock) else { return [] }
            let copiedSet = Set(copied)
            let kept = layers.indices.filter { !copiedSet.contains($0) }
            layers = kept.map { layers[$0] } + [copies]
            origins = kept.map { origins[$0] } + [index]
        }
        return layers
    }

    /// A paint item: a fill or stroke of a colour or a gradient.
    struct Paint {
        var isStroke: Bool
        var color: LottieProperty<[Double]>?
        var gradient: LottieGradientPaint?
        var opacity: LottieProperty<[Double]>?
        var fillRule: Double?
        var style = LottieStrokeStyle()

        init?(_ content: LottieShapeItem.Content) {
            switch content {
            case .fill(let fill): (isStroke, color, opacity, fillRule) = (false, fill.color, fill.opacity, fill.fillRule)
            case .stroke(let stroke): (isStroke, color, opacity, style) = (true, stroke.color, stroke.opacity, stroke.style)
            case .gradientFill(let paint): (isStroke, gradient, opacity, fillRule) = (false, paint, paint.opacity, paint.fillRule)
            case .gradientStroke(let paint): (isStroke, gradient, opacity, style) = (true, paint, paint.opacity, paint.style)
            default: return nil
            }
        }
    }

    /// A repeater (`rp`) as a replicator layer (CAReplicatorLayer's): copies `c`, each moved
    /// from the one before by its transform `tr` about the anchor `a`, its alpha from the start
    /// opacity `so` to the end opacity `eo`.
    private mutating func repeater(_ item: LottieRepeater, at path: String, owner: String, copying layers: [Layer], clock: LottieClock) -> Layer? {
        guard var layer = makeLayer(id: uniqueID(owner + "Repeater"), shape: .group, at: path) else { return nil }
        layer.children = layers
        layer.values.size = Vector2(1, 1)
        let id = layer.id, transform = item.transform ?? LottieTransform()
        if let offset = item.offset, offset.isAnimated || offset.value(at: 0).first.map({ $0 != 0 }) == true {
            guard let shifted = repeaterOffset(offset, transform: transform, at: path, owner: id, copying: layers, clock: clock) else { return nil }
            layer.children = [shifted]
        }
        // Copies stack first at the bottom, as "below" (`m` 2) stacks them; "above" puts the
        // first on top, which shows only where copies of more than one paint overlap.
        func paints(_ layers: [Layer]) -> Int { layers.reduce(0) { $0 + ($1.shape == .path ? 1 : 0) + paints($1.children) } }
        if item.composite != 2, paints(layers) > 1 {
            notes.unsupported("a repeater composited above (m 1): copies stacked with the first at the bottom", at: path + ".m")
        }
        // The anchor is both the layer's anchor and its position: its own transform is none.
        if let anchor = transform.anchor {
            let point = book.animate(id, .anchor, anchor, clock: clock) { .vector(Vector2($0[safe: 0] ?? 0, $0[safe: 1] ?? 0)) }.vector ?? .zero
            _ = book.animate(id, .position, anchor, clock: clock) { .vector(Vector2($0[safe: 0] ?? 0, $0[safe: 1] ?? 0)) }
            layer.values.anchor = point
            layer.values.position = point
        } else {
            layer.values.anchor = .zero
        }
        let copies = item.copies
        if let copies {
            layer.values.replicatorCount = book.animate(id, .replicatorCount, copies, clock: clock) {
                .number(min(max($0.first ?? 1, 0), Double(SceneLimits.instances)))
            }.number ?? 1
        }
        if let position = transform.position {
            layer.values.replicatorTranslation = book.animate(id, .replicatorTranslation, position, clock: clock) {
                .vector(Vector2($0[safe: 0] ?? 0, $0[safe: 1] ?? 0))
            }.vector ?? .zero
        }
        if let rotation = transform.rotation {
            layer.values.replicatorRotation = book.animate(id, .replicatorRotation, rotation, clock: clock) { .number(($0.first ?? 0) * .pi / 180) }.number ?? 0
        }
        if let scale = transform.scale {
            layer.values.replicatorScale = book.animate(id, .replicatorScale, scale, clock: clock) {
                .vector(Vector2(($0[safe: 0] ?? 100) / 100, ($0[safe: 1] ?? 100) / 100))
            }.vector ?? Vector2(1, 1)
        }
        // Alpha from so at the first copy to eo at the last, in equal steps.
        let start = transform.startOpacity, end = transform.endOpacity, frame = clock.frame
        func opacity(_ property: LottieProperty<[Double]>?, _ rootFrame: Double) -> Double {
            min(max((property?.value(at: frame(rootFrame)).first ?? 100) / 100, 0), 1)
        }
        func step(_ rootFrame: Double) -> AnimatableValue {
            let count = (copies?.value(at: frame(rootFrame)).first ?? 1).rounded(.down)
            return .number(count > 1 ? (opacity(end, rootFrame) - opacity(start, rootFrame)) / (count - 1) : 0)
        }
        layer.values.replicatorOpacity = book.sample(id, .replicatorOpacity) { .number(opacity(start, $0)) }.number ?? 1
        layer.values.replicatorAlphaOffset = book.sample(id, .replicatorAlphaOffset, step).number ?? 0
        return layer
    }

    /// The copies' offset (`o`): what the repeater copies, moved as its transform moves a copy
    /// `o` steps on (the translation and rotation times `o`, the scale to the power `o`, about
    /// the anchor), so the first copy is drawn where copy `o` would be, as ThorVG and
    /// lottie-web place it; a fractional or negative offset too.
    private mutating func repeaterOffset(_ offset: LottieProperty<[Double]>, transform: LottieTransform, at path: String, owner: String,
                                         copying layers: [Layer], clock: LottieClock) -> Layer? {
        guard var group = makeLayer(id: uniqueID(owner + "Offset"), shape: .group, at: path + ".o") else { return nil }
        group.children = layers
        group.values.size = Vector2(1, 1)
        let id = group.id, frame = clock.frame
        func vector(_ property: LottieProperty<[Double]>?, _ f: Double, _ fallback: Double) -> Vector2 {
            let v = property?.value(at: f) ?? []
            return Vector2(v[safe: 0] ?? fallback, v[safe: 1] ?? fallback)
        }
        func steps(_ f: Double) -> Double { offset.value(at: f).first.flatMap { $0.isFinite ? min(max($0, -1_000), 1_000) : nil } ?? 0 }
        func anchor(_ rootFrame: Double) -> AnimatableValue { .vector(vector(transform.anchor, frame(rootFrame), 0)) }
        func position(_ rootFrame: Double) -> AnimatableValue {
            let f = frame(rootFrame), n = steps(f), a = vector(transform.anchor, f, 0), p = vector(transform.position, f, 0)
            return .vector(Vector2(a.x + n * p.x, a.y + n * p.y))
        }
        func rotation(_ rootFrame: Double) -> AnimatableValue {
            let f = frame(rootFrame)
            return .number(steps(f) * (transform.rotation?.value(at: f).first ?? 0) * .pi / 180)
        }
        func scale(_ rootFrame: Double) -> AnimatableValue {
            let f = frame(rootFrame), n = steps(f), s = vector(transform.scale, f, 100)
            func power(_ x: Double) -> Double {
                let result = Double.pow(abs(x) / 100, n)
                return result.isFinite ? min(result, 1e6) : 1e6
            }
            return .vector(Vector2(power(s.x), power(s.y)))
        }
        let moving = offset.isAnimated || [transform.anchor, transform.position, transform.rotation, transform.scale].contains { $0?.isAnimated == true }
        let parts: [(LayerProperty, (Double) -> AnimatableValue)] = [(.anchor, anchor), (.position, position), (.rotation, rotation), (.scale, scale)]
        for (property, value) in parts {
            group.values[property] = moving ? book.sample(id, property, value) : value(book.inPoint)
        }
        return group
    }

    /// The outlines a paint listed at `limit` in `items` paints, nested groups' through their
    /// transforms, each with the trims listed after it and those from `outer` groups.
    private mutating func outlines(_ items: [LottieShapeItem], before limit: Int, at path: String, clock: LottieClock,
                                   transforms: [GroupTransform] = [], trims outer: [Trim] = [],
                                   corners outerCorners: [LottieProperty<[Double]>] = [],
                                   modifiers outerModifiers: [PathModifier] = []) -> [Outline] {
        var result: [Outline] = []
        let listed = trims(in: items, at: path), rounded = corners(in: items), modifying = modifiers(in: items)
        for (index, item) in items.enumerated().prefix(limit) where !item.hidden {
            let trims = listed.filter { $0.index > index }.map(\.trim) + outer
            let corners = rounded.filter { $0.index > index }.map(\.radius) + outerCorners
            let modifiers = modifying.filter { $0.index > index }.map(\.modifier) + outerModifiers
            // Each outline carries the trims and corners after it: many shapes before many trims
            // cost their product, counted with the vertices the paints draw.
            guard paint(vertices: trims.count + corners.count + modifiers.count, at: "\(path)[\(index)]") else { return [] }
            let at = "\(path)[\(index)]"
            let count = result.count
            defer {
                for position in result.indices.dropFirst(count) where result[position].unit.isEmpty { result[position].unit = at }
                // Each shape of this item: changed by the modifiers after it (a nested group's
                // outlines already carry theirs and these, innermost first).
                if case .group = item.content {} else { for position in result.indices.dropFirst(count) { result[position].modifiers = modifiers } }
            }
            switch item.content {
            case .path(let path):
                if let shape = path.outline {
                    result.append(Outline(kind: .bezier(shape), transforms: transforms, trims: trims, corners: corners))
                }
            case .rectangle(let rectangle):
                result.append(Outline(kind: .rectangle(position: rectangle.position, size: rectangle.size, roundness: rectangle.roundness,
                                                       reversed: rectangle.direction == 3),
                                      transforms: transforms, trims: trims, corners: corners))
            case .ellipse(let ellipse):
                result.append(Outline(kind: .ellipse(position: ellipse.position, size: ellipse.size, reversed: ellipse.direction == 3),
                                      transforms: transforms, trims: trims))
            case .polystar(let star):
                result.append(Outline(kind: .polystar(star, reversed: star.direction == 3), transforms: transforms, trims: trims, corners: corners))
            case .group(let group):
                let contents = group.items ?? []
                var inner = transforms
                if let (_, transform) = group.transform { inner.append(GroupTransform(transform)) }
                result += outlines(contents, before: contents.count, at: at + ".it", clock: clock, transforms: inner, trims: trims,
                                   corners: corners, modifiers: modifiers).map { var outline = $0; outline.unit = at; return outline }
            case .merge(let item):
                merge(&result, mode: Int(saturating: item.mode ?? 1), at: at)
            default:
                continue
            }
        }
        return result
    }

    /// Merges the outlines listed before a merge item: each item before it is one part (a path;
    /// a group, the union of its paths; an earlier merge, its shape). Mode 1 makes one compound
    /// path of them, 2 their union; 3, 4 and 5 combine the first part listed (the top one in
    /// After Effects) with the union of the others (subtract, intersect, exclude), and a part
    /// alone stays itself.
    private mutating func merge(_ result: inout [Outline], mode: Int, at path: String) {
        guard (1...5).contains(mode), !result.isEmpty else { return }
        var parts: [(key: String, outlines: [Outline])] = [], partIndex: [String: Int] = [:]
        for outline in result {
            let key = outline.merge ?? outline.unit
            if let index = partIndex[key] {
                parts[index].outlines.append(outline)
            } else {
                partIndex[key] = parts.count
                parts.append((key, [outline]))
            }
        }
        // How deep the merges it combines nest: each is a mask inside a mask when drawn.
        let depth = 1 + parts.compactMap { $0.outlines[0].merge.flatMap { mergeDepths[$0] } }.reduce(0, max)
        guard depth <= Self.deepestMerge else {
            notes.exhaust("merge paths may combine earlier merges at most \(Self.deepestMerge) deep (each is drawn as a mask inside the one before)", at: path)
            return
        }
        func shape(_ part: (key: String, outlines: [Outline])) -> MergeRegion {
            if let merged = part.outlines[0].merge, let region = mergeRegions[merged] { return region }
            return part.outlines.count == 1 ? .path(part.outlines[0]) : .union(part.outlines.map(MergeRegion.path))
        }
        let region: MergeRegion
        switch mode {
        case 1:
            let plain = parts.filter { $0.outlines[0].merge == nil }.flatMap(\.outlines)
            let merged = parts.filter { $0.outlines[0].merge != nil }.map(shape)
            region = merged.isEmpty ? .compound(plain) : .union([.compound(plain)] + merged)
        case 2:
            region = .union(parts.map(shape))
        default:
            let first = shape(parts[0])
            guard parts.count > 1 else {
                region = first
                break
            }
            let blend: BlendMode = [3: .destinationOut, 4: .destinationIn][mode] ?? .xor
            region = .combined(first, blend, .union(parts.dropFirst().map(shape)))
        }
        mergeRegions[path] = region
        mergeDepths[path] = depth
        for index in result.indices { result[index].merge = path }
    }

    /// A fill or stroke of `outlines`, some merged by merge paths: a fill of a merge that changes
    /// the shape is everything painted, masked by the merge's shape; the other outlines are
    /// painted as one path. A stroke follows the paths unmerged.
    private mutating func mergedPaint(_ item: Paint, at path: String, outlines: [Outline], owner: String,
                                      clock: LottieClock) -> [Layer] {
        let shaped = outlines.compactMap(\.merge).reduce(into: [String]()) { merges, merge in
            if mergeRegions[merge]?.isPlain == false, !merges.contains(merge) { merges.append(merge) }
        }
        guard !shaped.isEmpty else { return [paint(item, at: path, outlines: outlines, owner: owner, clock: clock)] }
        guard !item.isStroke else {
            notes.unsupported("merge paths under a stroke: stroked along the paths unmerged", at: shaped[0])
            return [paint(item, at: path, outlines: outlines, owner: owner, clock: clock)]
        }
        var layers: [Layer] = []
        let plain = outlines.filter { $0.merge.map { !shaped.contains($0) } ?? true }
        if !plain.isEmpty { layers.append(paint(item, at: path, outlines: plain, owner: owner, clock: clock)) }
        for merge in shaped where !notes.exhausted {
            guard let region = mergeRegions[merge] else { continue }
            var fill = paint(item, at: path, outlines: [], owner: owner, clock: clock)
            fill.style.fillRule = .inverseNonZero
            layers.append(masked(fill, by: region, owner: owner, clock: clock))
        }
        return layers
    }

    /// `content` (a layer filling everything) masked by a merge's shape.
    private mutating func masked(_ content: Layer, by region: MergeRegion, owner: String, clock: LottieClock) -> Layer {
        var group = unitLayer(id: uniqueID(owner + "Merge"), shape: .group)
        var mask = unitLayer(id: uniqueID(group.id + "Shape"), shape: .group)
        mask.style.masking = .alpha
        mask.children = regionLayers(region, owner: mask.id, clock: clock)
        group.children = [content, mask]
        return group
    }

    /// White layers that cover a merge's shape.
    /// Recursive over the region, which nests at most `deepestMerge` merges deep.
    private mutating func regionLayers(_ region: MergeRegion, owner: String, clock: LottieClock) -> [Layer] {
        guard !notes.exhausted else { return [] }
        switch region {
        case .path(let outline):
            return [shapeLayer([outline], owner: owner, clock: clock)]
        case .compound(let outlines):
            return [shapeLayer(outlines, owner: owner, clock: clock)]
        case .union(let regions):
            return regions.flatMap { regionLayers($0, owner: owner, clock: clock) }
        case let .combined(first, blend, rest):
            // Inside a mask of its own, so the blend meets the first region alone.
            var everything = unitLayer(id: uniqueID(owner + "All"), shape: .path)
            everything.values.fill = .white
            everything.style.fillRule = .inverseNonZero
            var shape = unitLayer(id: uniqueID(owner + "Combined"), shape: .group)
            var others = unitLayer(id: uniqueID(owner + "Others"), shape: .group)
            others.style.blendMode = blend
            others.children = regionLayers(rest, owner: others.id, clock: clock)
            shape.style.masking = .alpha
            shape.children = regionLayers(first, owner: shape.id, clock: clock) + [others]
            var group = unitLayer(id: uniqueID(owner + "Merged"), shape: .group)
            group.children = [everything, shape]
            return [group]
        }
    }

    /// A layer in its parent's coordinates (a 1 × 1 box anchored at its origin), counted
    /// against the layer limit (a merge of many paths under many fills multiplies them).
    private mutating func unitLayer(id: String, shape: Shape) -> Layer {
        // Past the limit the animation is refused and building stops; the layer is not kept.
        _ = countLayer(at: book.layerPath)
        var layer = Layer(id: id, shape: shape)
        layer.values.size = Vector2(1, 1)
        layer.values.anchor = .zero
        return layer
    }

    /// A white path layer of outlines' region (untrimmed, one path filled by the non-zero
    /// rule): fixed, or drawn at every frame when any moves.
    private mutating func shapeLayer(_ outlines: [Outline], owner: String, clock: LottieClock) -> Layer {
        var layer = unitLayer(id: uniqueID(owner + "Path"), shape: .path)
        layer.values.fill = .white
        let frame = clock.frame
        func path(at f: Double) -> SVGPath { SVGPath(segments: outlines.flatMap { $0.segments(at: f) }) }
        layer.values.path = outlines.contains(where: \.isAnimated) ? book.sample(layer.id, .path) { .path(path(at: frame($0))) }.path ?? SVGPath()
            : path(at: frame(book.inPoint))
        return layer
    }

    /// A fill or stroke as a path layer of `outlines`.
    private mutating func paint(_ item: Paint, at path: String, outlines: [Outline], owner: String,
                                clock: LottieClock) -> Layer {
        let id = uniqueID(owner + (item.isStroke ? "Stroke" : "Fill"))
        // Past the limit the animation is refused and building stops; the layer is not kept.
        _ = countLayer(at: path)
        var layer = Layer(id: id, shape: .path)
        layer.values.anchor = .zero
        layer.values.size = Vector2(1, 1)
        let frame = clock.frame
        // A stroke's trim: one trim of all its outlines is its strokeStart…strokeEnd; others
        // (nested trims, or trims of some outlines only) are cut into the outline itself, as
        // are a fill's (ThorVG fills the part of the outline the trim keeps).
        let trimmed = outlines.contains { !$0.trims.isEmpty }
        let shared = item.isStroke && Set(outlines.map { $0.trims.map(\.path) }).count == 1 && outlines[0].trims.count == 1 ? outlines[0].trims.first : nil
        let cutting = trimmed && shared == nil
        func outline(at f: Double) -> SVGPath {
            guard cutting else { return SVGPath(segments: outlines.flatMap { $0.segments(at: f) }) }
            var segments: [SVGPath.Segment] = [], start = 0
            while start < outlines.count {
                let trims = outlines[start].trims
                let end = outlines[start...].firstIndex { $0.trims.map(\.path) != trims.map(\.path) } ?? outlines.count
                let run = SVGPath(segments: outlines[start..<end].flatMap { $0.segments(at: f) })
                segments += trims.reduce(run) { $1.apply($0, at: f) }.segments
                start = end
            }
            return SVGPath(segments: segments)
        }
        // The outline: fixed, one shape's own keyframes, or drawn at every frame.
        if !cutting, outlines.count == 1, outlines[0].transforms.isEmpty, outlines[0].corners.isEmpty, outlines[0].modifiers.isEmpty,
           case .bezier(let shape) = outlines[0].kind {
            layer.values.path = book.animate(id, .path, shape, clock: clock, shape.path).path ?? SVGPath()
        } else if outlines.contains(where: { $0.isAnimated || (cutting && $0.trims.contains(where: \.isAnimated)) }) {
            layer.values.path = book.sample(id, .path) { .path(outline(at: frame($0))) }.path ?? SVGPath()
        } else {
            layer.values.path = outline(at: frame(book.inPoint))
        }

        let target: LayerProperty = item.isStroke ? .strokeColor : .fill
        if let paint = item.gradient {
            // A gradient, under the paint's opacity as the layer's.
            if let gradient = LottieGradient(paint, at: path, notes: &notes) {
                let first = AnimatableValue.gradient(gradient.value(at: frame(book.inPoint)))
                layer.values[target] = gradient.isAnimated ? book.sample(id, target) { .gradient(gradient.value(at: frame($0))) } : first
            }
            if let opacity = item.opacity {
                layer.values.opacity = book.animate(id, .opacity, opacity, clock: clock) { .number(min(max(($0.first ?? 100) / 100, 0), 1)) }.number ?? 1
            }
        } else {
            paintColor(item, target: target, id: id, into: &layer, clock: clock)
        }
        if target == .fill {
            if item.fillRule == 2 { layer.style.fillRule = .evenOdd }
            return layer
        }
        if let width = item.style.width {
            layer.values.strokeWidth = book.animate(id, .strokeWidth, width, clock: clock) { .number(max($0.first ?? 0, 0)) }.number ?? 0
        }
        if trimmed, let shared { trim(shared, of: &layer, clock: clock) }
        layer.style.strokeCap = [1: .butt, 2: .round, 3: .square][Int(saturating: item.style.cap ?? 2)] ?? .round
        layer.style.strokeJoin = [1: .miter, 2: .round, 3: .bevel][Int(saturating: item.style.join ?? 2)] ?? .round
        // A mitred stroke's miter limit (`ml2`, a property, before `ml`), in half widths as
        // Zoetrope's; a missing one is After Effects' default, 4. Below 1 a mitre is always
        // bevelled, as at 1.
        if layer.style.strokeJoin == .miter {
            var miterLimit = item.style.miterLimit ?? 4
            if let property = item.style.miterLimitProperty {
                if property.isAnimated { notes.unsupported("an animated miter limit: drawn with the first frame's", at: "\(path).ml2") }
                miterLimit = property.value(at: clock.frame(book.inPoint)).first ?? miterLimit
            }
            layer.style.strokeMiterLimit = miterLimit.isFinite ? min(max(miterLimit, 1), SceneLimits.miterLimit) : 4
        }
        if let dashes = item.style.dashes, !dashes.isEmpty {
            var pattern: [Double] = [], offset: LottieProperty<[Double]>?
            for (index, dash) in dashes.enumerated() {
                guard let property = dash.value else { continue }
                switch dash.kind {
                case "d", "g":
                    if property.isAnimated { notes.unsupported("animated dashes: drawn with the first frame's", at: "\(path).d[\(index)]") }
                    pattern.append(max(property.value(at: clock.frame(book.inPoint)).first ?? 0, 0))
                case "o": offset = property
                default: break
                }
            }
            if pattern.count % 2 == 1 { pattern += pattern }
            if pattern.contains(where: { $0 > 0 }) {
                layer.style.strokeDash = pattern
                // The offset, keys and all, as SVG's `stroke-dashoffset` and Cairo's: how far
                // into the pattern the path starts (moving it marches the dashes along).
                if let offset {
                    let bound = SceneLimits.coordinate
                    layer.values.strokeDashPhase = book.animate(id, .strokeDashPhase, offset, clock: clock) { value in
                        let phase = value.first ?? 0
                        return .number(phase.isFinite ? min(max(phase, -bound), bound) : 0)
                    }.number ?? 0
                }
            }
        }
        return layer
    }

    /// A fill's or stroke's colour, with the paint's opacity as its alpha.
    private mutating func paintColor(_ item: Paint, target: LayerProperty, id: String, into layer: inout Layer, clock: LottieClock) {
        let frame = clock.frame
        let color = item.color ?? .fixed([0, 0, 0])
        let opacity = item.opacity ?? .fixed([100])
        let scale = LottieColors.colorScale(color)
        let painted: AnimatableValue
        switch (color, opacity) {
        case (.fixed(let c), .fixed(let o)):
            painted = LottieColors.color(c, alpha: (o.first ?? 100) / 100, scale: scale)
        case (_, .fixed(let o)):
            painted = book.animate(id, target, color, clock: clock) { LottieColors.color($0, alpha: (o.first ?? 100) / 100, scale: scale) }
        case (.fixed(let c), _):
            painted = book.animate(id, target, opacity, clock: clock) { LottieColors.color(c, alpha: ($0.first ?? 100) / 100, scale: scale) }
        default:
            painted = book.sample(id, target) { rootFrame in
                let f = frame(rootFrame)
                return LottieColors.color(color.value(at: f), alpha: (opacity.value(at: f).first ?? 100) / 100, scale: scale)
            }
        }
        layer.values[target] = painted
    }
}

extension LottieSceneBuilder.Trim {
    var isAnimated: Bool { [start, end, offset].contains { $0?.isAnimated == true } }
}

extension LottieSceneBuilder {
    /// A trim as the stroke's strokeStart, strokeEnd and strokeOffset: the keys themselves, or
    /// the window at every frame where start and end cross (Lottie swaps them; Core Animation
    /// would draw nothing).
    private mutating func trim(_ trim: Trim, of layer: inout Layer, clock: LottieClock) {
        let id = layer.id, frame = clock.frame
        layer.style.strokeTrim = trim.eachSubpath ? .eachSubpath : .whole
        let crosses = (trim.start?.isAnimated == true || trim.end?.isAnimated == true) && book.anySample(of: .strokeStart) {
            let f = frame($0)
            return (trim.start?.value(at: f).first ?? 0) > (trim.end?.value(at: f).first ?? 100)
        }
        func fraction(_ v: [Double], _ fallback: Double) -> AnimatableValue { .number(min(max((v.first ?? fallback) / 100, 0), 1)) }
        if crosses {
            layer.values.strokeStart = book.sample(id, .strokeStart) { .number(trim.window(at: frame($0)).start) }.number ?? 0
            layer.values.strokeEnd = book.sample(id, .strokeEnd) { .number(trim.window(at: frame($0)).end) }.number ?? 1
        } else {
            let window = trim.window(at: frame(book.inPoint))
            layer.values.strokeStart = trim.start.map { book.animate(id, .strokeStart, $0, clock: clock) { fraction($0, 0) }.number ?? 0 } ?? 0
            layer.values.strokeEnd = trim.end.map { book.animate(id, .strokeEnd, $0, clock: clock) { fraction($0, 100) }.number ?? 1 } ?? 1
            if trim.start?.isAnimated != true, trim.end?.isAnimated != true {
                layer.values.strokeStart = window.start
                layer.values.strokeEnd = window.end
            }
        }
        if let offset = trim.offset {
            layer.values.strokeOffset = book.animate(id, .strokeOffset, offset, clock: clock) { .number(($0.first ?? 0) / 360) }.number ?? 0
        }
    }
}

