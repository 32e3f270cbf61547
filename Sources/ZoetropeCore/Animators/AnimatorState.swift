/// Mirrors `UIViewAnimatingState`.
public enum AnimatingState: String, Hashable, Sendable {
    /// Not started, or ended: the animator holds no running animations.
    case inactive
    /// Started: running, or paused.
    case active
    /// Stopped with `stopAnimation(false)`, waiting for `finishAnimation(at:)`.
    case stopped
}

/// The options of an animator that are not its animations: SPEC §3.2's flags.
public struct AnimatorOptions: Hashable, Sendable {
    /// Mirrors `scrubsLinearly` (default true): while paused the shown progress is the fraction.
    public var scrubsLinearly = true
    /// Mirrors `pausesOnCompletion` (default false): stay active and paused at the end.
    public var pausesOnCompletion = false
    /// Mirrors `isInterruptible` (default true): when false, pause, stop, continue and reversal
    /// are errors.
    public var isInterruptible = true

    public init(scrubsLinearly: Bool = true, pausesOnCompletion: Bool = false, isInterruptible: Bool = true) {
        self.scrubsLinearly = scrubsLinearly
        self.pausesOnCompletion = pausesOnCompletion
        self.isInterruptible = isInterruptible
    }
}

/// The state of one property animator at an instant, as a value: SPEC §3.2's table.
///
/// The clock is analytic. While running, the forward fraction (0 at the start values, 1 at the
/// targets) at time t is `anchorFraction ± (t − anchorTime)/span`, so any instant can be read
/// without stepping through the ones before it. Transitions that the animations must follow
/// (running the blocks, baking the presentation into the model, restarting a spring) are
/// returned as an `Effect` for the owner of the animations to apply.
public struct AnimatorState: Hashable, Sendable {
    /// What the animations must do after a transition.
    public enum Effect: Hashable, Sendable {
        case none
        /// Run the pending blocks now (start or pause from inactive).
        case runBlocks
        /// Write the presentation into the model and drop the animations; `keepForFinish` keeps
        /// their targets and initial values for `finishAnimation(at:)`.
        case bake(keepForFinish: Bool)
        /// Set the model to the kept targets (`end`), initial values (`start`) or leave it
        /// (`current`), then run the completions with that position.
        case finish(AnimatingPosition)
        /// Every animation restarts from its current presented value (a spring resumed or
        /// continued): the new `from` is what is on screen, heading to the target in the current
        /// direction. The animations keep what they were, for a reversal back through this point.
        case rebase
    }

    /// What reaching an end in the current direction did.
    public enum Arrival: Hashable, Sendable {
        /// The animator completed at this position.
        case completed(AnimatingPosition)
        /// `pausesOnCompletion` holds it active and paused where it arrived.
        case held
        /// It ran back through the point where a spring resumed, and goes on along the path it
        /// took before that resume: the animations take up what they were before the rebase.
        case rejoined
    }

    /// The path an animator ran before a spring resume rebased it: what a reversal through the
    /// resume point runs along.
    struct Segment: Hashable, Sendable {
        var timing: ResolvedTiming
        /// The forward fraction of that path at the resume point.
        var fraction: Double
        var span: Double
        /// The fraction of the new path at which the old one joins it: 0 after a forward
        /// resume (the new spring starts at the resume point), 1 after a reversed one.
        var joinsAt: Double
    }

    /// How a paused animator shows its fraction.
    enum PausedDisplay: Hashable, Sendable {
        /// progress = the fraction (linear scrub, or a scrubbed spring).
        case linear
        /// progress = curve(fraction) (running, paused without linear scrubbing, or a paused
        /// spring showing its exact presentation).
        case curve
    }

    /// Mirrors `UIViewPropertyAnimator.state`.
    public private(set) var state = AnimatingState.inactive
    /// Mirrors `isRunning`: true only while active and advancing (including a start delay).
    public private(set) var isRunning = false
    /// Mirrors `isReversed`.
    public private(set) var isReversed = false
    public var options: AnimatorOptions
    /// The timing in force, bound to its duration (a `continue` may replace it).
    public private(set) var timing: ResolvedTiming
    /// The time from which the clock advances (a start time plus any delay).
    public private(set) var anchorTime = 0.0
    /// The forward fraction at `anchorTime`.
    public private(set) var anchorFraction = 0.0
    /// Seconds per unit of fraction while running.
    public private(set) var span: Double
    /// How fast its time runs against the scene's: 1 for an animator, a timeline's timeScale
    /// for its playhead (2 halves every duration).
    public let rate: Double
    var display = PausedDisplay.curve
    /// A pan in progress: while paused, the forward fraction moves linearly from `from` to `to`
    /// over [start, start + duration], as the finger drags it.
    struct Ramp: Hashable, Sendable {
        var start: Double, duration: Double, from: Double, to: Double
    }
    var ramp: Ramp?
    /// The paths before each spring resume, innermost last.
    var resumedFrom: [Segment] = []
    /// The declared timing and duration, restored when the animator becomes inactive.
    public let declaredTiming: TimingParameters
    public let declaredDuration: Double

    public init(timing: TimingParameters, duration: Double, options: AnimatorOptions = AnimatorOptions(), rate: Double = 1) {
        declaredTiming = timing
        declaredDuration = duration
        self.options = options
        self.rate = rate > 0 && rate.isFinite ? rate : 1
        self.timing = timing.resolved(animatorDuration: duration)
        span = self.timing.duration / self.rate
    }

    /// An inactive animator as `definition` declares it.
    public init(definition: AnimatorDefinition) {
        self.init(timing: definition.timing, duration: definition.duration, options: definition.options)
    }

    // MARK: - Reading the clock

    /// The fraction of the forward animation shown at `time`: 0 at the start values, 1 at the
    /// targets, whatever the direction; 0 while inactive or during a start delay.
    public func forwardFraction(at time: Double) -> Double {
        guard state == .active else { return 0 }
        if !isRunning, let ramp {
            let share = ramp.duration > 0 ? min(max((time - ramp.start) / ramp.duration, 0), 1) : 1
            return ramp.from + (ramp.to - ramp.from) * share
        }
        guard isRunning, time > anchorTime else { return anchorFraction }
        let elapsed = (time - anchorTime) / span
        return min(max(isReversed ? anchorFraction - elapsed : anchorFraction + elapsed, 0), 1)
    }

    /// The progress of a block with `delayFactor` at `time`, per component.
    public func progress(at time: Double, delayFactor: Double = 0) -> Vector2 {
        let local = Self.local(forwardFraction(at: time), delayFactor)
        if state == .active, !isRunning, display == .linear { return Vector2(local, local) }
        return timing.progress(atFraction: local)
    }

    /// Mirrors `fractionComplete`: the fraction in the current direction (1 − the forward
    /// fraction after a reversal, as UIKit reads since iOS 11); 0 while inactive. A paused spring
    /// that has not been scrubbed reads its displacement fraction, 1 − |1 − progress|, clamped.
    public func fractionComplete(at time: Double) -> Double {
        guard state == .active else { return 0 }
        var forward = forwardFraction(at: time)
        if !isRunning, display == .curve, timing.isSpring {
            let p = timing.progress(atFraction: forward)
            forward = min(max(min(1 - abs(1 - p.x), 1 - abs(1 - p.y)), 0), 1)
        }
        return isReversed ? 1 - forward : forward
    }

    /// When a running animator reaches its end in the current direction; nil otherwise.
    public var naturalEndTime: Double? {
        guard state == .active, isRunning else { return nil }
        let remaining = isReversed ? anchorFraction : 1 - anchorFraction
        return anchorTime + remaining * span
    }

    /// A block's own fraction: the animator's fraction mapped from [delayFactor, 1] to [0, 1].
    static func local(_ fraction: Double, _ delayFactor: Double) -> Double {
        guard delayFactor > 0 else { return fraction }
        guard delayFactor < 1 else { return fraction >= 1 ? 1 : 0 }
        return min(max((fraction - delayFactor) / (1 - delayFactor), 0), 1)
    }

    /// Messages name the public state, as SPEC §3.6's example does; the remedy says whether
    /// running or paused mattered.
    private func illegal(_ call: String, _ legal: String) -> AnimatorCallError {
        AnimatorCallError(call: call, state: state.rawValue, legal: legal)
    }

    private func requireInterruptible(_ call: String) throws(AnimatorCallError) {
        guard options.isInterruptible else {
            throw AnimatorCallError(call: call, state: "not interruptible",
                                    legal: "\(call) needs isInterruptible: true (a non-interruptible animator runs to its end)")
        }
    }

    // MARK: - Calls

    /// Mirrors `startAnimation()` and `startAnimation(afterDelay:)`.
    public mutating func start(at time: Double, delay: Double = 0) throws(AnimatorCallError) -> Effect {
        settleRamp(at: time)
        guard delay >= 0, delay.isFinite else {
            throw illegal("start", "the delay must be a finite number >= 0 (found \(delay))")
        }
        switch state {
        case .inactive:
            state = .active
            isRunning = true
            display = .curve
            span = timing.duration / rate
            anchorTime = time + delay
            anchorFraction = isReversed ? 1 : 0
            return .runBlocks
        case .active where isRunning:
            return .none
        case .active:
            guard delay == 0 else {
                throw illegal("start", "a paused animator cannot be started with a delay (start it without one, or continue it)")
            }
            return try resume(at: time, timing: nil, durationFactor: 0, call: "start")
        case .stopped:
            throw illegal("start", "a stopped animator must be finished (finish with a position) before it can start again")
        }
    }

    /// Mirrors `pauseAnimation()`.
    public mutating func pause(at time: Double) throws(AnimatorCallError) -> Effect {
        settleRamp(at: time)
        switch state {
        case .inactive:
            try requireInterruptible("pause")
            state = .active
            isRunning = false
            anchorFraction = isReversed ? 1 : 0
            display = options.scrubsLinearly ? .linear : .curve
            if timing.isSpring { display = .curve }
            return .runBlocks
        case .active where isRunning:
            try requireInterruptible("pause")
            let fraction = forwardFraction(at: time)
            isRunning = false
            switch timing {
            case .cubic(let curve, _) where options.scrubsLinearly:
                // Nothing jumps: the fraction becomes the progress, shown linearly from now on.
                anchorFraction = curve.progress(atFraction: fraction)
                display = .linear
            default:
                // Without linear scrubbing, and for springs, the exact presentation stays.
                anchorFraction = fraction
                display = .curve
            }
            anchorTime = time
            return .none
        case .active:
            return .none
        case .stopped:
            throw illegal("pause", "a stopped animator can only be finished")
        }
    }

    /// Mirrors `stopAnimation(_:)`.
    public mutating func stop(withoutFinishing: Bool) throws(AnimatorCallError) -> Effect {
        switch state {
        case .inactive:
            return .none
        case .active:
            try requireInterruptible("stop")
            self = AnimatorState(timing: declaredTiming, duration: declaredDuration, options: options, rate: rate)
            if !withoutFinishing { state = .stopped }
            return .bake(keepForFinish: !withoutFinishing)
        case .stopped:
            throw illegal("stop", "the animator is already stopped; finish it with a position")
        }
    }

    /// Mirrors `finishAnimation(at:)`.
    public mutating func finish(at position: AnimatingPosition) throws(AnimatorCallError) -> Effect {
        guard state == .stopped else {
            throw illegal("finish", "finish needs a stopped animator (stop it with withoutFinishing: false first)")
        }
        state = .inactive
        return .finish(position)
    }

    /// Mirrors setting `fractionComplete` (`value` in the current direction, clamped to 0...1).
    public mutating func setFraction(_ value: Double, at time: Double) throws(AnimatorCallError) -> Effect {
        settleRamp(at: time)
        guard value.isFinite else { throw illegal("fraction", "the fraction must be a finite number (found \(value))") }
        var effect = Effect.none
        switch state {
        case .inactive:
            effect = try pause(at: time)
        case .active where isRunning:
            throw illegal("fraction", "setting the fraction needs a paused animator, and this one is running (pause it first)")
        case .active:
            break
        case .stopped:
            throw illegal("fraction", "a stopped animator can only be finished")
        }
        let clamped = min(max(value, 0), 1)
        anchorFraction = isReversed ? 1 - clamped : clamped
        anchorTime = time
        display = timing.isSpring || options.scrubsLinearly ? .linear : .curve
        return effect
    }

    /// Mirrors setting `isReversed` (nil toggles it).
    public mutating func setReversed(_ value: Bool?, at time: Double) throws(AnimatorCallError) {
        settleRamp(at: time)
        let reversed = value ?? !isReversed
        switch state {
        case .inactive:
            isReversed = reversed
        case .active:
            guard reversed != isReversed else { return }
            try requireInterruptible("reverse")
            if isRunning {
                // Turn back along the same curve: the remaining time is the time elapsed.
                anchorFraction = forwardFraction(at: max(time, anchorTime))
                anchorTime = max(time, anchorTime)
            }
            isReversed = reversed
        case .stopped:
            throw illegal("reverse", "a stopped animator can only be finished")
        }
    }

    /// Mirrors `continueAnimation(withTimingParameters:durationFactor:)`.
    public mutating func continueAnimation(at time: Double, timing newTiming: TimingParameters?,
                                           durationFactor: Double) throws(AnimatorCallError) -> Effect {
        settleRamp(at: time)
        guard durationFactor >= 0, durationFactor.isFinite else {
            throw illegal("continue", "durationFactor must be a finite number >= 0 (found \(durationFactor))")
        }
        guard state == .active, !isRunning else {
            throw illegal("continue", "continue needs a paused animator (pause it first; an inactive one must be started)")
        }
        try requireInterruptible("continue")
        return try resume(at: time, timing: newTiming, durationFactor: durationFactor, call: "continue")
    }

    /// A pan: pause where the animator is (as `pause` would, or run its blocks paused if it is
    /// inactive), then let the fraction (in the current direction) follow the finger linearly to
    /// `to`, or by `by` from where it was caught, over `duration`. It stays paused.
    public mutating func pan(at time: Double, to target: Double?, by offset: Double?,
                             duration: Double) throws(AnimatorCallError) -> Effect {
        guard duration >= 0, duration.isFinite else { throw illegal("pan", "the duration must be a finite number >= 0") }
        let effect: Effect
        switch state {
        case .stopped:
            throw illegal("pan", "a stopped animator can only be finished")
        case .active where !isRunning:
            settleRamp(at: time)
            effect = .none
        default:
            effect = try pause(at: time)
        }
        let caught = isReversed ? 1 - anchorFraction : anchorFraction
        let destination = min(max(target ?? caught + (offset ?? 0), 0), 1)
        display = timing.isSpring || options.scrubsLinearly ? .linear : .curve
        ramp = Ramp(start: time, duration: duration, from: anchorFraction,
                    to: isReversed ? 1 - destination : destination)
        return effect
    }

    /// Ends a pan in progress: the fraction stays where the finger left it.
    mutating func settleRamp(at time: Double) {
        guard ramp != nil else { return }
        anchorFraction = forwardFraction(at: time)
        anchorTime = time
        ramp = nil
    }

    /// Starts with a spring's initial velocity replaced (a release after a drag); cubic timing
    /// has no initial velocity and starts as usual.
    public mutating func start(at time: Double, initialVelocity: Vector2) throws(AnimatorCallError) -> Effect {
        let effect = try start(at: time, delay: 0)
        if effect == .runBlocks, case .spring(let spring) = declaredTiming {
            timing = TimingParameters.spring(spring.withInitialVelocity(initialVelocity)).resolved(animatorDuration: declaredDuration)
            span = timing.duration / rate
        }
        return effect
    }

    /// What `addAnimations` does now: store the block for the start, or run it over the animator's
    /// fractions [τ + f·(1 − τ), 1] from the current fraction τ: its delay is f × the remaining
    /// duration, counted from the add (Apple's parameter text).
    public enum AddPlan: Hashable, Sendable {
        case store
        case runNow(delayFactor: Double)
    }

    /// Mirrors `addAnimations(_:delayFactor:)`.
    public func addAnimations(delayFactor: Double, at time: Double) throws(AnimatorCallError) -> AddPlan {
        guard (0...1).contains(delayFactor) else {
            throw illegal("addAnimations", "delayFactor must be within 0...1 (found \(delayFactor))")
        }
        switch state {
        case .inactive: return .store
        case .active:
            let now = forwardFraction(at: time)
            return .runNow(delayFactor: now + delayFactor * (1 - now))
        case .stopped: throw illegal("addAnimations", "a stopped animator cannot take new animations; finish it first")
        }
    }

    /// A running animator reached its end in the current direction: it completes there, holds
    /// there (`pausesOnCompletion`, at either end), or runs on along the path it took before a
    /// spring resume.
    public mutating func reachEnd(at time: Double) -> Arrival {
        let arrivedAt: Double = isReversed ? 0 : 1
        if let previous = resumedFrom.last, previous.joinsAt == arrivedAt {
            resumedFrom.removeLast()
            timing = previous.timing
            span = previous.span
            anchorFraction = previous.fraction
            anchorTime = time
            display = .curve
            return .rejoined
        }
        if options.pausesOnCompletion {
            anchorFraction = arrivedAt
            anchorTime = time
            isRunning = false
            display = .curve
            return .held
        }
        let position: AnimatingPosition = isReversed ? .start : .end
        becomeInactive()
        return .completed(position)
    }

    /// Inactive again, reset as UIKit resets a finished animator (timing restored, not reversed).
    public mutating func becomeInactive() {
        self = AnimatorState(timing: declaredTiming, duration: declaredDuration, options: options, rate: rate)
    }

    /// Resumes a paused animator (SPEC §3.2): a cubic continues from the fraction at which the
    /// new curve reaches the progress on screen; a spring restarts from the presentation.
    private mutating func resume(at time: Double, timing newTiming: TimingParameters?, durationFactor k: Double,
                                 call: String) throws(AnimatorCallError) -> Effect {
        let shown = progress(at: time).x
        let resumePoint = Segment(timing: display == .linear ? .cubic(.linear, duration: timing.duration) : timing,
                                  fraction: forwardFraction(at: time), span: span, joinsAt: isReversed ? 1 : 0)
        var springInvolved = timing.isSpring
        if case .spring? = newTiming { springInvolved = true }
        isRunning = true
        anchorTime = time
        display = .curve
        if springInvolved {
            let spring: SpringTimingParameters
            if case .spring(let given)? = newTiming {
                spring = given
            } else if case .spring(let current) = declaredTiming {
                spring = current.withInitialVelocity(.zero)
            } else {
                throw illegal(call, "a spring animator can only continue with spring timing")
            }
            let duration = k > 0 ? k * declaredDuration : declaredDuration
            let resolved = TimingParameters.spring(spring).resolved(animatorDuration: duration)
            span = resolved.duration / rate
            // The animations restart from what is on screen toward the targets (or, reversed,
            // toward the start values along the mirrored spring, from fraction 1 down to 0).
            timing = isReversed ? .mirrored(resolved) : resolved
            anchorFraction = isReversed ? 1 : 0
            resumedFrom.append(resumePoint)
            return .rebase
        }
        let curve: CubicTimingParameters
        switch (newTiming, timing) {
        case (.cubic(let given)?, _): curve = given
        case (nil, .cubic(let current, _)): curve = current
        default: curve = .linear
        }
        let fraction = curve.fraction(forProgress: shown)
        let remainingFraction = isReversed ? fraction : 1 - fraction
        let duration = timing.duration
        let remaining = (k > 0 ? k * declaredDuration : remainingFraction * duration) / rate
        timing = .cubic(curve, duration: duration)
        anchorFraction = fraction
        span = remainingFraction > 0 ? remaining / remainingFraction : duration / rate
        if isReversed { anchorFraction = min(anchorFraction, 1) }
        return .none
    }
}

/// A call that is illegal in the animator's current state; the message says what was legal.
public struct AnimatorCallError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The call as a script writes it: `start`, `pause`, `finish`, …
    public var call: String
    /// The state the animator was in, in words.
    public var state: String
    /// What would have been legal instead.
    public var legal: String
    /// What was called: `animator`, `group` or `timeline`.
    public var subject: String
    /// Said instead of "the animator is <state>" when the state is not the reason (a child
    /// driven by an active timeline).
    public var reason: String?

    public init(call: String, state: String, legal: String, subject: String = "animator", reason: String? = nil) {
        self.call = call
        self.state = state
        self.legal = legal
        self.subject = subject
        self.reason = reason
    }

    public var description: String { "\(reason ?? "the \(subject) is \(state)"); \(legal)" }
}
