import Foundation
import Testing
import ZoetropeRender

/// Effects and geometry that must never make a frame wrong: backdrop blurs of opaque content stay
/// opaque, reused shadow sprites give the same bytes in any order, degenerate transforms draw nothing.
@Suite struct EffectRenderingTests {
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

    /// Shadows and blurs are drawn once into sprites and reused while a layer moves or fades:
    /// a frame's bytes still never depend on the frames drawn before it.
    @Test func reusedShadowsAndBlursGiveTheSameBytesAloneAsInSequence() throws {
        let folder = try TemporaryFolder()
        let scene = try folder.write("card.yaml", """
            version: 1
            canvas: { size: [160, 200], background: "#F2F2F7" }
            render: { fps: 20, duration: 1 }
            layers:
              - { id: card, shape: rect, position: [80, 50], size: [100, 60], cornerRadius: 10, fill: "#FFFFFF", shadow: { color: "#000000", offset: [0, 4], radius: 8, opacity: 0.3 } }
              - { id: dot, shape: ellipse, position: [40, 150], size: [30, 30], fill: "#E4572E", blur: 3 }
            animators:
              - { id: move, duration: 1, timing: { spring: { dampingRatio: 0.6 } }, animations: [ { set: { card.position: [80, 140], card.opacity: 0.5, dot.position: [120, 150] } } ] }
            script: [ { at: 0, start: move } ]
            """)
        func render(_ name: String, _ extra: [String]) throws {
            let result = try CommandRunner.run(["render", scene, "--out", folder.path(name), "--progress", "none"] + extra)
            #expect(result.status == 0, "\(result.stderr)")
        }
        try render("all", ["--jobs", "1"])
        try render("some", ["--frames", "13,7,12", "--jobs", "1"])
        try render("parallel", ["--jobs", "2"])
        for frame in ["frame_00007.png", "frame_00012.png", "frame_00013.png"] {
            let whole = try Data(contentsOf: URL(fileURLWithPath: folder.path("all/" + frame)))
            #expect(whole == (try Data(contentsOf: URL(fileURLWithPath: folder.path("some/" + frame)))), "\(frame) alone")
            #expect(whole == (try Data(contentsOf: URL(fileURLWithPath: folder.path("parallel/" + frame)))), "\(frame) with two jobs")
        }
        let moved = try RasterImage(pngFile: folder.path("all/frame_00020.png"))
        #expect(moved[80, 175] != RasterImage.Pixel(red: 0xF2, green: 0xF2, blue: 0xF7), "the shadow came along below the moved card")
    }

    /// A layer whose transform cannot be inverted (a "pop in" from scale 0) or would overflow
    /// draws nothing, as Core Animation shows nothing; it never stops the render (exit 70).
    @Test func degenerateTransformsDrawNothingAndNeverFailTheRender() throws {
        let folder = try TemporaryFolder()
        let scene = try folder.write("pop.yaml", """
            version: 1
            canvas: { size: [100, 100], background: "#FFFFFF" }
            render: { fps: 10, duration: 1 }
            layers:
              - { id: dot, shape: ellipse, position: [50, 50], size: [40, 40], fill: "#E4572E", scale: [0, 0], shadow: { color: "#000000", radius: 4, opacity: 0.5 } }
              - { id: huge, shape: rect, position: [50, 50], size: [10, 10], fill: "#000000", scale: [1e300, 1e300] }
              - { id: flat, shape: rect, position: [50, 50], size: [0, 10], fill: "#000000", blur: 2 }
            animators:
              - { id: pop, duration: 1, timing: { spring: { dampingRatio: 0.5 } }, animations: [ { set: { dot.scale: [1, 1] } } ] }
            script: [ { at: 0, start: pop } ]
            """)
        let result = try CommandRunner.run(["render", scene, "--out", folder.path("out"), "--progress", "none"])
        #expect(result.status == 0, "\(result.stderr)")
        let first = try RasterImage(pngFile: folder.path("out/frame_00000.png"))
        #expect(first.pixels.allSatisfy { $0 == RasterImage.Pixel(red: 255, green: 255, blue: 255) }, "scale 0 and an overflowing scale show nothing")
        let grown = try RasterImage(pngFile: folder.path("out/frame_00010.png"))
        #expect(grown[50, 50] == RasterImage.Pixel(red: 0xE4, green: 0x57, blue: 0x2E))
    }
}
