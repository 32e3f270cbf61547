import ZoetropeCore
import ZoetropePipeline

/// iOS's font names, read as a family, a weight and a slant set in an installed stand-in.
extension UIFont {
    /// A face a name asks for: the installed family it is set in, its weight and slant, and the
    /// family name iOS gives it.
    struct Face: Hashable, Sendable {
        var family: String
        var weight: FontWeight
        var italic: Bool
        var familyName: String
    }

    /// The names iOS gives its families (`familyName`), by PostScript prefix or family name
    /// with spaces and case ignored. Which installed family each is drawn in is Render's table
    /// (`FontCatalog.appleFamilies`, docs/text.md), shared with Lottie text.
    static let iOSFamilyNames: [String: String] = [
        ".sfui": ".AppleSystemUIFont", ".sfuitext": ".AppleSystemUIFont", ".sfuidisplay": ".AppleSystemUIFont",
        ".applesystemuifont": ".AppleSystemUIFont", ".sfmono": ".AppleSystemUIFontMonospaced",
        "sfpro": "SF Pro", "sfprotext": "SF Pro Text", "sfprodisplay": "SF Pro Display", "sfprorounded": "SF Pro Rounded",
        "sfmono": "SF Mono", "helveticaneue": "Helvetica Neue", "helvetica": "Helvetica", "arial": "Arial",
        "avenirnext": "Avenir Next", "avenir": "Avenir", "gillsans": "Gill Sans", "verdana": "Verdana",
        "trebuchetms": "Trebuchet MS", "futura": "Futura", "georgia": "Georgia", "timesnewroman": "Times New Roman",
        "times": "Times", "newyork": "New York", "palatino": "Palatino", "baskerville": "Baskerville",
        "hoeflertext": "Hoefler Text", "charter": "Charter", "menlo": "Menlo", "courier": "Courier",
        "couriernew": "Courier New", "monaco": "Monaco",
    ]

    /// The face `name` asks for: an iOS PostScript name (`HelveticaNeue-Bold`,
    /// `AvenirNext-DemiBold`, `Georgia-Italic`, `TimesNewRomanPS-BoldItalicMT`) or family name
    /// (`Helvetica Neue`) in the installed family Render draws it in, or else an installed
    /// family, regular and upright. Nil for an empty name.
    static func face(named name: String) -> Face? {
        let trimmed = name.trimmingCharacters(in: .whitespaces)
        guard !trimmed.isEmpty else { return nil }
        let parts = trimmed.split(separator: "-", maxSplits: 1).map(String.init)
        guard let family = FontCatalog.appleSubstitute(for: parts[0]) else {
            return Face(family: trimmed, weight: .regular, italic: false, familyName: trimmed)
        }
        let key = parts[0].lowercased().filter { $0 != " " }
        let style = parts.count > 1 ? parts[1].lowercased() : ""
        return Face(family: family, weight: weight(inStyle: style), italic: style.contains("italic") || style.contains("oblique"),
                    familyName: iOSFamilyNames[key] ?? iOSFamilyNames[withoutSuffix(key)] ?? parts[0])
    }

    /// A family key without the `PS` / `MT` a PostScript name may carry (`timesnewromanps`).
    private static func withoutSuffix(_ key: String) -> String {
        var key = key
        for suffix in ["mt", "ps"] where key.hasSuffix(suffix) { key.removeLast(suffix.count) }
        return key
    }

    /// The weight a PostScript style names (`DemiBold`, `UltraLightItalic`, `BoldMT`).
    static func weight(inStyle style: String) -> FontWeight {
        // Longer names first: "semibold" holds "bold", "ultralight" holds "light".
        let names: [(String, FontWeight)] = [
            ("ultralight", .ultraLight), ("extralight", .ultraLight), ("hairline", .ultraLight), ("thin", .thin),
            ("semibold", .semibold), ("demibold", .semibold), ("extrabold", .heavy), ("ultrabold", .heavy),
            ("light", .light), ("medium", .medium), ("heavy", .heavy), ("black", .black), ("bold", .bold),
        ]
        return names.first { style.contains($0.0) }?.1 ?? .regular
    }
}
