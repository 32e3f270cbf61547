/// The clock of a group: its own animator-like state (SPEC §3.2's calls, with the time
/// fraction p / T and the group's cubic timing), read as a playhead p, a position on the group's
/// own time axis (its timeline) in seconds.
public struct Playhead: Hashable, Sendable {
    /// The group's own state; its time fraction is playhead / length.
    public var clock: AnimatorState
    /// T: the end of the last child, in the group's own seconds.
    public let length: Double
    /// How fast its own time runs against the scene's (a group's `timeScale`).
    public let timeScale: Double
    /// The descendants (indices into `ControlGraph.descendants`) whose completion the running
    /// playhead has still to cross in its current direction, the next one last. Empty unless running.
    var due: [Int] = []

    public init(definition: GroupDefinition, length: Double) {
        self.length = length
        timeScale = definition.timeScale
        clock = AnimatorState(timing: .cubic(definition.timing), duration: length, options: definition.options, rate: definition.timeScale)
    }

    /// The playhead at `time`, in the group's own seconds: 0 while inactive.
    public func position(at time: Double) -> Double {
        guard clock.state == .active else { return 0 }
        return length * min(max(clock.progress(at: time).x, 0), 1)
    }

    /// When the running playhead reaches `position` in its current direction (now if it is
    /// already there, never later than its own end); nil unless running.
    func time(reaching position: Double, from now: Double) -> Double? {
        guard let end = clock.naturalEndTime else { return nil }
        guard length > 0 else { return max(now, clock.anchorTime) }
        let curve: CubicTimingParameters
        if case .cubic(let given, _) = clock.timing { curve = given } else { curve = .linear }
        let fraction = curve.fraction(forProgress: min(max(position / length, 0), 1))
        let travelled = clock.isReversed ? clock.anchorFraction - fraction : fraction - clock.anchorFraction
        return min(max(clock.anchorTime + travelled * clock.span, now), end)
    }
}
