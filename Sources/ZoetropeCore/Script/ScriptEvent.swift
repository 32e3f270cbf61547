/// Something the script (or a completion) does to an animator or group, or to the model.
///
/// A call's `animator` is the `ControlTarget` it addresses: an animator or a group.
public enum ScriptAction: Hashable, Sendable {
    /// Mirrors `startAnimation()` / `startAnimation(afterDelay:)`.
    case start(target: ControlTarget, delay: Double)
    /// Mirrors `pauseAnimation()`.
    case pause(target: ControlTarget)
    /// Mirrors `stopAnimation(_:)`.
    case stop(target: ControlTarget, withoutFinishing: Bool)
    /// Mirrors `finishAnimation(at:)`.
    case finish(target: ControlTarget, position: AnimatingPosition)
    /// Mirrors setting `isReversed`; nil toggles.
    case reverse(target: ControlTarget, value: Bool?)
    /// Mirrors setting `fractionComplete`.
    case fraction(target: ControlTarget, value: Double)
    /// Mirrors `continueAnimation(withTimingParameters:durationFactor:)`.
    case continueAnimation(target: ControlTarget, timing: TimingParameters?, durationFactor: Double)
    /// Mirrors `addAnimations(_:delayFactor:)`.
    case addAnimations(target: ControlTarget, block: AnimationBlock)
    /// A model change without animation.
    case set([PropertyAssignment])
    /// A finger drags a layer: its model position follows `points`, evenly spaced in time over
    /// `duration` seconds.
    case drag(layer: Int, points: [Vector2], duration: Double)
    /// The finger lifts: starts animator `animator` (an index among the animators) with a spring initial velocity equal to the drag's
    /// velocity divided by the distance to the animator's target for the layer, per component.
    case release(layer: Int, animator: Int)
    /// A pan catches `animator` (pausing it where it is), then its fraction follows the finger
    /// linearly over `duration` to `to` (or by `by` from where it was caught); it stays paused.
    case pan(target: ControlTarget, to: Double?, by: Double?, duration: Double)
    /// Moves a layer (with its children) under `parent` (nil: the top level), at `position` among
    /// its new siblings (nil: on top), as `addSubview` moves a view that has a superview: its
    /// values are then in the new parent's coordinates.
    case move(layer: Int, parent: Int?, position: Int?)
    /// Replaces a layer's style (what does not animate: font family and weight, alignment,
    /// clipping, content mode, stroke dash, cap and join, blend mode, rasterization), from now on.
    case restyle(layer: Int, style: LayerStyle)
    /// Sets an animator's flags (`isInterruptible`, `scrubsLinearly`, `pausesOnCompletion`), as
    /// setting them on a `UIViewPropertyAnimator` does; `isInterruptible` changes only while the
    /// animator is inactive.
    case options(animator: Int, options: AnimatorOptions)
    /// Mirrors `CALayer.add(_:forKey:)`: attaches a layer animation (SPEC §9), replacing the
    /// layer's animation for `key`; a `beginTime` of 0 is the layer's time now.
    case addLayerAnimation(layer: Int, key: String?, animation: LayerAnimation)
    /// Mirrors `removeAnimation(forKey:)`, and `removeAllAnimations()` for a nil key.
    case removeLayerAnimation(layer: Int, key: String?)
    /// Sets a layer's own timing (`beginTime`, `speed`, `timeOffset`, …) from now on, as
    /// setting them on a `CALayer` does (pausing a layer is speed 0 at its current time).
    case layerTiming(layer: Int, timing: MediaTiming)

    /// The animator or group the action addresses (its `target:`), if any.
    public var target: ControlTarget? {
        switch self {
        case .start(let a, _), .pause(let a), .stop(let a, _), .finish(let a, _), .reverse(let a, _),
             .fraction(let a, _), .continueAnimation(let a, _, _), .addAnimations(let a, _), .pan(let a, _, _, _):
            a
        case .release(_, let animator):
            .animator(animator)
        case .set, .drag, .move, .restyle, .options, .addLayerAnimation, .removeLayerAnimation, .layerTiming:
            nil  // flags are not a call a group's driving forbids
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
        case .move: "move"
        case .restyle: "restyle"
        case .options: "options"
        case .addLayerAnimation: "addAnimation"
        case .removeLayerAnimation: "removeAnimation"
        case .layerTiming: "timing"
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
