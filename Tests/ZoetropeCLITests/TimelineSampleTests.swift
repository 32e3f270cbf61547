import Foundation
import Testing

/// SPEC §3.5 end to end: timelines and groups as one playhead, pinned by `zoetrope sample`.
@Suite struct TimelineSampleTests {
    /// Samples `scene` at `times`: the samples and the completions, as parsed JSON.
    private func sample(_ scene: String, at times: [Double], in folder: URL = CommandRunner.packageRoot) throws
        -> (samples: [[String: Any]], completions: [(String, String, Double)]) {
        let result = try CommandRunner.run(["sample", scene, "--at", times.map { "\($0)" }.joined(separator: ",")], in: folder)
        #expect(result.status == 0, "\(result.stderr)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let completions = (json["completions"] as? [[String: Any]] ?? []).map {
            ($0["animator"] as? String ?? "", $0["position"] as? String ?? "", (($0["time"] as? Double ?? 0) * 1e6).rounded() / 1e6)
        }
        return (try #require(json["samples"] as? [[String: Any]]), completions)
    }

    private func value(_ sample: [String: Any], _ layer: String, _ property: String) -> Any? {
        (sample["layers"] as? [String: [String: Any]])?[layer]?[property]
    }

    private func x(_ sample: [String: Any], _ layer: String) -> Double { (value(sample, layer, "position") as? [Double])?[0] ?? .nan }

    private func status(_ sample: [String: Any], _ id: String) -> [String: Any] {
        (sample["animators"] as? [String: [String: Any]])?[id] ?? [:]
    }

    /// Every layer's values but the caption's text.
    private func picture(_ sample: [String: Any]) -> NSDictionary {
        var layers = sample["layers"] as? [String: Any] ?? [:]
        layers["caption"] = nil
        return layers as NSDictionary
    }

    // MARK: - scenes/onboarding.yaml

    @Test func reversalReplaysTheLandedSpringCardsAlongTheirOwnPath() throws {
        // Forward at 1.0 s and back at 2.6 s the playhead is at 0.8 s: the same picture.
        let (samples, completions) = try sample("scenes/onboarding.yaml", at: [1.0, 2.6, 3.0])
        #expect(picture(samples[0]) == picture(samples[1]))
        #expect(abs((status(samples[1], "intro")["playhead"] as? Double ?? 0) - 0.8) < 1e-9)
        #expect(status(samples[1], "card1In")["isReversed"] as? Bool == true)
        #expect(status(samples[1], "card1In")["state"] as? String == "active")
        #expect(x(samples[2], "card1") == -160, "back at the start of its span")
        #expect(completions.prefix(8).map { "\($0.0) \($0.1)" } == [
            "titleIn end", "card1In end", "card2In end", "card3In end",
            "fill start", "card3In start", "card2In start", "card1In start",
        ])
    }

    @Test func scrubbingAcrossChildrenBothWaysRunsNoCompletion() throws {
        let (samples, completions) = try sample("scenes/onboarding.yaml", at: [3.5, 4.0])
        // Dragged to 0.9 of 2.3 s: the bar (1.1–1.9 s) is full, the button (1.8–2.3 s) part way.
        #expect((value(samples[0], "bar", "size") as? [Double])?[0] == 280)
        let opacity = value(samples[0], "button", "opacity") as? Double ?? 0
        #expect(opacity > 0 && opacity < 1)
        #expect(status(samples[0], "intro")["isRunning"] as? Bool == false)
        // Dragged back to 0.25 (0.575 s): across the bar and two cards' starts.
        #expect((value(samples[1], "bar", "size") as? [Double])?[0] == 0)
        #expect(x(samples[1], "card3") == -160)
        #expect(x(samples[1], "card1") > -160 && x(samples[1], "card1") < 180)
        #expect(!completions.contains { $0.2 > 3.0 && $0.2 < 4.1 }, "scrubs complete nothing")
    }

    @Test func continueWithADurationFactorPlaysTheRestInThatShare() throws {
        let (samples, completions) = try sample("scenes/onboarding.yaml", at: [5.5])
        // From 0.25 at 4.1 s, the remaining playhead in 0.5 × 2.3 s.
        #expect(completions.last.map { "\($0.0) \($0.1) \($0.2)" } == "intro end 5.25")
        #expect(value(samples[0], "caption", "text") as? String == "intro completed at .end")
        #expect(x(samples[0], "card3") == 180)
    }

    // MARK: - Small scenes

    private static let base = """
        version: 1
        canvas: { size: [200, 100] }
        render: { fps: 10, duration: 6 }
        layers:
          - { id: a, shape: rect, size: [10, 10] }
          - { id: b, shape: rect, size: [10, 10] }
        animators:
          - { id: moveA, duration: 1, timing: linear, animations: [ { set: { a.position.x: 100 } } ] }
          - { id: moveB, duration: 1, timing: linear, animations: [ { set: { b.position.x: 100 } } ] }
          - { id: fadeOut, duration: 1, timing: linear, animations: [ { set: { a.opacity: 0 } } ] }
          - { id: fadeIn, duration: 1, timing: linear, animations: [ { set: { a.opacity: 1 } } ] }

        """

    private func scene(_ text: String) throws -> (TemporaryFolder, String) {
        let folder = try TemporaryFolder()
        return (folder, try folder.write("t.yaml", Self.base + text))
    }

    @Test(arguments: [("end", 100.0, 100.0), ("start", 0, 0), ("current", 100, 50)])
    func stopAndFinishAtEachPosition(position: String, a: Double, b: Double) throws {
        let (folder, path) = try scene("""
            timelines: [ { id: tl, children: [ { animator: moveA }, { animator: moveB } ] } ]
            script:
              - { at: 0, start: tl }
              - { at: 1.5, stop: tl, withoutFinishing: false }
              - { at: 2, finish: tl, position: \(position) }
            """)
        let (samples, completions) = try sample(path, at: [1.8, 2.5], in: folder.url)
        #expect([x(samples[0], "a"), x(samples[0], "b")] == [100, 50], "stopped where it was")
        #expect(status(samples[0], "tl")["state"] as? String == "stopped")
        #expect([x(samples[1], "a"), x(samples[1], "b")] == [a, b])
        #expect(completions.last.map { "\($0.0) \($0.1) \($0.2)" } == "tl \(position) 2.0")
    }

    @Test func nestedTimeScalesCompose() throws {
        let (folder, path) = try scene("""
            timelines:
              - { id: inner, timeScale: 2, children: [ { animator: moveA }, { animator: moveB } ] }
              - { id: outer, timeScale: 2, children: [ { timeline: inner, position: 1 } ] }
            script: [ { at: 0, start: outer } ]
            """)
        let (samples, completions) = try sample(path, at: [0.5, 0.625, 0.875], in: folder.url)
        #expect(samples.map { [x($0, "a"), x($0, "b")] } == [[0, 0], [50, 0], [100, 50]])
        #expect(status(samples[2], "inner")["playhead"] as? Double == 1.5)
        #expect(status(samples[2], "outer")["playhead"] as? Double == 1.75)
        #expect(completions.suffix(2).map { "\($0.0) \($0.2)" } == ["inner 1.0", "outer 1.0"])
    }

    @Test func overlappingChildrenOfAReplacedPropertyHandOver() throws {
        let (folder, path) = try scene("""
            timelines: [ { id: tl, children: [ { animator: fadeOut, position: 0 }, { animator: fadeIn, position: 0.5 } ] } ]
            script: [ { at: 0, start: tl }, { at: 1.25, reverse: tl } ]
            """)
        let (samples, _) = try sample(path, at: [0, 0.25, 0.5, 1.0, 1.25, 1.5, 2.0, 2.25], in: folder.url)
        let opacities = samples.map { value($0, "a", "opacity") as? Double ?? .nan }
        #expect(zip(opacities, [1, 0.75, 0.5, 0.75, 0.875, 0.75, 0.5, 0.75]).allSatisfy { abs($0 - $1) < 1e-9 },
                "\(opacities): the later child neither shows before its start nor jumps at it, both ways")
    }

    @Test func aGroupReversedAfterItsShorterMemberEndedReplaysIt() throws {
        let (folder, path) = try scene("""
            animators:
              - { id: short, duration: 1, timing: linear, animations: [ { set: { a.position.x: 100 } } ] }
              - { id: long, duration: 3, timing: linear, animations: [ { set: { b.position.x: 90 } } ] }
            groups: [ { id: both, members: [short, long] } ]
            script: [ { at: 0, start: both }, { at: 2, reverse: both } ]
            """.replacingOccurrences(of: "animators:\n  - { id: short", with: "  - { id: short"))
        let (samples, completions) = try sample(path, at: [2, 3.5], in: folder.url)
        #expect([x(samples[0], "a"), x(samples[0], "b")] == [100, 60])
        #expect(abs(x(samples[1], "a") - 50) < 1e-9 && abs(x(samples[1], "b") - 15) < 1e-9, "the ended member plays back")
        #expect(completions.map { "\($0.0) \($0.1) \($0.2)" } == ["short end 1.0", "short start 4.0", "long start 4.0", "both start 4.0"])
    }

    @Test func validateNamesTheEventAimedAtADrivenChildAndItsTimeline() throws {
        let (folder, path) = try scene("""
            timelines: [ { id: intro, children: [ { animator: moveA }, { animator: moveB } ] } ]
            script: [ { at: 0, start: intro }, { at: 1.2, pause: moveB } ]
            """)
        let result = try CommandRunner.run(["validate", path], in: folder.url)
        #expect(result.status == 65)
        #expect(result.stderr.contains("script[1] (1.2 s): pause \"moveB\": driven by timeline \"intro\", which is active; control the timeline"),
                "\(result.stderr)")
    }
}
