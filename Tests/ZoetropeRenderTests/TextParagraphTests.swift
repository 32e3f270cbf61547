import Testing
@testable import ZoetropeRender
import ZoetropeCore

/// Paragraphs as the text engine sets them (issue #47): lines broken at the box's width, cut
/// by `lines` or an ellipsis, spaced, in runs and font files of their own.
@Suite struct TextParagraphTests {
    static let sentence = "The quick brown fox jumps over the lazy dog, and then it does it again and again."

    static func style(_ change: (inout LayerStyle) -> Void) -> LayerStyle {
        var style = LayerStyle()
        change(&style)
        return style
    }

    @Test func aParagraphBreaksAtTheBoxsWidthAndKeepsItsLines() {
        let oneLine = TextMeasure.size(of: Self.sentence, style: LayerStyle(), fontSize: 15)
        let wrapped = Self.style { $0.paragraph.lines = 0 }
        let size = TextMeasure.size(of: Self.sentence, style: wrapped, fontSize: 15, width: 150)
        let lines = TextMeasure.lineCount(of: Self.sentence, style: wrapped, fontSize: 15, width: 150)
        #expect(lines >= 4)
        #expect(size.x <= 150 && size.x > 100, "the widest line fills most of the box: \(size.x)")
        #expect(abs(size.y - Double(lines) * oneLine.y) < 0.5, "\(lines) lines are \(lines) line heights: \(size.y), one \(oneLine.y)")

        let two = Self.style { $0.paragraph.lines = 2 }
        #expect(TextMeasure.lineCount(of: Self.sentence, style: two, fontSize: 15, width: 150) == 2)
        #expect(abs(TextMeasure.size(of: Self.sentence, style: two, fontSize: 15, width: 150).y - 2 * oneLine.y) < 0.5)

        let spaced = Self.style { $0.paragraph.lines = 2; $0.paragraph.lineHeightMultiple = 2 }
        #expect(TextMeasure.size(of: Self.sentence, style: spaced, fontSize: 15, width: 150).y > 3.5 * oneLine.y)
    }

    /// Pango measures in 32-bit 1/1024ths of a pixel: 20,000 characters at size 1,000 reach ten
    /// million pixels, which once trapped on overflow. Shaped smaller and scaled, they measure
    /// what one character does, 20,000 times.
    @Test func aLineLongerThanPangoCanMeasureIsShapedSmallerAndScaled() throws {
        let one = try #require(TextOutline.shapedLine("ab", family: "DejaVu Sans", size: 1000))
        let long = try #require(TextOutline.shapedLine(String(repeating: "ab", count: 10_000), family: "DejaVu Sans", size: 1000))
        let pair = one.map(\.advance).reduce(0, +), whole = long.map(\.advance).reduce(0, +)
        #expect(long.count == 20_000)
        #expect(abs(whole / (pair * 10_000) - 1) < 0.001, "\(whole) against 10,000 × \(pair)")
        #expect(abs(long[19_999].x + long[19_999].advance - whole) < 1, "the last cluster ends where the line does")
        let size = TextMeasure.size(of: String(repeating: "ab", count: 10_000), style: LayerStyle(), fontSize: 1000)
        #expect(abs(size.x / whole - 1) < 0.001)
    }

    @Test func truncationCutsWithAnEllipsisInsideTheBox() {
        let tail = Self.style { $0.paragraph.truncation = .tail }
        let block = TextBlock(Self.sentence, style: tail, size: 15, width: 120, height: 20)
        let metrics = TextEngine.metrics(block)
        #expect(metrics?.lineCount == 1)
        #expect((metrics?.advance ?? .infinity) <= 120)
        // The ellipsis is a glyph of its own: the cut line has fewer glyphs than the sentence.
        let glyphs = TextEngine.glyphs(block)
        #expect(!glyphs.isEmpty && glyphs.count < Self.sentence.count / 2)

        let wider = Self.style { $0.paragraph.letterSpacing = 3 }
        #expect(TextMeasure.size(of: "spaced", style: wider, fontSize: 15).x
                > TextMeasure.size(of: "spaced", style: LayerStyle(), fontSize: 15).x + 5 * 3 - 0.01)
    }

    @Test func runsAndFontFilesSetTheirOwnGlyphs() {
        let plain = TextMeasure.size(of: "Big small", style: LayerStyle(), fontSize: 12)
        let runs = Self.style { $0.runs = [TextRun(text: "Big", fontSize: 36), TextRun(text: " small")] }
        let mixed = TextMeasure.size(of: "Big small", style: runs, fontSize: 12)
        #expect(mixed.x > plain.x + 10 && mixed.y > 2 * plain.y)
        // Runs that no longer spell the text are not drawn.
        #expect(TextMeasure.size(of: "Big smalls", style: runs, fontSize: 12).y < 1.5 * plain.y)

        let mono = "/usr/share/fonts/truetype/dejavu/DejaVuSansMono.ttf"
        #expect(TextMeasure.family("Anything", file: mono) == "DejaVu Sans Mono")
        let fromFile = Self.style { $0.fontFamily = "DejaVu Serif"; $0.fontFile = mono }
        // Monospaced: "iii" and "MMM" are as wide.
        let narrow = TextMeasure.size(of: "iii", style: fromFile, fontSize: 20).x, wide = TextMeasure.size(of: "MMM", style: fromFile, fontSize: 20).x
        #expect(abs(narrow - wide) < 0.01)
        #expect(TextMeasure.size(of: "iii", style: LayerStyle(), fontSize: 20).x < wide / 2)
    }

    @Test func fontMetricsAreTheFontsOwn() throws {
        let metrics = try #require(TextMeasure.metrics(family: "DejaVu Sans", size: 100))
        #expect(metrics.ascender > 70 && metrics.ascender < 100)
        #expect(metrics.descender < -15 && metrics.descender > -30)
        #expect(metrics.capHeight > 65 && metrics.capHeight < metrics.ascender)
        #expect(metrics.xHeight > 45 && metrics.xHeight < metrics.capHeight)
        #expect(metrics.lineHeight >= metrics.ascender - metrics.descender - 0.01)
    }

    /// The lines sit at the top, middle or bottom of the box: the ink moves.
    @Test func verticalAlignmentPlacesTheLines() throws {
        func inkRows(_ alignment: VerticalTextAlignment) throws -> ClosedRange<Int> {
            var layer = Layer(id: "t", shape: .text)
            layer.values.text = "Top or bottom"
            layer.values.position = Vector2(50, 50)
            layer.values.size = Vector2(100, 100)
            layer.values.fontSize = 14
            layer.style.paragraph.verticalAlignment = alignment
            let scene = Scene(name: "v", canvas: Canvas(size: Vector2(100, 100), background: .white), layers: [layer])
            let image = try TreeRenderer(canvas: scene.canvas).image(of: SceneEvaluation(scene: scene, horizon: 0).presentation(at: 0))
            let rows = (0..<100).filter { y in (0..<100).contains { x in image[x, y].red < 128 } }
            return try #require(rows.first)...(try #require(rows.last))
        }
        let top = try inkRows(.top), middle = try inkRows(.center), bottom = try inkRows(.bottom)
        #expect(top.lowerBound < 8 && bottom.upperBound > 92)
        #expect(top.upperBound < middle.lowerBound && middle.upperBound < bottom.lowerBound)
    }
}
