import RealModule

/// An sRGB colour with straight (not premultiplied) alpha, every component in 0...1.
public struct Color: Hashable, Sendable, CustomStringConvertible {
    public var red: Double
    public var green: Double
    public var blue: Double
    public var alpha: Double

    /// Creates a colour from sRGB components in 0...1; out-of-range values are clamped.
    public init(red: Double, green: Double, blue: Double, alpha: Double = 1) {
        self.red = Self.unit(red)
        self.green = Self.unit(green)
        self.blue = Self.unit(blue)
        self.alpha = Self.unit(alpha)
    }

    /// Fully transparent black: what a layer without a fill shows.
    public static let clear = Color(red: 0, green: 0, blue: 0, alpha: 0)
    /// Opaque black.
    public static let black = Color(red: 0, green: 0, blue: 0)
    /// Opaque white.
    public static let white = Color(red: 1, green: 1, blue: 1)

    /// Parses `#RGB`, `#RGBA`, `#RRGGBB` or `#RRGGBBAA` (case-insensitive); nil for anything else.
    public init?(hex: String) {
        guard hex.first == "#" else { return nil }
        var digits: [Double] = []
        for character in hex.dropFirst() {
            guard let digit = character.hexDigitValue else { return nil }
            digits.append(Double(digit))
        }
        func pair(_ i: Int) -> Double { (digits[2 * i] * 16 + digits[2 * i + 1]) / 255 }
        switch digits.count {
        case 3, 4:
            self.init(red: digits[0] / 15, green: digits[1] / 15, blue: digits[2] / 15,
                      alpha: digits.count == 4 ? digits[3] / 15 : 1)
        case 6, 8:
            self.init(red: pair(0), green: pair(1), blue: pair(2), alpha: digits.count == 8 ? pair(3) : 1)
        default:
            return nil
        }
    }

    /// `#RRGGBBAA`, the form `zoetrope sample` prints.
    public var hexString: String {
        let bytes = [red, green, blue, alpha].map { Int(saturating: $0 * 255, rounding: .toNearestOrAwayFromZero) }
        return "#" + bytes.map { byte in
            let text = String(byte, radix: 16, uppercase: true)
            return text.count == 1 ? "0" + text : text
        }.joined()
    }

    public var description: String { hexString }

    private static func unit(_ value: Double) -> Double {
        value.isNaN ? 0 : min(max(value, 0), 1)
    }
}

/// The space in which colours are interpolated (SPEC §3.3).
public enum ColorSpace: String, Sendable, CaseIterable {
    /// Per component in sRGB with straight alpha, as Core Animation does. The default.
    case srgb
    /// Per component in linear-light sRGB.
    case linear
    /// In Björn Ottosson's Oklab, perceptually even.
    case oklab
}

extension Color {
    /// The colour a fraction `progress` of the way from `self` to `target`.
    ///
    /// `progress` is not clamped (a spring may overshoot), but every resulting component is
    /// clamped to 0...1.
    public func interpolated(to target: Color, progress p: Double, in space: ColorSpace) -> Color {
        let alpha = lerp(self.alpha, target.alpha, p)
        switch space {
        case .srgb:
            return Color(red: lerp(red, target.red, p), green: lerp(green, target.green, p),
                         blue: lerp(blue, target.blue, p), alpha: alpha)
        case .linear:
            let a = linearComponents, b = target.linearComponents
            return Color(red: Self.encode(lerp(a.0, b.0, p)), green: Self.encode(lerp(a.1, b.1, p)),
                         blue: Self.encode(lerp(a.2, b.2, p)), alpha: alpha)
        case .oklab:
            let a = oklab, b = target.oklab
            return Color(oklab: (lerp(a.0, b.0, p), lerp(a.1, b.1, p), lerp(a.2, b.2, p)), alpha: alpha)
        }
    }

    private var linearComponents: (Double, Double, Double) {
        (Self.decode(red), Self.decode(green), Self.decode(blue))
    }

    /// The sRGB transfer function, inverted (IEC 61966-2-1).
    private static func decode(_ c: Double) -> Double {
        c <= 0.04045 ? c / 12.92 : Double.pow((c + 0.055) / 1.055, 2.4)
    }

    /// The sRGB transfer function (IEC 61966-2-1).
    private static func encode(_ c: Double) -> Double {
        let c = max(c, 0)
        return c <= 0.0031308 ? 12.92 * c : 1.055 * Double.pow(c, 1 / 2.4) - 0.055
    }

    /// Oklab (L, a, b), with the matrices of Ottosson's reference implementation.
    private var oklab: (Double, Double, Double) {
        let (r, g, b) = linearComponents
        let l = Double.root(0.4122214708 * r + 0.5363325363 * g + 0.0514459929 * b, 3)
        let m = Double.root(0.2119034982 * r + 0.6806995451 * g + 0.1073969566 * b, 3)
        let s = Double.root(0.0883024619 * r + 0.2817188376 * g + 0.6299787005 * b, 3)
        return (0.2104542553 * l + 0.7936177850 * m - 0.0040720468 * s,
                1.9779984951 * l - 2.4285922050 * m + 0.4505937099 * s,
                0.0259040371 * l + 0.7827717662 * m - 0.8086757660 * s)
    }

    private init(oklab lab: (Double, Double, Double), alpha: Double) {
        let l = lab.0 + 0.3963377774 * lab.1 + 0.2158037573 * lab.2
        let m = lab.0 - 0.1055613458 * lab.1 - 0.0638541728 * lab.2
        let s = lab.0 - 0.0894841775 * lab.1 - 1.2914855480 * lab.2
        let (l3, m3, s3) = (l * l * l, m * m * m, s * s * s)
        self.init(red: Self.encode(4.0767416621 * l3 - 3.3077115913 * m3 + 0.2309699292 * s3),
                  green: Self.encode(-1.2684380046 * l3 + 2.6097574011 * m3 - 0.3413193965 * s3),
                  blue: Self.encode(-0.0041960863 * l3 - 0.7034186147 * m3 + 1.7076147010 * s3),
                  alpha: alpha)
    }
}

/// `a + (b − a)·t`, unclamped.
@inlinable
public func lerp(_ a: Double, _ b: Double, _ t: Double) -> Double { a + (b - a) * t }
