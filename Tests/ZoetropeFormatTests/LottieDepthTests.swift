import Foundation
import RealModule
import Testing
import ZoetropeCore
@testable import ZoetropeFormat

/// A Lottie document 400×300 at 30 fps, frames 0…60, of `layers` (JSON text).
private func lottie(_ layers: String) -> String {
    #"{"v": "5.7.0", "fr": 30, "ip": 0, "op": 60, "w": 400, "h": 300, "ddd": 1, "assets": [], "layers": [\#(layers)]}"#
}

/// A 3-D (`ddd` 1) solid of 100×80 named `name` at (200, 150, `z`), anchored at its centre,
/// with the transform keys `turns` (JSON, such as `"ry": {"a": 0, "k": 40}`).
private func solid(_ name: String, ind: Int, z: Double = 0, turns: String, threeD: Bool = true) -> String {
    ##"{"ty": 1, "nm": "\##(name)", "ind": \##(ind), "ddd": \##(threeD ? 1 : 0), "ip": 0, "op": 60, "st": 0, "sw": 100, "sh": 80, "sc": "#ff0000", "ks": {"p": {"a": 0, "k": [200, 150, \##(z)]}, "a": {"a": 0, "k": [50, 40, 0]}, \##(turns)}}"##
}

/// A one-node camera of zoom `zoom` at (200, 150, `z`).
private func camera(zoom: Double, z: Double) -> String {
    #"{"ty": 13, "nm": "Camera", "ind": 9, "ddd": 1, "ip": 0, "op": 60, "st": 0, "pe": {"a": 0, "k": \#(zoom)}, "ks": {"p": {"a": 0, "k": [200, 150, \#(z)]}}}"#
}

private func read(_ text: String) throws -> LoadedScene {
    try SceneLoader.parse(Array(text.utf8), file: "depth.json")
}

private func values(_ loaded: LoadedScene, _ id: String) throws -> LayerValues {
    loaded.scene.layers.initialValues[try #require(loaded.scene.layers.index(of: id))]
}

@Suite struct LottieDepthTests {
    private let tolerance = 1e-9

    @Test func aThreeDLayersTurnsAndDepthAreReadInTheScenesAxes() throws {
        // After Effects' z runs into the screen, the scene's towards the viewer: x and y turns and
        // z positions change sign, z turns do not.
        let loaded = try read(lottie(solid("Card", ind: 1, z: -60, turns: #""rx": {"a": 0, "k": 10}, "ry": {"a": 0, "k": 40}, "rz": {"a": 0, "k": 15}"#)))
        let card = try values(loaded, "card")
        #expect(abs(card.rotationX - -10 * .pi / 180) < tolerance && abs(card.rotationY - -40 * .pi / 180) < tolerance)
        #expect(abs(card.rotation - 15 * .pi / 180) < tolerance && card.translationZ == 60)
        #expect(loaded.unsupportedWarnings.isEmpty, "\(loaded.unsupportedWarnings)")
        // No camera: seen without perspective, as lottie-ios draws it (no group around it).
        #expect(loaded.scene.layers.roots.count == 1 && loaded.scene.layers.nodes.allSatisfy { !$0.id.hasSuffix("View") })
    }

    @Test func anAnimatedTurnIsATrack() throws {
        let turn = #""ry": {"a": 1, "k": [{"t": 0, "s": [0], "o": {"x": [0.3], "y": [0]}, "i": {"x": [0.7], "y": [1]}}, {"t": 30, "s": [90]}]}"#
        let loaded = try read(lottie(solid("Card", ind: 1, turns: turn)))
        let evaluation = SceneEvaluation(scene: loaded.scene, horizon: 3)
        let index = try #require(loaded.scene.layers.index(of: "card"))
        #expect(abs(evaluation.presentation(at: 1).values[index].rotationY - -.pi / 2) < 1e-6)
        #expect(evaluation.presentation(at: 0).values[index].rotationY == 0)
    }

    @Test func anOrientationTurnsTheLayerAfterItsRotation() throws {
        // An orientation of 30° about y and a rotation of 20° about y are one turn of 50°.
        let loaded = try read(lottie(solid("Card", ind: 1, turns: #""ry": {"a": 0, "k": 20}, "or": {"a": 0, "k": [0, 30, 0]}"#)))
        let card = try values(loaded, "card")
        #expect(abs(card.rotationY - -50 * .pi / 180) < 1e-9 && abs(card.rotationX) < 1e-9 && abs(card.rotation) < 1e-9)
        // Composed in general, then taken apart: the angles give back the same matrix.
        let (x, y, z) = (12.0, -33.0, 71.0), (ox, oy, oz) = (25.0, 10.0, -40.0)
        let angles = LottieSceneBuilder.sceneAngles(orientation: (ox, oy, oz), rotation: (x, y, z))
        var values = LayerValues()
        (values.rotationX, values.rotationY, values.rotation) = (angles.x, angles.y, angles.z)
        func turn(_ x: Double, _ y: Double, _ z: Double) -> Transform3D {
            Transform3D.rotation(angle: z * .pi / 180, x: 0, y: 0, z: 1).concatenating(.rotation(angle: -y * .pi / 180, x: 0, y: 1, z: 0))
                .concatenating(.rotation(angle: -x * .pi / 180, x: 1, y: 0, z: 0))
        }
        let expected = turn(x, y, z).concatenating(turn(ox, oy, oz)), found = values.transform
        for (a, b) in [(expected.m11, found.m11), (expected.m12, found.m12), (expected.m13, found.m13), (expected.m21, found.m21),
                       (expected.m22, found.m22), (expected.m23, found.m23), (expected.m31, found.m31), (expected.m32, found.m32), (expected.m33, found.m33)] {
            #expect(abs(a - b) < 1e-9)
        }
    }

    @Test func aCamerasZoomIsTheSublayerPerspectiveOfAGroupAroundItsThreeDLayers() throws {
        // After Effects' default camera: d = zoom = 500, centred on the composition. The 2-D
        // layer above is not seen through it.
        let layers = [camera(zoom: 500, z: -500), solid("Flat", ind: 2, turns: #""r": {"a": 0, "k": 0}"#, threeD: false),
                      solid("Card", ind: 1, turns: #""ry": {"a": 0, "k": 40}"#)].joined(separator: ", ")
        let loaded = try read(lottie(layers))
        let tree = loaded.scene.layers
        let group = try #require(tree.index(of: "cameraView"))
        let seen = tree.initialValues[group]
        #expect(abs(seen.sublayerPerspective - -1.0 / 500) < tolerance && seen.scale == Vector2(1, 1))
        #expect(seen.size == Vector2(400, 300) && seen.anchor == Vector2(0.5, 0.5) && seen.position == Vector2(200, 150))
        #expect(tree.nodes[group].children == [try #require(tree.index(of: "card"))])
        #expect(tree.nodes[try #require(tree.index(of: "flat"))].parent == nil)
        // The card's near edge is the taller, as in the scene's own perspective.
        let map = tree.initialValues[try #require(tree.index(of: "card"))].homography(in: seen)
        #expect(!map.isAffine)
    }

    @Test func aCameraNearerThanItsZoomMagnifies() throws {
        // Twice as near as its zoom: the plane z = 0 shows twice as large (zoom / d).
        let loaded = try read(lottie([camera(zoom: 600, z: -300), solid("Card", ind: 1, turns: #""ry": {"a": 0, "k": 0}"#)].joined(separator: ", ")))
        let seen = try values(loaded, "cameraView")
        #expect(abs(seen.sublayerPerspective - -1.0 / 300) < tolerance && seen.scale == Vector2(2, 2))
    }
}
