import ZoetropeCore

/// Mirrors `CGColor` (Linux has no CoreGraphics): sRGB components and alpha.
public final class CGColor: Hashable, @unchecked Sendable {
    let color: Color

    init(_ color: Color) {
        self.color = color
    }

    /// Mirrors `components`: red, green, blue, alpha.
    public var components: [CGFloat]? { [CGFloat(color.red), CGFloat(color.green), CGFloat(color.blue), CGFloat(color.alpha)] }
    /// Mirrors `alpha`.
    public var alpha: CGFloat { CGFloat(color.alpha) }
    /// Mirrors `numberOfComponents`.
    public var numberOfComponents: Int { 4 }

    public static func == (a: CGColor, b: CGColor) -> Bool { a.color == b.color }
    public func hash(into hasher: inout Hasher) { hasher.combine(color) }
}

/// Mirrors `UIColor`, in the sRGB colour space (the system colours are their light-mode values).
open class UIColor: Hashable, @unchecked Sendable {
    let color: Color

    /// A colour of Core's.
    init(_ color: Color) {
        self.color = color
    }

    /// Mirrors `init(red:green:blue:alpha:)`; components are clamped to 0…1.
    public init(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
        func unit(_ value: CGFloat) -> Double { min(max(Double(value), 0), 1) }
        color = Color(red: unit(red), green: unit(green), blue: unit(blue), alpha: unit(alpha))
    }

    /// Mirrors `init(white:alpha:)`.
    public convenience init(white: CGFloat, alpha: CGFloat) {
        self.init(red: white, green: white, blue: white, alpha: alpha)
    }

    /// Mirrors `init(hue:saturation:brightness:alpha:)`.
    public convenience init(hue: CGFloat, saturation: CGFloat, brightness: CGFloat, alpha: CGFloat) {
        let h = (Double(hue) - Double(hue).rounded(.down)) * 6, s = min(max(Double(saturation), 0), 1)
        let v = min(max(Double(brightness), 0), 1)
        let whole = h.rounded(.down), sector = Int(saturating: whole, rounding: .down) % 6, f = h - whole
        let p = v * (1 - s), q = v * (1 - s * f), t = v * (1 - s * (1 - f))
        let (r, g, b): (Double, Double, Double) = switch sector {
        case 0: (v, t, p)
        case 1: (q, v, p)
        case 2: (p, v, t)
        case 3: (p, q, v)
        case 4: (t, p, v)
        default: (v, p, q)
        }
        self.init(red: CGFloat(r), green: CGFloat(g), blue: CGFloat(b), alpha: alpha)
    }

    /// Mirrors `init(cgColor:)`.
    public convenience init(cgColor: CGColor) {
        self.init(cgColor.color)
    }

    /// Mirrors `cgColor`.
    open var cgColor: CGColor { CGColor(color) }

    /// Mirrors `getRed(_:green:blue:alpha:)`.
    @discardableResult
    open func getRed(_ red: UnsafeMutablePointer<CGFloat>?, green: UnsafeMutablePointer<CGFloat>?,
                     blue: UnsafeMutablePointer<CGFloat>?, alpha: UnsafeMutablePointer<CGFloat>?) -> Bool {
        red?.pointee = CGFloat(color.red)
        green?.pointee = CGFloat(color.green)
        blue?.pointee = CGFloat(color.blue)
        alpha?.pointee = CGFloat(color.alpha)
        return true
    }

    /// Mirrors `getWhite(_:alpha:)`: true only for a grey.
    @discardableResult
    open func getWhite(_ white: UnsafeMutablePointer<CGFloat>?, alpha: UnsafeMutablePointer<CGFloat>?) -> Bool {
        guard color.red == color.green, color.green == color.blue else { return false }
        white?.pointee = CGFloat(color.red)
        alpha?.pointee = CGFloat(color.alpha)
        return true
    }

    /// Mirrors `withAlphaComponent(_:)`.
    open func withAlphaComponent(_ alpha: CGFloat) -> UIColor {
        UIColor(red: CGFloat(color.red), green: CGFloat(color.green), blue: CGFloat(color.blue), alpha: alpha)
    }

    public static func == (a: UIColor, b: UIColor) -> Bool { a.color == b.color }
    public func hash(into hasher: inout Hasher) { hasher.combine(color) }

    private static func rgb(_ red: Double, _ green: Double, _ blue: Double) -> UIColor {
        UIColor(red: CGFloat(red / 255), green: CGFloat(green / 255), blue: CGFloat(blue / 255), alpha: 1)
    }

    // MARK: - Fixed colours (UIKit's component values)

    open class var black: UIColor { UIColor(white: 0, alpha: 1) }
    open class var darkGray: UIColor { UIColor(white: 1 / 3, alpha: 1) }
    open class var lightGray: UIColor { UIColor(white: 2 / 3, alpha: 1) }
    open class var white: UIColor { UIColor(white: 1, alpha: 1) }
    open class var gray: UIColor { UIColor(white: 0.5, alpha: 1) }
    open class var red: UIColor { UIColor(red: 1, green: 0, blue: 0, alpha: 1) }
    open class var green: UIColor { UIColor(red: 0, green: 1, blue: 0, alpha: 1) }
    open class var blue: UIColor { UIColor(red: 0, green: 0, blue: 1, alpha: 1) }
    open class var cyan: UIColor { UIColor(red: 0, green: 1, blue: 1, alpha: 1) }
    open class var yellow: UIColor { UIColor(red: 1, green: 1, blue: 0, alpha: 1) }
    open class var magenta: UIColor { UIColor(red: 1, green: 0, blue: 1, alpha: 1) }
    open class var orange: UIColor { UIColor(red: 1, green: 0.5, blue: 0, alpha: 1) }
    open class var purple: UIColor { UIColor(red: 0.5, green: 0, blue: 0.5, alpha: 1) }
    open class var brown: UIColor { UIColor(red: 0.6, green: 0.4, blue: 0.2, alpha: 1) }
    open class var clear: UIColor { UIColor(white: 0, alpha: 0) }

    // MARK: - System colours (light mode, sRGB, as Apple's Human Interface Guidelines list them)

    open class var systemRed: UIColor { rgb(255, 59, 48) }
    open class var systemOrange: UIColor { rgb(255, 149, 0) }
    open class var systemYellow: UIColor { rgb(255, 204, 0) }
    open class var systemGreen: UIColor { rgb(52, 199, 89) }
    open class var systemMint: UIColor { rgb(0, 199, 190) }
    open class var systemTeal: UIColor { rgb(48, 176, 199) }
    open class var systemCyan: UIColor { rgb(50, 173, 230) }
    open class var systemBlue: UIColor { rgb(0, 122, 255) }
    open class var systemIndigo: UIColor { rgb(88, 86, 214) }
    open class var systemPurple: UIColor { rgb(175, 82, 222) }
    open class var systemPink: UIColor { rgb(255, 45, 85) }
    open class var systemBrown: UIColor { rgb(162, 132, 94) }
    open class var systemGray: UIColor { rgb(142, 142, 147) }
    open class var systemGray2: UIColor { rgb(174, 174, 178) }
    open class var systemGray3: UIColor { rgb(199, 199, 204) }
    open class var systemGray4: UIColor { rgb(209, 209, 214) }
    open class var systemGray5: UIColor { rgb(229, 229, 234) }
    open class var systemGray6: UIColor { rgb(242, 242, 247) }
    open class var systemBackground: UIColor { .white }
    open class var secondarySystemBackground: UIColor { rgb(242, 242, 247) }
    open class var label: UIColor { .black }
    open class var secondaryLabel: UIColor { UIColor(red: 60 / 255, green: 60 / 255, blue: 67 / 255, alpha: 0.6) }
}
