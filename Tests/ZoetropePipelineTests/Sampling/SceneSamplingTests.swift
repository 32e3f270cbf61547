import Testing
import ZoetropeFiles
import ZoetropeFormat
import ZoetropePipeline
import ZoetropeRender

@Suite struct SceneSamplingTests {
    private func sample(_ file: String, times: [Double]? = nil, frames: FrameSelection? = nil, keys: String? = nil,
                        format: SampleReport.Format = .csv, overrides: [SceneOverride] = []) throws(SceneSamplingError) -> [String] {
        var text = ""
        try SceneSampling.write(file, overrides: overrides, times: times, frames: frames, keys: keys, format: format) { text += $0 }
        return text.split(separator: "\n").map(String.init)
    }

    @Test func samplesAtTimesGiveThePresentationValues() throws {
        let folder = try ScratchFolder()
        let scene = try folder.write("slide.yaml", ScratchFolder.slideScene)
        let rows = try sample(scene, times: [0, 1, 2], keys: "box.position")
        #expect(rows.count == 4, "a header and one row per time: \(rows)")
        #expect(rows[0].hasPrefix("time,"))
        #expect(rows[2].contains("100"), "halfway through the linear move, x is 100: \(rows[2])")
        #expect(rows[3].contains("170"), "at the end, x is 170: \(rows[3])")
    }

    @Test func withoutTimesEveryFrameIsSampledAndFramesNarrowIt() throws {
        let folder = try ScratchFolder()
        let scene = try folder.write("slide.yaml", ScratchFolder.slideScene)
        #expect(try sample(scene, keys: "box").count == 1 + 31, "3 s at 10 fps is 31 frames")
        let every10 = try sample(scene, frames: FrameSelection(parsing: "0-30:10"), keys: "box")
        #expect(every10.count == 1 + 4)
    }

    @Test func jsonIsOneObjectWithoutItsFinalNewline() throws {
        let folder = try ScratchFolder()
        let scene = try folder.write("slide.yaml", ScratchFolder.slideScene)
        var text = ""
        try SceneSampling.write(scene, overrides: [], times: [0.5], frames: nil, keys: "move", format: .json) { text += $0 }
        #expect(text.hasPrefix("{\n  \"completions\" : ") && text.hasSuffix("\"scene\" : \"slide\"\n}"), "\(text)")
    }

    @Test func anUnknownKeyIsAUsageErrorBeforeAnythingIsWritten() throws {
        let folder = try ScratchFolder()
        let scene = try folder.write("slide.yaml", ScratchFolder.slideScene)
        var written = ""
        do {
            try SceneSampling.write(scene, overrides: [], times: [1], frames: nil, keys: "bxo", format: .csv) { written += $0 }
            Issue.record("an unknown key was accepted")
        } catch {
            guard case .usage(let message) = error else { Issue.record("\(error)"); return }
            #expect(message.hasPrefix("--keys ") && message.contains("bxo"), "\(message)")
            #expect(error.kind == .misuse)
        }
        #expect(written.isEmpty)
    }

    @Test func framesPastTheRenderAreAUsageError() throws {
        let folder = try ScratchFolder()
        let scene = try folder.write("slide.yaml", ScratchFolder.slideScene)
        #expect {
            try sample(scene, frames: FrameSelection(parsing: "40"))
        } throws: { error in
            guard let error = error as? SceneSamplingError, case .usage(let message) = error else { return false }
            return message.hasPrefix("--frames: ") && error.kind == .misuse
        }
    }

    @Test func aMissingSceneExits66AndAnInvalidOne65() throws {
        let folder = try ScratchFolder()
        let invalid = try folder.write("bad.yaml", "version: 1\nlayers: 3\n")
        for (file, kind) in [(folder.path("nope.yaml"), ZoetropeError.Kind.missingInput), (invalid, .invalidInput)] {
            #expect {
                try sample(file, times: [0])
            } throws: { error in
                guard let error = error as? SceneSamplingError, case .scene = error else { return false }
                return error.kind == kind
            }
        }
    }

    @Test func aTimePastTheEndExtendsTheEvaluation() throws {
        let folder = try ScratchFolder()
        let scene = try folder.write("slide.yaml", ScratchFolder.slideScene)
        let rows = try sample(scene, times: [10], keys: "box.position")
        #expect(rows.count == 2 && rows[1].contains("170"), "\(rows)")
    }
}
