import Foundation
import Testing
import ZoetropeRender

@Suite struct SheetCommandTests {
    @Test func aSceneSheetIsAGridOfEvenlySpacedFrames() throws {
        let folder = try TemporaryFolder()
        let scene = try folder.write("slide.yaml", slideScene)
        let result = try CommandRunner.run(["sheet", scene, "--count", "6", "--columns", "3", "--width", "120", "--out", folder.path("sheet.png")])
        #expect(result.status == 0, "\(result.stderr)")
        let sheet = try RasterImage(pngFile: folder.path("sheet.png"))
        // 3 columns of 120 px with 12 px gaps; 2 rows of 80 px thumbnails, 22 px labels, a 40 px title.
        #expect(sheet.width == 12 + 3 * 132)
        #expect(sheet.height == 40 + 2 * (80 + 22 + 12) + 12)
        // The first thumbnail shows the red box at (20, 40) of 120 × 80: at (12 + 20, 40 + 40).
        #expect(sheet[32, 80] == RasterImage.Pixel(red: 255, green: 0, blue: 0))
        // The last is frame 30: the box has moved to x = 100 and turned blue.
        #expect(sheet[12 + 2 * 132 + 100, 40 + 114 + 40] == RasterImage.Pixel(red: 0, green: 0, blue: 255))
    }

    @Test func aFolderSheetIsWrittenBesideItsFrames() throws {
        let folder = try TemporaryFolder()
        let scene = try folder.write("slide.yaml", slideScene)
        #expect(try CommandRunner.run(["render", scene, "--out", folder.path("frames"), "--progress", "none"]).status == 0)
        let result = try CommandRunner.run(["sheet", folder.path("frames"), "--count", "4"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(FileManager.default.fileExists(atPath: folder.path("frames/sheet.png")))
        #expect(try CommandRunner.run(["sheet", folder.path("nothing-here")]).status == 66)
    }

    @Test func aSheetLargerThanAnImageCanBeIsAUsageError() throws {
        let folder = try TemporaryFolder()
        let scene = try folder.write("slide.yaml", slideScene)
        let wide = try CommandRunner.run(["sheet", scene, "--count", "20", "--columns", "20", "--width", "2000", "--out", folder.path("a.png")])
        #expect(wide.status == 64 && wide.stderr.contains("wider than an image can be"), "\(wide.stderr)")
        // 31 frames in one column of 2000 × 1333 thumbnails.
        let tall = try CommandRunner.run(["sheet", scene, "--count", "31", "--columns", "1", "--width", "2000", "--out", folder.path("b.png")])
        #expect(tall.status == 64 && tall.stderr.contains("more than an image can be"), "\(tall.stderr)")
        #expect(!FileManager.default.fileExists(atPath: folder.path("a.png")) && !FileManager.default.fileExists(atPath: folder.path("b.png")))
    }

    @Test func evenlySpacedFramesIncludeTheFirstAndTheLast() {
        #expect(ContactSheet.evenlySpaced(4, of: 31) == [0, 10, 20, 30])
        #expect(ContactSheet.evenlySpaced(12, of: 3) == [0, 1, 2])
    }

    @Test func timesReadToTheHundredthWithoutATrailingZero() {
        #expect([0, 1.5, 7.0333, 2].map(ComparisonSheet.timeLabel) == ["0 s", "1.5 s", "7.03 s", "2 s"])
    }
}
