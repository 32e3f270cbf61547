import ZoetropeCore
import ZoetropeFiles

/// A sweep's comparison sheet: one row per variant, labelled with its values, one column per
/// instant, so the variants can be compared down each column.
public struct ComparisonSheet: Sendable {
    public struct Row: Sendable {
        public var label: String
        /// The variant's colour in the sweep's plot, drawn as a swatch beside the label.
        public var color: Color?
        /// One thumbnail per column.
        public var images: [RasterImage]
        /// The columns past the end of the variant's render (a shorter variant): drawn faint
        /// and labelled, since its render never had those moments.
        public var pastEnd: Set<Int>

        public init(label: String, color: Color? = nil, images: [RasterImage], pastEnd: Set<Int> = []) {
            self.label = label
            self.color = color
            self.pastEnd = pastEnd
            self.images = images
        }
    }

    /// A rectangle of the sheet, in pixels.
    public struct Box: Hashable, Sendable {
        public var x, y, width, height: Int
    }

    /// Where everything goes: computed once, so drawing and tests agree.
    public struct Layout: Sendable {
        public var width: Int
        public var height: Int
        /// The label beside each row.
        public var labels: [Box]
        /// `cells[row][column]`: each thumbnail.
        public var cells: [[Box]]
        /// The time above each column.
        public var headers: [Box]
        /// Each row's label, broken into the lines drawn.
        var labelLines: [[String]]
    }

    public var title: String
    /// The text above each column (`0.5 s`).
    public var columnLabels: [String]
    public var rows: [Row]
    /// Thumbnail width in pixels; heights keep the images' aspect ratio.
    public var cellWidth: Int

    public init(title: String, columnLabels: [String], rows: [Row], cellWidth: Int) {
        self.title = title
        self.columnLabels = columnLabels
        self.rows = rows
        self.cellWidth = max(16, cellWidth)
    }

    /// Spacing, in pixels.
    public static let gap = 10, titleHeight = 40, headerHeight = 22, labelSize = 13.0, lineHeight = 17
    /// Labels wider than this break at their commas.
    static let widestLabel = 300.0

    /// The sheet's geometry; text is measured with the chart font.
    public func layout() throws(CairoError) -> Layout {
        let measure = try FrameDrawer(width: 1, height: 1).context
        let lines = rows.map { row -> [String] in
            measure.labelWidth(row.label, size: Self.labelSize) <= Self.widestLabel
                ? [row.label] : row.label.split(separator: ",").map(String.init)
        }
        let textWidth = lines.flatMap { $0 }.map { measure.labelWidth($0, size: Self.labelSize) }.max() ?? 0
        let swatch = rows.contains { $0.color != nil } ? 16 : 0
        let labelWidth = Int(saturating: min(textWidth, Self.widestLabel), rounding: .up) + swatch + 8
        // Variants may differ in canvas size: each row is as tall as its tallest thumbnail.
        func height(of image: RasterImage) -> Int {
            Int(saturating: Double(cellWidth) * Double(image.height) / Double(max(image.width, 1)), rounding: .toNearestOrAwayFromZero)
        }
        let columns = max(columnLabels.count, 1)
        let left = Self.gap + labelWidth + Self.gap
        let width = left + columns * (cellWidth + Self.gap)
        var y = Self.titleHeight + Self.headerHeight
        var labels: [Box] = [], cells: [[Box]] = []
        for (row, rowLines) in zip(rows, lines) {
            let cellHeight = row.images.map(height(of:)).max() ?? Int(saturating: Double(cellWidth) * 0.75, rounding: .toNearestOrAwayFromZero)
            let rowHeight = max(cellHeight, rowLines.count * Self.lineHeight)
            labels.append(Box(x: Self.gap, y: y, width: labelWidth, height: rowHeight))
            cells.append((0..<columns).map { column in
                let height = column < row.images.count ? height(of: row.images[column]) : cellHeight
                return Box(x: left + column * (cellWidth + Self.gap), y: y, width: cellWidth, height: height)
            })
            y += rowHeight + Self.gap
        }
        let headers = (0..<columns).map {
            Box(x: left + $0 * (cellWidth + Self.gap), y: Self.titleHeight, width: cellWidth, height: Self.headerHeight)
        }
        return Layout(width: width, height: y, labels: labels, cells: cells, headers: headers, labelLines: lines)
    }

    /// The sheet as PNG bytes.
    public func pngData() throws(CairoError) -> [UInt8] {
        let layout = try layout()
        let drawer = try FrameDrawer(width: layout.width, height: layout.height)
        let context = drawer.context
        let ink = Color(hex: "#222222") ?? .black, muted = Color(hex: "#555555") ?? .black
        context.resetTransform()
        context.paint(Color(hex: "#F4F4F4") ?? .white)
        context.drawLabel(title, x: Double(layout.width) / 2, y: Double(Self.titleHeight) / 2 + 4, alignment: .center,
                          size: 16, color: ink, bold: true)
        for (header, text) in zip(layout.headers, columnLabels) {
            context.drawLabel(text, x: Double(header.x) + Double(header.width) / 2, y: Double(header.y) + Double(header.height) / 2,
                              alignment: .center, size: 12, color: muted)
        }
        for (index, row) in rows.enumerated() {
            let box = layout.labels[index]
            var textX = Double(box.x)
            if let color = row.color {
                context.newPath()
                context.addRect(x: Double(box.x), y: Double(box.y) + 4, width: 8, height: Double(box.height) - 8)
                context.fill(color)
                textX += 16
            }
            let lines = layout.labelLines[index]
            let top = Double(box.y) + (Double(box.height) - Double(lines.count * Self.lineHeight)) / 2
            for (number, line) in lines.enumerated() {
                context.drawLabel(line, x: textX, y: top + (Double(number) + 0.5) * Double(Self.lineHeight), alignment: .left,
                                  size: Self.labelSize, color: ink)
            }
            for (column, (cell, image)) in zip(layout.cells[index], row.images).enumerated() {
                let thumbnail = try CairoImageSurface(width: image.width, height: image.height)
                thumbnail.store(image.pixels)
                let past = row.pastEnd.contains(column)
                context.paint(thumbnail, x: Double(cell.x), y: Double(cell.y),
                              scaleX: Double(cell.width) / Double(max(image.width, 1)),
                              scaleY: Double(cell.height) / Double(max(image.height, 1)), opacity: past ? 0.3 : 1)
                if past {
                    context.drawLabel("after its end", x: Double(cell.x) + Double(cell.width) / 2, y: Double(cell.y) + Double(cell.height) / 2,
                                      alignment: .center, size: 12, color: ink, bold: true)
                }
                context.newPath()
                context.addRect(x: Double(cell.x) + 0.5, y: Double(cell.y) + 0.5, width: Double(cell.width) - 1,
                                height: Double(cell.height) - 1)
                context.stroke(width: 1, color: Color(hex: "#C8C8C8") ?? .black)
            }
        }
        try context.checkStatus()
        return try drawer.pngData()
    }

    /// Writes the sheet to `path` atomically.
    public func write(to path: String) throws(RenderError) {
        try AtomicFile.writePNG(to: path) { () throws(CairoError) in try pngData() }
    }

    /// `1.25 s`: an instant as a column header.
    public static func timeLabel(_ time: Double) -> String { ContactSheet.seconds(time) + " s" }

    /// `count` instants from 0 to `duration`, both included, each on a frame of `frameRate`.
    public static func evenlySpacedTimes(_ count: Int, over duration: Double, frameRate: FrameRate) -> [Double] {
        let frames = ContactSheet.evenlySpaced(count, of: frameRate.frameCount(forDuration: duration))
        return frames.map(frameRate.time(ofFrame:))
    }
}
