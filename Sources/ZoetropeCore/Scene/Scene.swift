/// The drawing surface.
public struct Canvas: Hashable, Sendable {
    /// Width and height in points (one point is one pixel at `--scale 1`).
    public var size: Vector2
    public var background: Color

    public init(size: Vector2, background: Color = .white) {
        self.size = size
        self.background = background
    }
}

/// Frames per second; frame i is shown at t = i / fps, computed, never accumulated.
public struct FrameRate: Hashable, Sendable {
    public var framesPerSecond: Double

    public init(_ framesPerSecond: Double) { self.framesPerSecond = framesPerSecond }

    /// The time at which frame `frameIndex` is shown.
    public func time(ofFrame frameIndex: Int) -> Double { Double(frameIndex) / framesPerSecond }

    /// ⌊duration·fps⌋ + 1: both the first and the last instant are shown (SPEC §5). A product
    /// within 1e-9 of a whole number counts as that number, so 0.7 s at 30 fps is 22 frames
    /// even though 0.7·30 is 20.999… in binary.
    public func frameCount(forDuration duration: Double) -> Int {
        let product = duration * framesPerSecond
        return Int.saturatingSum(Int(saturating: product + 1e-9, rounding: .down), 1)
    }
}

/// How long a render lasts.
public enum RenderDuration: Hashable, Sendable {
    case seconds(Double)
    /// Until every animator is inactive (or, when one never ends, the last script event).
    case automatic
}

/// A scene: layers, animators and the script that drives them. A pure value: two scenes that
/// compare equal render the same frames.
public struct Scene: Hashable, Sendable {
    public var name: String
    public var canvas: Canvas
    public var frameRate: FrameRate
    public var duration: RenderDuration
    public var colorSpace: ColorSpace
    public var layers: LayerTree
    public var animators: [AnimatorDefinition]
    /// Groups; their control targets follow the animators' (see `ScriptAction`).
    public var groups: [GroupDefinition]
    public var script: [ScriptEvent]

    public init(name: String, canvas: Canvas, frameRate: FrameRate = FrameRate(60),
                duration: RenderDuration = .automatic, colorSpace: ColorSpace = .srgb,
                layers: [Layer], animators: [AnimatorDefinition] = [], groups: [GroupDefinition] = [],
                script: [ScriptEvent] = []) {
        self.name = name
        self.canvas = canvas
        self.frameRate = frameRate
        self.duration = duration
        self.colorSpace = colorSpace
        self.layers = LayerTree(layers)
        self.animators = animators
        self.groups = groups
        self.script = script
    }
}
