import Foundation
import Testing
import ZoetropeCore
@testable import ZoetropeRender

/// Layers in 3-D (SPEC §10): flattened into their parent's plane and drawn through the
/// projective map, as Core Animation draws them.
@Suite struct DepthRenderingTests {
    private let red = RasterImage.Pixel(red: 255, green: 0, blue: 0)
    private let white = RasterImage.Pixel(red: 255, green: 255, blue: 255)

    /// Draws `layers` on a white canvas.
    private func draw(_ layers: [Layer], size: Vector2 = Vector2(200, 200)) throws -> RasterImage {
        let scene = Scene(name: "depth", canvas: Canvas(size: size, background: .white), layers: layers)
        return try RasterImage(drawing: SceneEvaluation(scene: scene, horizon: 0).presentation(at: 0))
    }

    /// A red square of `side` points at `position` (its centre).
    private func square(_ id: String, at position: Vector2, side: Double = 100) -> Layer {
        var layer = Layer(id: id, shape: .rect)
        layer.values.position = position
        layer.values.size = Vector2(side, side)
        layer.values.fill = .init(red: 1, green: 0, blue: 0)
        return layer
    }

    /// A group filling the canvas whose children are seen from `distance` points away.
    private func stage(_ children: [Layer], distance: Double, size: Vector2 = Vector2(200, 200)) -> Layer {
        var group = Layer(id: "stage", shape: .group, children: children)
        group.values.position = Vector2(size.x / 2, size.y / 2)
        group.values.size = size
        group.values.sublayerPerspective = -1 / distance
        return group
    }

    /// The red rows in column `x`.
    private func redHeight(_ image: RasterImage, x: Int) -> Int {
        (0..<image.height).filter { image[x, $0].green < 128 }.count
    }

    @Test func theNearEdgeOfASquareTurnedInPerspectiveIsTallerThanItsFarEdge() throws {
        var card = square("card", at: Vector2(100, 100))
        card.values.rotationY = 0.7   // the right edge turned away, the left edge nearer
        let image = try draw([stage([card], distance: 250)])
        let columns = (0..<image.width).filter { redHeight(image, x: $0) > 0 }
        let left = try #require(columns.first), right = try #require(columns.last)
        let near = redHeight(image, x: left + 2), far = redHeight(image, x: right - 2)
        #expect(near > 100 && far < 100, "near edge \(near) px, far edge \(far) px")
        // A perspective, not a skew: the edges are not parallel, so the top edge slopes.
        let topNear = (0..<image.height).first { image[left + 2, $0].green < 128 } ?? 0
        let topFar = (0..<image.height).first { image[right - 2, $0].green < 128 } ?? 0
        #expect(topNear < topFar)
        // Where the closed form puts the near edge: at z = 50·sin, w = 1 − 50·sin / 250, x = 100 − 50·cos / w.
        let w = 1 - 50 * sin(0.7) / 250
        #expect(abs(Double(left) - (100 - 50 * cos(0.7) / w)) <= 1.5)
    }

    @Test func aTurnWithoutPerspectiveDrawsAsTheSameLayerNarrowed() throws {
        var turned = square("card", at: Vector2(100, 100))
        turned.values.rotationY = Double.pi / 3
        var narrowed = square("card", at: Vector2(100, 100))
        narrowed.values.scale = Vector2(0.5, 1)
        let a = try draw([turned]), b = try draw([narrowed])
        let differing = (0..<a.height).flatMap { y in (0..<a.width).filter { x in a[x, y] != b[x, y] } }
        #expect(differing.count <= 2 * a.height, "only antialiased edges may differ by rounding: \(differing.count)")
        #expect(a[100, 100] == red && a[70, 100] == white)
    }

    @Test func aChildInItsParentsPlaneDrawsUnderAPerspectiveAsWithoutIt() throws {
        // Under a perspective a child that stays in its parent's plane has an affine placement:
        // Cairo draws it as it draws the child flat (the same transform, composed in another
        // order: an edge pixel may differ by a level of rounding).
        var child = square("card", at: Vector2(60, 70), side: 50)
        child.values.rotation = 0.3
        var parent = Layer(id: "p", shape: .group, children: [child])
        parent.values.position = Vector2(100, 100)
        parent.values.size = Vector2(200, 200)
        let flat = try draw([parent])
        parent.values.sublayerPerspective = -1 / 500
        let seen = try draw([parent])
        func apart(_ a: RasterImage.Pixel, _ b: RasterImage.Pixel) -> Bool {
            let red = abs(Int(a.red) - Int(b.red)), green = abs(Int(a.green) - Int(b.green)), blue = abs(Int(a.blue) - Int(b.blue))
            return max(red, green, blue) > 1
        }
        var far: [(Int, Int)] = []
        for y in 0..<flat.height {
            for x in 0..<flat.width where apart(flat[x, y], seen[x, y]) { far.append((x, y)) }
        }
        #expect(far.isEmpty, "\(far.count) pixels differ by more than a level")
    }

    @Test func aLayerThatIsNotDoubleSidedHidesWhileItsBackFacesTheViewer() throws {
        var card = square("card", at: Vector2(100, 100))
        card.values.rotationY = 0.75 * Double.pi   // past a quarter turn: its back shows
        card.style.isDoubleSided = false
        #expect(try draw([stage([card], distance: 400)])[100, 100] == white)
        card.style.isDoubleSided = true
        #expect(try draw([stage([card], distance: 400)])[100, 100] == red, "a double-sided layer shows its back")
        card.values.rotationY = 0.25 * Double.pi
        card.style.isDoubleSided = false
        #expect(try draw([stage([card], distance: 400)])[100, 100] == red, "its front shows")
    }

    @Test func aMirroredLayerThatIsNotDoubleSidedIsNotDrawn() throws {
        // A negative scale shows a flat layer's back, as a half turn would.
        var card = square("card", at: Vector2(100, 100))
        card.values.scale = Vector2(-1, 1)
        #expect(try draw([card])[100, 100] == red)
        card.style.isDoubleSided = false
        #expect(try draw([card])[100, 100] == white)
    }

    @Test func aFoldDrawnThroughItsParentsMapLandsWhereItsParentsStoreWouldPutIt() throws {
        // A leaf turned away with a second leaf folded back from its right edge: the second is
        // drawn through the first's map (lifted out of its store), unless the first is a group
        // (an opacity below 1), when it is drawn into the first's store. Both land alike.
        var second = Layer(id: "second", shape: .rect)
        second.values.position = Vector2(80, 40)
        second.values.anchor = Vector2(0, 0.5)
        second.values.size = Vector2(80, 80)
        second.values.fill = .init(red: 1, green: 0, blue: 0)
        second.values.rotationY = -1.4
        var first = Layer(id: "first", shape: .rect, children: [second])
        first.values.position = Vector2(40, 100)
        first.values.anchor = Vector2(0, 0.5)
        first.values.size = Vector2(80, 80)
        first.values.fill = .init(red: 0, green: 0, blue: 1)
        first.values.rotationY = 0.7
        first.values.sublayerPerspective = -1 / 300
        let lifted = try draw([stage([first], distance: 300)])
        first.values.opacity = 0.999
        let stored = try draw([stage([first], distance: 300)])
        var apart = 0
        for y in 0..<lifted.height {
            for x in 0..<lifted.width where abs(Int(lifted[x, y].red) - Int(stored[x, y].red)) > 48 { apart += 1 }
        }
        // Resampled once or twice: edges may move by a fraction of a pixel, no more.
        let reds = (0..<lifted.height).flatMap { y in (0..<lifted.width).filter { lifted[$0, y] == red } }.count
        #expect(reds > 200 && apart < 60, "\(reds) red pixels, \(apart) apart")
    }

    @Test func childrenAreFlattenedIntoTheirTurnedParent() throws {
        // A white panel with a red child in its left half, turned so its left edge comes near:
        // the child is drawn in the panel's plane, larger than it would be flat.
        var panel = Layer(id: "panel", shape: .rect, children: [square("inner", at: Vector2(30, 60), side: 40)])
        panel.values.position = Vector2(100, 100)
        panel.values.size = Vector2(120, 120)
        panel.values.fill = .init(red: 0, green: 0, blue: 1)
        panel.values.rotationY = 0.6
        let image = try draw([stage([panel], distance: 300)])
        let columns = (0..<image.width).filter { x in (0..<image.height).contains { image[x, $0] == red } }
        let tallest = columns.map { redHeight(image, x: $0) }.max() ?? 0
        #expect(tallest > 40 && !columns.isEmpty, "the child, nearer than the panel's plane's centre, is taller: \(tallest)")
    }

    @Test func aLayerPassingTheEyeDrawsOnlyWhatIsInFrontOfIt() throws {
        // A long strip turned so its left end passes behind the eye: the part in front draws,
        // the frame stays finite and the drawing does not fail.
        var strip = square("strip", at: Vector2(100, 100))
        strip.values.size = Vector2(1000, 40)
        strip.values.rotationY = -1.2
        let image = try draw([stage([strip], distance: 150)])
        #expect((0..<image.width).contains { redHeight(image, x: $0) > 0 })
    }
}
