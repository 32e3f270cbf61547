import Foundation
import Testing
import ZoetropeCore
@testable import ZoetropeRender

/// Draws `layers` on a white 100 × 100 canvas and returns the pixels.
private func draw(_ layers: [Layer]) throws -> RasterImage {
    let scene = Scene(name: "skew", canvas: Canvas(size: Vector2(100, 100), background: .white), layers: layers)
    let tree = SceneEvaluation(scene: scene, horizon: 0).presentation(at: 0)
    let drawer = try FrameDrawer(width: 100, height: 100)
    try drawer.draw(tree, scale: 1)
    return RasterImage(surface: try #require(drawer.image))
}

private let red = RasterImage.Pixel(red: 255, green: 0, blue: 0)
private let white = RasterImage.Pixel(red: 255, green: 255, blue: 255)

@Suite struct SkewAndFocusTests {
    /// A 40 × 40 square at (50, 50), anchored at its centre, skewed 45° along x: After Effects
    /// (and ThorVG) lean its bottom edge towards −x, x' = x − tan(45°)·y about the anchor.
    @Test func aSkewShearsTheLayerAboutItsAnchorAsAfterEffectsDoes() throws {
        var square = Layer(id: "square", shape: .rect)
        square.values.position = Vector2(50, 50)
        square.values.size = Vector2(40, 40)
        square.values.fill = Color(red: 1, green: 0, blue: 0)
        square.values.skew = .pi / 4
        let image = try draw([square])
        // The bottom row (y = 68) runs from x = 12 to 52, the top row (y = 32) from 48 to 88.
        #expect(image[15, 68] == red && image[55, 68] == white)
        #expect(image[85, 32] == red && image[45, 32] == white)
        #expect(image[50, 50] == red)
        // An axis of 90° shears along y instead: the right edge drops, the left rises.
        square.values.skewAxis = .pi / 2
        let turned = try draw([square])
        #expect(turned[68, 85] == red && turned[68, 45] == white)
        #expect(turned[32, 15] == red && turned[32, 55] == white)
        // A quarter turn flattens it to nothing.
        square.values.skew = .pi / 2
        #expect(try draw([square])[50, 50] == white)
    }

    /// A radial gradient from black at the focus to white at the circle: the darkest pixel is
    /// at the focus, not the centre.
    @Test func aRadialGradientsFocusIsWhereOffsetZeroLies() throws {
        var disc = Layer(id: "disc", shape: .rect)
        disc.values.position = Vector2(50, 50)
        disc.values.size = Vector2(100, 100)
        let stops = [Gradient.Stop(offset: 0, color: Color(red: 0, green: 0, blue: 0)), Gradient.Stop(offset: 1, color: .white)]
        disc.values.gradient = Gradient(kind: .radial(center: Vector2(0.5, 0.5), radius: 0.5), stops: stops, focus: Vector2(0.75, 0.5))
        let image = try draw([disc])
        #expect(image[75, 50].red < 10, "\(image[75, 50])")
        #expect(image[50, 50].red > 60, "\(image[50, 50])")
        disc.values.gradient?.focus = nil
        #expect(try draw([disc])[50, 50].red < 10)
    }
}
