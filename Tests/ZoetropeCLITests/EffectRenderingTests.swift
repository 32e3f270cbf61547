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

    /// A card with contents and a shadow, moving and fading: its shadow is made once from the
    /// whole card (a sprite of the subtree), its contents are drawn crisp in place, and a frame
    /// alone is the same bytes as in sequence.
    @Test func aCardsShadowIsMadeOnceWithItsContentsAndGivesTheSameBytesAlone() throws {
        let folder = try TemporaryFolder()
        let scene = try folder.write("card.yaml", """
            version: 1
            canvas: { size: [200, 200], background: "#F2F2F7" }
            render: { fps: 20, duration: 1 }
            layers:
              - id: card
                shape: rect
                position: [70, 60]
                size: [100, 80]
                cornerRadius: 10
                fill: "#FFFFFF"
                shadow: { color: "#000000", offset: [0, 6], radius: 8, opacity: 0.4 }
                children:
                  - { id: badge, shape: rect, position: [50, 40], size: [40, 20], fill: "#2E7D32" }
                  - { id: tab, shape: rect, position: [50, 90], size: [20, 20], fill: "#E4572E" }
            animators:
              - { id: move, duration: 1, animations: [ { set: { card.position: [110.5, 120.25], card.opacity: 0.8 } } ] }
            script: [ { at: 0, start: move } ]
            """)
        for (name, extra) in [("all", ["--jobs", "1"]), ("some", ["--frames", "9,3", "--jobs", "1"])] {
            let result = try CommandRunner.run(["render", scene, "--out", folder.path(name), "--progress", "none"] + extra)
            #expect(result.status == 0, "\(result.stderr)")
        }
        for frame in ["frame_00003.png", "frame_00009.png"] {
            #expect(try Data(contentsOf: URL(fileURLWithPath: folder.path("all/" + frame)))
                == (try Data(contentsOf: URL(fileURLWithPath: folder.path("some/" + frame)))), "\(frame) alone")
        }
        let first = try RasterImage(pngFile: folder.path("all/frame_00000.png"))
        #expect(first[70, 60] == RasterImage.Pixel(red: 0x2E, green: 0x7D, blue: 0x32), "the contents are drawn crisp")
        let below = first[30, 104], background = RasterImage.Pixel(red: 0xF2, green: 0xF2, blue: 0xF7)
        #expect(below.red < background.red - 20, "the shadow lies below the card (\(below))")
        let tabShadow = first[70, 124]
        #expect(tabShadow.red < background.red - 20, "the tab that sticks out casts its shadow too (\(tabShadow))")
    }

    /// `rasterize: true` (CALayer.shouldRasterize): a turning card is drawn from its backing
    /// store, near the vectors (resampled at the edges), the same bytes alone as in sequence; a
    /// coarser `rasterizationScale` shows; a store larger than a sprite may be is not made, and
    /// the layer is drawn directly.
    @Test func aRasterizedLayerIsCompositedFromItsBackingStore() throws {
        let folder = try TemporaryFolder()
        func scene(_ name: String, _ settings: String, size: String = "[100, 80]") throws -> String {
            try folder.write(name + ".yaml", """
                version: 1
                canvas: { size: [200, 200], background: "#F2F2F7" }
                render: { fps: 10, duration: 1 }
                layers:
                  - id: card
                    shape: rect
                    position: [100, 100]
                    size: \(size)
                    cornerRadius: 10
                    fill: "#FFFFFF"
                    shadow: { color: "#000000", offset: [0, 4], radius: 6, opacity: 0.4 }
                    \(settings)
                    children:
                      - { id: badge, shape: ellipse, position: [30, 40], size: [30, 30], fill: "#2E7D32" }
                animators:
                  - { id: turn, duration: 1, animations: [ { set: { card.rotation: 0.6, card.position: [105.3, 98.7] } } ] }
                script: [ { at: 0, start: turn } ]
                """)
        }
        func render(_ file: String, _ name: String, _ extra: [String] = []) throws -> RasterImage {
            let result = try CommandRunner.run(["render", file, "--out", folder.path(name), "--progress", "none", "--jobs", "1"] + extra)
            #expect(result.status == 0, "\(result.stderr)")
            return try RasterImage(pngFile: folder.path(name + "/frame_00007.png"))
        }
        func differing(_ a: RasterImage, _ b: RasterImage, by threshold: Int) -> Int {
            zip(a.pixels, b.pixels).filter { max(abs(Int($0.red) - Int($1.red)), abs(Int($0.green) - Int($1.green)), abs(Int($0.blue) - Int($1.blue))) > threshold }.count
        }
        let vectors = try render(try scene("vectors", ""), "vectors")
        let rasterized = try scene("rasterized", "rasterize: true")
        let stored = try render(rasterized, "stored")
        let alone = try render(rasterized, "alone", ["--frames", "7"])
        #expect(stored.pixels == alone.pixels, "a frame alone draws its store anew: the same pixels")
        #expect(stored.pixels != vectors.pixels, "resampled, not drawn again")
        #expect(differing(stored, vectors, by: 48) < 40, "near the vectors: \(differing(stored, vectors, by: 48)) pixels differ by more than 48")
        let coarseScene = try scene("coarse", "rasterize: true\n    rasterizationScale: 0.25")
        let coarse = try render(coarseScene, "coarse")
        #expect(coarse.pixels == (try render(coarseScene, "coarse-alone", ["--frames", "7"])).pixels,
                "drawn after the frame before (only what changed) as drawn whole, though a coarse store spreads its edges")
        #expect(differing(coarse, vectors, by: 48) > 4 * max(differing(stored, vectors, by: 48), 10), "a quarter of the pixels shows")
        let huge = try render(try scene("huge", "rasterize: true\n    rasterizationScale: 16", size: "[300, 240]"), "huge", ["--frames", "7"])
        let hugeVectors = try render(try scene("huge-vectors", "", size: "[300, 240]"), "huge-vectors", ["--frames", "7"])
        #expect(huge.pixels == hugeVectors.pixels, "a store of 4800 × 3840 pixels is not made on a frame of 200 × 200: drawn directly")
        let refused = try CommandRunner.run(["validate", try scene("zero", "rasterizationScale: 0")])
        #expect(refused.status == 65 && refused.stderr.contains("layers[card].rasterizationScale: must be within 0 < scale <= 16 (found 0)"), "\(refused.stderr)")
    }

    /// A fading group is composited from a surface no larger than what it holds reaches (a
    /// path's points, its children's), and draws what it draws unfaded: at opacity 0.95 against
    /// 1, no pixel differs by more than the fade's share of the colours.
    @Test func aFadingGroupDrawsWhatItDrawsUnfaded() throws {
        let folder = try TemporaryFolder()
        let scene = try folder.write("button.yaml", """
            version: 1
            canvas: { size: [240, 120], background: "#F4F1EA" }
            render: { fps: 10, duration: 1 }
            layers:
              - id: button
                shape: path
                path: "M 26 0 L 174 0 A 26 26 0 0 1 174 52 L 26 52 A 26 26 0 0 1 26 0 Z"
                position: [120.3, 60.6]
                size: [200, 52]
                fill: "#1F2430"
                opacity: 0.5
                children:
                  - { id: label, shape: text, text: "Get started", position: [100, 26], size: [200, 24], font: { size: 17, weight: bold }, color: "#F4F1EA" }
            animators:
              - { id: show, duration: 1, animations: [ { set: { button.opacity: 1 } } ] }
            script: [ { at: 0, start: show } ]
            """)
        let result = try CommandRunner.run(["render", scene, "--out", folder.path("out"), "--frames", "9,10", "--progress", "none"])
        #expect(result.status == 0, "\(result.stderr)")
        let fading = try RasterImage(pngFile: folder.path("out/frame_00009.png")), shown = try RasterImage(pngFile: folder.path("out/frame_00010.png"))
        let largest = zip(fading.pixels, shown.pixels).map { max(abs(Int($0.red) - Int($1.red)), abs(Int($0.green) - Int($1.green)), abs(Int($0.blue) - Int($1.blue))) }.max() ?? 0
        #expect(largest <= 12, "opacity 0.95 against 1 differs by at most a few levels everywhere (found \(largest))")
    }

    /// `destinationIn` keeps what lies beneath only where the layer is: everywhere else in its
    /// group is cleared, however small the layer (its composite is never confined to its box).
    @Test func destinationInClearsTheGroupOutsideTheLayer() throws {
        let folder = try TemporaryFolder()
        let scene = try folder.write("porthole.yaml", """
            version: 1
            canvas: { size: [120, 120], background: "#FFFFFF" }
            render: { fps: 1, duration: auto }
            layers:
              - id: panel
                shape: group
                position: [60, 60]
                size: [100, 100]
                opacity: 0.9
                children:
                  - { id: red, shape: rect, position: [50, 50], size: [100, 100], fill: "#FF0000" }
                  - { id: hole, shape: path, path: "M 0 20 A 20 20 0 1 1 40 20 A 20 20 0 1 1 0 20 Z", position: [50, 50], size: [40, 40], fill: "#000000", blendMode: destinationIn }
            """)
        let result = try CommandRunner.run(["render", scene, "--out", folder.path("out"), "--progress", "none"])
        #expect(result.status == 0, "\(result.stderr)")
        let image = try RasterImage(pngFile: folder.path("out/frame_00000.png"))
        #expect(image[60, 60].green < 60, "red shows through the hole (\(image[60, 60]))")
        #expect(image[15, 15] == RasterImage.Pixel(red: 255, green: 255, blue: 255), "the panel's corner is cleared (\(image[15, 15]))")
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
