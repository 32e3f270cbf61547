import ZoetropeCore
import ZoetropeRender
import ZoetropeFiles

/// The animated files a render's frames can also go into.
public enum VideoFormat: String, CaseIterable, Sendable {
    /// Animated PNG, written natively: lossless, byte-deterministic, needs nothing installed.
    case apng
    /// GIF through ffmpeg: a palette made from all the frames (palettegen), applied with
    /// Sierra-2-4A error diffusion (paletteuse); loops forever.
    case gif
    /// H.264 in MP4 through ffmpeg (yuv420p, CRF 18, odd sizes padded to even with black).
    case mp4
    /// VP9 in WebM through ffmpeg, with alpha (yuva420p, CRF 30).
    case webm
    /// Animated WebP through ffmpeg, lossless; loops forever.
    case webp

    /// The format a file name's extension asks for, or nil.
    public init?(file: String) {
        guard let dot = file.lastIndex(of: "."), !file[dot...].contains("/") else { return nil }
        self.init(rawValue: file[file.index(after: dot)...].lowercased())
    }

    public static let extensions = allCases.map { "." + $0.rawValue }.joined(separator: ", ")

    /// ffmpeg's output arguments for this format (all but APNG).
    var ffmpegArguments: [String] {
        switch self {
        case .apng: []
        case .gif:
            ["-filter_complex", "[0:v]split[a][b];[a]palettegen=stats_mode=full:reserve_transparent=1[p];[b][p]paletteuse=dither=sierra2_4a",
             "-loop", "0", "-f", "gif"]
        case .mp4:
            ["-vf", "pad=ceil(iw/2)*2:ceil(ih/2)*2:color=black", "-c:v", "libx264", "-pix_fmt", "yuv420p", "-crf", "18",
             "-movflags", "+faststart", "-f", "mp4"]
        case .webm: ["-c:v", "libvpx-vp9", "-pix_fmt", "yuva420p", "-b:v", "0", "-crf", "30", "-f", "webm"]
        case .webp: ["-c:v", "libwebp_anim", "-lossless", "1", "-loop", "0", "-f", "webp"]
        }
    }
}

/// Assembles a render's frames into one animated file at the scene's frame rate
/// (`zoetrope video`, `render --video`).
public enum VideoExport {
    public struct Summary: Sendable {
        public var format: VideoFormat
        public var frames: Int
        /// Frames per second of the file: the scene's, divided by the step between the frames.
        public var framesPerSecond: Double
    }

    /// Writes the frames `folder`'s manifest lists, in frame order, into `file`. They must be
    /// evenly spaced (every frame, or every n-th: then each shows n frame intervals).
    public static func write(folder: String, to file: String) throws(RenderError) -> Summary {
        guard let format = VideoFormat(file: file) else {
            throw RenderError(message: "\(file): give a file ending in \(VideoFormat.extensions)", kind: .misuse, file: file)
        }
        guard let manifest = try RenderManifest.read(folder + "/manifest.json") else {
            throw RenderError(message: "\(folder): no readable manifest.json; not a folder zoetrope rendered", kind: .missingInput, file: folder)
        }
        guard manifest.format == "png" else {
            throw RenderError(message: "\(folder): its frames are \(manifest.format); a video is made from PNG frames", kind: .invalidInput, file: folder)
        }
        let frames = manifest.frames.sorted { $0.index < $1.index }
        guard let first = frames.first else { throw RenderError(message: "\(folder): no frames to put into \(file)", kind: .missingInput, file: folder) }
        let step = frames.count > 1 ? frames[1].index - first.index : 1
        for (earlier, later) in zip(frames, frames.dropFirst()) where later.index - earlier.index != step {
            throw RenderError(message: "\(folder): frames \(earlier.index) and \(later.index) are \(later.index - earlier.index) apart where the others are \(step); a video needs evenly spaced frames (render them all, or --frames A-B:S)", kind: .invalidInput, file: folder)
        }
        // Each file the manifest names must be a regular file in the folder (no link, no FIFO).
        for frame in frames where try !RenderManifest.hasFile(of: frame, in: folder) {
            throw RenderError(message: "\(folder)/\(frame.file): frame \(frame.index) of manifest.json is missing", kind: .missingInput,
                              file: folder + "/" + frame.file)
        }
        let paths = frames.map { folder + "/" + $0.file }
        let rate = manifest.fps / Double(step)
        if let slash = file.lastIndex(of: "/"), slash != file.startIndex { try AtomicFile.makeDirectory(String(file[..<slash])) }
        switch format {
        case .apng:
            try AnimatedPNG.write(frames: paths, delay: AnimatedPNG.Delay(seconds: Double(step) / manifest.fps), to: file)
        default:
            // Frames from files: each PNG decoded once, into the same sink `render --video` feeds.
            let size: SurfaceSize
            do {
                size = try SurfaceSize(width: manifest.size[0], height: manifest.size[1])
            } catch {
                throw RenderError(message: "\(folder)/manifest.json: size: \(error.message)", kind: .invalidInput,
                                  file: folder + "/manifest.json", documentPath: "size")
            }
            let sink = try FFmpegSink(file, format: format, size: size, rate: rate)
            do throws(RenderError) {
                for (frame, path) in zip(frames, paths) {
                    try sink.write(DrawnFrame(index: frame.index, time: frame.time, rgba: try decoded(path, size: manifest.size)))
                }
                try sink.finish()
            } catch {
                sink.abandon()
                throw error
            }
        }
        return Summary(format: format, frames: frames.count, framesPerSecond: rate)
    }

    /// The sink of `file` for a render's frames as they are drawn (`render --video`): frames
    /// `step` apart at `framesPerSecond`, each `size` pixels; an APNG takes the PNGs of the
    /// render folder's `frameFiles` as they are written.
    public static func sink(for file: String, count: Int, step: Int, framesPerSecond: Double, size: SurfaceSize,
                            frameFiles: [String]? = nil) throws(RenderError) -> any FrameSink {
        guard let format = VideoFormat(file: file) else {
            throw RenderError(message: "\(file): give a file ending in \(VideoFormat.extensions)", kind: .misuse, file: file)
        }
        if let slash = file.lastIndex(of: "/"), slash != file.startIndex { try AtomicFile.makeDirectory(String(file[..<slash])) }
        let seconds = Double(step) / framesPerSecond
        return format == .apng ? try AnimatedPNGSink(file, count: count, secondsPerFrame: seconds, frameFiles: frameFiles)
                               : try FFmpegSink(file, format: format, size: size, rate: 1 / seconds)
    }

    /// A frame file's RGBA bytes; `invalidInput` when it is not a PNG of the render's size.
    private static func decoded(_ path: String, size: [Int]) throws(RenderError) -> [UInt8] {
        let image: RasterImage.RGBA
        do {
            image = try RasterImage.rgbaBytes(ofPNG: path)
        } catch {
            throw RenderError(message: "\(path): not a readable PNG (\(error.message))", kind: .invalidInput, file: path)
        }
        guard image.width == size[0], image.height == size[1] else {
            throw RenderError(message: "\(path): \(image.width)×\(image.height) pixels, not the render's \(size[0])×\(size[1])", kind: .invalidInput, file: path)
        }
        return image.bytes
    }
}
