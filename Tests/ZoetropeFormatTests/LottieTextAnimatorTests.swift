import Foundation
import Testing
import ZoetropeCore
import ZoetropeFormat

/// A text layer "Title" setting `text` at size 100 in a glyph that is a 50-wide square (so
/// glyph i starts at x = 50 i and turns about x = 50 i + 25 on the baseline), under `animators`
/// (JSON text); 30 fps, frames 0 to 60.
private func textFile(_ text: String, animators: String) -> String {
    let square = #"{"ty": "sh", "ks": {"a": 0, "k": {"c": true, "v": [[0, -50], [50, -50], [50, 0], [0, 0]], "i": [[0, 0], [0, 0], [0, 0], [0, 0]], "o": [[0, 0], [0, 0], [0, 0], [0, 0]]}}}"#
    let chars = #"[{"ch": "I", "size": 100, "style": "Bold", "fFamily": "Block", "w": 50, "data": {"shapes": [{"ty": "gr", "it": [\#(square)]}]}}, {"ch": " ", "size": 100, "style": "Bold", "fFamily": "Block", "w": 50, "data": {}}]"#
    let document = #"{"s": {"s": 100, "f": "Block-Bold", "t": "\#(text)", "j": 0, "tr": 0, "lh": 120, "fc": [0, 0, 1]}, "t": 0}"#
    let layer = #"{"ty": 5, "nm": "Title", "ind": 1, "ip": 0, "op": 60, "st": 0, "ks": {}, "t": {"d": {"k": [\#(document)]}, "a": \#(animators)}}"#
    return #"{"v": "5.7.0", "fr": 30, "ip": 0, "op": 60, "w": 300, "h": 100, "fonts": {"list": [{"fName": "Block-Bold", "fFamily": "Block", "fStyle": "Bold", "ascent": 70}]}, "chars": \#(chars), "layers": [\#(layer)]}"#
}

/// An animator fading its glyphs to opacity 0 and raising them 40 points, by `selector`.
private func fadeAndRaise(_ selector: String) -> String {
    #"[{"nm": "Animator 1", "s": \#(selector), "a": {"o": {"a": 0, "k": 0}, "p": {"a": 0, "k": [0, -40, 0]}}}]"#
}

private func read(_ text: String) throws(SceneLoadError) -> LoadedScene {
    try SceneLoader.parse(Array(text.utf8), file: "test.json")
}

/// The presentation of layer `id` at Lottie frame `frame` (30 fps), nil when there is no such layer.
private func values(_ loaded: LoadedScene, _ id: String, atFrame frame: Double) -> LayerValues? {
    guard let index = loaded.scene.layers.index(of: id) else { return nil }
    return SceneEvaluation(scene: loaded.scene, horizon: 100).presentation(at: frame / 30).values[index]
}

/// Values of a unit's transform and opacity are compared to this (they are interpolated between
/// rendered frames, and at a rendered frame are the selector's exact value).
private let tolerance = 1e-9

@Suite struct LottieTextAnimatorTests {
    @Test func aRampUpSelectorInPercentOfCharactersFadesAndRaisesEachGlyphByItsShareAtEveryFrame() throws {
        // Start 0 %, end 100 %, offset keyed linearly from −100 % (frame 0) to 0 % (frame 30):
        // over 4 characters the range runs from −4 + 4·f/30 to 4·f/30 units, and glyph i is
        // selected by (i + ½ − start) / 4, clamped to 0…1. Opacity is then 1 − amount (lottie-web's
        // o · amount approached by the amount, o = 0), the rise 40 · amount.
        let offset = #"{"a": 1, "k": [{"t": 0, "s": [-100], "o": {"x": [0], "y": [0]}, "i": {"x": [1], "y": [1]}}, {"t": 30, "s": [0]}]}"#
        let selector = #"{"t": 0, "r": 1, "b": 1, "sh": 2, "s": {"a": 0, "k": 0}, "e": {"a": 0, "k": 100}, "o": \#(offset), "a": {"a": 0, "k": 100}}"#
        let loaded = try read(textFile("IIII", animators: fadeAndRaise(selector)))
        #expect(loaded.unsupported.isEmpty, "\(loaded.unsupported)")
        let expected: [(frame: Double, amounts: [Double])] = [
            (0, [1, 1, 1, 1]),
            (15, [0.625, 0.875, 1, 1]),
            (30, [0.125, 0.375, 0.625, 0.875]),
        ]
        for (frame, amounts) in expected {
            for (glyph, amount) in amounts.enumerated() {
                let group = try #require(values(loaded, "titleGlyph\(glyph)", atFrame: frame))
                #expect(abs(group.opacity - (1 - amount)) < tolerance, "glyph \(glyph) at frame \(frame): opacity \(group.opacity)")
                #expect(abs(group.position.y - -40 * amount) < tolerance, "glyph \(glyph) at frame \(frame): \(group.position)")
                #expect(abs(group.position.x - (50 * Double(glyph) + 25)) < tolerance)
            }
        }
        // Each glyph's own outline is drawn about its pivot, in the document's fill colour.
        let fill = try #require(values(loaded, "titleGlyph1Fill", atFrame: 0))
        #expect(fill.fill == Color(red: 0, green: 0, blue: 1))
        #expect(fill.path.segments.first == .move(Vector2(-25, -50)))
    }

    @Test func aSquareSelectorInIndicesSelectsTheShareOfEachCharacterWithinItAndLeavesTheRestInTheOutline() throws {
        // Units 1 to 2.5 of "IIII": glyph 1 wholly, glyph 2 half, glyphs 0 and 3 not at all
        // (they stay in the one outline).
        let selector = #"{"t": 0, "r": 2, "b": 1, "sh": 1, "s": {"a": 0, "k": 1}, "e": {"a": 0, "k": 2.5}, "a": {"a": 0, "k": 100}}"#
        let loaded = try read(textFile("IIII", animators: fadeAndRaise(selector)))
        #expect(loaded.unsupported.isEmpty, "\(loaded.unsupported)")
        #expect(values(loaded, "titleGlyph0", atFrame: 0) == nil && values(loaded, "titleGlyph3", atFrame: 0) == nil)
        let whole = try #require(values(loaded, "titleGlyph1", atFrame: 10))
        #expect(whole.opacity == 0 && whole.position == Vector2(75, -40))
        let half = try #require(values(loaded, "titleGlyph2", atFrame: 10))
        #expect(abs(half.opacity - 0.5) < tolerance && half.position == Vector2(125, -20))
        let outline = try #require(values(loaded, "titleFill", atFrame: 0))
        let starts = outline.path.segments.compactMap { if case .move(let p) = $0 { p } else { nil } }
        #expect(starts == [Vector2(0, -50), Vector2(150, -50)])
    }

    @Test func aSelectorBasedOnWordsSelectsWholeWordsAndSpacesCountWithTheWordBefore() throws {
        // "II II" is two words; index units 1 to 2 select the second word's two glyphs.
        let selector = #"{"t": 0, "r": 2, "b": 3, "sh": 1, "s": {"a": 0, "k": 1}, "e": {"a": 0, "k": 2}}"#
        let loaded = try read(textFile("II II", animators: fadeAndRaise(selector)))
        #expect(values(loaded, "titleGlyph1", atFrame: 0) == nil)
        #expect(values(loaded, "titleGlyph3", atFrame: 0)?.opacity == 0)
        #expect(values(loaded, "titleGlyph4", atFrame: 0)?.position == Vector2(225, -40))
    }

    @Test func trackingOpensSpaceBeforeTheGlyphsItSelectsInThousandthsOfTheSize() throws {
        // 200 thousandths of size 100 over every glyph of a left-justified line: each glyph
        // but the first moves 20 points further than the one before.
        let animators = #"[{"s": {"t": 0, "r": 1, "b": 1, "sh": 1}, "a": {"t": {"a": 0, "k": 200}}}]"#
        let loaded = try read(textFile("III", animators: animators))
        #expect(values(loaded, "titleGlyph0", atFrame: 0) == nil)
        #expect(values(loaded, "titleGlyph1", atFrame: 0)?.position == Vector2(95, 0))
        #expect(values(loaded, "titleGlyph2", atFrame: 0)?.position == Vector2(165, 0))
    }

    @Test func anExpressionSelectorIsReportedAndItsAnimatorLeftOut() throws {
        let animators = #"[{"s": {"t": 2, "sh": 1}, "a": {"o": {"a": 0, "k": 0}}}]"#
        let loaded = try read(textFile("II", animators: animators))
        #expect(loaded.unsupported.map(\.description) == ["test.json: layers[0].t.a[0].s.t: expression selectors: drawn without this animator"])
        #expect(values(loaded, "titleGlyph0", atFrame: 0) == nil)
        let outline = try #require(values(loaded, "titleFill", atFrame: 0))
        #expect(outline.path.segments.filter { if case .move = $0 { true } else { false } }.count == 2)
    }
}

@Suite struct LottieTextAnimatorKeyTests {
    @Test func underAFixedSelectorAKeyedPropertyStaysKeysOnEachGlyph() throws {
        // Opacity keyed 100 → 0 over frames 0…30 with an ease, selecting glyph 1 wholly and
        // glyph 2 half (index units 1 to 2.5): each glyph's opacity is a track of the same two
        // keys (1 + (o·m − 1)·m at each), eased as the file eases them, exact at any instant.
        let opacity = #"{"a": 1, "k": [{"t": 0, "s": [100], "o": {"x": [0.5], "y": [0]}, "i": {"x": [0.5], "y": [1]}}, {"t": 30, "s": [0]}]}"#
        let selector = #"{"t": 0, "r": 2, "b": 1, "sh": 1, "s": {"a": 0, "k": 1}, "e": {"a": 0, "k": 2.5}}"#
        let loaded = try read(textFile("IIII", animators: #"[{"s": \#(selector), "a": {"o": \#(opacity)}}]"#))
        let track = try #require(loaded.scene.animators.first?.blocks.first?.tracks.first { $0.target.property == .opacity }?.track)
        #expect(track.values.count <= 3, "\(track.values)")
        let curve = try CubicTimingParameters(controlPoint1: Vector2(0.5, 0), controlPoint2: Vector2(0.5, 1))
        for frame in [7.5, 12.25, 21.0] {
            let o = 1 - curve.progress(atFraction: frame / 30)
            let whole = try #require(values(loaded, "titleGlyph1", atFrame: frame)).opacity
            let half = try #require(values(loaded, "titleGlyph2", atFrame: frame)).opacity
            #expect(abs(whole - o) < 1e-6, "frame \(frame): \(whole) against \(o)")
            #expect(abs(half - (1 + (o * 0.5 - 1) * 0.5)) < 1e-6, "frame \(frame): \(half)")
        }
    }
}

@Suite struct LottieTextAnimatorLimitTests {
    @Test func aLongTextUnderAnimatorsOverManyFramesIsRefusedBeforeItsGlyphsAreWorkedOut() throws {
        // 2,000 glyphs × 15 values × 401 frames pass the 4,000,000 values evaluated (the outline,
        // 10,000 segments, and the layers are within their limits).
        let selector = #"{"t": 0, "r": 1, "b": 1, "sh": 1}"#
        let file = textFile(String(repeating: "I", count: 2_000), animators: #"[{"s": \#(selector), "a": {"o": {"a": 0, "k": 0}}}]"#)
            .replacingOccurrences(of: #""op": 60"#, with: #""op": 400"#)
        do throws(SceneLoadError) {
            _ = try read(file)
            Issue.record("expected the animation refused")
        } catch {
            #expect(error.diagnostics.contains { $0.description.contains("each of the text's 2000 glyphs is worked out") }, "\(error.diagnostics)")
        }
    }
}
