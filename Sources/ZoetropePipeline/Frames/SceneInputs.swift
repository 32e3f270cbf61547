import ZoetropeCore
import ZoetropeFormat
import ZoetropeRender
import ZoetropeFiles
import Synchronization

/// An input a scene needs that is missing or unusable: a font family fontconfig lacks, an image
/// that is not there or does not decode.
public struct InputProblem: Hashable, Sendable, CustomStringConvertible {
    /// Where the scene names it (`layers[title].font.family`).
    public var path: String
    public var message: String
    /// Missing (`missingInput`) rather than unusable (`invalidInput`).
    public var isMissing: Bool

    public var description: String { "\(path): \(message)" }
}

/// A scene's inputs must all be there before a frame is written: what `render` checks first
/// and `validate` reports.
public enum SceneInputs {
    /// Every font family of the scene's text layers must be installed, and every image it draws
    /// must decode: all problems, in layer order.
    public static func problems(of scene: Scene) -> [InputProblem] {
        problems(of: scene.layers)
    }

    /// Every font family of `layers`' text layers must be installed, and every image they draw
    /// must decode: all problems, in layer order.
    public static func problems(of layers: LayerTree) -> [InputProblem] {
        var problems: [InputProblem] = []
        for node in layers.nodes where node.shape == .text {
            if let file = node.style.fontFile {
                // The file's own family is what the text is set in, unless a run names another.
                if !AtomicFile.isReadable(file) {
                    problems.append(InputProblem(path: "layers[\(node.id)].font.file", message: "font file not found or unreadable: \(file)", isMissing: true))
                } else if TextMeasure.family("", file: file).isEmpty {
                    problems.append(InputProblem(path: "layers[\(node.id)].font.file", message: "\(file) is not a font fontconfig can read (TrueType, OpenType, WOFF)", isMissing: false))
                }
            }
            var families = node.style.fontFile == nil ? [("font.family", node.style.fontFamily)] : []
            families += node.style.runs.enumerated().compactMap { index, run in run.fontFamily.map { ("runs[\(index)].font.family", $0) } }
            for (path, family) in families where !FontCatalog.isInstalled(family) && (node.style.fontFile == nil || TextMeasure.family("", file: node.style.fontFile) != family) {
                let offered = FontCatalog.match(family).map { " (fontconfig would substitute \"\($0)\")" } ?? ""
                problems.append(InputProblem(path: "layers[\(node.id)].\(path)",
                                             message: "font family \"\(family)\" is not installed\(offered); install it or choose one that fc-list shows",
                                             isMissing: true))
            }
        }
        for image in layers.images {
            if DataURL.isDataURL(image.source) {
                do {
                    try RasterImage.checkPNG(dataURL: image.source)
                } catch {
                    problems.append(InputProblem(path: image.path, message: "the embedded image is not a readable PNG, JPEG or WebP (\(error.message))", isMissing: false))
                }
                continue
            }
            // Checked before anything opens it: a FIFO would block the read forever.
            if let kind = ContainedPath.nonRegularKind(atPath: image.source) {
                problems.append(InputProblem(path: image.path, message: "\"\(image.source)\" is not a regular file (\(kind))", isMissing: false))
                continue
            }
            guard AtomicFile.isReadable(image.source) else {
                problems.append(InputProblem(path: image.path, message: "image file not found or unreadable: \(image.source)", isMissing: true))
                continue
            }
            do {
                try RasterImage.checkPNG(image.source)
            } catch {
                problems.append(InputProblem(path: image.path, message: "\(image.source) is not a readable PNG, JPEG or WebP (\(error.message))", isMissing: false))
            }
        }
        return problems
    }
}

extension SceneInputs {
    /// Text layers whose text, as they start, is wider than their box and not clipped: drawn
    /// past the box's edges, which is seldom meant (a warning, not a problem). `validate`
    /// says it; a render need not (measuring never changes what is drawn: the text engine's
    /// font options are its own, whatever was measured first).
    public static func overflowingText(of scene: Scene, file: String) -> [SceneDiagnostic] {
        var found: [SceneDiagnostic] = []
        for (node, values) in zip(scene.layers.nodes, scene.layers.initialValues)
        where node.shape == .text && !node.style.clips && !values.text.isEmpty && node.style.paragraph.isSingleLine && node.style.paragraph.truncation == .none {
            let width = TextMeasure.size(of: values.text, style: node.style, fontSize: values.fontSize).x
            guard width > values.size.x + 0.5 else { continue }
            func points(_ x: Double) -> String { String(Int(saturating: x.rounded())) }
            found.append(SceneDiagnostic(file: file, path: "layers[\(node.id)].text",
                                         message: "\"\(values.text)\" is \(points(width)) points wide, wider than its box (\(points(values.size.x))): it is drawn past the box's edges; widen the box, shorten the text or set clips: true"))
        }
        return found
    }

    /// Throws every problem of `scene`'s inputs: `missingInput` when one is missing, else `invalidInput`.
    static func check(_ scene: Scene, file: String) throws(RenderError) {
        let problems = problems(of: scene)
        guard !problems.isEmpty else { return }
        throw RenderError(lines: problems.map { "\(file): \($0)" },
                          kind: problems.contains(where: \.isMissing) ? .missingInput : .invalidInput,
                          file: file, documentPath: problems[0].path)
    }
}

/// The fonts a Lottie file's text is set in, as the players find them: the font the file gives
/// (embedded, archived or beside it), else the installed family that matches its family, its
/// family with a foundry's suffix (`Airbnb Cereal App` for `Airbnb Cereal`) or its PostScript
/// name (`fName`); else, for one of Apple's families, the metric choice of
/// `FontCatalog.appleFamilies`, else fontconfig's alias for the family, else Helvetica's stand-in
/// (lottie-ios's fallback); each reported as a substitute.
/// The style sets the weight (`Bold`, `SemiBold`, `Light`, …) and slant (`Italic`, `Oblique`).
/// Each line is shaped whole by HarfBuzz (as lottie-ios's Core Text sets it), its clusters
/// placed by Lottie's rules (tracking, justification, the box's lines).
public struct InstalledFonts: LottieFontSource {
    /// How a face is set, found once per face.
    private struct Setting: Sendable {
        var family: String
        var weight: FontWeight
        var italic: Bool
        var file: String?
        var substitute: String?
        /// The style drawn when it is not the face's (the fallback ignores it).
        var substituteStyle: String?
    }

    private final class Settings: Sendable {
        let known = Mutex<[LottieFontFace: Setting]>([:])
    }

    private let settings = Settings()

    public init() {}

    public func glyph(_ character: Character, in face: LottieFontFace) -> LottieGlyph? {
        let setting = setting(of: face)
        // Set at 1000 and scaled to 100.
        guard let run = TextOutline.glyphRun(String(character), family: setting.family, weight: setting.weight, italic: setting.italic,
                                             size: 1000, file: setting.file) else { return nil }
        let segments = run.path.mappingPoints { Vector2($0.x / 10, $0.y / 10) }.segments
        return LottieGlyph(segments: segments, advance: run.advance / 10)
    }

    public func substitute(for face: LottieFontFace) -> String? {
        setting(of: face).substitute
    }

    public func substituteStyle(for face: LottieFontFace) -> String? {
        setting(of: face).substituteStyle
    }

    /// The pair's advance shaped together less each one's alone (HarfBuzz applies the font's
    /// kerning), at size 100, for Latin, Greek and Cyrillic; 0 for scripts whose pairs shaping
    /// joins or reorders, which glyph-by-glyph setting cannot show.
    public func kerning(_ first: Character, _ second: Character, in face: LottieFontFace) -> Double {
        // Scripts that join or reorder (Hebrew on) change shape in pairs, not just place.
        guard [first, second].allSatisfy({ $0.unicodeScalars.allSatisfy { $0.value < 0x590 } }) else { return 0 }
        let setting = setting(of: face)
        func advance(_ text: String) -> Double? {
            TextOutline.glyphRun(text, family: setting.family, weight: setting.weight, italic: setting.italic, size: 1000,
                                 file: setting.file)?.advance
        }
        guard let pair = advance(String(first) + String(second)), let a = advance(String(first)), let b = advance(String(second)) else { return 0 }
        let kern = (pair - a - b) / 10
        // Kerning moves a glyph by a fraction of its size; more is shaping that joined them.
        return abs(kern) < 25 ? kern : 0
    }

    /// The line shaped whole by HarfBuzz, as lottie-ios's Core Text sets a font's text:
    /// kerning, joined and complex scripts, right-to-left runs reordered. Pango's clusters are
    /// given by the characters (grapheme clusters) they set; a character Pango splits over
    /// neighbouring clusters keeps them as one.
    public func shape(_ line: [Character], in face: LottieFontFace) -> [LottieShapedCluster]? {
        let setting = setting(of: face)
        // Set at 1000 and scaled to 100; a line past the path limit is refused, so set no further.
        guard let clusters = TextOutline.shapedLine(String(line), family: setting.family, weight: setting.weight, italic: setting.italic,
                                                    size: 1000, file: setting.file, limit: SceneLimits.pathSegments) else { return nil }
        var starts: [Int] = [], offset = 0
        for character in line {
            starts.append(offset)
            offset += character.utf8.count
        }
        // The character holding UTF-8 byte `byte`: the last that starts at or before it.
        func character(at byte: Int) -> Int {
            var low = 0, high = starts.count
            while low < high {
                let middle = (low + high) / 2
                if starts[middle] <= byte { low = middle + 1 } else { high = middle }
            }
            return max(low - 1, 0)
        }
        var result: [LottieShapedCluster] = [], pens: [Double] = []
        for cluster in clusters {
            let first = character(at: cluster.bytes.lowerBound)
            let characters = first..<max(cluster.bytes.isEmpty ? first : character(at: cluster.bytes.upperBound - 1), first) + 1
            let segments = cluster.path.mappingPoints { Vector2($0.x / 10, $0.y / 10) }.segments
            if let last = result.indices.last, result[last].characters.overlaps(characters) {
                let shift = (cluster.x - pens[last]) / 10
                result[last].glyph.segments += SVGPath(segments: segments).mappingPoints { Vector2($0.x + shift, $0.y) }.segments
                result[last].glyph.advance += cluster.advance / 10
                let merged = result[last].characters
                result[last].characters = min(merged.lowerBound, characters.lowerBound)..<max(merged.upperBound, characters.upperBound)
                continue
            }
            result.append(LottieShapedCluster(characters: characters, glyph: LottieGlyph(segments: segments, advance: cluster.advance / 10)))
            pens.append(cluster.x)
        }
        return result
    }

    public func capHeight(in face: LottieFontFace) -> Double? {
        let setting = setting(of: face)
        return TextMeasure.metrics(family: setting.family, weight: setting.weight, italic: setting.italic, size: 100,
                                   file: setting.file).map(\.capHeight)
    }

    private func setting(of face: LottieFontFace) -> Setting {
        if let known = settings.known.withLock({ $0[face] }) { return known }
        let found = Self.find(face)
        settings.known.withLock { $0[face] = found }
        return found
    }

    /// The weight and slant `style` (and the PostScript `name`) say: `Bold Italic`, `SemiBold`.
    static func weight(of style: String, name: String) -> (weight: FontWeight, italic: Bool) {
        let words = (style + " " + (name.split(separator: "-").dropFirst().first.map(String.init) ?? "")).lowercased().filter { $0 != " " }
        let italic = words.contains("italic") || words.contains("oblique")
        let weights: [(String, FontWeight)] = [("ultralight", .ultraLight), ("extralight", .ultraLight), ("hairline", .ultraLight),
                                               ("thin", .thin), ("semibold", .semibold), ("demibold", .semibold), ("demi", .semibold),
                                               ("extrabold", .heavy), ("ultrabold", .heavy), ("heavy", .heavy), ("black", .black),
                                               ("bold", .bold), ("medium", .medium), ("light", .light), ("book", .regular)]
        return (weights.first { words.contains($0.0) }?.1 ?? .regular, italic)
    }

    private static func find(_ face: LottieFontFace) -> Setting {
        let (weight, italic) = weight(of: face.style, name: face.name)
        var setting = Setting(family: face.family, weight: weight, italic: italic)
        if let data = face.data, let file = try? FontFileCache.file(for: data) {
            let family = TextMeasure.family("", file: file)
            if !family.isEmpty {
                setting.family = family
                setting.file = file
                return setting
            }
        }
        let suffixes = ["", " App", " Pro", " Std", " Text", " Display", " LT Std", " MT"]
        if let family = suffixes.lazy.map({ face.family + $0 }).first(where: FontCatalog.isInstalled)
            ?? FontCatalog.family(ofPostScriptName: face.name) {
            setting.family = family
            return setting
        }
        // Another family: one of Apple's, or fontconfig's alias for it (Carlito for Calibri),
        // drawn in the style asked for.
        let fallback = FontCatalog.match(face.family).flatMap { $0 == FontCatalog.match("sans-serif") ? nil : $0 }
        if let substitute = FontCatalog.appleSubstitute(for: face.family) ?? FontCatalog.appleSubstitute(for: face.name) ?? fallback {
            setting.family = substitute
            setting.substitute = substitute
            return setting
        }
        // When fontconfig knows nothing of it (it offers its default sans): Helvetica's stand-in,
        // upright and regular whatever the style, as lottie-ios's Core Text draws a name it lacks.
        let helvetica = FontCatalog.appleSubstitute(for: "Helvetica") ?? "no font"
        return Setting(family: helvetica, weight: .regular, italic: false, substitute: helvetica, substituteStyle: "Regular")
    }
}

/// Font files a Lottie file gives by their bytes (embedded, or in a dotLottie archive), written
/// once where fontconfig can read them: a file named by the bytes' SHA-256 in the temporary
/// folder, so the same bytes are always the same file.
enum FontFileCache {
    static func file(for bytes: [UInt8]) throws(ZoetropeError) -> String {
        let folder = (CurrentProcess.environmentValue("TMPDIR") ?? "/tmp") + "/zoetrope-fonts"
        let path = folder + "/" + SHA256Digest(bytes).hex + ".font"
        // Another process (or user) may have written it: used only when it holds these bytes.
        if FileSystem.size(at: path) == bytes.count, AtomicFile.read(path) == bytes { return path }
        try AtomicFile.makeDirectory(folder)
        try AtomicFile.write(bytes, to: path)
        return path
    }
}
