import ZoetropeCore

/// The glyphs of a text document under its text animators, at any frame: each glyph's offset,
/// anchor, scale, rotation, opacity and colours, combined as lottie-web combines them
/// (`TextAnimatorProperty`). Each animator acts on a glyph by the amount its range selector
/// selects of the glyph's unit (`LottieTextRange`):
/// - anchor `a`, position `p` and rotation `r` add their value times the amount, scale `s`
///   multiplies by 1 + (s − 1) · amount; the glyph turns and scales about the middle of its
///   advance on the baseline, less the anchor;
/// - opacity `o` moves the glyph's opacity toward o · amount by the amount; fill `fc` and
///   stroke `sc` colours move the glyph's colour toward theirs by the amount, one animator
///   after another; stroke width `sw` adds;
/// - tracking `t` (thousandths of the size, as the document's `tr` and as lottie-ios reads it;
///   lottie-web adds it in points) opens the space before each glyph it selects, moving the
///   glyphs after it on its line; right- and centre-justified lines move back by all (or half)
///   of what they grew, and the first glyph of a left-justified line does not move.
struct LottieTextAnimation {
    typealias PlacedGlyph = LottieSceneBuilder.PlacedGlyph

    /// A glyph's state at one frame; its colours are red, green and blue of 0…1.
    struct GlyphState: Equatable {
        var offset = Vector2.zero
        var anchor = Vector2.zero
        var scale = Vector2(1, 1)
        /// Degrees, clockwise on screen.
        var rotation = 0.0
        var opacity = 1.0
        var fill: [Double]?
        var stroke: [Double]?
        var strokeWidth = 0.0

        /// How many numbers a state holds, as the sampling budgets count them.
        static let valueCount = 15
    }

    let glyphs: [PlacedGlyph]
    private(set) var animators: [LottieTextAnimator]
    /// Each animator's unit of every glyph, and how many units its selector counts.
    let units: [(indices: [Int], count: Int)]
    /// The document's size (tracking is in thousandths of it) and justification.
    let size: Double
    let justification: Int
    /// What every glyph is without the animators.
    let base: GlyphState

    init(glyphs: [PlacedGlyph], animators: [LottieTextAnimator], size: Double, justification: Int,
         fill: [Double]?, stroke: [Double]?, strokeWidth: Double) {
        self.glyphs = glyphs
        self.animators = animators
        self.size = size
        self.justification = justification
        let characters = glyphs.map { ($0.character, $0.line) }
        units = animators.map { animator in
            LottieTextRange.units(of: characters, basedOn: Int(saturating: animator.selector?.basedOn ?? 1),
                                  randomized: animator.selector?.randomize ?? false)
        }
        // As lottie-web: a stroke colour animated over a document without one starts black.
        let strokeAnimated = animators.contains { $0.style?.stroke != nil }
        base = GlyphState(fill: fill.map(Self.unit), stroke: stroke.map(Self.unit) ?? (strokeAnimated ? [0, 0, 0] : nil),
                          strokeWidth: strokeWidth)
    }

    /// Red, green and blue of 0…1, from components of 0…1 or (some old files) 0…255.
    static func unit(_ color: [Double]) -> [Double] {
        let scale: Double = color.prefix(3).contains { $0 > 1 } ? 255 : 1
        return (0..<3).map { (color[safe: $0] ?? 0) / scale }
    }

    /// Whether no selector's values are keyed: each glyph's amounts are then the same at every
    /// frame, and its values are affine in any one animated property of the animators.
    var selectorsAreFixed: Bool {
        animators.allSatisfy { animator in
            guard let selector = animator.selector else { return true }
            return ![selector.start, selector.end, selector.offset, selector.easeHigh, selector.easeLow, selector.amount,
                     selector.smoothness].contains { $0?.isAnimated == true }
        }
    }

    /// Every glyph's state at `frame` with `property` of animator `index` set to `value` throughout.
    func states(at frame: Double, setting property: WritableKeyPath<LottieTextStyle, LottieProperty<[Double]>?>,
                of index: Int, to value: [Double]) -> [GlyphState] {
        var fixed = self
        fixed.animators[index].style?[keyPath: property] = .fixed(value)
        return fixed.states(at: frame)
    }

    /// Every glyph's state at `frame` (of the text layer's composition).
    func states(at frame: Double) -> [GlyphState] {
        var states = Array(repeating: base, count: glyphs.count)
        // The space each glyph opens before itself, and the tracking every animator adds.
        var opened = Array(repeating: 0.0, count: glyphs.count), tracking = 0.0
        for (index, animator) in animators.enumerated() {
            guard let style = animator.style else { continue }
            let range = LottieTextRange(animator.selector, at: frame, units: units[index].count)
            func value(_ property: LottieProperty<[Double]>?) -> [Double]? { property?.value(at: frame) }
            let anchor = value(style.anchor), position = value(style.position), scale = value(style.scale)
            let rotation = value(style.planeRotation)?.first, opacity = value(style.opacity)?.first
            let fill = value(style.fill).map(Self.unit), stroke = value(style.stroke).map(Self.unit)
            let strokeWidth = value(style.strokeWidth)?.first, spacing = value(style.tracking)?.first.map { $0 / 1000 * size }
            if let spacing { tracking += spacing }
            for glyph in glyphs.indices {
                let amount = range.amount(ofUnit: Double(units[index].indices[glyph]))
                var state = states[glyph]
                if let anchor { state.anchor = state.anchor + Vector2(anchor[safe: 0] ?? 0, anchor[safe: 1] ?? 0) * amount }
                if let position { state.offset = state.offset + Vector2(position[safe: 0] ?? 0, position[safe: 1] ?? 0) * amount }
                if let scale {
                    state.scale = Vector2(state.scale.x * (1 + ((scale[safe: 0] ?? 100) / 100 - 1) * amount),
                                          state.scale.y * (1 + ((scale[safe: 1] ?? 100) / 100 - 1) * amount))
                }
                if let rotation { state.rotation += rotation * amount }
                if let opacity { state.opacity += (opacity / 100 * amount - state.opacity) * amount }
                if let strokeWidth { state.strokeWidth += strokeWidth * amount }
                if let stroke, let from = state.stroke { state.stroke = zip(from, stroke).map { $0 + ($1 - $0) * amount } }
                if let fill, let from = state.fill { state.fill = zip(from, fill).map { $0 + ($1 - $0) * amount } }
                if let spacing { opened[glyph] += spacing * amount }
                states[glyph] = state
            }
        }
        guard opened.contains(where: { $0 != 0 }) else { return states }
        // Tracking: each line's glyphs move by what opened before them, then the line back by
        // what it grew (right), or half of it and half the tracking (centre), as lottie-web.
        var lineStart = 0
        while lineStart < glyphs.count {
            var lineEnd = lineStart
            while lineEnd < glyphs.count, glyphs[lineEnd].line == glyphs[lineStart].line { lineEnd += 1 }
            var moved = 0.0
            for glyph in lineStart..<lineEnd {
                if glyph > lineStart || justification != 0 { moved += opened[glyph] }
                states[glyph].offset.x += moved
            }
            let back = switch justification {
            case 1: -moved
            case 2: moved == 0 ? 0 : -(moved + tracking) / 2
            default: 0.0
            }
            for glyph in lineStart..<lineEnd { states[glyph].offset.x += back }
            lineStart = lineEnd
        }
        return states
    }
}
