import ArgumentParser
import ZoetropePipeline
import ZoetropeRender

struct VideoCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "video",
        abstract: "Assemble rendered frames into one animated file: .apng, .gif, .mp4, .webm or .webp.",
        discussion: """
            The frames manifest.json lists, in order, at the scene's frame rate (every n-th frame \
            at 1/n of it). APNG is written natively: lossless and byte-deterministic. GIF, MP4, \
            WebM and WebP go through ffmpeg, fed raw frames over a pipe: GIF with a palette made \
            from every frame and Sierra-2-4A dithering, looping forever, its delays whole \
            centiseconds (ffmpeg spreads the rounding so the average rate holds); MP4 as H.264 \
            yuv420p, odd sizes padded to even; WebM as VP9 with alpha; WebP lossless. Exit \
            codes: 0 written; 64 usage; 65 frames unusable (unevenly spaced, unreadable, another \
            size); 66 no manifest or no frames; 73 ffmpeg missing or the file cannot be created; \
            74 ffmpeg or a write failed.

            Example:
              $ zoetrope video output/frog output/frog.mp4
            """
    )

    @Argument(help: "A folder of rendered frames (with its manifest.json).", completion: .directory)
    var folder: String

    @Argument(help: "The file to write; its extension chooses the format.", completion: .file(extensions: ["apng", "gif", "mp4", "webm", "webp"]))
    var file: String

    func validate() throws {
        guard VideoFormat(file: file) != nil else {
            throw ValidationError("\(file): give a file ending in \(VideoFormat.extensions)")
        }
    }

    func run() throws {
        let summary = try exiting { () throws(RenderError) in try VideoExport.write(folder: folder, to: file) }
        printVideoLine(summary, folder: folder, file: file)
    }
}
