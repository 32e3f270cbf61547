import Foundation
import Testing
import ZoetropeCore
import ZoetropeRender

/// Samples `scene` at `times`, as parsed JSON.
private func sample(_ scene: String, at times: [Double]) throws -> (samples: [[String: Any]], completions: [[String: Any]]) {
    let result = try CommandRunner.run(["sample", scene, "--at", times.map { "\($0)" }.joined(separator: ",")])
    #expect(result.status == 0, "\(result.stderr)")
    let json = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
    return (try #require(json["samples"] as? [[String: Any]]), try #require(json["completions"] as? [[String: Any]]))
}

private func layer(_ sample: [String: Any], _ id: String) -> [String: Any] {
    (sample["layers"] as? [String: [String: Any]])?[id] ?? [:]
}

private func animator(_ sample: [String: Any], _ id: String) -> [String: Any] {
    (sample["animators"] as? [String: [String: Any]])?[id] ?? [:]
}

private func position(_ sample: [String: Any], _ id: String) -> [Double] { layer(sample, id)["position"] as? [Double] ?? [] }

/// The half-critical spring of the chapter (m 1, k 10, ζ 0.5), started at t = 0.5.
private func springX(_ t: Double) -> Double {
    let spring = Spring(mass: 1, stiffness: 10, damping: 10.0.squareRoot(), initialVelocity: 0)
    return 200 + 560 * spring.position(atTime: t - 0.5)
}

private let frogGreen = RasterImage.Pixel(red: 0x5D, green: 0xAA, blue: 0x3A)
private let bearBrown = RasterImage.Pixel(red: 0x8B, green: 0x5A, blue: 0x2B)
private let background = RasterImage.Pixel(red: 0xF3, green: 0xED, blue: 0xE2)

@Suite struct SeedSequenceTests {
    @Test func tapToPauseKeepsTheOvershootAndTheSliderScrubsTheStraightPath() throws {
        let (samples, completions) = try sample("scenes/frog-pause-scrub.yaml", at: [1.5, 1.9, 2.2, 2.7, 3.5, 4.0])
        #expect(abs(position(samples[0], "frog")[0] - springX(1.5)) < 1e-9, "paused where the spring had it")
        #expect(position(samples[0], "frog")[0] > 760, "past the target: mid-overshoot")
        #expect(position(samples[1], "frog") == position(samples[0], "frog"), "nothing moves while paused")
        #expect(animator(samples[1], "move")["isRunning"] as? Bool == false)
        #expect(animator(samples[1], "move")["state"] as? String == "active")
        #expect(position(samples[2], "frog") == [340, 390], "fraction 0.25 on the straight path")
        #expect(position(samples[3], "frog") == [550, 405])
        #expect(animator(samples[3], "move")["fractionComplete"] as? Double == 0.625)
        // Resumed at 3.5 from 0.875 (x = 690) as a new spring at rest toward 760.
        let resumed = Spring(mass: 1, stiffness: 10, damping: 10.0.squareRoot(), initialVelocity: 0).position(atTime: 0.5)
        #expect(abs(position(samples[5], "frog")[0] - (690 + 70 * resumed)) < 1e-9)
        #expect(completions.first?["position"] as? String == "end")
    }

    @Test func stopThenStopAgainFinishesAtTheCurrentPosition() throws {
        let (samples, completions) = try sample("scenes/frog-stop-finish.yaml", at: [2.0, 2.6, 3.1])
        #expect(position(samples[0], "frog") == [480, 400])
        #expect(animator(samples[1], "move")["state"] as? String == "stopped")
        #expect(position(samples[1], "frog") == [480, 400], "stopping keeps what is on screen")
        #expect(animator(samples[2], "move")["state"] as? String == "inactive")
        #expect(position(samples[2], "frog") == [480, 400])
        #expect(completions.count == 1)
        #expect(completions.first?["position"] as? String == "current")
        #expect(completions.first?["time"] as? Double == 3)
        #expect(layer(samples[2], "caption")["text"] as? String == "completion: current (the frog stays where it stopped)")
    }

    @Test func reversingTheSpringReturnsTheFrogAndCompletesAtStart() throws {
        let (samples, completions) = try sample("scenes/frog-reverse.yaml", at: [1.2, 1.4, 2.0])
        // Time reversal: 0.1 s after turning back at 1.3 the frog is where it was at 1.2.
        #expect(abs(position(samples[1], "frog")[0] - position(samples[0], "frog")[0]) < 1e-9)
        #expect(animator(samples[1], "move")["isReversed"] as? Bool == true)
        #expect(completions.first?["position"] as? String == "start")
        #expect(abs((completions.first?["time"] as? Double ?? 0) - 2.1) < 1e-9, "as long back as it went forward")
        let folder = try TemporaryFolder()
        let render = try CommandRunner.run(["render", "scenes/frog-reverse.yaml", "--out", folder.url.path, "--frames", "30,63", "--progress", "none"])
        #expect(render.status == 0)
        let end = try RasterImage(pngFile: folder.path("frame_00063.png"))
        #expect(end[200 - 64 + 20, 380 - 64 + 80] == frogGreen, "back at (200, 380)")
        #expect(try RasterImage(pngFile: folder.path("frame_00030.png"))[200 - 64 + 20, 380 - 64 + 80] == background)
    }

    @Test func theCrossFadeFollowsTheMoveAndIsHurriedToItsEnd() throws {
        let (samples, completions) = try sample("scenes/frog-crossfade.yaml", at: [1.6, 2.1, 2.6, 4.0])
        #expect(animator(samples[0], "fade")["isRunning"] as? Bool == false, "paused with the move")
        #expect(animator(samples[1], "fade")["fractionComplete"] as? Double == 0.5, "scrubbed with the move")
        #expect(layer(samples[1], "animal")["opacity"] as? Double == 0.5)
        #expect(animator(samples[2], "move")["state"] as? String == "stopped")
        #expect(animator(samples[2], "fade")["state"] as? String == "active")
        let fade = completions.first { $0["animator"] as? String == "fade" }
        #expect(fade?["position"] as? String == "end")
        #expect(abs((fade?["time"] as? Double ?? 0) - (3.0 + 0.2 * 4.657087368475027)) < 1e-9, "durationFactor 0.2 of the fade's duration")
        let folder = try TemporaryFolder()
        #expect(try CommandRunner.run(["render", "scenes/frog-crossfade.yaml", "--out", folder.url.path, "--frames", "149", "--progress", "none"]).status == 0)
        // The bear has replaced the frog where the move was stopped: half way along the straight path.
        let last = try RasterImage(pngFile: folder.path("frame_00149.png"))
        let container = position(samples[3], "container")
        #expect(container == [480, 400])
        #expect(last[Int(container[0]) - 30, Int(container[1]) + 8] == bearBrown)
    }

    @Test func theReversedCrossFadeRestoresTheOriginalImage() throws {
        let (samples, completions) = try sample("scenes/frog-crossfade-reversed.yaml", at: [2.6])
        #expect(completions.map { $0["position"] as? String } == ["start", "start"])
        #expect(layer(samples[0], "animal")["opacity"] as? Double == 1)
        #expect(layer(samples[0], "frogArt")["hidden"] as? Bool == false)
        #expect(layer(samples[0], "bearArt")["hidden"] as? Bool == true)
        #expect(layer(samples[0], "snapshot")["hidden"] as? Bool == true)
        let folder = try TemporaryFolder()
        #expect(try CommandRunner.run(["render", "scenes/frog-crossfade-reversed.yaml", "--out", folder.url.path, "--frames", "90", "--progress", "none"]).status == 0)
        #expect(try RasterImage(pngFile: folder.path("frame_00090.png"))[200 - 64 + 20, 380 - 64 + 80] == frogGreen,
                "the frog is back, not vanished")
    }
}
