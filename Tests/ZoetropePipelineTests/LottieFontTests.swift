import Foundation
import Testing
import ZoetropeCore
import ZoetropeFormat
import ZoetropeFiles
import ZoetropePipeline
import ZoetropeRender

/// The fonts a Lottie file's text is set in (issue #47): the font it embeds, archives or puts
/// beside it, for that file only; else the installed family matched by family, a foundry's
/// suffix or the PostScript name; else Apple's families' metric choice, reported.
@Suite struct LottieFontTests {
    static let mono = "/usr/share/fonts/truetype/dejavu/DejaVuSansMono.ttf"

    /// A file whose one text layer sets "iM" in font `fName` of `family`, `fPath` `path`.
    static func lottie(name: String, family: String, style: String = "Regular", path: String? = nil) -> String {
        let file = path.map { #", "fPath": "\#($0)""# } ?? ""
        let document = #"{"s": {"s": 50, "f": "\#(name)", "t": "iM", "j": 0, "fc": [0, 0, 0]}, "t": 0}"#
        let layer = #"{"ty": 5, "nm": "Title", "ind": 1, "ip": 0, "op": 10, "st": 0, "ks": {}, "t": {"d": {"k": [\#(document)]}, "a": []}}"#
        return #"{"v": "5.7.0", "fr": 30, "ip": 0, "op": 10, "w": 200, "h": 100, "fonts": {"list": [{"fName": "\#(name)", "fFamily": "\#(family)", "fStyle": "\#(style)", "ascent": 75\#(file)}]}, "layers": [\#(layer)]}"#
    }

    static func notes(_ json: String, file: String = "test.json") throws -> [String] {
        try SceneLoader.parse(Array(json.utf8), file: file, fonts: InstalledFonts()).unsupported.map(\.description)
    }

    /// The advances of "i" and "M" as the source sets `face`.
    static func advances(_ face: LottieFontFace) throws -> (i: Double, m: Double) {
        let fonts = InstalledFonts()
        return (try #require(fonts.glyph("i", in: face)).advance, try #require(fonts.glyph("M", in: face)).advance)
    }

    @Test func anEmbeddedFontIsTheTextsFontForThatFileAlone() throws {
        let bytes = try #require(AtomicFile.read(Self.mono))
        let url = DataURL(mediaType: "font/ttf", bytes: bytes).text
        #expect(try Self.notes(Self.lottie(name: "Custom-Regular", family: "Custom Face", path: url)).isEmpty)
        let embedded = try Self.advances(LottieFontFace(name: "Custom-Regular", family: "Custom Face", data: bytes))
        #expect(abs(embedded.i - embedded.m) < 1e-9, "monospaced: \(embedded)")
        // Another file naming the same family without the font gets a substitute, not the mono.
        let other = try Self.advances(LottieFontFace(name: "Custom-Regular", family: "Custom Face"))
        #expect(other.i < other.m / 2)
    }

    @Test func aFontFileBesideTheAnimationIsRead() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("lottie-font-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder + "/fonts", withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.copyItem(atPath: Self.mono, toPath: folder + "/fonts/Face.ttf")
        let json = Self.lottie(name: "Face-Regular", family: "Face", path: "fonts/Face.ttf")
        try json.write(toFile: folder + "/a.json", atomically: true, encoding: .utf8)
        #expect(try SceneLoader.load(folder + "/a.json", fonts: InstalledFonts()).unsupported.isEmpty)
        let missing = Self.lottie(name: "Face-Regular", family: "Face", path: "fonts/None.ttf")
        try missing.write(toFile: folder + "/b.json", atomically: true, encoding: .utf8)
        let notes = try SceneLoader.load(folder + "/b.json", fonts: InstalledFonts()).unsupported.map(\.description)
        #expect(notes.contains { $0.contains("fonts.list[0].fPath: font file fonts/None.ttf not found beside the animation") }, "\(notes)")
    }

    @Test func installedFamiliesAreFoundByNameSuffixAndPostScriptName() throws {
        // By PostScript name: a family the machine lacks, a face it has.
        #expect(try Self.notes(Self.lottie(name: "DejaVuSerif-Bold", family: "Serif Of Unknown Foundry")).isEmpty)
        // By family with a foundry's suffix: "DejaVu Sans Mono" for "DejaVu Sans Mono" is exact;
        // "DejaVu Serif Condensed" is found for its family name alone.
        #expect(try Self.notes(Self.lottie(name: "X", family: "DejaVu Serif", style: "Bold Italic")).isEmpty)
        let bold = try Self.advances(LottieFontFace(name: "X", family: "DejaVu Sans", style: "Bold"))
        let regular = try Self.advances(LottieFontFace(name: "X", family: "DejaVu Sans", style: "Regular"))
        #expect(bold.m > regular.m, "a bold style sets bold glyphs")
    }

    @Test func appleFamiliesAndURLsAreSubstitutedAndReported() throws {
        #expect(try Self.notes(Self.lottie(name: "SFProText-Semibold", family: "SF Pro Text")) ==
                [#"test.json: fonts.list[0]: font "SF Pro Text" is not installed: drawn in "DejaVu Sans""#])
        #expect(try Self.notes(Self.lottie(name: "Georgia", family: "Georgia")) ==
                [#"test.json: fonts.list[0]: font "Georgia" is not installed: drawn in "DejaVu Serif""#])
        // A family fontconfig knows nothing of: Helvetica's stand-in, upright and regular whatever
        // the style, as lottie-ios's Core Text falls back to Helvetica.
        #expect(try Self.notes(Self.lottie(name: "Nowhere-Bold", family: "Nowhere Grotesk")) ==
                [#"test.json: fonts.list[0]: font "Nowhere Grotesk" is not installed: drawn in "Liberation Sans" (Regular)"#])
        let fallback = try Self.advances(LottieFontFace(name: "Nowhere-Bold", family: "Nowhere Grotesk", style: "Bold Italic"))
        #expect(abs(fallback.m - 83.3) < 0.1 && abs(fallback.i - 22.2) < 0.1, "Helvetica's regular advances: \(fallback)")
        let url = try Self.notes(Self.lottie(name: "Web-Regular", family: "Web Font", path: "https://example.com/web.ttf"))
        #expect(url.count == 1 && url[0].contains("is at a URL, not fetched (https://example.com/web.ttf)"), "\(url)")
    }

    /// Apple's families with a free face of the same advances are drawn in it (Helvetica's and
    /// Arial's in Liberation Sans…), whether named by family or PostScript name, and every face
    /// of the table is installed (`make deps`).
    @Test func appleFamiliesAreDrawnInTheirMetricCompatibleFaces() {
        let expected = [("Helvetica", "Liberation Sans"), ("HelveticaNeue-Bold", "Liberation Sans"), ("ArialMT", "Liberation Sans"),
                        ("Times New Roman", "Liberation Serif"), ("TimesNewRomanPS-BoldMT", "Liberation Serif"), ("Times", "Liberation Serif"),
                        ("Courier New", "Liberation Mono"), ("Courier", "Liberation Mono"), ("AvenirNext-Medium", "DejaVu Sans"),
                        ("SF Pro Display", "DejaVu Sans"), (".SFUI-Regular", "DejaVu Sans"), (".SFMono-Regular", "DejaVu Sans Mono"),
                        ("Menlo", "DejaVu Sans Mono"), ("Georgia", "DejaVu Serif")]
        for (name, family) in expected {
            #expect(FontCatalog.appleSubstitute(for: name) == family, "\(name)")
        }
        for family in Set(FontCatalog.appleFamilies.map(\.family)) {
            #expect(FontCatalog.isInstalled(family), "\(family) is installed")
        }
        // Helvetica's advances: "M" 833 and "i" 222 thousandths of the size.
        let helvetica = try? Self.advances(LottieFontFace(name: "Helvetica", family: "Helvetica"))
        #expect(helvetica.map { abs($0.m - 83.3) < 0.1 && abs($0.i - 22.2) < 0.1 } == true, "\(String(describing: helvetica))")
    }

    /// A line set from a font is shaped whole: Arabic's letters join (their shaped forms are
    /// narrower than each alone) and are laid right to left, the first character rightmost.
    @Test func aLineFromAFontIsShapedWhole() throws {
        let fonts = InstalledFonts(), face = LottieFontFace(name: "DejaVuSans", family: "DejaVu Sans")
        let word: [Character] = Array("سلام")
        let clusters = try #require(fonts.shape(word, in: face))
        #expect(clusters.flatMap { Array($0.characters) }.sorted() == Array(0..<word.count))
        // Visual order: the last character first.
        #expect(clusters.first?.characters.contains(word.count - 1) == true && clusters.last?.characters.contains(0) == true)
        let alone = word.compactMap { fonts.glyph($0, in: face)?.advance }.reduce(0, +)
        let joined = clusters.map(\.glyph.advance).reduce(0, +)
        #expect(joined < alone - 1, "joined \(joined), alone \(alone)")
        // Latin's clusters are its characters, left to right, kerned: "AV" closer than alone.
        let latin = try #require(fonts.shape(Array("AV"), in: face))
        #expect(latin.map(\.characters) == [0..<1, 1..<2])
        let separate = ["A", "V"].compactMap { fonts.glyph(Character($0), in: face)?.advance }.reduce(0, +)
        #expect(latin.map(\.glyph.advance).reduce(0, +) < separate - 3)
    }

    /// A line of 200,000 characters in a font is past the path limit: it is refused with the
    /// limit named, its shaping stopped at the limit (it once trapped on Pango's 32-bit widths,
    /// then took minutes finding each cluster's characters).
    @Test func aLineFromAFontPastThePathLimitIsRefused() throws {
        let json = Self.lottie(name: "DejaVuSans", family: "DejaVu Sans").replacingOccurrences(of: #""t": "iM""#,
                                                                                               with: #""t": "\#(String(repeating: "ab", count: 100_000))""#)
        let error = #expect(throws: SceneLoadError.self) { try SceneLoader.parse(Array(json.utf8), file: "long.json", fonts: InstalledFonts()) }
        let message = error.map { "\($0)" } ?? ""
        #expect(message.contains("layers[0].t.d") && message.contains("100000 path segments"), "\(message)")
        let fonts = InstalledFonts(), face = LottieFontFace(name: "DejaVuSans", family: "DejaVu Sans")
        let clusters = try #require(fonts.shape(Array(String(repeating: "ab", count: 100_000)), in: face))
        let segments = clusters.map(\.glyph.segments.count).reduce(0, +)
        #expect(segments > SceneLimits.pathSegments && clusters.count < 20_000, "\(clusters.count) clusters, \(segments) segments")
    }

    /// Glyphs set from a font are kerned by its pairs, as lottie-ios and ThorVG set them; joined
    /// scripts are not (their pairs change shape, which glyph-by-glyph setting cannot show).
    @Test func glyphsFromAFontAreKernedByItsPairs() {
        let fonts = InstalledFonts(), face = LottieFontFace(name: "DejaVuSans", family: "DejaVu Sans")
        #expect(fonts.kerning("A", "V", in: face) < -3, "DejaVu Sans kerns AV")
        #expect(fonts.kerning("H", "H", in: face) == 0)
        #expect(fonts.kerning("ل", "ا", in: face) == 0)
    }
}
