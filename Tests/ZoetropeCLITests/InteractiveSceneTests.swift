import Foundation
import Testing

/// Samples a scene's CSV at `times`: one dictionary per row.
private func rows(_ scene: String, at times: [Double]) throws -> [[String: String]] {
    let result = try CommandRunner.run(["sample", scene, "--format", "csv", "--at", times.map { "\($0)" }.joined(separator: ",")])
    #expect(result.status == 0, "\(result.stderr)")
    let lines = result.stdout.split(separator: "\n").map { $0.split(separator: ",", omittingEmptySubsequences: false).map(String.init) }
    guard let header = lines.first else { return [] }
    return lines.dropFirst().map { Dictionary(uniqueKeysWithValues: zip(header, $0)) }
}

private func number(_ row: [String: String], _ key: String) -> Double { Double(row[key] ?? "") ?? .nan }

@Suite struct InteractiveSceneTests {
    @Test func theDismissTransitionIsCaughtMidFlightAndWobbled() throws {
        let r = try rows("scenes/dismiss-transition.yaml", at: [1.399, 1.4, 1.6, 1.8, 2.1, 3.6])
        let y = r.map { number($0, "sheet.position.y") }
        #expect(abs(y[1] - y[0]) < 1.5, "caught without a jump (\(y[0]) → \(y[1]))")
        #expect(r[1]["dismiss.isRunning"] == "false" && r[1]["dismiss.state"] == "active")
        #expect(y[2] < y[1], "pulled up")
        #expect(y[4] > y[3], "then down")
        #expect(y[5] == 440, "let go upward: back at the top")
        #expect(r[5]["dismiss.state"] == "inactive", "the cancelled transition has ended")
    }

    @Test func theBloqBlockIsCaughtHalfWayAndSentBack() throws {
        let r = try rows("scenes/bloq.yaml", at: [0.899, 0.9, 1.1, 1.5, 2.9])
        let x = r.map { number($0, "redBlock.position.x") }
        #expect(abs(x[1] - x[0]) < 1.5, "caught without a jump")
        #expect(x[2] < x[1], "dragged back by the second pan")
        #expect(x[3] == 50 && r[3]["caption.text"] == "completed at .start: constraints reset")
        #expect(x[4] == 150 && r[4]["caption.text"] == "completed at .end: the block moved")
    }

    @Test func thePreviewGrowsUnderThePanAndTheKeyframeTiltIsScrubbed() throws {
        let r = try rows("scenes/touch-preview.yaml", at: [0.8, 1.1, 1.5, 1.7, 2.3, 3.1, 3.45])
        let fraction = r.map { number($0, "grow.fractionComplete") }
        #expect(fraction[0] == 0.45 && fraction[1] == 0.2)
        #expect(r.allSatisfy { number($0, "grow.fractionComplete") <= 0.99 })
        #expect(number(r[1], "preview.rotation") == 0, "no tilt in the first half of the keyframes")
        #expect(abs(number(r[2], "preview.rotation") - (-Double.pi / 8) * 0.7) < 1e-9, "fraction 0.85: 70 % into the tilt frame")
        #expect(number(r[3], "preview.rotation") > number(r[2], "preview.rotation"), "scrubbed back")
        #expect(r[4]["preview.hidden"] == "true", "cancelled by reversal: completed at .start, preview removed")
        #expect(number(r[5], "preview2.scale.x") == 1.5, "the second press finished at .end")
        #expect(number(r[6], "preview2.size.x") > 175, "the spring has nearly laid out the menu (184 wide)")
        #expect(r[6]["caption.text"] == "pressed through: the menu")
    }

    @Test func theFlungFrogCarriesOnBeforeTheSpringBringsItHome() throws {
        let r = try rows("scenes/frog-fling.yaml", at: [0.8, 0.9, 1.0, 6])
        let x = r.map { number($0, "frog.position.x") }
        #expect(x[0] == 560)
        #expect(x[1] > x[0] && x[2] > x[1], "still moving right after the release")
        #expect(abs(x[3] - 200) < 1e-6, "home")
    }
}
