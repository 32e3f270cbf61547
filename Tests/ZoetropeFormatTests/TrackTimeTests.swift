import Testing
import ZoetropeCore
@testable import ZoetropeFormat

/// A track's `time` (where it is read at each of its animator's times: a Lottie precomp's time
/// remap): read, evaluated, written back, and what a Lottie time remap becomes.
@Suite struct TrackTimeTests {
    private static func scene(_ track: String) -> String {
        """
        canvas: { size: [100, 100] }
        layers: [ { id: dot, size: [4, 4] } ]
        animators:
          - id: play
            duration: 1
            animations:
              - track: \(track)
        script: [ { at: 0, start: play } ]
        """
    }

    @Test func aTrackIsReadWhereItsTimeSaysAndWrittenBack() throws {
        // Forward over the first half, back over the second, eased.
        let text = Self.scene("{ key: dot.opacity, values: [0, 1], time: { times: [0, 1, 0], keyTimes: [0, 0.5, 1], timingFunctions: [linear, easeIn] } }")
        let scene = try SceneLoader.parse(Array(text.utf8), file: "scenes/remap.yaml").scene
        let track = try #require(scene.animators.first?.blocks.first?.tracks.first?.track)
        #expect(track.value(at: 0.25) == .number(0.5))
        #expect(track.value(at: 0.5) == .number(1))
        let easeIn = CubicTimingParameters.easeIn.progress(atFraction: 0.5)
        guard case .number(let back) = track.value(at: 0.75) else { Issue.record("not a number"); return }
        #expect(abs(back - (1 - easeIn)) < 1e-12)
        let written = try SceneWriter.json(scene)
        #expect(written.contains("\"times\": [0, 1, 0]"), "\(written)")
        #expect(try SceneLoader.parse(Array(written.utf8), file: "scenes/remap.json").scene == scene)
    }

    @Test func aBadTimeIsReportedAtItsPath() {
        func problems(_ time: String) -> [String] {
            do {
                _ = try SceneLoader.parse(Array(Self.scene("{ key: dot.opacity, values: [0, 1], time: \(time) }").utf8), file: "scenes/test.yaml")
                return []
            } catch {
                return error.diagnostics.map(\.description)
            }
        }
        #expect(problems("{ times: [0, 1], keyTimes: [0.5, 1] }")
                == ["scenes/test.yaml: animators[play].animations[0].track.time.keyTimes: keyTimes must start at 0 and end at 1"])
        #expect(problems("{ times: [0, 1] }") == ["scenes/test.yaml: animators[play].animations[0].track.time.keyTimes: required: a list of keyframe times within 0…1"])
        #expect(problems("{ times: [0, 2], keyTimes: [0, 1] }").first?.contains("time.times[1]") == true)
    }

    /// A precomp whose time remap plays its 60 frames forward and back; inside, a layer's
    /// opacity eased from 0 to 100 over them.
    private static let remapped = #"""
    {"fr": 30, "ip": 0, "op": 60, "w": 10, "h": 10,
     "assets": [{"id": "inner", "layers": [{"ty": 1, "nm": "dot", "sw": 10, "sh": 10, "sc": "#ff0000", "ip": 0, "op": 60, "st": 0,
        "ks": {"o": {"a": 1, "k": [{"t": 0, "s": [0], "o": {"x": [0.4], "y": [0]}, "i": {"x": [0.6], "y": [1]}}, {"t": 60, "s": [100]}]}}}]}],
     "layers": [{"ty": 0, "nm": "comp", "refId": "inner", "w": 10, "h": 10, "ip": 0, "op": 60, "st": 0,
       "tm": {"a": 1, "k": [{"t": 0, "s": [0], "o": {"x": [0.3], "y": [0]}, "i": {"x": [0.7], "y": [1]}}, {"t": 30, "s": [2]}, {"t": 60, "s": [0]}]}}]}
    """#

    @Test func keysInsideATimeRemapAreExactAtAnyInstant() throws {
        let loaded = try SceneLoader.parse(Array(Self.remapped.utf8), file: "remap.json")
        let tracks = loaded.scene.animators.flatMap { $0.blocks.flatMap(\.tracks) }
        let opacity = try #require(tracks.first { $0.target.property == .opacity })
        #expect(opacity.track.time != nil, "the inner opacity is a track read along the remap, not values taken at every frame")
        // The file's own curves, composed: the remap's frame at a root frame, then the opacity there.
        func eased(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double, _ f: Double) throws -> Double {
            try CubicTimingParameters(controlPoint1: Vector2(x1, y1), controlPoint2: Vector2(x2, y2)).progress(atFraction: f)
        }
        let evaluation = SceneEvaluation(scene: loaded.scene, horizon: 10)
        let index = try #require(loaded.scene.layers.index(of: "dot"))
        for rootFrame in [3.3, 17.75, 29.5, 41.2] {
            let innerFrame = rootFrame <= 30 ? 60 * (try eased(0.3, 0, 0.7, 1, rootFrame / 30)) : 60 * (1 - (rootFrame - 30) / 30)
            let expected = try eased(0.4, 0, 0.6, 1, innerFrame / 60)
            let found = evaluation.presentation(at: rootFrame / 30).values[index].opacity
            #expect(abs(found - expected) < 1e-9, "root frame \(rootFrame): \(found), expected \(expected)")
        }
    }

    @Test func aPathWhoseSidesTurnFromStraightToCurvedMorphs() throws {
        // Key 0: a straight side; key 1: the same side curved. Midway it is half curved, not a jump.
        let json = #"""
        {"fr": 30, "ip": 0, "op": 30, "w": 100, "h": 100, "layers": [{"ty": 4, "ip": 0, "op": 30, "st": 0, "ks": {}, "shapes": [
          {"ty": "sh", "ks": {"a": 1, "k": [
            {"t": 0, "s": [{"c": false, "v": [[0, 0], [100, 0]], "i": [[0, 0], [0, 0]], "o": [[0, 0], [0, 0]]}]},
            {"t": 30, "s": [{"c": false, "v": [[0, 0], [100, 0]], "i": [[0, 0], [0, 60]], "o": [[0, 60], [0, 0]]}]}]}},
          {"ty": "st", "c": {"a": 0, "k": [0, 0, 0]}, "o": {"a": 0, "k": 100}, "w": {"a": 0, "k": 2}}]}]}
        """#
        let loaded = try SceneLoader.parse(Array(json.utf8), file: "morph.json")
        let evaluation = SceneEvaluation(scene: loaded.scene, horizon: 10)
        let stroke = try #require(loaded.scene.layers.nodes.firstIndex { $0.id.hasSuffix("Stroke") })
        let midway = evaluation.presentation(at: 0.5).values[stroke].path
        #expect(midway.segments == [.move(Vector2(0, 0)), .cubic(Vector2(0, 30), Vector2(100, 30), Vector2(100, 0))], "\(midway.segments)")
    }
}
