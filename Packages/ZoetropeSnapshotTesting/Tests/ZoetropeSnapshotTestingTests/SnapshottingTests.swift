import Foundation
import SnapshotTesting
import Testing
import ZoetropeCore
import ZoetropeFormat
import ZoetropePipeline
import ZoetropeRender
@testable import ZoetropeSnapshotTesting
import ZoetropeUIKit

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
        #expect(diffPath.hasSuffix("/SnapshottingTests/aDifferenceFailsWithItsCountAndADiffImage.diff.png"),
                "named after the test, in the folder of its file, as the library names the failing image (\(diffPath))")
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

    /// A film's frames: UIKit code's animation, snapshotted as it drew it.
    @MainActor @Test func aFilmsFramesSideBySide() throws {
        let directory = try folder()
        let film = Film(size: CGSize(width: 80, height: 50), framesPerSecond: 10)
        let box = UIView(frame: CGRect(x: 5, y: 15, width: 20, height: 20))
        box.backgroundColor = UIColor(red: 0xE5 / 255, green: 0x39 / 255, blue: 0x35 / 255, alpha: 1)
        film.rootView.addSubview(box)
        film.at(0) { UIView.animate(withDuration: 1, delay: 0, options: .curveLinear, animations: { box.center.x = 65 }) }
        film.advanceUntilIdle()
        _ = verifySnapshot(of: film, as: .frames(at: [0, 0.5, 1]), named: "film", record: .all, snapshotDirectory: directory)
        let reference = try RasterImage(pngFile: directory + "/" + (try #require(try FileManager.default.contentsOfDirectory(atPath: directory).first)))
        #expect(reference.width == 240 && reference.height == 50, "three 80×50 frames in a row")
        #expect(reference[15, 25].red == 0xE5 && reference[80 + 40, 25].red == 0xE5 && reference[160 + 65, 25].red == 0xE5
                && reference[80 + 15, 25].red == 0xFF, "the box at 0, 0.5 and 1 s: left, middle, right")
        #expect(verifySnapshot(of: film, as: .frames(at: [0, 0.5, 1]), named: "film", record: .never, snapshotDirectory: directory) == nil)
        box.backgroundColor = .blue
        film.advance(by: 0.1)
        let sheet = verifySnapshot(of: film, as: .contactSheet(count: 2, columns: 2, width: 80), named: "sheet", record: .all,
                                   snapshotDirectory: directory)
        #expect(sheet?.contains("Record mode is on") == true)
    }

    /// The diff image's name: the failing reference's own, when it is in `__Snapshots__` beside
    /// the test, else the test's; outside Swift Testing, a fixed name.
    @Test func theDiffImageIsNamedAfterTheTestAndItsReference() throws {
        let sources = try folder()
        let references = sources + "/__Snapshots__/CardTests"
        try FileManager.default.createDirectory(atPath: references, withIntermediateDirectories: true)
        try Data([1, 2, 3]).write(to: URL(fileURLWithPath: references + "/theCardSlides.1.png"))
        try Data([4, 5, 6]).write(to: URL(fileURLWithPath: references + "/theCardSlides.end.png"))
        let test = (name: "theCardSlides()", filePath: sources + "/CardTests.swift")
        #expect(SnapshotArtifact.diffImagePath(reference: Data([4, 5, 6]), test: test, artifacts: "/artifacts")
                == "/artifacts/CardTests/theCardSlides.end.diff.png")
        #expect(SnapshotArtifact.diffImagePath(reference: Data([1, 2, 3]), test: test, artifacts: "/artifacts")
                == "/artifacts/CardTests/theCardSlides.1.diff.png")
        #expect(SnapshotArtifact.diffImagePath(reference: Data([9]), test: test, artifacts: "/artifacts")
                == "/artifacts/CardTests/theCardSlides.diff.png")
        #expect(SnapshotArtifact.diffImagePath(reference: Data([9]), test: nil, artifacts: "/artifacts")
                == "/artifacts/ZoetropeSnapshotTesting/snapshot.diff.png")
        #expect(SnapshotArtifact.pathComponent("a test (with: 2 args)") == "a-test-with-2-args")
    }
}
