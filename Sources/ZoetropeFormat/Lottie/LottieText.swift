import ZoetropeCore

/// Text layers (`ty` 5) drawn from the glyph outlines the file carries (`chars`), or else from the
/// installed fonts its font list names: each line of
/// the text document laid out glyph by glyph (advance `w` at size 100, tracking in thousandths
/// of the size), justified about the layer's origin (point text) or within its box (`sz`, words
/// wrapped to its width), as one filled path and, with a stroke width, one stroked path.
extension LottieSceneBuilder {
    /// One keyframe of a text document: the text and how it is set, from frame `time` on.
    struct TextDocument {
        var time: Double
        var text: String
        var size: Double
        var font: String
        var justification: Int
        var tracking: Double
        var lineHeight: Double
        var baselineShift: Double
        var fill: [Double]?
        var stroke: [Double]?
        var strokeWidth: Double
        var strokeOverFill: Bool
        var box: (position: Vector2, size: Vector2)?

        init?(_ key: LottieTextKey) {
            guard let s = key.document else { return nil }
            time = key.time ?? 0
            text = s.text ?? ""
            size = s.size ?? 10
            font = s.font ?? ""
            justification = Int(saturating: s.justification ?? 0)
            tracking = s.tracking ?? 0
            lineHeight = s.lineHeight ?? size * 1.2
            baselineShift = s.baselineShift ?? 0
            fill = s.fill
            stroke = s.stroke
            strokeWidth = s.strokeWidth ?? 0
            strokeOverFill = s.strokeOverFill
            if let size = s.boxSize, size.count >= 2 {
                let position = s.boxPosition ?? [0, 0]
                box = (Vector2(position[safe: 0] ?? 0, position[safe: 1] ?? 0), Vector2(size[0], size[1]))
            }
        }
    }

    /// The glyphs of the file by character, family and style: read once, for every text layer.
    mutating func glyphs() -> [String: LottieGlyph] {
        if let glyphTable { return glyphTable }
        var result: [String: LottieGlyph] = [:]
        for char in animation.characters ?? [] {
            guard let ch = char.character else { continue }
            var segments: [SVGPath.Segment] = []
            // The shapes of the glyph in document order, nested groups' where they are listed,
            // walked without recursion: each list with the position reached in it.
            var pending: [(items: [LottieShapeItem], next: Int)] = [(char.data?.shapes ?? [], 0)]
            while let (items, position) = pending.popLast() {
                guard position < items.count else { continue }
                pending.append((items, position + 1))
                switch items[position].content {
                case .path(let path): if let shape = path.outline { segments += shape.value(at: 0).segments() }
                case .group(let group): if let inner = group.items { pending.append((inner, 0)) }
                default: break
                }
            }
            let glyph = LottieGlyph(segments: segments, advance: char.advance ?? 0)
            let family = char.family ?? "", style = char.style ?? ""
            result[ch + "\u{0}" + family + "\u{0}" + style] = glyph
            if result[ch] == nil { result[ch] = glyph }
        }
        glyphTable = result
        return result
    }

    /// The face of the font a text document names by `fName` (a face of that family when the
    /// font list lacks it), its font file read once per animation.
    mutating func fontFace(_ name: String) -> LottieFontFace {
        if let known = fontFaces[name] { return known }
        let list = animation.fonts?.list ?? []
        let face: LottieFontFace
        if let index = list.firstIndex(where: { $0.name == name }) {
            face = fontFiles.face(list[index], at: "fonts.list[\(index)]", notes: &notes)
        } else {
            face = LottieFontFace(name: name, family: name)
        }
        fontFaces[name] = face
        return face
    }

    /// The fonts of the file's `fonts.list` by `fName`: family, style, ascent (in percent of the
    /// size) and JSON path.
    func fontList() -> [String: (family: String, style: String, ascent: Double, path: String)] {
        var fonts: [String: (family: String, style: String, ascent: Double, path: String)] = [:]
        for (index, font) in (animation.fonts?.list ?? []).enumerated() {
            if let name = font.name {
                fonts[name] = (font.family ?? name, font.style ?? "", font.ascent ?? 75,
                               "fonts.list[\(index)]")
            }
        }
        return fonts
    }

    /// A text layer's children: its fill and stroke paths, following its document keyframes.
    mutating func text(_ layer: LottieLayer, at path: String, owner: String, clock: LottieClock) -> [Layer] {
        let keys = layer.text?.documents?.frames ?? []
        guard keys.count <= SceneLimits.keyframes else {
            notes.refuse("a text layer may have at most \(SceneLimits.keyframes) text documents (found \(keys.count))", at: path + ".t.d.k")
            return []
        }
        let documents = keys.compactMap(TextDocument.init)
        guard !documents.isEmpty else { return [] }
        let animators = textAnimators(layer.text?.animators ?? [], at: path + ".t.a", documents: documents.count)
        if layer.text?.path?.mask != nil { notes.unsupported("text on a path: drawn on a line", at: path + ".t.p") }
        // As lottie-web decides: a file that carries glyph outlines sets all its text from them;
        // one that carries none sets it in the installed fonts its font list names.
        let glyphs = self.glyphs(), fonts = fontList()
        let installed = glyphs.isEmpty ? self.fonts.map(InstalledGlyphs.init) : nil
        guard !glyphs.isEmpty || installed != nil else {
            notes.unsupported("text without glyph outlines (chars): not drawn", at: path + ".t")
            return []
        }
        // The faces of the fonts the documents name, their files read, when they are set from fonts.
        var faces: [String: LottieFontFace] = [:]
        if let installed {
            for document in documents {
                let font = fonts[document.font], face = fontFace(document.font)
                faces[document.font] = face
                if let substitute = installed.source.substitute(for: face) {
                    let why = face.url.map { "is at a URL, not fetched (\($0))" } ?? "is not installed"
                    let style = installed.source.substituteStyle(for: face).map { " (\($0))" } ?? ""
                    notes.unsupported("font \"\(face.family)\" \(why): drawn in \"\(substitute)\"\(style)", at: font?.path ?? path + ".t.d")
                }
            }
        }
        // The document shown at a frame is the last listed that starts by then: by bisection
        // over the start times in order, each with the last index listed among those up to it.
        let starts = documents.indices.sorted { (documents[$0].time, $0) < (documents[$1].time, $1) }
        var latest: [Int] = []
        for index in starts { latest.append(max(latest.last ?? 0, index)) }
        func document(at frame: Double) -> Int {
            var low = 0, high = starts.count
            while low < high {
                let middle = (low + high) / 2
                if documents[starts[middle]].time <= frame { low = middle + 1 } else { high = middle }
            }
            return low > 0 ? latest[low - 1] : 0
        }
        func glyph(_ document: TextDocument) -> (Character) -> LottieGlyph? {
            let font = fonts[document.font], family = font?.family ?? document.font, style = font?.style ?? ""
            let face = faces[document.font] ?? LottieFontFace(name: document.font, family: family, style: style)
            return if let installed {
                { installed.glyph($0, in: face) }
            } else {
                { glyphs[String($0) + "\u{0}" + family + "\u{0}" + style] ?? glyphs[String($0)] }
            }
        }
        // A font's kerning between two characters; none between a file's own glyph outlines.
        func kerning(_ document: TextDocument) -> (Character, Character) -> Double {
            guard let installed, let face = faces[document.font] else { return { _, _ in 0 } }
            return { installed.kerning($0, $1, in: face) }
        }
        // A font's lines shaped whole; a file's own glyph outlines are set one by one.
        func shape(_ document: TextDocument) -> Shaper? {
            guard let installed, let face = faces[document.font] else { return nil }
            return { installed.shape($0, in: face) }
        }
        // How far a box's first baseline lies below its top, in percent of the size: a font's
        // capitals' height, as lottie-ios sets its text (the capitals' tops on the box's top);
        // the font list's ascent for a file's own glyphs, as lottie-web sets them.
        func ascent(_ document: TextDocument) -> Double {
            if let installed, let face = faces[document.font], let capHeight = installed.capHeight(in: face) { return capHeight }
            return fonts[document.font]?.ascent ?? 75
        }
        func outline(_ document: TextDocument) -> SVGPath {
            SVGPath(segments: Self.layout(document, glyph: glyph(document), kerning: kerning(document), shape: shape(document),
                                          ascent: ascent(document), limit: SceneLimits.pathSegments))
        }
        let frame = clock.frame
        // Each document set once, however many frames show it, and counted against the
        // sampling budget as it is set.
        var outlines: [SVGPath] = []
        for (index, document) in documents.enumerated() {
            let outline = outline(document)
            guard book.spendOnce(outline.segments.count, on: .path,
                                 what: "the text's documents are set in \(documents.count) outlines (\(index + 1) so far)") else { return [] }
            outlines.append(outline)
        }
        // Each outline is one path of the scene, within the scene's path limit.
        if let longest = outlines.map(\.segments.count).max(), longest > SceneLimits.pathSegments {
            notes.refuse("the text's outline has more than \(SceneLimits.pathSegments) path segments (found \(longest) when setting stopped); a path may have at most \(SceneLimits.pathSegments)", at: path + ".t.d")
            return []
        }
        // Under text animators (one document), the glyphs they move are layers of their own,
        // and the outline keeps the rest.
        var moving: [Layer] = []
        if !animators.isEmpty {
            let placed = Self.place(documents[0], glyph: glyph(documents[0]), kerning: kerning(documents[0]), shape: shape(documents[0]),
                                    ascent: ascent(documents[0]))
            guard let (still, glyphs) = animatedGlyphs(placed, document: documents[0], animators: animators, owner: owner,
                                                       at: path + ".t.a", clock: clock) else { return [] }
            outlines[0] = SVGPath(segments: still)
            moving = glyphs
        }
        guard var fill = makeLayer(id: uniqueID(owner + "Fill"), shape: .path, at: path),
              var stroke = makeLayer(id: uniqueID(owner + "Stroke"), shape: .path, at: path) else { return [] }
        for part in [0, 1] {
            var layer = part == 0 ? fill : stroke
            layer.values.anchor = .zero
            layer.values.size = Vector2(1, 1)
            let id = layer.id
            func paint(_ document: TextDocument) -> AnimatableValue {
                guard let color = part == 0 ? document.fill : document.stroke else { return .color(.clear) }
                return LottieColors.color(color, scale: color.prefix(3).contains { $0 > 1 } ? 255 : 1)
            }
            if documents.count == 1 {
                layer.values.path = outlines[0]
                if case .color(let c) = paint(documents[0]) { if part == 0 { layer.values.fill = c } else { layer.values.strokeColor = c } }
                if part == 1 { layer.values.strokeWidth = max(documents[0].strokeWidth, 0) }
            } else {
                layer.values.path = book.sample(id, .path, key: { document(at: frame($0)) }, cost: { _ in 1 },
                                                value: { .path(outlines[$0]) }).path ?? SVGPath()
                let color = book.sample(id, part == 0 ? .fill : .strokeColor) { paint(documents[document(at: frame($0))]) }.color ?? .clear
                if part == 0 { layer.values.fill = color } else {
                    layer.values.strokeColor = color
                    layer.values.strokeWidth = book.sample(id, .strokeWidth) { .number(max(documents[document(at: frame($0))].strokeWidth, 0)) }.number ?? 0
                }
            }
            if part == 1 { layer.style.strokeJoin = .round }
            if part == 0 { fill = layer } else { stroke = layer }
        }
        let strokes = documents.contains { $0.strokeWidth > 0 && $0.stroke != nil }
        guard strokes else { return [fill] + moving }
        return (documents[0].strokeOverFill ? [fill, stroke] : [stroke, fill]) + moving
    }

    /// A glyph as a document sets it: its character (a space without an outline included),
    /// its outline at size 100, the start of its baseline, the size's scale and its line.
    struct PlacedGlyph {
        var character: Character
        var glyph: LottieGlyph?
        var origin: Vector2
        var scale: Double
        var line: Int

        /// The advance it takes on its line (0 without an outline).
        var advance: Double { (glyph?.advance ?? 0) * scale }

        /// Its outline as set, relative to `pivot`.
        func outline(relativeTo pivot: Vector2 = .zero) -> [SVGPath.Segment] {
            guard let glyph else { return [] }
            let placement = LottieAffine(a: scale, d: scale, tx: origin.x - pivot.x, ty: origin.y - pivot.y)
            return SVGPath(segments: glyph.segments).mappingPoints(placement.apply).segments
        }
    }

    /// A font's shaping of a line: its clusters in visual order, or nil when it cannot set it.
    typealias Shaper = ([Character]) -> [LottieShapedCluster]?

    /// The outlines of a document's glyphs, set line by line; set no further once there are more
    /// than `limit` segments (a text past the path limit is refused, not drawn).
    static func layout(_ document: TextDocument, glyph: (Character) -> LottieGlyph?,
                       kerning: (Character, Character) -> Double = { _, _ in 0 }, shape: Shaper? = nil, ascent: Double,
                       limit: Int = .max) -> [SVGPath.Segment] {
        place(document, glyph: glyph, kerning: kerning, shape: shape, ascent: ascent, limit: limit).flatMap { $0.outline() }
    }

    /// A document's characters set line by line, each where its glyph starts; set no further
    /// once their outlines have more than `limit` segments. With `shape`, each line (and each
    /// word measured for a box's lines) is shaped whole and its clusters placed in visual order,
    /// the tracking after each; a cluster's outline is its first character's, the others in it
    /// placed with it and drawing nothing. Without, glyphs are set one by one, kerned by pairs.
    static func place(_ document: TextDocument, glyph: (Character) -> LottieGlyph?,
                      kerning: (Character, Character) -> Double = { _, _ in 0 }, shape: Shaper? = nil, ascent: Double,
                      limit: Int = .max) -> [PlacedGlyph] {
        let scale = document.size / 100, tracking = document.tracking / 1000 * document.size
        // The measure of `characters` set after `start`: shaped whole, each cluster's advance;
        // else each glyph's advance, kerned against the one before it in the line (a font's
        // pairs, at size 100).
        func measured(_ characters: some Sequence<Character>, after start: LineMeasure = LineMeasure()) -> LineMeasure {
            var measure = start
            if let shape, let clusters = shape(Array(characters)) {
                for cluster in clusters {
                    measure.append(nil, advance: cluster.glyph.advance * scale, tracking: tracking)
                }
                return measure
            }
            for character in characters {
                let kern = measure.last.map { kerning($0, character) * scale } ?? 0
                measure.append(character, advance: (glyph(character)?.advance ?? 0) * scale + kern, tracking: tracking)
            }
            return measure
        }
        func width(_ line: [Character]) -> Double { measured(line).width }
        // Lines at the breaks, and in a box, words wrapped to its width: each word measured once,
        // onto the width of the line so far (linear in the text's length).
        var lines: [[Character]] = []
        for paragraph in document.text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\r" || $0 == "\n" || $0 == "\u{3}" }) {
            guard let box = document.box else {
                lines.append(Array(paragraph))
                continue
            }
            var line: [Character] = [], measure = LineMeasure()
            for word in paragraph.split(separator: " ", omittingEmptySubsequences: false) {
                let candidate = measured(word, after: line.isEmpty ? measure : measured(" ", after: measure))
                if !line.isEmpty, candidate.width > box.size.x {
                    lines.append(line)
                    line = Array(word)
                    measure = measured(word)
                } else {
                    if !line.isEmpty { line.append(" ") }
                    line += word
                    measure = candidate
                }
            }
            lines.append(line)
        }
        var placed: [PlacedGlyph] = [], segments = 0
        for (number, line) in lines.enumerated() {
            let lineWidth = width(line)
            var x: Double, y = Double(number) * document.lineHeight - document.baselineShift
            if let box = document.box {
                x = box.position.x + [0: 0, 1: box.size.x - lineWidth, 2: (box.size.x - lineWidth) / 2][document.justification, default: 0]
                y += box.position.y + ascent / 100 * document.size
            } else {
                x = [0: 0, 1: -lineWidth, 2: -lineWidth / 2][document.justification, default: 0]
            }
            if let shape, let clusters = shape(line) {
                // Each character where its cluster starts; the cluster's outline on its first.
                var slots = [PlacedGlyph?](repeating: nil, count: line.count)
                for cluster in clusters {
                    let characters = cluster.characters.clamped(to: 0..<line.count)
                    guard let first = characters.first else { continue }
                    if let known = slots[first], let had = known.glyph {
                        let shift = (x - known.origin.x) / scale
                        let moved = SVGPath(segments: cluster.glyph.segments).mappingPoints { Vector2($0.x + shift, $0.y) }.segments
                        slots[first]?.glyph = LottieGlyph(segments: had.segments + moved, advance: had.advance + cluster.glyph.advance)
                    } else {
                        slots[first] = PlacedGlyph(character: line[first], glyph: cluster.glyph, origin: Vector2(x, y), scale: scale, line: number)
                    }
                    for other in characters.dropFirst() where slots[other] == nil {
                        slots[other] = PlacedGlyph(character: line[other], glyph: LottieGlyph(segments: [], advance: 0),
                                                   origin: Vector2(x, y), scale: scale, line: number)
                    }
                    x += cluster.glyph.advance * scale + tracking
                    segments += cluster.glyph.segments.count
                    if segments > limit { break }
                }
                for (index, slot) in slots.enumerated() {
                    placed.append(slot ?? PlacedGlyph(character: line[index], glyph: nil, origin: Vector2(x, y), scale: scale, line: number))
                }
                if segments > limit { return placed }
                continue
            }
            var previous: Character?
            for character in line {
                if let previous { x += kerning(previous, character) * scale }
                previous = character
                let found = glyph(character)
                placed.append(PlacedGlyph(character: character, glyph: found, origin: Vector2(x, y), scale: scale, line: number))
                guard let found else { continue }
                x += found.advance * scale + tracking
                segments += found.segments.count
                if segments > limit { return placed }
            }
        }
        return placed
    }
}

/// An installed font's glyphs, each asked of the source once per reading.
private final class InstalledGlyphs {
    let source: any LottieFontSource
    private var known: [String: LottieGlyph?] = [:]

    init(_ source: any LottieFontSource) {
        self.source = source
    }

    private var kerns: [String: Double] = [:]

    func glyph(_ character: Character, in face: LottieFontFace) -> LottieGlyph? {
        let key = String(character) + "\u{0}" + face.name + "\u{0}" + face.family + "\u{0}" + face.style
        if let glyph = known[key] { return glyph }
        let glyph = source.glyph(character, in: face)
        known[key] = glyph
        return glyph
    }

    private var lines: [String: [LottieShapedCluster]?] = [:]
    private var capHeights: [LottieFontFace: Double?] = [:]

    func capHeight(in face: LottieFontFace) -> Double? {
        if let known = capHeights[face] { return known }
        let found = source.capHeight(in: face)
        capHeights[face] = found
        return found
    }

    func shape(_ line: [Character], in face: LottieFontFace) -> [LottieShapedCluster]? {
        let key = String(line) + "\u{0}" + face.name + "\u{0}" + face.family + "\u{0}" + face.style
        if let known = lines[key] { return known }
        let shaped = source.shape(line, in: face)
        lines[key] = shaped
        return shaped
    }

    func kerning(_ first: Character, _ second: Character, in face: LottieFontFace) -> Double {
        let key = String(first) + String(second) + "\u{0}" + face.name + "\u{0}" + face.family + "\u{0}" + face.style
        if let kern = kerns[key] { return kern }
        let kern = source.kerning(first, second, in: face)
        kerns[key] = kern
        return kern
    }
}

/// The width of a line of glyphs as it grows: each glyph's advance, with the tracking after every
/// glyph but the last, summed in order (so a line measured glyph by glyph has the same width, to
/// the bit, as one measured whole).
private struct LineMeasure {
    private var total = 0.0
    /// The last character measured, which the next is kerned against.
    private(set) var last: Character?

    var width: Double { total + 0 }

    /// Whether anything was measured: the tracking comes before each glyph after the first.
    private var started = false

    /// Adds `character` (nil: a shaped cluster, which nothing is kerned against), moving the
    /// pen `advance` (its kerning against the one before included).
    mutating func append(_ character: Character?, advance: Double, tracking: Double) {
        if started { total += tracking }
        total += advance
        last = character
        started = true
    }
}
