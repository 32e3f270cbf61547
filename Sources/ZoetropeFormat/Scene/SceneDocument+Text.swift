import ZoetropeCore

/// A font's slant as scene files name it (`style: italic`).
enum FontSlant: String, CaseIterable { case normal, italic }

/// A text layer's font, paragraph and runs (`font`, `paragraph`, `runs`), in layers and in a
/// restyle's `style`.
extension SceneDocument {
    /// `{ family, size, weight, style, file }`: the family, weight and slant are the layer's
    /// style, the size its `fontSize` value; a font file is resolved beside the scene file.
    func readFont(_ node: DocumentNode, at path: DocumentPath, into layer: inout Layer) {
        for (key, value) in reader.mapping(node, at: path, allowed: SceneVocabulary.font.names) ?? [] {
            let at = path / key
            switch key {
            case "family": layer.style.fontFamily = reader.string(value, at: at) ?? layer.style.fontFamily
            case "size": layer.values.fontSize = reader.number(value, at: at, within: .fontSize) ?? layer.values.fontSize
            case "style": layer.style.fontItalic = reader.choice(value, at: at, of: FontSlant.self) == .italic
            case "file": layer.style.fontFile = readFontFile(value, at: at)
            default: layer.style.fontWeight = reader.choice(value, at: at, of: FontWeight.self) ?? .regular
            }
        }
    }

    /// A font file's path, relative to the scene file's folder, that must exist.
    func readFontFile(_ node: DocumentNode, at path: DocumentPath) -> String? {
        guard let file = reader.string(node, at: path) else { return nil }
        let resolved = file.hasPrefix("/") || folder.isEmpty ? file : folder + "/" + file
        guard fileExists(resolved) else {
            reader.report(path, "font file not found: \(resolved)", kind: .missingInput)
            return nil
        }
        return resolved
    }

    /// `{ lines, wrap, truncation, lineHeight, lineSpacing, letterSpacing, verticalAlignment }`.
    func readParagraph(_ node: DocumentNode, at path: DocumentPath) -> TextParagraph {
        var paragraph = TextParagraph()
        for (key, value) in reader.mapping(node, at: path, allowed: SceneVocabulary.paragraph.names) ?? [] {
            let at = path / key
            switch key {
            case "lines":
                guard let lines = reader.number(value, at: at, within: .lineCount) else { continue }
                if lines == lines.rounded(.down) { paragraph.lines = Int(saturating: lines) }
                else { reader.report(at, "must be a whole number of lines (found \(DocumentReader.format(lines)))") }
            case "wrap": paragraph.wrap = reader.choice(value, at: at, of: TextWrap.self) ?? paragraph.wrap
            case "truncation": paragraph.truncation = reader.choice(value, at: at, of: TextTruncation.self) ?? paragraph.truncation
            case "lineHeight": paragraph.lineHeightMultiple = reader.number(value, at: at, within: .lineHeight) ?? 1
            case "lineSpacing": paragraph.lineSpacing = reader.number(value, at: at, within: .textSpacing) ?? 0
            case "letterSpacing": paragraph.letterSpacing = reader.number(value, at: at, within: .textSpacing) ?? 0
            default: paragraph.verticalAlignment = reader.choice(value, at: at, of: VerticalTextAlignment.self) ?? .center
            }
        }
        return paragraph
    }

    /// `[{ text, font: { family, size, weight, style }, color, letterSpacing, underline }]`.
    func readRuns(_ node: DocumentNode, at path: DocumentPath) -> [TextRun] {
        guard let items = reader.sequence(node, at: path, of: "runs", atMost: SceneLimits.items) else { return [] }
        return items.enumerated().compactMap { index, item in
            let at = path / index
            guard let pairs = reader.mapping(item, at: at, allowed: SceneVocabulary.run.names) else { return nil }
            var run = TextRun(text: "")
            if item["text"] == nil { reader.report(at / "text", "required: a run needs its text") }
            for (key, value) in pairs {
                switch key {
                case "text": run.text = reader.string(value, at: at / key) ?? ""
                case "color": run.color = reader.color(value, at: at / key)
                case "letterSpacing": run.letterSpacing = reader.number(value, at: at / key, within: .textSpacing)
                case "underline": run.underline = reader.bool(value, at: at / key) ?? false
                default:  // font
                    for (part, setting) in reader.mapping(value, at: at / key, allowed: SceneVocabulary.runFont.names) ?? [] {
                        let where_ = at / key / part
                        switch part {
                        case "family": run.fontFamily = reader.string(setting, at: where_)
                        case "size": run.fontSize = reader.number(setting, at: where_, within: .fontSize)
                        case "style": run.fontItalic = reader.choice(setting, at: where_, of: FontSlant.self).map { $0 == .italic }
                        default: run.fontWeight = reader.choice(setting, at: where_, of: FontWeight.self)
                        }
                    }
                }
            }
            return run
        }
    }

    /// Sets a text layer's runs, and its text to theirs; a `text` given too must be the same.
    func readRuns(_ node: DocumentNode, of layerNode: DocumentNode, at layerPath: DocumentPath, into layer: inout Layer) {
        let path = layerPath / "runs"
        layer.style.runs = readRuns(node, at: path)
        let joined = layer.style.runs.reduce(into: "") { $0 += $1.text }
        if let given = layerNode["text"], let text = reader.string(given, at: layerPath / "text"), text != joined {
            reader.report(path, "the runs spell \"\(joined)\", not the layer's text \"\(text)\"; give one or the other")
            return
        }
        layer.values.text = joined
    }
}
