import Foundation
import ZoetropeCore
import ZoetropeFormat
import ZoetropeRender
import ZoetropeFiles

/// What `zoetrope convert` makes of a scene file or a Lottie animation.
public enum SceneConversion {
    /// The formats a file converts to.
    public enum Format: String, CaseIterable, Sendable {
        /// A scene file: YAML, or JSON when the output ends in `.json`.
        case scene
        /// Lottie JSON (`.json`), or zipped as dotLottie when the output ends in `.lottie`.
        case lottie
    }

    /// The scene file (YAML, or JSON with `json`) of `loaded`: its layers, keyframe tracks and
    /// script, with every image file carried in it as a data URL, so it renders the same frames
    /// wherever it is written. An imported Lottie animation becomes one animator of keyframe
    /// tracks. A scene file written as JSON (a film's recording) is written again as the same bytes.
    public static func sceneFile(_ loaded: LoadedScene, json: Bool = false) throws(RenderError) -> String {
        var images: [String: String] = [:]
        for source in loaded.scene.layers.images.map(\.source) where !DataURL.isDataURL(source) {
            guard images[source] == nil else { continue }
            guard let data = FileSystem.contents(of: source) else {
                throw RenderError(message: "\(source): cannot read the image", kind: .missingInput, file: source)
            }
            // Carried as the image alone: refused as a render refuses it past the limits (too many
            // bytes after its end, too many JPEG scans); what follows it within them is dropped.
            var bytes = Array(data)
            if let extent = ImageExtent(bytes) {
                if let problem = SceneLimits.imageProblem(mediaType: extent.mediaType, trailing: extent.trailing, scans: extent.scans) { throw RenderError(message: "\(source): \(problem)", kind: .limit, file: source) }
                bytes = Array(bytes.prefix(extent.length))
            }
            images[source] = DataURL(mediaType: ImageHeader.mediaType(of: bytes) ?? "image/png", bytes: bytes).text
        }
        let text: String
        do {
            text = try json ? SceneWriter.json(loaded.scene, images: images) : SceneWriter.yaml(loaded.scene, images: images)
        } catch {
            throw RenderError(lines: error.problems.map { "\(loaded.file): \($0)" }, kind: .invalidInput,
                              file: loaded.file, documentPath: error.paths.first)
        }
        try readsBack(text, from: loaded.file, as: "scene")
        return text
    }

    /// The most bytes `convert` writes: 32 MiB, four times the corpus's largest conversion (8.6 MB),
    /// read back in seconds (an 83 MB scene took 22 s to write and read back).
    public static let largestConversion = 32 << 20

    /// Refuses (`invalidInput`) what `convert` would write when its own reader would refuse it: too large, or
    /// past a limit (a track of more keys than a scene may hold, a value past its range), each
    /// problem with the path in the written file.
    private static func readsBack(_ text: String, from file: String, as format: String) throws(RenderError) {
        let bytes = Array(text.utf8)
        guard bytes.count <= largestConversion else {
            throw RenderError(message: "\(file): cannot be converted: the \(format) file would be \(bytes.count) bytes; convert writes at most \(largestConversion)",
                              kind: .invalidInput, file: file)
        }
        do {
            _ = try SceneLoader.parse(bytes, file: "(converted)")
        } catch {
            // No document path: the paths named are in the file convert would write, not in `file`.
            throw RenderError(lines: error.diagnostics.map { "\(file): cannot be converted: the \(format) file would not read back: \($0.path.isEmpty ? "" : $0.path + ": ")\($0.message)" },
                              kind: .invalidInput, file: file)
        }
    }

    /// How many layer values (frames × layers) an export may bake: each frame's values are held
    /// at once, so a day-long scene must not take gigabytes (about 150 MB at this limit).
    public static let largestExport = 250_000

    /// `scene` as a Lottie animation (JSON): its frames baked into keyframes at its frame
    /// rate and ending in a newline, with what Lottie players cannot draw as Zoetrope does listed
    /// by layer.
    public static func lottieFile(_ scene: EvaluatedScene) throws(RenderError) -> LottieExport {
        let layers = scene.scene.layers.nodes.count
        guard scene.frameCount.multipliedReportingOverflow(by: max(layers, 1)).partialValue <= largestExport else {
            throw RenderError(message: "\(scene.loaded.file): too long to export to Lottie: \(scene.frameCount) frames of \(layers) layers "
                              + "(at most \(largestExport) frame × layer values; shorten render.duration or lower render.fps)", kind: .limit,
                              file: scene.loaded.file)
        }
        let frames = (0..<scene.frameCount).map { scene.evaluation.presentation(at: scene.scene.frameRate.time(ofFrame: $0)) }
        var writer = LottieWriter(frames: frames, frameRate: scene.scene.frameRate.framesPerSecond, textOutline: TextOutline.path,
                                  imageBytes: { FileSystem.contents(of: $0) },
                                  easings: LottieWriter.easings(of: scene.scene))
        let written = writer.json(name: scene.scene.name)
        try readsBack(written.text, from: scene.loaded.file, as: "Lottie")
        return LottieExport(text: written.text + "\n", notExported: written.notExported)
    }
}
