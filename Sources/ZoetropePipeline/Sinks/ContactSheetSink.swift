import ZoetropeRender

/// Frames as the thumbnails of one contact sheet, each labelled with its time and frame,
/// written once every frame is in. (Draw the plan at the thumbnails' scale.)
public final class ContactSheetSink: FrameSink {
    private let memory = MemorySink(keeping: .image)
    private let title: String
    private let columns: Int
    private let cellWidth: Int
    private let path: String?
    private let label: @Sendable (_ time: Double, _ frame: Int) -> String

    /// A sheet titled `title`, `columns` thumbnails of `cellWidth` pixels across, written to
    /// `path` by `finish()` (nil: read `sheet` instead), each labelled by `label`
    /// (`1.5 s · frame 45` by default).
    public init(title: String, columns: Int, cellWidth: Int, path: String?,
                label: @escaping @Sendable (_ time: Double, _ frame: Int) -> String = ContactSheet.label(time:frame:)) {
        self.title = title
        self.columns = columns
        self.cellWidth = cellWidth
        self.path = path
        self.label = label
    }

    public var needs: FrameProducts { .image }
    public var isOrdered: Bool { false }

    public func write(_ frame: DrawnFrame) throws(RenderError) { try memory.write(frame) }

    /// The sheet of the frames written so far.
    public var sheet: ContactSheet {
        let cells = memory.frames.compactMap { frame in
            frame.image.map { ContactSheet.Cell(image: $0, label: label(frame.time, frame.index)) }
        }
        return ContactSheet(title: title, cells: cells, columns: columns, cellWidth: cellWidth)
    }

    public func finish() throws(RenderError) {
        if let path { try sheet.write(to: path) }
    }

    public func abandon() {}
}
