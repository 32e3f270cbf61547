import Testing
import ZoetropeCore
import ZoetropeFormat
import ZoetropeRender

/// A Lottie expression moves what is drawn: the pixels, not only the model's values.
@Suite struct LottieExpressionPixelTests {
    @Test func anExpressionMovesTheDrawnSquare() throws {
        // A red 20-point square about the layer's origin; the keys hold the layer at (10, 10),
        // the expression moves it right 60 points a second.
        let text = #"""
        {"v": "5.7.0", "fr": 30, "ip": 0, "op": 60, "w": 100, "h": 40, "layers": [
          {"ty": 4, "nm": "Box", "ind": 1, "ip": 0, "op": 60, "st": 0,
           "ks": {"p": {"a": 0, "k": [10, 10], "x": "var $bm_rt; $bm_rt = add(value, [time * 60, 0]);"}, "a": {"a": 0, "k": [0, 0]}},
           "shapes": [{"ty": "rc", "p": {"a": 0, "k": [0, 0]}, "s": {"a": 0, "k": [20, 20]}, "r": {"a": 0, "k": 0}},
                      {"ty": "fl", "c": {"a": 0, "k": [1, 0, 0, 1]}, "o": {"a": 0, "k": 100}}]}]}
        """#
        let loaded = try SceneLoader.parse(Array(text.utf8), file: "moving.json")
        #expect(loaded.unsupported.isEmpty, "\(loaded.unsupported)")
        let evaluation = SceneEvaluation(scene: loaded.scene, horizon: 2)
        let first = try RasterImage(drawing: evaluation.presentation(at: 0))
        let later = try RasterImage(drawing: evaluation.presentation(at: 0.5))
        #expect(first[10, 10].red == 255 && first[10, 10].alpha == 255)
        #expect(first[40, 10].alpha == 0)
        #expect(later[40, 10].red == 255 && later[40, 10].alpha == 255, "moved 30 points right by 0.5 s")
        #expect(later[10, 10].alpha == 0)
    }
}
