import ZoetropeCore
import ZoetropePipeline

/// Mirrors `UIFont`: a face (a family, a weight, upright or italic) at a size in points, with
/// UIKit's names (`fontName`, `familyName`) and its metrics measured by the text engine that
/// draws the frames.
///
/// iOS's fonts are not on Linux: each is set in the installed family closest to it in metrics
/// and look (`UIFont+iOSNames.swift`, docs/uikit.md's table): the system font (SF Pro) in
/// DejaVu Sans, serif faces in DejaVu Serif, monospaced ones in DejaVu Sans Mono. A name that
/// is no iOS font is taken as an installed family (fontconfig's fallback sets what it lacks).
///
/// ```swift
/// let title = UIFont.preferredFont(forTextStyle: .headline)       // 17 points, semibold
/// let quote = UIFont(name: "Georgia-Italic", size: 15)!            // DejaVu Serif, italic
/// label.font = title.withSize(22)
/// ```
open class UIFont: @unchecked Sendable {
    /// The installed family the text is set in (`DejaVu Sans` for the system font).
    let family: String
    /// The face's weight, one of Core's nine.
    let weight: FontWeight
    let isItalic: Bool
    /// Mirrors `pointSize`.
    public let pointSize: CGFloat
    /// Mirrors `fontName`: the PostScript name asked for (`HelveticaNeue-Bold`), or the system
    /// font's as iOS gives it (`.SFUI-Semibold`).
    public let fontName: String
    /// Mirrors `familyName` (`.AppleSystemUIFont` for the system font, as iOS says).
    public let familyName: String

    init(family: String, weight: FontWeight, italic: Bool, size: CGFloat, fontName: String, familyName: String) {
        self.family = family
        self.weight = weight
        isItalic = italic
        pointSize = size
        self.fontName = fontName
        self.familyName = familyName
    }

    /// Mirrors `init(name:size:)`: an iOS font's PostScript or family name (`HelveticaNeue-Bold`,
    /// `AvenirNext-DemiBold`, `Georgia-Italic`, `Menlo`) in its stand-in family with its
    /// weight and slant; any other name is an installed family (`DejaVu Serif`). Nil for an
    /// empty name, where UIKit gives nil for a font it does not have.
    public init?(name fontName: String, size fontSize: CGFloat) {
        guard let face = Self.face(named: fontName) else { return nil }
        family = face.family
        weight = face.weight
        isItalic = face.italic
        pointSize = fontSize
        self.fontName = fontName
        familyName = face.familyName
    }

    /// A font of the system family (DejaVu Sans) at `weight`, named as iOS names SF's faces.
    private static func systemFace(size: CGFloat, weight: FontWeight, italic: Bool = false, monospaced: Bool = false) -> UIFont {
        let style = weight.postScriptStyle + (italic ? "Italic" : "")
        if monospaced {
            return UIFont(family: monospacedFamily, weight: weight, italic: italic, size: size,
                          fontName: ".SFMono-" + style, familyName: ".AppleSystemUIFontMonospaced")
        }
        return UIFont(family: systemFamily, weight: weight, italic: italic, size: size,
                      fontName: ".SFUI-" + style, familyName: ".AppleSystemUIFont")
    }

    /// The family the system font (SF Pro) is set in.
    static let systemFamily = "DejaVu Sans"
    /// The family SF Mono and the other monospaced faces are set in.
    static let monospacedFamily = "DejaVu Sans Mono"

    /// Mirrors `systemFont(ofSize:)`.
    open class func systemFont(ofSize fontSize: CGFloat) -> UIFont {
        systemFace(size: fontSize, weight: .regular)
    }

    /// Mirrors `systemFont(ofSize:weight:)`: the nearest of the nine weights (UIKit's values,
    /// `UIFont.Weight`).
    open class func systemFont(ofSize fontSize: CGFloat, weight: UIFont.Weight) -> UIFont {
        systemFace(size: fontSize, weight: weight.fontWeight)
    }

    /// Mirrors `boldSystemFont(ofSize:)`.
    open class func boldSystemFont(ofSize fontSize: CGFloat) -> UIFont {
        systemFace(size: fontSize, weight: .bold)
    }

    /// Mirrors `italicSystemFont(ofSize:)`.
    open class func italicSystemFont(ofSize fontSize: CGFloat) -> UIFont {
        systemFace(size: fontSize, weight: .regular, italic: true)
    }

    /// Mirrors `monospacedDigitSystemFont(ofSize:weight:)`: the system font, whose digits
    /// (DejaVu Sans's) are all one width already, as SF's are with this call.
    open class func monospacedDigitSystemFont(ofSize fontSize: CGFloat, weight: UIFont.Weight) -> UIFont {
        systemFace(size: fontSize, weight: weight.fontWeight)
    }

    /// Mirrors `monospacedSystemFont(ofSize:weight:)` (SF Mono): DejaVu Sans Mono.
    open class func monospacedSystemFont(ofSize fontSize: CGFloat, weight: UIFont.Weight) -> UIFont {
        systemFace(size: fontSize, weight: weight.fontWeight, monospaced: true)
    }

    /// Mirrors `preferredFont(forTextStyle:)` at iOS's default content size (Large): body 17,
    /// headline 17 semibold, large title 34… (Apple's Human Interface Guidelines' table).
    open class func preferredFont(forTextStyle style: UIFont.TextStyle) -> UIFont {
        let (size, weight) = style.defaultFace
        return systemFace(size: size, weight: weight)
    }

    /// Mirrors `withSize(_:)`: the same face at `fontSize`.
    open func withSize(_ fontSize: CGFloat) -> UIFont {
        UIFont(family: family, weight: weight, italic: isItalic, size: fontSize, fontName: fontName, familyName: familyName)
    }

    // MARK: - Metrics

    /// The face's vertical metrics at its size, as the text engine measures them (zero for a
    /// size that is not positive).
    private var metrics: TextMeasure.FontMetrics? {
        TextMeasure.metrics(family: family, weight: weight, italic: isItalic, size: Double(pointSize))
    }

    /// Mirrors `ascender`: above the baseline, positive.
    open var ascender: CGFloat { CGFloat(metrics?.ascender ?? 0) }
    /// Mirrors `descender`: below the baseline, negative.
    open var descender: CGFloat { CGFloat(metrics?.descender ?? 0) }
    /// Mirrors `lineHeight`: from one baseline to the next in a paragraph of this font.
    open var lineHeight: CGFloat { CGFloat(metrics?.lineHeight ?? 0) }
    /// Mirrors `capHeight`: the ink height of a capital H.
    open var capHeight: CGFloat { CGFloat(metrics?.capHeight ?? 0) }
    /// Mirrors `xHeight`: the ink height of a lower-case x.
    open var xHeight: CGFloat { CGFloat(metrics?.xHeight ?? 0) }
    /// Mirrors `leading`: the line height less the ascender and descender.
    open var leading: CGFloat { CGFloat(metrics?.leading ?? 0) }

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

        /// UIKit's nine weights, lightest first, with Core's names.
        static let all: [(Weight, FontWeight)] = [
            (.ultraLight, .ultraLight), (.thin, .thin), (.light, .light), (.regular, .regular), (.medium, .medium),
            (.semibold, .semibold), (.bold, .bold), (.heavy, .heavy), (.black, .black),
        ]

        /// The nearest of the nine (a weight between two takes the closer; a tie the lighter).
        var fontWeight: FontWeight {
            Self.all.min { abs($0.0.rawValue - rawValue) < abs($1.0.rawValue - rawValue) }?.1 ?? .regular
        }

        /// UIKit's value of a Core weight.
        init(_ weight: FontWeight) {
            self = Self.all.first { $0.1 == weight }?.0 ?? .regular
        }
    }

    /// Mirrors `UIFont.TextStyle`, with UIKit's raw values.
    public struct TextStyle: RawRepresentable, Hashable, Sendable {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }

        public static let largeTitle = TextStyle(rawValue: "UICTFontTextStyleTitle0")
        public static let title1 = TextStyle(rawValue: "UICTFontTextStyleTitle1")
        public static let title2 = TextStyle(rawValue: "UICTFontTextStyleTitle2")
        public static let title3 = TextStyle(rawValue: "UICTFontTextStyleTitle3")
        public static let headline = TextStyle(rawValue: "UICTFontTextStyleHeadline")
        public static let subheadline = TextStyle(rawValue: "UICTFontTextStyleSubhead")
        public static let body = TextStyle(rawValue: "UICTFontTextStyleBody")
        public static let callout = TextStyle(rawValue: "UICTFontTextStyleCallout")
        public static let footnote = TextStyle(rawValue: "UICTFontTextStyleFootnote")
        public static let caption1 = TextStyle(rawValue: "UICTFontTextStyleCaption1")
        public static let caption2 = TextStyle(rawValue: "UICTFontTextStyleCaption2")

        /// The size and weight at the Large (default) content size category.
        var defaultFace: (size: CGFloat, weight: FontWeight) {
            switch self {
            case .largeTitle: (34, .regular)
            case .title1: (28, .regular)
            case .title2: (22, .regular)
            case .title3: (20, .regular)
            case .headline: (17, .semibold)
            case .callout: (16, .regular)
            case .subheadline: (15, .regular)
            case .footnote: (13, .regular)
            case .caption1: (12, .regular)
            case .caption2: (11, .regular)
            default: (17, .regular)  // body, and a style UIKit does not have
            }
        }
    }
}

extension UIFont: Equatable {
    /// Two fonts are equal when they are the same face at the same size, under the same name.
    public static func == (a: UIFont, b: UIFont) -> Bool {
        a.family == b.family && a.weight == b.weight && a.isItalic == b.isItalic && a.pointSize == b.pointSize && a.fontName == b.fontName
    }
}

extension FontWeight {
    /// The style part of a PostScript name at this weight.
    var postScriptStyle: String {
        switch self {
        case .ultraLight: "Ultralight"
        case .thin: "Thin"
        case .light: "Light"
        case .regular: "Regular"
        case .medium: "Medium"
        case .semibold: "Semibold"
        case .bold: "Bold"
        case .heavy: "Heavy"
        case .black: "Black"
        }
    }
}
