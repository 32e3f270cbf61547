/// Where a keyframe track is read at each of its animator's times: a keyframe curve from the
/// animator's keyframe time (0…1) to the track's own (0…1), straight or eased between keys.
/// What a Lottie precomp's time remap is to the layers inside it: a track of the precomp's
/// frames read along the remap stays exact at any instant, where sampling it would not.
///
/// ```swift
/// // The track's first half played over the animator's first 80 %, then held.
/// let time = try TrackTime(times: [0, 0.5, 0.5], keyTimes: [0, 0.8, 1])
/// time.time(at: 0.4)   // 0.25
/// ```
public struct TrackTime: Hashable, Sendable {
    /// The track's keyframe time at each key, each within 0…1.
    public let times: [Double]
    /// The animator's keyframe time of each key: from 0 to 1, never decreasing.
    public let keyTimes: [Double]
    /// One per segment (empty: straight throughout), applied to the segment's own fraction.
    public let timingFunctions: [CubicTimingParameters]

    public init(times: [Double], keyTimes: [Double], timingFunctions: [CubicTimingParameters] = []) throws(KeyframeError) {
        guard !times.isEmpty else { throw KeyframeError.noValues }
        guard keyTimes.count == times.count else { throw KeyframeError.keyTimeCount(expected: times.count, found: keyTimes.count) }
        for (index, pair) in zip(keyTimes, keyTimes.dropFirst()).enumerated() where pair.1 < pair.0 {
            throw KeyframeError.keyTimesDecreasing(index: index + 1)
        }
        guard (keyTimes + times).allSatisfy({ (0...1).contains($0) }) else { throw KeyframeError.keyTimeOutOfRange }
        guard keyTimes.first == 0, keyTimes.last == 1 || keyTimes.count == 1 else { throw KeyframeError.keyTimeEnds }
        guard timingFunctions.isEmpty || timingFunctions.count == times.count - 1 else {
            throw KeyframeError.timingFunctionCount(expected: times.count - 1, found: timingFunctions.count)
        }
        (self.times, self.keyTimes, self.timingFunctions) = (times, keyTimes, timingFunctions)
    }

    /// The track's keyframe time at the animator's keyframe time `t` (clamped to 0…1).
    public func time(at t: Double) -> Double {
        let t = min(max(t, 0), 1)
        guard times.count > 1 else { return times[0] }
        var index = 0
        while index < times.count - 2 && t >= keyTimes[index + 1] { index += 1 }
        let span = keyTimes[index + 1] - keyTimes[index]
        var local = span > 0 ? min(max((t - keyTimes[index]) / span, 0), 1) : 1
        if index < timingFunctions.count { local = timingFunctions[index].progress(atFraction: local) }
        return times[index] + (times[index + 1] - times[index]) * local
    }
}
