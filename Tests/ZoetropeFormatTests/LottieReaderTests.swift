import Foundation
import Testing
import ZoetropeCore
import ZoetropeFormat

/// A Lottie document of `layers` (JSON text), 100×80 at 30 fps from frame `ip` to `op`.
private func lottie(_ layers: String, ip: Double = 0, op: Double = 60, assets: String = "[]") -> String {
    #"{"v": "5.7.0", "fr": 30, "ip": \#(ip), "op": \#(op), "w": 100, "h": 80, "assets": \#(assets), "layers": [\#(layers)]}"#
}

/// A shape layer named `name` holding `shapes`, at `position` with anchor 0.
private func shapeLayer(_ name: String, ind: Int = 1, parent: Int? = nil, position: String = #"{"a": 0, "k": [0, 0]}"#,
                        shapes: String, extra: String = "") -> String {
    let parentKey = parent.map { #""parent": \#($0), "# } ?? ""
    return #"{"ty": 4, "nm": "\#(name)", "ind": \#(ind), \#(parentKey)"ip": 0, "op": 600, "st": 0, "ks": {"p": \#(position), "a": {"a": 0, "k": [0, 0]}}, "shapes": \#(shapes)\#(extra)}"#
}

private let redSquare = #"[{"ty": "gr", "nm": "Square", "it": [{"ty": "rc", "p": {"a": 0, "k": [10, 10]}, "s": {"a": 0, "k": [20, 20]}, "r": {"a": 0, "k": 0}}, {"ty": "fl", "c": {"a": 0, "k": [1, 0, 0, 1]}, "o": {"a": 0, "k": 100}}, {"ty": "tr", "p": {"a": 0, "k": [0, 0]}, "a": {"a": 0, "k": [0, 0]}}]}]"#

private func read(_ text: String, file: String = "test.json", overrides: [String] = []) throws -> LoadedScene {
    try SceneLoader.parse(Array(text.utf8), file: file, overrides: overrides.map { try SceneOverride(parsing: $0) })
}

/// The presentation of layer `id` at Lottie frame `frame` (30 fps, ip 0).
private func values(_ loaded: LoadedScene, _ id: String, atFrame frame: Double) throws -> LayerValues {
    let evaluation = SceneEvaluation(scene: loaded.scene, horizon: 100)
    let index = try #require(loaded.scene.layers.index(of: id))
    return evaluation.presentation(at: frame / 30).values[index]
}

@Suite struct LottieReaderTests {
    @Test func aLottieFileIsRecognisedByItsContentAndASceneFileIsNot() throws {
        #expect(LottieReader.recognises(Array(lottie("").utf8)))
        #expect(!LottieReader.recognises(Array(#"{"version": 1, "canvas": {"size": [10, 10]}, "layers": []}"#.utf8)))
        #expect(!LottieReader.recognises(Array("canvas: { size: [10, 10] }\nlayers: []\n".utf8)))
        // Large embedded assets may come before the frame rate and the out point.
        let late = #"{"layers": [], "assets": [{"id": "image", "p": "data:image/png;base64,\#(String(repeating: "A", count: 2 << 20))"}], "fr": 30, "ip": 0, "op": 10, "w": 10, "h": 10}"#
        #expect(LottieReader.recognises(Array(late.utf8)))
    }

    @Test func framesRunFromInPointToOutPointAtTheFilesRate() throws {
        let scene = try read(lottie(shapeLayer("Box", shapes: redSquare), ip: 10, op: 70)).scene
        #expect(scene.frameRate.framesPerSecond == 30)
        #expect(scene.canvas.size == Vector2(100, 80))
        #expect(scene.frameRate.frameCount(forDuration: { if case .seconds(let s) = scene.duration { s } else { 0 } }()) == 60)
        // Frames k = 0 … op − ip − 1: an out point a float's breadth or half a frame past a frame adds none.
        for (op, frames) in [(70.000001, 60), (70.5, 60), (71, 61), (10.5, 1)] {
            let scene = try read(lottie(shapeLayer("Box", shapes: redSquare), ip: 10, op: op)).scene
            #expect(scene.frameRate.frameCount(forDuration: { if case .seconds(let s) = scene.duration { s } else { 0 } }()) == frames, "op \(op)")
        }
    }

    @Test func aFilledRectangleIsAPathLayerOfTheRectangle() throws {
        let loaded = try read(lottie(shapeLayer("Box", shapes: redSquare)))
        let fill = try values(loaded, "boxSquareFill", atFrame: 0)
        #expect(fill.fill == Color(red: 1, green: 0, blue: 0))
        #expect(fill.path.data == "M 20 0 L 20 20 L 0 20 L 0 0 Z")
        #expect(loaded.unsupported.isEmpty)
    }

    @Test func keyframesEaseAsTheirBezierSaysAndHoldKeysJump() throws {
        // x eases 0 → 90 over frames 0–30 on (0.4, 0) (0.6, 1); y holds 0 until frame 30, then 50.
        let position = #"{"a": 1, "k": [{"t": 0, "s": [0, 0], "o": {"x": [0.4], "y": [0]}, "i": {"x": [0.6], "y": [1]}}, {"t": 30, "s": [90, 0]}]}"#
        let loaded = try read(lottie(shapeLayer("Box", position: position, shapes: redSquare)))
        let curve = try CubicTimingParameters(controlPoint1: Vector2(0.4, 0), controlPoint2: Vector2(0.6, 1))
        for frame in [0.0, 7, 15, 22, 30, 45] {
            let x = try values(loaded, "box", atFrame: frame).position.x
            #expect(abs(x - 90 * curve.progress(atFraction: min(frame / 30, 1))) < 1e-9, "frame \(frame)")
        }
        let held = #"{"a": 1, "k": [{"t": 0, "s": [20], "h": 1}, {"t": 30, "s": [50]}]}"#
        let opacity = try read(lottie(shapeLayer("Box", shapes: redSquare, extra: "").replacingOccurrences(
            of: #""ks": {"#, with: #""ks": {"o": \#(held), "#)))
        #expect(try values(opacity, "box", atFrame: 29).opacity == 0.2)
        #expect(try values(opacity, "box", atFrame: 30).opacity == 0.5)
    }

    @Test func perDimensionEasingIsDrawnFrameByFrameExactly() throws {
        // x eases in, y eases out: two curves, so the track holds the value of every frame.
        let position = #"{"a": 1, "k": [{"t": 0, "s": [0, 0], "o": {"x": [0.9, 0.1], "y": [0, 0.9]}, "i": {"x": [1, 0.2], "y": [1, 1]}}, {"t": 30, "s": [30, 30]}]}"#
        let file = lottie(shapeLayer("Box", position: position, shapes: redSquare))
        let easeX = try CubicTimingParameters(controlPoint1: Vector2(0.9, 0), controlPoint2: Vector2(1, 1))
        let easeY = try CubicTimingParameters(controlPoint1: Vector2(0.1, 0.9), controlPoint2: Vector2(0.2, 1))
        let eachOwn = try values(read(file, overrides: ["easing=per-dimension"]), "box", atFrame: 12).position
        #expect(abs(eachOwn.x - 30 * easeX.progress(atFraction: 0.4)) < 1e-9)
        #expect(abs(eachOwn.y - 30 * easeY.progress(atFraction: 0.4)) < 1e-9)
        // By default both follow the first dimension's curve, as lottie-ios, ThorVG and rlottie draw it.
        for shown in [try values(read(file), "box", atFrame: 12).position,
                      try values(read(file, overrides: ["easing=first-dimension"]), "box", atFrame: 12).position] {
            #expect(abs(shown.x - 30 * easeX.progress(atFraction: 0.4)) < 1e-9 && abs(shown.y - shown.x) < 1e-9, "\(shown)")
        }
        #expect(throws: SceneLoadError.self) { try read(file, overrides: ["easing=each"]) }
    }

    @Test func aChildRepeatsItsParentsTransformButNotItsOpacity() throws {
        let parent = #"{"ty": 3, "nm": "Rig", "ind": 1, "ip": 0, "op": 600, "st": 0, "ks": {"p": {"a": 0, "k": [40, 30]}, "o": {"a": 0, "k": 10}}}"#
        let loaded = try read(lottie(shapeLayer("Box", ind: 2, parent: 1, shapes: redSquare) + ", " + parent))
        let tree = loaded.scene.layers
        let box = try #require(tree.index(of: "box")), wrapper = try #require(tree.nodes[box].parent)
        #expect(tree.nodes[wrapper].id == "boxParent")
        let shown = try values(loaded, "boxParent", atFrame: 0)
        #expect(shown.position == Vector2(40, 30))
        #expect(shown.opacity == 1)
        #expect(tree.index(of: "rig") == nil)   // a null draws nothing of its own
    }

    @Test func aDropShadowAndAGaussianBlurAreTheLayersShadowAndBlur() throws {
        let effects = #", "ef": [{"ty": 25, "nm": "Drop Shadow", "ef": [{"ty": 2, "v": {"a": 0, "k": [0, 0, 1, 1]}}, {"ty": 0, "v": {"a": 0, "k": 127.5}}, {"ty": 0, "v": {"a": 1, "k": [{"t": 0, "s": [180], "o": {"x": [0], "y": [0]}, "i": {"x": [1], "y": [1]}}, {"t": 30, "s": [90]}]}}, {"ty": 0, "v": {"a": 0, "k": 10}}, {"ty": 0, "v": {"a": 0, "k": 5}}]}, {"ty": 29, "ef": [{"ty": 0, "v": {"a": 0, "k": 20}}, {"ty": 7, "v": {"a": 0, "k": 2}}]}, {"ty": 21, "nm": "Fill", "ef": []}, {"ty": 29, "en": 0, "ef": [{"ty": 0, "v": {"a": 0, "k": 50}}]}]"#
        let loaded = try read(lottie(shapeLayer("Card", shapes: redSquare, extra: effects)))
        let start = try values(loaded, "card", atFrame: 0), later = try values(loaded, "card", atFrame: 30)
        #expect(start.shadowColor == Color(red: 0, green: 0, blue: 1) && start.shadowOpacity == 0.5 && start.shadowRadius == 3)
        #expect(abs(start.shadowOffset.x) < 1e-9 && start.shadowOffset.y == 10, "180° points down")
        #expect(later.shadowOffset.x == 10 && abs(later.shadowOffset.y) < 1e-9, "90° points right")
        #expect(start.blur == 6, "σ = 0.3 × blurriness; a disabled blur is skipped")
        let style = loaded.scene.layers.nodes[try #require(loaded.scene.layers.index(of: "card"))].style
        #expect(style.blurDirection == .horizontal, "blur dimensions 2: horizontal")
        #expect(style.filters.isEmpty, "a Fill without en is off, as ThorVG reads it")
        let unsupported = loaded.unsupported.map { "\($0.path): \($0.message)" }
        #expect(unsupported == [#"layers[0].ef[2]: a colour effect without "en": off, as ThorVG reads it"#], "\(unsupported)")
    }

    @Test func aRepeaterIsAReplicatorOfWhatItsGroupDraws() throws {
        let shapes = #"[{"ty": "gr", "nm": "Dots", "it": [{"ty": "el", "p": {"a": 0, "k": [5, 5]}, "s": {"a": 0, "k": [4, 4]}}, {"ty": "fl", "c": {"a": 0, "k": [1, 0, 0]}, "o": {"a": 0, "k": 100}}, {"ty": "rp", "c": {"a": 1, "k": [{"t": 0, "s": [2], "h": 1}, {"t": 10, "s": [5]}]}, "o": {"a": 0, "k": 0}, "m": 1, "tr": {"ty": "tr", "a": {"a": 0, "k": [5, 5]}, "p": {"a": 0, "k": [10, 0]}, "r": {"a": 0, "k": 90}, "s": {"a": 0, "k": [50, 50]}, "so": {"a": 0, "k": 100}, "eo": {"a": 0, "k": 20}}}, {"ty": "tr"}]}]"#
        let loaded = try read(lottie(shapeLayer("Row", shapes: shapes)))
        #expect(loaded.unsupported.isEmpty, "\(loaded.unsupported)")
        let start = try values(loaded, "rowDotsRepeater", atFrame: 0), later = try values(loaded, "rowDotsRepeater", atFrame: 20)
        #expect(start.instances == 2 && later.instances == 5)
        #expect(start.anchor == Vector2(5, 5) && start.position == Vector2(5, 5) && start.size == Vector2(1, 1))
        #expect(start.replicatorTranslation == Vector2(10, 0) && abs(start.replicatorRotation - .pi / 2) < 1e-12)
        #expect(start.replicatorScale == Vector2(0.5, 0.5) && start.replicatorOpacity == 1)
        #expect(abs(start.replicatorAlphaOffset + 0.8) < 1e-12 && abs(later.replicatorAlphaOffset + 0.2) < 1e-12, "so to eo over the copies")
        let tree = loaded.scene.layers
        let repeater = try #require(tree.index(of: "rowDotsRepeater"))
        #expect(tree.nodes[repeater].children.map { tree.nodes[$0].id } == ["rowDotsFill"])
    }

    @Test func aRepeaterCopiesWhatIsListedBeforeItAndNotTheGroupsAfterIt() throws {
        // A cherry above the repeater, a stem below it: seven cherries on one stem.
        let dot = #"{"ty": "gr", "nm": "Cherry", "it": [{"ty": "el", "p": {"a": 0, "k": [5, 5]}, "s": {"a": 0, "k": [4, 4]}}, {"ty": "fl", "c": {"a": 0, "k": [1, 0, 0]}, "o": {"a": 0, "k": 100}}, {"ty": "tr"}]}"#
        let stem = #"{"ty": "gr", "nm": "Stem", "it": [{"ty": "rc", "p": {"a": 0, "k": [5, 20]}, "s": {"a": 0, "k": [2, 20]}, "r": {"a": 0, "k": 0}}, {"ty": "fl", "c": {"a": 0, "k": [0, 1, 0]}, "o": {"a": 0, "k": 100}}, {"ty": "tr"}]}"#
        let repeater = #"{"ty": "rp", "c": {"a": 0, "k": 7}, "o": {"a": 0, "k": 0}, "m": 1, "tr": {"ty": "tr", "p": {"a": 0, "k": [3, 0]}, "so": {"a": 0, "k": 100}, "eo": {"a": 0, "k": 100}}}"#
        let loaded = try read(lottie(shapeLayer("Bunch", shapes: "[\(dot), \(repeater), \(stem)]")))
        let tree = loaded.scene.layers
        let copies = try #require(tree.index(of: "bunchRepeater")), layer = try #require(tree.index(of: "bunch"))
        #expect(tree.nodes[copies].children.map { tree.nodes[$0].id } == ["bunchCherry"])
        #expect(tree.nodes[layer].children.map { tree.nodes[$0].id } == ["bunchStem", "bunchRepeater"], "the stem once, below the copies")
        #expect(try values(loaded, "bunchRepeater", atFrame: 0).instances == 7)
        // A paint listed after the repeater paints the copies of the shapes before it.
        let painted = try read(lottie(shapeLayer("Row", shapes: #"[{"ty": "el", "p": {"a": 0, "k": [5, 5]}, "s": {"a": 0, "k": [4, 4]}}, \#(repeater), {"ty": "fl", "c": {"a": 0, "k": [1, 0, 0]}, "o": {"a": 0, "k": 100}}]"#)))
        let row = try #require(painted.scene.layers.index(of: "rowRepeater"))
        #expect(painted.scene.layers.nodes[row].children.count == 1)
    }

    @Test func roundedCornersCutEverySharpCornerOfTheShapesBeforeThem() throws {
        let square = #"{"ty": "sh", "ks": {"a": 0, "k": {"c": true, "v": [[0, 0], [10, 0], [10, 10], [0, 10]], "i": [[0, 0], [0, 0], [0, 0], [0, 0]], "o": [[0, 0], [0, 0], [0, 0], [0, 0]]}}}"#
        let box = #"{"ty": "rc", "p": {"a": 0, "k": [25, 5]}, "s": {"a": 0, "k": [10, 10]}, "r": {"a": 0, "k": 0}}"#
        let shapes = #"[\#(square), \#(box), {"ty": "rd", "r": {"a": 0, "k": 2}}, {"ty": "fl", "c": {"a": 0, "k": [1, 0, 0]}, "o": {"a": 0, "k": 100}}]"#
        let loaded = try read(lottie(shapeLayer("Tile", shapes: shapes)))
        #expect(loaded.unsupported.isEmpty, "\(loaded.unsupported)")
        let path = try values(loaded, "tileFill", atFrame: 0).path.data
        // Each corner cut back 2 along both sides, joined by a curve with handles halfway back.
        #expect(path.hasPrefix("M 0 2 C 0 1 1 0 2 0 L 8 0 C 9 0 10 1 10 2"), "\(path)")
        // A rectangle takes the radius as its roundness.
        #expect(path.contains("Z M 30 2 L 30 8 C 30 9.10383"), "\(path)")
    }

    @Test func aParentsAnchorIsInItsOwnPointsWhateverItsSize() throws {
        // A 200-point solid anchored at its centre: its children are placed from its corner.
        let parent = ##"{"ty": 1, "nm": "Card", "ind": 1, "sw": 200, "sh": 200, "sc": "#ffffff", "ip": 0, "op": 600, "st": 0, "ks": {"a": {"a": 0, "k": [100, 100]}, "p": {"a": 0, "k": [45, 45]}, "s": {"a": 0, "k": [45, 45]}}}"##
        let loaded = try read(lottie(shapeLayer("Box", ind: 2, parent: 1, shapes: redSquare) + ", " + parent))
        let wrapper = try values(loaded, "boxParent", atFrame: 0)
        #expect(wrapper.size == Vector2(200, 200))
        #expect(wrapper.anchor == Vector2(0.5, 0.5))
    }

    @Test func aLayersStartTimeMovesNotItsOwnKeyframes() throws {
        // As ThorVG, rlottie and lottie-ios play it: st shifts only a precomp's layers.
        let moving = shapeLayer("Box", position: #"{"a": 1, "k": [{"t": 0, "s": [0, 0]}, {"t": 30, "s": [60, 0]}]}"#, shapes: redSquare)
            .replacingOccurrences(of: #""st": 0"#, with: #""st": 20"#)
        let loaded = try read(lottie(moving))
        #expect(abs(try values(loaded, "box", atFrame: 15).position.x - 30) < 1e-9)
    }

    @Test func aPrecompsLayersRunOnItsClockAndOnlyBetweenTheirInAndOutPoints() throws {
        // The precomp starts at frame 20; its box moves 0 → 60 over its own frames 0–30 and is
        // shown from its frame 5.
        let inner = shapeLayer("Box", position: #"{"a": 1, "k": [{"t": 0, "s": [0, 0]}, {"t": 30, "s": [60, 0]}]}"#, shapes: redSquare)
            .replacingOccurrences(of: #""ip": 0"#, with: #""ip": 5"#)
        let assets = #"[{"id": "comp", "layers": [\#(inner)]}]"#
        let precomp = #"{"ty": 0, "nm": "Scene", "refId": "comp", "ind": 1, "ip": 0, "op": 600, "st": 20, "w": 100, "h": 80, "ks": {}}"#
        let loaded = try read(lottie(precomp, op: 90, assets: assets))
        #expect(try values(loaded, "box", atFrame: 24).hidden)
        #expect(try values(loaded, "box", atFrame: 25).hidden == false)
        #expect(abs(try values(loaded, "box", atFrame: 35).position.x - 30) < 1e-9)
        #expect(try values(loaded, "scene", atFrame: 0).size == Vector2(100, 80))
    }

    /// A layer starting at frame 10 shows at 10 (whichever way the division rounds) and not
    /// at 9.9999999, where lottie-ios's tests (issue 2209) draw the frame before.
    @Test func aLayerShowsFromItsInPointNotAnInstantBefore() throws {
        let late = shapeLayer("Late", shapes: redSquare).replacingOccurrences(of: #""ip": 0"#, with: #""ip": 10"#)
        let loaded = try read(lottie(late))
        #expect(try values(loaded, "late", atFrame: 9.9999999).hidden)
        #expect(try values(loaded, "late", atFrame: 9.99999999999).hidden == false, "within the nudge of a division's error")
        #expect(try values(loaded, "late", atFrame: 10).hidden == false)
        let evaluation = SceneEvaluation(scene: loaded.scene, horizon: 100)
        let index = try #require(loaded.scene.layers.index(of: "late"))
        #expect(evaluation.presentation(at: Double(10) * (1.0 / 30)).values[index].hidden == false)
    }

    @Test func aTrimPathIsItsStrokesStartEndAndOffsetAndCutsItsFills() throws {
        // Drawn 0 → 50 % over frames 0–30, a quarter turn on, along both shapes as one (m 2).
        let trim = #"{"ty": "tm", "s": {"a": 0, "k": 0}, "e": {"a": 1, "k": [{"t": 0, "s": [0]}, {"t": 30, "s": [50]}]}, "o": {"a": 0, "k": 90}, "m": 2}"#
        let stroke = #"{"ty": "st", "c": {"a": 0, "k": [0, 0, 1]}, "o": {"a": 0, "k": 100}, "w": {"a": 0, "k": 2}}"#
        let fill = #"{"ty": "fl", "c": {"a": 0, "k": [1, 0, 0]}, "o": {"a": 0, "k": 100}}"#
        let shapes = #"[{"ty": "gr", "it": [{"ty": "el", "p": {"a": 0, "k": [0, 0]}, "s": {"a": 0, "k": [10, 10]}}, {"ty": "rc", "p": {"a": 0, "k": [0, 0]}, "s": {"a": 0, "k": [4, 4]}, "r": {"a": 0, "k": 0}}, \#(stroke), \#(trim), \#(fill), {"ty": "tr"}]}]"#
        let loaded = try read(lottie(shapeLayer("Ring", shapes: shapes)))
        #expect(loaded.unsupported.isEmpty)
        let stroked = try values(loaded, "ringGroupStroke", atFrame: 15)
        #expect(abs(stroked.strokeEnd - 0.25) < 1e-9)
        #expect(stroked.strokeStart == 0 && stroked.strokeOffset == 0.25)
        let index = try #require(loaded.scene.layers.index(of: "ringGroupStroke"))
        #expect(loaded.scene.layers.nodes[index].style.strokeTrim == .whole)
        // The fill fills what the trim keeps, as ThorVG fills it: from a quarter to half of
        // both outlines' length (47.4), all on the ellipse (31.4 round); nothing at frame 0.
        let filled = try values(loaded, "ringGroupFill", atFrame: 15)
        #expect(filled.strokeStart == 0 && filled.strokeEnd == 1)
        let ends = filled.path.segments.compactMap { segment -> Vector2? in
            switch segment {
            case .move(let p), .line(let p): p
            case .cubic(_, _, let p): p
            case .close: nil
            }
        }
        #expect(!ends.isEmpty && ends.allSatisfy { abs(($0.x * $0.x + $0.y * $0.y).squareRoot() - 5) < 0.01 }, "\(filled.path.data)")
        #expect(try values(loaded, "ringGroupFill", atFrame: 0).path.segments.isEmpty)
    }

    @Test func masksBecomeTheLayersMaskCombinedAsTheirModesSay() throws {
        // A first mask that subtracts starts from everything; an inverted one fills outside its
        // path; opacity is the fill's alpha; "n" masks are skipped.
        let square = #"{"a": 0, "k": {"c": true, "v": [[0, 0], [10, 0], [10, 10], [0, 10]], "i": [[0, 0], [0, 0], [0, 0], [0, 0]], "o": [[0, 0], [0, 0], [0, 0], [0, 0]]}}"#
        let masks = #", "masksProperties": [{"mode": "s", "pt": \#(square), "o": {"a": 0, "k": 100}}, {"mode": "n", "pt": \#(square)}, {"mode": "i", "inv": true, "pt": \#(square), "o": {"a": 0, "k": 50}}]"#
        let loaded = try read(lottie(shapeLayer("Card", shapes: redSquare, extra: masks)))
        #expect(loaded.unsupported.isEmpty)
        let tree = loaded.scene.layers
        let card = try #require(tree.index(of: "card")), mask = try #require(tree.index(of: "cardMask"))
        #expect(tree.nodes[mask].parent == card && tree.nodes[mask].style.masking == .alpha)
        let parts = tree.nodes[mask].children.map { tree.nodes[$0] }
        #expect(parts.map(\.style.blendMode) == [.normal, .destinationOut, .destinationIn])
        #expect(parts.map(\.style.fillRule) == [.inverseNonZero, .nonZero, .inverseNonZero])
        #expect(try values(loaded, parts[2].id, atFrame: 0).fill.alpha == 0.5)
    }

    @Test func aTrackMatteMasksTheLayerBelowItAndIsNotDrawnItself() throws {
        // Lottie lists the matte (td) right above the layer it mattes (tt 2: alpha, inverted).
        let matte = shapeLayer("Window", ind: 1, shapes: redSquare, extra: #", "td": 1"#)
        let matted = shapeLayer("Photo", ind: 2, shapes: redSquare, extra: #", "tt": 2"#)
        let loaded = try read(lottie(matte + ", " + matted))
        let tree = loaded.scene.layers
        let group = try #require(tree.index(of: "photoMatte"))
        #expect(tree.roots == [group])
        let children = tree.nodes[group].children.map { tree.nodes[$0] }
        #expect(children.map(\.id) == ["photo", "window"])
        #expect(children.map(\.style.masking) == [nil, .inverseAlpha])
        // The layer above a matted one is its matte even without td, and is not drawn alone.
        let plain = try read(lottie(shapeLayer("Window", ind: 1, shapes: redSquare) + ", " + matted))
        #expect(plain.scene.layers.roots.map { plain.scene.layers.nodes[$0].id } == ["photoMatte"])
    }

    @Test func aGradientFillMergesItsColourAndAlphaStops() throws {
        // Red to blue along x from 0 to 20, fading out from offset 0.5: the stops at 0, 0.5 and 1
        // have the colours there and the alphas there; the fill's opacity is the layer's.
        let fill = #"{"ty": "gf", "t": 1, "s": {"a": 0, "k": [0, 0]}, "e": {"a": 0, "k": [20, 0]}, "o": {"a": 0, "k": 40}, "g": {"p": 2, "k": {"a": 0, "k": [0, 1, 0, 0, 1, 0, 0, 1, 0.5, 1, 1, 0]}}}"#
        let shapes = #"[{"ty": "gr", "it": [{"ty": "rc", "p": {"a": 0, "k": [10, 10]}, "s": {"a": 0, "k": [20, 20]}, "r": {"a": 0, "k": 0}}, \#(fill), {"ty": "tr"}]}]"#
        let loaded = try read(lottie(shapeLayer("Bar", shapes: shapes)))
        let shown = try values(loaded, "barGroupFill", atFrame: 0)
        let gradient = try #require(shown.gradient)
        #expect(gradient.kind == .linear(from: Vector2(0, 0), to: Vector2(20, 0)))
        #expect(gradient.stops.map(\.offset) == [0, 0.5, 1])
        #expect(gradient.stops.map(\.color) == [Color(red: 1, green: 0, blue: 0, alpha: 1), Color(red: 0.5, green: 0, blue: 0.5, alpha: 1),
                                                 Color(red: 0, green: 0, blue: 1, alpha: 0)])
        #expect(shown.opacity == 0.4)
    }

    @Test func anImageLayerDrawsItsEmbeddedPNGAtTheAssetsSize() throws {
        let png = "data:image/png;base64,iVBORw0KGgo="
        let assets = #"[{"id": "image_0", "w": 30, "h": 20, "u": "", "p": "\#(png)", "e": 1}, {"id": "image_1", "w": 5, "h": 5, "p": "data:image/gif;base64,R0lGODlh"}, {"id": "image_2", "w": 5, "h": 5, "u": "images/", "p": "gone.png"}]"#
        let layers = [0, 1, 2].map { #"{"ty": 2, "nm": "Photo \#($0)", "ind": \#($0 + 1), "refId": "image_\#($0)", "ip": 0, "op": 60, "st": 0, "ks": {"a": {"a": 0, "k": [15, 10]}}}"# }
        let loaded = try read(lottie(layers.joined(separator: ", "), assets: assets), file: "/nowhere/anim.json")
        let tree = loaded.scene.layers
        let photo = try #require(tree.index(of: "photo0"))
        #expect(tree.nodes[photo].shape == .image)
        let shown = try values(loaded, "photo0", atFrame: 0)
        #expect(shown.image == png && shown.size == Vector2(30, 20) && shown.anchor == Vector2(0.5, 0.5))
        #expect(tree.index(of: "photo1") == nil && tree.index(of: "photo2") == nil)
        #expect(loaded.unsupported.map(\.description) == [
            "/nowhere/anim.json: assets[1].p: image/gif images: not drawn (PNG, JPEG and WebP only)",
            "/nowhere/anim.json: assets[2].p: image file images/gone.png not found beside the animation: not drawn",
        ])
    }

    @Test(arguments: [
        // x moves 0 → 10 over frames 0–10; each loop, as After Effects runs it, at frames 15 and 25.
        (#"loopOut()"#, 5.0, 5.0),
        (#"var $bm_rt;\n$bm_rt = loopOut('pingpong');"#, 5.0, 5.0),
        (#"loopOut(\"pingpong\")"#, 5.0, 5.0),
        (#"loopOut('offset')"#, 15.0, 25.0),
        (#"loopOut(type = 'continue')"#, 15.0, 25.0),
    ])
    func loopOutRepeatsTheKeysAfterTheLast(expression: String, at15: Double, at25: Double) throws {
        let x = #"{"a": 1, "x": "\#(expression)", "k": [{"t": 0, "s": [0, 0], "i": {"x": [1], "y": [1]}, "o": {"x": [0], "y": [0]}}, {"t": 10, "s": [10, 0]}]}"#
        let loaded = try read(lottie(shapeLayer("Box", position: x, shapes: redSquare)))
        #expect(loaded.unsupported.isEmpty)
        #expect(abs(try values(loaded, "box", atFrame: 15).position.x - at15) < 1e-6)
        #expect(abs(try values(loaded, "box", atFrame: 25).position.x - at25) < 1e-6)
        if expression.contains("pingpong") { #expect(abs(try values(loaded, "box", atFrame: 12).position.x - 8) < 1e-6) }
    }

    @Test func loopInRepeatsTheKeysBeforeTheFirstAndAnExpressionThatFailsIsReported() throws {
        let x = #"{"a": 1, "x": "loopIn('cycle', 1)", "k": [{"t": 20, "s": [0, 0], "i": {"x": [1], "y": [1]}, "o": {"x": [0], "y": [0]}}, {"t": 30, "s": [10, 0], "i": {"x": [1], "y": [1]}, "o": {"x": [0], "y": [0]}}, {"t": 40, "s": [30, 0]}]}"#
        let wiggle = #"{"a": 1, "x": "wiggle(2, ", "k": [{"t": 0, "s": [0, 0]}, {"t": 10, "s": [10, 0]}]}"#
        let loaded = try read(lottie(shapeLayer("Box", position: x, shapes: redSquare) + ", " + shapeLayer("Jitter", ind: 2, position: wiggle, shapes: redSquare)))
        #expect(abs(try values(loaded, "box", atFrame: 15).position.x - 5) < 1e-6, "the first loop of keys 0–1, before the first")
        let notes = loaded.unsupported.map(\.description)
        #expect(notes.count == 1 && notes[0].hasPrefix("test.json: layers[1].ks.p.x: expressions (x): SyntaxError"), "\(notes)")
        #expect(notes.allSatisfy { $0.hasSuffix("; the keyframes are drawn without the expression") })
    }

    @Test func textIsSetFromTheFilesGlyphsLineByLineAndJustified() throws {
        // One glyph, a 50-wide square at size 100; "II\rI" at size 20, centred, 5 thousandths
        // of tracking: lines 20.1 and 10 wide, the second 30 points lower.
        let square = #"{"ty": "sh", "ks": {"a": 0, "k": {"c": true, "v": [[0, -50], [50, -50], [50, 0], [0, 0]], "i": [[0, 0], [0, 0], [0, 0], [0, 0]], "o": [[0, 0], [0, 0], [0, 0], [0, 0]]}}}"#
        let chars = #"[{"ch": "I", "size": 100, "style": "Bold", "fFamily": "Block", "w": 50, "data": {"shapes": [{"ty": "gr", "it": [\#(square)]}]}}]"#
        let document = #"{"s": {"s": 20, "f": "Block-Bold", "t": "II\rI", "j": 2, "tr": 5, "lh": 30, "fc": [0, 0, 1]}, "t": 0}"#
        let layer = #"{"ty": 5, "nm": "Title", "ind": 1, "ip": 0, "op": 60, "st": 0, "ks": {}, "t": {"d": {"k": [\#(document)]}, "a": []}}"#
        let text = #"{"v": "5.7.0", "fr": 30, "ip": 0, "op": 60, "w": 100, "h": 80, "fonts": {"list": [{"fName": "Block-Bold", "fFamily": "Block", "fStyle": "Bold", "ascent": 70}]}, "chars": \#(chars), "layers": [\#(layer)]}"#
        let loaded = try read(text)
        #expect(loaded.unsupported.isEmpty)
        let fill = try values(loaded, "titleFill", atFrame: 0)
        #expect(fill.fill == Color(red: 0, green: 0, blue: 1))
        let starts = fill.path.segments.compactMap { if case .move(let p) = $0 { p } else { nil } }
        let expected = [Vector2(-10.05, -10), Vector2(0.05, -10), Vector2(-5, 20)]
        #expect(starts.count == 3 && zip(starts, expected).allSatisfy { abs($0.x - $1.x) < 1e-9 && abs($0.y - $1.y) < 1e-9 }, "\(starts)")
    }

    /// Installed fonts as a test sees them: "Block" is installed and sets every character as a
    /// 60-wide square; any other family is drawn in it.
    struct BlockFonts: LottieFontSource {
        func glyph(_ character: Character, in face: LottieFontFace) -> LottieGlyph? {
            LottieGlyph(segments: [.move(Vector2(0, -50)), .line(Vector2(60, -50)), .line(Vector2(60, 0)), .close], advance: 60)
        }

        func substitute(for face: LottieFontFace) -> String? {
            face.family == "Block" ? nil : "Block"
        }
    }

    @Test func textWithoutGlyphOutlinesIsSetInTheInstalledFontsAndASubstituteIsReported() throws {
        // "AB" at size 10, right-justified: two 6-wide glyphs ending at the origin.
        func file(family: String) -> String {
            let document = #"{"s": {"s": 10, "f": "Face", "t": "AB", "j": 1, "fc": [1, 0, 0]}, "t": 0}"#
            let layer = #"{"ty": 5, "nm": "Title", "ind": 1, "ip": 0, "op": 60, "st": 0, "ks": {}, "t": {"d": {"k": [\#(document)]}, "a": []}}"#
            return #"{"v": "5.7.0", "fr": 30, "ip": 0, "op": 60, "w": 100, "h": 80, "fonts": {"list": [{"fName": "Face", "fFamily": "\#(family)", "fStyle": "Regular", "ascent": 70}]}, "layers": [\#(layer)]}"#
        }
        let installed = try SceneLoader.parse(Array(file(family: "Block").utf8), file: "test.json", fonts: BlockFonts())
        #expect(installed.unsupported.isEmpty)
        let fill = try values(installed, "titleFill", atFrame: 0)
        #expect(fill.fill == Color(red: 1, green: 0, blue: 0))
        let starts = fill.path.segments.compactMap { if case .move(let p) = $0 { p } else { nil } }
        #expect(starts == [Vector2(-12, -5), Vector2(-6, -5)])

        let substituted = try SceneLoader.parse(Array(file(family: "Helvetica").utf8), file: "test.json", fonts: BlockFonts())
        #expect(substituted.unsupported.map(\.description) == [#"test.json: fonts.list[0]: font "Helvetica" is not installed: drawn in "Block""#])
        #expect(try values(substituted, "titleFill", atFrame: 0).path.segments.count == 8)

        let unset = try read(file(family: "Block"))
        #expect(unset.unsupported.map(\.description) == ["test.json: layers[0].t: text without glyph outlines (chars): not drawn"])
    }

    /// Installed fonts that shape: a line is its clusters right to left, its first two
    /// characters one 90-wide cluster (a ligature), each later character a 60-wide one.
    struct ShapingFonts: LottieFontSource {
        static func square(_ width: Double) -> [SVGPath.Segment] {
            [.move(Vector2(0, -50)), .line(Vector2(width, -50)), .line(Vector2(width, 0)), .close]
        }

        func glyph(_ character: Character, in face: LottieFontFace) -> LottieGlyph? {
            LottieGlyph(segments: Self.square(60), advance: 60)
        }

        func substitute(for face: LottieFontFace) -> String? { nil }

        func capHeight(in face: LottieFontFace) -> Double? { 70 }

        func shape(_ line: [Character], in face: LottieFontFace) -> [LottieShapedCluster]? {
            guard line.count >= 2 else { return line.indices.map { LottieShapedCluster(characters: $0..<$0 + 1, glyph: glyph(line[$0], in: face)!) } }
            let later = (2..<line.count).map { LottieShapedCluster(characters: $0..<$0 + 1, glyph: LottieGlyph(segments: Self.square(60), advance: 60)) }
            return later.reversed() + [LottieShapedCluster(characters: 0..<2, glyph: LottieGlyph(segments: Self.square(90), advance: 90))]
        }
    }

    @Test func aFontsLineIsPlacedAsItShapesWithTheTrackingAfterEachCluster() throws {
        // "ABC" at size 10, right-justified, 100 thousandths of tracking (1 point): C (6 wide),
        // then the AB ligature (9 wide) 1 point after it; 16 wide, ending at the origin.
        let document = #"{"s": {"s": 10, "f": "Face", "t": "ABC", "j": 1, "tr": 100, "fc": [1, 0, 0]}, "t": 0}"#
        let layer = #"{"ty": 5, "nm": "Title", "ind": 1, "ip": 0, "op": 60, "st": 0, "ks": {}, "t": {"d": {"k": [\#(document)]}, "a": []}}"#
        let file = #"{"v": "5.7.0", "fr": 30, "ip": 0, "op": 60, "w": 100, "h": 80, "fonts": {"list": [{"fName": "Face", "fFamily": "Block", "fStyle": "Regular", "ascent": 70}]}, "layers": [\#(layer)]}"#
        let loaded = try SceneLoader.parse(Array(file.utf8), file: "test.json", fonts: ShapingFonts())
        #expect(loaded.unsupported.isEmpty)
        let path = try values(loaded, "titleFill", atFrame: 0).path.segments
        let starts = path.compactMap { if case .move(let p) = $0 { p } else { nil } }
        // In the text's order: the ligature (on A; B draws nothing), then C.
        #expect(starts == [Vector2(-9, -5), Vector2(-16, -5)], "\(starts)")
        #expect(path.contains(.line(Vector2(0, -5))), "the ligature reaches the origin: \(path)")
    }

    @Test func aBoxsFirstBaselineFromAFontIsItsCapHeightBelowTheTop() throws {
        // Size 10 in a box whose top is at y 20: the capitals (70 at size 100) touch the top,
        // the baseline 7 below it, whatever the font list's ascent (90) says.
        let document = #"{"s": {"s": 10, "f": "Face", "t": "A", "j": 0, "sz": [100, 50], "ps": [0, 20], "fc": [1, 0, 0]}, "t": 0}"#
        let layer = #"{"ty": 5, "nm": "Title", "ind": 1, "ip": 0, "op": 60, "st": 0, "ks": {}, "t": {"d": {"k": [\#(document)]}, "a": []}}"#
        let file = #"{"v": "5.7.0", "fr": 30, "ip": 0, "op": 60, "w": 100, "h": 80, "fonts": {"list": [{"fName": "Face", "fFamily": "Block", "fStyle": "Regular", "ascent": 90}]}, "layers": [\#(layer)]}"#
        let loaded = try SceneLoader.parse(Array(file.utf8), file: "test.json", fonts: ShapingFonts())
        let path = try values(loaded, "titleFill", atFrame: 0).path.segments
        // The glyph's square runs from 5 above the baseline down to it.
        #expect(path.first == .move(Vector2(0, 22)) && path.contains(.line(Vector2(6, 27))), "\(path)")
    }

    @Test func anAutoOrientedLayerTurnsToTheWayItMoves() throws {
        // Down the screen from frame 0 to 10, then along it to frame 20; turned 10° of its own.
        let path = #"{"a": 1, "k": [{"t": 0, "s": [0, 0]}, {"t": 10, "s": [0, 50]}, {"t": 20, "s": [50, 50]}]}"#
        let layer = shapeLayer("Arrow", position: path, shapes: redSquare, extra: #", "ao": 1"#)
            .replacingOccurrences(of: #""ks": {"#, with: #""ks": {"r": {"a": 0, "k": 10}, "#)
        let loaded = try read(lottie(layer))
        #expect(loaded.unsupported.isEmpty)
        #expect(abs(try values(loaded, "arrow", atFrame: 5).rotation - (10 + 90) * .pi / 180) < 1e-9)
        #expect(abs(try values(loaded, "arrow", atFrame: 15).rotation - 10 * .pi / 180) < 1e-9)
        #expect(abs(try values(loaded, "arrow", atFrame: 40).rotation - 10 * .pi / 180) < 1e-9, "after the last key, the last segment's way")
    }

    @Test func whatIsNotSupportedIsReportedWithItsPathAndDrawnWithout() throws {
        let shapes = #"[{"ty": "gr", "it": [{"ty": "el", "p": {"a": 0, "k": [0, 0]}, "s": {"a": 0, "k": [10, 10]}}, {"ty": "el", "p": {"a": 0, "k": [0, 0]}, "s": {"a": 0, "k": [4, 4]}}, {"ty": "mm", "mm": 3}, {"ty": "st", "c": {"a": 0, "k": [0, 0, 1]}, "o": {"a": 0, "k": 100}, "w": {"a": 0, "k": 2}}, {"ty": "tr"}]}]"#
        let loaded = try read(lottie(shapeLayer("Ring", shapes: shapes, extra: #", "ef": [{"ty": 5}]"#)))
        let messages = loaded.unsupported.map(\.description)
        #expect(messages.contains("test.json: layers[0].shapes[0].it[2]: merge paths under a stroke: stroked along the paths unmerged"))
        #expect(messages.contains("test.json: layers[0].ef[0]: effect type 5 (unnamed): drawn without it"))
        #expect(try values(loaded, "ringGroupStroke", atFrame: 0).strokeWidth == 2)
    }

    @Test func aStrokesMiterLimitAndDashOffsetAreItsStyle() throws {
        func stroke(_ keys: String) -> String {
            #"[{"ty": "gr", "it": [{"ty": "sh", "ks": {"a": 0, "k": {"c": false, "v": [[0, 0], [40, 10], [0, 20]], "i": [[0, 0], [0, 0], [0, 0]], "o": [[0, 0], [0, 0], [0, 0]]}}}, {"ty": "st", "c": {"a": 0, "k": [0, 0, 1]}, "o": {"a": 0, "k": 100}, "w": {"a": 0, "k": 4}, \#(keys)}, {"ty": "tr"}]}]"#
        }
        func style(_ keys: String) throws -> (LayerStyle, [String]) {
            let loaded = try read(lottie(shapeLayer("Zig", shapes: stroke(keys))))
            let index = try #require(loaded.scene.layers.index(of: "zigGroupStroke"))
            return (loaded.scene.layers.nodes[index].style, loaded.unsupported.map(\.description))
        }
        func phase(_ keys: String, atFrame frame: Double) throws -> Double {
            try values(try read(lottie(shapeLayer("Zig", shapes: stroke(keys)))), "zigGroupStroke", atFrame: frame).strokeDashPhase
        }
        let dashed = #""lj": 1, "ml": 2.5, "d": [{"n": "d", "v": {"a": 0, "k": 6}}, {"n": "g", "v": {"a": 0, "k": 3}}, {"n": "o", "v": {"a": 0, "k": -5}}]"#
        let (mitred, notes) = try style(dashed)
        #expect(mitred.strokeJoin == .miter && mitred.strokeMiterLimit == 2.5)
        #expect(mitred.strokeDash == [6, 3])
        #expect(try phase(dashed, atFrame: 0) == -5)
        #expect(notes.isEmpty, "the offset is drawn: \(notes)")
        #expect(try style(#""lj": 1, "ml": 2.5, "ml2": {"a": 0, "k": 7}"#).0.strokeMiterLimit == 7, "the property before the number")
        #expect(try style(#""lj": 1"#).0.strokeMiterLimit == 4, "After Effects' default")
        #expect(try style(#""lj": 1, "ml": 0.2"#).0.strokeMiterLimit == 1, "at least a bevel's")
        #expect(try style(#""lj": 2, "ml": 2.5"#).0.strokeMiterLimit == 10, "a round join has no limit to keep")
        let animated = try style(#""lj": 1, "ml2": {"a": 1, "k": [{"t": 0, "s": [3], "o": {"x": 0, "y": 0}, "i": {"x": 1, "y": 1}}, {"t": 10, "s": [8]}]}"#)
        #expect(animated.0.strokeMiterLimit == 3)
        #expect(animated.1 == ["test.json: layers[0].shapes[0].it[1].ml2: an animated miter limit: drawn with the first frame's"])
        // A keyed offset marches the dashes: its keys, eased as they say.
        let marching = #""d": [{"n": "d", "v": {"a": 0, "k": 6}}, {"n": "g", "v": {"a": 0, "k": 3}}, {"n": "o", "v": {"a": 1, "k": [{"t": 0, "s": [0], "o": {"x": 0, "y": 0}, "i": {"x": 1, "y": 1}}, {"t": 30, "s": [90]}]}}]"#
        #expect(try phase(marching, atFrame: 0) == 0)
        #expect(abs(try phase(marching, atFrame: 10) - 30) < 1e-9)
        #expect(try phase(marching, atFrame: 30) == 90)
        #expect(try style(marching).1.isEmpty)
    }

    @Test func aStarsCornersAreRoundedByAQuarterOfTheirCirclesArcPerPoint() throws {
        // A five-point star, outer radius 40, outer roundness 100 %: each point's tangents are
        // 2π·40 / 20 long (lottie-web's), perpendicular to its radius.
        let star = #"[{"ty": "gr", "it": [{"ty": "sr", "sy": 1, "p": {"a": 0, "k": [50, 50]}, "pt": {"a": 0, "k": 5}, "or": {"a": 0, "k": 40}, "ir": {"a": 0, "k": 20}, "os": {"a": 0, "k": 100}, "is": {"a": 0, "k": 0}, "r": {"a": 0, "k": 0}}, {"ty": "fl", "c": {"a": 0, "k": [1, 0, 0]}, "o": {"a": 0, "k": 100}}, {"ty": "tr"}]}]"#
        let path = try values(try read(lottie(shapeLayer("Star", shapes: star))), "starGroupFill", atFrame: 0).path
        guard case .move(let top) = path.segments.first, case .cubic(let c1, _, _) = path.segments.dropFirst().first else {
            Issue.record("expected a curve from the top point: \(path.data)")
            return
        }
        #expect(abs((c1.x - top.x) - 2 * .pi * 40 / 20) < 1e-9 && abs(c1.y - top.y) < 1e-9, "\(path.data)")
    }

    @Test func aMergeOfManyPathsUnderManyFillsIsRefusedAtTheLayerLimit() throws {
        // 400 paths subtracted under 300 fills: each fill's mask draws every path, 120 000 layers.
        let ellipse = #"{"ty": "el", "p": {"a": 0, "k": [0, 0]}, "s": {"a": 0, "k": [10, 10]}}"#
        let fill = #"{"ty": "fl", "c": {"a": 0, "k": [1, 0, 0]}, "o": {"a": 0, "k": 100}}"#
        let items = Array(repeating: ellipse, count: 400) + [#"{"ty": "mm", "mm": 3}"#] + Array(repeating: fill, count: 300)
        let shapes = #"[{"ty": "gr", "it": [\#(items.joined(separator: ", ")), {"ty": "tr"}]}]"#
        #expect {
            try read(lottie(shapeLayer("Many", shapes: shapes)))
        } throws: { error in
            (error as? SceneLoadError)?.diagnostics.map(\.description)
                == ["test.json: layers[0]: the animation expands to more than \(SceneLimits.items) layers (precomps are drawn once per use, parents once per child)"]
        }
    }

    @Test func aGzippedAnimationReadsAsItsJSON() throws {
        let packed = try #require(Data(base64Encoded: Self.gzippedSquare))
        let loaded = try SceneLoader.parse(Array(packed), file: "sticker.tgs")
        #expect(loaded.scene.layers.index(of: "boxSquareFill") != nil)
    }

    @Test(arguments: [
        (#"{"fr": 0, "ip": 0, "op": 10, "w": 10, "h": 10, "layers": []}"#, "test.json: fr: must be a frame rate within 0…1000 (found 0.0)"),
        (#"{"fr": 30, "ip": 10, "op": 10, "w": 10, "h": 10, "layers": []}"#, "test.json: op: must be greater than ip (10.0) (found 10.0)"),
        (#"{"fr": 30, "ip": 0, "op": 10, "w": 1e300, "h": 10, "layers": []}"#, "test.json: w: must be a width within 1…16384 (found 1e+300)"),
    ])
    func aFileThatCannotBeDrawnSaysWhere(text: String, message: String) throws {
        do throws(SceneLoadError) {
            _ = try SceneLoader.parse(Array(text.utf8), file: "test.json")
            Issue.record("expected a problem")
        } catch {
            #expect(error.diagnostics.map(\.description).contains(message), "\(error.diagnostics)")
        }
    }

    /// `lottie(shapeLayer("Box", shapes: redSquare))`, gzipped as a .tgs sticker is.
    static let gzippedSquare = "H4sIAAAAAAACA42QzQqDMBCEX0X2LBLtLz32FXosHoKNVWrVJumPSN+9O7EWQYUixG93wsyQlh6082gVbAJBvkep5nEhmPKaCVAB1qAnQyhAGdMWII1R1vB0jHkqZKO0m1qyDf+XvCyvSNhXL/jn5QkmE/5AY7+7C0xaqt0p+yWMGUT8RvKcBtFkslbDInTW9OtyuN2lVq6OHd7RCXYToSFT2MWasRoxRZ2qR6pAnz4gLRCQTAT4YKQ4m2p0g599aGT1TNM/nid23we5qOZO+QEAAA=="
}
