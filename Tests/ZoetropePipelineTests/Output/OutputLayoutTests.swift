import Testing
import ZoetropePipeline

@Suite struct OutputLayoutTests {
    @Test func aScenesOutputsLiveUnderOutputSlashItsName() {
        #expect(OutputLayout.folder(forScene: "frog") == "output/frog")
        #expect(OutputLayout.file("plot.png", forScene: "frog") == "output/frog/plot.png")
        #expect(OutputLayout.testReport == "output/test-report")
    }
}
