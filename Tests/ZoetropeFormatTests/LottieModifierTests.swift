import Foundation
import Testing
import ZoetropeCore
import ZoetropeFormat

/// A Lottie document of `layers` (JSON text), 100×80 at 30 fps, frames 0…60.
private func lottie(_ layers: String) -> String {
    #"{"v": "5.7.0", "fr": 30, "ip": 0, "op": 60, "w": 100, "h": 80, "layers": [\#(layers)]}"#
}

/// A shape layer named `name` holding `shapes`, with the transform `ks`.
private func shapeLayer(_ name: String, ind: Int = 1, ks: String = #"{"a": {"a": 0, "k": [0, 0]}}"#, shapes: String,
                        extra: String = "") -> String {
    #"{"ty": 4, "nm": "\#(name)", "ind": \#(ind), "ip": 0, "op": 600, "st": 0, "ks": \#(ks), "shapes": \#(shapes)\#(extra)}"#
}

private func read(_ text: String) throws -> LoadedScene {
    try SceneLoader.parse(Array(text.utf8), file: "test.json")
}

/// The presentation of layer `id` at Lottie frame `frame` (30 fps, ip 0).
private func values(_ loaded: LoadedScene, _ id: String, atFrame frame: Double) throws -> LayerValues {
    let evaluation = SceneEvaluation(scene: loaded.scene, horizon: 100)
    let index = try #require(loaded.scene.layers.index(of: id))
    return evaluation.presentation(at: frame / 30).values[index]
}

private let square = #"{"ty": "rc", "p": {"a": 0, "k": [10, 10]}, "s": {"a": 0, "k": [20, 20]}, "r": {"a": 0, "k": 0}}"#
private let redFill = #"{"ty": "fl", "c": {"a": 0, "k": [1, 0, 0, 1]}, "o": {"a": 0, "k": 100}}"#

@Suite struct LottieModifierTests {
    @Test func aLayersSkewAndAGroupsSkewAreTheLayersSkewInRadians() throws {
        let ks = #"{"a": {"a": 0, "k": [0, 0]}, "sk": {"a": 1, "k": [{"t": 0, "s": [0], "o": {"x": [0], "y": [0]}, "i": {"x": [1], "y": [1]}}, {"t": 30, "s": [30]}]}, "sa": {"a": 0, "k": 45}}"#
        let group = #"{"ty": "gr", "nm": "Box", "it": [\#(square), \#(redFill), {"ty": "tr", "sk": {"a": 0, "k": -20}, "sa": {"a": 0, "k": 0}}]}"#
        let loaded = try read(lottie(shapeLayer("Card", ks: ks, shapes: "[\(group)]")))
        #expect(loaded.unsupported.isEmpty, "\(loaded.unsupported)")
        let start = try values(loaded, "card", atFrame: 0), half = try values(loaded, "card", atFrame: 15)
        #expect(start.skew == 0 && abs(half.skew - 15 * .pi / 180) < 1e-9 && abs(half.skewAxis - .pi / 4) < 1e-12)
        #expect(abs(try values(loaded, "cardBox", atFrame: 0).skew + 20 * .pi / 180) < 1e-12)
    }

    @Test func aSkewedGroupsOutlineUnderAPaintOutsideItShearsAsThorVGDoes() throws {
        // The paint is outside the group: the group's skew is cut into the outline. Along the
        // axis 90° a skew of 45° moves a point down by its x (ThorVG's rotate(−axis) ·
        // shearX(−tan skew) · rotate(axis)).
        let group = #"{"ty": "gr", "nm": "Box", "it": [\#(square), {"ty": "tr", "sk": {"a": 0, "k": 45}, "sa": {"a": 0, "k": 90}}]}"#
        let loaded = try read(lottie(shapeLayer("Card", shapes: "[\(group), \(redFill)]")))
        let path = try values(loaded, "cardFill", atFrame: 0).path
        let points = path.segments.compactMap { segment -> Vector2? in if case .move(let p) = segment { p } else if case .line(let p) = segment { p } else { nil } }
        func near(_ p: Vector2) -> Bool { points.contains { abs($0.x - p.x) < 1e-9 && abs($0.y - p.y) < 1e-9 } }
        #expect(points.count == 4 && near(Vector2(20, 20)) && near(Vector2(0, 0)) && near(Vector2(0, 20)) && near(Vector2(20, 40)), "\(path.data)")
    }

    @Test func aRepeatersOffsetStartsTheCopiesThatManyStepsOn() throws {
        let dots = #"[{"ty": "gr", "nm": "Dots", "it": [{"ty": "el", "p": {"a": 0, "k": [5, 5]}, "s": {"a": 0, "k": [4, 4]}}, \#(redFill), {"ty": "rp", "c": {"a": 0, "k": 4}, "o": {"a": 0, "k": -2}, "m": 1, "tr": {"ty": "tr", "a": {"a": 0, "k": [5, 5]}, "p": {"a": 0, "k": [10, 3]}, "r": {"a": 0, "k": 15}, "s": {"a": 0, "k": [50, 200]}, "so": {"a": 0, "k": 100}, "eo": {"a": 0, "k": 100}}}, {"ty": "tr"}]}]"#
        let loaded = try read(lottie(shapeLayer("Row", shapes: dots)))
        #expect(loaded.unsupported.isEmpty, "\(loaded.unsupported)")
        let offset = try values(loaded, "rowDotsRepeaterOffset", atFrame: 0)
        // Copy −2: moved back twice about the anchor (5, 5): translation × −2, rotation × −2, scale ^ −2.
        #expect(offset.anchor == Vector2(5, 5) && offset.position == Vector2(5 - 20, 5 - 6))
        #expect(abs(offset.rotation + 30 * .pi / 180) < 1e-12 && offset.scale == Vector2(4, 0.25))
        let tree = loaded.scene.layers
        let repeater = try #require(tree.index(of: "rowDotsRepeater"))
        #expect(tree.nodes[repeater].children.map { tree.nodes[$0].id } == ["rowDotsRepeaterOffset"])
        #expect(try values(loaded, "rowDotsRepeater", atFrame: 0).instances == 4)
    }

    @Test func aRadialHighlightIsTheGradientsFocus() throws {
        // From (50, 40) to (90, 40): radius 40; a highlight of 50 % at 90° puts the focus 20 below the centre.
        let gradient = #"{"ty": "gf", "t": 2, "s": {"a": 0, "k": [50, 40]}, "e": {"a": 0, "k": [90, 40]}, "h": {"a": 0, "k": 50}, "a": {"a": 0, "k": 90}, "g": {"p": 2, "k": {"a": 0, "k": [0, 0, 0, 0, 1, 1, 1, 1]}}, "o": {"a": 0, "k": 100}}"#
        let loaded = try read(lottie(shapeLayer("Glow", shapes: "[\(square), \(gradient)]")))
        #expect(loaded.unsupported.isEmpty, "\(loaded.unsupported)")
        let fill = try #require(try values(loaded, "glowFill", atFrame: 0).gradient)
        #expect(fill.kind == .radial(center: Vector2(50, 40), radius: 40))
        let focus = try #require(fill.focus)
        #expect(abs(focus.x - 50) < 1e-9 && abs(focus.y - 60) < 1e-9, "\(focus)")
        // No highlight: no focus (the centre).
        let centred = gradient.replacingOccurrences(of: #""h": {"a": 0, "k": 50}"#, with: #""h": {"a": 0, "k": 0}"#)
        #expect(try values(try read(lottie(shapeLayer("Glow", shapes: "[\(square), \(centred)]"))), "glowFill", atFrame: 0).gradient?.focus == nil)
    }

    @Test func aMatteThatStartsLaterHidesTheMattedLayerUntilItStartsAndANullMattesNothing() throws {
        let matte = #"{"ty": 4, "nm": "Matte", "ind": 1, "td": 1, "ip": 30, "op": 60, "st": 0, "ks": {"a": {"a": 0, "k": [0, 0]}}, "shapes": [\#(square), \#(redFill)]}"#
        let matted = #"{"ty": 4, "nm": "Card", "ind": 2, "tt": 1, "ip": 0, "op": 60, "st": 0, "ks": {"a": {"a": 0, "k": [0, 0]}}, "shapes": [\#(square), \#(redFill)]}"#
        let loaded = try read(lottie(matte + "," + matted))
        let tree = loaded.scene.layers
        let group = try #require(tree.index(of: "cardMatte"))
        let mask = try #require(tree.nodes[group].children.last)
        #expect(tree.nodes[mask].style.masking == .alpha && tree.nodes[mask].id == "matte")
        // Before frame 30 the matte is not there: an alpha matte of nothing shows nothing.
        #expect(try values(loaded, "matte", atFrame: 10).hidden && !(try values(loaded, "matte", atFrame: 40).hidden))
        // A null layer as the matte: the layer is drawn whole, without a matte group.
        let null = #"{"ty": 3, "nm": "Matte", "ind": 1, "ip": 0, "op": 60, "st": 0, "ks": {}}"#
        let unmatted = try read(lottie(null + "," + matted))
        #expect(unmatted.scene.layers.index(of: "cardMatte") == nil && unmatted.scene.layers.index(of: "card") != nil)
    }

    @Test func aSceneConvertedFromMergesWithEmptyPartsReadsBack() throws {
        // A merge whose parts have no outline at some frames (an empty path, a group of no
        // shapes, a path keyed from nothing to a triangle): the scene written reads back.
        let empty = #"{"ty": "sh", "ks": {"a": 0, "k": {"c": true, "v": [], "i": [], "o": []}}}"#
        let growing = #"{"ty": "sh", "ks": {"a": 1, "k": [{"t": 0, "s": [{"c": false, "v": [], "i": [], "o": []}], "h": 1}, {"t": 10, "s": [{"c": true, "v": [[0, 0], [10, 0], [5, 10]], "i": [[0, 0], [0, 0], [0, 0]], "o": [[0, 0], [0, 0], [0, 0]]}]}]}}"#
        let moving = #"{"ty": "gr", "it": [\#(growing), {"ty": "tr", "p": {"a": 1, "k": [{"t": 0, "s": [0, 0]}, {"t": 20, "s": [10, 0]}]}}]}"#
        let shapes = [
            #"[\#(empty), \#(square), {"ty": "mm", "mm": 3}, \#(redFill)]"#,
            #"[{"ty": "gr", "it": [{"ty": "tr"}]}, \#(square), {"ty": "mm", "mm": 4}, \#(redFill)]"#,
            #"[\#(moving), \#(square), {"ty": "mm", "mm": 5}, \#(redFill)]"#,
            #"[\#(empty), {"ty": "mm", "mm": 1}, \#(square), {"ty": "mm", "mm": 3}, \#(redFill)]"#,
        ]
        for (index, list) in shapes.enumerated() {
            let loaded = try read(lottie(shapeLayer("Cut", shapes: list)))
            for text in [try SceneWriter.yaml(loaded.scene), try SceneWriter.json(loaded.scene)] {
                let back = try SceneLoader.parse(Array(text.utf8), file: "scenes/cut\(index).yaml")
                #expect(back.scene.layers.nodes.count == loaded.scene.layers.nodes.count)
            }
        }
    }

    @Test func puckerAndBloatMovesTheVerticesInAndTheSidesOutAsThorVGDoes() throws {
        // A 20 × 20 square bloated 50 %: each corner halfway to the centre (10, 10), each
        // side's controls (its ends) as far out, so the sides bulge.
        let box = #"{"ty": "sh", "ks": {"a": 0, "k": {"c": true, "v": [[0, 0], [20, 0], [20, 20], [0, 20]], "i": [[0, 0], [0, 0], [0, 0], [0, 0]], "o": [[0, 0], [0, 0], [0, 0], [0, 0]]}}}"#
        let loaded = try read(lottie(shapeLayer("Puff", shapes: #"[\#(box), {"ty": "pb", "a": {"a": 0, "k": 50}}, \#(redFill)]"#)))
        #expect(loaded.unsupported.isEmpty, "\(loaded.unsupported)")
        let segments = try values(loaded, "puffFill", atFrame: 0).path.segments
        #expect(segments.first == .move(Vector2(5, 5)))
        #expect(segments.dropFirst().first == .cubic(Vector2(-5, -5), Vector2(25, -5), Vector2(15, 5)), "\(segments)")
    }

    @Test func aZigZagPutsRidgesAlternatelyEitherSideOfEachSide() throws {
        // One ridge on a 40-long line, 5 across: it rises to (20, −5) between the unmoved ends
        // (an open outline's ends have no direction); smooth points get handles along the line.
        let line = #"{"ty": "sh", "ks": {"a": 0, "k": {"c": false, "v": [[0, 0], [40, 0]], "i": [[0, 0], [0, 0]], "o": [[0, 0], [0, 0]]}}}"#
        let stroke = #"{"ty": "st", "c": {"a": 0, "k": [0, 0, 1]}, "o": {"a": 0, "k": 100}, "w": {"a": 0, "k": 2}}"#
        for (points, expected) in [(1, [SVGPath.Segment.move(Vector2(0, 0)), .line(Vector2(20, -5)), .line(Vector2(40, 0))]),
                                   (2, [.move(Vector2(0, 0)), .cubic(Vector2(0, 0), Vector2(10, -5), Vector2(20, -5)),
                                        .cubic(Vector2(30, -5), Vector2(40, 0), Vector2(40, 0))])] {
            let zigZag = #"{"ty": "zz", "s": {"a": 0, "k": 5}, "r": {"a": 0, "k": 1}, "pt": {"a": 0, "k": \#(points)}}"#
            let loaded = try read(lottie(shapeLayer("Saw", shapes: "[\(line), \(zigZag), \(stroke)]")))
            #expect(loaded.unsupported.isEmpty, "\(loaded.unsupported)")
            #expect(try values(loaded, "sawStroke", atFrame: 0).path.segments == expected)
        }
        // An offset path is not drawn yet: reported.
        let offset = try read(lottie(shapeLayer("Saw", shapes: #"[\#(line), {"ty": "op", "a": {"a": 0, "k": 3}}, \#(stroke)]"#)))
        #expect(offset.unsupported.map(\.message) == [#"shape item "op": ignored"#])
    }
}
