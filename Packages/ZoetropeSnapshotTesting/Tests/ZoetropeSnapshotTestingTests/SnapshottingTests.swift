import Foundation
import SnapshotTesting
import Testing
import ZoetropeCore
import ZoetropeFormat
import ZoetropePipeline
import ZoetropeRender
import ZoetropeSnapshotTesting

// In parallel: text is drawn with the text engine's own font options, so which test draws
// text first no longer decides how later text is drawn (issue #47).
@Suite struct SnapshottingTests {
    private func scene(fill: String = "#E53935") throws -> Scene {
        let text = """
            version: 1
            canvas: { size: [80, 50], background: "#FFFFFF" }
            render: { fps: 10, duration: 1 }
            layers:
              - { id: box, shape: rect, position: [15, 25], size: [20, 20], fill: "\(fill)" }
            animators:
              - { id: move, duration: 1, animations: [ { set: { box.position: [65, 25] } } ] }
            script:
              - { at: 0, start: move }
            """
        return try SceneLoader.parse(Array(text.utf8), file: "box.yaml").scene
    }

    private func folder() throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("zoetrope-snapshots-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    @Test func framesAreRecordedSideBySideThenMatch() throws {
        let directory = try folder()
        let scene = try scene()
        let recording = verifySnapshot(of: scene, as: .frames(at: [0, 0.5, 1]), named: "box", record: .all, snapshotDirectory: directory)
        #expect(recording?.contains("Record mode is on") == true, "\(recording ?? "")")
        let files = try FileManager.default.contentsOfDirectory(atPath: directory)
        let reference = try RasterImage(pngFile: directory + "/" + (try #require(files.first)))
        #expect(reference.width == 240 && reference.height == 50, "three 80×50 frames in a row")
        #expect(reference[15, 25].red == 0xE5 && reference[80 + 40, 25].red == 0xE5 && reference[160 + 65, 25].red == 0xE5,
                "the box at 0, 0.5 and 1 s: left, middle, right")
        #expect(verifySnapshot(of: scene, as: .frames(at: [0, 0.5, 1]), named: "box", record: .never, snapshotDirectory: directory) == nil)
    }

    @Test func aDifferenceFailsWithItsCountAndADiffImage() throws {
        let directory = try folder()
        _ = verifySnapshot(of: try scene(), as: .frames(at: [0.5]), named: "box", record: .all, snapshotDirectory: directory)
        let failure = try #require(verifySnapshot(of: try scene(fill: "#1E88E5"), as: .frames(at: [0.5]), named: "box", record: .never,
                                                  snapshotDirectory: directory))
        #expect(failure.contains("400 pixels differ (10.0 %)"), "\(failure)")
        let diffPath = try #require(failure.range(of: "diff image: ").map { String(failure[$0.upperBound...].prefix { !$0.isWhitespace && $0 != "\n" }) })
        let diff = try RasterImage(pngFile: diffPath)
        #expect(diff.pixels.contains(RasterImage.Pixel(red: 255, green: 0, blue: 0)), "differences in red")
        let tolerant = verifySnapshot(of: try scene(fill: "#1E88E5"), as: .frames(at: [0.5], tolerance: Tolerance(maxDiffRatio: 0.2)),
                                      named: "box", record: .never, snapshotDirectory: directory)
        #expect(tolerant == nil, "within a tolerance of 20 %")
    }

    @Test func aSnapshotThatCannotBeDrawnFailsEvenAgainstItsOwnRecording() throws {
        let directory = try folder()
        let empty = Movie(name: "empty", canvas: Canvas(size: Vector2(80, 50)), framesPerSecond: 10, frames: [])
        _ = verifySnapshot(of: empty, as: .frames(at: [0]), named: "empty", record: .all, snapshotDirectory: directory)
        let failure = verifySnapshot(of: empty, as: .frames(at: [0]), named: "empty", record: .never, snapshotDirectory: directory)
        #expect(failure?.contains("zoetrope could not draw the snapshot") == true, "\(failure ?? "passed")")
    }

    @Test func aRecordedStageAndAContactSheet() throws {
        let directory = try folder()
        var box = Layer(id: "box", shape: .rect)
        box.values.position = Vector2(15, 25)
        box.values.size = Vector2(20, 20)
        box.values.fill = Color(hex: "#E53935")!
        let stage = AnimationStage(layers: [box])
        let move = PropertyAnimator(duration: 1, curve: .linear, stage: stage)
        try move.addAnimations([stage.assignment("box.position", .vector(Vector2(65, 25)))])
        let movie = try Movie.record(stage, canvas: Canvas(size: Vector2(80, 50)), framesPerSecond: 10) { clock in
            try move.startAnimation()
            clock.advance(to: 1)
        }
        _ = verifySnapshot(of: movie, as: .contactSheet(count: 4, columns: 2, width: 80), named: "sheet", record: .all, snapshotDirectory: directory)
        #expect(verifySnapshot(of: movie, as: .contactSheet(count: 4, columns: 2, width: 80), named: "sheet", record: .never, snapshotDirectory: directory) == nil)
        let sheet = try RasterImage(pngFile: directory + "/" + (try #require(try FileManager.default.contentsOfDirectory(atPath: directory).first)))
        #expect(sheet.width >= 160 && sheet.width < 240, "two 80-pixel columns (\(sheet.width))")
    }
}
