import ZoetropeCore

/// Lottie's colours: components of 0…1, or of 0…255 in some old files.
enum LottieColors {
    /// 255 when a colour property's keys hold components above 1 (an old file's 0…255), else 1:
    /// decided from the keys, since an overshooting ease passes 1 between keys of 0…1.
    static func colorScale(_ property: LottieProperty<[Double]>) -> Double {
        let values: [[Double]] = switch property.unexpressed {
        case .fixed(let value): [value]
        case .keyed(let keys), .looped(let keys, _, _): keys.flatMap { [$0.value] + ($0.end.map { [$0] } ?? []) }
        case .expressed: []
        }
        return values.contains { $0.prefix(3).contains { $0 > 1 } } ? 255 : 1
    }

    /// A colour from Lottie's components at `alpha`, the paint's opacity: a fourth component is
    /// ignored, as the players ignore it. `scale` is 255 for a property of 0…255 components
    /// (some old files), else 1 (`colorScale`).
    static func color(_ components: [Double], alpha: Double = 1, scale: Double = 1) -> AnimatableValue {
        func channel(_ i: Int) -> Double { i < components.count ? min(max(components[i] / scale, 0), 1) : 0 }
        return .color(Color(red: channel(0), green: channel(1), blue: channel(2), alpha: min(max(alpha, 0), 1)))
    }
}
