import Testing
import ZoetropeCore
@testable import ZoetropeFormat

/// A track's `tangents` (a motion path through its values, After Effects' spatial keyframes):
/// read, checked with the path and the expectation of each problem, and written back.
@Suite struct TrackTangentsTests {
    private static func scene(_ track: String) -> String {
        """
        canvas: { size: [100, 100] }
        layers: [ { id: dot, size: [4, 4] } ]
        animators:
          - id: arc
            duration: 1
            animations:
              - track: \(track)
        script: [ { at: 0, start: arc } ]
        """
    }

    private func problems(_ text: String) -> [String] {
        do {
            _ = try SceneLoader.parse(Array(text.utf8), file: "scenes/test.yaml")
            return []
        } catch {
            return error.diagnostics.map(\.description)
        }
    }

    @Test func tangentsAreReadAndWrittenBack() throws {
        let text = Self.scene("{ key: dot.position, values: [[0, 0], [100, 0], [100, 50]], tangents: [[[0, 100], [0, 100]], [[0, 0], [0, 0]]] }")
        let scene = try SceneLoader.parse(Array(text.utf8), file: "scenes/arc.yaml").scene
        let track = try #require(scene.animators.first?.blocks.first?.tracks.first?.track)
        #expect(track.tangents == [SpatialTangents(out: Vector2(0, 100), into: Vector2(0, 100)), nil])
        guard case .vector(let top) = track.value(at: 0.25) else { Issue.record("not a point"); return }
        #expect(abs(top.x - 50) < 1e-9 && abs(top.y - 75) < 1e-9)
        let written = try SceneWriter.yaml(scene)
        #expect(written.contains("tangents: [[[0, 100], [0, 100]], [[0, 0], [0, 0]]]"), "\(written)")
        #expect(try SceneLoader.parse(Array(written.utf8), file: "scenes/arc.yaml").scene == scene)
    }

    @Test func badTangentsAreReportedAtTheirPath() {
        #expect(problems(Self.scene("{ key: dot.position, values: [[0, 0], [100, 0]], tangents: [[[0, 100]]] }"))
                == ["scenes/test.yaml: animators[arc].animations[0].track.tangents[0]: expected [[outX, outY], [inX, inY]]: the control points relative to the segment's ends (found a list)"])
        #expect(problems(Self.scene("{ key: dot.position, values: [[0, 0], [100, 0]], tangents: [[[0, 1], [0, 1]], [[0, 1], [0, 1]]] }"))
                == ["scenes/test.yaml: animators[arc].animations[0].track.tangents: tangents must have one entry per segment (1) (found 2)"])
        #expect(problems(Self.scene("{ key: dot.opacity, values: [0, 1], tangents: [[[0, 1], [0, 1]]] }"))
                == ["scenes/test.yaml: animators[arc].animations[0].track.tangents: tangents curve a track of points, such as a position"])
        #expect(problems(Self.scene("{ key: dot.position, path: \"M 0 0 L 10 10\", tangents: [[[0, 1], [0, 1]]] }"))
                == ["scenes/test.yaml: animators[arc].animations[0].track.tangents: a motion path takes no tangents: it moves at constant speed along the path"])
    }
}
