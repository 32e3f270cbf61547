/// Mirrors `UIViewAnimatingState`.
public enum AnimatingState: String, Hashable, Sendable {
    /// Not started, or ended: the animator holds no animations.
    case inactive
    /// Started: running, or paused.
    case active
    /// Stopped with `stopAnimation(false)`, waiting for `finishAnimation(at:)`.
    case stopped
}

/// The state of one property animator at an instant, as a value.
///
/// Its clock is analytic: while running, the forward fraction at time t is
/// `anchorFraction + (t − anchorTime)/duration`, so any instant can be read without stepping
/// through the ones before it.
public struct AnimatorState: Hashable, Sendable {
    /// Mirrors `UIViewPropertyAnimator.state`.
    public private(set) var state = AnimatingState.inactive
    /// Mirrors `isRunning`: true only while active and advancing (including a start delay).
    public private(set) var isRunning = false
    /// Mirrors `isReversed`.
    public private(set) var isReversed = false
    /// The timing in force, bound to its duration.
    public private(set) var timing: ResolvedTiming
    /// The time from which the clock advances (the start time plus any delay).
    public private(set) var anchorTime = 0.0
    /// The forward fraction at `anchorTime`.
    public private(set) var anchorFraction = 0.0

    /// An inactive animator with the timing of `definition`.
    public init(definition: AnimatorDefinition) {
        timing = definition.timing.resolved(animatorDuration: definition.duration)
    }

    /// The fraction of the forward animation shown at `time`: 0 before the start (and during a
    /// delay), 1 at the end.
    public func forwardFraction(at time: Double) -> Double {
        guard state == .active else { return 0 }
        guard isRunning, time > anchorTime else { return anchorFraction }
        let elapsed = (time - anchorTime) / timing.duration
        return min(max(isReversed ? anchorFraction - elapsed : anchorFraction + elapsed, 0), 1)
    }

    /// Mirrors `fractionComplete`: the time fraction in the current direction (1 − forward
    /// fraction after a reversal, as UIKit reads since iOS 11); 0 while inactive.
    public func fractionComplete(at time: Double) -> Double {
        guard state != .inactive else { return 0 }
        let forward = forwardFraction(at: time)
        return isReversed ? 1 - forward : forward
    }

    /// When a running animator reaches its end in the current direction; nil otherwise.
    public var naturalEndTime: Double? {
        guard state == .active, isRunning else { return nil }
        let remaining = isReversed ? anchorFraction : 1 - anchorFraction
        return anchorTime + remaining * timing.duration
    }

    /// Mirrors `startAnimation(afterDelay:)` on an inactive animator: running from fraction 0.
    ///
    /// Returns false (and changes nothing) for a call UIKit ignores: starting a running animator.
    /// Throws for the calls UIKit forbids.
    public mutating func start(at time: Double, delay: Double) throws(AnimatorCallError) {
        switch state {
        case .inactive:
            state = .active
            isRunning = true
            anchorTime = time + delay
            anchorFraction = isReversed ? 1 : 0
        case .active where isRunning:
            return
        case .active:
            throw AnimatorCallError(call: "start", state: "active and paused",
                                    legal: "resuming a paused animator is part of the full control model, not yet supported")
        case .stopped:
            throw AnimatorCallError(call: "start", state: "stopped",
                                    legal: "finish a stopped animator before starting it again")
        }
    }

    /// The animator has ended (naturally or by finishing): inactive, reset as UIKit resets it.
    public mutating func becomeInactive(definition: AnimatorDefinition) {
        self = AnimatorState(definition: definition)
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

    public init(call: String, state: String, legal: String) {
        self.call = call
        self.state = state
        self.legal = legal
    }

    public var description: String { "the animator is \(state); \(legal)" }
}
