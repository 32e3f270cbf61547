/// Mirrors `UIView.addKeyframe(withRelativeStartTime:relativeDuration:animations:)`: the
/// properties a frame sets animate over [start, start + duration] of the block's keyframe time.
public struct Keyframe: Hashable, Sendable {
    public var relativeStartTime: Double
    public var relativeDuration: Double
    public var assignments: [PropertyAssignment]

    public init(relativeStartTime: Double, relativeDuration: Double, assignments: [PropertyAssignment]) {
        self.relativeStartTime = relativeStartTime
        self.relativeDuration = relativeDuration
        self.assignments = assignments
    }
}

/// Mirrors `UIView.animateKeyframes` nested in a property animator (duration 0: the animator's):
/// frames over the block's keyframe time κ = clamp(curve(local fraction), 0, 1).
///
/// Before a frame's start the property keeps its previous value; a frame of duration 0 changes
/// it at once. With `calculationMode` cubic or paced, each property's values (at the ends of
/// their frames) become a keyframe track of that mode.
public struct KeyframeBlock: Hashable, Sendable {
    public var frames: [Keyframe]
    public var calculationMode: CalculationMode

    public init(frames: [Keyframe], calculationMode: CalculationMode = .linear) {
        self.frames = frames
        self.calculationMode = calculationMode
    }

    /// The track of one property that starts at `initial` and takes `values` from the frames
    /// (in frame order) that set it.
    func track(initial: AnimatableValue, frames: [(start: Double, duration: Double, value: AnimatableValue)]) -> KeyframeTrack? {
        var values = [initial], times = [0.0]
        switch calculationMode {
        case .linear:
            for frame in frames {
                values += [values[values.count - 1], frame.value]
                times += [frame.start, frame.start + frame.duration]
            }
            values.append(values[values.count - 1])
            times.append(1)
        case .discrete:
            for frame in frames {
                values.append(frame.value)
                times.append(frame.start)
            }
            times.append(1)
        case .paced, .cubic, .cubicPaced:
            for frame in frames {
                values.append(frame.value)
                times.append(frame.start + frame.duration)
            }
            times[times.count - 1] = 1
        }
        // Frames are validated (start + duration ≤ 1, kinds match), so the track is well formed;
        // a failure here would be a programming error, and no animation is better than a wrong one.
        return try? KeyframeTrack(values: values, keyTimes: times, calculationMode: calculationMode)
    }
}

/// A keyframe track on one property, as a block holds it (`track:` in a scene).
public struct TrackAnimation: Hashable, Sendable {
    /// The property, or one component of it (the values are then numbers).
    public var target: PropertyTarget
    public var track: KeyframeTrack

    public init(target: PropertyTarget, track: KeyframeTrack) {
        self.target = target
        self.track = track
    }
}
