import RealModule
import ZoetropeCore

/// A layer's effects (`ef`) that Core Animation has as layer properties: the drop shadow as
/// the layer's shadow, the Gaussian blur as its blur, read as ThorVG draws them.
extension LottieSceneBuilder {
    /// ThorVG's σ for a blur or a shadow's softness of 1 (a Gaussian of σ = 0.3 × the value).
    private static let sigmaPerUnit = 0.3

    mutating func effects(_ items: [LottieEffect], at path: String, layer: inout Layer, clock: LottieClock) {
        for (index, effect) in items.enumerated() where effect.isEnabled {
            let at = "\(path)[\(index)]"
            let parameters = effect.parameters ?? []
            func parameter(_ number: Int) -> LottieProperty<[Double]>? { number < parameters.count ? parameters[number].value : nil }
            switch effect.type {
            case 25?:
                dropShadow(color: parameter(0), opacity: parameter(1), direction: parameter(2), distance: parameter(3),
                           softness: parameter(4), layer: &layer, clock: clock)
            case 29?:
                guard let blurriness = parameter(0) else { continue }
                if let direction = parameter(1), direction.value(at: 0).first.map({ $0 != 1 }) == true {
                    notes.unsupported("a blur in one direction: blurred in both", at: at + ".ef[1]")
                }
                layer.values.blur = book.animate(layer.id, .blur, blurriness, clock: clock) {
                    .number(max($0.first ?? 0, 0) * Self.sigmaPerUnit)
                }.number ?? 0
            default:
                let type = effect.type.map { String(Int(saturating: $0)) } ?? "?"
                notes.unsupported("effect type \(type) (\(effect.name ?? "unnamed")): drawn without it", at: at)
            }
        }
    }

    /// The drop shadow: colour, opacity (0…255), direction (degrees clockwise from up),
    /// distance and softness (σ = 0.3 × softness, the layer's radius twice that).
    private mutating func dropShadow(color: LottieProperty<[Double]>?, opacity: LottieProperty<[Double]>?, direction: LottieProperty<[Double]>?,
                                     distance: LottieProperty<[Double]>?, softness: LottieProperty<[Double]>?,
                                     layer: inout Layer, clock: LottieClock) {
        let id = layer.id
        if let color {
            let scale = LottieColors.colorScale(color)
            layer.values.shadowColor = book.animate(id, .shadowColor, color, clock: clock) { LottieColors.color($0, scale: scale) }.color ?? .black
        }
        layer.values.shadowOpacity = opacity.map { opacity in
            book.animate(id, .shadowOpacity, opacity, clock: clock) { .number(min(max(($0.first ?? 0) / 255, 0), 1)) }.number ?? 0
        } ?? 1
        layer.values.shadowRadius = softness.map { softness in
            book.animate(id, .shadowRadius, softness, clock: clock) { .number(max($0.first ?? 0, 0) * 2 * Self.sigmaPerUnit) }.number ?? 0
        } ?? 0
        let frame = clock.frame
        func offset(_ rootFrame: Double) -> AnimatableValue {
            let angle = (direction?.value(at: frame(rootFrame)).first ?? 135) * .pi / 180
            let length = distance?.value(at: frame(rootFrame)).first ?? 0
            return .vector(Vector2(length * Double.sin(angle), -length * Double.cos(angle)))
        }
        let moves = direction?.isAnimated == true || distance?.isAnimated == true
        layer.values.shadowOffset = (moves ? book.sample(id, .shadowOffset, offset) : offset(book.inPoint)).vector ?? .zero
    }
}
