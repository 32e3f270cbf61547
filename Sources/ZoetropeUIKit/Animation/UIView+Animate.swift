import ZoetropeCore

extension UIView {
    /// Mirrors `animate(withDuration:delay:options:animations:completion:)`: the closure runs
    /// now; what it sets on a film's views animates from what is on screen to the new values,
    /// with the options' curve, after `delay`. `.repeat` runs it again from the start each time it
    /// ends (forever, as UIKit; the completion is never called); `.autoreverse` runs it back
    /// after each run, and without `.repeat` the values then jump to the new ones, as UIKit's do.
    /// `.beginFromCurrentState` is how every animation starts here (additively, from what is on
    /// screen).
    public static func animate(withDuration duration: TimeInterval, delay: TimeInterval, options: UIView.AnimationOptions = [],
                               animations: @escaping () -> Void, completion: ((Bool) -> Void)? = nil) {
        let timing = TimingParameters.cubic(CubicTimingParameters(animationCurve: options.curve.curve))
        run(animations, duration: duration, delay: delay, timing: timing, options: options, completion: completion)
    }

    /// Mirrors `animate(withDuration:animations:completion:)`.
    public static func animate(withDuration duration: TimeInterval, animations: @escaping () -> Void,
                               completion: ((Bool) -> Void)? = nil) {
        animate(withDuration: duration, delay: 0, options: [], animations: animations, completion: completion)
    }

    /// Mirrors `animate(withDuration:animations:)`.
    public static func animate(withDuration duration: TimeInterval, animations: @escaping () -> Void) {
        animate(withDuration: duration, delay: 0, options: [], animations: animations, completion: nil)
    }

    /// Mirrors `animate(withDuration:delay:usingSpringWithDamping:initialSpringVelocity:options:animations:completion:)`:
    /// UIKit's spring of that damping ratio settling over `duration`, starting at
    /// `initialSpringVelocity` (the distance to travel per second, as a fraction of it).
    public static func animate(withDuration duration: TimeInterval, delay: TimeInterval, usingSpringWithDamping dampingRatio: CGFloat,
                               initialSpringVelocity velocity: CGFloat, options: UIView.AnimationOptions = [],
                               animations: @escaping () -> Void, completion: ((Bool) -> Void)? = nil) {
        let spring: SpringTimingParameters
        do {
            // As `UISpringTimingParameters(dampingRatio:initialVelocity:)` on an animator of `duration`.
            spring = try SpringTimingParameters(dampingRatio: Double(dampingRatio),
                                                initialVelocity: Vector2(Double(velocity), Double(velocity)))
        } catch {
            fatalError("*** Terminating app due to uncaught exception 'NSInvalidArgumentException', reason: '\(error)'")
        }
        run(animations, duration: duration, delay: delay, timing: .spring(spring), options: options, completion: completion)
    }

    /// Mirrors `performWithoutAnimation(_:)`: what `actionsWithoutAnimation` sets is set at once,
    /// even inside an animations closure.
    public static func performWithoutAnimation(_ actionsWithoutAnimation: () -> Void) {
        _ = AnimationRecording.record(animates: false, actionsWithoutAnimation)
    }

    /// Mirrors `animateKeyframes(withDuration:delay:options:animations:completion:)`: each
    /// `addKeyframe(withRelativeStartTime:relativeDuration:animations:)` in `animations` animates
    /// its values over its share of the duration, as the options' calculation mode says; what
    /// `animations` sets outside a keyframe animates over the whole duration. The whole runs on
    /// ease-in-ease-out unless the options carry another curve's bits, as in UIKit
    /// (`UIView.KeyframeAnimationOptions(rawValue: UIView.AnimationOptions.curveLinear.rawValue)`).
    ///
    /// Inside a property animator's animations closure the keyframes are the animator's, over
    /// its duration (this call's duration and delay give way to the animator's, as a nested
    /// animation's do in UIKit), so scrubbing and reversing the animator move through them: the
    /// seed chapter's keyframe preview.
    public static func animateKeyframes(withDuration duration: TimeInterval, delay: TimeInterval,
                                        options: UIView.KeyframeAnimationOptions = [], animations: @escaping () -> Void,
                                        completion: ((Bool) -> Void)? = nil) {
        let recording = AnimationRecording.record(animations)
        var frames: [(film: Film, frame: Keyframe)] = recording.keyframes
        for (film, assignments) in recording.byFilm {
            frames.insert((film, Keyframe(relativeStartTime: 0, relativeDuration: 1, assignments: assignments)), at: 0)
        }
        if let animator = AnimationRecording.current, animator.adoptsKeyframes {
            animator.keyframes += frames
            animator.calculationMode = options.calculationMode
            if let completion { animator.adoptedCompletions.append(completion) }
            return
        }
        guard let film = frames.first?.film ?? Film.running else {
            completion?(true)
            return
        }
        let animator = PropertyAnimator(duration: duration, timingParameters: .cubic(CubicTimingParameters(animationCurve: options.curve.curve)),
                                        stage: film.stage)
        let keyframes = frames.filter { $0.film === film }.map(\.frame)
        perform { () throws(AnimatorCallError) in
            try animator.addKeyframes(keyframes, calculationMode: options.calculationMode)
            if let completion { animator.addCompletion { completion($0 == .end) } }
            try animator.startAnimation(afterDelay: delay)
        }
    }

    /// Mirrors `addKeyframe(withRelativeStartTime:relativeDuration:animations:)`, inside
    /// `animateKeyframes`' closure (UIKit's times: fractions of its duration).
    public static func addKeyframe(withRelativeStartTime frameStartTime: Double, relativeDuration frameDuration: Double,
                                   animations: @escaping () -> Void) {
        guard let outer = AnimationRecording.current else {
            fatalError("*** Terminating app due to uncaught exception 'NSInternalInconsistencyException', reason: 'addKeyframe must be called inside the animations block of animateKeyframes'")
        }
        let recording = AnimationRecording.record(animations)
        for (film, assignments) in recording.byFilm {
            outer.keyframes.append((film, Keyframe(relativeStartTime: frameStartTime, relativeDuration: frameDuration, assignments: assignments)))
        }
    }

    /// Mirrors `transition(with:duration:options:animations:completion:)` for
    /// `.transitionCrossDissolve`: what `animations` changes in `view` is set at once, under a
    /// snapshot of the view as it was, which fades out over `duration` (for opaque content the
    /// very blend UIKit's cross-dissolve shows). The flips and curls are not drawn: their changes
    /// are set at once and the completion called, finished.
    public static func transition(with view: UIView, duration: TimeInterval, options: UIView.AnimationOptions = [],
                                  animations: (() -> Void)?, completion: ((Bool) -> Void)? = nil) {
        guard options.isCrossDissolve, let superview = view.superview, let snapshot = view.snapshotView(afterScreenUpdates: false) else {
            performWithoutAnimation { animations?() }
            completion?(true)
            return
        }
        superview.insertSubview(snapshot, aboveSubview: view)
        performWithoutAnimation { animations?() }
        fadeOut(snapshot, duration: duration, options: options, completion: completion)
    }

    /// Mirrors `transition(from:to:duration:options:completion:)`: `toView` takes `fromView`'s
    /// place in its superview (or, with `.showHideTransitionViews`, `fromView` is hidden and
    /// `toView` shown), under a snapshot of `fromView` that fades out for
    /// `.transitionCrossDissolve`, as `transition(with:)` draws it; flips and curls are set at
    /// once and the completion called, finished.
    public static func transition(from fromView: UIView, to toView: UIView, duration: TimeInterval,
                                  options: UIView.AnimationOptions = [], completion: ((Bool) -> Void)? = nil) {
        guard let superview = fromView.superview else {
            completion?(true)
            return
        }
        let snapshot = options.isCrossDissolve ? fromView.snapshotView(afterScreenUpdates: false) : nil
        performWithoutAnimation {
            if options.contains(.showHideTransitionViews) {
                toView.isHidden = false
                fromView.isHidden = true
            } else {
                superview.insertSubview(toView, aboveSubview: fromView)
                fromView.removeFromSuperview()
            }
        }
        guard let snapshot else {
            completion?(true)
            return
        }
        superview.insertSubview(snapshot, aboveSubview: toView)
        fadeOut(snapshot, duration: duration, options: options, completion: completion)
    }

    /// Fades `snapshot` out on the options' curve, then takes it away and completes.
    private static func fadeOut(_ snapshot: UIView, duration: TimeInterval, options: UIView.AnimationOptions,
                                completion: ((Bool) -> Void)?) {
        animate(withDuration: duration, delay: 0, options: UIView.AnimationOptions(rawValue: options.rawValue & (0xF << 16)),
                animations: { snapshot.alpha = 0 },
                completion: { finished in
                    snapshot.removeFromSuperview()
                    completion?(finished)
                })
    }

    /// Runs `animations` recording what it sets, then animates it on its film.
    private static func run(_ animations: @escaping () -> Void, duration: TimeInterval, delay: TimeInterval, timing: TimingParameters,
                            options: UIView.AnimationOptions, completion: ((Bool) -> Void)?) {
        let recording = AnimationRecording.record(animations)
        guard let (film, assignments) = recording.byFilm.first else {
            // Nothing on a film changed: UIKit calls the completion, finished.
            completion?(true)
            return
        }
        let originals = assignments.compactMap { assignment in
            recording.originals[assignment.target].map { PropertyAssignment(assignment.target, $0) }
        }
        Leg(film: film, duration: duration, timing: timing, forward: assignments, back: originals, options: options,
            completion: completion).start(afterDelay: delay)
    }

    /// One run of a `UIView.animate` animation on its film, and what follows it: the way back of
    /// an autoreversing one, the next run of a repeating one.
    @MainActor
    private struct Leg {
        let film: Film
        let duration: TimeInterval
        let timing: TimingParameters
        let forward: [PropertyAssignment]
        let back: [PropertyAssignment]
        let options: UIView.AnimationOptions
        let completion: ((Bool) -> Void)?

        func start(afterDelay delay: TimeInterval = 0, reversing: Bool = false) {
            let animator = PropertyAnimator(duration: duration, timingParameters: timing, stage: film.stage)
            let autoreverses = options.contains(.autoreverse), repeats = options.contains(.repeat)
            perform { () throws(AnimatorCallError) in
                try animator.addAnimations(reversing ? back : forward)
                if repeats { film.repeatingAnimators.insert(animator.index) }
                animator.addCompletion { position in
                    film.repeatingAnimators.remove(animator.index)
                    guard position == .end else { return completion?(false) ?? () }
                    if autoreverses && !reversing {
                        start(reversing: true)
                    } else if repeats {
                        // The next run starts where the first did.
                        film.stage.set(back)
                        start()
                    } else {
                        if autoreverses { film.stage.set(forward) }  // UIKit's jump to the model values
                        completion?(true)
                    }
                }
                try animator.startAnimation(afterDelay: delay)
            }
        }
    }

    private static func perform(_ body: () throws(AnimatorCallError) -> Void) {
        do {
            try body()
        } catch {
            raiseInconsistency(error)
        }
    }
}

extension UIView.AnimationOptions {
    /// Whether the transition bits (20–23) say `.transitionCrossDissolve`.
    fileprivate var isCrossDissolve: Bool {
        (rawValue >> 20) & 0xF == UIView.AnimationOptions.transitionCrossDissolve.rawValue >> 20
    }
}
