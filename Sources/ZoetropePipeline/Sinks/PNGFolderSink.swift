import ZoetropeRender
import ZoetropeFiles

/// Frames as `frame_NNNNN.png` files in a render folder, each written atomically and put on
/// record as it lands (`RenderFolder`); manifest.json once the run ends, or fails.
public final class PNGFolderSink: FrameSink {
    public let folder: RenderFolder
    /// Frames in the whole render: how many digits the names have.
    private let frameCount: Int
    /// Frames already done that the run draws for another sink (a video): not written again.
    private let done: Set<Int>

    public init(_ folder: RenderFolder, frameCount: Int, skipping done: Set<Int> = []) {
        self.folder = folder
        self.frameCount = frameCount
        self.done = done
    }

    public var needs: FrameProducts { .png }
    public var isOrdered: Bool { false }

    public func write(_ frame: DrawnFrame) throws(RenderError) {
        guard !done.contains(frame.index), let png = frame.png else { return }
        let name = RenderFolder.fileName(ofFrame: frame.index, frameCount: frameCount)
        try AtomicFile.write(png, to: folder.path(of: name))
        try folder.record(RenderManifest.Frame(index: frame.index, file: name, time: frame.time, sha256: frame.sha256 ?? SHA256Digest(png).hex))
    }

    public func finish() throws(RenderError) { try folder.finish() }
    public func abandon() { folder.abandon() }
}
