import Foundation
import Testing

/// Golden frames of every seed scene, just before and after the script's events, at a quarter
/// of the size (small files, same geometry), compared with `zoetrope diff` (threshold 0.1, no
/// differing pixel allowed). Re-record with
/// `ZOETROPE_RECORD_GOLDENS=1 swift test --filter SeedGoldenTests`, then look at them.
@Suite struct SeedGoldenTests {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("SeedGoldens")

    /// Scene → frames (30 fps) around its events.
    static let scenes: [(scene: String, frames: String)] = [
        ("frog", "14,16,60,105,120"),
        ("frog-jump", "14,18,30,60,105"),
        ("square-reversing", "8,10,38,40,47,49,57,59,87"),
        ("frog-pause-scrub", "14,44,46,59,61,76,104,106,244"),
        ("frog-stop-finish", "29,31,46,74,76,89,91"),
        ("frog-reverse", "38,40,63"),
        ("frog-spring", "14,16,30,45,60,90"),
        ("frog-fling", "14,20,24,26,40,178"),
        ("frog-path", "14,30,60,104"),
        ("frog-crossfade", "14,16,44,46,61,74,76,89,91,104,106,149"),
        ("frog-crossfade-reversed", "14,44,46,74,76,90"),
        ("dismiss-transition", "8,23,25,41,43,53,62,76,104"),
        ("bloq", "14,22,24,27,35,45,65,73,85"),
        ("touch-preview", "8,23,25,32,44,50,52,62,78,92,94,102"),
        ("square", "6,8,45,68,90"),
        ("gallery", "0,45,90"),
        ("typography", "0,30,60"),
        ("onboarding", "5,7,30,53,55,89,91,104,106,122,124,157,165"),
    ]

    @Test(arguments: scenes.map(\.scene))
    func seedSceneMatchesItsGoldenFrames(scene: String) throws {
        let frames = try #require(Self.scenes.first { $0.scene == scene }?.frames)
        let rendered = try TemporaryFolder()
        let extension_ = FileManager.default.fileExists(atPath: CommandRunner.packageRoot.appendingPathComponent("scenes/\(scene).yaml").path) ? "yaml" : "json"
        let render = try CommandRunner.run(["render", "scenes/\(scene).\(extension_)", "--frames", frames, "--scale", "0.25",
                                            "--out", rendered.url.path, "--progress", "none"])
        #expect(render.status == 0, "\(render.stderr)")
        try GoldenFolder(url: Self.folder.appendingPathComponent(scene)).check(rendered.url, label: scene, failures: scene)
    }

    @Test func everySeedGoldenFolderBelongsToAScene() throws {
        let folders = (try? FileManager.default.contentsOfDirectory(atPath: Self.folder.path)) ?? []
        #expect(Set(folders.filter { !$0.hasPrefix(".") }) == Set(Self.scenes.map(\.scene)))
    }
}
