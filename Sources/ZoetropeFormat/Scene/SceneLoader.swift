import FoundationEssentials
import ZoetropeCore
import ZoetropeFiles

/// A scene read from a file, with the overrides applied.
public struct LoadedScene: Sendable {
    /// The path as given.
    public var file: String
    public var scene: Scene
    /// The file's bytes, for the manifest's scene hash.
    public var source: [UInt8]
    public var overrides: [SceneOverride]
    /// What is drawn otherwise than the file may mean, each at its document path, printed as
    /// warnings: a Lottie feature drawn without; for `validate`, text wider than its box (added
    /// by the pipeline, which can measure text).
    public var unsupported: [SceneDiagnostic]
    /// Seconds from the first instant to the one a progress of 1 names, when the file says one
    /// other than its render's last frame: a Lottie animation's op − ip frames. Nil for a scene
    /// file (its render's duration).
    public var length: Double?
    /// What a Lottie file offers a player to choose (its archive's animations and themes, its
    /// slots and markers); nil for a scene file.
    public var lottieContents: LottieContents?

    /// A scene made in code, as if read from `file` (which messages name).
    public init(file: String, scene: Scene, source: [UInt8] = [], overrides: [SceneOverride] = [],
                unsupported: [SceneDiagnostic] = []) {
        self.file = file
        self.scene = scene
        self.source = source
        self.overrides = overrides
        self.unsupported = unsupported
    }

    /// A warning line for every use of a feature drawn without (what `validate` prints):
    /// `FILE: PATH: warning: masks: drawn without them`.
    public var unsupportedWarnings: [String] { unsupported.map { Self.warning($0, more: 0) } }

    /// One warning line per feature drawn without, at the first place it is used, with how
    /// many more uses there are (what the other commands print).
    public var unsupportedSummary: [String] {
        var uses: [String: Int] = [:]
        for problem in unsupported { uses[problem.message, default: 0] += 1 }
        var seen: Set<String> = []
        return unsupported.filter { seen.insert($0.message).inserted }.map { Self.warning($0, more: (uses[$0.message] ?? 1) - 1) }
    }

    private static func warning(_ problem: SceneDiagnostic, more: Int) -> String {
        SceneDiagnostic(file: problem.file, path: problem.path,
                        message: "warning: " + problem.message + (more > 0 ? " (and \(more) more)" : "")).description
    }
}

/// Reads scene files (YAML or JSON) and Lottie animations (JSON, `.lottie`, `.tgs`, recognised
/// by content) into core scenes.
public enum SceneLoader {
    /// The horizon of a `duration: auto` scene: a scene whose animators are still running then
    /// is reported as never settling.
    public static let automaticDurationLimit = 3600.0

    /// Reads, overrides and checks the scene at `file`; throws every problem found.
    /// `fonts` sets a Lottie file's text that comes with no glyph outlines.
    public static func load(_ file: String, overrides: [SceneOverride] = [],
                            fonts: (any LottieFontSource)? = nil) throws(SceneLoadError) -> LoadedScene {
        try parse(read(file), file: file, overrides: overrides, fonts: fonts)
    }

    /// The bytes of the scene file `file` (a missing or unreadable file is `missingInput`; one larger
    /// than `SceneLimits.documentBytes` is `invalidInput`, refused from its size before it is read).
    public static func read(_ file: String) throws(SceneLoadError) -> [UInt8] {
        if let size = FileSystem.size(at: file), let problem = sizeProblem(file: file, bytes: size) {
            throw SceneLoadError([problem])
        }
        // Opened without blocking: a FIFO or a device named as a scene is refused, never waited on.
        guard let bytes = FileSystem.contents(of: file) else {
            let reason = FileSystem.exists(file) ? "cannot read the scene file" : "scene file not found"
            throw SceneLoadError([SceneDiagnostic(file: file, path: "", message: reason, kind: .missingInput)])
        }
        return bytes
    }

    /// Why a scene file of `bytes` bytes is not read: it is larger than `limit`
    /// (`SceneLimits.documentBytes` unless a caller reads less); nil when it is not. Shared
    /// with `preview`, which looks at the file it watches before reading it.
    public static func sizeProblem(file: String, bytes: Int, limit: Int = SceneLimits.documentBytes) -> SceneDiagnostic? {
        guard bytes > limit else { return nil }
        return SceneDiagnostic(file: file, path: "", message: "the file is \(bytes) bytes; a scene or animation may have at most \(limit)")
    }

    /// Reads a scene from bytes as if they were the file `file` (images resolve next to it).
    public static func parse(_ bytes: [UInt8], file: String, overrides: [SceneOverride] = [],
                             fonts: (any LottieFontSource)? = nil) throws(SceneLoadError) -> LoadedScene {
        // The name becomes a folder (output/<name>, goldens/<name>): said with the other problems.
        let naming = nameProblem(file).map { [SceneDiagnostic(file: file, path: "", message: $0)] } ?? []
        let (playback, sceneOverrides, playbackProblems) = LottiePlayback.split(overrides, file: file)
        if let imported = try LottieReader.readIfLottie(bytes, file: file, name: sceneName(file), playback: playback, fonts: fonts) {
            guard naming.isEmpty, playbackProblems.isEmpty else { throw SceneLoadError(naming + playbackProblems) }
            let unsupported = imported.unsupported.map { SceneDiagnostic(file: file, path: $0.path, message: $0.feature) }
            let (followed, stretch) = Self.followingPlayTime(sceneOverrides, scene: imported.scene)
            var loaded = followed.isEmpty ? LoadedScene(file: file, scene: imported.scene, source: bytes)
                : try parse(Array(try sceneFile(of: imported.scene, file: file).utf8), file: file, overrides: followed)
            loaded.source = bytes
            loaded.overrides = overrides
            loaded.unsupported = unsupported
            loaded.length = imported.length * stretch
            loaded.lottieContents = imported.contents
            return loaded
        }
        let misplaced = overrides.filter { LottiePlayback.isPlaybackKey($0.key) }.map {
            SceneDiagnostic(file: file, path: "\($0.origin) \($0.key)", message: "only a Lottie animation has a playback \($0.key.hasPrefix("slots.") ? "slot" : $0.key.hasPrefix("keypath.") ? "keypath" : $0.key) to set; this is a scene file")
        }
        guard misplaced.isEmpty else { throw SceneLoadError(naming + misplaced) }
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw SceneLoadError(naming + [SceneDiagnostic(file: file, path: "", message: "the file is not UTF-8 text")])
        }
        // A colour left unquoted is a comment to YAML: said on its own line, before the error
        // (or the missing value) it causes further on.
        let unquoted = UnquotedColour.find(in: text).map { SceneDiagnostic(file: file, path: $0.place, message: $0.message) }
        var root: DocumentNode
        do {
            root = try DocumentNode.parse(text)
        } catch {
            guard unquoted.isEmpty else { throw SceneLoadError(naming + unquoted) }
            throw SceneLoadError(naming + [SceneDiagnostic(file: file, path: error.mark.map { $0.description } ?? "",
                                                           message: error.message)])
        }
        guard unquoted.isEmpty else { throw SceneLoadError(naming + unquoted) }
        var problems = naming
        var overridden: [(path: DocumentPath, override: SceneOverride)] = []
        for override in overrides {
            switch root.applying(override) {
            case .success(let result):
                root = result.node
                overridden.append((result.path, override))
            case .failure(let problem):
                problems.append(SceneDiagnostic(file: file, path: "\(override.origin) \(override.key)", message: problem.message))
            }
        }
        guard problems.count == naming.count else { throw SceneLoadError(problems) }

        let reader = DocumentReader(file: file, root: root, overridden: overridden)
        let document = SceneDocument(root: root, name: sceneName(file), folder: folder(of: file), reader: reader,
                                     fileExists: FileSystem.exists, fileHead: FileSystem.prefix(of:count:))
        guard let scene = document.makeScene() else {
            throw SceneLoadError(naming + reader.diagnostics, layers: reader.layers.isEmpty ? nil : LayerTree(reader.layers))
        }
        guard naming.isEmpty else { throw SceneLoadError(naming) }
        return LoadedScene(file: file, scene: scene, source: bytes, overrides: overrides)
    }

    /// The overrides of an imported animation with its render lasting as long as its playback:
    /// a new `animators.timeline.duration` (the animation's play time) stretches
    /// `render.duration` alike unless that is set too, so the whole animation is rendered
    /// (`sweep hello.json --vary animators.timeline.duration=1,2,4`). Also the stretch, for
    /// the time a progress of 1 names.
    private static func followingPlayTime(_ overrides: [SceneOverride], scene: Scene) -> ([SceneOverride], Double) {
        guard let timeline = scene.animators.first(where: { $0.id == "timeline" }), case let base = timeline.duration, base > 0,
              !overrides.contains(where: { $0.key == "render.duration" || $0.key == "render" }),
              let override = overrides.last(where: { $0.key == "animators.timeline.duration" }),
              let played = DocumentReader.parseNumber(override.value), played.isFinite, played > 0,
              case .seconds(let rendered) = scene.duration else { return (overrides, 1) }
        let stretch = played / base
        return (overrides + [SceneOverride(key: "render.duration", value: "\(rendered * stretch)", origin: override.origin)], stretch)
    }

    /// The scene file an imported animation reads as (what `zoetrope convert --to scene`
    /// writes), for overrides to address: `--set canvas.background=#FFFFFF`,
    /// `--vary animators.timeline.duration=2,4`. Image files are named by absolute paths, as
    /// the file is read again as if it were `file`.
    private static func sceneFile(of scene: Scene, file: String) throws(SceneLoadError) -> String {
        let folder = FileSystem.currentFolder
        var images: [String: String] = [:]
        for image in scene.layers.images where !image.source.hasPrefix("/") && !DataURL.isDataURL(image.source) {
            images[image.source] = folder + "/" + image.source
        }
        do {
            return try SceneWriter.json(scene, images: images)
        } catch {
            throw SceneLoadError([SceneDiagnostic(file: file, path: "", message: "overrides need the animation as a scene file, which cannot say: "
                                                  + error.problems.joined(separator: "; "))])
        }
    }

    /// Why the scene read from `file` cannot be named after it, or nil: its name (the file's
    /// name without the extension) names the folder its frames and goldens go to, so it must be
    /// one usable name: not empty, `.` or `..` (`...yaml` would render into the output folder's
    /// parent), without control characters.
    public static func nameProblem(_ file: String) -> String? {
        let name = sceneName(file)
        do throws(ContainedPath.Problem) {
            _ = try ContainedPath(name: name)
            return nil
        } catch {
            let reason = name.isEmpty || name == "." || name == ".." ? "cannot name a folder" : error.reason(folder: "output folder")
            return "the scene's name \"\(name)\" (the file's name without its extension) \(reason); rename the file"
        }
    }

    /// `scenes/frog.yaml` → `frog`.
    public static func sceneName(_ file: String) -> String {
        let base = file.split(separator: "/").last.map(String.init) ?? file
        guard let dot = base.lastIndex(of: "."), dot != base.startIndex else { return base }
        return String(base[..<dot])
    }

    private static func folder(of file: String) -> String {
        guard let slash = file.lastIndex(of: "/") else { return "" }
        return slash == file.startIndex ? "/" : String(file[..<slash])
    }
}

extension LoadedScene {
    /// A scene evaluated: its history and the length of its render.
    public struct Evaluated: Sendable {
        /// The scene's history, over the render and any span asked for beyond it.
        public var evaluation: SceneEvaluation
        /// The render's length in seconds: the scene's duration, or when `auto`, the time every
        /// animator has settled.
        public var duration: Double

        /// The history `evaluation` of a render lasting `duration` seconds.
        public init(evaluation: SceneEvaluation, duration: Double) {
            self.evaluation = evaluation
            self.duration = duration
        }
    }

    /// The scene's history and the length of its render, or every illegal script event.
    ///
    /// `atLeast` extends the evaluated span (for sampling past the render's end).
    public func evaluate(atLeast extra: Double = 0) throws(SceneLoadError) -> Evaluated {
        let horizon: Double
        switch scene.duration {
        case .seconds(let seconds): horizon = max(seconds, extra)
        case .automatic: horizon = max(SceneLoader.automaticDurationLimit, extra)
        }
        let evaluation = SceneEvaluation(scene: scene, horizon: horizon)
        var problems = evaluation.diagnostics.map {
            SceneDiagnostic(file: file, path: $0.path, message: $0.message)
        }
        let duration: Double
        switch scene.duration {
        case .seconds(let seconds):
            duration = seconds
        case .automatic:
            duration = evaluation.settledTime
            if let problem = SceneDocument.frameCountProblem(duration, scene.frameRate) {
                problems.append(SceneDiagnostic(file: file, path: "render.duration", message: "auto: \(problem)"))
            }
            if duration >= SceneLoader.automaticDurationLimit {
                problems.append(SceneDiagnostic(file: file, path: "render.duration",
                    message: "auto: the animators are still running after \(Int(saturating: SceneLoader.automaticDurationLimit)) s; give a duration in seconds"))
            }
        }
        guard problems.isEmpty else { throw SceneLoadError(problems) }
        return Evaluated(evaluation: evaluation, duration: duration)
    }
}
