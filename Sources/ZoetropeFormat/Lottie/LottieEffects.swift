import RealModule
import ZoetropeCore

/// A layer's effects (`ef`) that Core Animation has as layer properties: the drop shadow as
/// the layer's shadow, the Gaussian blur as its blur (in one direction too), and the colour
/// effects (fill, tint, tritone, levels, invert) as its `filters`, read as ThorVG draws them.
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
            case 20?, 21?, 23?, 24?:
                colorEffect(effect, parameter: parameter, at: at, layer: &layer, clock: clock)
            case 5? where effect.matchName == "ADBE Invert":
                colorEffect(effect, parameter: parameter, at: at, layer: &layer, clock: clock)
            case 29?:
                guard let blurriness = parameter(0) else { continue }
                // Blur dimensions: 1 both, 2 horizontal, 3 vertical (as ThorVG reads them).
                switch parameter(1)?.value(at: clock.frame(book.inPoint)).first {
                case 2?: layer.style.blurDirection = .horizontal
                case 3?: layer.style.blurDirection = .vertical
                default: break
                }
                if parameter(1)?.isAnimated == true { notes.unsupported("animated blur dimensions: drawn as at the layer's start", at: at + ".ef[1]") }
                layer.values.blur = book.animate(layer.id, .blur, blurriness, clock: clock) {
                    .number(max($0.first ?? 0, 0) * Self.sigmaPerUnit)
                }.number ?? 0
            default:
                let type = effect.type.map { String(Int(saturating: $0)) } ?? "?"
                notes.unsupported("effect type \(type) (\(effect.name ?? "unnamed")): drawn without it", at: at)
            }
        }
    }

    /// Layer styles (`sy`): the drop shadow (`ty` 1) as the layer's shadow, as lottie-ios draws
    /// it (ThorVG and lottie-web draw no layer styles): colour, opacity (%), a shadow radius of
    /// 1.5 × size (lottie-ios's radius is size ÷ 2, and its snapshots of the drop shadow effect
    /// agree with σ = 1.5 × its radius, which is ours of 3 × it), and the offset `d` points from the light's angle `a` (degrees anticlockwise
    /// from +x, After Effects' global light), away from it. A layer with a drop shadow effect
    /// keeps that one. The other styles are reported and drawn without.
    mutating func layerStyles(_ items: [LottieLayerStyle], at path: String, layer: inout Layer, hasShadowEffect: Bool, clock: LottieClock) {
        let names = ["stroke", "drop shadow", "inner shadow", "outer glow", "inner glow", "bevel and emboss", "satin", "colour overlay",
                     "gradient overlay"]
        for (index, style) in items.enumerated() {
            let at = "\(path)[\(index)]"
            let kind = style.type.flatMap { $0 >= 0 && $0 < Double(names.count) && $0 == $0.rounded() ? Int(saturating: $0) : nil }
            guard kind == 1, !hasShadowEffect else {
                let name = kind.map { names[$0] } ?? "type \(style.type.map { String(Int(saturating: $0)) } ?? "?")"
                notes.unsupported("layer style \(name)\(kind == 1 ? " beside a drop shadow effect" : ""): drawn without it", at: at)
                continue
            }
            let id = layer.id
            if let color = style.color {
                let scale = LottieColors.colorScale(color)
                layer.values.shadowColor = book.animate(id, .shadowColor, color, clock: clock) { LottieColors.color($0, scale: scale) }.color ?? .black
            }
            layer.values.shadowOpacity = style.opacity.map { opacity in
                book.animate(id, .shadowOpacity, opacity, clock: clock) { .number(min(max(($0.first ?? 0) / 100, 0), 1)) }.number ?? 0
            } ?? 0.75
            layer.values.shadowRadius = style.size.map { size in
                book.animate(id, .shadowRadius, size, clock: clock) { .number(max($0.first ?? 0, 0) * 1.5) }.number ?? 0
            } ?? 7.5
            let frame = clock.frame, angle = style.angle, distance = style.distance
            func offset(_ rootFrame: Double) -> AnimatableValue {
                let radians = (angle?.value(at: frame(rootFrame)).first ?? 120) * .pi / 180
                let length = distance?.value(at: frame(rootFrame)).first ?? 5
                return .vector(Vector2(-length * Double.cos(radians), length * Double.sin(radians)))
            }
            let moves = angle?.isAnimated == true || distance?.isAnimated == true
            layer.values.shadowOffset = (moves ? book.sample(id, .shadowOffset, offset) : offset(book.inPoint)).vector ?? .zero
        }
    }

    /// A colour effect appended to the layer's filters. ThorVG takes one without `en` as off
    /// (lottie-web as on); Bodymovin always writes it, and the players that draw no colour
    /// effects agree with ThorVG on the files that leave it out.
    private mutating func colorEffect(_ effect: LottieEffect, parameter: (Int) -> LottieProperty<[Double]>?, at path: String,
                                      layer: inout Layer, clock: LottieClock) {
        guard effect.enabled != nil else {
            notes.unsupported("a colour effect without \"en\": off, as ThorVG reads it", at: path)
            return
        }
        layer.style.filters.append(colorFilter(effect, parameter: parameter, at: path, clock: clock))
    }

    /// A colour effect as the layer's `ColorFilter`, its parameters as ThorVG and lottie-web
    /// read them: Tint (`ty` 20: black, white, amount %), Fill (21: colour at 2, opacity 0…1 at
    /// 6), Tritone (23: highlights, midtones, shadows, blend with original %), Pro Levels (24:
    /// the RGB channels' input black, input white, gamma, output black, output white at 3…7) and
    /// Invert (`mn` ADBE Invert: channel, blend with original %). Parameters are taken at the
    /// layer's start; keyframed ones, a Fill confined to a mask, Levels of single channels and an
    /// Invert of other channels than RGB are reported.
    private mutating func colorFilter(_ effect: LottieEffect, parameter: (Int) -> LottieProperty<[Double]>?, at path: String,
                                      clock: LottieClock) -> ColorFilter {
        let frame = clock.frame(book.inPoint)
        func number(_ index: Int, _ fallback: Double) -> Double {
            guard let property = parameter(index) else { return fallback }
            if property.isAnimated { notes.unsupported("an animated effect parameter: drawn at its value at the layer's start", at: path + ".ef[\(index)]") }
            return property.value(at: frame).first.flatMap { $0.isFinite ? $0 : nil } ?? fallback
        }
        func color(_ index: Int, _ fallback: Color) -> Color {
            guard let property = parameter(index) else { return fallback }
            if property.isAnimated { notes.unsupported("an animated effect parameter: drawn at its value at the layer's start", at: path + ".ef[\(index)]") }
            return LottieColors.color(property.value(at: frame), scale: LottieColors.colorScale(property)).color ?? fallback
        }
        func unit(_ x: Double) -> Double { min(max(x, 0), 1) }
        switch effect.type {
        case 20?:
            return .tint(black: color(0, .black), white: color(1, .white), amount: unit(number(2, 100) / 100))
        case 21?:
            if number(0, 0) != 0 { notes.unsupported("a fill confined to a mask: the whole layer filled", at: path + ".ef[0]") }
            return .fill(color: color(2, Color(red: 1, green: 0, blue: 0)), opacity: unit(number(6, 1)))
        case 23?:
            return .tritone(highlights: color(0, .white), midtones: color(1, Color(red: 0.5, green: 0.5, blue: 0.5)), shadows: color(2, .black),
                            blend: unit(number(3, 0) / 100))
        case 24?:
            let identity = [0.0, 1, 1, 0, 1]
            for channel in [10, 17, 24, 31] where (0..<5).contains(where: { number(channel + $0, identity[$0]) != identity[$0] }) {
                notes.unsupported("levels of a single channel: drawn without them", at: path + ".ef[\(channel)]")
            }
            return .levels(ColorFilter.Levels(inputBlack: unit(number(3, 0)), inputWhite: unit(number(4, 1)),
                                              gamma: min(max(number(5, 1), ColorFilter.gammaRange.lowerBound), ColorFilter.gammaRange.upperBound),
                                              outputBlack: unit(number(6, 0)), outputWhite: unit(number(7, 1))))
        default:  // ADBE Invert
            if number(0, 1) != 1 { notes.unsupported("an invert of other channels than RGB: RGB inverted", at: path + ".ef[0]") }
            return .invert(amount: 1 - unit(number(1, 0) / 100))
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
