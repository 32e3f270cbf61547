import ZoetropeCore
import ZoetropeRender
import ZoetropeFiles

/// Frames fed, in frame order, as raw RGBA to the real `ffmpeg`, which writes a GIF, MP4, WebM
/// or WebP to a temporary name that is renamed into place once it has succeeded.
public final class FFmpegSink: FrameSink, @unchecked Sendable {
    // Unchecked: an ordered sink is called from one thread at a time (`FrameSink`).
    private let ffmpeg: FFmpegPipe
    private let path: String
    private let temporary: String
    private let size: SurfaceSize

    /// Starts ffmpeg writing `format` to `path` from frames of `size` pixels at `rate` frames per
    /// second; `cannotCreate` when ffmpeg is not installed.
    public init(_ path: String, format: VideoFormat, size: SurfaceSize, rate: Double) throws(RenderError) {
        self.path = path
        self.size = size
        temporary = AtomicFile.temporaryPath(for: path)
        let input = ["-hide_banner", "-loglevel", "error", "-nostdin", "-y", "-f", "rawvideo", "-pix_fmt", "rgba",
                     "-video_size", "\(size.width)x\(size.height)", "-framerate", "\(rate)", "-i", "pipe:0"]
        ffmpeg = try FFmpegPipe(arguments: input + format.ffmpegArguments + [temporary], output: path)
    }

    public var needs: FrameProducts { .rgba }
    public var isOrdered: Bool { true }

    public func write(_ frame: DrawnFrame) throws(RenderError) {
        guard let rgba = frame.rgba else { return }
        guard rgba.count == size.width * size.height * 4 else {
            throw RenderError(message: "\(path): frame \(frame.index) is not \(size.width)×\(size.height) pixels", kind: .invalidInput, file: path)
        }
        try ffmpeg.write(rgba)
    }

    public func finish() throws(RenderError) {
        do {
            try ffmpeg.finish()
        } catch {
            // ffmpeg has ended by now: what it wrote is incomplete.
            AtomicFile.remove(temporary)
            throw error
        }
        try AtomicFile.rename(temporary, to: path)
    }

    public func abandon() {
        ffmpeg.stop()
        AtomicFile.remove(temporary)
    }
}
