import Foundation
import Testing
import ZoetropeCore
import ZoetropeFormat

/// A 100×80 Lottie document at 30 fps of one red shape layer "Card" with `extra` keys.
private func card(_ extra: String) -> String {
    let square = #"[{"ty": "gr", "it": [{"ty": "rc", "p": {"a": 0, "k": [10, 10]}, "s": {"a": 0, "k": [20, 20]}, "r": {"a": 0, "k": 0}}, {"ty": "fl", "c": {"a": 0, "k": [1, 0, 0, 1]}, "o": {"a": 0, "k": 100}}, {"ty": "tr"}]}]"#
    let layer = #"{"ty": 4, "nm": "Card", "ind": 1, "ip": 0, "op": 60, "st": 0, "ks": {}, "shapes": \#(square)\#(extra)}"#
    return #"{"v": "5.7.0", "fr": 30, "ip": 0, "op": 60, "w": 100, "h": 80, "layers": [\#(layer)]}"#
}

/// `{"ty": 0, "v": {"a": 0, "k": value}}`: an effect parameter.
private func parameter(_ value: String) -> String { #"{"ty": 0, "v": {"a": 0, "k": \#(value)}}"# }

private func read(_ text: String) throws -> LoadedScene { try SceneLoader.parse(Array(text.utf8), file: "test.json") }

private func style(_ loaded: LoadedScene) throws -> LayerStyle {
    let index = try #require(loaded.scene.layers.index(of: "card"))
    return loaded.scene.layers.nodes[index].style
}

@Suite struct LottieEffectsTests {
    @Test func colourEffectsBecomeTheLayersFiltersInOrder() throws {
        let blank = parameter("0")
        let fill = #"{"ty": 21, "en": 1, "nm": "Fill", "ef": [\#(blank), \#(blank), \#(parameter("[0, 0.5, 1, 1]")), \#(blank), \#(blank), \#(blank), \#(parameter("0.5"))]}"#
        let tint = #"{"ty": 20, "en": 1, "nm": "Tint", "ef": [\#(parameter("[0.2, 0, 0, 1]")), \#(parameter("[1, 1, 0.6, 1]")), \#(parameter("40"))]}"#
        let tritone = #"{"ty": 23, "en": 1, "nm": "Tritone", "ef": [\#(parameter("[1, 1, 1, 1]")), \#(parameter("[0, 1, 0, 1]")), \#(parameter("[0, 0, 0, 1]")), \#(parameter("25"))]}"#
        let invert = #"{"ty": 5, "en": 1, "mn": "ADBE Invert", "nm": "Invert", "ef": [\#(parameter("1")), \#(parameter("30"))]}"#
        let levels = #"{"ty": 24, "en": 1, "nm": "Levels", "ef": [\#(blank), \#(blank), \#(blank), \#(parameter("0.1")), \#(parameter("0.9")), \#(parameter("2")), \#(parameter("0")), \#(parameter("1"))]}"#
        let loaded = try read(card(#", "ef": [\#(fill), \#(tint), \#(tritone), \#(invert), \#(levels)]"#))
        #expect(try style(loaded).filters == [
            .fill(color: Color(red: 0, green: 0.5, blue: 1), opacity: 0.5),
            .tint(black: Color(red: 0.2, green: 0, blue: 0), white: Color(red: 1, green: 1, blue: 0.6), amount: 0.4),
            .tritone(highlights: .white, midtones: Color(red: 0, green: 1, blue: 0), shadows: .black, blend: 0.25),
            .invert(amount: 0.7),
            .levels(ColorFilter.Levels(inputBlack: 0.1, inputWhite: 0.9, gamma: 2, outputBlack: 0, outputWhite: 1)),
        ])
        #expect(loaded.unsupported.isEmpty, "\(loaded.unsupported)")
    }

    @Test func anUnknownEffectAndAnimatedParametersAreReported() throws {
        let wipe = #"{"ty": 26, "nm": "Radial Wipe", "ef": []}"#
        let animated = #"{"ty": 0, "v": {"a": 1, "k": [{"t": 0, "s": [0], "o": {"x": [0], "y": [0]}, "i": {"x": [1], "y": [1]}}, {"t": 30, "s": [100]}]}}"#
        let tint = #"{"ty": 20, "en": 1, "ef": [\#(parameter("[0, 0, 0, 1]")), \#(parameter("[1, 1, 1, 1]")), \#(animated)]}"#
        let loaded = try read(card(#", "ef": [\#(wipe), \#(tint)]"#))
        let messages = loaded.unsupported.map { "\($0.path): \($0.message)" }
        #expect(messages == ["layers[0].ef[0]: effect type 26 (Radial Wipe): drawn without it",
                             "layers[0].ef[1].ef[2]: an animated effect parameter: drawn at its value at the layer's start"], "\(messages)")
        #expect(try style(loaded).filters == [.tint(black: .black, white: .white, amount: 0)])
    }

    @Test func aGaussianBlurInOneDirectionBlursAlongItOnly() throws {
        let blur = #"{"ty": 29, "ef": [\#(parameter("10")), \#(parameter("3"))]}"#
        let loaded = try read(card(#", "ef": [\#(blur)]"#))
        #expect(try style(loaded).blurDirection == .vertical)
        #expect(loaded.unsupported.isEmpty)
    }

    @Test func aDropShadowLayerStyleIsTheLayersShadowAndOtherStylesAreReported() throws {
        let shadow = #"{"ty": 1, "nm": "Drop Shadow", "c": {"a": 0, "k": [0, 0, 1, 1]}, "o": {"a": 0, "k": 50}, "a": {"a": 0, "k": 90}, "s": {"a": 0, "k": 12}, "d": {"a": 0, "k": 5}}"#
        let stroke = #"{"ty": 0, "nm": "Stroke"}"#
        let loaded = try read(card(#", "sy": [\#(shadow), \#(stroke)]"#))
        let index = try #require(loaded.scene.layers.index(of: "card"))
        let values = SceneEvaluation(scene: loaded.scene, horizon: 10).presentation(at: 0).values[index]
        #expect(values.shadowColor == Color(red: 0, green: 0, blue: 1) && values.shadowOpacity == 0.5 && values.shadowRadius == 18)
        #expect(abs(values.shadowOffset.x) < 1e-9 && abs(values.shadowOffset.y - 5) < 1e-9, "light from 90° (above): the shadow falls below")
        #expect(loaded.unsupported.map { "\($0.path): \($0.message)" } == ["layers[0].sy[1]: layer style stroke: drawn without it"])
    }

    @Test func blendModesFollowLottiesOrderAndHardMixIsReported() throws {
        #expect(try style(read(card(#", "bm": 9"#))).blendMode == .softLight)
        #expect(try style(read(card(#", "bm": 15"#))).blendMode == .luminosity)
        let add = try read(card(#", "bm": 16"#))
        #expect(try style(add).blendMode == .add)
        #expect(add.unsupported.isEmpty)
        let hardMix = try read(card(#", "bm": 17"#))
        #expect(try style(hardMix).blendMode == .normal)
        #expect(hardMix.unsupported.map(\.message) == ["blend mode 17: drawn as normal"])
    }

    @Test func aColourEffectWithoutEnIsOffAsThorVGReadsIt() throws {
        let loaded = try read(card(#", "ef": [{"ty": 21, "ef": []}]"#))
        #expect(try style(loaded).filters.isEmpty)
        #expect(loaded.unsupported.map(\.path) == ["layers[0].ef[0]"])
    }

    @Test func aSceneFilesFiltersAreWrittenAndReadBackEqual() throws {
        let text = """
        version: 1
        canvas: { size: [100, 100] }
        layers:
          - id: card
            size: [40, 40]
            blur: 3
            blurDirection: horizontal
            filters:
              - fill: { color: "#00FF00", opacity: 0.5 }
              - tint: { black: "#200000", white: "#FFFF99", amount: 0.4 }
              - tritone: { highlights: white, midtones: "#00FF00", shadows: black, blend: 0.25 }
              - invert: { amount: 1 }
              - levels: { inputBlack: 0.1, inputWhite: 0.9, gamma: 2, outputBlack: 0, outputWhite: 1 }
        """
        let scene = try SceneLoader.parse(Array(text.utf8), file: "filters.yaml").scene
        let layerStyle = scene.layers.nodes[0].style
        #expect(layerStyle.filters.map(\.name) == ["fill", "tint", "tritone", "invert", "levels"])
        #expect(layerStyle.blurDirection == .horizontal)
        let back = try SceneLoader.parse(Array(try SceneWriter.json(scene).utf8), file: "filters.json").scene
        #expect(back == scene)
        let yaml = try SceneLoader.parse(Array(try SceneWriter.yaml(scene).utf8), file: "filters.yaml").scene
        #expect(yaml == scene)
    }

    @Test func aFilterItemNamingTwoFiltersIsRefused() throws {
        let text = """
        version: 1
        canvas: { size: [100, 100] }
        layers:
          - id: card
            filters:
              - { invert: { amount: 1 }, fill: { color: "#FF0000" } }
        """
        #expect(throws: (any Error).self) { try SceneLoader.parse(Array(text.utf8), file: "two.yaml") }
    }
}
