internal import CPango
import ZoetropeCore
import ZoetropeFiles

/// Which font families fontconfig can find. Pango falls back to another font silently; a
/// render checks every family first, so a missing font is an error instead.
public enum FontCatalog {
    /// The family fontconfig would use for `family`, or nil when it has nothing at all.
    public static func match(_ family: String) -> String? {
        matched(family, property: FC_FAMILY)
    }

    /// A string property (`FC_FAMILY`, `FC_FILE`) of the font fontconfig would use for
    /// `family`, or nil when it has nothing at all.
    static func matched(_ family: String, property: UnsafePointer<CChar>) -> String? {
        guard let pattern = FcNameParse(family) else { return nil }
        defer { FcPatternDestroy(pattern) }
        FcConfigSubstitute(nil, pattern, FcMatchPattern)
        FcDefaultSubstitute(pattern)
        var result = FcResultNoMatch
        guard let font = FcFontMatch(nil, pattern, &result) else { return nil }
        defer { FcPatternDestroy(font) }
        var value: UnsafeMutablePointer<FcChar8>?
        guard FcPatternGetString(font, property, 0, &value) == FcResultMatch, let value else { return nil }
        return String(cString: value)
    }

    /// True when `family` is installed (fontconfig matches it by name, ignoring case), or names
    /// a generic family (`sans-serif`, `serif`, `monospace`) that it resolves.
    public static func isInstalled(_ family: String) -> Bool {
        guard let matched = match(family) else { return false }
        if ["sans-serif", "sans", "serif", "monospace", "mono"].contains(family.lowercased()) { return true }
        return matched.lowercased() == family.lowercased()
    }

    /// The font file fontconfig would use for `family`, with its size, or nil.
    static func file(of family: String) -> String? {
        guard let path = matched(family, property: FC_FILE) else { return nil }
        return FileSystem.size(at: path).map { "\(path) (\($0) bytes)" } ?? path
    }

    /// The installed family whose face has PostScript name `name` (`DejaVuSans-Bold` is
    /// `DejaVu Sans`), ignoring case; nil when no installed face has it.
    public static func family(ofPostScriptName name: String) -> String? {
        guard !name.isEmpty, let pattern = FcPatternCreate() else { return nil }
        defer { FcPatternDestroy(pattern) }
        FcPatternAddString(pattern, FC_POSTSCRIPT_NAME, name)
        FcConfigSubstitute(nil, pattern, FcMatchPattern)
        FcDefaultSubstitute(pattern)
        var result = FcResultNoMatch
        guard let font = FcFontMatch(nil, pattern, &result) else { return nil }
        defer { FcPatternDestroy(font) }
        var found: UnsafeMutablePointer<FcChar8>?, family: UnsafeMutablePointer<FcChar8>?
        guard FcPatternGetString(font, FC_POSTSCRIPT_NAME, 0, &found) == FcResultMatch, let found,
              String(cString: found).lowercased() == name.lowercased(),
              FcPatternGetString(font, FC_FAMILY, 0, &family) == FcResultMatch, let family else { return nil }
        return String(cString: family)
    }

    /// The families of Apple's platforms that text names (a Lottie file made on a Mac, a UIKit
    /// font), each with the installed family drawn instead: the metric choice documented in
    /// docs/text.md (a free face with the same advances where one exists, else the nearest in
    /// kind and width). Matched by prefix, ignoring case and spaces; the first prefix that
    /// matches wins, so a longer name comes before the shorter one it starts with.
    public static let appleFamilies: [(prefix: String, family: String)] = [
        // `.SFMono` (iOS's monospaced system font) before `.sf`, which holds it. Menlo is drawn
        // from DejaVu Sans Mono's outlines, with its advances.
        (".sfmono", "DejaVu Sans Mono"), ("sfmono", "DejaVu Sans Mono"), ("menlo", "DejaVu Sans Mono"), ("monaco", "DejaVu Sans Mono"),
        // Liberation's faces have Arial's, Times New Roman's and Courier New's advances, which
        // are Helvetica's, Times's and Courier's.
        ("helvetica", "Liberation Sans"), ("arial", "Liberation Sans"), ("times", "Liberation Serif"), ("courier", "Liberation Mono"),
        // SF Pro: DejaVu Sans, UIKit's system font too (UIFont.systemFamily).
        (".sf", "DejaVu Sans"), ("sfpro", "DejaVu Sans"), ("sfui", "DejaVu Sans"), ("sanfrancisco", "DejaVu Sans"),
        ("sfcompact", "DejaVu Sans"),
        ("avenir", "DejaVu Sans"), ("futura", "DejaVu Sans"), ("gillsans", "DejaVu Sans"), ("verdana", "DejaVu Sans"),
        ("trebuchet", "DejaVu Sans"), ("lucidagrande", "DejaVu Sans"),
        ("newyork", "DejaVu Serif"), ("georgia", "DejaVu Serif"), ("baskerville", "DejaVu Serif"), ("palatino", "DejaVu Serif"),
        ("didot", "DejaVu Serif"), ("charter", "DejaVu Serif"), ("hoefler", "DejaVu Serif"),
    ]

    /// The installed family drawn for Apple's `family` (`SF Pro Display`, `HelveticaNeue`), or nil
    /// when it is not one of `appleFamilies`.
    public static func appleSubstitute(for family: String) -> String? {
        let key = family.lowercased().filter { $0 != " " && $0 != "-" }
        return appleFamilies.first { key.hasPrefix($0.prefix) }?.family
    }

    /// A font file the scene gives, with its size (`/fonts/x.ttf (1024 bytes)`), or "none".
    static func describe(file path: String) -> String {
        FileSystem.size(at: path).map { "\(path) (\($0) bytes)" } ?? "none"
    }

    /// fontconfig's number for `weight` (`bold` is 200), as a pattern names it.
    static func fontconfigWeight(_ weight: FontWeight) -> Int {
        Int(FcWeightFromOpenType(Int32(weight.value)))
    }

    /// fontconfig's version, `2.14.1`.
    static var fontconfigVersion: String {
        let version = Int(FcGetVersion())
        return "\(version / 10000).\(version / 100 % 100).\(version % 100)"
    }
}
