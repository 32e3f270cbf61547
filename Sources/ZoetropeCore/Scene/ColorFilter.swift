import RealModule

/// A colour filter of a layer's composited picture (its content and children together, as its
/// opacity and shadow are applied), in the spirit of `CALayer.filters`: After Effects' Fill,
/// Tint, Tritone, Invert and Levels, which Lottie files carry as effects.
///
/// Each filter maps a pixel's straight (not premultiplied) red, green and blue to new ones and
/// keeps its alpha (Fill multiplies it by its opacity), so a layer's shape never changes; the
/// filters of a layer apply in order. Luminance is BT.709's (0.2126 R + 0.7152 G + 0.0722 B, of
/// the stored sRGB values), as ThorVG and lottie-web's canvas renderer take it.
public enum ColorFilter: Hashable, Sendable {
    /// Every pixel in `color`, its alpha times `opacity` (and the colour's own alpha): the
    /// layer's silhouette filled (After Effects' Fill).
    case fill(color: Color, opacity: Double)
    /// Black maps to `black`, white to `white`, and every pixel to the colour between them at
    /// its luminance; `amount` (0…1) mixes that with the original (After Effects' Tint).
    case tint(black: Color, white: Color, amount: Double)
    /// Dark pixels towards `shadows`, mid-grey to `midtones`, light ones to `highlights` (by
    /// luminance: 0…½ from shadows to midtones, ½…1 on to highlights); `blend` (0…1) mixes the
    /// original back in (After Effects' Tritone, "blend with original").
    case tritone(highlights: Color, midtones: Color, shadows: Color, blend: Double)
    /// Red, green and blue turned to 1 − themselves, mixed with the original by `amount` (0…1;
    /// After Effects' Invert of the RGB channel, "blend with original" being 1 − amount).
    case invert(amount: Double)
    /// Each of red, green and blue mapped through `levels` (After Effects' Levels and Pro Levels
    /// on the RGB channels together).
    case levels(Levels)

    /// After Effects' Levels: an input range stretched to an output range through a gamma curve,
    /// all in 0…1. Identity is input 0…1, gamma 1, output 0…1.
    public struct Levels: Hashable, Sendable {
        public var inputBlack: Double
        public var inputWhite: Double
        /// The curve's gamma: a value v of the input range becomes v^(1/gamma); above 1 lightens
        /// the midtones. At most `ColorFilter.gammaRange`.
        public var gamma: Double
        public var outputBlack: Double
        public var outputWhite: Double

        /// Levels that stretch `inputBlack…inputWhite` to `outputBlack…outputWhite` through `gamma`.
        public init(inputBlack: Double = 0, inputWhite: Double = 1, gamma: Double = 1, outputBlack: Double = 0, outputWhite: Double = 1) {
            self.inputBlack = inputBlack
            self.inputWhite = inputWhite
            self.gamma = gamma
            self.outputBlack = outputBlack
            self.outputWhite = outputWhite
        }

        /// The level `value` (0…1) becomes, as lottie-web's Pro Levels table computes it: below
        /// the input range the output black (the output white when the range is reversed),
        /// above it the output white, between them the gamma curve. The result is clamped to 0…1.
        public func map(_ value: Double) -> Double {
            let low = min(inputBlack, inputWhite), high = max(inputBlack, inputWhite)
            let reversed = inputWhite < inputBlack
            let mapped: Double
            if value <= low {
                mapped = reversed ? outputWhite : outputBlack
            } else if value >= high {
                mapped = reversed ? outputBlack : outputWhite
            } else {
                let g = min(max(gamma, ColorFilter.gammaRange.lowerBound), ColorFilter.gammaRange.upperBound)
                mapped = outputBlack + (outputWhite - outputBlack) * Double.pow(max((value - inputBlack) / (inputWhite - inputBlack), 0), 1 / g)
            }
            return mapped.isFinite ? min(max(mapped, 0), 1) : 0
        }
    }

    /// The gammas a Levels filter draws with (After Effects offers 0.1…10); others are clamped.
    public static let gammaRange = 0.01...100.0

    /// The filter's name in a scene file (`filters: [{ tint: … }]`).
    public var name: String {
        switch self {
        case .fill: "fill"
        case .tint: "tint"
        case .tritone: "tritone"
        case .invert: "invert"
        case .levels: "levels"
        }
    }

    /// BT.709 luminance of straight sRGB components, as ThorVG and lottie-web take it.
    public static func luminance(red: Double, green: Double, blue: Double) -> Double {
        0.2126 * red + 0.7152 * green + 0.0722 * blue
    }

    /// The straight (not premultiplied) colour `red`, `green`, `blue`, `alpha` after the filter,
    /// each component clamped to 0…1: what the render does to every pixel.
    public func apply(red: Double, green: Double, blue: Double, alpha: Double) -> Color {
        func clamp(_ x: Double) -> Double { x.isFinite ? min(max(x, 0), 1) : 0 }
        func mix(_ a: Double, _ b: Double, _ t: Double) -> Double { a + (b - a) * t }
        switch self {
        case .fill(let color, let opacity):
            return Color(red: clamp(color.red), green: clamp(color.green), blue: clamp(color.blue), alpha: clamp(alpha * clamp(opacity) * clamp(color.alpha)))
        case .tint(let black, let white, let amount):
            let l = Self.luminance(red: red, green: green, blue: blue), t = clamp(amount)
            return Color(red: clamp(mix(red, mix(black.red, white.red, l), t)), green: clamp(mix(green, mix(black.green, white.green, l), t)),
                         blue: clamp(mix(blue, mix(black.blue, white.blue, l), t)), alpha: clamp(alpha))
        case .tritone(let highlights, let midtones, let shadows, let blend):
            let l = clamp(Self.luminance(red: red, green: green, blue: blue)), keep = clamp(blend)
            let (from, to, t) = l < 0.5 ? (shadows, midtones, 2 * l) : (midtones, highlights, 2 * l - 1)
            return Color(red: clamp(mix(mix(from.red, to.red, t), red, keep)), green: clamp(mix(mix(from.green, to.green, t), green, keep)),
                         blue: clamp(mix(mix(from.blue, to.blue, t), blue, keep)), alpha: clamp(alpha))
        case .invert(let amount):
            let t = clamp(amount)
            return Color(red: clamp(mix(red, 1 - red, t)), green: clamp(mix(green, 1 - green, t)), blue: clamp(mix(blue, 1 - blue, t)), alpha: clamp(alpha))
        case .levels(let levels):
            return Color(red: levels.map(clamp(red)), green: levels.map(clamp(green)), blue: levels.map(clamp(blue)), alpha: clamp(alpha))
        }
    }
}
