import Foundation
import Testing
import ZoetropeRender

@Suite struct CurveCommandTests {
    @Test func jsonOfOneCurveHasTheSpecShape() throws {
        let result = try CommandRunner.run(["curve", "cubic(0.2,0.8,0.4,0.9)", "--at", "0.1,0.5,0.95"])
        #expect(result.status == 0, "\(result.stderr)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        #expect(json["curve"] as? String == "cubic(0.2,0.8,0.4,0.9)")
        #expect(json["duration"] as? Double == 1)
        let samples = try #require(json["samples"] as? [[String: Double]])
        let expected = [0.33974634672657, 0.86506298743107, 0.99149204510237]
        for (sample, progress) in zip(samples, expected) {
            #expect(abs((sample["progress"] ?? 0) - progress) < 1e-9)
            #expect(sample["velocity"] != nil && sample["time"] == sample["fraction"])
        }
    }

    @Test func springsAreSampledAtRealSeconds() throws {
        let result = try CommandRunner.run(["curve", "spring(mass:1,stiffness:100,damping:10)", "--at-time", "0.05,0.2"])
        let json = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        #expect(abs((json["duration"] as? Double ?? 0) - 1.4727003347) < 1e-6)
        let samples = try #require(json["samples"] as? [[String: Double]])
        #expect(abs((samples[0]["progress"] ?? 0) - 0.10440547345508) < 1e-9)
        #expect(abs((samples[1]["progress"] ?? 0) - 0.84942563485411) < 1e-9)
    }

    @Test func severalCurvesGiveAnArrayAndCSVRows() throws {
        let json = try CommandRunner.run(["curve", "linear", "easeIn", "--samples", "3"])
        let curves = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]])
        #expect(curves.count == 2)
        let csv = try CommandRunner.run(["curve", "linear", "easeIn", "--samples", "3", "--format", "csv"])
        let lines = csv.stdout.split(separator: "\n")
        #expect(lines.first == "curve,duration,fraction,time,progress,velocity")
        #expect(lines.count == 7)
        #expect(lines[2] == "linear,1,0.5,0.5,0.5,1")
    }

    @Test(arguments: [["cubic(1.4,0,1,1)"], ["spring(mass:0,stiffness:1,damping:1)"], ["nonsense"], ["linear", "--at", "2"],
                      ["linear", "--at", "0.5", "--samples", "3"], ["linear", "--velocity"]])
    func badSpecsAndOptionsAreUsageErrors(arguments: [String]) throws {
        let result = try CommandRunner.run(["curve"] + arguments)
        #expect(result.status == 64, "\(arguments): \(result.stderr)")
    }

    @Test func badSpecMessageNamesTheParameter() throws {
        let result = try CommandRunner.run(["curve", "cubic(0.2,0,1.4,1)"])
        #expect(result.stderr.contains("cubic(0.2,0,1.4,1): x2 must be within 0...1 (found 1.4)"))
    }

    @Test func plotDrawsEachCurveInItsColour() throws {
        let folder = try TemporaryFolder()
        let result = try CommandRunner.run(["curve", "easeInOut", "cubic(0.2,0.8,0.4,0.9)", "spring(dampingRatio:0.5,duration:1)",
                                            "--plot", folder.path("plot.png"), "--velocity"])
        #expect(result.status == 0, "\(result.stderr)")
        let image = try RasterImage(pngFile: folder.path("plot.png"))
        #expect(image.width == 960 && image.height == 1080, "a progress panel and a velocity panel")
        #expect(image[4, 4] == RasterImage.Pixel(red: 255, green: 255, blue: 255))
        let colours = Set(image.pixels)
        for hex in [(0x00, 0x72, 0xB2), (0xD5, 0x5E, 0x00), (0x00, 0x9E, 0x73)] {
            #expect(colours.contains(RasterImage.Pixel(red: UInt8(hex.0), green: UInt8(hex.1), blue: UInt8(hex.2))),
                    "series colour \(hex) is drawn")
        }
        // The plot spans x 78...936 for t 0...1, so t = 0.5 s is column 507, clear of any legend:
        // the easeInOut curve crosses it in the top panel.
        let blue = RasterImage.Pixel(red: 0x00, green: 0x72, blue: 0xB2)
        #expect((48..<482).contains { image[507, $0] == blue })
    }
}
