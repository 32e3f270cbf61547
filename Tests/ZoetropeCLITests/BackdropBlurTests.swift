import Foundation
import Testing
import ZoetropeRender

/// A backdrop blur of opaque content stays opaque: beyond the canvas there is nothing to pull in.
@Suite struct BackdropBlurTests {
    @Test func aFullCanvasBackdropBlurOverAnOpaqueBackgroundStaysOpaque() throws {
        let folder = try TemporaryFolder()
        let scene = try folder.write("glass.yaml", """
            version: 1
            canvas: { size: [120, 80], background: "#F3EDE2" }
            render: { fps: 1, duration: auto }
            layers:
              - { id: stripe, shape: rect, position: [60, 40], size: [20, 80], fill: "#E4572E" }
              - { id: glass, shape: rect, position: [60, 40], size: [120, 80], backdropBlur: 10 }
            """)
        let result = try CommandRunner.run(["render", scene, "--out", folder.path("out"), "--progress", "none"])
        #expect(result.status == 0, "\(result.stderr)")
        let image = try RasterImage(pngFile: folder.path("out/frame_00000.png"))
        #expect(image.pixels.allSatisfy { $0.alpha == 255 }, "lowest alpha \(image.pixels.map(\.alpha).min() ?? 0)")
        #expect(image[0, 0] == RasterImage.Pixel(red: 0xF3, green: 0xED, blue: 0xE2), "the corner keeps the background's colour")
        #expect(image[60, 40] != RasterImage.Pixel(red: 0xE4, green: 0x57, blue: 0x2E), "the stripe is blurred")
    }
}
