import ZoetropeCore
import ZoetropeFiles
import ZoetropeRender

/// The video of `render --video --resume`: the frames the folder already holds (kept by the
/// resume) are not drawn again but read back from their PNG files and handed to the video in
/// their place, so the video gets every frame in order while only the missing ones are drawn.
///
/// A kept frame's file is the frame the render would draw (resume keeps only files whose bytes
/// match the journal), and a PNG is lossless, so the video is the same bytes as a fresh one:
/// the RGBA ffmpeg reads is the PNG decoded (as `zoetrope video` does), and an APNG takes the
/// file itself.
final class ResumedVideoSink: FrameSink, @unchecked Sendable {
    // Unchecked: an ordered sink is called from one thread at a time (`FrameSink`).
    struct KeptFrame {
        var index: Int
        var time: Double
        var file: String
    }

    private let video: any FrameSink
    /// Ascending by index; `next` is the first not yet handed on.
    private let kept: [KeptFrame]
    private var next = 0
    private let size: SurfaceSize

    init(_ video: any FrameSink, kept: [KeptFrame], size: SurfaceSize) {
        self.video = video
        self.kept = kept.sorted { $0.index < $1.index }
        self.size = size
    }

    var needs: FrameProducts { video.needs }
    var isOrdered: Bool { true }

    func write(_ frame: DrawnFrame) throws(RenderError) {
        try handOnKept(before: frame.index)
        try video.write(frame)
    }

    func finish() throws(RenderError) {
        try handOnKept(before: Int.max)
        try video.finish()
    }

    func abandon() { video.abandon() }

    private func handOnKept(before index: Int) throws(RenderError) {
        while next < kept.count, kept[next].index < index {
            try video.write(try frame(kept[next]))
            next += 1
        }
    }

    /// A kept frame as the video sink reads it: its PNG's bytes and, if asked, its RGBA.
    private func frame(_ kept: KeptFrame) throws(RenderError) -> DrawnFrame {
        var frame = DrawnFrame(index: kept.index, time: kept.time)
        if !needs.isDisjoint(with: [.png, .alphaPNG]) {
            guard let size = FileSystem.size(at: kept.file) else {
                throw RenderError(message: "\(kept.file): the kept frame \(kept.index) cannot be read for the video", kind: .missingInput, file: kept.file)
            }
            let bytes = FileSystem.prefix(of: kept.file, count: size)
            guard bytes.count == size else {
                throw RenderError(message: "\(kept.file): the kept frame \(kept.index) cannot be read for the video", kind: .missingInput, file: kept.file)
            }
            frame.png = bytes
            frame.alphaPNG = bytes
        }
        if needs.contains(.rgba) {
            let image: RasterImage.RGBA
            do {
                image = try RasterImage.rgbaBytes(ofPNG: kept.file)
            } catch {
                throw RenderError(message: "\(kept.file): the kept frame \(kept.index) is not a readable PNG (\(error.message))", kind: .invalidInput, file: kept.file)
            }
            guard image.width == size.width, image.height == size.height else {
                throw RenderError(message: "\(kept.file): \(image.width)×\(image.height) pixels, not the render's \(size.width)×\(size.height)", kind: .invalidInput, file: kept.file)
            }
            frame.rgba = image.bytes
        }
        return frame
    }
}
