import RealModule
import Testing
import ZoetropeCore

/// A layer's 4 × 4 placement and the homography of its plane (SPEC §10), checked against closed
/// forms.
@Suite struct LayerDepthTests {
    /// Positions and sizes are points: a thousandth of one is far below a pixel.
    private let tolerance = 1e-9

    private func layer(position: Vector2, size: Vector2, anchor: Vector2 = Vector2(0.5, 0.5)) -> LayerValues {
        var values = LayerValues()
        values.position = position
        values.size = size
        values.anchor = anchor
        return values
    }

    @Test(arguments: [0.3, 0.8, -1.2])
    func pointTurnedAboutYUnderAParentsPerspectiveLandsWhereTheClosedFormSays(angle: Double) throws {
        // A parent 600 × 400 seen from d = 500 about its centre (300, 200); the child, 200 × 100,
        // centred on that point, turned by `angle` about its vertical axis.
        var parent = layer(position: Vector2(300, 200), size: Vector2(600, 400))
        parent.sublayerPerspective = -1.0 / 500
        var child = layer(position: Vector2(300, 200), size: Vector2(200, 100))
        child.rotationY = angle
        let map = child.homography(in: parent)
        #expect(!map.isAffine)
        // The child's right-hand corner (200, 0) lies 100 right of and 50 above the anchor: turned, it
        // is at x = 100·cos, z = −100·sin; seen from 500, it lands at anchor + (100·cos, −50) / w
        // with w = 1 + z·m34 = 1 + 100·sin / 500.
        let w = 1 + 100 * Double.sin(angle) / 500
        let corner = try #require(map.apply(Vector2(200, 0)))
        #expect(abs(corner.x - (300 + 100 * Double.cos(angle) / w)) < tolerance)
        #expect(abs(corner.y - (200 - 50 / w)) < tolerance)
        // The same through the 4 × 4 matrix, z included.
        let point = try #require(child.placement(in: parent).apply(x: 200, y: 0, z: 0))
        #expect(abs(point.x - corner.x) < tolerance && abs(point.y - corner.y) < tolerance)
        #expect(abs(point.z - (-100 * Double.sin(angle)) / w) < tolerance)
    }

    @Test func theEdgeTurnedTowardsTheViewerIsTallerThanTheEdgeTurnedAway() throws {
        var parent = layer(position: Vector2(100, 100), size: Vector2(200, 200))
        parent.sublayerPerspective = -1.0 / 300
        var child = layer(position: Vector2(100, 100), size: Vector2(100, 100))
        child.rotationY = 0.6   // the right edge away, the left edge nearer
        let map = child.homography(in: parent)
        func height(atX x: Double) throws -> Double {
            try #require(map.apply(Vector2(x, 100))).y - (try #require(map.apply(Vector2(x, 0)))).y
        }
        #expect(try height(atX: 0) > 100 && height(atX: 100) < 100)
    }

    @Test func aLayerWithoutDepthIsPlacedExactlyAsInTwoDimensions() throws {
        var values = layer(position: Vector2(120, 80), size: Vector2(60, 40), anchor: Vector2(0.25, 0.75))
        values.rotation = 0.7
        values.scale = Vector2(1.5, -0.5)
        values.translation = Vector2(-7, 3)
        #expect(!values.hasDepth)
        let map = values.homography(in: nil)
        #expect(map.isAffine)
        // translate(position + translation) · rotate · scale · translate(−anchor·size), as CALayer.
        for point in [Vector2(0, 0), Vector2(60, 0), Vector2(13, 37)] {
            let local = Vector2((point.x - 15) * 1.5, (point.y - 30) * -0.5)
            let (c, s) = (Double.cos(0.7), Double.sin(0.7))
            let expected = Vector2(113 + local.x * c - local.y * s, 83 + local.x * s + local.y * c)
            let image = try #require(map.apply(point))
            #expect(abs(image.x - expected.x) < tolerance && abs(image.y - expected.y) < tolerance)
        }
    }

    @Test func aTurnWithoutPerspectiveStaysAffineAndNarrowsTheLayer() throws {
        var values = layer(position: Vector2(0, 0), size: Vector2(100, 50))
        values.rotationY = Double.pi / 3
        let map = values.homography(in: nil)
        #expect(map.isAffine)
        let right = try #require(map.apply(Vector2(100, 25))), left = try #require(map.apply(Vector2(0, 25)))
        #expect(abs((right.x - left.x) - 50) < tolerance, "100 · cos 60°")
    }

    @Test func aChildInItsParentsPlaneStaysAffineUnderThePerspective() {
        var parent = layer(position: Vector2(0, 0), size: Vector2(400, 300))
        parent.sublayerPerspective = -1.0 / 800
        let child = layer(position: Vector2(40, 30), size: Vector2(50, 50))
        #expect(child.homography(in: parent) == child.homography(in: nil))
    }

    @Test func theLayersOwnPerspectiveSeesItsTurnFromItsAnchor() throws {
        var values = layer(position: Vector2(0, 0), size: Vector2(200, 100))
        values.rotationX = 0.5
        values.perspective = -1.0 / 400
        // The bottom edge comes towards the viewer: wider than the top.
        let map = values.homography(in: nil)
        let bottom = try #require(map.apply(Vector2(200, 100))).x - (try #require(map.apply(Vector2(0, 100)))).x
        let top = try #require(map.apply(Vector2(200, 0))).x - (try #require(map.apply(Vector2(0, 0)))).x
        #expect(bottom > 200 && top < 200)
    }

    @Test func translationZComesTowardsTheViewerUnderAPerspective() throws {
        var parent = layer(position: Vector2(0, 0), size: Vector2(400, 400))
        parent.sublayerPerspective = -1.0 / 400
        var child = layer(position: Vector2(200, 200), size: Vector2(100, 100))
        child.translationZ = 200   // half way to the eye: twice as large
        let map = child.homography(in: parent)
        let width = try #require(map.apply(Vector2(100, 50))).x - (try #require(map.apply(Vector2(0, 50)))).x
        #expect(abs(width - 200) < tolerance)
    }

    @Test func matricesFollowCoreAnimationsConventions() {
        // CATransform3DMakeRotation(a, 0, 0, 1): m11 = cos, m12 = sin, m21 = −sin (row vectors).
        let turn = Transform3D.rotation(angle: 0.4, x: 0, y: 0, z: 2)
        #expect(abs(turn.m12 - Double.sin(0.4)) < tolerance && abs(turn.m21 + Double.sin(0.4)) < tolerance)
        #expect(Transform3D.rotation(angle: 1, x: 0, y: 0, z: 0) == .identity)
        // CATransform3DConcat(a, b) applies a first: scale then move, the move not scaled.
        let m = Transform3D.scale(x: 2, y: 2, z: 1).concatenating(.translation(x: 10, y: 0, z: 0))
        #expect(m.m41 == 10 && m.m11 == 2)
        #expect(Transform3D.perspective(-0.002).m34 == -0.002)
    }

    @Test func aHomographyAndItsInverseUndoEachOther() throws {
        var parent = layer(position: Vector2(0, 0), size: Vector2(300, 300))
        parent.sublayerPerspective = -1.0 / 350
        var child = layer(position: Vector2(150, 120), size: Vector2(120, 80))
        (child.rotationX, child.rotationY, child.rotation) = (0.4, -0.9, 0.3)
        let map = child.homography(in: parent)
        let inverse = try #require(map.inverted)
        for point in [Vector2(0, 0), Vector2(120, 80), Vector2(37, 61)] {
            let image = try #require(map.apply(point))
            let back = try #require(inverse.apply(image))
            #expect(abs(back.x - point.x) < 1e-6 && abs(back.y - point.y) < 1e-6)
        }
        let identity = map.concatenating(inverse)
        #expect(abs(identity.m13) < 1e-15 && abs(identity.m23) < 1e-15 && abs(identity.m33 - 1) < 1e-12, "\(identity)")
    }

    @Test func pointsBehindTheEyeHaveNoImage() {
        var values = layer(position: Vector2(0, 0), size: Vector2(1000, 100))
        values.rotationY = 1.2
        values.perspective = -1.0 / 100   // the eye 100 points out: the left end passes it
        #expect(values.homography(in: nil).apply(Vector2(0, 50)) == nil)
        #expect(values.homography(in: nil).apply(Vector2(1000, 50)) != nil)
    }

    @Test func depthPartsAreAdditiveNumbersAndPerspectiveIsBounded() {
        for property in [LayerProperty.rotationX, .rotationY, .translationZ] {
            #expect(property.kind == .number && property.composition == .additive)
        }
        #expect(LayerProperty.perspective.problem(with: .number(-0.002)) == nil)
        #expect(LayerProperty.sublayerPerspective.problem(with: .number(-2)) == "must be within -1...1 (found -2)")
        var values = LayerValues()
        values[.rotationY] = .number(0.8)
        values[.anchorZ] = .number(-5)
        #expect(values.rotationY == 0.8 && values.anchorZ == -5 && values.hasDepth)
        #expect(LayerValues().hasDepth == false && LayerStyle().isDoubleSided)
    }
}
