/// Mirrors `CAMediaTimingFillMode`: what a timed object shows outside its active span.
public enum FillMode: String, Hashable, Sendable, CaseIterable {
    /// Nothing: the model value shows before and after (Core Animation's default).
    case removed
    /// The first value is held from when the object is added until it begins.
    case backwards
    /// The last value is held after the active span ends.
    case forwards
    /// Both.
    case both

    var holdsBefore: Bool { self == .backwards || self == .both }
    var holdsAfter: Bool { self == .forwards || self == .both }
}

/// Mirrors the `CAMediaTiming` protocol: a layer's or an animation's clock, read from its
/// parent's (SPEC §9).
///
/// - Local time: t = (tp − beginTime) · speed + timeOffset.
/// - Active duration A: `repeatDuration` if set (> 0), else duration · max(repeatCount, 1 when
///   0) · (2 if autoreverses); `repeatCount` may be fractional or `.infinity`.
/// - Within 0 ≤ t < A the phase u = t mod P (P = duration, doubled when autoreversing), mirrored
///   on the way back; at t ≥ A the state reached as t approaches A from below.
/// - Outside, `fillMode` decides (`phase(atLocal:)` returns nil where nothing shows).
///
/// ```swift
/// var timing = MediaTiming(duration: 2)
/// timing.repeatCount = 1.5
/// timing.autoreverses = true
/// timing.phase(atLocal: 2.5)   // (time: 1.5, iteration: 1, reversed: true): back from the end
/// ```
public struct MediaTiming: Hashable, Sendable {
    /// In the parent's time. For an animation added with 0, the layer's time when it is added.
    public var beginTime: Double
    /// One pass, in local seconds; 0 means Core Animation's default (0.25 s for an animation;
    /// for a layer, time without end: `MediaTiming.layer`).
    public var duration: Double
    /// How fast local time runs against the parent's; 0 freezes it (a paused layer), negative
    /// runs it backwards.
    public var speed: Double
    /// Added to local time: where in its own time the object is when its parent reaches `beginTime`.
    public var timeOffset: Double
    /// How many passes (fractional plays part of the last; `.infinity` forever); 0 is one.
    public var repeatCount: Double
    /// The active span in local seconds, overriding `repeatCount` when > 0.
    public var repeatDuration: Double
    /// Each pass is played forward, then back.
    public var autoreverses: Bool
    public var fillMode: FillMode

    /// Core Animation's default for an animation (`duration` 0 stands for 0.25 s).
    public init(beginTime: Double = 0, duration: Double = 0, speed: Double = 1, timeOffset: Double = 0, repeatCount: Double = 0,
                repeatDuration: Double = 0, autoreverses: Bool = false, fillMode: FillMode = .removed) {
        self.beginTime = beginTime
        self.duration = duration
        self.speed = speed
        self.timeOffset = timeOffset
        self.repeatCount = repeatCount
        self.repeatDuration = repeatDuration
        self.autoreverses = autoreverses
        self.fillMode = fillMode
    }

    /// A layer's timing at rest: its time is its parent's.
    public static let layer = MediaTiming()

    /// Core Animation's duration when none is set (`CATransaction.animationDuration()`).
    public static let defaultDuration = 0.25

    /// The duration in force: `duration`, or 0.25 s for 0.
    public var effectiveDuration: Double { duration > 0 ? duration : Self.defaultDuration }

    /// Whether only `beginTime`, `speed` and `timeOffset` are set: local time is an affine
    /// function of the parent's, without end (a layer's usual timing).
    public var isAffine: Bool {
        duration == 0 && repeatCount == 0 && repeatDuration == 0 && !autoreverses
    }

    /// t = (tp − beginTime) · speed + timeOffset.
    public func localTime(fromParent parentTime: Double) -> Double {
        (parentTime - beginTime) * speed + timeOffset
    }

    /// The parent time at which local time is `local` (nil when speed is 0: it never moves).
    public func parentTime(ofLocal local: Double) -> Double? {
        speed == 0 ? nil : (local - timeOffset) / speed + beginTime
    }

    /// The active duration A in local seconds (`.infinity` for an endless repeat).
    public var activeDuration: Double {
        if repeatDuration > 0 { return repeatDuration }
        let passes = repeatCount > 0 ? repeatCount : 1
        return effectiveDuration * passes * (autoreverses ? 2 : 1)
    }

    /// Where in a pass a local time falls.
    public struct Phase: Hashable, Sendable {
        /// Seconds into the pass, 0…duration (before the timing function).
        public var time: Double
        /// How many whole passes (a forward and back counting as one when autoreversing) came before.
        public var iteration: Int
        /// On the way back of an autoreversing pass.
        public var reversed: Bool
    }

    /// The phase at local time `t`, or nil where the object shows nothing: before 0 without a
    /// backwards fill, at or after the active duration without a forwards fill.
    public func phase(atLocal t: Double) -> Phase? {
        let d = effectiveDuration, period = d * (autoreverses ? 2 : 1)
        let active = activeDuration
        if t < 0 {
            return fillMode.holdsBefore ? Phase(time: 0, iteration: 0, reversed: false) : nil
        }
        if t >= active {
            guard fillMode.holdsAfter, active.isFinite else { return nil }
            return end(at: active, period: period, duration: d)
        }
        let iteration = (t / period).rounded(.down)
        var u = t - iteration * period
        var reversed = false
        if autoreverses && u > d {
            u = period - u
            reversed = true
        }
        return Phase(time: min(max(u, 0), d), iteration: Int(saturating: iteration), reversed: reversed)
    }

    /// The state reached as local time approaches `active` from below: a forward pass ends at
    /// the duration, a reverse pass at 0; a fractional count stops within a pass.
    private func end(at active: Double, period: Double, duration d: Double) -> Phase {
        let passes = active / period
        let whole = passes.rounded(.down)
        if passes == whole && whole > 0 {
            // Exactly at the end of a pass: its last state.
            return Phase(time: autoreverses ? 0 : d, iteration: Int(saturating: whole - 1), reversed: autoreverses)
        }
        var u = active - whole * period
        var reversed = false
        if autoreverses && u > d {
            u = period - u
            reversed = true
        }
        return Phase(time: min(max(u, 0), d), iteration: Int(saturating: whole), reversed: reversed)
    }
}
