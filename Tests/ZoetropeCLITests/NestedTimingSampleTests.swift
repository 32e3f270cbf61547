import Foundation
import Testing

/// docs/scene-format.md, "Groups and timelines: one playhead", end to end: a timeline nested in
/// another moves its children on its own `timing`, pinned by `zoetrope sample`.
@Suite struct NestedTimingSampleTests {
    private let scene = """
        version: 1
        canvas: { size: [100, 100] }
        render: { fps: 10, duration: 4 }
        layers:
          - { id: a, shape: rect, position: [0, 0], size: [10, 10] }
        animators:
          - { id: m, duration: 2, timing: linear, animations: [ { set: { a.position.x: 100 } } ] }
        timelines:
          - { id: inner, timing: easeIn, children: [ { animator: m, position: 0 } ] }
          - { id: outer, children: [ { timeline: inner, position: 1 } ] }
        script:
          - { at: 0, start: outer }
        """

    @Test func nestedTimelineEasesOnItsOwnCurve() throws {
        let folder = try TemporaryFolder()
        try folder.write("nested.yaml", scene)
        let result = try CommandRunner.run(["sample", "nested.yaml", "--at", "1.5,2,2.5"], in: folder.url)
        #expect(result.status == 0, "\(result.stderr)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let samples = try #require(json["samples"] as? [[String: Any]])
        // easeIn = cubic-bezier(0.42, 0, 1, 1): at time fractions 0.25, 0.5, 0.75 of inner's 2 s
        // it has eased 0.0935…, 0.3154…, 0.6219… of the way (linear would be 25, 50, 75).
        let xs = samples.map { (($0["layers"] as? [String: [String: Any]])?["a"]?["position"] as? [Double])?[0] ?? .nan }
        let expected = [9.34647, 31.53568, 62.18619]  // cubic-bezier solved by bisection, by hand
        #expect(zip(xs, expected).allSatisfy { abs($0 - $1) < 1e-3 }, "\(xs)")
        let inner = (samples[1]["animators"] as? [String: [String: Any]])?["inner"]
        #expect(abs((inner?["playhead"] as? Double ?? 0) - 0.63071) < 1e-4, "inner's own playhead is eased")
    }
}
