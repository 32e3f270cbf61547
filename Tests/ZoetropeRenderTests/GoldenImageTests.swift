import Foundation
import Testing
import ZoetropeCore
@testable import ZoetropeRender

/// Golden images: small PNGs beside this file (`Goldens/<name>.png`), compared pixel by pixel.
///
/// Record them anew with `ZOETROPE_RECORD_GOLDENS=1 swift test --filter GoldenImageTests` (the
/// run then fails, listing what it wrote, so a record is never mistaken for a pass). A mismatch
/// writes `<name>-expected.png`, `-actual.png` and `-diff.png` (differences red over a faded
/// original) to `.build/golden-failures/` and names them.
enum Golden {
    /// Per-channel difference tolerated: 2 of 255, for antialiasing that may differ in the last
    /// bit between Cairo builds; every other pixel must match.
    static let channelTolerance = 2
    /// Pixels allowed to differ by more than that: none.
    static let maximumDifferingPixels = 0

    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Goldens")
    static let failures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent(".build/golden-failures")
    static var recording: Bool { ProcessInfo.processInfo.environment["ZOETROPE_RECORD_GOLDENS"] == "1" }

    static func check(_ image: RasterImage, named name: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let path = folder.appendingPathComponent(name + ".png")
        if recording {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try Data(image.pngData()).write(to: path)
            Issue.record("recorded \(path.path); run again without ZOETROPE_RECORD_GOLDENS to compare", sourceLocation: sourceLocation)
            return
        }
        guard FileManager.default.fileExists(atPath: path.path) else {
            Issue.record("no golden \(path.path): record it with ZOETROPE_RECORD_GOLDENS=1", sourceLocation: sourceLocation)
            return
        }
        if let mismatch = try compare(image, named: name) { Issue.record(Comment(rawValue: mismatch), sourceLocation: sourceLocation) }
    }

    /// What differs between `image` and the golden `name` (which must exist), or nil when they
    /// match within the tolerance; a mismatch writes the expected, actual and difference images.
    static func compare(_ image: RasterImage, named name: String) throws -> String? {
        let expected = try RasterImage(pngFile: folder.appendingPathComponent(name + ".png").path)
        guard expected.width == image.width, expected.height == image.height else {
            return "\(name): size \(image.width)×\(image.height), golden \(expected.width)×\(expected.height)"
        }
        var diff = expected.pixels.map { p in RasterImage.Pixel(red: 255 - (255 - p.red) / 4, green: 255 - (255 - p.green) / 4, blue: 255 - (255 - p.blue) / 4) }
        var differing = 0
        for index in image.pixels.indices {
            let a = image.pixels[index], b = expected.pixels[index]
            let distance = [abs(Int(a.red) - Int(b.red)), abs(Int(a.green) - Int(b.green)), abs(Int(a.blue) - Int(b.blue)),
                            abs(Int(a.alpha) - Int(b.alpha))].max() ?? 0
            if distance > channelTolerance {
                differing += 1
                diff[index] = RasterImage.Pixel(red: 255, green: 0, blue: 0)
            }
        }
        guard differing > maximumDifferingPixels else { return nil }
        try FileManager.default.createDirectory(at: failures, withIntermediateDirectories: true)
        for (suffix, picture) in [("expected", expected), ("actual", image),
                                  ("diff", RasterImage(width: image.width, height: image.height, pixels: diff))] {
            try Data(picture.pngData()).write(to: failures.appendingPathComponent("\(name)-\(suffix).png"))
        }
        return "\(name): \(differing) pixels differ by more than \(channelTolerance); see \(failures.path)/\(name)-{expected,actual,diff}.png"
    }
}

/// A 120 × 80 white canvas with `layers`, drawn at time 0 (or `scale`).
private func picture(_ layers: [Layer], scale: Double = 1) throws -> RasterImage {
    let scene = Scene(name: "golden", canvas: Canvas(size: Vector2(120, 80), background: .white), layers: layers)
    let drawer = try FrameDrawer(width: Int(120 * scale), height: Int(80 * scale))
    try drawer.draw(SceneEvaluation(scene: scene, horizon: 0).presentation(at: 0), scale: scale)
    return RasterImage(surface: try #require(drawer.image))
}

private func layer(_ id: String, _ shape: Shape, at position: Vector2, size: Vector2, fill: String?,
                   configure: (inout Layer) throws -> Void = { _ in }) rethrows -> Layer {
    var layer = Layer(id: id, shape: shape)
    layer.values.position = position
    layer.values.size = size
    if let fill { layer.values.fill = Color(hex: fill) ?? .clear }
    try configure(&layer)
    return layer
}

@Suite struct GoldenImageTests {
    /// Every golden this suite owns; a file in Goldens/ that is not listed is an orphan.
    static let names = ["shapes", "path-stroke", "gradients", "shadow", "blur", "backdrop", "blend", "group-opacity",
                        "clip", "text", "scale-2x"]

    static func shapes() throws -> RasterImage {
        try picture([
            layer("r", .rect, at: Vector2(30, 40), size: Vector2(40, 50), fill: "#5E81AC") { $0.values.cornerRadius = 10 },
            layer("e", .ellipse, at: Vector2(85, 40), size: Vector2(50, 36), fill: "#A3BE8C") {
                $0.values.strokeWidth = 3
                $0.values.strokeColor = Color(hex: "#2E3440") ?? .black
                $0.style.strokeDash = [6, 3]
                $0.values.rotation = .pi / 8
            },
        ])
    }

    @Test func shapesRenderAsRecorded() throws { try Golden.check(Self.shapes(), named: "shapes") }

    @Test func partialPathStrokesRenderAsRecorded() throws {
        try Golden.check(picture([
            layer("p", .path, at: Vector2(60, 40), size: Vector2(100, 60), fill: nil) {
                $0.values.path = try SVGPath(parsing: "M 5 55 C 25 -20 75 80 95 5")
                $0.values.strokeWidth = 6
                $0.values.strokeColor = Color(hex: "#B48EAD") ?? .black
                $0.style.strokeCap = .round
                $0.values.strokeStart = 0.15
                $0.values.strokeEnd = 0.8
            },
        ]), named: "path-stroke")
    }

    @Test func gradientsRenderAsRecorded() throws {
        try Golden.check(picture([
            layer("l", .rect, at: Vector2(32, 40), size: Vector2(56, 60), fill: nil) {
                $0.values.gradient = Gradient(kind: .linear(from: Vector2(0, 0), to: Vector2(1, 1)),
                                             stops: [.init(offset: 0, color: Color(hex: "#BF616A") ?? .black), .init(offset: 1, color: Color(hex: "#EBCB8B") ?? .black)])
            },
            layer("r", .ellipse, at: Vector2(90, 40), size: Vector2(56, 56), fill: nil) {
                $0.values.gradient = Gradient(kind: .radial(center: Vector2(0.35, 0.35), radius: 0.6),
                                             stops: [.init(offset: 0, color: .white), .init(offset: 1, color: Color(hex: "#5E81AC") ?? .black)])
            },
        ]), named: "gradients")
    }

    @Test func shadowsRenderAsRecorded() throws {
        try Golden.check(picture([
            layer("c", .rect, at: Vector2(60, 34), size: Vector2(60, 36), fill: "#FFFFFF") {
                $0.values.cornerRadius = 8
                $0.values.shadowOpacity = 0.5
                $0.values.shadowRadius = 10
                $0.values.shadowOffset = Vector2(0, 8)
            },
        ]), named: "shadow")
    }

    @Test func blurRendersAsRecorded() throws {
        try Golden.check(picture([
            layer("b", .ellipse, at: Vector2(60, 40), size: Vector2(40, 40), fill: "#D08770") { $0.values.blur = 5 },
        ]), named: "blur")
    }

    @Test func backdropBlurRendersAsRecorded() throws {
        let stripes = try (0..<12).map { i in try layer("s\(i)", .rect, at: Vector2(Double(i) * 10 + 5, 40), size: Vector2(5, 80), fill: "#2E3440") }
        try Golden.check(picture(stripes + [
            layer("g", .rect, at: Vector2(60, 40), size: Vector2(70, 40), fill: "#FFFFFF66") {
                $0.values.cornerRadius = 10
                $0.values.backdropBlur = 4
            },
        ]), named: "backdrop")
    }

    @Test func blendModesRenderAsRecorded() throws {
        try Golden.check(picture([
            layer("base", .rect, at: Vector2(60, 40), size: Vector2(100, 60), fill: "#EBCB8B"),
            layer("m", .ellipse, at: Vector2(45, 40), size: Vector2(50, 50), fill: "#88C0D0") { $0.style.blendMode = .multiply },
            layer("s", .ellipse, at: Vector2(75, 40), size: Vector2(50, 50), fill: "#BF616A") { $0.style.blendMode = .screen },
        ]), named: "blend")
    }

    @Test func groupOpacityRendersAsRecorded() throws {
        try Golden.check(picture([
            layer("g", .group, at: Vector2(60, 40), size: Vector2(80, 60), fill: nil) {
                $0.values.opacity = 0.5
                $0.children = [try layer("a", .ellipse, at: Vector2(30, 30), size: Vector2(50, 50), fill: "#2E3440"),
                               try layer("b", .ellipse, at: Vector2(50, 30), size: Vector2(50, 50), fill: "#2E3440")]
            },
        ]), named: "group-opacity")
    }

    @Test func clippingRendersAsRecorded() throws {
        try Golden.check(picture([
            layer("w", .rect, at: Vector2(60, 40), size: Vector2(80, 56), fill: "#D8DEE9") {
                $0.values.cornerRadius = 18
                $0.style.clips = true
                $0.children = [layer("bar", .rect, at: Vector2(40, 28), size: Vector2(120, 18), fill: "#81A1C1") { $0.values.rotation = .pi / 9 }]
            },
        ]), named: "clip")
    }

    @Test func textRendersAsRecorded() throws {
        try Golden.check(picture([
            layer("t", .text, at: Vector2(60, 25), size: Vector2(110, 24), fill: "#D8DEE9") {
                $0.values.text = "Zoetrope"
                $0.values.fontSize = 18
                $0.style.fontWeight = .bold
            },
            layer("u", .text, at: Vector2(60, 58), size: Vector2(110, 24), fill: nil) {
                $0.values.text = "left"
                $0.values.fontSize = 14
                $0.style.alignment = .left
            },
        ]), named: "text")
    }

    @Test func twiceTheScaleKeepsTheGeometry() throws {
        try Golden.check(picture([try Self.shapesLayers()].flatMap { $0 }, scale: 2), named: "scale-2x")
    }

    private static func shapesLayers() throws -> [Layer] {
        [layer("r", .rect, at: Vector2(30, 40), size: Vector2(40, 50), fill: "#5E81AC") { $0.values.cornerRadius = 10 },
         layer("e", .ellipse, at: Vector2(85, 40), size: Vector2(50, 36), fill: "#A3BE8C") { $0.values.rotation = .pi / 8 }]
    }

    @Test func everyGoldenBelongsToATest() throws {
        let files = (try? FileManager.default.contentsOfDirectory(atPath: Golden.folder.path)) ?? []
        let orphans = files.filter { $0.hasSuffix(".png") && !Self.names.contains(String($0.dropLast(4))) }
        #expect(orphans.isEmpty, "golden images no test uses: \(orphans)")
        let missing = Self.names.filter { !files.contains($0 + ".png") }
        #expect(missing.isEmpty, "tests without a golden: \(missing)")
    }

    /// The comparison itself, not through `check` (whose recorded issue a known-issue block
    /// would accept whatever it said: a missing golden, a wrong size): the golden matches its
    /// own picture, and one changed pixel is one pixel of difference, written out fresh.
    @Test func aOnePixelChangeFailsAndWritesTheDifference() throws {
        let shapes = try Self.shapes()
        #expect(try Golden.compare(shapes, named: "shapes") == nil, "the picture matches its golden")
        var pixels = shapes.pixels
        pixels[40 * 120 + 30] = RasterImage.Pixel(red: 255, green: 0, blue: 255)
        let changed = RasterImage(width: shapes.width, height: shapes.height, pixels: pixels)
        let diff = Golden.failures.appendingPathComponent("shapes-diff.png")
        try? FileManager.default.removeItem(at: diff)  // A stale one from an earlier run may be absent: either is fine.
        let mismatch = try #require(try Golden.compare(changed, named: "shapes"), "a deliberately changed pixel must not match the golden")
        #expect(mismatch.hasPrefix("shapes: 1 pixels differ by more than 2"), "\(mismatch)")
        let written = try RasterImage(pngFile: diff.path)
        #expect(written.pixels[40 * 120 + 30] == RasterImage.Pixel(red: 255, green: 0, blue: 0), "the changed pixel is red in the difference")
        #expect(written.pixels.filter { $0 == RasterImage.Pixel(red: 255, green: 0, blue: 0) }.count == 1)
    }
}
