/// A property of one layer, possibly one component of it (`frog.position.x`).
public struct PropertyTarget: Hashable, Sendable {
    /// The layer's index in the scene's `LayerTree`.
    public var layer: Int
    public var property: LayerProperty
    /// 0 or 1 to address `x` or `y` alone; nil for the whole value.
    public var component: Int?

    public init(layer: Int, property: LayerProperty, component: Int? = nil) {
        self.layer = layer
        self.property = property
        self.component = component
    }
}

/// `layer.property = value`, as a block, a completion or a `set` event writes it.
public struct PropertyAssignment: Hashable, Sendable {
    public var target: PropertyTarget
    /// A number when `target.component` is set, otherwise a value of the property's kind.
    public var value: AnimatableValue

    public init(_ target: PropertyTarget, _ value: AnimatableValue) {
        self.target = target
        self.value = value
    }

    /// The whole-property value this assignment produces from `current`.
    public func resolvedValue(from current: AnimatableValue) -> AnimatableValue {
        guard let component = target.component, case .vector(var vector) = current,
              case .number(let number) = value else { return value }
        vector[component] = number
        return .vector(vector)
    }
}

/// One `addAnimations` block: the assignments it makes (plainly, as keyframes, or as keyframe
/// tracks) and where in the animator it runs.
public struct AnimationBlock: Hashable, Sendable {
    /// Mirrors `addAnimations(_:delayFactor:)`: the block animates over the animator's
    /// fractions [delayFactor, 1].
    public var delayFactor: Double
    public var assignments: [PropertyAssignment]
    /// UIKit's `animateKeyframes` nested in the block.
    public var keyframes: KeyframeBlock?
    /// Core Animation keyframe tracks.
    public var tracks: [TrackAnimation]

    public init(delayFactor: Double = 0, assignments: [PropertyAssignment] = [], keyframes: KeyframeBlock? = nil,
                tracks: [TrackAnimation] = []) {
        self.delayFactor = delayFactor
        self.assignments = assignments
        self.keyframes = keyframes
        self.tracks = tracks
    }
}

/// Mirrors `UIViewAnimatingPosition`.
public enum AnimatingPosition: String, Hashable, Sendable, CaseIterable {
    case end, start, current
}

/// A completion handler: actions that run when the animator completes at a matching position.
public struct Completion: Hashable, Sendable {
    /// Which positions run it; nil runs it for any.
    public var position: AnimatingPosition?
    public var actions: [ScriptAction]
    /// Where it was written (`animators[0].completions[1]`), for messages.
    public var path: String

    public init(position: AnimatingPosition?, actions: [ScriptAction], path: String) {
        self.position = position
        self.actions = actions
        self.path = path
    }
}

/// A property animator as the scene file declares it, before any event touches it.
public struct AnimatorDefinition: Hashable, Sendable {
    public var id: String
    /// Mirrors `UIViewPropertyAnimator.duration` (seconds, > 0).
    public var duration: Double
    public var timing: TimingParameters
    public var blocks: [AnimationBlock]
    /// Mirrors `addCompletion(_:)`, in the order added.
    public var completions: [Completion]
    /// `scrubsLinearly`, `pausesOnCompletion`, `isInterruptible`.
    public var options: AnimatorOptions

    public init(id: String, duration: Double, timing: TimingParameters = .default,
                blocks: [AnimationBlock] = [], completions: [Completion] = [],
                options: AnimatorOptions = AnimatorOptions()) {
        self.id = id
        self.duration = duration
        self.timing = timing
        self.blocks = blocks
        self.completions = completions
        self.options = options
    }
}
