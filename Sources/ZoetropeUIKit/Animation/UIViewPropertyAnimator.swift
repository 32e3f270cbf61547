import ZoetropeCore

/// Mirrors `UIViewPropertyAnimator`: UIKit's interruptible animator, run by Zoetrope's
/// `PropertyAnimator` on the current film's clock (`Film.current`).
///
/// Its animations closures run when it starts (or is paused or scrubbed while inactive), as
/// UIKit runs them: each property they set animates from what is on screen to the new model
/// value, added to whatever else animates it. A misuse UIKit raises an exception for (pausing a
/// stopped animator, reversing a running one that is not interruptible…) stops the program with
/// UIKit's exception and Core's reason; `PropertyAnimator`, which throws instead, is there for
/// code that wants errors.
open class UIViewPropertyAnimator: UIViewImplicitlyAnimating {
    /// The film whose clock runs the animator.
    let film: Film
    /// The animator on the film's stage.
    let core: PropertyAnimator
    /// Closures added while inactive, run when the animator starts.
    private var pending: [(animation: () -> Void, delayFactor: CGFloat)] = []

    /// Mirrors `timingParameters`.
    public let timingParameters: UITimingCurveProvider?

    /// Mirrors `init(duration:timingParameters:)`.
    public required init(duration: TimeInterval, timingParameters parameters: UITimingCurveProvider) {
        film = Film.requireCurrent("UIViewPropertyAnimator")
        timingParameters = parameters
        core = PropertyAnimator(duration: duration, timingParameters: parameters.timingParameters, stage: film.stage)
    }

    /// Mirrors `init(duration:curve:animations:)`.
    public convenience init(duration: TimeInterval, curve: UIView.AnimationCurve, animations: (() -> Void)? = nil) {
        self.init(duration: duration, timingParameters: UICubicTimingParameters(animationCurve: curve))
        if let animations { addAnimations(animations) }
    }

    /// Mirrors `init(duration:controlPoint1:controlPoint2:animations:)`.
    public convenience init(duration: TimeInterval, controlPoint1 point1: CGPoint, controlPoint2 point2: CGPoint,
                            animations: (() -> Void)? = nil) {
        self.init(duration: duration, timingParameters: UICubicTimingParameters(controlPoint1: point1, controlPoint2: point2))
        if let animations { addAnimations(animations) }
    }

    /// Mirrors `init(duration:dampingRatio:animations:)`.
    public convenience init(duration: TimeInterval, dampingRatio ratio: CGFloat, animations: (() -> Void)? = nil) {
        self.init(duration: duration, timingParameters: UISpringTimingParameters(dampingRatio: ratio))
        if let animations { addAnimations(animations) }
    }

    /// Mirrors `runningPropertyAnimator(withDuration:delay:options:animations:completion:)`: an
    /// animator already started, with the options' curve.
    @discardableResult
    open class func runningPropertyAnimator(withDuration duration: TimeInterval, delay: TimeInterval,
                                            options: UIView.AnimationOptions = [], animations: @escaping () -> Void,
                                            completion: ((UIViewAnimatingPosition) -> Void)? = nil) -> Self {
        let animator = self.init(duration: duration, timingParameters: UICubicTimingParameters(animationCurve: options.curve))
        animator.addAnimations(animations)
        if let completion { animator.addCompletion(completion) }
        animator.startAnimation(afterDelay: delay)
        return animator
    }

    // MARK: - State

    /// Mirrors `state`.
    open var state: UIViewAnimatingState { UIViewAnimatingState(core.state) }
    /// Mirrors `isRunning`.
    open var isRunning: Bool { core.isRunning }
    /// Mirrors `duration`.
    open var duration: TimeInterval { core.duration }

    /// Mirrors `isReversed`.
    open var isReversed: Bool {
        get { core.isReversed }
        set { call { () throws(AnimatorCallError) in try core.setReversed(newValue) } }
    }

    /// Mirrors `fractionComplete`. Setting it on an inactive animator starts it paused, running
    /// its animations closures first.
    open var fractionComplete: CGFloat {
        get { CGFloat(core.fractionComplete) }
        set {
            runPendingAnimations()
            call { () throws(AnimatorCallError) in try core.setFractionComplete(Double(newValue)) }
        }
    }

    /// Mirrors `isInterruptible`.
    open var isInterruptible: Bool {
        get { core.isInterruptible }
        set { call { () throws(AnimatorCallError) in try core.setInterruptible(newValue) } }
    }

    /// Mirrors `scrubsLinearly`.
    open var scrubsLinearly: Bool {
        get { core.scrubsLinearly }
        set { call { () throws(AnimatorCallError) in try core.setScrubsLinearly(newValue) } }
    }

    /// Mirrors `pausesOnCompletion`.
    open var pausesOnCompletion: Bool {
        get { core.pausesOnCompletion }
        set { call { () throws(AnimatorCallError) in try core.setPausesOnCompletion(newValue) } }
    }

    /// Mirrors `isUserInteractionEnabled` (kept; a film's gestures are scripted).
    open var isUserInteractionEnabled = true
    /// Mirrors `isManualHitTestingEnabled` (kept, as `isUserInteractionEnabled`).
    open var isManualHitTestingEnabled = false

    // MARK: - Animations and completions

    /// Mirrors `addAnimations(_:)`.
    open func addAnimations(_ animation: @escaping () -> Void) {
        addAnimations(animation, delayFactor: 0)
    }

    /// Mirrors `addAnimations(_:delayFactor:)`: while the animator runs, the closure runs now and
    /// its animations start after `delayFactor` of the time left; else when the animator starts.
    open func addAnimations(_ animation: @escaping () -> Void, delayFactor: CGFloat) {
        if core.state == .inactive {
            pending.append((animation, delayFactor))
        } else {
            run(animation, delayFactor: delayFactor)
        }
    }

    /// Mirrors `addCompletion(_:)`.
    open func addCompletion(_ completion: @escaping (UIViewAnimatingPosition) -> Void) {
        core.addCompletion { completion(UIViewAnimatingPosition($0)) }
    }

    // MARK: - Control

    /// Mirrors `startAnimation()`.
    open func startAnimation() {
        runPendingAnimations()
        call { () throws(AnimatorCallError) in try core.startAnimation() }
    }

    /// Mirrors `startAnimation(afterDelay:)`.
    open func startAnimation(afterDelay delay: TimeInterval) {
        runPendingAnimations()
        call { () throws(AnimatorCallError) in try core.startAnimation(afterDelay: delay) }
    }

    /// Mirrors `pauseAnimation()`.
    open func pauseAnimation() {
        runPendingAnimations()
        call { () throws(AnimatorCallError) in try core.pauseAnimation() }
    }

    /// Mirrors `stopAnimation(_:)`.
    open func stopAnimation(_ withoutFinishing: Bool) {
        call { () throws(AnimatorCallError) in try core.stopAnimation(withoutFinishing) }
    }

    /// Mirrors `finishAnimation(at:)`.
    open func finishAnimation(at finalPosition: UIViewAnimatingPosition) {
        call { () throws(AnimatorCallError) in try core.finishAnimation(at: finalPosition.position) }
    }

    /// Mirrors `continueAnimation(withTimingParameters:durationFactor:)`.
    open func continueAnimation(withTimingParameters parameters: UITimingCurveProvider?, durationFactor: CGFloat) {
        call { () throws(AnimatorCallError) in
            try core.continueAnimation(withTimingParameters: parameters?.timingParameters, durationFactor: Double(durationFactor))
        }
    }

    // MARK: - Running closures

    /// Runs the closures added while inactive, in order: their animations go to the animator,
    /// which runs them as it starts.
    private func runPendingAnimations() {
        guard core.state == .inactive else { return }
        let closures = pending
        pending = []
        for (animation, delayFactor) in closures { run(animation, delayFactor: delayFactor) }
    }

    /// Runs `animation`, recording what it sets, and gives the animator the assignments on its film.
    private func run(_ animation: () -> Void, delayFactor: CGFloat) {
        let recording = AnimationRecording.record(animation)
        for (film, assignments) in recording.byFilm {
            guard film === self.film else {
                // Another film's views: set at once, as views off screen are.
                film.stage.set(assignments)
                continue
            }
            call { () throws(AnimatorCallError) in try core.addAnimations(assignments, delayFactor: Double(delayFactor)) }
        }
    }

    private func call(_ body: () throws(AnimatorCallError) -> Void) {
        do {
            try body()
        } catch {
            raiseInconsistency(error)
        }
    }
}
