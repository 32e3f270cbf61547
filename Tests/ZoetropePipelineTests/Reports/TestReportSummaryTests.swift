import Testing
import ZoetropePipeline
import ZoetropeRender

@Suite struct TestReportSummaryTests {
    private func frame(_ index: Int, _ status: TestReport.Status, message: String? = nil) -> TestReport.Frame {
        TestReport.Frame(file: "frame_\(index).png", index: index, time: Double(index) / 10, status: status, actual: "a.png", message: message)
    }

    private func scene(_ name: String, _ frames: [TestReport.Frame], changes: [String] = []) -> TestReport.Scene {
        TestReport.Scene(name: name, file: "scenes/\(name).yaml", fps: 10, tolerance: Tolerance(),
                         environment: RenderEnvironment(cairo: "1", pixman: "1", fontconfig: "1", fonts: [:]),
                         goldenEnvironment: nil, environmentChanges: changes, frames: frames)
    }

    @Test func passingFramesAreCountedAndTheVerdictSaysAllPass() {
        let report = TestReport(goldens: "goldens", shard: nil, scenes: [scene("a", [frame(0, .passed), frame(1, .recorded)])], orphans: [])
        #expect(report.summaryLines(reportFolder: "out/r") == [
            "scenes/a.yaml: 2 frames: 1 recorded, 1 pass",
            "report: out/r/index.html",
            "all 2 frames pass",
        ])
    }

    @Test func failuresAreListedWithTheCommandThatAcceptsThem() {
        let report = TestReport(goldens: "goldens", shard: nil,
                                scenes: [scene("a", [frame(3, .failed, message: "12 pixels differ"), frame(4, .missing)], changes: ["cairo 1 → 2"])],
                                orphans: ["a/frame_99.png"])
        #expect(report.summaryLines(reportFolder: "my report") == [
            "scenes/a.yaml: 2 frames: 1 differ, 1 without a golden",
            "  its goldens were made in another render environment (cairo 1 → 2): differences may come from the machine image",
            "  a/frame_3.png (t = 0.3 s): 12 pixels differ",
            "  a/frame_4.png (t = 0.4 s): missing",
            "goldens no longer rendered (remove them with --prune): a/frame_99.png",
            "report: my report/index.html",
            "2 of 2 frames failing; accept them all with: zoetrope test --accept 'my report'",
        ])
    }

    @Test func prunedGoldensAreSaidRemoved() {
        let report = TestReport(goldens: "goldens", shard: nil, scenes: [], orphans: ["gone"], pruned: ["gone"])
        #expect(report.summaryLines(reportFolder: "r").first == "goldens no longer rendered, removed: gone")
    }
}
