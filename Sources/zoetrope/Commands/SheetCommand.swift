import ArgumentParser
import FoundationEssentials
import ZoetropeFiles
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

            Example:
              $ zoetrope sheet scenes/frog.yaml --count 8 --columns 4
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
        let isFolder = FileSystem.isFolder(source)
        let scene = isFolder ? nil : try loadScenes([source], overrides: overrides.overrides())[0]
        let path = out ?? (scene.map { OutputLayout.folder(forScene: $0.scene.name) } ?? source) + "/sheet.png"
        let sheet = try exiting { () throws(RenderError) -> ContactSheet in
            let sheet = if let scene { try ContactSheet.of(scene, count: count, columns: columns, width: width) }
                        else { try ContactSheet.of(folder: source, count: count, columns: columns, width: width) }
            try ContactSheet.checkHeight(sheet.pixelSize.height, of: source, columns: columns)
            try OutputFolder.create(parentOf: path)
            try sheet.write(to: path)
            return sheet
        }
        printLine("\(source): sheet of \(sheet.cells.count) frame\(sheet.cells.count == 1 ? "" : "s") → \(path)")
    }
}
