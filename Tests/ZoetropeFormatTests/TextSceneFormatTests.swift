import Testing
import ZoetropeCore
import ZoetropeFormat

/// A text layer's font, paragraph and runs as scene files say them (issue #47): read into the
/// layer's style, written back the same, and every mistake reported at its path.
@Suite struct TextSceneFormatTests {
    static func load(_ layer: String) throws(SceneLoadError) -> LoadedScene {
        try SceneLoader.parse(Array("canvas: { size: [200, 100] }\nlayers:\n  - \(layer)\n".utf8), file: "scenes/text.yaml")
    }

    static func problems(_ layer: String) -> [String] {
        do throws(SceneLoadError) {
            _ = try load(layer)
            return []
        } catch {
            return error.diagnostics.map(\.description)
        }
    }

    @Test func aParagraphRunsAndAFontAreTheLayersStyle() throws {
        let loaded = try Self.load("""
            { id: t, shape: text, size: [180, 60], font: { size: 14, weight: semibold, style: italic }, alignment: justified,
                paragraph: { lines: 3, wrap: character, truncation: middle, lineHeight: 1.5, lineSpacing: 2, letterSpacing: -0.5, verticalAlignment: bottom },
                runs: [ { text: "Hello, " }, { text: "world", font: { family: DejaVu Serif, size: 20, weight: black, style: normal }, color: "#FF0000", letterSpacing: 1, underline: true } ] }
            """)
        let node = loaded.scene.layers.nodes[0], values = loaded.scene.layers.initialValues[0]
        #expect(values.text == "Hello, world")
        #expect(node.style.fontWeight == .semibold && node.style.fontItalic)
        #expect(node.style.alignment == .justified)
        var paragraph = TextParagraph()
        paragraph.lines = 3
        paragraph.wrap = .character
        paragraph.truncation = .middle
        paragraph.lineHeightMultiple = 1.5
        paragraph.lineSpacing = 2
        paragraph.letterSpacing = -0.5
        paragraph.verticalAlignment = .bottom
        #expect(node.style.paragraph == paragraph)
        #expect(node.style.runs == [TextRun(text: "Hello, "),
                                    TextRun(text: "world", fontFamily: "DejaVu Serif", fontSize: 20, fontWeight: .black, fontItalic: false,
                                            color: Color(red: 1, green: 0, blue: 0), letterSpacing: 1, underline: true)])
        #expect(node.style.runs(for: "Hello, world").count == 2)
        #expect(node.style.runs(for: "Goodbye").isEmpty, "runs that do not spell the text do not apply")

        // Written and read again: the same layer.
        let back = try SceneLoader.parse(Array(try SceneWriter.json(loaded.scene).utf8), file: "scenes/text.json").scene
        #expect(back.layers.nodes[0].style == node.style)
        #expect(back.layers.initialValues[0].text == values.text)
    }

    @Test func textMistakesAreReportedAtTheirPaths() {
        let found = Self.problems("""
            { id: t, shape: text, text: "Hi", font: { style: oblique, weight: 700 },
                paragraph: { lines: 1.5, wrap: hyphen, lineHeight: 0, letterSpacing: 1e9, spacing: 2 },
                runs: [ { text: "Ho" }, { color: "#00FF00" } ] }
            """)
        let expected = [
            "layers[t].font.style: expected one of \"normal\", \"italic\" (found \"oblique\")",
            "layers[t].font.weight: expected one of",
            "layers[t].paragraph.spacing: unknown key \"spacing\"",
            "layers[t].paragraph.lines: must be a whole number of lines (found 1.5)",
            "layers[t].paragraph.wrap: expected one of \"word\", \"character\" (found \"hyphen\")",
            "layers[t].paragraph.lineHeight: must be within 0 < multiple <= 100 (found 0)",
            "layers[t].paragraph.letterSpacing: must be within -10000...10000",
            "layers[t].runs[1].text: required: a run needs its text",
            "layers[t].runs: the runs spell \"Ho\", not the layer's text \"Hi\"; give one or the other",
        ]
        for line in expected {
            #expect(found.contains { $0.contains(line) }, "missing: \(line)\nfound:\n\(found.joined(separator: "\n"))")
        }
        #expect(found.allSatisfy { $0.hasPrefix("scenes/text.yaml: ") })
    }

    @Test func aMissingFontFileIsAMissingInput() {
        do throws(SceneLoadError) {
            _ = try Self.load("{ id: t, shape: text, text: Hi, font: { file: fonts/none.ttf } }")
            Issue.record("a missing font file loaded")
        } catch {
            #expect(error.diagnostics.map(\.description) == ["scenes/text.yaml: layers[t].font.file: font file not found: scenes/fonts/none.ttf"])
        }
    }
}
