import ZoetropeCore

/// A value Lottie keyframes: numbers (a scalar, a point, a colour) or a bezier shape.
protocol LottieValue: Sendable {
    /// The value `progress` of the way to `other`, one progress per dimension where the value
    /// has dimensions (per-dimension easing), else the first.
    func mixed(with other: Self, progress: [Double]) -> Self
    /// This value moved on `times` times by the change from `from` to `to` (a loop's offset),
    /// or on past `near` by `times` times the step from it (a loop that continues); values
    /// without arithmetic stay as they are.
    func extended(from: Self, to: Self, times: Double) -> Self
    /// What an expression's `value` is made of ("n": numbers, "p": a path), the value as the
    /// numbers the expression engine passes, and the value an expression's numbers make (nil
    /// when they make none).
    static var expressionKind: String { get }
    var expressionNumbers: [Double] { get }
    func fromExpression(_ numbers: [Double]) -> Self?
}

extension LottieValue {
    func extended(from: Self, to: Self, times: Double) -> Self { self }
    func extended(from near: Self, by times: Double) -> Self { extended(from: near, to: self, times: times) }
}

extension [Double]: LottieValue {
    func mixed(with other: [Double], progress: [Double]) -> [Double] {
        indices.map { i in
            let p = progress[Swift.min(i, progress.count - 1)]
            let b = i < other.count ? other[i] : self[i]
            return self[i] + (b - self[i]) * p
        }
    }

    func extended(from: [Double], to: [Double], times: Double) -> [Double] {
        indices.map { i in self[i] + ((i < to.count ? to[i] : 0) - (i < from.count ? from[i] : 0)) * times }
    }
}

/// One Lottie keyframe: its start value at frame `time`, how it eases out of it and into the
/// next, and for positions the spatial tangents of the motion path.
struct LottieKey<Value: LottieValue>: Sendable {
    var time: Double
    var value: Value
    /// The old format's end value (`e`); newer files give the next key's `s`.
    var end: Value?
    var hold: Bool
    /// Control points of the segment's easing, per dimension (`o` and `i`).
    let easeOut: (x: [Double], y: [Double])
    let easeIn: (x: [Double], y: [Double])
    /// Position keys' motion-path tangents (`to`, `ti`), relative to the key values.
    var tangentOut: [Double]?
    var tangentIn: [Double]?
    /// The easing curve of each dimension, made once (checking a curve is finite solves it at
    /// 65 fractions, and a file's keys are evaluated at every frame it bakes); nil where the
    /// segment is linear (a control point missing, or a curve that is not finite).
    private let curves: [CubicTimingParameters?]

    init(time: Double, value: Value, end: Value?, hold: Bool, easeOut: (x: [Double], y: [Double]), easeIn: (x: [Double], y: [Double]),
         tangentOut: [Double]?, tangentIn: [Double]?) {
        (self.time, self.value, self.end, self.hold, self.easeOut, self.easeIn) = (time, value, end, hold, easeOut, easeIn)
        (self.tangentOut, self.tangentIn) = (tangentOut, tangentIn)
        curves = (0..<max(easeOut.x.count, easeIn.x.count, 1)).map { d in
            guard let x1 = easeOut.x[safe: d], let y1 = easeOut.y[safe: d], let x2 = easeIn.x[safe: d], let y2 = easeIn.y[safe: d] else { return nil }
            return LottieEasing.curve(x1, y1, x2, y2)
        }
    }

    /// How many dimensions ease on their own (at least one).
    var easedDimensions: Int { curves.count }

    /// The eased progress of dimension `dimension` at `fraction` of the segment.
    func progress(_ fraction: Double, dimension: Int) -> Double {
        curves[dimension]?.progress(atFraction: fraction) ?? fraction
    }
}

/// A Lottie animatable property (`{"a": 0, "k": value}` or `{"a": 1, "k": [keys]}`): a fixed
/// value or keyframes, evaluated exactly at any frame as the Lottie players do.
enum LottieProperty<Value: LottieValue>: Sendable {
    case fixed(Value)
    case keyed([LottieKey<Value>])
    /// Keys repeated after the last (`loopOut`) or before the first (`loopIn`).
    case looped([LottieKey<Value>], out: LottieLoop?, in: LottieLoop?)
    /// Keys (or a value) an expression changes, evaluated at every frame it is read at.
    indirect case expressed(LottieExpressed<Value>)

    var isAnimated: Bool { if case .fixed = self { false } else { true } }

    /// The value at Lottie frame `frame`: the first key's value before it, the last's after it,
    /// held, eased (per dimension) or moved along the spatial bezier between.
    func value(at frame: Double) -> Value {
        switch self {
        case .fixed(let value):
            return value
        case let .looped(keys, out, loopIn):
            return Self.looped(keys, out: out, in: loopIn, at: frame)
        case .expressed(let expressed):
            return expressed.value(at: frame)
        case .keyed(let keys):
            return Self.keyedValue(keys, at: frame)
        }
    }

    /// The value of `keys` at `frame`. Each key is read where it lies in the array, never
    /// copied out whole: a copy retains and releases every array a key holds (its value, end,
    /// easing, tangents and curves), which was a third of reading a file whose time remap is
    /// evaluated at every frame for every layer inside it.
    static func keyedValue(_ keys: [LottieKey<Value>], at frame: Double) -> Value {
        keys.withUnsafeBufferPointer { keys in
            guard let firstTime = keys.first?.time else { preconditionFailure("a keyed property has keys") }
            if frame < firstTime || keys.count == 1 { return keys[0].value }
            // The last key at or before the frame (a bisection: baking evaluates every frame).
            var index = 0, above = keys.count
            while above - index > 1 {
                let middle = (index + above) / 2
                if keys[middle].time <= frame { index = middle } else { above = middle }
            }
            guard index + 1 < keys.count, !keys[index].hold else { return keys[index].value }
            let target = keys[index].end ?? keys[index + 1].value
            let span = keys[index + 1].time - keys[index].time
            let fraction = span > 0 ? min(max((frame - keys[index].time) / span, 0), 1) : 1
            let progress = (0..<keys[index].easedDimensions).map { keys[index].progress(fraction, dimension: $0) }
            if let out = keys[index].tangentOut, let into = keys[index].tangentIn,
               let spatial = spatial(keys[index].value, target, out: out, into: into, progress: progress[0]) {
                return spatial
            }
            return keys[index].value.mixed(with: target, progress: progress)
        }
    }

    /// The point along a position key's motion path (from `value` to `target`, with tangents
    /// `out` and `into`), for keys with tangents.
    private static func spatial(_ value: Value, _ target: Value, out: [Double], into: [Double], progress: Double) -> Value? {
        guard let from = value as? [Double], let to = target as? [Double], from.count >= 2, to.count >= 2,
              out.count >= 2, into.count >= 2,
              out.contains(where: { $0 != 0 }) || into.contains(where: { $0 != 0 }) else { return nil }
        let curve = SpatialTangents(out: Vector2(out[0], out[1]), into: Vector2(into[0], into[1]))
        let point = curve.point(from: Vector2(from[0], from[1]), to: Vector2(to[0], to[1]), lengthFraction: progress)
        var result = from
        result[0] = point.x
        result[1] = point.y
        if from.count > 2, to.count > 2 { result[2] = from[2] + (to[2] - from[2]) * progress }
        return result as? Value
    }
}

extension LottieProperty where Value == [Double] {
    /// The direction (radians) a position moves in at `frame`, as auto-orient turns a layer:
    /// along the segment's motion path at the eased point on it (kept just inside its ends),
    /// or along a straight segment; before the first key the first segment's, after the last
    /// the last's. Nil unless the position has two keys or more.
    func motionAngle(at frame: Double) -> Double? {
        let keys: [LottieKey<[Double]>]
        switch self {
        case .fixed, .expressed: return nil
        case .keyed(let all), .looped(let all, _, _): keys = all
        }
        guard keys.count >= 2 else { return nil }
        var index = 0
        while index + 2 < keys.count, keys[index + 1].time <= frame { index += 1 }
        let key = keys[index], next = keys[index + 1]
        let target = key.end ?? next.value
        guard key.value.count >= 2, target.count >= 2 else { return nil }
        let p0 = Vector2(key.value[0], key.value[1]), p3 = Vector2(target[0], target[1])
        if let out = key.tangentOut, let into = key.tangentIn, out.count >= 2, into.count >= 2,
           out.contains(where: { $0 != 0 }) || into.contains(where: { $0 != 0 }) {
            let curve = SpatialTangents(out: Vector2(out[0], out[1]), into: Vector2(into[0], into[1]))
            let span = next.time - key.time
            let fraction = span > 0 ? min(max((frame - key.time) / span, 0), 1) : 1
            let eased = key.progress(fraction, dimension: 0)
            let along = min(max(eased, 0.01), 0.99)
            let ahead = curve.point(from: p0, to: p3, lengthFraction: along + 0.001)
            let behind = curve.point(from: p0, to: p3, lengthFraction: along - 0.001)
            return Double.atan2(y: ahead.y - behind.y, x: ahead.x - behind.x)
        }
        return Double.atan2(y: p3.y - p0.y, x: p3.x - p0.x)
    }
}

extension Array {
    subscript(safe index: Int) -> Element? { indices.contains(index) ? self[index] : (isEmpty ? nil : self[count - 1]) }
}

/// Lottie's keyframe easing: a cubic bezier from (0, 0) through `o` and `i` to (1, 1), its x
/// clamped to 0…1 as the players do; a missing control point is linear.
enum LottieEasing {
    /// The timing curve of a segment, or nil when it is not a finite curve.
    static func curve(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double) -> CubicTimingParameters? {
        try? CubicTimingParameters(controlPoint1: Vector2(min(max(x1, 0), 1), y1), controlPoint2: Vector2(min(max(x2, 0), 1), y2))
    }
}
