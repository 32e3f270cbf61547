/// A segment of a point track that curves (After Effects' spatial keyframes, Lottie's `to` and
/// `ti`): the value travels from one key's point to the next along the cubic bezier whose
/// control points are the first point plus `out` and the second point plus `into`, at the
/// segment's eased fraction of the curve's length, so the easing sets the speed along the
/// path, as the Lottie players move a position.
public struct SpatialTangents: Hashable, Sendable {
    /// The first control point, relative to the segment's first value.
    public var out: Vector2
    /// The second control point, relative to the segment's last value.
    public var into: Vector2

    public init(out: Vector2, into: Vector2) {
        self.out = out
        self.into = into
    }

    /// True when both control points sit on their ends: a straight segment.
    public var isStraight: Bool { out == .zero && into == .zero }

    /// The point `lengthFraction` of the way along the curve from `start` to `end`, by arc
    /// length (measured at 64 even steps of the parameter, linear between them). Beyond 0…1 (an
    /// easing that overshoots) the point holds at the curve's end, as lottie-ios and ThorVG hold
    /// a position on its motion path (a straight segment, without tangents, still overshoots).
    public func point(from start: Vector2, to end: Vector2, lengthFraction: Double) -> Vector2 {
        guard lengthFraction > 0 else { return start }
        guard lengthFraction < 1 else { return end }
        let p1 = start + out, p2 = end + into
        let steps = 64
        func point(_ t: Double) -> Vector2 {
            let u = 1 - t
            return start * (u * u * u) + p1 * (3 * u * u * t) + p2 * (3 * u * t * t) + end * (t * t * t)
        }
        var lengths = [0.0], previous = start
        for step in 1...steps {
            let next = point(Double(step) / Double(steps))
            lengths.append(lengths[step - 1] + Self.length(of: next - previous))
            previous = next
        }
        let total = lengths[steps]
        guard total > 0 else { return point(lengthFraction) }
        let target = lengthFraction * total
        var low = 0, high = steps
        while high - low > 1 {
            let middle = (low + high) / 2
            if lengths[middle] < target { low = middle } else { high = middle }
        }
        let span = lengths[high] - lengths[low]
        let local = span > 0 ? (target - lengths[low]) / span : 0
        return point((Double(low) + local) / Double(steps))
    }

    private static func length(of vector: Vector2) -> Double { (vector.x * vector.x + vector.y * vector.y).squareRoot() }
}
