/// Something the script (or a completion) does to an animator or group, or to the model.
///
/// A control target `animator` indexes the scene's animators, then its groups: an index at or
/// past `animators.count` names group `index − animators.count`.
public enum ScriptAction: Hashable, Sendable {
    /// Mirrors `startAnimation()` / `startAnimation(afterDelay:)`.
    case start(animator: Int, delay: Double)
    /// Mirrors `pauseAnimation()`.
    case pause(animator: Int)
    /// Mirrors `stopAnimation(_:)`.
    case stop(animator: Int, withoutFinishing: Bool)
    /// Mirrors `finishAnimation(at:)`.
    case finish(animator: Int, position: AnimatingPosition)
    /// Mirrors setting `isReversed`; nil toggles.
    case reverse(animator: Int, value: Bool?)
    /// Mirrors setting `fractionComplete`.
    case fraction(animator: Int, value: Double)
    /// Mirrors `continueAnimation(withTimingParameters:durationFactor:)`.
    case continueAnimation(animator: Int, timing: TimingParameters?, durationFactor: Double)
    /// Mirrors `addAnimations(_:delayFactor:)`.
    case addAnimations(animator: Int, block: AnimationBlock)
    /// A model change without animation.
    case set([PropertyAssignment])
    /// A finger drags a layer: its model position follows `points`, evenly spaced in time over
    /// `duration` seconds.
    case drag(layer: Int, points: [Vector2], duration: Double)
    /// The finger lifts: starts `animator` with a spring initial velocity equal to the drag's
    /// velocity divided by the distance to the animator's target for the layer, per component.
    case release(layer: Int, animator: Int)
    /// A pan catches `animator` (pausing it where it is), then its fraction follows the finger
    /// linearly over `duration` to `to` (or by `by` from where it was caught); it stays paused.
    case pan(animator: Int, to: Double?, by: Double?, duration: Double)

    /// The same action addressing `transform(target)` instead of its target.
    func retargeted(_ transform: (Int) -> Int) -> ScriptAction {
        switch self {
        case let .start(a, delay): .start(animator: transform(a), delay: delay)
        case let .pause(a): .pause(animator: transform(a))
        case let .stop(a, withoutFinishing): .stop(animator: transform(a), withoutFinishing: withoutFinishing)
        case let .finish(a, position): .finish(animator: transform(a), position: position)
        case let .reverse(a, value): .reverse(animator: transform(a), value: value)
        case let .fraction(a, value): .fraction(animator: transform(a), value: value)
        case let .continueAnimation(a, timing, factor): .continueAnimation(animator: transform(a), timing: timing, durationFactor: factor)
        case let .addAnimations(a, block): .addAnimations(animator: transform(a), block: block)
        case let .release(layer, a): .release(layer: layer, animator: transform(a))
        case let .pan(a, to, by, duration): .pan(animator: transform(a), to: to, by: by, duration: duration)
        case .set, .drag: self
        }
    }

    /// The animator the action addresses, if any.
    public var animator: Int? {
        switch self {
        case .start(let a, _), .pause(let a), .stop(let a, _), .finish(let a, _), .reverse(let a, _),
             .fraction(let a, _), .continueAnimation(let a, _, _), .addAnimations(let a, _), .release(_, let a),
             .pan(let a, _, _, _):
            a
        case .set, .drag:
            nil
        }
    }

    /// The call's name as the script writes it.
    public var callName: String {
        switch self {
        case .start: "start"
        case .pause: "pause"
        case .stop: "stop"
        case .finish: "finish"
        case .reverse: "reverse"
        case .fraction: "fraction"
        case .continueAnimation: "continue"
        case .addAnimations: "addAnimations"
        case .set: "set"
        case .drag: "drag"
        case .release: "release"
        case .pan: "pan"
        }
    }
}

/// An action at an absolute time of the script.
public struct ScriptEvent: Hashable, Sendable {
    /// Seconds from the start of the scene.
    public var time: Double
    public var action: ScriptAction
    /// Where it was written (`script[3]`), for messages.
    public var path: String

    public init(time: Double, action: ScriptAction, path: String) {
        self.time = time
        self.action = action
        self.path = path
    }
}
