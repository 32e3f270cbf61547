import Foundation
import Testing
import ZoetropeCore
import ZoetropeRender

private let red = RasterImage.Pixel(red: 255, green: 0, blue: 0)
private let blue = RasterImage.Pixel(red: 0, green: 0, blue: 255)
private let white = RasterImage.Pixel(red: 255, green: 255, blue: 255)

/// index.json, decoded as far as the tests read it.
private struct Index: Decodable {
    struct Variant: Decodable {
        var label: String
        var folder: String
        var overrides: [String: Value]
        var frameCount: Int
        var sameAs: String?
    }

    enum Value: Decodable, Equatable {
        case number(Double), text(String)

        init(from decoder: any Decoder) throws {
            let container = try decoder.singleValueContainer()
            if let number = try? container.decode(Double.self) { self = .number(number) } else { self = .text(try container.decode(String.self)) }
        }
    }

    var variants: [Variant]
    var sheet: String?
    var sheets: [String]
    var plot: String?
}

private func readIndex(_ folder: TemporaryFolder) throws -> Index {
    try JSONDecoder().decode(Index.self, from: Data(contentsOf: URL(fileURLWithPath: folder.path("sweep/index.json"))))
}

@Suite struct SweepCommandTests {
    @Test func framesPastAShorterVariantsEndAreSkippedForThatVariantAndSaidOnce() throws {
        let folder = try TemporaryFolder()
        let scene = try folder.write("slide.yaml", slideScene)
        let result = try CommandRunner.run(["sweep", scene, "--vary", "render.duration=0.5,1.5", "--frames", "0-20:5",
                                            "--out", folder.path("sweep"), "--count", "2", "--width", "40"])
        #expect(result.status == 0, "\(result.stderr)")
        let index = try readIndex(folder)
        let counts = try index.variants.map { try frameFiles(folder.path("sweep/" + $0.folder)).count }
        #expect(counts == [3, 5], "0.5 s has frames 0-10: 0, 5 and 10 of 0-20:5")
        #expect(result.stderr.components(separatedBy: "past its last frame").count == 2, "said once: \(result.stderr)")
        #expect(result.stderr.contains("duration=0.5: 2 of the --frames past its last frame (10) skipped"))
    }

    /// 3 durations × 2 sizes of the slide scene: six folders, each showing its overrides.
    @Test func aThreeByTwoSweepRendersSixVariantsWithTheirOverridesApplied() throws {
        let folder = try TemporaryFolder()
        let scene = try folder.write("slide.yaml", slideScene)
        let result = try CommandRunner.run(["sweep", scene, "--vary", "animators.move.duration=0.5,1,1.5",
                                            "--vary", "layers.box.size=[20,20],[10,10]", "--out", folder.path("sweep"),
                                            "--count", "3", "--width", "60", "--jobs", "2"])
        #expect(result.status == 0, "\(result.stderr)")
        let index = try readIndex(folder)
        #expect(index.variants.map(\.label) == ["duration=0.5,size=[20,20]", "duration=0.5,size=[10,10]",
                                                "duration=1,size=[20,20]", "duration=1,size=[10,10]",
                                                "duration=1.5,size=[20,20]", "duration=1.5,size=[10,10]"])
        let folders = try FileManager.default.contentsOfDirectory(atPath: folder.path("sweep"))
        #expect(Set(folders) == Set(index.variants.map(\.folder) + ["index.json", "sheet.png"]))

        for variant in index.variants {
            let overrides = variant.overrides
            guard case .number(let duration)? = overrides["animators.move.duration"],
                  case .text(let size)? = overrides["layers.box.size"] else {
                Issue.record("\(variant.label): overrides not in index.json: \(overrides)")
                continue
            }
            let path = folder.path("sweep/" + variant.folder)
            // Every variant renders the scene's 1.5 s at 20 fps.
            #expect(try frameFiles(path).count == 31)
            let manifest = try String(contentsOfFile: path + "/manifest.json", encoding: .utf8)
            #expect(manifest.contains("animators.move.duration=\(variant.label.split(separator: ",")[0].dropFirst(9))"))
            // Frame 0: a 20-point box covers (12, 40); a 10-point box (15…25) does not.
            let first = try RasterImage(pngFile: path + "/frame_00000.png")
            #expect(first[12, 40] == (size == "[20,20]" ? red : white), "\(variant.label)")
            // Frame 15 (0.75 s, 0.5 s after the start): the 0.5 s slide has ended, blue at x = 100;
            // the 1 s slide is halfway (ease in-out), at x = 60; the 1.5 s slide is short of 60.
            let middle = try RasterImage(pngFile: path + "/frame_00015.png")
            switch duration {
            case 0.5: #expect(middle[100, 40] == blue, "\(variant.label)")
            case 1: #expect(middle[60, 40] == red, "\(variant.label)")
            default: #expect(middle[60, 40] == white && middle[100, 40] == white, "\(variant.label)")
            }
        }
    }

    @Test func theSheetHasARowPerVariantAndAColumnPerInstant() throws {
        let folder = try TemporaryFolder()
        let scene = try folder.write("slide.yaml", slideScene)
        let result = try CommandRunner.run(["sweep", scene, "--vary", "animators.move.duration=0.5,1,1.5",
                                            "--vary", "layers.box.size=[20,20],[10,10]", "--out", folder.path("sweep"),
                                            "--at", "0,0.75,1.5", "--width", "60", "--frames", "0", "--progress", "none"])
        #expect(result.status == 0, "\(result.stderr)")
        let sheet = try RasterImage(pngFile: folder.path("sweep/sheet.png"))
        // Thumbnails 60 × 40 with 10-point gaps: a 40-point title, a 22-point row of times, six rows.
        #expect(sheet.height == 40 + 22 + 6 * (40 + 10))
        let left = sheet.width - 3 * (60 + 10)
        let expectedAtMiddle: [(x: Int, pixel: RasterImage.Pixel)] = [(50, blue), (50, blue), (30, red), (30, red), (30, white), (30, white)]
        for row in 0..<6 {
            let top = 62 + row * 50
            // Column 0 (0 s): the red box at (20, 40) of the scene, (10, 20) in the thumbnail.
            #expect(sheet[left + 10, top + 20] == red, "row \(row)")
            // Column 1 (0.75 s): ended (blue at x = 100 → 50), halfway (x = 60 → 30), or short of it.
            let expected = expectedAtMiddle[row]
            #expect(sheet[left + 70 + expected.x, top + 20] == expected.pixel, "row \(row)")
            // The label column left of the thumbnails holds dark text on each row.
            let ink = (10..<(left - 10)).flatMap { x in (top..<(top + 40)).map { sheet[x, $0] } }.filter { $0.red < 120 }
            #expect(ink.count > 30, "row \(row) has no label")
        }
        // The column headers (times) are drawn above the thumbnails.
        let header = (left..<sheet.width).flatMap { x in (40..<62).map { sheet[x, $0] } }.filter { $0.red < 160 }
        #expect(header.count > 30)
    }

    /// Issue 27, item 6: the sheet showed moments a shorter variant never rendered, unmarked.
    @Test func aMomentPastAShorterVariantsEndIsMarkedOnTheSheet() throws {
        let folder = try TemporaryFolder()
        let scene = try folder.write("slide.yaml", slideScene)
        let result = try CommandRunner.run(["sweep", scene, "--vary", "render.duration=1,2", "--out", folder.path("sweep"),
                                            "--at", "0,1.5", "--width", "60", "--frames", "0", "--progress", "none"])
        #expect(result.status == 0, "\(result.stderr)")
        let sheet = try RasterImage(pngFile: folder.path("sweep/sheet.png"))
        let left = sheet.width - 2 * (60 + 10)
        // Near-black ink across the middle of the 1.5 s cell: the label over the faint thumbnail.
        func ink(row: Int) -> Int {
            let top: Int = 62 + row * 50
            var count = 0
            for x in (left + 70)..<(left + 130) {
                for y in (top + 14)..<(top + 26) {
                    let pixel = sheet[x, y]
                    if pixel.red < 80 && pixel.green < 80 && pixel.blue < 80 { count += 1 }
                }
            }
            return count
        }
        #expect(ink(row: 0) > 20, "the 1 s variant's 1.5 s cell says it is after its end")
        #expect(ink(row: 1) == 0, "the 2 s variant's is its frame")
    }

    @Test func sheetRowsKeepTheirVariantsAspect() throws {
        let folder = try TemporaryFolder()
        let scene = try folder.write("slide.yaml", slideScene)
        let result = try CommandRunner.run(["sweep", scene, "--vary", "canvas.size=[120,80],[120,120]", "--frames", "0",
                                            "--count", "2", "--width", "60", "--out", folder.path("sweep"), "--progress", "none"])
        #expect(result.status == 0, "\(result.stderr)")
        // 60 × 40 and 60 × 60 thumbnails: rows of 40 and 60 points, not two stretched to one height.
        #expect(try RasterImage(pngFile: folder.path("sweep/sheet.png")).height == 62 + (40 + 10) + (60 + 10))
    }

    @Test func aLongSweepsSheetComesInPagesOfAHundredRows() throws {
        let folder = try TemporaryFolder()
        let scene = try folder.write("slide.yaml", slideScene)
        let result = try CommandRunner.run(["sweep", scene, "--vary", "layers.box.opacity=0:1:0.01", "--frames", "0",
                                            "--count", "1", "--width", "30", "--out", folder.path("sweep"), "--progress", "none"])
        #expect(result.status == 0, "\(result.stderr)")
        let index = try readIndex(folder)
        #expect(index.variants.count == 101)
        #expect(index.sheets == ["sheet-1.png", "sheet-2.png"] && index.sheet == "sheet-1.png")
        // 30 × 20 thumbnails: 100 rows on the first page, 1 on the second.
        #expect(try RasterImage(pngFile: folder.path("sweep/sheet-1.png")).height == 62 + 100 * 30)
        #expect(try RasterImage(pngFile: folder.path("sweep/sheet-2.png")).height == 62 + 30)
    }

    @Test func thePlotDrawsOneCurvePerVariant() throws {
        let folder = try TemporaryFolder()
        let scene = try folder.write("slide.yaml", slideScene)
        let result = try CommandRunner.run(["sweep", scene, "--vary", "animators.move.duration=0.4,0.8,1.2",
                                            "--out", folder.path("sweep"), "--frames", "0", "--plot", "box.position.x",
                                            "--progress", "none"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try readIndex(folder).plot == "plot.png")
        let plot = try RasterImage(pngFile: folder.path("sweep/plot.png"))
        // Each variant's colour covers the length of a curve, far more than its legend swatch and
        // band marker; the next palette colour is not used.
        let colours = Chart.palette.prefix(4).map(RasterImage.Pixel.init)
        var counts = [0, 0, 0, 0]
        for pixel in plot.pixels {
            for (index, colour) in colours.enumerated() where pixel.isClose(to: colour) { counts[index] += 1 }
        }
        #expect(counts[0] > 250 && counts[1] > 250 && counts[2] > 250, "\(counts)")
        #expect(counts[3] == 0, "\(counts)")
    }

    @Test func variantsThatResolveToTheSameSceneAreRenderedOnce() throws {
        let folder = try TemporaryFolder()
        let scene = try folder.write("slide.yaml", slideScene)
        let result = try CommandRunner.run(["sweep", scene, "--vary", "animators.move.duration=1,1.0,2",
                                            "--out", folder.path("sweep"), "--progress", "json"])
        #expect(result.status == 0, "\(result.stderr)")
        let index = try readIndex(folder)
        #expect(index.variants.map(\.sameAs) == [nil, "duration=1", nil])
        // The duplicate's frames are the first variant's files, linked, with a manifest of its own.
        let original = try FileManager.default.attributesOfItem(atPath: folder.path("sweep/duration=1/frame_00010.png"))
        let shared = try FileManager.default.attributesOfItem(atPath: folder.path("sweep/duration=1.0/frame_00010.png"))
        #expect(original[.systemFileNumber] as? Int == shared[.systemFileNumber] as? Int)
        let manifest = try String(contentsOfFile: folder.path("sweep/duration=1.0/manifest.json"), encoding: .utf8)
        #expect(manifest.contains("animators.move.duration=1.0"))
        #expect(result.stdout.contains(",\"sameAs\":\"duration=1\"}"))
    }

    @Test(arguments: [
        (["--vary", "animators.move.foo=1,2"], Int32(65), "unknown key \"foo\""),
        (["--vary", "animators.move.duration=1,fast"], Int32(65), "expected a number (found fast)"),
        (["--vary", "animators.nope.duration=1,2"], Int32(65), "no element of animators has id \"nope\""),
        (["--vary", "animators.move.duration="], Int32(64), "the list of values is empty"),
        (["--vary", "animators.move.duration=1:2:0"], Int32(64), "the step must not be 0"),
        (["--vary", "animators.move.duration=1:200:1", "--vary", "layers.box.opacity=0:1:0.01"], Int32(64),
         "20200 variants; more than 10000 need --force"),
        (["--vary", "animators.move.duration=1,2", "--vary", "layers.box.opacity=1", "--zip"], Int32(64), "equally long"),
        (["--vary", "layers.box.opacity=0:1:0.03125", "--plot", "box.position.x"], Int32(64), "33 curves cannot be told apart"),
        (["--vary", "animators.move.duration=1,2", "--plot", "box.nope"], Int32(64), "plot box.nope: unknown property \"nope\""),
        ([], Int32(64), "at least one --vary"),
        (["--vary", "animators.move.duration=1,2", "--count", "50", "--width", "2000"], Int32(64), "wider than an image can be"),
        (["--vary", "canvas.size=[10,400]", "--width", "2000"], Int32(64), "more than a sheet can hold"),
    ])
    func badSweepsAreClearErrors(arguments: [String], status: Int32, message: String) throws {
        let folder = try TemporaryFolder()
        let scene = try folder.write("slide.yaml", slideScene)
        let result = try CommandRunner.run(["sweep", scene, "--out", folder.path("sweep")] + arguments)
        #expect(result.status == status, "\(result.stderr)")
        #expect(result.stderr.contains(message), "\(result.stderr)")
        // Nothing is rendered when any part of the sweep is wrong.
        #expect(!FileManager.default.fileExists(atPath: folder.path("sweep")))
    }
}

@Suite struct PlotCommandTests {
    @Test func aPlotChartsEachComponentWithItsEventsAndAnimatorStates() throws {
        let folder = try TemporaryFolder()
        let scene = try folder.write("slide.yaml", slideScene)
        let result = try CommandRunner.run(["plot", scene, "box.position", "--velocity", "--out", folder.path("plot.png")])
        #expect(result.status == 0, "\(result.stderr)")
        let plot = try RasterImage(pngFile: folder.path("plot.png"))
        // Four charts (x, y, and their velocities) of 360 pixels, then the band of one animator.
        #expect(plot.width == 1200)
        #expect(plot.height > 4 * 360 && plot.height < 4 * 360 + 160)
    }

    @Test func aPlotTallerThanAnImageCanBeIsRefusedBeforeDrawing() throws {
        let folder = try TemporaryFolder()
        let scene = try folder.write("slide.yaml", slideScene)
        // Per layer 4 colours of 4 channels and 5 points of 2 components, and their velocities:
        // 2 × 26 × 2 = 104 charts of 360 pixels.
        let properties = ["fill", "stroke.color", "color", "shadow.color", "position", "size", "anchor", "scale", "translation"]
        let keys = ["box", "label"].flatMap { layer in properties.map { layer + "." + $0 } }
        let result = try CommandRunner.run(["plot", scene] + keys + ["--velocity", "--samples", "10", "--out", folder.path("plot.png")])
        #expect(result.status == 64, "\(result.stderr)")
        #expect(result.stderr.contains("more than an image can be (32767)"), "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: folder.path("plot.png")))
    }

    @Test(arguments: [
        ("frog.position", "unknown layer \"frog\""),
        ("box.positon", "unknown property \"positon\""),
        ("box.position.z", "unknown component \"z\""),
        ("label.text", "text is text"),
    ])
    func anUnknownKeyIsAUsageError(key: String, message: String) throws {
        let folder = try TemporaryFolder()
        let scene = try folder.write("slide.yaml", slideScene)
        let result = try CommandRunner.run(["plot", scene, key, "--out", folder.path("plot.png")])
        #expect(result.status == 64)
        #expect(result.stderr.contains(message), "\(result.stderr)")
    }
}

extension RasterImage.Pixel {
    init(_ color: ZoetropeCore.Color) {
        self.init(red: UInt8((color.red * 255).rounded()), green: UInt8((color.green * 255).rounded()),
                  blue: UInt8((color.blue * 255).rounded()))
    }

    /// Within a few levels per channel (the curves are antialiased at their edges).
    func isClose(to other: Self) -> Bool {
        abs(Int(red) - Int(other.red)) <= 6 && abs(Int(green) - Int(other.green)) <= 6 && abs(Int(blue) - Int(other.blue)) <= 6
    }
}
