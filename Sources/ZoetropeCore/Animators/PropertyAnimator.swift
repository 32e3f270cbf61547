/// Mirrors `UIViewPropertyAnimator`: animates layer properties on an `AnimationStage`, with
/// UIKit's interruptible control model (SPEC §3.2).
///
/// Where UIKit traps on a misuse, the calls here throw an `AnimatorCallError` naming the state
/// and what was legal; so the setters of `isReversed`, `fractionComplete`, `isInterruptible`
/// and friends are throwing methods (`setReversed(_:)`, …) rather than properties.
///
/// ```swift
/// let animator = PropertyAnimator(duration: 2, timingParameters: .cubic(.easeIn), stage: stage)
/// try animator.addAnimations([stage.assignment("box.position.x", .number(100))])
/// try animator.startAnimation()
/// stage.advance(to: 1)
/// try animator.pauseAnimation()
/// animator.fractionComplete        // 0.3153568126…: the progress, so nothing jumps
/// ```
public final class PropertyAnimator: AnimationControl {
    public let stage: AnimationStage
    /// The animator as a control target on its stage (`.animator(i)`: a group's member, say).
    public var index: ControlTarget { .animator(animator) }
    /// The animator's index among its stage's animators.
    private let animator: Int

    /// Mirrors `init(duration:timingParameters:)`. A spring other than `dampingRatio` runs for
    /// its settling duration whatever `duration` says, as in UIKit.
    public init(duration: Double, timingParameters: TimingParameters = .default, stage: AnimationStage) {
        self.stage = stage
        animator = stage.add(AnimatorDefinition(id: "animator\(stage.stage.definitions.count)", duration: duration,
                                             timing: timingParameters))
    }

    /// Mirrors `init(duration:curve:animations:)`.
    public convenience init(duration: Double, curve: AnimationCurve, stage: AnimationStage) {
        self.init(duration: duration, timingParameters: .cubic(CubicTimingParameters(animationCurve: curve)), stage: stage)
    }

    /// Mirrors `init(duration:dampingRatio:animations:)`.
    public convenience init(duration: Double, dampingRatio: Double, stage: AnimationStage) throws(TimingParameterError) {
        self.init(duration: duration, timingParameters: .spring(try SpringTimingParameters(dampingRatio: dampingRatio)),
                  stage: stage)
    }

    private var current: AnimatorState { stage.stage.animator(animator) }

    /// Mirrors `state`.
    public var state: AnimatingState { current.state }
    /// Mirrors `isRunning`.
    public var isRunning: Bool { current.isRunning }
    /// Mirrors `isReversed`.
    public var isReversed: Bool { current.isReversed }
    /// Mirrors `fractionComplete` (reading).
    public var fractionComplete: Double { current.fractionComplete(at: stage.time) }
    /// Mirrors `duration`: the declared duration (a settling spring runs for its own).
    public var duration: Double { current.declaredDuration }
    /// Mirrors `timingParameters`.
    public var timingParameters: TimingParameters { current.declaredTiming }
    /// Mirrors `scrubsLinearly`.
    public var scrubsLinearly: Bool { current.options.scrubsLinearly }
    /// Mirrors `pausesOnCompletion`.
    public var pausesOnCompletion: Bool { current.options.pausesOnCompletion }
    /// Mirrors `isInterruptible`.
    public var isInterruptible: Bool { current.options.isInterruptible }

    /// Mirrors `addAnimations(_:delayFactor:)`: the assignments are the block.
    public func addAnimations(_ assignments: [PropertyAssignment], delayFactor: Double = 0) throws(AnimatorCallError) {
        try stage.perform(.addAnimations(target: index, block: AnimationBlock(delayFactor: delayFactor, assignments: assignments)))
    }
    /// Mirrors `UIView.animateKeyframes` inside an animator's block: each frame's assignments
    /// animate over its relative start and duration (fractions of the animator's duration, as
    /// `addKeyframe(withRelativeStartTime:relativeDuration:)` takes them).
    public func addKeyframes(_ frames: [Keyframe], calculationMode: CalculationMode = .linear,
                             delayFactor: Double = 0) throws(AnimatorCallError) {
        let block = AnimationBlock(delayFactor: delayFactor, keyframes: KeyframeBlock(frames: frames, calculationMode: calculationMode))
        try stage.perform(.addAnimations(target: index, block: block))
    }
    /// Adds a `CAKeyframeAnimation`-style track of one property (values at key times).
    public func addTrack(_ key: String, _ track: KeyframeTrack, delayFactor: Double = 0) throws(AnimatorCallError) {
        guard let target = stage.target(key) else {
            throw AnimatorCallError(call: "addTrack", state: state.rawValue, legal: "a key such as frog.position that names a layer's property",
                                    reason: "\"\(key)\" names none")
        }
        let block = AnimationBlock(delayFactor: delayFactor, tracks: [TrackAnimation(target: target, track: track)])
        try stage.perform(.addAnimations(target: index, block: block))
    }
    /// Mirrors setting `scrubsLinearly` (an error while paused, as in UIKit).
    public func setScrubsLinearly(_ value: Bool) throws(AnimatorCallError) {
        if state == .active && !isRunning {
            throw AnimatorCallError(call: "scrubsLinearly", state: "active",
                                    legal: "scrubsLinearly cannot change while the animator is paused")
        }
        var options = current.options
        options.scrubsLinearly = value
        try stage.setOptions(options, of: animator)
    }
    /// Mirrors setting `pausesOnCompletion`.
    public func setPausesOnCompletion(_ value: Bool) throws(AnimatorCallError) {
        var options = current.options
        options.pausesOnCompletion = value
        try stage.setOptions(options, of: animator)
    }
    /// Mirrors setting `isInterruptible` (only while inactive).
    public func setInterruptible(_ value: Bool) throws(AnimatorCallError) {
        var options = current.options
        options.isInterruptible = value
        try stage.setOptions(options, of: animator)
    }
}

/// The calls `PropertyAnimator` and `AnimatorGroup` share: UIViewAnimating's, applied to the
/// target `index` of `stage`.
public protocol AnimationControl: AnyObject {
    var stage: AnimationStage { get }
    /// The animator or group the calls address.
    var index: ControlTarget { get }
}

extension AnimationControl {
    /// Mirrors `startAnimation()`.
    public func startAnimation() throws(AnimatorCallError) { try stage.perform(.start(target: index, delay: 0)) }
    /// Mirrors `startAnimation(afterDelay:)`.
    public func startAnimation(afterDelay delay: Double) throws(AnimatorCallError) {
        try stage.perform(.start(target: index, delay: delay))
    }
    /// Mirrors `pauseAnimation()`.
    public func pauseAnimation() throws(AnimatorCallError) { try stage.perform(.pause(target: index)) }
    /// Mirrors `stopAnimation(_:)`.
    public func stopAnimation(_ withoutFinishing: Bool) throws(AnimatorCallError) {
        try stage.perform(.stop(target: index, withoutFinishing: withoutFinishing))
    }
    /// Mirrors `finishAnimation(at:)`.
    public func finishAnimation(at position: AnimatingPosition) throws(AnimatorCallError) {
        try stage.perform(.finish(target: index, position: position))
    }
    /// Mirrors setting `fractionComplete`.
    public func setFractionComplete(_ fraction: Double) throws(AnimatorCallError) {
        try stage.perform(.fraction(target: index, value: fraction))
    }
    /// Mirrors setting `isReversed`.
    public func setReversed(_ reversed: Bool) throws(AnimatorCallError) {
        try stage.perform(.reverse(target: index, value: reversed))
    }
    /// Mirrors `continueAnimation(withTimingParameters:durationFactor:)`.
    public func continueAnimation(withTimingParameters parameters: TimingParameters?,
                                  durationFactor: Double) throws(AnimatorCallError) {
        try stage.perform(.continueAnimation(target: index, timing: parameters, durationFactor: durationFactor))
    }
    /// Mirrors `addCompletion(_:)`: handlers run in the order added, with the final position.
    public func addCompletion(_ handler: @escaping (AnimatingPosition) -> Void) {
        stage.addHandler(handler, to: index)
    }
}
