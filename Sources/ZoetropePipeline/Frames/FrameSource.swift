import ZoetropeCore

/// A sequence of pictures the pipeline can draw: what frame `i` shows, and when. A new input
/// format (a scene file, a Lottie file, a UIKit recording) becomes a `Scene` or a stage, and so
/// one of these; the pipeline never knows which.
public protocol FrameSource: Sendable {
    /// The animation's name, for messages and manifests.
    var name: String { get }
    var canvas: Canvas { get }
    /// Frames in the sequence.
    var frameCount: Int { get }
    /// Frames per second: what a motion-blur shutter angle is a share of.
    var framesPerSecond: Double { get }
    /// The instant frame `index` shows, in seconds.
    func time(ofFrame index: Int) -> Double
    /// What frame `index` shows.
    func presentation(ofFrame index: Int) -> PresentationTree
    /// What the animation shows at any instant (a motion-blur sample between frames); nil for a
    /// source that has whole frames only (a recording).
    func presentation(at time: Double) -> PresentationTree?
}

/// A scene's evaluation as frames: frame i at t = i / fps, as `render` draws them.
public struct SceneFrames: FrameSource {
    public let evaluation: SceneEvaluation
    public let frameCount: Int

    public init(_ evaluation: SceneEvaluation, frameCount: Int) {
        self.evaluation = evaluation
        self.frameCount = frameCount
    }

    public var name: String { evaluation.scene.name }
    public var canvas: Canvas { evaluation.scene.canvas }
    public var framesPerSecond: Double { evaluation.scene.frameRate.framesPerSecond }
    public func time(ofFrame index: Int) -> Double { evaluation.scene.frameRate.time(ofFrame: index) }
    public func presentation(ofFrame index: Int) -> PresentationTree { evaluation.presentation(at: time(ofFrame: index)) }
    public func presentation(at time: Double) -> PresentationTree? { evaluation.presentation(at: time) }
}

/// A scene's evaluation at chosen instants, which need not fall on frames (a sweep's sheet
/// columns, `--at` times): picture i shows `times[i]`.
public struct SceneInstants: FrameSource {
    public let evaluation: SceneEvaluation
    public let times: [Double]

    public init(_ evaluation: SceneEvaluation, times: [Double]) {
        self.evaluation = evaluation
        self.times = times
    }

    public var name: String { evaluation.scene.name }
    public var canvas: Canvas { evaluation.scene.canvas }
    public var frameCount: Int { times.count }
    public var framesPerSecond: Double { evaluation.scene.frameRate.framesPerSecond }
    public func time(ofFrame index: Int) -> Double { times[index] }
    public func presentation(ofFrame index: Int) -> PresentationTree { evaluation.presentation(at: times[index]) }
    public func presentation(at time: Double) -> PresentationTree? { evaluation.presentation(at: time) }
}
