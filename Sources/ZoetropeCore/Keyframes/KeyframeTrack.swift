import RealModule

/// Mirrors `CAAnimationCalculationMode`: how a keyframe track moves between its values.
public enum CalculationMode: String, Hashable, Sendable, CaseIterable {
    /// Straight lines between values at their key times (the default).
    case linear
    /// Value i holds on [keyTimes[i], keyTimes[i+1]); no interpolation.
    case discrete
    /// Key times proportional to the cumulative distance, for constant speed; `keyTimes` and
    /// `timingFunctions` are ignored.
    case paced
    /// A Kochanek–Bartels spline through the values (Catmull-Rom with tension, continuity and
    /// bias 0).
    case cubic
    /// The cubic spline travelled at constant speed; `keyTimes` and `timingFunctions` are ignored.
    case cubicPaced
}

/// A keyframe animation of one property: mirrors `CAKeyframeAnimation` (values, keyTimes,
/// timingFunctions, calculationMode, tension/continuity/bias).
///
/// `value(at:)` takes the keyframe time κ in 0...1: the animator's eased progress, clamped.
///
/// ```swift
/// let track = try KeyframeTrack(values: [.number(310), .number(60), .number(120), .number(60), .number(310)],
///                               calculationMode: .paced)
/// track.keyTimes   // [0, 0.403226, 0.5, 0.596774, 1]
/// ```
public struct KeyframeTrack: Hashable, Sendable {
    public let values: [AnimatableValue]
    /// The key times in force: given, generated (evenly spaced, or paced), one per value
    /// (discrete: one more than the values).
    public let keyTimes: [Double]
    /// One per segment, applied to the segment's own fraction; empty for linear timing.
    public let timingFunctions: [CubicTimingParameters]
    public let calculationMode: CalculationMode
    public let tension: [Double]
    public let continuity: [Double]
    public let bias: [Double]
    /// One per segment of a linear track of points, nil where the segment is straight; empty
    /// for straight lines throughout (`SpatialTangents`: a motion path through the values).
    public let tangents: [SpatialTangents?]
    /// Where the track is read at each of its animator's keyframe times (nil: there): a Lottie
    /// precomp's time remap, over the tracks of the layers inside it.
    public let time: TrackTime?
    /// For cubicPaced: cumulative arc length of the spline at `pacedSamples` evenly spaced parameters.
    private var arcLengths: [Double] = []

    private static let pacedSamples = 256

    /// Builds a track, checking the counts and key times CAKeyframeAnimation requires.
    public init(values: [AnimatableValue], keyTimes: [Double]? = nil, timingFunctions: [CubicTimingParameters] = [],
                calculationMode: CalculationMode = .linear, tension: [Double] = [], continuity: [Double] = [],
                bias: [Double] = [], tangents: [SpatialTangents?] = [], time: TrackTime? = nil) throws(KeyframeError) {
        guard !values.isEmpty else { throw KeyframeError.noValues }
        guard values.allSatisfy({ $0.kind == values[0].kind }) else { throw KeyframeError.mixedKinds }
        let n = values.count
        let paced = calculationMode == .paced || calculationMode == .cubicPaced
        var times: [Double]
        if let keyTimes, !paced {
            let expected = calculationMode == .discrete ? [n, n + 1] : [n]
            guard expected.contains(keyTimes.count) else {
                throw KeyframeError.keyTimeCount(expected: expected[0], found: keyTimes.count)
            }
            for (index, pair) in zip(keyTimes, keyTimes.dropFirst()).enumerated() where pair.1 < pair.0 {
                throw KeyframeError.keyTimesDecreasing(index: index + 1)
            }
            guard keyTimes.allSatisfy({ (0...1).contains($0) }) else { throw KeyframeError.keyTimeOutOfRange }
            if calculationMode != .discrete {
                guard keyTimes.first == 0, keyTimes.last == 1 else { throw KeyframeError.keyTimeEnds }
            }
            times = keyTimes
            if calculationMode == .discrete && times.count == n { times.append(1) }
        } else if calculationMode == .paced {
            let distances = zip(values, values.dropFirst()).map { $0.distance(to: $1) }
            let total = distances.reduce(0, +)
            var running = 0.0
            times = [0] + distances.map { distance in
                running += distance
                return total > 0 ? running / total : 0
            }
            if total == 0 { times = (0..<n).map { n == 1 ? 0 : Double($0) / Double(n - 1) } }
        } else if calculationMode == .discrete {
            times = (0...n).map { Double($0) / Double(n) }
        } else {
            times = (0..<n).map { n == 1 ? 0 : Double($0) / Double(n - 1) }
        }
        if !timingFunctions.isEmpty && !paced {
            let segments = calculationMode == .discrete ? n : n - 1
            guard timingFunctions.count == segments else {
                throw KeyframeError.timingFunctionCount(expected: segments, found: timingFunctions.count)
            }
        }
        for (name, list) in [("tension", tension), ("continuity", continuity), ("bias", bias)] where !list.isEmpty {
            guard list.count == n else { throw KeyframeError.parameterCount(name: name, expected: n, found: list.count) }
            guard list.allSatisfy({ (-1...1).contains($0) }) else { throw KeyframeError.parameterRange(name: name) }
        }
        if !tangents.isEmpty {
            guard calculationMode == .linear else { throw KeyframeError.tangentsNeedLinear }
            guard values[0].kind == .vector else { throw KeyframeError.tangentsNeedPoints }
            guard tangents.count == n - 1 else { throw KeyframeError.tangentCount(expected: n - 1, found: tangents.count) }
        }
        self.values = values
        // A straight segment is nil however it was given, so a track reads back equal.
        let curves = tangents.map { $0.flatMap { $0.isStraight ? nil : $0 } }
        self.tangents = curves.contains { $0 != nil } ? curves : []
        self.keyTimes = times
        self.timingFunctions = paced ? [] : timingFunctions
        self.calculationMode = calculationMode
        self.tension = tension
        self.continuity = continuity
        self.bias = bias
        self.time = time
        if calculationMode == .cubicPaced, n > 1 {
            arcLengths = measureArcLengths()
        }
    }

    private func measureArcLengths() -> [Double] {
        var lengths = [0.0]
        var previous = splineValue(atParameter: 0)
        for i in 1...Self.pacedSamples {
            let next = splineValue(atParameter: Double(i) / Double(Self.pacedSamples))
            lengths.append(lengths[lengths.count - 1] + previous.distance(to: next))
            previous = next
        }
        return lengths
    }

    /// The value at keyframe time `time` (clamped to 0...1), read where `self.time` puts it.
    public func value(at time: Double) -> AnimatableValue {
        let t = min(max(self.time?.time(at: time) ?? time, 0), 1)
        let n = values.count
        guard n > 1 else { return values[0] }
        switch calculationMode {
        case .discrete:
            if t >= 1 { return values[n - 1] }
            let index = (0..<n).last { keyTimes[$0] <= t } ?? 0
            return values[index]
        case .linear, .paced:
            let (index, local) = segment(at: t)
            if index < tangents.count, let curve = tangents[index], case .vector(let start) = values[index], case .vector(let end) = values[index + 1] {
                return .vector(curve.point(from: start, to: end, lengthFraction: local))
            }
            return values[index].interpolated(to: values[index + 1], progress: Vector2(local, local), colorSpace: .srgb)
        case .cubic:
            let (index, local) = segment(at: t)
            return hermite(index, local)
        case .cubicPaced:
            return splineValue(atParameter: parameter(forArcFraction: t))
        }
    }

    /// The segment containing `t` and the (eased) fraction within it.
    private func segment(at t: Double) -> (Int, Double) {
        let n = values.count
        var index = 0
        while index < n - 2 && t >= keyTimes[index + 1] { index += 1 }
        let span = keyTimes[index + 1] - keyTimes[index]
        var local = span > 0 ? min(max((t - keyTimes[index]) / span, 0), 1) : 1
        if index < timingFunctions.count { local = timingFunctions[index].progress(atFraction: local) }
        return (index, local)
    }

    /// Kochanek–Bartels Hermite interpolation on segment `index` at `s` in 0...1. Tangents are
    /// scaled by the neighbouring key-time spans so uneven key times keep the speed continuous;
    /// the end values use the one-sided difference.
    private func hermite(_ index: Int, _ s: Double) -> AnimatableValue {
        let p0 = values[index].components, p1 = values[index + 1].components
        let outgoing = tangent(at: index, outgoing: true), incoming = tangent(at: index + 1, outgoing: false)
        let s2 = s * s, s3 = s2 * s
        let h00 = 2 * s3 - 3 * s2 + 1, h10 = s3 - 2 * s2 + s, h01 = -2 * s3 + 3 * s2, h11 = s3 - s2
        let result = p0.indices.map { c in h00 * p0[c] + h10 * outgoing[c] + h01 * p1[c] + h11 * incoming[c] }
        return values[index].withComponents(result)
    }

    /// The Kochanek–Bartels tangent at value `i` for the segment leaving it (outgoing) or
    /// arriving at it (incoming), in units of that segment.
    private func tangent(at i: Int, outgoing: Bool) -> [Double] {
        let n = values.count
        let p = values[i].components
        let previous = i > 0 ? values[i - 1].components : p
        let next = i < n - 1 ? values[i + 1].components : p
        let t = tension.isEmpty ? 0 : tension[i], c = continuity.isEmpty ? 0 : continuity[i], b = bias.isEmpty ? 0 : bias[i]
        let (a, d): (Double, Double) = outgoing
            ? ((1 - t) * (1 + b) * (1 - c) / 2, (1 - t) * (1 - b) * (1 + c) / 2)
            : ((1 - t) * (1 + b) * (1 + c) / 2, (1 - t) * (1 - b) * (1 - c) / 2)
        // At the ends only one neighbour exists: use its difference for both terms.
        let before = i > 0 ? zip(p, previous).map { $0 - $1 } : zip(next, p).map { $0 - $1 }
        let after = i < n - 1 ? zip(next, p).map { $0 - $1 } : zip(p, previous).map { $0 - $1 }
        var tangent = zip(before, after).map { a * $0 + d * $1 }
        // Scale for uneven key times: the segment's span over the mean span around the key.
        if i > 0 && i < n - 1 {
            let spanBefore = keyTimes[i] - keyTimes[i - 1], spanAfter = keyTimes[i + 1] - keyTimes[i]
            let own = outgoing ? spanAfter : spanBefore
            let scale = spanBefore + spanAfter > 0 ? 2 * own / (spanBefore + spanAfter) : 1
            tangent = tangent.map { $0 * scale }
        }
        return tangent
    }

    /// The spline at uniform parameter u in 0...1 (each segment an equal share), for cubicPaced.
    private func splineValue(atParameter u: Double) -> AnimatableValue {
        let segments = Double(values.count - 1)
        let scaled = min(max(u, 0), 1) * segments
        let index = min(Int(saturating: scaled), values.count - 2)
        return hermite(index, scaled - Double(index))
    }

    private func parameter(forArcFraction fraction: Double) -> Double {
        guard let total = arcLengths.last, total > 0 else { return fraction }
        let target = fraction * total
        var low = 0, high = arcLengths.count - 1
        while high - low > 1 {
            let mid = (low + high) / 2
            if arcLengths[mid] < target { low = mid } else { high = mid }
        }
        let span = arcLengths[high] - arcLengths[low]
        let local = span > 0 ? (target - arcLengths[low]) / span : 0
        return (Double(low) + local) / Double(arcLengths.count - 1)
    }
}

/// A keyframe track that CAKeyframeAnimation would reject, with what was wrong.
public enum KeyframeError: Error, Hashable, Sendable, CustomStringConvertible {
    case noValues
    case mixedKinds
    case keyTimeCount(expected: Int, found: Int)
    case keyTimesDecreasing(index: Int)
    case keyTimeOutOfRange
    case keyTimeEnds
    case timingFunctionCount(expected: Int, found: Int)
    case parameterCount(name: String, expected: Int, found: Int)
    case parameterRange(name: String)
    case tangentCount(expected: Int, found: Int)
    case tangentsNeedLinear
    case tangentsNeedPoints

    public var description: String {
        switch self {
        case .noValues: "values must hold at least one value"
        case .mixedKinds: "values must all be of the same kind"
        case let .keyTimeCount(expected, found): "keyTimes must have one time per value (\(expected)) (found \(found))"
        case let .keyTimesDecreasing(index): "keyTimes must not decrease (keyTimes[\(index)] is less than the one before)"
        case .keyTimeOutOfRange: "keyTimes must lie within 0...1"
        case .keyTimeEnds: "keyTimes must start at 0 and end at 1"
        case let .timingFunctionCount(expected, found): "timingFunctions must have one curve per segment (\(expected)) (found \(found))"
        case let .parameterCount(name, expected, found): "\(name) must have one value per key (\(expected)) (found \(found))"
        case let .parameterRange(name): "\(name) values must lie within -1...1"
        case let .tangentCount(expected, found): "tangents must have one entry per segment (\(expected)) (found \(found))"
        case .tangentsNeedLinear: "tangents curve the segments of a linear track (calculationMode: linear)"
        case .tangentsNeedPoints: "tangents curve a track of points, such as a position"
        }
    }
}

extension AnimatableValue {
    /// Numeric components: a number, x and y, or RGBA; empty for flags and strings.
    var components: [Double] {
        switch self {
        case .number(let n): [n]
        case .vector(let v): [v.x, v.y]
        case .color(let c): [c.red, c.green, c.blue, c.alpha]
        case .gradient, .flag, .text, .path: []
        }
    }

    /// The same kind of value with new components (colours clamp).
    func withComponents(_ components: [Double]) -> AnimatableValue {
        switch self {
        case .number: .number(components[0])
        case .vector: .vector(Vector2(components[0], components[1]))
        case .color: .color(Color(red: components[0], green: components[1], blue: components[2], alpha: components[3]))
        case .gradient, .flag, .text, .path: self
        }
    }

    /// Euclidean distance between the components (0 for flags and strings).
    func distance(to other: AnimatableValue) -> Double {
        Double.sqrt(zip(components, other.components).map { ($0 - $1) * ($0 - $1) }.reduce(0, +))
    }
}
