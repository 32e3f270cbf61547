import ZoetropeCore

/// Text animators (`t.a`) on a text layer: each glyph an animator moves, fades or colours at
/// some frame is a group of its own (its fill and stroke inside), placed about the middle of
/// its advance on the baseline; the glyphs no animator changes stay in the layer's one outline.
///
/// Keys stay keys where they can: while no selector is keyed, a glyph's value is affine in the
/// animators' properties, so one keyed property that a glyph's value follows (a fill colour, an
/// opacity, a tracking) becomes the glyph's track with the same keys and easing. Otherwise the
/// values follow the selectors' start, end and offset, which may be keyed, through shapes and
/// easing that are not linear in them (`LottieTextRange`), and are taken at every rendered frame
/// of the composition into keyframe tracks (within the sampling budgets of `LottieTrackBook`),
/// as lottie-web and lottie-ios evaluate them frame by frame.
extension LottieSceneBuilder {
    /// The animators of a text layer (`t.a`, at `path`) that are drawn, with what is drawn without
    /// noted: an expression selector's animator, a selector mode other than add, skew, 3D
    /// rotation, and the fill's hue, saturation and brightness. A text whose document changes
    /// (`documents` keyframes) is drawn without its animators.
    mutating func textAnimators(_ animators: [LottieTextAnimator], at path: String, documents: Int) -> [LottieTextAnimator] {
        guard !animators.isEmpty else { return [] }
        guard documents == 1 else {
            notes.unsupported("text animators over a text whose document changes: the text is drawn without them", at: path)
            return []
        }
        var drawn: [LottieTextAnimator] = []
        for (index, animator) in animators.enumerated() {
            let at = "\(path)[\(index)]"
            if animator.selector?.type == 2 {
                notes.unsupported("expression selectors: drawn without this animator", at: at + ".s.t")
                continue
            }
            if let mode = animator.selector?.mode, mode.isAnimated || mode.value(at: 0).first != 1 {
                notes.unsupported("selector modes other than add: drawn as add", at: at + ".s.m")
            }
            if let style = animator.style {
                func set(_ property: LottieProperty<[Double]>?) -> Bool {
                    property.map { $0.isAnimated || $0.value(at: 0).contains { $0 != 0 } } ?? false
                }
                if set(style.skew) { notes.unsupported("skew: drawn without it", at: at + ".a.sk") }
                for (key, property) in [("rx", style.rotationX), ("ry", style.rotationY)] where set(property) {
                    notes.unsupported("3D rotation: drawn flat", at: at + ".a." + key)
                }
                for (key, property) in [("fh", style.fillHue), ("fs", style.fillSaturation), ("fb", style.fillBrightness)] where set(property) {
                    notes.unsupported("fill hue, saturation and brightness: drawn without them", at: at + ".a." + key)
                }
            }
            drawn.append(animator)
        }
        return drawn
    }

    /// The outline of the glyphs `animators` never change (`still`), and a group for each glyph
    /// they do (`moving`), in the text's order; nil past a limit (refused in `notes`).
    mutating func animatedGlyphs(_ placed: [PlacedGlyph], document: TextDocument, animators: [LottieTextAnimator],
                                 owner: String, at path: String, clock: LottieClock) -> (still: [SVGPath.Segment], moving: [Layer])? {
        let animation = LottieTextAnimation(glyphs: placed, animators: animators, size: document.size,
                                            justification: document.justification, fill: document.fill,
                                            stroke: document.stroke, strokeWidth: max(document.strokeWidth, 0))
        // Every glyph's state is worked out once a rendered frame and kept: counted, each of its
        // values, against the evaluation budget before any is.
        guard book.spendEveryFrame(placed.count * GlyphState.valueCount, on: .position,
                                   what: "each of the text's \(placed.count) glyphs is worked out under its animators at every rendered frame (\(GlyphState.valueCount) values each)") else { return nil }
        let frame = clock.frame
        let states = GlyphStates { animation.states(at: frame($0)) }
        let stroked = animation.base.stroke != nil && (document.strokeWidth > 0 || animators.contains { $0.style?.strokeWidth != nil })
        // The one animated property of the animators that a glyph's `target` follows, when the
        // selectors are fixed (nil when there are none or several, or a selector is keyed).
        let fixed = animation.selectorsAreFixed
        func source(of target: LayerProperty) -> (Int, WritableKeyPath<LottieTextStyle, LottieProperty<[Double]>?>, LottieProperty<[Double]>)? {
            guard fixed else { return nil }
            var found: [(Int, WritableKeyPath<LottieTextStyle, LottieProperty<[Double]>?>, LottieProperty<[Double]>)] = []
            for (index, animator) in animators.enumerated() {
                guard let style = animator.style else { continue }
                let keys: [WritableKeyPath<LottieTextStyle, LottieProperty<[Double]>?>] = switch target {
                case .position: [\.position, \.tracking]
                case .anchor: [\.anchor]
                case .scale: [\.scale]
                case .rotation: [style.rotation == nil ? \.rotationZ : \.rotation]
                case .opacity: [\.opacity]
                case .fill: [\.fill]
                case .strokeColor: [\.stroke]
                default: [\.strokeWidth]
                }
                for key in keys {
                    guard let property = style[keyPath: key], property.isAnimated else { continue }
                    // A motion path's tangents would curve the glyph's path by the whole of
                    // them, not by its amount: such a position is taken frame by frame.
                    if case .keyed(let frames) = property,
                       frames.contains(where: { (($0.tangentOut ?? []) + ($0.tangentIn ?? [])).contains { $0 != 0 } }) { return nil }
                    found.append((index, key, property))
                }
            }
            return found.count == 1 ? found[0] : nil
        }
        var still: [SVGPath.Segment] = [], moving: [Layer] = []
        for (index, glyph) in placed.enumerated() {
            let outline = glyph.outline()
            guard !outline.isEmpty else { continue }
            guard book.anySample(of: .position, where: { states.at($0)[index] != animation.base }) else {
                still += outline
                continue
            }
            let pivot = Vector2(glyph.origin.x + glyph.advance / 2, glyph.origin.y)
            guard var group = makeLayer(id: uniqueID(owner + "Glyph\(index)"), shape: .group, at: path),
                  var fill = makeLayer(id: uniqueID(group.id + "Fill"), shape: .path, at: path) else { return nil }
            let id = group.id
            group.values.size = Vector2(1, 1)
            func sampled(_ layer: String, _ property: LayerProperty, _ value: @escaping (GlyphState) -> AnimatableValue) -> AnimatableValue {
                if let (animator, key, keyed) = source(of: property) {
                    return book.animate(layer, property, keyed, clock: clock) {
                        value(animation.states(at: 0, setting: key, of: animator, to: $0)[index])
                    }
                }
                return book.sample(layer, property) { value(states.at($0)[index]) }
            }
            group.values.position = sampled(id, .position) { .vector(pivot + $0.offset) }.vector ?? pivot
            group.values.anchor = sampled(id, .anchor) { .vector($0.anchor) }.vector ?? .zero
            group.values.scale = sampled(id, .scale) { .vector($0.scale) }.vector ?? Vector2(1, 1)
            group.values.rotation = sampled(id, .rotation) { .number($0.rotation * .pi / 180) }.number ?? 0
            group.values.opacity = sampled(id, .opacity) { .number(min(max($0.opacity, 0), 1)) }.number ?? 1
            let shape = SVGPath(segments: glyph.outline(relativeTo: pivot))
            fill.values.anchor = .zero
            fill.values.size = Vector2(1, 1)
            fill.values.path = shape
            fill.values.fill = sampled(fill.id, .fill) { $0.fill.map { LottieColors.color($0) } ?? .color(.clear) }.color ?? .clear
            group.children = [fill]
            if stroked {
                guard var stroke = makeLayer(id: uniqueID(group.id + "Stroke"), shape: .path, at: path) else { return nil }
                stroke.values.anchor = .zero
                stroke.values.size = Vector2(1, 1)
                stroke.values.path = shape
                stroke.style.strokeJoin = .round
                stroke.values.strokeColor = sampled(stroke.id, .strokeColor) { $0.stroke.map { LottieColors.color($0) } ?? .color(.clear) }.color ?? .clear
                stroke.values.strokeWidth = sampled(stroke.id, .strokeWidth) { .number(max($0.strokeWidth, 0)) }.number ?? 0
                group.children = document.strokeOverFill ? [fill, stroke] : [stroke, fill]
            }
            moving.append(group)
        }
        return (still, moving)
    }

    typealias GlyphState = LottieTextAnimation.GlyphState
}

/// Every glyph's state at a root frame, worked out once for all the glyphs' tracks.
private final class GlyphStates {
    private let compute: (Double) -> [LottieTextAnimation.GlyphState]
    private var known: [Double: [LottieTextAnimation.GlyphState]] = [:]

    init(_ compute: @escaping (Double) -> [LottieTextAnimation.GlyphState]) {
        self.compute = compute
    }

    func at(_ rootFrame: Double) -> [LottieTextAnimation.GlyphState] {
        if let states = known[rootFrame] { return states }
        let states = compute(rootFrame)
        known[rootFrame] = states
        return states
    }
}
