import ZoetropeCore

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

    /// iOS's families by their PostScript prefix or family name (spaces and case ignored), with
    /// the name iOS gives the family and the installed family each is set in: DejaVu's, which
    /// `make deps` installs, chosen for metrics close to the original's (docs/uikit.md's
    /// table). Fixed, not "Liberation Sans if installed", so a film's frames do not depend on
    /// which fonts a machine happens to have.
    static let iOSFamilies: [String: (familyName: String, family: String)] = {
        var families: [String: (String, String)] = [:]
        for key in [".sfui", ".sfuitext", ".sfuidisplay", ".applesystemuifont", "sfpro", "sfprotext", "sfprodisplay", "sfprorounded", "system"] {
            families[key] = (".AppleSystemUIFont", systemFamily)
        }
        for (key, name) in [("helveticaneue", "Helvetica Neue"), ("helvetica", "Helvetica"), ("arial", "Arial"),
                            ("avenirnext", "Avenir Next"), ("avenir", "Avenir"), ("gillsans", "Gill Sans"), ("verdana", "Verdana"),
                            ("trebuchetms", "Trebuchet MS"), ("futura", "Futura")] {
            families[key] = (name, systemFamily)
        }
        for (key, name) in [("georgia", "Georgia"), ("timesnewroman", "Times New Roman"), ("times", "Times"),
                            ("newyork", "New York"), (".newyork", "New York"), ("palatino", "Palatino"),
                            ("baskerville", "Baskerville"), ("hoeflertext", "Hoefler Text"), ("charter", "Charter")] {
            families[key] = (name, serifFamily)
        }
        for (key, name) in [(".sfmono", ".AppleSystemUIFontMonospaced"), (".applesystemuifontmonospaced", ".AppleSystemUIFontMonospaced"),
                            ("sfmono", "SF Mono"), ("menlo", "Menlo"), ("courier", "Courier"), ("couriernew", "Courier New"),
                            ("monaco", "Monaco")] {
            families[key] = (name, monospacedFamily)
        }
        return families
    }()

    /// The face `name` asks for: an iOS PostScript name (`HelveticaNeue-Bold`,
    /// `AvenirNext-DemiBold`, `Georgia-Italic`, `TimesNewRomanPS-BoldItalicMT`), an iOS family
    /// name (`Helvetica Neue`), or else an installed family, regular and upright. Nil for an
    /// empty name.
    static func face(named name: String) -> Face? {
        let trimmed = name.trimmingCharacters(in: .whitespaces)
        guard !trimmed.isEmpty else { return nil }
        let parts = trimmed.split(separator: "-", maxSplits: 1).map(String.init)
        let key = parts[0].lowercased().filter { $0 != " " }
        guard let known = iOSFamilies[key] ?? iOSFamilies[withoutSuffix(key)] else {
            return Face(family: trimmed, weight: .regular, italic: false, familyName: trimmed)
        }
        let style = parts.count > 1 ? parts[1].lowercased() : ""
        return Face(family: known.family, weight: weight(inStyle: style), italic: style.contains("italic") || style.contains("oblique"),
                    familyName: known.familyName)
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
