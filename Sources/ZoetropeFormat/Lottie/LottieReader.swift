import Foundation
import ZoetropeCore

/// A Lottie animation read as a scene, with what it uses that the scene draws without.
public struct LottieImport: Sendable {
    public var scene: Scene
    /// Each feature the file uses that is not drawn, at its JSON path (`layers[2].masksProperties`).
    public var unsupported: [(path: String, feature: String)]
}

/// Reads Lottie (Bodymovin JSON, dotLottie `.lottie`, Telegram `.tgs`) into a scene: its layers
/// become layers, its keyframes keyframe tracks on one animator started at the first frame.
///
/// Frame k of the scene is the Lottie frame `ip + k`, k = 0 … op − ip − 1, at the file's frame
/// rate. Parenting becomes nested groups that repeat each parent's transform (a Lottie parent
/// lends its transform, not its opacity); a precomp becomes a group clipped to its size, its
/// layers on the precomp's clock.
public enum LottieReader {
    /// Whether `bytes` hold a Lottie animation: a packed one, or a JSON object with Lottie's
    /// top-level keys (`layers`, `fr`, `ip`, `op`, `w`, `h`) rather than a scene's.
    public static func recognises(_ bytes: [UInt8]) -> Bool {
        LottieArchive.isPacked(bytes) || plainRoot(bytes) != nil
    }

    /// The animation in `bytes` when they hold one (`recognises`), else nil; throws every
    /// reason a Lottie file cannot be drawn. Plain JSON is parsed once. `fonts` sets text that
    /// the file gives no glyph outlines for (without it, such text is reported and not drawn).
    public static func readIfLottie(_ bytes: [UInt8], file: String, name: String,
                                    fonts: (any LottieFontSource)? = nil) throws(SceneLoadError) -> LottieImport? {
        if LottieArchive.isPacked(bytes) { return try read(bytes, file: file, name: name, fonts: fonts) }
        return try plainRoot(bytes).map { root throws(SceneLoadError) in try build(root, file: file, name: name, fonts: fonts) }
    }

    /// Reads the animation in `bytes` (named `name`), or every reason it cannot be drawn.
    public static func read(_ bytes: [UInt8], file: String, name: String,
                            fonts: (any LottieFontSource)? = nil) throws(SceneLoadError) -> LottieImport {
        let json: [UInt8]
        switch LottieArchive.document(in: bytes) {
        case .success(let unpacked): json = unpacked
        case .failure(let error): throw SceneLoadError([SceneDiagnostic(file: file, path: "", message: error.message)])
        }
        guard let root = JSONValue.parse(json), root.object != nil else {
            throw SceneLoadError([SceneDiagnostic(file: file, path: "", message: "not a Lottie animation: the file is not a JSON object")])
        }
        return try build(root, file: file, name: name, archive: bytes, fonts: fonts)
    }

    /// The top level of unpacked Lottie JSON, or nil when `bytes` are not that.
    private static func plainRoot(_ bytes: [UInt8]) -> JSONValue? {
        guard let start = bytes.firstIndex(where: { ![0x20, 0x09, 0x0A, 0x0D, 0xEF, 0xBB, 0xBF].contains($0) }),
              bytes[start] == UInt8(ascii: "{") else { return nil }
        // A cheap look for Lottie's keys first (a scene file rarely has them all), then the
        // top level itself: Lottie's keys there, and no scene's `canvas`.
        let text = String(decoding: bytes, as: UTF8.self)
        guard text.contains("\"layers\""), text.contains("\"op\""), text.contains("\"fr\""),
              let root = JSONValue.parse(bytes) else { return nil }
        return root["layers"]?.array != nil && root["op"] != nil && root["fr"] != nil && root["canvas"] == nil ? root : nil
    }

    /// `archive`: the packed file's bytes, whose `images/` a dotLottie's image assets name.
    private static func build(_ root: JSONValue, file: String, name: String, archive: [UInt8] = [],
                              fonts: (any LottieFontSource)?) throws(SceneLoadError) -> LottieImport {
        func fail(_ path: String, _ message: String) -> SceneLoadError {
            SceneLoadError([SceneDiagnostic(file: file, path: path, message: message)])
        }
        var problems: [SceneDiagnostic] = []
        func require(_ key: String, _ check: (Double) -> Bool, _ expected: String) -> Double {
            guard let value = root[key]?.number else {
                problems.append(SceneDiagnostic(file: file, path: key, message: "required: \(expected)"))
                return 0
            }
            if !check(value) { problems.append(SceneDiagnostic(file: file, path: key, message: "must be \(expected) (found \(value))")) }
            return value
        }
        let frameRate = require("fr", { $0 > 0 && $0 <= SceneLimits.framesPerSecond }, "a frame rate within 0…\(Int(saturating: SceneLimits.framesPerSecond))")
        let inPoint = require("ip", { abs($0) <= 1e7 }, "a frame number")
        let outPoint = require("op", { abs($0) <= 1e7 }, "a frame number")
        let width = require("w", { $0 >= 1 && $0 <= SceneLimits.canvasSide }, "a width within 1…\(Int(saturating: SceneLimits.canvasSide))")
        let height = require("h", { $0 >= 1 && $0 <= SceneLimits.canvasSide }, "a height within 1…\(Int(saturating: SceneLimits.canvasSide))")
        if root["layers"]?.array == nil { problems.append(SceneDiagnostic(file: file, path: "layers", message: "required: a list of layers")) }
        if problems.isEmpty, outPoint <= inPoint {
            problems.append(SceneDiagnostic(file: file, path: "op", message: "must be greater than ip (\(inPoint)) (found \(outPoint))"))
        }
        let span = outPoint - inPoint
        if problems.isEmpty, span / frameRate > SceneLimits.duration {
            problems.append(SceneDiagnostic(file: file, path: "op", message: "the animation must last at most \(Int(saturating: SceneLimits.duration)) s (found \(span / frameRate) s)"))
        }
        guard problems.isEmpty else { throw SceneLoadError(problems) }

        // Frames k = 0 … op − ip − 1: an out point a float's breadth past a whole frame (36.0000014)
        // adds no frame.
        let frameCount = max(1, Int(saturating: (span - 1 + 1e-6).rounded(.down)) + 1)
        var builder = LottieSceneBuilder(root: root, frameRate: frameRate, book: LottieTrackBook(inPoint: inPoint, span: span, frameCount: frameCount))
        let folder = file.contains("/") ? String(file[..<(file.lastIndex(of: "/") ?? file.endIndex)]) : "."
        builder.fonts = fonts
        builder.archivedImage = { name in archive.isEmpty ? nil : LottieArchive.image(name, in: archive) }
        builder.imageFile = { name in
            let path = name.hasPrefix("/") ? name : folder + "/" + name
            return FileManager.default.fileExists(atPath: path) ? path : nil
        }
        let layers = builder.composition(root["layers"]?.array ?? [], at: "layers", clock: .root, depth: 0)
        if let limit = builder.limitProblem { throw fail("layers", limit) }

        var scene = Scene(name: name, canvas: Canvas(size: Vector2(width, height), background: .clear),
                          frameRate: FrameRate(frameRate), duration: .seconds(Double(frameCount - 1) / frameRate), layers: layers)
        var tracks: [TrackAnimation] = []
        for entry in builder.book.tracks {
            guard let index = scene.layers.index(of: entry.layer) else { continue }
            tracks.append(TrackAnimation(target: PropertyTarget(layer: index, property: entry.property, component: entry.component), track: entry.track))
        }
        if !tracks.isEmpty {
            scene.animators = [AnimatorDefinition(id: "timeline", duration: span / frameRate, timing: .cubic(.linear),
                                                  blocks: [AnimationBlock(tracks: tracks)])]
            scene.script = [ScriptEvent(time: 0, action: .start(animator: .animator(0), delay: 0), path: "timeline")]
        }
        return LottieImport(scene: scene, unsupported: builder.notes.unsupported)
    }
}
