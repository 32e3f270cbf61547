import Foundation
import Testing
import ZoetropeFormat
import ZoetropePipeline
import ZoetropeRender

@Suite struct CurveEvaluationTests {
    @Test func aBadSpecThrowsItsMessage() {
        #expect(throws: CurveSpecError.self) { try CurveEvaluation.specs(["linear", "nonsense"], cubicDuration: 1) }
    }

    @Test func oneCurveIsOneJSONObjectEndingInANewline() throws {
        let specs = try CurveEvaluation.specs(["linear"], cubicDuration: 2)
        let text = try CurveEvaluation.report(specs, at: .fractions([0.5]), format: .json)
        #expect(text.hasPrefix("{") && text.hasSuffix("}\n"), "\(text)")
        #expect(text.contains("\"duration\" : 2") && text.contains("\"progress\" : 0.5") && text.contains("\"time\" : 1"), "\(text)")
    }

    @Test func severalCurvesAreAnArrayAndCSVHasARowPerSample() throws {
        let specs = try CurveEvaluation.specs(["linear", "easeIn"], cubicDuration: 1)
        #expect(try CurveEvaluation.report(specs, at: .evenly(count: 3), format: .json).hasPrefix("["))
        let rows = try CurveEvaluation.report(specs, at: .evenly(count: 3), format: .csv).split(separator: "\n")
        #expect(rows.count == 1 + 2 * 3)
        #expect(rows[0] == "curve,duration,fraction,time,progress,velocity")
    }

    /// Issue 27, item 6: a time past one curve's end (a spring that settles earlier) failed.
    @Test func aCurveThatEndsBeforeATimeReadsAsArrived() throws {
        let specs = try CurveEvaluation.specs(["easeIn", "spring(dampingRatio:0.5,duration:2)"], cubicDuration: 1)
        #expect(CurveEvaluation.problem(sampling: specs, atTimes: [0.5, 1.5]) == nil)
        let report = CurveReport(specs: specs, at: .times([0.5, 1.5]))
        let arrived = report.curves[0].samples[1]
        #expect(arrived.time == 1.5 && arrived.fraction == 1 && arrived.progress == 1 && arrived.velocity == 0)
        #expect(report.curves[1].samples[1].fraction == 0.75, "the spring is still running")
        let problem = CurveEvaluation.problem(sampling: specs, atTimes: [0.5, 2.5])
        #expect(problem?.hasPrefix("--at-time: 2.5 s is past the end of every curve") == true, "\(String(describing: problem))")
    }

    @Test func thePlotIsAPNG() throws {
        let folder = try ScratchFolder()
        let specs = try CurveEvaluation.specs(["easeInOut"], cubicDuration: 1)
        try CurveEvaluation.plot(specs, velocity: true, to: folder.path("curve.png"))
        let withoutVelocity = folder.path("plain.png")
        try CurveEvaluation.plot(specs, velocity: false, to: withoutVelocity)
        let tall = try RasterImage(pngFile: folder.path("curve.png")), short = try RasterImage(pngFile: withoutVelocity)
        #expect(tall.height > short.height, "the velocity chart goes under the progress chart")
    }

    @Test func aPlotThatCannotBeWrittenThrowsAnOutputError() throws {
        let specs = try CurveEvaluation.specs(["linear"], cubicDuration: 1)
        #expect {
            try CurveEvaluation.plot(specs, velocity: false, to: "/proc/zoetrope-no/curve.png")
        } throws: { error in
            [.cannotCreate, .io].contains((error as? RenderError)?.kind)
        }
    }
}
