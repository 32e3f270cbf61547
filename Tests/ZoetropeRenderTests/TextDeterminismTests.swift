import Foundation
import Testing
@testable import ZoetropeRender
import ZoetropeCore

/// A text frame is a function of the scene alone (SPEC §1, §10; issue #47): whatever text the
/// process measured or drew before, and however many threads draw at once, its bytes are the same.
@Suite struct TextDeterminismTests {
    /// A frame of text: a bold centred title with kerning pairs and a ligature, a left-aligned
    /// line at a fractional size, right-to-left and joined scripts, and a rotated label.
    static func textScene() -> Scene {
        func text(_ id: String, _ string: String, at position: Vector2, size: Vector2, fontSize: Double,
                  bold: Bool = false, alignment: TextAlignment = .center, rotation: Double = 0) -> Layer {
            var layer = Layer(id: id, shape: .text)
            layer.values.text = string
            layer.values.position = position
            layer.values.size = size
            layer.values.fontSize = fontSize
            layer.values.rotation = rotation
            layer.values.color = Color(hex: "#1C1C1E")!
            layer.style.fontWeight = bold ? .bold : .regular
            layer.style.alignment = alignment
            return layer
        }
        return Scene(name: "text", canvas: Canvas(size: Vector2(320, 200), background: .white), layers: [
            text("title", "AVA Toffee fi", at: Vector2(160, 30), size: Vector2(300, 40), fontSize: 28, bold: true),
            text("body", "Quick wafting zephyrs vex bold Jim.", at: Vector2(160, 80), size: Vector2(300, 24),
                 fontSize: 13.3, alignment: .left),
            text("rtl", "שלום עולם, hello", at: Vector2(160, 115), size: Vector2(300, 24), fontSize: 16, alignment: .right),
            text("arabic", "مرحبا بالعالم", at: Vector2(160, 145), size: Vector2(300, 24), fontSize: 18),
            text("tilted", "Tilted 17°", at: Vector2(160, 180), size: Vector2(200, 24), fontSize: 15, rotation: 0.3),
            paragraph(),
        ])
    }

    /// Two runs (an italic serif from a font file's family, a coloured bold one) wrapped over
    /// two lines and cut with an ellipsis, spaced out.
    static func paragraph() -> Layer {
        var layer = Layer(id: "paragraph", shape: .text)
        layer.style.runs = [TextRun(text: "Set from a file, ", fontFamily: "DejaVu Serif", fontItalic: true),
                            TextRun(text: "then bold and red, on and on until it is cut", fontWeight: .bold,
                                    color: Color(hex: "#D0021B")!, letterSpacing: 0.5)]
        layer.values.text = layer.style.runs.map(\.text).joined()
        layer.values.position = Vector2(240, 60)
        layer.values.size = Vector2(150, 60)
        layer.values.fontSize = 12
        layer.values.opacity = 0.8
        layer.style.fontFile = "/usr/share/fonts/truetype/dejavu/DejaVuSansMono.ttf"
        layer.style.paragraph.lines = 2
        layer.style.paragraph.truncation = .tail
        layer.style.paragraph.lineHeightMultiple = 1.3
        return layer
    }

    static func png(of scene: Scene) throws -> [UInt8] {
        let renderer = try TreeRenderer(canvas: scene.canvas)
        return try renderer.png(of: SceneEvaluation(scene: scene, horizon: 0).presentation(at: 0))
    }

    @Test func aTextFrameIsTheSameBytesWhateverWasDrawnBeforeAndOnEightThreads() async throws {
        let scene = Self.textScene()
        let first = try Self.png(of: scene)

        // Other fonts, sizes, weights and slants measured, outlined and drawn in between.
        for (family, size) in [("DejaVu Serif", 9.0), ("DejaVu Sans Mono", 41.5), ("DejaVu Sans", 3.0), ("sans-serif", 200.0)] {
            for bold in [false, true] {
                var style = LayerStyle()
                style.fontFamily = family
                style.fontWeight = bold ? .bold : .light
                _ = TextMeasure.size(of: "Hinting, kerning: AV To", style: style, fontSize: size)
                _ = TextOutline.glyphRun("Wa", family: family, weight: bold ? .bold : .regular, italic: !bold, size: size)
                style.paragraph.lines = 0
                style.paragraph.lineHeightMultiple = 1.5
                _ = CairoContext.textOutline("outline of a paragraph in a box", style: style, size: size, width: 100, height: 20)
                _ = TextMeasure.metrics(family: family, weight: .semibold, italic: bold, size: size,
                                        file: bold ? "/usr/share/fonts/truetype/dejavu/DejaVuSerif-Italic.ttf" : nil)
            }
            let other = Scene(name: "other", canvas: Canvas(size: Vector2(200, 160)), layers: (0..<4).map { index in
                var layer = Layer(id: "x\(index)", shape: .text)
                layer.values.text = "Other \(family) \(size)"
                layer.values.position = Vector2(100, 20 + 30 * Double(index))
                layer.values.size = Vector2(180, 30)
                layer.values.fontSize = size / 3 + Double(index)
                layer.style.fontFamily = family
                layer.style.fontWeight = index % 2 == 0 ? .regular : .bold
                return layer
            })
            _ = try Self.png(of: other)
        }
        let later = try Self.png(of: scene)
        #expect(later == first, "the frame drawn after other text differs from the first")

        let parallel = try await withThrowingTaskGroup(of: [UInt8].self) { group in
            for _ in 0..<8 { group.addTask { try Self.png(of: scene) } }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(parallel.count == 8)
        for (index, bytes) in parallel.enumerated() {
            #expect(bytes == first, "the frame drawn on thread \(index) of 8 differs from the first")
        }
    }

    /// The line is shaped: a kerning pair is narrower than its glyphs' advances alone, and a
    /// right-to-left run is measured as one line.
    @Test func linesAreShapedWithKerning() throws {
        func width(_ text: String) -> Double { TextMeasure.size(of: text, style: LayerStyle(), fontSize: 100).x }
        let pair = width("AV"), a = width("A"), v = width("V")
        #expect(pair < a + v - 1, "AV \(pair), A + V \(a + v)")
    }
}
