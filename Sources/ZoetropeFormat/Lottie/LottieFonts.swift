import ZoetropeCore
import ZoetropeFiles

/// A glyph's outline at size 100 (its origin on the baseline, y down) and its advance: what a
/// Lottie file's `chars` carry, or what an installed font gives.
public struct LottieGlyph: Sendable {
    public var segments: [SVGPath.Segment]
    public var advance: Double

    public init(segments: [SVGPath.Segment], advance: Double) {
        self.segments = segments
        self.advance = advance
    }
}

/// Where text set from a font alone (a Lottie file's `fonts` with no glyph outlines in `chars`)
/// gets its glyphs: the fonts installed here, as the players use the platform's. Reading stays
/// pure: the same installed fonts give the same outlines.
public protocol LottieFontSource: Sendable {
    /// The outline of `character` in `face` (its own font when the file gives it, else the
    /// installed font that best matches its family, style and name), or nil when nothing can
    /// draw it.
    func glyph(_ character: Character, in face: LottieFontFace) -> LottieGlyph?

    /// The family drawn instead of `face`'s font when neither the file gives it nor is it
    /// installed, or nil when it is drawn in its own.
    func substitute(for face: LottieFontFace) -> String?

    /// The style the substitute is drawn in when it is not the one `face` asks for (a fallback
    /// that ignores the style), or nil.
    func substituteStyle(for face: LottieFontFace) -> String?

    /// How much closer (negative) or further `second` sits after `first` in `face` than their
    /// advances say: the font's kerning, at size 100.
    func kerning(_ first: Character, _ second: Character, in face: LottieFontFace) -> Double

    /// `line` set in `face` as the font shapes it whole (kerning, joining, complex scripts,
    /// right-to-left runs reordered): its clusters in visual order, at size 100. Nil when the
    /// source does not shape (then each glyph is set alone, kerned by pairs).
    func shape(_ line: [Character], in face: LottieFontFace) -> [LottieShapedCluster]?

    /// The height of `face`'s capitals (an H's ink) at size 100, or nil when unknown.
    func capHeight(in face: LottieFontFace) -> Double?
}

extension LottieFontSource {
    /// No kerning: each glyph at its advance.
    public func kerning(_ first: Character, _ second: Character, in face: LottieFontFace) -> Double { 0 }

    /// No shaping: each glyph set alone.
    public func shape(_ line: [Character], in face: LottieFontFace) -> [LottieShapedCluster]? { nil }

    /// The style asked for.
    public func substituteStyle(for face: LottieFontFace) -> String? { nil }

    /// Unknown: a box's first baseline is the font list's ascent below its top.
    public func capHeight(in face: LottieFontFace) -> Double? { nil }
}

/// A cluster of a line shaped whole: the characters whose glyphs it holds (indices into the
/// line, in the text's order), and those glyphs' outline at size 100 from where its pen starts,
/// with how far it moves the pen.
public struct LottieShapedCluster: Sendable {
    public var characters: Range<Int>
    public var glyph: LottieGlyph

    public init(characters: Range<Int>, glyph: LottieGlyph) {
        self.characters = characters
        self.glyph = glyph
    }
}

/// A font a Lottie file's text names (an entry of `fonts.list`), with the font's own bytes when
/// the file gives them: embedded in `fPath` as a data URL, a file beside the animation that
/// `fPath` names, or a font a dotLottie archive carries under `f/` or `fonts/`.
public struct LottieFontFace: Hashable, Sendable {
    /// `fName`: the name text documents use, usually the font's PostScript name
    /// (`AirbnbCereal-Bold`).
    public var name: String
    /// `fFamily` (`Airbnb Cereal`).
    public var family: String
    /// `fStyle` (`Bold Italic`).
    public var style: String
    /// The font file's bytes (TrueType, OpenType), when the animation gives them.
    public var data: [UInt8]?
    /// A font only reachable over the network (`fPath` an http or https URL): never fetched.
    public var url: String?

    public init(name: String, family: String, style: String = "", data: [UInt8]? = nil, url: String? = nil) {
        self.name = name
        self.family = family
        self.style = style
        self.data = data
        self.url = url
    }
}

/// The font files of one animation: what each `fonts.list` entry's `fPath` names, read once.
/// Embedded fonts (data URLs), fonts in a dotLottie archive and files beside the animation are
/// read under the same limits as its images; a URL is only recorded.
struct LottieFontFiles {
    /// The bytes one font may take.
    static let largestFont = 32 << 20

    private let folder: String
    private let archive: [UInt8]
    private var entries: [String: LottieArchive.Entry]?

    init(folder: String = ".", archive: [UInt8] = []) {
        self.folder = folder
        self.archive = archive
    }

    /// `font` (at JSON path `path`) as a face, its bytes read when the file gives them; what
    /// could not be read is noted in `notes`.
    mutating func face(_ font: LottieFont, at path: String, notes: inout LottieNotes) -> LottieFontFace {
        let name = font.name ?? ""
        var face = LottieFontFace(name: name, family: font.family ?? name, style: font.style ?? "")
        let file = font.file ?? ""
        if DataURL.isDataURL(file) {
            guard let url = DataURL(file), url.bytes.count <= Self.largestFont else {
                notes.unsupported("an embedded font that is not base64 or larger than \(Self.largestFont >> 20) MB: not used", at: path + ".fPath")
                return face
            }
            face.data = url.bytes
            return face
        }
        if file.hasPrefix("http://") || file.hasPrefix("https://") {
            face.url = file
            return face
        }
        if !archive.isEmpty, let bytes = archived(font, file: file, at: path, notes: &notes) {
            face.data = bytes
            return face
        }
        let relative = file.split(separator: "/").filter { $0 != "." }.joined(separator: "/")
        guard !relative.isEmpty, [".ttf", ".otf", ".ttc", ".woff", ".woff2"].contains(where: relative.lowercased().hasSuffix) else { return face }
        do throws(ContainedPath.Problem) {
            guard let bytes = try ContainedPath(relative).read(in: folder) else {
                notes.unsupported("font file \(relative) not found beside the animation: not used", at: path + ".fPath")
                return face
            }
            guard bytes.count <= Self.largestFont else {
                notes.unsupported("font file \(relative) is larger than \(Self.largestFont >> 20) MB: not used", at: path + ".fPath")
                return face
            }
            face.data = bytes
        } catch {
            notes.unsupported("font file \"\(relative)\" \(error.reason(folder: "animation's folder")): not used", at: path + ".fPath")
        }
        return face
    }

    /// The font a dotLottie archive carries for `font`: the entry under `f/` or `fonts/` that
    /// `fPath` names, or whose name without its extension is the font's `fName` or family.
    private mutating func archived(_ font: LottieFont, file: String, at path: String, notes: inout LottieNotes) -> [UInt8]? {
        if entries == nil { entries = LottieArchive.entries(in: archive, under: ["f/", "fonts/"]) }
        guard let entries, !entries.isEmpty else { return nil }
        let last = file.split(separator: "/").last.map(String.init) ?? ""
        let wanted = [font.name, font.family].compactMap { $0?.lowercased() }
        let entry = entries[last] ?? entries.sorted { $0.key < $1.key }.first { name, _ in
            let stem = name.split(separator: ".").dropLast().joined(separator: ".").lowercased()
            return wanted.contains(stem)
        }?.value
        guard let entry else { return nil }
        switch LottieArchive.contents(of: entry, in: archive, limit: Self.largestFont) {
        case .success(let bytes): return bytes
        case .failure(let error):
            notes.unsupported("the archive's font: \(error.message): not used", at: path + ".fPath")
            return nil
        }
    }
}
