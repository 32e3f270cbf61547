/// Where a target driven by a timeline sits on that timeline's axis (SPEC §3.5).
///
/// A child placed at s of a timeline whose time runs k times as fast as the root's has local
/// time clamp(k·(p − s), 0, length) at root playhead p. Nesting composes: a child of a child
/// is again one affine map of p, clamped to the child's own length, because a child's span lies
/// within its parent's, until a nested timeline has a timing curve of its own: its playhead is
/// its local time eased by that curve (fraction = local / length, playhead = eased · length),
/// and its children read that playhead. Such a timeline is a `Warp` on its children's way down.
///
///     root playhead p:  0 ────────── s ═════════════ s + length/k ─────────── T
///     child's own time:   0 (shows its start)   0 → length     length (shows its end)
package struct TimelineSpan: Hashable, Sendable {
    /// A nested timeline with its own timing curve, between the root and a target: its span on
    /// its parent's (eased) axis, and the curve its playhead moves on.
    struct Warp: Hashable, Sendable {
        var start: Double
        var scale: Double
        var length: Double
        var curve: CubicTimingParameters

        /// Its playhead at `time` of its parent's axis: its local time, eased.
        func playhead(at time: Double) -> Double {
            let local = min(max(scale * (time - start), 0), length)
            guard length > 0 else { return local }
            return length * min(max(curve.progress(atFraction: local / length), 0), 1)
        }

        /// The time of its parent's axis at which its playhead first reaches `playhead`.
        func parentTime(reaching playhead: Double) -> Double {
            guard length > 0 else { return start }
            return start + curve.fraction(forProgress: min(max(playhead / length, 0), 1)) * length / scale
        }
    }

    /// The root playhead (seconds of the root's own time) at which the target's own time is 0.
    package var start: Double
    /// The target's seconds per root second: the product of the time scales on the way down.
    package var scale: Double
    /// The target's length in its own seconds (an animator's duration, a timeline's length).
    package var length: Double
    /// The root playhead at which the target's own time reaches its length.
    package var end: Double
    /// The curve the target's own playhead moves on (a nested timeline's `timing`; linear for
    /// an animator, whose blocks apply its own timing).
    package var timing: CubicTimingParameters
    /// The nested timelines with a timing curve between the root and the target, outermost first.
    var warps: [Warp] = []
    /// The target's start and scale on the innermost warp's axis (the root's when there is none).
    var inner: (start: Double, scale: Double) {
        get { (innerStart, innerScale) }
        set { (innerStart, innerScale) = newValue }
    }
    private var innerStart: Double
    private var innerScale: Double

    package init(start: Double, scale: Double = 1, length: Double, timing: CubicTimingParameters = .linear) {
        self.start = start
        self.scale = scale
        self.length = length
        self.timing = timing
        end = start + length / scale
        innerStart = start
        innerScale = scale
    }

    /// The root playhead at which the target's own time is `localTime` (the earliest, through
    /// the warps' curves).
    package func playhead(atLocalTime localTime: Double) -> Double {
        guard !warps.isEmpty else { return start + localTime / scale }
        var time = innerStart + localTime / innerScale
        for warp in warps.reversed() { time = warp.parentTime(reaching: time) }
        return time
    }

    /// The target's own time at root playhead `playhead`.
    package func localTime(atPlayhead playhead: Double) -> Double {
        guard !warps.isEmpty else { return min(max(scale * (playhead - start), 0), length) }
        var time = playhead
        for warp in warps { time = warp.playhead(at: time) }
        return min(max(innerScale * (time - innerStart), 0), length)
    }

    /// The target's own playhead at root playhead `playhead`: its local time eased by its own
    /// `timing` (the local time itself for a linear one).
    package func ownPlayhead(atPlayhead playhead: Double) -> Double {
        let local = localTime(atPlayhead: playhead)
        guard timing != .linear, length > 0 else { return local }
        return length * min(max(timing.progress(atFraction: local / length), 0), 1)
    }

    /// The target's own time fraction at `playhead` (a target of no length is 0 before its
    /// start and 1 from it on).
    package func fraction(atPlayhead playhead: Double) -> Double {
        length > 0 ? localTime(atPlayhead: playhead) / length : (playhead >= start ? 1 : 0)
    }

    /// The span of a target placed at `start` of this one (in this one's own seconds, read from
    /// its eased playhead), whose own time runs `scale` times as fast as this one's and whose
    /// own playhead moves on `timing`.
    package func child(at start: Double, scale: Double = 1, length: Double, timing: CubicTimingParameters = .linear) -> TimelineSpan {
        var child = TimelineSpan(start: 0, length: length, timing: timing)
        child.warps = warps
        if self.timing == .linear {
            child.inner = (innerStart + start / innerScale, innerScale * scale)
        } else {
            child.warps.append(Warp(start: innerStart, scale: innerScale, length: self.length, curve: self.timing))
            child.inner = (start, scale)
        }
        if child.warps.isEmpty {
            (child.start, child.scale) = child.inner
            child.end = child.start + length / child.scale
        } else {
            child.start = child.playhead(atLocalTime: 0)
            child.end = child.playhead(atLocalTime: length)
            child.scale = child.inner.scale
        }
        return child
    }
}
