import ZoetropeCore
import ZoetropeRender
import ZoetropeFiles

/// Frames as `frame_NNNNN.svg` files in a render folder: vectors, each document written to a
/// temporary name and renamed once complete, and put on record as it lands.
public final class SVGFolderSink: FrameSink {
    public let folder: RenderFolder
    private let frameCount: Int
    private let size: SurfaceSize
    private let scale: Double

    /// Writes the frames of a render of `frameCount` frames into `folder`: documents of the
    /// render's `size` (in points), each frame drawn at `scale`.
    public init(_ folder: RenderFolder, frameCount: Int, size: SurfaceSize, scale: Double) {
        self.folder = folder
        self.frameCount = frameCount
        self.size = size
        self.scale = scale
    }

    public var needs: FrameProducts { .tree }
    public var isOrdered: Bool { false }

    public func write(_ frame: DrawnFrame) throws(RenderError) {
        guard let tree = frame.tree else { return }
        let name = RenderFolder.fileName(ofFrame: frame.index, frameCount: frameCount, extension: "svg")
        let path = folder.path(of: name)
        let temporary = AtomicFile.temporaryPath(for: path)
        do {
            let document = try VectorDocument(.svg, path: temporary, width: size.width, height: size.height, scale: scale)
            try document.draw(tree)
            try document.finish()
        } catch {
            AtomicFile.remove(temporary)
            throw RenderError(message: "\(path): \(error)", kind: .io, file: path)
        }
        try AtomicFile.rename(temporary, to: path)
        let bytes = AtomicFile.read(path) ?? []
        try folder.record(RenderManifest.Frame(index: frame.index, file: name, time: frame.time, sha256: SHA256Digest(bytes).hex))
    }

    public func finish() throws(RenderError) { try folder.finish() }
    public func abandon() { folder.abandon() }
}
