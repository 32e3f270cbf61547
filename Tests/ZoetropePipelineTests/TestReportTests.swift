import Testing
import ZoetropePipeline
import ZoetropeRender

@Suite struct TestReportTests {
    private func frame(_ index: Int, _ status: TestReport.Status, message: String? = nil) -> TestReport.Frame {
        TestReport.Frame(file: RenderFolder.fileName(ofFrame: index, frameCount: 100), index: index, time: Double(index) / 10,
                         status: status, actual: "frames/a/frame_\(index).png", message: message)
    }

    private func scene(_ name: String, _ frames: [TestReport.Frame]) -> TestReport.Scene {
        TestReport.Scene(name: name, file: "scenes/\(name).yaml", fps: 10, tolerance: Tolerance(),
                         environment: RenderEnvironment(cairo: "1", pixman: "1", fontconfig: "1", fonts: [:]),
                         goldenEnvironment: nil, environmentChanges: [], frames: frames)
    }

    @Test func shardsMergeFrameByFrameInOrder() {
        let first = TestReport(goldens: "goldens", shard: "0/2", scenes: [scene("b", [frame(0, .passed)]), scene("a", [frame(4, .failed)])], orphans: ["a/frame_00099.png"])
        let second = TestReport(goldens: "goldens", shard: "1/2", scenes: [scene("a", [frame(1, .passed), frame(4, .failed)])], orphans: ["a/frame_00099.png"])
        let merged = TestReport.merged([first, second])
        #expect(merged.scenes.map(\.name) == ["a", "b"])
        #expect(merged.scenes[0].frames.map(\.index) == [1, 4], "a frame both list is counted once")
        #expect(merged.orphans == ["a/frame_00099.png"])
        #expect(merged.failures.count == 1 && merged.frameCount == 3 && merged.shard == nil)
    }

    @Test func junitEscapesWhatXMLReserves() {
        let report = TestReport(goldens: "goldens", shard: nil, scenes: [scene("a&b", [frame(3, .failed, message: "<1> \"pixels\" differ")])], orphans: [])
        let xml = JUnitReport(report: report).xml()
        #expect(xml.contains(#"<testsuite name="a&amp;b" tests="1" failures="1""#))
        #expect(xml.contains(#"message="&lt;1&gt; &quot;pixels&quot; differ""#))
        #expect(!xml.contains("<1>"))
    }

    /// Issue 27, item 6: times printed raw (`t = 0.16666666666666666 s`) in the console and JUnit.
    @Test func framesTimesReadToTheMillisecond() {
        var sixth = frame(1, .failed, message: "differs")
        sixth.time = 1.0 / 6
        let report = TestReport(goldens: "goldens", shard: nil, scenes: [scene("a", [sixth])], orphans: [])
        #expect(JUnitReport(report: report).xml().contains(#"name="frame_00001.png (t = 0.167 s)""#))
        #expect(report.summaryLines(reportFolder: "out").contains { $0.contains("a/frame_00001.png (t = 0.167 s): differs") })
    }

    @Test func failuresSortFirst() {
        #expect([TestReport.Status.passed, .recorded, .missing, .failed].sorted() == [.failed, .missing, .recorded, .passed])
    }

    @Test func aSelectionOfAnyFramesListsThemAsRanges() throws {
        let selection = FrameSelection(frames: Array(0...99) + [120, 122, 123, 5])
        #expect(selection.description == "0-99,120,122-123")
        #expect(try selection.frames(count: 200) == Array(0...99) + [120, 122, 123])
    }
}
