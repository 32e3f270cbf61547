import ArgumentParser
import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif
import ZoetropeFormat
import ZoetropePipeline
import ZoetropeRender

struct SheetCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sheet",
        abstract: "Draw a contact sheet: a grid of evenly spaced frames with their times.",
        discussion: """
            For a scene, the frames are drawn at thumbnail size and the sheet is written beside \
            its frames, output/<scene>/sheet.png; for a folder of frames, into that folder. Exit \
            codes: 0 success; 64 usage; 65 invalid scene or PNG; 66 missing input; 73/74 the \
            sheet cannot be written.
            """
    )

    @Argument(help: "A scene file, or a folder of frame_NNNNN.png files.", completion: .file())
    var source: String

    @Option(help: "How many frames, spread evenly from the first to the last.")
    var count = 12

    @Option(help: "Thumbnails per row.")
    var columns = 4

    @Option(help: "Thumbnail width in pixels.")
    var width = 240

    @Option(help: ArgumentHelp("Where to write the sheet (PNG).", valueName: "FILE"))
    var out: String?

    @OptionGroup var overrides: OverrideOptions

    func validate() throws {
        guard (1...500).contains(count) else { throw ValidationError("--count must be within 1...500 (found \(count))") }
        if let out { try requirePNG(out, option: "--out") }
        guard (1...50).contains(columns) else { throw ValidationError("--columns must be within 1...50 (found \(columns))") }
        guard (16...2000).contains(width) else { throw ValidationError("--width must be within 16...2000 (found \(width))") }
        // A sheet is an image: at most 32767 pixels a side (12-pixel gaps between thumbnails).
        guard min(columns, count) * (width + 12) + 12 <= 32767 else {
            throw ValidationError("\(min(columns, count)) columns of \(width) pixels would make a sheet wider than an image can be (32767); use fewer or narrower columns")
        }
    }

    func run() throws {
        try ContactSheets.draw(source, count: count, columns: columns, width: width, out: out, overrides: overrides.overrides())
    }
}

/// Builds and writes a contact sheet of a scene or a frame folder.
enum ContactSheets {
    static func draw(_ source: String, count: Int, columns: Int, width: Int, out: String?, overrides: [SceneOverride]) throws {
        let isFolder = FileSystem.isFolder(source)
        do {
            let sheet: ContactSheet
            let path: String
            if isFolder {
                let name = source.split(separator: "/").last.map(String.init) ?? source
                sheet = ContactSheet(title: name, cells: try ContactSheet.cells(ofFolder: source, count: count), columns: columns, cellWidth: width)
                path = out ?? source + "/sheet.png"
            } else {
                let evaluated: EvaluatedScene
                do {
                    evaluated = try EvaluatedScene.load([source], overrides: overrides)[0]
                } catch {
                    throw report(error)
                }
                let loaded = evaluated.loaded, frameCount = evaluated.frameCount
                let frames = ContactSheet.evenlySpaced(count, of: frameCount)
                let canvas = loaded.scene.canvas.size
                let thumbnailHeight = Int(saturating: Double(width) * canvas.y / max(canvas.x, 1), rounding: .toNearestOrAwayFromZero)
                try checkHeight(ContactSheet.pixelSize(cells: frames.count, columns: columns, cellWidth: width, cellHeight: thumbnailHeight).height,
                                of: source, columns: columns)
                let cells: [ContactSheet.Cell]
                do {
                    cells = try ContactSheet.cells(of: evaluated.evaluation, frames: frames, cellWidth: width)
                } catch {
                    throw RenderError(message: "\(source): \(error)", exitCode: 70)
                }
                sheet = ContactSheet(title: "\(loaded.scene.name) — \(frameCount) frames at \(loaded.scene.frameRate.framesPerSecond) fps",
                                     cells: cells, columns: columns, cellWidth: width)
                path = out ?? "output/" + loaded.scene.name + "/sheet.png"
            }
            try checkHeight(sheet.pixelSize.height, of: source, columns: columns)
            try OutputFolder.create(parentOf: path)
            try sheet.write(to: path)
            printLine("\(source): sheet of \(sheet.cells.count) frame\(sheet.cells.count == 1 ? "" : "s") → \(path)")
        } catch let error as RenderError {
            printError(error)
            throw ExitCode(error.exitCode)
        }
    }

    /// A sheet is an image: at most 32767 pixels tall (its width is checked with the options).
    private static func checkHeight(_ height: Int, of source: String, columns: Int) throws(RenderError) {
        guard height > 32767 else { return }
        throw RenderError(message: "\(source): a sheet in \(columns) columns would be \(height) pixels tall, more than an image can be (32767); use more columns, fewer frames or a smaller --width", exitCode: 64)
    }
}
