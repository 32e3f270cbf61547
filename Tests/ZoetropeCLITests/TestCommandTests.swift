import Foundation
import Testing
import ZoetropeRender

/// `zoetrope test`: goldens recorded, compared, reported, accepted, merged; never written in CI.
@Suite struct TestCommandTests {
    /// A folder laid out as a project: scenes/slide.yaml, goldens/ and the report under output/.
    private final class Project {
        let folder: TemporaryFolder
        init() throws {
            folder = try TemporaryFolder()
            try FileManager.default.createDirectory(atPath: folder.path("scenes"), withIntermediateDirectories: true)
            try folder.write("scenes/slide.yaml", slideScene)
        }

        func test(_ arguments: [String], environment: [String: String] = ["CI": ""]) throws -> CommandRunner.Result {
            try CommandRunner.run(["test"] + arguments + ["--progress", "none"], in: folder.url, environment: environment)
        }

        func bytes(_ path: String) -> Data? { FileManager.default.contents(atPath: folder.path(path)) }
        func exists(_ path: String) -> Bool { FileManager.default.fileExists(atPath: folder.path(path)) }

        func report(_ folder: String = "output/test-report") throws -> [String: Any] {
            try JSONSerialization.jsonObject(with: bytes(folder + "/report.json") ?? Data()) as? [String: Any] ?? [:]
        }

        /// The status of each frame of the first scene of a report, by file name.
        func statuses(_ folder: String = "output/test-report") throws -> [String: String] {
            let scenes = try report(folder)["scenes"] as? [[String: Any]] ?? []
            let frames = scenes.first?["frames"] as? [[String: Any]] ?? []
            return Dictionary(uniqueKeysWithValues: frames.map { ($0["file"] as? String ?? "", $0["status"] as? String ?? "") })
        }
    }

    private static let moved = ["--set", "animators.move.duration=1.2"]

    @Test func aMissingGoldenFailsUntilRecordedThenPasses() throws {
        let project = try Project()
        let first = try project.test(["--frames", "5,20"])
        #expect(first.status == 1, "\(first.stderr)")
        #expect(first.stdout.contains("2 without a golden"))
        #expect(try project.statuses() == ["frame_00005.png": "missing", "frame_00020.png": "missing"])
        #expect(!project.exists("goldens/slide/frame_00005.png"), "nothing written without --update")

        let record = try project.test(["--frames", "5,20", "--update", "missing"])
        #expect(record.status == 0, "\(record.stdout)\(record.stderr)")
        #expect(project.bytes("goldens/slide/frame_00020.png") == project.bytes("output/test-report/frames/slide/frame_00020.png"))
        let golden = try JSONSerialization.jsonObject(with: project.bytes("goldens/slide/golden.json") ?? Data()) as? [String: Any]
        #expect((golden?["environment"] as? [String: Any])?["cairo"] as? String == cairoVersion)

        // With no frames chosen, the frames the golden folder holds are tested.
        let again = try project.test([])
        #expect(again.status == 0)
        #expect(again.stdout.contains("scenes/slide.yaml: 2 frames: 2 pass"))
    }

    @Test func aDifferenceFailsWithItsArtifactsAndJUnitThenIsAccepted() throws {
        let project = try Project()
        #expect(try project.test(["--frames", "5,20", "--update", "all"]).status == 0)
        let golden5 = project.bytes("goldens/slide/frame_00005.png")
        let failing = try project.test(Self.moved + ["--junit", "output/junit.xml"])
        #expect(failing.status == 1)
        #expect(failing.stdout.contains("slide/frame_00020.png (t = 1.0 s):"), "\(failing.stdout)")
        #expect(failing.stdout.contains("accept them all with: zoetrope test --accept output/test-report"))
        #expect(try project.statuses() == ["frame_00005.png": "passed", "frame_00020.png": "failed"])
        for kind in ["expected", "actual", "diff"] {
            #expect(project.exists("output/test-report/failures/slide/frame_00020.\(kind).png"), "\(kind) kept as an artifact")
        }
        let diff = try RasterImage(pngFile: project.folder.path("output/test-report/failures/slide/frame_00020.diff.png"))
        #expect(diff.pixels.contains(RasterImage.Pixel(red: 255, green: 0, blue: 0)), "differences in red")
        let junit = String(decoding: project.bytes("output/junit.xml") ?? Data(), as: UTF8.self)
        #expect(junit.contains(#"<testsuites name="zoetrope test" tests="2" failures="1" errors="0">"#))
        #expect(junit.contains(#"<failure type="visual difference" message=""#))
        #expect(junit.contains("diff: output/test-report/failures/slide/frame_00020.diff.png"))

        let accepted = try CommandRunner.run(["test", "--accept", "output/test-report", "--only", "slide/20"], in: project.folder.url, environment: ["CI": ""])
        #expect(accepted.status == 0, "\(accepted.stderr)")
        #expect(project.bytes("goldens/slide/frame_00020.png") == project.bytes("output/test-report/failures/slide/frame_00020.actual.png"))
        #expect(project.bytes("goldens/slide/frame_00005.png") == golden5)
        #expect(try project.test(Self.moved).status == 0, "the accepted frames are the goldens now")
        let unknown = try CommandRunner.run(["test", "--accept", "output/test-report", "--only", "slide/7"], in: project.folder.url, environment: ["CI": ""])
        #expect(unknown.status == 64 && unknown.stderr.contains("--only slide/7: no failing frame"))
    }

    @Test func updateChangedRewritesOnlyWhatDiffers() throws {
        let project = try Project()
        #expect(try project.test(["--frames", "5,20", "--update", "all"]).status == 0)
        let golden5 = project.bytes("goldens/slide/frame_00005.png"), golden20 = project.bytes("goldens/slide/frame_00020.png")
        let result = try project.test(Self.moved + ["--update", "changed"])
        #expect(result.status == 0, "\(result.stdout)")
        #expect(try project.statuses() == ["frame_00005.png": "passed", "frame_00020.png": "recorded"])
        #expect(project.bytes("goldens/slide/frame_00005.png") == golden5)
        #expect(project.bytes("goldens/slide/frame_00020.png") != golden20)
    }

    @Test func inCINothingIsWrittenToTheGoldens() throws {
        let project = try Project()
        let refused = try project.test(["--frames", "5", "--update", "missing"], environment: ["CI": "true"])
        #expect(refused.status == 64)
        #expect(refused.stderr.contains("CI is set, and goldens are never written in CI"))
        let missing = try project.test(["--frames", "5"], environment: ["CI": "true"])
        #expect(missing.status == 1)
        #expect(!project.exists("goldens"), "no golden folder made")
        let accept = try CommandRunner.run(["test", "--accept", "output/test-report"], in: project.folder.url, environment: ["CI": "1"])
        #expect(accept.status == 64 && !project.exists("goldens"))
    }

    @Test func orphanedGoldensAreListedAndRemovedOnlyWithPrune() throws {
        let project = try Project()
        #expect(try project.test(["--frames", "5", "--update", "missing"]).status == 0)
        let golden = project.bytes("goldens/slide/frame_00005.png") ?? Data()
        try golden.write(to: project.folder.url.appendingPathComponent("goldens/slide/frame_00099.png"))
        try FileManager.default.createDirectory(atPath: project.folder.path("goldens/gone"), withIntermediateDirectories: true)
        try golden.write(to: project.folder.url.appendingPathComponent("goldens/gone/frame_00000.png"))
        let listed = try project.test([])
        #expect(listed.status == 0)
        #expect(listed.stdout.contains("goldens no longer rendered (remove them with --prune): gone/, slide/frame_00099.png"), "\(listed.stdout)")
        #expect(project.exists("goldens/gone") && project.exists("goldens/slide/frame_00099.png"))
        let pruned = try project.test(["--prune"])
        #expect(pruned.status == 0)
        #expect(!project.exists("goldens/gone") && !project.exists("goldens/slide/frame_00099.png"))
        #expect(project.exists("goldens/slide/frame_00005.png"))
    }

    @Test func atEventsAndAtChooseTheFrames() throws {
        let project = try Project()
        // The script starts "move" at 0.25 s, frame 5 at 20 fps: frames 4 and 5 show either side.
        #expect(try project.test(["--at-events", "--at", "1.5", "--update", "missing"]).status == 0)
        #expect(try project.statuses().keys.sorted() == ["frame_00004.png", "frame_00005.png", "frame_00030.png"])
        let past = try project.test(["--at", "9"])
        #expect(past.status == 64 && past.stderr.contains("--at 9.0: past the render's end"))
    }

    @Test func settingsBesideTheGoldensSetAScenesTolerance() throws {
        let project = try Project()
        #expect(try project.test(["--frames", "20", "--update", "missing"]).status == 0)
        try project.folder.write("goldens/zoetrope-test.yaml", "threshold: 0.1\nscenes:\n  slide: { maxDiffRatio: 0.5 }\n")
        #expect(try project.test(Self.moved).status == 0, "half the pixels may differ")
        #expect(try project.test(Self.moved + ["--threshold", "0.05"]).status == 0, "the command line's threshold, the scene's ratio")
        #expect(try project.test(Self.moved + ["--max-diff-pixels", "0"]).status == 1, "both limits apply, as in diff")
        try project.folder.write("goldens/zoetrope-test.yaml", "treshold: 0.1\nscenes:\n  slide: { maxDiffRatio: 2 }\n")
        let bad = try project.test([])
        #expect(bad.status == 65)
        #expect(bad.stderr.contains("goldens/zoetrope-test.yaml: treshold: unknown setting"))
        #expect(bad.stderr.contains("goldens/zoetrope-test.yaml: scenes.slide.maxDiffRatio: must be a number within 0...1 (found 2)"))
    }

    @Test func aGoldenFromAnotherEnvironmentIsReportedAsSuch() throws {
        let project = try Project()
        #expect(try project.test(["--frames", "20", "--update", "missing"]).status == 0)
        let record = String(decoding: project.bytes("goldens/slide/golden.json") ?? Data(), as: UTF8.self)
        try project.folder.write("goldens/slide/golden.json", record.replacingOccurrences(of: "\"cairo\" : \"\(cairoVersion)\"", with: "\"cairo\" : \"1.0.0\""))
        let result = try project.test(Self.moved)
        #expect(result.status == 1)
        #expect(result.stdout.contains("its goldens were made in another render environment (cairo 1.0.0 → \(cairoVersion))"), "\(result.stdout)")
    }

    @Test func shardsReportsMergeIntoOne() throws {
        let project = try Project()
        #expect(try project.test(["--frames", "0-9", "--update", "missing"]).status == 0)
        #expect(try project.test(Self.moved + ["--shard", "0/2", "--report", "output/r0"]).status == 0)
        #expect(try project.test(Self.moved + ["--frames", "0-9,20", "--shard", "1/2", "--report", "output/r1"]).status == 1)
        #expect(try project.statuses("output/r0").count == 5)
        let merged = try CommandRunner.run(["test", "--merge", "output/r0", "output/r1", "--report", "output/merged", "--junit", "output/merged.xml"],
                                           in: project.folder.url)
        #expect(merged.status == 1, "the merged report has the failure")
        let statuses = try project.statuses("output/merged")
        #expect(statuses.count == 11 && statuses["frame_00020.png"] == "missing")
        #expect(project.exists("output/merged/failures/slide/frame_00020.actual.png"))
        let failing = statuses.values.filter { $0 == "failed" || $0 == "missing" }.count
        #expect(String(decoding: project.bytes("output/merged.xml") ?? Data(), as: UTF8.self).contains(#"tests="11" failures="\#(failing)""#))
        let onto = try CommandRunner.run(["test", "--merge", "output/r0", "output/r1", "--report", "output/r1/"], in: project.folder.url)
        #expect(onto.status == 64 && onto.stderr.contains("it is also the --report folder"), "\(onto.stderr)")
        #expect(project.exists("output/r1/report.json"), "the shard's report is left alone")
    }

    @Test func aFolderThatIsNotAReportIsNeverCleared() throws {
        let project = try Project()
        try project.folder.write("notes.txt", "mine")
        let result = try project.test(["--frames", "5", "--report", "."])
        #expect(result.status == 73)
        #expect(result.stderr.contains("not a test report folder"))
        #expect(project.exists("notes.txt") && project.exists("scenes/slide.yaml"))
    }
}
