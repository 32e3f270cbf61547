import Foundation
import Testing
import ZoetropeCore
import ZoetropeFormat
import ZoetropeRender

/// A text frame is the same in a fresh `zoetrope` process, where it is the first text drawn, as
/// in a process that measured, outlined and drew other fonts and sizes before (issue #47: Cairo's
/// toy fonts kept the options of their first use, so it was not).
@Suite struct TextProcessHistoryTests {
    static let scene = """
        version: 1
        canvas: { size: [320, 160], background: "#FFFFFF" }
        render: { fps: 1, duration: 1 }
        layers:
          - { id: title, shape: text, text: "AVA Toffee fi", position: [160, 30], size: [300, 40], font: { size: 28, weight: bold }, color: "#1C1C1E" }
          - { id: body, shape: text, text: "Quick wafting zephyrs vex bold Jim.", position: [160, 75], size: [300, 24], font: { family: DejaVu Serif, size: 13.3 }, alignment: left }
          - { id: arabic, shape: text, text: "مرحبا بالعالم", position: [160, 110], size: [300, 24], font: { size: 18 }, alignment: right }
          - { id: tilted, shape: text, text: "Tilted", position: [160, 140], size: [200, 24], font: { size: 15 }, rotation: 0.3 }
        """

    @Test func aTextFrameFromAFreshProcessIsTheFrameDrawnAfterOtherText() throws {
        let folder = try TemporaryFolder()
        let file = try folder.write("text.yaml", Self.scene)

        // This process sets other text first: widths, glyph runs and outlines in other fonts.
        for family in ["DejaVu Sans Mono", "DejaVu Serif", "DejaVu Sans"] {
            for size in [3.0, 11.0, 64.5, 2000.0] {
                var style = LayerStyle()
                style.fontFamily = family
                style.fontWeight = size > 10 ? .bold : .regular
                _ = TextMeasure.size(of: "Hinting AV To", style: style, fontSize: size)
                _ = TextOutline.glyphRun("Wa", family: family, italic: true, size: size)
            }
        }
        let loaded = try SceneLoader.load(file)
        let tree = try loaded.evaluate().evaluation.presentation(at: 0)
        let here = try RasterImage(drawing: tree)

        let render = try CommandRunner.run(["render", file, "--frames", "0", "--out", folder.path("out"), "--progress", "none"])
        #expect(render.status == 0, "\(render.stderr)")
        let fresh = try RasterImage(pngFile: folder.path("out") + "/frame_00000.png")
        #expect(fresh == here, "the frame rendered in a fresh process differs from the one drawn here after other text")
    }
}
