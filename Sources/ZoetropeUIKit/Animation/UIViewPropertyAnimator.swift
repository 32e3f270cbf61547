import ZoetropeCore

/// Mirrors `UIViewPropertyAnimator`: UIKit's interruptible animator, run by Zoetrope's
/// `PropertyAnimator` on a film's clock: the film of the views its animations closures set when
/// it first starts, pauses or is scrubbed (or, when they set none, the film whose call is
/// running), so an animator may be made before the film, as UIKit code makes its animators
/// before a view is on screen.
///
/// Its animations closures run when it starts (or is paused or scrubbed while inactive), as
/// UIKit runs them: each property they set animates from what is on screen to the new model
/// value, added to whatever else animates it. A misuse UIKit raises an exception for (pausing a
/// stopped animator, reversing a running one that is not interruptible…) stops the program with
/// UIKit's exception and Core's reason; `PropertyAnimator`, which throws instead, is there for
/// code that wants errors.
@MainActor
open class UIViewPropertyAnimator: UIViewImplicitlyAnimating {
    /// The animator on a film's stage, once it has one.
    private var bound: PropertyAnimator?
    /// What the animator was made with, for the animator it becomes on a film.
    private let declaredDuration: TimeInterval
    /// Flags and completions set before the animator is on a film.
    private var options = (isInterruptible: true, scrubsLinearly: true, pausesOnCompletion: false)
    private var completions: [(UIViewAnimatingPosition) -> Void] = []
    /// Closures added while inactive, run when the animator starts.
    private var pending: [(animation: () -> Void, delayFactor: CGFloat)] = []

    /// Mirrors `timingParameters`.
    public let timingParameters: UITimingCurveProvider?

    /// Mirrors `init(duration:timingParameters:)`.
    public required init(duration: TimeInterval, timingParameters parameters: UITimingCurveProvider) {
        declaredDuration = duration
        timingParameters = parameters
    }

    /// The animator on a film's stage, made the first time it is needed: on the film whose call
    /// is running.
    private var core: PropertyAnimator { core(on: nil) }

    /// The animator on a film's stage, made the first time it is needed on `film` (the film of
    /// the views a closure set), else on the film whose call is running.
    private func core(on film: Film?) -> PropertyAnimator {
        if let bound { return bound }
        guard let film = film ?? Film.running else {
            fatalError("Zoetrope: a UIViewPropertyAnimator runs on a film: its animations must set a view on one, or it must start in a call the film runs (film.at(_:_:), a gesture, a completion)")
        }
        let animator = PropertyAnimator(duration: declaredDuration, timingParameters: (timingParameters ?? UICubicTimingParameters()).timingParameters,
                                        stage: film.stage)
        bound = animator
        call { () throws(AnimatorCallError) in
            if !options.isInterruptible { try animator.setInterruptible(false) }
            if !options.scrubsLinearly { try animator.setScrubsLinearly(false) }
            if options.pausesOnCompletion { try animator.setPausesOnCompletion(true) }
        }
        for completion in completions { animator.addCompletion { completion(UIViewAnimatingPosition($0)) } }
        completions = []
        return animator
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
    open var state: UIViewAnimatingState { bound.map { UIViewAnimatingState($0.state) } ?? .inactive }
    /// Mirrors `isRunning`.
    open var isRunning: Bool { bound?.isRunning ?? false }
    /// Mirrors `duration` (for a spring that settles in its own time, that time).
    open var duration: TimeInterval {
        (timingParameters ?? UICubicTimingParameters()).timingParameters.animationDuration(animatorDuration: declaredDuration)
    }

    /// Mirrors `isReversed`.
    open var isReversed: Bool {
        get { bound?.isReversed ?? false }
        set { call { () throws(AnimatorCallError) in try core.setReversed(newValue) } }
    }

    /// Mirrors `fractionComplete`. Setting it on an inactive animator starts it paused, running
    /// its animations closures first.
    open var fractionComplete: CGFloat {
        get { CGFloat(bound?.fractionComplete ?? 0) }
        set {
            runPendingAnimations()
            call { () throws(AnimatorCallError) in try core.setFractionComplete(Double(newValue)) }
        }
    }

    /// Mirrors `isInterruptible`.
    open var isInterruptible: Bool {
        get { bound?.isInterruptible ?? options.isInterruptible }
        set {
            guard let bound else { return options.isInterruptible = newValue }
            call { () throws(AnimatorCallError) in try bound.setInterruptible(newValue) }
        }
    }

    /// Mirrors `scrubsLinearly`.
    open var scrubsLinearly: Bool {
        get { bound?.scrubsLinearly ?? options.scrubsLinearly }
        set {
            guard let bound else { return options.scrubsLinearly = newValue }
            call { () throws(AnimatorCallError) in try bound.setScrubsLinearly(newValue) }
        }
    }

    /// Mirrors `pausesOnCompletion`.
    open var pausesOnCompletion: Bool {
        get { bound?.pausesOnCompletion ?? options.pausesOnCompletion }
        set {
            guard let bound else { return options.pausesOnCompletion = newValue }
            call { () throws(AnimatorCallError) in try bound.setPausesOnCompletion(newValue) }
        }
    }

    /// Mirrors `delay`: the delay of the last `startAnimation(afterDelay:)`.
    open private(set) var delay: TimeInterval = 0

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
        if state == .inactive {
            pending.append((animation, delayFactor))
        } else {
            run(animation, delayFactor: delayFactor)
        }
    }

    /// Mirrors `addCompletion(_:)`.
    open func addCompletion(_ completion: @escaping (UIViewAnimatingPosition) -> Void) {
        guard let bound else { return completions.append(completion) }
        bound.addCompletion { completion(UIViewAnimatingPosition($0)) }
    }

    // MARK: - Control

    /// Mirrors `startAnimation()`.
    open func startAnimation() {
        runPendingAnimations()
        call { () throws(AnimatorCallError) in try core.startAnimation() }
    }

    /// Mirrors `startAnimation(afterDelay:)`.
    open func startAnimation(afterDelay delay: TimeInterval) {
        self.delay = delay
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
        guard state == .inactive else { return }
        let closures = pending
        pending = []
        for (animation, delayFactor) in closures { run(animation, delayFactor: delayFactor) }
    }

    /// Runs `animation`, recording what it sets, and gives the animator the assignments (and
    /// the keyframes of an `animateKeyframes` inside it) on its film.
    private func run(_ animation: () -> Void, delayFactor: CGFloat) {
        let recording = AnimationRecording.record(adoptsKeyframes: true, animation)
        let core = core(on: recording.byFilm.first?.film ?? recording.keyframes.first?.film)
        for (film, assignments) in recording.byFilm {
            guard film.stage === core.stage else {
                // Another film's views: set at once, as views off screen are.
                film.stage.set(assignments)
                continue
            }
            call { () throws(AnimatorCallError) in try core.addAnimations(assignments, delayFactor: Double(delayFactor)) }
        }
        let frames = recording.keyframes.filter { $0.film.stage === core.stage }.map(\.frame)
        if !frames.isEmpty {
            call { () throws(AnimatorCallError) in
                try core.addKeyframes(frames, calculationMode: recording.calculationMode, delayFactor: Double(delayFactor))
            }
        }
        for completion in recording.adoptedCompletions { addCompletion { completion($0 == .end) } }
    }

    private func call(_ body: () throws(AnimatorCallError) -> Void) {
        do {
            try body()
        } catch {
            raiseInconsistency(error)
        }
    }
}
