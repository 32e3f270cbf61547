import ZoetropeCore
import ZoetropeFormat
import ZoetropeRender

/// An animation's frames, ready to write as PNG frames, an APNG or a contact sheet: a scene's
/// (its script evaluated once, frame i at t = i / fps), or an `AnimationStage`'s driven by
/// `PropertyAnimator` calls, which are its scene's frames (`AnimationStage.scene`): one
/// evaluation for files and code.
///
/// ```swift
/// let stage = AnimationStage(layers: [frog])
/// let move = PropertyAnimator(duration: 3, curve: .easeInOut, stage: stage)
/// try move.addAnimations([stage.assignment("frog.position", .vector(Vector2(760, 420)))])
/// let movie = try Movie.record(stage, canvas: Canvas(size: Vector2(1024, 768)), framesPerSecond: 30) { clock in
///     try move.startAnimation()
///     clock.advance(to: 1.5)
///     try move.pauseAnimation()
///     clock.advance(to: 2)
///     try move.continueAnimation(withTimingParameters: nil, durationFactor: 0.5)
///     clock.advance(to: 3)
/// }
/// try movie.writeAPNG(to: "frog.apng")
/// ```
public struct Movie: Sendable {
    public var name: String
    public let canvas: Canvas
    public let framesPerSecond: Double
    /// What each frame shows, frame i at t = i / framesPerSecond.
    public let frames: [PresentationTree]

    public init(name: String, canvas: Canvas, framesPerSecond: Double, frames: [PresentationTree]) {
        self.name = name
        self.canvas = canvas
        self.framesPerSecond = framesPerSecond
        self.frames = frames
    }

    /// Every frame of `scene`, as `zoetrope render` draws them: ⌊duration·fps⌋ + 1 frames
    /// (`duration: .automatic` ends when every animator has settled). Throws the scene's
    /// problems (a value a scene file would refuse, such as an opacity of 7; a script that never
    /// settles) as `SceneLoadError`.
    public init(scene: Scene) throws(SceneLoadError) {
        let problems = scene.layers.valueProblems
        guard problems.isEmpty else {
            throw SceneLoadError(problems.map { SceneDiagnostic(file: scene.name, path: $0.path, message: $0.message) })
        }
        try self.init(EvaluatedScene.evaluating(LoadedScene(file: scene.name, scene: scene)))
    }

    /// Every frame of the scene file at `path` (YAML or JSON) with `overrides` (`"animators.move.duration=2"`).
    public init(contentsOf path: String, overrides: [String] = []) throws(SceneLoadError) {
        var parsed: [SceneOverride] = []
        for text in overrides {
            do {
                parsed.append(try SceneOverride(parsing: text))
            } catch {
                throw SceneLoadError([SceneDiagnostic(file: path, path: "--set \(text)", message: error.message)])
            }
        }
        try self.init(EvaluatedScene.load([path], overrides: parsed)[0])
    }

    init(_ scene: EvaluatedScene) {
        self.init(scene.evaluation, duration: scene.duration)
    }

    /// The frames of `evaluation`'s scene from 0 to `duration` seconds (⌊duration·fps⌋ + 1 of
    /// them), as `zoetrope render` draws them.
    public init(_ evaluation: SceneEvaluation, duration: Double) {
        let scene = evaluation.scene, rate = scene.frameRate
        self.init(name: scene.name, canvas: scene.canvas, framesPerSecond: rate.framesPerSecond,
                  frames: (0..<rate.frameCount(forDuration: duration)).map { evaluation.presentation(at: rate.time(ofFrame: $0)) })
    }

    /// Records `stage` while `script` drives it: `clock.advance(to:)` moves time on, and the calls
    /// made on the way are the stage's history. The movie is the frames of the stage's scene
    /// (`AnimationStage.scene`) from 0 to the time `script` leaves the clock at, that instant
    /// included when it falls on a frame; calls made at a frame's time show in it.
    public static func record(_ stage: AnimationStage, canvas: Canvas, framesPerSecond: Double = 60, name: String = "stage",
                              _ script: (StageClock) throws -> Void) rethrows -> Movie {
        try script(StageClock(stage: stage))
        let scene = stage.scene(name: name, canvas: canvas, frameRate: FrameRate(framesPerSecond), duration: .seconds(stage.time))
        return Movie(SceneEvaluation(scene: scene, horizon: stage.time), duration: stage.time)
    }

    /// Frame `index`'s pixels, at `scale` pixels per point.
    public func image(ofFrame index: Int, scale: Double = 1) throws(RenderError) -> RasterImage {
        guard frames.indices.contains(index) else {
            throw RenderError(message: "\(name): frame \(index) is not one of its \(frames.count) frames", kind: .misuse)
        }
        let memory = MemorySink()
        try FramePipeline.run(FramePlan(self, frames: [index], scale: scale), into: [memory])
        return memory.images[0]
    }

    /// Frame `index` as PNG bytes, always RGBA (a canvas with a clear background stays
    /// transparent), at `scale` pixels per point: what `UIGraphicsImageRenderer` makes.
    public func alphaPNG(ofFrame index: Int, scale: Double = 1) throws(RenderError) -> [UInt8] {
        guard frames.indices.contains(index) else {
            throw RenderError(message: "\(name): frame \(index) is not one of its \(frames.count) frames", kind: .misuse)
        }
        let memory = MemorySink(keeping: .alphaPNG)
        try FramePipeline.run(FramePlan(self, frames: [index], scale: scale), into: [memory])
        guard let bytes = memory.frames.first?.alphaPNG else {
            throw RenderError(message: "\(name): frame \(index) was drawn without its PNG", kind: .misuse)
        }
        return bytes
    }

    /// Writes every frame as `folder/frame_NNNNN.png` (named as `render` names them), atomically,
    /// and a manifest.json, so `zoetrope video`, `view` and `diff` take the folder; returns the
    /// frames' paths.
    @discardableResult
    public func writeFrames(to folder: String, scale: Double = 1) throws(RenderError) -> [String] {
        let plan = FramePlan(self, scale: scale)
        let size = try plan.pixelSize()
        let header = RenderManifest(scene: name, fps: framesPerSecond, size: [size.width, size.height], scale: scale,
                                    duration: Double(max(frames.count - 1, 0)) / framesPerSecond, frameCount: frames.count,
                                    environment: frames.first.map { RenderEnvironment.current(for: $0.layers) }, frames: [])
        try FramePipeline.run(plan, into: [PNGFolderSink(try RenderFolder(directory: folder, header: header), frameCount: frames.count)])
        return frames.indices.map { folder + "/" + RenderFolder.fileName(ofFrame: $0, frameCount: frames.count) }
    }

    /// Writes the frames as one APNG that loops forever at the movie's frame rate.
    public func writeAPNG(to path: String, scale: Double = 1) throws(RenderError) {
        let plan = FramePlan(self, scale: scale)
        _ = try plan.pixelSize()
        try FramePipeline.run(plan, into: [AnimatedPNGSink(path, count: frames.count, secondsPerFrame: 1 / framesPerSecond)])
    }

    /// Writes a contact sheet of `count` evenly spaced frames (first and last included), in
    /// `columns` thumbnails `width` pixels wide, each labelled with its time and frame.
    public func writeContactSheet(to path: String, count: Int = 12, columns: Int = 4, width: Int = 240) throws(RenderError) {
        try contactSheet(count: count, columns: columns, width: width).write(to: path)
    }

    /// A contact sheet of `count` evenly spaced frames (first and last included), drawn in memory.
    public func contactSheet(count: Int = 12, columns: Int = 4, width: Int = 240) throws(RenderError) -> ContactSheet {
        let sink = ContactSheetSink(title: "\(name) — \(frames.count) frames at \(framesPerSecond) fps", columns: columns,
                                    cellWidth: width, path: nil) { time, index in
            // A movie's labels give the time to the thousandth (`1.5 s`, `0.0 s`).
            "\((time * 1000).rounded() / 1000) s · frame \(index)"
        }
        let plan = FramePlan(self, frames: ContactSheet.evenlySpaced(count, of: frames.count), scale: Double(width) / max(canvas.size.x, 1))
        try FramePipeline.run(plan, into: [sink])
        return sink.sheet
    }
}

/// A recording is a source of whole frames: there is nothing between them to sample.
extension Movie: FrameSource {
    public var frameCount: Int { frames.count }
    public func time(ofFrame index: Int) -> Double { Double(index) / framesPerSecond }
    public func presentation(ofFrame index: Int) -> PresentationTree { frames[index] }
    public func presentation(at time: Double) -> PresentationTree? { nil }
}

/// The clock of a `Movie.record` script: it moves the stage's clock on, running completion
/// handlers at their times; the movie's frames are drawn afterwards from the stage's scene.
public final class StageClock {
    let stage: AnimationStage

    init(stage: AnimationStage) {
        self.stage = stage
    }

    /// The current time in seconds.
    public var time: Double { stage.time }

    /// Moves the stage's clock to `time` (never back).
    public func advance(to time: Double) {
        stage.advance(to: max(time, stage.time))
    }

    /// Moves the clock on by `seconds`.
    public func advance(by seconds: Double) { advance(to: stage.time + seconds) }
}
