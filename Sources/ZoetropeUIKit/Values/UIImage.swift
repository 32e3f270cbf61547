import ZoetropeFiles
import ZoetropeRender

/// Mirrors `UIImage` for PNG files: what a `UIImageView` draws.
open class UIImage: @unchecked Sendable {
    /// The file, as given.
    let path: String
    /// Mirrors `size`, in points (one point a pixel: `scale` 1).
    public let size: CGSize
    /// Mirrors `scale`.
    public var scale: CGFloat { 1 }

    /// Mirrors `init(contentsOfFile:)`: nil unless the file is a PNG (its header is read; the
    /// pixels are decoded when a frame draws it).
    public init?(contentsOfFile path: String) {
        guard let pixels = RasterImage.pngSize(of: FileSystem.prefix(of: path, count: 33)) else { return nil }
        self.path = path
        size = CGSize(width: CGFloat(pixels.width), height: CGFloat(pixels.height))
    }

    /// Mirrors `init(named:)`. Linux has no asset catalog: the name is a PNG file's path, from
    /// the working folder, `.png` added when it has no extension.
    public convenience init?(named name: String) {
        let file = name.contains(".") ? name : name + ".png"
        self.init(contentsOfFile: file)
    }
}

/// Mirrors `UIFont`: a family, a weight (regular or bold) and a size in points. The system font
/// is DejaVu Sans, Zoetrope's default (fontconfig finds it on Linux).
open class UIFont: @unchecked Sendable {
    /// The family fontconfig is asked for.
    let family: String
    let isBold: Bool
    /// Mirrors `pointSize`.
    public let pointSize: CGFloat

    init(family: String, size: CGFloat, isBold: Bool) {
        self.family = family
        pointSize = size
        self.isBold = isBold
    }

    /// Mirrors `init(name:size:)`: any family name (a render checks it is installed).
    public convenience init?(name fontName: String, size fontSize: CGFloat) {
        guard !fontName.isEmpty else { return nil }
        self.init(family: fontName, size: fontSize, isBold: false)
    }

    /// Mirrors `familyName`.
    public var familyName: String { family }
    /// Mirrors `fontName`.
    public var fontName: String { isBold ? family + " Bold" : family }

    /// The family of the system font.
    static let systemFamily = "DejaVu Sans"

    /// Mirrors `systemFont(ofSize:)`.
    open class func systemFont(ofSize fontSize: CGFloat) -> UIFont {
        UIFont(family: systemFamily, size: fontSize, isBold: false)
    }

    /// Mirrors `boldSystemFont(ofSize:)`.
    open class func boldSystemFont(ofSize fontSize: CGFloat) -> UIFont {
        UIFont(family: systemFamily, size: fontSize, isBold: true)
    }

    /// Mirrors `systemFont(ofSize:weight:)`: semibold and heavier are bold.
    open class func systemFont(ofSize fontSize: CGFloat, weight: UIFont.Weight) -> UIFont {
        UIFont(family: systemFamily, size: fontSize, isBold: weight.rawValue >= UIFont.Weight.semibold.rawValue)
    }

    /// Mirrors `withSize(_:)`.
    open func withSize(_ fontSize: CGFloat) -> UIFont {
        UIFont(family: family, size: fontSize, isBold: isBold)
    }

    /// Mirrors `UIFont.Weight`, with UIKit's values.
    public struct Weight: RawRepresentable, Hashable, Sendable {
        public let rawValue: CGFloat
        public init(rawValue: CGFloat) { self.rawValue = rawValue }

        public static let ultraLight = Weight(rawValue: -0.8)
        public static let thin = Weight(rawValue: -0.6)
        public static let light = Weight(rawValue: -0.4)
        public static let regular = Weight(rawValue: 0)
        public static let medium = Weight(rawValue: 0.23)
        public static let semibold = Weight(rawValue: 0.3)
        public static let bold = Weight(rawValue: 0.4)
        public static let heavy = Weight(rawValue: 0.56)
        public static let black = Weight(rawValue: 0.62)
    }
}

/// Mirrors `UIVisualEffect`.
open class UIVisualEffect: @unchecked Sendable {
    public init() {}
}

/// Mirrors `UIBlurEffect`: the blur a `UIVisualEffectView` gives what lies beneath it.
open class UIBlurEffect: UIVisualEffect, @unchecked Sendable {
    /// Mirrors `UIBlurEffect.Style`.
    public enum Style: Int, Sendable {
        case extraLight = 0, light, dark, extraDark, regular, prominent
        case systemUltraThinMaterial, systemThinMaterial, systemMaterial, systemThickMaterial, systemChromeMaterial
    }

    /// Mirrors `style`.
    public let style: Style

    /// Mirrors `init(style:)`.
    public init(style: Style) {
        self.style = style
        super.init()
    }

    /// The Gaussian radius in points the style blurs with. UIKit does not document them; these
    /// are the commonly measured ones (about 30 points for the classic styles, thinner for
    /// thinner materials), and the scene format's `backdropBlur` takes the same unit.
    var radius: Double {
        switch style {
        case .systemUltraThinMaterial: 10
        case .systemThinMaterial: 15
        case .systemMaterial, .systemChromeMaterial: 20
        case .systemThickMaterial: 25
        case .extraLight, .light, .dark, .extraDark, .regular, .prominent: 30
        }
    }
}
