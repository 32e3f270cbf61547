import Foundation
import Testing

/// `zoetrope view`: the page's data; its behaviour in a browser is Tests/Browser/pages.py's.
@Suite struct ViewCommandTests {
    /// The JSON inlined into a viewer page.
    private func model(_ page: String) throws -> [String: Any] {
        let html = try String(contentsOfFile: page, encoding: .utf8)
        let start = try #require(html.range(of: #"<script type="application/json" id="viewer-data">"#))
        let end = try #require(html.range(of: "</script>", range: start.upperBound..<html.endIndex))
        let json = String(html[start.upperBound..<end.lowerBound]).replacingOccurrences(of: "\\u003c", with: "<")
        return try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
    }

    @Test func aSceneIsRenderedWhereItLacksFramesAndGetsAPage() throws {
        let folder = try TemporaryFolder()
        let scene = try folder.write("slide.yaml", slideScene)
        let result = try CommandRunner.run(["view", scene, "--out", folder.path("frames")])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try frameFiles(folder.path("frames")).count == 31)
        let data = try model(folder.path("frames/index.html"))
        #expect((data["frames"] as? [Any])?.count == 31)
        let events = data["events"] as? [[String: Any]] ?? []
        #expect(events.map { $0["label"] as? String } == ["start move"])
        #expect(events.first?["time"] as? Double == 0.25)
        let lanes = data["lanes"] as? [[String: Any]] ?? []
        #expect(lanes.map { $0["title"] as? String } == ["move"])
        let tracks = lanes.first?["tracks"] as? [[String: Any]] ?? []
        #expect(tracks.map { $0["name"] as? String } == ["state", "isRunning", "isReversed", "fractionComplete"])
    }

    @Test func aFolderShowsItsFramesAndSaysWhenTheSceneHasChanged() throws {
        let folder = try TemporaryFolder()
        let scene = try folder.write("slide.yaml", slideScene)
        #expect(try CommandRunner.run(["render", scene, "--frames", "0-9", "--out", folder.path("frames"), "--progress", "none"]).status == 0)
        let fresh = try CommandRunner.run(["view", folder.path("frames")])
        #expect(fresh.status == 0 && fresh.stderr.isEmpty, "\(fresh.stderr)")
        let frames = try model(folder.path("frames/index.html"))["frames"] as? [Any] ?? []
        #expect(frames.count == 31 && frames.prefix(10).allSatisfy { $0 is String } && frames[10] is NSNull, "frames not rendered are gaps")

        try folder.write("slide.yaml", slideScene.replacingOccurrences(of: "duration: 1\n", with: "duration: 1.2\n"))
        let changed = try CommandRunner.run(["view", folder.path("frames")])
        #expect(changed.status == 0)
        #expect(changed.stderr.contains("is not the scene these frames were rendered from"))
        let data = try model(folder.path("frames/index.html"))
        #expect((data["lanes"] as? [Any])?.isEmpty == true)
        #expect((data["note"] as? String)?.contains("no events or state bands") == true)
    }

    @Test func aFolderWithoutAManifestIsRefused() throws {
        let folder = try TemporaryFolder()
        let result = try CommandRunner.run(["view", folder.url.path])
        #expect(result.status == 66)
        #expect(result.stderr.contains("no readable manifest.json"))
    }
}
