#if canImport(Glibc)
import Glibc
#endif
internal import CCairo
import ZoetropeCore
import ZoetropeFiles

/// What a frame's pixels depend on besides the scene: the versions of the libraries that draw
/// it and the font files its text is set in. Goldens record it, so a difference caused by
/// another machine image reads as that and not as a regression.
public struct RenderEnvironment: Codable, Hashable, Sendable {
    public var cairo: String
    public var pixman: String
    public var fontconfig: String
    /// Each font family the scene's text layers name → the file fontconfig chose for it and its
    /// size in bytes (`/usr/share/fonts/…/DejaVuSans.ttf (757076 bytes)`).
    public var fonts: [String: String]

    public init(cairo: String, pixman: String, fontconfig: String, fonts: [String: String]) {
        self.cairo = cairo
        self.pixman = pixman
        self.fontconfig = fontconfig
        self.fonts = fonts
    }

    /// The environment this process renders `scene` in.
    public static func current(for scene: Scene) -> RenderEnvironment { current(for: scene.layers) }

    /// The environment this process draws `layers` in.
    public static func current(for layers: LayerTree) -> RenderEnvironment {
        // Each face used: one of another weight or slant by its own name (`DejaVu Sans bold`),
        // as it is its own file; a font file the scene gives, by its path.
        var fonts: [String: String] = [:]
        for node in layers.nodes where node.shape == .text {
            let style = node.style
            if let file = style.fontFile {
                fonts[file] = FontCatalog.describe(file: file)
                continue
            }
            var faces = [(style.fontFamily, style.fontWeight, style.fontItalic)]
            faces += style.runs.map { ($0.fontFamily ?? style.fontFamily, $0.fontWeight ?? style.fontWeight, $0.fontItalic ?? style.fontItalic) }
            for (family, weight, italic) in faces {
                let suffix = (weight == .regular ? "" : " " + weight.rawValue) + (italic ? " italic" : "")
                let pattern = family + (weight == .regular ? "" : ":weight=\(FontCatalog.fontconfigWeight(weight))") + (italic ? ":italic" : "")
                if fonts[family + suffix] == nil { fonts[family + suffix] = FontCatalog.file(of: pattern) ?? "none" }
            }
        }
        return RenderEnvironment(cairo: cairoVersion, pixman: String(cString: pixman_version_string()),
                                 fontconfig: FontCatalog.fontconfigVersion, fonts: fonts)
    }

    /// What differs between `other` (where a golden was made) and this environment, one line
    /// each (`cairo 1.16.0 → 1.18.0`); empty when they are the same.
    public func differences(from other: RenderEnvironment) -> [String] {
        var lines: [String] = []
        for (name, old, new) in [("cairo", other.cairo, cairo), ("pixman", other.pixman, pixman), ("fontconfig", other.fontconfig, fontconfig)] where old != new {
            lines.append("\(name) \(old) → \(new)")
        }
        for family in Set(fonts.keys).union(other.fonts.keys).sorted() where fonts[family] != other.fonts[family] {
            lines.append("font \"\(family)\": \(other.fonts[family] ?? "not used") → \(fonts[family] ?? "not used")")
        }
        return lines
    }
}
