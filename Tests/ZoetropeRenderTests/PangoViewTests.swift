import Foundation
import Testing
@testable import ZoetropeRender
import ZoetropeCore
import ZoetropeFormat

/// A scene's text is shaped as Pango's own tool shapes it (issue #47): a line of Arabic (joined,
/// right to left) and one of Devanagari (conjuncts, reordered vowel signs) in a scene file
/// place the same glyphs at the same advances as `pango-view` (`pango1.0-tools`, installed by
/// `make deps` with `fonts-lohit-deva`) in the same font, unhinted, at 72 dpi.
@Suite struct PangoViewTests {
    static let scene = """
        canvas: { size: [400, 120] }
        layers:
          - { id: arabic, shape: text, text: "السلام عليكم، مرحبا بالعالم", font: { family: DejaVu Sans, size: 20 }, position: [200, 30], size: [380, 40] }
          - { id: devanagari, shape: text, text: "नमस्ते दुनिया, क्षत्रिय श्री", font: { family: Lohit Devanagari, size: 22 }, position: [200, 85], size: [380, 40] }
        """

    /// The glyphs `pango-view` places for `text` in `family` at `size`: index and advance.
    static func pangoView(_ text: String, family: String, size: Double) throws -> [TextEngine.PlacedGlyph] {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("pango-view-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["pango-view", "--no-display", "--dpi=72", "--font=\(family) \(size)", "--hinting=none",
                             "--hint-metrics=off", "--subpixel-positions", "--language=en", "--text=\(text)",
                             "--serialize-to=\(folder.path)/layout.json", "--output=\(folder.path)/layout.png"]
        try process.run()
        process.waitUntilExit()
        try #require(process.terminationStatus == 0, "pango-view failed: install pango1.0-tools (make deps)")
        let data = try Data(contentsOf: folder.appendingPathComponent("layout.json"))
        let layout = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let output = try #require(layout["output"] as? [String: Any])
        var glyphs: [TextEngine.PlacedGlyph] = []
        for line in output["lines"] as? [[String: Any]] ?? [] {
            for run in line["runs"] as? [[String: Any]] ?? [] {
                for glyph in run["glyphs"] as? [[String: Any]] ?? [] {
                    let index = try #require(glyph["glyph"] as? Int), width = try #require(glyph["width"] as? Int)
                    glyphs.append(TextEngine.PlacedGlyph(glyph: UInt32(index), advance: Double(width) / 1024))
                }
            }
        }
        return glyphs
    }

    @Test(arguments: ["arabic", "devanagari"])
    func aSceneLineHasPangoViewsGlyphsAndAdvances(layer id: String) throws {
        let scene = try SceneLoader.parse(Array(Self.scene.utf8), file: "scenes/scripts.yaml").scene
        let index = try #require(scene.layers.index(of: id))
        let node = scene.layers.nodes[index], values = scene.layers.initialValues[index]
        let block = TextBlock(values.text, style: node.style, size: values.fontSize, width: values.size.x, height: values.size.y)
        let ours = TextEngine.glyphs(block)
        let theirs = try Self.pangoView(values.text, family: node.style.fontFamily, size: values.fontSize)
        #expect(ours.count > 8)
        #expect(ours.map(\.glyph) == theirs.map(\.glyph), "glyph indices differ from pango-view's")
        #expect(ours.count == theirs.count)
        for (a, b) in zip(ours, theirs) {
            #expect(abs(a.advance - b.advance) < 1.0 / 1024 + 1e-9, "glyph \(a.glyph): advance \(a.advance), pango-view \(b.advance)")
        }
        // Joined or conjunct: fewer glyphs than characters, which shaping one character at a
        // time could not give.
        #expect(ours.count < values.text.unicodeScalars.count)
    }
}
