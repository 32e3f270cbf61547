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
public struct TimelineSpan: Hashable, Sendable {
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
    public var start: Double
    /// The target's seconds per root second: the product of the time scales on the way down.
    public var scale: Double
    /// The target's length in its own seconds (an animator's duration, a timeline's length).
    public var length: Double
    /// The root playhead at which the target's own time reaches its length.
    public var end: Double
    /// The curve the target's own playhead moves on (a nested timeline's `timing`; linear for
    /// an animator, whose blocks apply its own timing).
    public var timing: CubicTimingParameters
    /// The nested timelines with a timing curve between the root and the target, outermost first.
    var warps: [Warp] = []
    /// The target's start and scale on the innermost warp's axis (the root's when there is none).
    var inner: (start: Double, scale: Double) {
        get { (innerStart, innerScale) }
        set { (innerStart, innerScale) = newValue }
    }
    private var innerStart: Double
    private var innerScale: Double

    public init(start: Double, scale: Double = 1, length: Double, timing: CubicTimingParameters = .linear) {
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
    public func playhead(atLocalTime localTime: Double) -> Double {
        guard !warps.isEmpty else { return start + localTime / scale }
        var time = innerStart + localTime / innerScale
        for warp in warps.reversed() { time = warp.parentTime(reaching: time) }
        return time
    }

    /// The target's own time at root playhead `playhead`.
    public func localTime(atPlayhead playhead: Double) -> Double {
        guard !warps.isEmpty else { return min(max(scale * (playhead - start), 0), length) }
        var time = playhead
        for warp in warps { time = warp.playhead(at: time) }
        return min(max(innerScale * (time - innerStart), 0), length)
    }

    /// The target's own playhead at root playhead `playhead`: its local time eased by its own
    /// `timing` (the local time itself for a linear one).
    public func ownPlayhead(atPlayhead playhead: Double) -> Double {
        let local = localTime(atPlayhead: playhead)
        guard timing != .linear, length > 0 else { return local }
        return length * min(max(timing.progress(atFraction: local / length), 0), 1)
    }

    /// The target's own time fraction at `playhead` (a target of no length is 0 before its
    /// start and 1 from it on).
    public func fraction(atPlayhead playhead: Double) -> Double {
        length > 0 ? localTime(atPlayhead: playhead) / length : (playhead >= start ? 1 : 0)
    }

    /// The span of a target placed at `start` of this one (in this one's own seconds, read from
    /// its eased playhead), whose own time runs `scale` times as fast as this one's and whose
    /// own playhead moves on `timing`.
    public func child(at start: Double, scale: Double = 1, length: Double, timing: CubicTimingParameters = .linear) -> TimelineSpan {
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

/// The clock of a timeline or group: its own animator-like state (SPEC §3.2's calls, with the
/// time fraction p / T and the timeline's cubic timing), read as a playhead p in its own seconds.
public struct Playhead: Hashable, Sendable {
    /// The timeline's own state; its time fraction is playhead / length.
    public var clock: AnimatorState
    /// T: the end of the last child, in the timeline's own seconds.
    public let length: Double
    /// How fast its own time runs against the scene's (a timeline's `timeScale`).
    public let timeScale: Double
    /// The descendants (indices into `ControlGraph.descendants`) whose completion the running
    /// playhead has still to cross in its current direction, the next one last. Empty unless running.
    var due: [Int] = []

    public init(definition: GroupDefinition, length: Double) {
        self.length = length
        timeScale = definition.timeScale
        clock = AnimatorState(timing: .cubic(definition.timing), duration: length, options: definition.options, rate: definition.timeScale)
    }

    /// The playhead at `time`, in the timeline's own seconds: 0 while inactive.
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

/// Which timelines drive which targets, and where each target sits on their axes: the shape of
/// a scene's groups and timelines, computed once.
public struct ControlGraph: Hashable, Sendable {
    /// A target driven by a timeline, with its span on that timeline's axis.
    public struct Descendant: Hashable, Sendable {
        /// A control target (an animator index, or `animatorCount + group index`).
        public var target: Int
        public var span: TimelineSpan
    }

    public let animatorCount: Int
    /// For each group: every target it drives (its members, and theirs through nesting),
    /// deepest first (a nested timeline follows its own children), then in the order written.
    public let descendants: [[Descendant]]
    /// For each group: its length T in its own seconds.
    public let lengths: [Double]
    /// For each control target: the groups that contain it, at any depth.
    public let containers: [[Int]]
    /// For each control target, beside `containers`: where it first appears in that group's
    /// `descendants` (the span a driven target shows, found without searching the list).
    public let descendantIndex: [[Int]]

    public init(animators: [AnimatorDefinition], groups: [GroupDefinition]) {
        animatorCount = animators.count
        let lengths = GroupDefinition.ownLengths(animators: animators, groups: groups)
        // Depth-first through the members, with an explicit stack (nesting may be deep): a
        // nested group's own descendants come before the group itself, as its children.
        var onPath = Array(repeating: false, count: groups.count)
        func walk(_ root: Int) -> [Descendant] {
            var list: [Descendant] = []
            var frames: [(group: Int, span: TimelineSpan, member: Int)] = [(root, TimelineSpan(start: 0, length: lengths[root]), 0)]
            onPath[root] = true
            while let frame = frames.last {
                let members = groups[frame.group].members
                guard frame.member < members.count else {
                    frames.removeLast()
                    onPath[frame.group] = false
                    if let parent = frames.last {
                        // The group just walked follows its own descendants in its parent's list.
                        let member = groups[parent.group].members[parent.member - 1]
                        list.append(Descendant(target: member.target, span: frame.span))
                    }
                    continue
                }
                frames[frames.count - 1].member += 1
                let member = members[frame.member]
                guard let nested = ControlTarget(index: member.target, animatorCount: animators.count).timeline else {
                    let length = GroupDefinition.axisDuration(of: member.target, animators: animators, groups: [])
                    list.append(Descendant(target: member.target, span: frame.span.child(at: member.delay, length: length)))
                    continue
                }
                guard nested < groups.count, !onPath[nested] else { continue }  // the reader refuses cycles
                let child = frame.span.child(at: member.delay, scale: groups[nested].timeScale, length: lengths[nested],
                                             timing: groups[nested].timing)
                onPath[nested] = true
                frames.append((nested, child, 0))
            }
            return list
        }
        descendants = groups.indices.map(walk)
        var containers = Array(repeating: [Int](), count: animators.count + groups.count)
        var descendantIndex = containers
        for (group, list) in descendants.enumerated() {
            for (index, descendant) in list.enumerated() where containers[descendant.target].last != group {
                containers[descendant.target].append(group)
                descendantIndex[descendant.target].append(index)
            }
        }
        self.lengths = lengths
        self.containers = containers
        self.descendantIndex = descendantIndex
    }

    /// A control target as what it is.
    public func target(_ index: Int) -> ControlTarget {
        ControlTarget(index: index, animatorCount: animatorCount)
    }
}
