import ZoetropeCore
import ZoetropeFiles

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

    /// A thumbnail's label: its time to the hundredth and its frame (`1.5 s · frame 45`).
    public static func label(time: Double, frame: Int) -> String { "\(seconds(time)) s · frame \(frame)" }

    private static let gap = 12, labelHeight = 22, titleHeight = 40

    private var cellHeight: Int {
        let aspect = cells.first.map { Double($0.image.height) / Double(max($0.image.width, 1)) } ?? 0.75
        return Int(saturating: Double(cellWidth) * aspect, rounding: .toNearestOrAwayFromZero)
    }

    /// A sheet's size in pixels, unchecked: callers compare it with `SceneLimits.surfaceSide`
    /// to refuse a sheet too tall to draw before drawing any of it.
    public struct PixelSize: Hashable, Sendable {
        /// Pixels across.
        public var width: Int
        /// Pixels down.
        public var height: Int

        /// A sheet `width` pixels across and `height` down.
        public init(width: Int, height: Int) {
            self.width = width
            self.height = height
        }
    }

    /// The sheet's size in pixels.
    public var pixelSize: PixelSize {
        Self.pixelSize(cells: cells.count, columns: columns, cellWidth: cellWidth, cellHeight: cellHeight)
    }

    /// The size in pixels of a sheet of `cells` thumbnails, known before any is drawn.
    public static func pixelSize(cells: Int, columns: Int, cellWidth: Int, cellHeight: Int) -> PixelSize {
        let rows = (cells + columns - 1) / columns
        return PixelSize(width: gap + columns * (cellWidth + gap), height: titleHeight + rows * (cellHeight + labelHeight + gap) + gap)
    }

    /// The sheet as PNG bytes.
    public func pngData() throws(CairoError) -> [UInt8] {
        try draw().pngData()
    }

    /// The sheet's pixels.
    public func image() throws(CairoError) -> RasterImage {
        guard let surface = try draw().image else { throw CairoError(message: "no pixels", operation: "drawing a sheet") }
        return RasterImage(surface: surface)
    }

    /// The sheet drawn on a surface of its own.
    private func draw() throws(CairoError) -> FrameDrawer {
        let (gap, labelHeight, titleHeight, cellHeight) = (Self.gap, Self.labelHeight, Self.titleHeight, cellHeight)
        let size = pixelSize, width = size.width
        let drawer = try FrameDrawer(width: width, height: size.height)
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
        return drawer
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
