import ZoetropeCore
import ZoetropeRender
import ZoetropeFiles

/// Frames as the pages of one PDF, `<scene>.pdf` in a render folder, in frame order: written to
/// a temporary name and renamed once complete; its manifest lists the frames it holds.
public final class PDFSink: FrameSink, @unchecked Sendable {
    // Unchecked: an ordered sink is called from one thread at a time (`FrameSink`).
    public let folder: RenderFolder
    private let name: String
    private let temporary: String
    private let document: VectorDocument
    private var pages: [(index: Int, time: Double)] = []

    /// Starts `<scene>.pdf` in `folder`: pages of the render's `size` (in points), each frame
    /// drawn at `scale`; `io` when the document cannot be created.
    public init(_ folder: RenderFolder, scene: String, size: SurfaceSize, scale: Double) throws(RenderError) {
        self.folder = folder
        name = scene + ".pdf"
        temporary = AtomicFile.temporaryPath(for: folder.path(of: name))
        do {
            document = try VectorDocument(.pdf, path: temporary, width: size.width, height: size.height, scale: scale)
        } catch {
            AtomicFile.remove(temporary)
            folder.release()
            throw RenderError(message: "\(folder.path(of: name)): \(error)", kind: .io, file: folder.path(of: name))
        }
    }

    public var needs: FrameProducts { .tree }
    public var isOrdered: Bool { true }

    public func write(_ frame: DrawnFrame) throws(RenderError) {
        guard let tree = frame.tree else { return }
        do {
            try document.draw(tree)
        } catch {
            throw RenderError(message: "\(folder.path(of: name)): \(error)", kind: .io, file: folder.path(of: name))
        }
        document.endPage()
        pages.append((frame.index, frame.time))
    }

    public func finish() throws(RenderError) {
        let path = folder.path(of: name)
        do {
            try document.finish()
        } catch {
            abandon()
            throw RenderError(message: "\(path): \(error)", kind: .io, file: path)
        }
        try AtomicFile.rename(temporary, to: path)
        let hash = SHA256Digest(AtomicFile.read(path) ?? []).hex
        try folder.finish(document: pages.enumerated().map { page, frame in
            RenderManifest.Frame(index: frame.index, file: name, time: frame.time, sha256: hash, page: page + 1)
        })
    }

    public func abandon() {
        AtomicFile.remove(temporary)
        folder.release()
    }
}
