import ZoetropeCore

/// A contact sheet: thumbnails in a grid, each labelled (with its time), on one PNG.
public struct ContactSheet: Sendable {
    public struct Cell: Sendable {
        public var image: RasterImage
        public var label: String

        public init(image: RasterImage, label: String) {
            self.image = image
            self.label = label
        }
    }

    public var title: String
    public var cells: [Cell]
    public var columns: Int
    /// Thumbnail width in pixels; heights keep each image's aspect ratio.
    public var cellWidth: Int

    public init(title: String, cells: [Cell], columns: Int = 4, cellWidth: Int = 240) {
        self.title = title
        self.cells = cells
        self.columns = max(1, columns)
        self.cellWidth = max(16, cellWidth)
    }

    /// The frames of `evaluation` at `frames`, drawn at thumbnail size, labelled with their time.
    public static func cells(of evaluation: SceneEvaluation, frames: [Int], cellWidth: Int) throws(CairoError) -> [Cell] {
        let times = frames.map(evaluation.scene.frameRate.time(ofFrame:))
        let images = try thumbnails(of: evaluation, at: times, width: cellWidth)
        return zip(zip(frames, times), images).map { frame, image in
            Cell(image: image, label: "\(Self.seconds(frame.1)) s · frame \(frame.0)")
        }
    }

    /// The presentation of `evaluation` at each of `times`, drawn `width` pixels wide.
    public static func thumbnails(of evaluation: SceneEvaluation, at times: [Double], width: Int) throws(CairoError) -> [RasterImage] {
        let scene = evaluation.scene
        let scale = Double(width) / scene.canvas.size.x
        let height: Int
        do {
            height = try SurfaceSize(canvas: scene.canvas.size, scale: scale, atLeastOnePixel: true).height
        } catch {
            throw CairoError(message: error.message, operation: "drawing a thumbnail")
        }
        let drawer = try FrameDrawer(width: width, height: height)
        return try times.map { time throws(CairoError) -> RasterImage in
            try drawer.draw(evaluation.presentation(at: time), scale: scale)
            guard let image = drawer.image else { throw CairoError(message: "no pixels", operation: "drawing a thumbnail") }
            return RasterImage(surface: image)
        }
    }

    private static let gap = 12, labelHeight = 22, titleHeight = 40

    private var cellHeight: Int {
        let aspect = cells.first.map { Double($0.image.height) / Double(max($0.image.width, 1)) } ?? 0.75
        return Int(saturating: Double(cellWidth) * aspect, rounding: .toNearestOrAwayFromZero)
    }

    /// The sheet's size in pixels.
    public var pixelSize: (width: Int, height: Int) {
        Self.pixelSize(cells: cells.count, columns: columns, cellWidth: cellWidth, cellHeight: cellHeight)
    }

    /// The size in pixels of a sheet of `cells` thumbnails, known before any is drawn.
    public static func pixelSize(cells: Int, columns: Int, cellWidth: Int, cellHeight: Int) -> (width: Int, height: Int) {
        let rows = (cells + columns - 1) / columns
        return (gap + columns * (cellWidth + gap), titleHeight + rows * (cellHeight + labelHeight + gap) + gap)
    }

    /// The sheet as PNG bytes.
    public func pngData() throws(CairoError) -> [UInt8] {
        let (gap, labelHeight, titleHeight, cellHeight) = (Self.gap, Self.labelHeight, Self.titleHeight, cellHeight)
        let (width, height) = pixelSize
        let drawer = try FrameDrawer(width: width, height: height)
        let context = drawer.context
        context.resetTransform()
        context.paint(Color(hex: "#F4F4F4") ?? .white)
        context.drawLabel(title, x: Double(width) / 2, y: Double(titleHeight) / 2 + 4, alignment: .center, size: 16,
                          color: Color(hex: "#222222") ?? .black, bold: true)
        for (index, cell) in cells.enumerated() {
            let x = gap + (index % columns) * (cellWidth + gap)
            let y = titleHeight + (index / columns) * (cellHeight + labelHeight + gap)
            let thumbnail = try CairoImageSurface(width: cell.image.width, height: cell.image.height)
            thumbnail.store(cell.image.pixels)
            context.paint(thumbnail, x: Double(x), y: Double(y), scaleX: Double(cellWidth) / Double(max(cell.image.width, 1)),
                          scaleY: Double(cellHeight) / Double(max(cell.image.height, 1)), opacity: 1)
            context.newPath()
            context.addRect(x: Double(x) + 0.5, y: Double(y) + 0.5, width: Double(cellWidth) - 1, height: Double(cellHeight) - 1)
            context.stroke(width: 1, color: Color(hex: "#C8C8C8") ?? .black)
            context.drawLabel(cell.label, x: Double(x + cellWidth / 2), y: Double(y + cellHeight + labelHeight / 2 + 2),
                              alignment: .center, size: 12, color: Color(hex: "#444444") ?? .black)
        }
        try context.checkStatus()
        return try drawer.pngData()
    }

    /// Writes the sheet to `path` atomically.
    public func write(to path: String) throws(RenderError) {
        try AtomicFile.writePNG(to: path) { () throws(CairoError) in try pngData() }
    }

    /// `count` frame indices spread evenly over `frameCount`, first and last included.
    public static func evenlySpaced(_ count: Int, of frameCount: Int) -> [Int] {
        guard frameCount > 1, count > 1 else { return [0] }
        let n = min(count, frameCount)
        return (0..<n).map { Int(saturating: Double($0) * Double(frameCount - 1) / Double(n - 1), rounding: .toNearestOrAwayFromZero) }
    }

    /// A time to the hundredth, without a trailing `.0`: `0`, `1.5`, `2.33`.
    static func seconds(_ time: Double) -> String {
        let hundredths = (time * 100).rounded() / 100
        return hundredths == hundredths.rounded() && abs(hundredths) < 1e15 ? String(Int(saturating: hundredths)) : String(hundredths)
    }
}

extension ContactSheet {
    /// A sheet of the PNG frames in `folder` (names like frame_00012.png), `count` evenly spaced;
    /// labels give each frame's time from the folder's manifest when it has one.
    public static func cells(ofFolder folder: String, count: Int) throws(RenderError) -> [Cell] {
        let manifest = try RenderManifest.read(folder + "/manifest.json")
        var frames: [(name: String, record: RenderManifest.Frame?)] = []
        if let manifest, manifest.format == "png" {
            frames = manifest.frames.map { ($0.file, $0) }
        } else {
            frames = FrameListing.frames(in: folder).map { name in (name, manifest?.frames.first { $0.file == name }) }
        }
        guard !frames.isEmpty else { throw RenderError(message: "\(folder): no frames (frame_NNNNN.png) to put on a sheet", exitCode: 66) }
        let picks = evenlySpaced(count, of: frames.count).map { frames[$0] }
        return try picks.map { name, record throws(RenderError) -> Cell in
            // A frame the manifest names is read as data: a regular file in the folder, no link.
            let bytes = try record.map { frame throws(RenderError) in try RenderManifest.bytes(of: frame, in: folder) } ?? AtomicFile.read(folder + "/" + name)
            let image: RasterImage
            do throws(CairoError) {
                guard let bytes else { throw CairoError(message: "cannot read the file", operation: "reading \(name)") }
                image = try RasterImage(pngData: bytes)
            } catch {
                throw RenderError(message: "\(folder)/\(name): not a readable PNG (\(error.message))", exitCode: 65)
            }
            return Cell(image: image, label: record.map { "\(seconds($0.time)) s · frame \($0.index)" } ?? name)
        }
    }
}
