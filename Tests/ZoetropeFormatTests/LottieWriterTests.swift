import Foundation
import Testing
import ZoetropeCore
@testable import ZoetropeFormat

/// A scene file's scene, exported frame by frame as Lottie JSON.
private func exported(_ text: String, outline: @escaping (LayerValues, LayerStyle) -> SVGPath = { _, _ in SVGPath() }) throws -> LottieExport {
    let loaded = try SceneLoader.parse(Array(text.utf8), file: "export.yaml")
    let evaluated = try loaded.evaluate()
    let evaluation = evaluated.evaluation, duration = evaluated.duration
    let frames = (0..<loaded.scene.frameRate.frameCount(forDuration: duration)).map {
        evaluation.presentation(at: loaded.scene.frameRate.time(ofFrame: $0))
    }
    var writer = LottieWriter(frames: frames, frameRate: loaded.scene.frameRate.framesPerSecond, textOutline: outline, imageBytes: { _ in nil },
                              easings: LottieWriter.easings(of: loaded.scene))
    return writer.json(name: "export")
}

/// A scene file's scene, exported frame by frame as Lottie JSON and parsed back as objects.
private func export(_ text: String, outline: @escaping (LayerValues, LayerStyle) -> SVGPath = { _, _ in SVGPath() })
    throws -> (json: [String: Any], notExported: [LottieExportNote]) {
    let written = try exported(text, outline: outline)
    let json = try #require(try JSONSerialization.jsonObject(with: Data(written.text.utf8)) as? [String: Any])
    return (json, written.notExported)
}

private func layers(_ json: [String: Any]) -> [[String: Any]] { json["layers"] as? [[String: Any]] ?? [] }

private func layer(_ json: [String: Any], _ name: String) -> [String: Any]? {
    let all = layers(json) + ((json["assets"] as? [[String: Any]]) ?? []).flatMap { ($0["layers"] as? [[String: Any]]) ?? [] }
    return all.first { $0["nm"] as? String == name }
}

/// Every shape group in `items`, nested ones too.
private func groups(_ items: [[String: Any]]) -> [[[String: Any]]] {
    items.filter { $0["ty"] as? String == "gr" }.flatMap { group -> [[[String: Any]]] in
        let inner = group["it"] as? [[String: Any]] ?? []
        return [inner] + groups(inner)
    }
}

@Suite struct LottieWriterTests {
    static let card = """
        canvas: { size: [200, 100], background: "#FFFFFF" }
        render: { fps: 10, duration: 1 }
        layers:
          - id: card
            shape: rect
            position: [50, 50]
            size: [60, 40]
            fill: "#1E6FD9"
            children:
              - { id: dot, shape: ellipse, position: [30, 20], size: [10, 10], fill: "#FFFFFF", stroke: { color: "#000000", width: 2, dash: [3] } }
              - { id: tick, shape: path, path: "M 0 0 L 10 10", fill: "#FF0000", stroke: { color: "#000000", width: 2 }, strokeEnd: 0.5 }
        animators:
          - id: slide
            duration: 0.5
            timing: easeIn
            animations:
              - set: { card.position.x: 150 }
          - id: bounce
            duration: 0.8
            timing: { spring: { dampingRatio: 0.3 } }
            animations:
              - set: { dot.position.y: 30 }
        script:
          - { at: 0.2, start: slide }
          - { at: 0, start: bounce }
        """

    @Test func eachLayerIsANullCarryingItsTransformAndALayerDrawingItsContent() throws {
        let (json, notExported) = try export(Self.card)
        #expect(notExported.isEmpty)
        #expect(json["fr"] as? Double == 10 && json["ip"] as? Double == 0 && json["op"] as? Double == 11)
        let null = try #require(layer(json, "card"))
        #expect(null["ty"] as? Int == 3 && null["parent"] == nil)
        let content = try #require(layer(json, "cardContent"))
        #expect(content["ty"] as? Int == 4 && content["parent"] as? Int == null["ind"] as? Int)
        #expect(layer(json, "dot")?["parent"] as? Int == null["ind"] as? Int)
        // The anchor in points; the position held, moving from frame 2 to 7 as easeIn moves it
        // (two keys eased by the animator's curve), then held.
        let transform = try #require(null["ks"] as? [String: Any])
        #expect((transform["a"] as? [String: Any])?["k"] as? [Double] == [30, 20])
        let keys = try #require((transform["p"] as? [String: Any])?["k"] as? [[String: Any]])
        #expect(keys.map { $0["t"] as? Int } == [0, 2, 7, 10])
        #expect(keys[0]["h"] as? Int == 1 && keys[2]["h"] as? Int == 1 && keys.last?["h"] == nil)
        #expect((keys[1]["o"] as? [String: [Double]]) == ["x": [0.42], "y": [0]] && (keys[1]["i"] as? [String: [Double]]) == ["x": [1], "y": [1]])
        #expect(keys[1]["s"] as? [Double] == [50, 50] && keys[2]["s"] as? [Double] == [150, 50])
        // A spring is no cubic curve: baked, a key at every frame it moves.
        let dot = try #require((layer(json, "dot")?["ks"] as? [String: Any])?["p"] as? [String: Any])
        #expect(((dot["k"] as? [[String: Any]])?.count ?? 0) >= 9)
        // Drawn bottom first: Lottie lists the top layer first, then the nulls.
        let names = layers(json).compactMap { $0["nm"] as? String }
        #expect(names.prefix(4) == ["tickContent", "dotContent", "cardContent", "Background"], "\(names)")
    }

    @Test func anExportAvoidsWhatLottieIOSsCoreAnimationEngineCannotPlay() throws {
        let (json, _) = try export(Self.card)
        let shapeGroups = groups(layers(json).flatMap { $0["shapes"] as? [[String: Any]] ?? [] })
        #expect(!shapeGroups.isEmpty)
        for items in shapeGroups {
            let types = items.compactMap { $0["ty"] as? String }
            // A trim never shares a group with a fill; transforms inside groups are identities.
            if types.contains("tm") { #expect(!types.contains("fl") && !types.contains("gf"), "\(types)") }
            for transform in items where transform["ty"] as? String == "tr" {
                #expect((transform["s"] as? [String: Any])?["k"] as? [Double] == [100, 100])
            }
            // Dashes are static.
            for stroke in items where stroke["ty"] as? String == "st" {
                for dash in stroke["d"] as? [[String: Any]] ?? [] { #expect((dash["v"] as? [String: Any])?["a"] as? Int == 0) }
            }
        }
        let text = String(decoding: try JSONSerialization.data(withJSONObject: json), as: UTF8.self)
        #expect(!text.contains("\"x\":\"") && !text.contains("\"tm\":{") && !text.contains("\"ty\":5"), "no expressions, time remaps or text layers")
    }

    @Test func aStrokesMiterLimitAndDashPhaseAreItsMlAndDashOffset() throws {
        let text = Self.card.replacingOccurrences(of: "stroke: { color: \"#000000\", width: 2, dash: [3] }",
                                                  with: "stroke: { color: \"#000000\", width: 2, dash: [3, 2], dashPhase: 1.5, join: miter, miterLimit: 2 }")
        let (json, _) = try export(text)
        let strokes = groups(layers(json).flatMap { $0["shapes"] as? [[String: Any]] ?? [] }).flatMap { $0 }.filter { $0["ty"] as? String == "st" }
        let dashed = try #require(strokes.first { $0["d"] != nil })
        #expect(dashed["ml"] as? Double == 2 && dashed["lj"] as? Double == 1)
        let offset = try #require((dashed["d"] as? [[String: Any]])?.first { $0["n"] as? String == "o" })
        #expect((offset["v"] as? [String: Any])?["k"] as? Double == 1.5)
        #expect(strokes.contains { $0["d"] == nil && $0["ml"] as? Double == 10 }, "an undashed stroke keeps Core Animation's limit")
    }

    @Test func aTranslucentGroupIsAPrecompAndItsChildrenDrawInside() throws {
        let (json, _) = try export(Self.card.replacingOccurrences(of: "fill: \"#1E6FD9\"", with: "fill: \"#1E6FD9\"\n    opacity: 0.5"))
        let group = try #require(layer(json, "cardGroup"))
        #expect(group["ty"] as? Int == 0 && (group["ks"] as? [String: Any]).flatMap { ($0["o"] as? [String: Any])?["k"] as? Double } == 50)
        let asset = try #require((json["assets"] as? [[String: Any]])?.first { $0["id"] as? String == group["refId"] as? String })
        let inside = (asset["layers"] as? [[String: Any]] ?? []).compactMap { $0["nm"] as? String }
        #expect(inside.contains("dotContent") && inside.contains("cardContent") && inside.contains("Origin"), "\(inside)")
        // Inside, the children are seen at their own opacity: the group's is the precomp's.
        let dot = try #require(layer(json, "dotContent"))
        #expect(((dot["ks"] as? [String: Any])?["o"] as? [String: Any])?["k"] as? Double == 100)
    }

    @Test func clippedChildrenAreAPrecompMaskedByTheBoundsAndBlurIsTheGaussianBlurEffect() throws {
        let text = Self.card.replacingOccurrences(of: "fill: \"#1E6FD9\"", with: "fill: \"#1E6FD9\"\n    clips: true\n    cornerRadius: 8\n    blur: 2")
        let (json, notExported) = try export(text)
        let clip = try #require(layer(json, "cardClip"))
        #expect(clip["ty"] as? Int == 0 && clip["hasMask"] as? Bool == true)
        let mask = try #require((clip["masksProperties"] as? [[String: Any]])?.first)
        #expect(mask["mode"] as? String == "a")
        #expect(notExported.isEmpty, "\(notExported)")
        // Blurred with its children: a precomp with Gaussian blur of blurriness σ ÷ 0.3.
        let blur = try #require((layer(json, "cardGroup")?["ef"] as? [[String: Any]])?.first)
        #expect(blur["ty"] as? Int == 29)
        let blurriness = try #require((((blur["ef"] as? [[String: Any]])?.first)?["v"] as? [String: Any])?["k"] as? Double)
        #expect(abs(blurriness - 2 / 0.3) < 1e-9)
        // Every composition numbers its layers once each, and parents name layers in it.
        for composition in [layers(json)] + ((json["assets"] as? [[String: Any]]) ?? []).compactMap({ $0["layers"] as? [[String: Any]] }) {
            let numbers = composition.compactMap { $0["ind"] as? Int }
            #expect(Set(numbers).count == numbers.count, "\(numbers)")
            #expect(composition.compactMap { $0["parent"] as? Int }.allSatisfy(numbers.contains))
        }
    }

    @Test func aRoundedRectangleIsDrawnAsCairoDrawsItWhenItsStrokeIsDashed() throws {
        let (json, _) = try export(Self.card)
        let dot = try #require(layer(json, "dotContent")?["shapes"] as? [[String: Any]])
        let geometry = try #require(groups(dot).first?.first)
        #expect(geometry["ty"] as? String == "sh", "a dashed ellipse is a path from its rightmost point")
        let shape = try #require((geometry["ks"] as? [String: Any])?["k"] as? [String: Any])
        #expect((shape["v"] as? [[Double]])?.first == [10, 5] && shape["c"] as? Bool == true)
    }

    @Test func textIsItsOutline() throws {
        let square = try SVGPath(parsing: "M 0 0 L 4 0 L 4 4 Z")
        let (json, _) = try export("""
            canvas: { size: [100, 40] }
            render: { fps: 10, duration: 0.2 }
            layers:
              - { id: label, shape: text, text: Hi, position: [50, 20], size: [80, 30], color: "#FF0000" }
            """, outline: { values, _ in values.text == "Hi" ? square : SVGPath() })
        let shapes = try #require(layer(json, "labelContent")?["shapes"] as? [[String: Any]])
        let glyphs = try #require(groups(shapes).first)
        #expect(glyphs.compactMap { $0["ty"] as? String } == ["sh", "fl", "tr"])
        #expect((glyphs[1]["c"] as? [String: Any])?["k"] as? [Double] == [1, 0, 0, 1])
    }

    /// A card masked by `mask` (its `maskMode` `mode`).
    static func masked(_ mask: String, mode: String = "alpha") -> String {
        """
        canvas: { size: [100, 100] }
        render: { fps: 10, duration: 0.2 }
        layers:
          - id: card
            shape: rect
            position: [50, 50]
            size: [80, 80]
            fill: "#1E6FD9"
            maskMode: \(mode)
            mask: \(mask)
        """
    }

    @Test func aMaskOfWhitePathsIsWrittenAsTheLayersMasks() throws {
        let (json, notExported) = try export(Self.masked("""
            { id: window, shape: group, size: [80, 80], anchor: [0, 0], children: [
                    { id: hole, shape: path, path: "M 10 10 L 50 10 L 50 50 Z", fill: "#FFFFFF", anchor: [0, 0] },
                    { id: bite, shape: path, path: "M 0 0 L 20 0 L 20 20 Z", fill: "#FFFFFF80", anchor: [0, 0], blendMode: destinationOut } ] }
            """))
        #expect(notExported.isEmpty, "\(notExported)")
        let group = try #require(layer(json, "cardGroup"))
        #expect(group["ty"] as? Int == 0 && group["hasMask"] as? Bool == true && group["tt"] == nil)
        let masks = try #require(group["masksProperties"] as? [[String: Any]])
        #expect(masks.map { $0["mode"] as? String } == ["a", "s"] && masks.map { $0["inv"] as? Bool ?? false } == [false, false])
        let opacity = try #require((masks[1]["o"] as? [String: Any])?["k"] as? Double)
        #expect(abs(opacity - 12800 / 255) < 1e-9, "the bite's fill alpha as the mask's opacity")
        // In the precomp's coordinates: the card's top-left corner at the precomp's reach.
        let outline = try #require((masks[0]["pt"] as? [String: Any])?["k"] as? [String: Any])
        let corner: Double = 8192 + 10   // the precomp's reach, then the card's top-left corner
        let expected: [[Double]] = [[corner + 10, corner + 10], [corner + 50, corner + 10], [corner + 50, corner + 50]]
        #expect(outline["v"] as? [[Double]] == expected)
    }

    @Test(arguments: [("alpha", 1), ("inverseAlpha", 2), ("luminance", 3), ("inverseLuminance", 4)])
    func anyOtherMaskIsATrackMatteRightAboveTheLayer(mode: String, tt: Int) throws {
        let (json, notExported) = try export(Self.masked("{ id: spot, shape: ellipse, position: [40, 40], size: [40, 40], fill: \"#FF0000\" }", mode: mode))
        #expect(notExported.isEmpty, "\(notExported)")
        let top = layers(json)
        let matted = try #require(top.firstIndex { $0["nm"] as? String == "cardGroup" })
        #expect(matted > 0 && top[matted]["tt"] as? Int == tt && top[matted]["masksProperties"] == nil)
        #expect(top[matted - 1]["nm"] as? String == "spotMatte" && top[matted - 1]["td"] as? Int == 1)
        let asset = try #require((json["assets"] as? [[String: Any]])?.first { $0["id"] as? String == top[matted - 1]["refId"] as? String })
        #expect((asset["layers"] as? [[String: Any]] ?? []).contains { $0["nm"] as? String == "spotContent" })
    }

    @Test func whatCannotBeSaidIsNotedWithThePropertysPath() throws {
        let (_, notExported) = try export("""
            canvas: { size: [100, 100] }
            render: { fps: 10, duration: 0.2 }
            layers:
              - { id: pane, shape: rect, size: [50, 50], fill: "#FFFFFF80", backdropBlur: 4 }
            """)
        #expect(notExported.map(\.path) == ["layers.pane.backdropBlur"])
    }

    @Test func anInverseFillRuleFillsARectangleFarAroundThePathEvenOdd() throws {
        let (json, notExported) = try export("""
            canvas: { size: [100, 100] }
            render: { fps: 10, duration: 0.2 }
            layers:
              - { id: frame, shape: path, path: "M 10 10 L 40 10 L 40 40 Z", fill: "#FF0000", fillRule: inverseNonZero, size: [50, 50] }
            """)
        #expect(notExported.isEmpty, "\(notExported)")
        let shapes = layer(json, "frameContent")?["shapes"] as? [[String: Any]] ?? []
        let fill = try #require(groups(shapes).first)
        #expect(fill.compactMap { $0["ty"] as? String } == ["sh", "sh", "fl", "tr"])
        #expect(fill[2]["r"] as? Int == 2)
    }

    /// The card translucent, clipping, casting a shadow and filled with a gradient: a precomp,
    /// a masked precomp, a drop shadow effect and a gradient fill besides the card's shapes.
    static let everything = card.replacingOccurrences(of: "fill: \"#1E6FD9\"", with: """
        fill: { linear: { from: [0, 0], to: [1, 1], stops: [[0, "#1E6FD9"], [1, "#FFFFFF80"]] } }
            opacity: 0.5
            clips: true
            cornerRadius: 8
            shadow: { color: "#000000", offset: [0, 4], radius: 6, opacity: 0.3 }
        """)

    /// Every key the writer writes is one of the model's: read into the model and written
    /// again, an export is the same text.
    @Test(arguments: [false, true])
    func anExportReadsBackIntoTheModelAsTheSameText(everything: Bool) throws {
        let text = try exported(everything ? Self.everything : Self.card).text
        let root = try #require(JSONValue.parse(Array(text.utf8)))
        var notes = LottieNotes()
        #expect(LottieAnimation.decode(root, at: "", notes: &notes).json.compact() == text)
        for key in ["\"ef\":[", "\"masksProperties\":[", "\"ty\":\"gf\"", "\"ty\":0,"] { #expect(text.contains(key) == everything, "\(key)") }
    }

    @Test func aSecondExportOfTheSameWriterIsTheSame() throws {
        let loaded = try SceneLoader.parse(Array(Self.everything.utf8), file: "export.yaml")
        let evaluation = try loaded.evaluate().evaluation
        var writer = LottieWriter(frames: [0, 1].map { evaluation.presentation(at: loaded.scene.frameRate.time(ofFrame: $0)) },
                                  frameRate: loaded.scene.frameRate.framesPerSecond, textOutline: { _, _ in SVGPath() }, imageBytes: { _ in nil })
        let first = writer.json(name: "export")
        #expect(writer.json(name: "export") == first)
    }

    @Test(arguments: [LottieLayer.Kind.precomp, .solid, .image, .null, .shape, .text, .other(7)])
    func aLayerMadeOfAKindIsOfThatKind(kind: LottieLayer.Kind) {
        #expect(LottieLayer(kind: kind).kind == kind)
    }
}

/// Issue #50: a layer's colour filters are written as the effects the reader maps to them, and
/// what Lottie cannot say of them (an invert, a skew) is noted.
@Suite struct LottieFilterExportTests {
    @Test func colourFiltersRoundTripThroughTheirAfterEffectsEffects() throws {
        let scene = """
            canvas: { size: [40, 40] }
            render: { fps: 10, duration: 0.2 }
            layers:
              - id: card
                size: [20, 20]
                position: [20, 20]
                fill: "#808080"
                blur: 2
                blurDirection: horizontal
                filters:
                  - { fill: { color: "#FF0000", opacity: 0.5 } }
                  - { tint: { black: "#000080", white: "#FFFF00", amount: 0.75 } }
                  - { tritone: { highlights: "#FFFFFF", midtones: "#00FF00", shadows: "#000000", blend: 0.25 } }
                  - { levels: { inputBlack: 0.1, inputWhite: 0.9, gamma: 1.5, outputBlack: 0.05, outputWhite: 0.95 } }
                  - { invert: { amount: 1 } }
            """
        let written = try exported(scene)
        #expect(written.notExported.map(\.feature).contains { $0.hasPrefix("invert filter") })
        let reread = try SceneLoader.parse(Array(written.text.utf8), file: "export.json")
        let card = try #require(reread.scene.layers.nodes.first { !$0.style.filters.isEmpty })
        let original = try SceneLoader.parse(Array(scene.utf8), file: "export.yaml")
        let filters = try #require(original.scene.layers.nodes.first { $0.id == "card" }?.style.filters)
        #expect(card.style.filters == Array(filters.dropLast()))
        #expect(reread.scene.layers.nodes.contains { $0.style.blurDirection == .horizontal })
    }
}
