import ZoetropeCore

/// A gradient fill's or stroke's colours and geometry (`gf`, `gs`): `g.k` holds `g.p` colour
/// stops (offset, red, green, blue) and then any alpha stops (offset, alpha); the gradient runs
/// from `s` to `e`, along the line (`t` 1) or outward from `s` to the distance of `e` (`t` 2),
/// a radial one from its highlight: the focal point `h` percent of the radius from `s`, `a`
/// degrees from the direction of `e` (as ThorVG and lottie-web place it, within ±99 %).
struct LottieGradient {
    var kind: Int
    var start, end: LottieProperty<[Double]>?
    var highlightLength, highlightAngle: LottieProperty<[Double]>?
    var colors: LottieProperty<[Double]>
    var count: Int

    /// The most stops a gradient may have.
    static let largestCount = 256

    init?(_ paint: LottieGradientPaint, at path: String, notes: inout LottieNotes) {
        guard let stops = paint.stops, let colors = stops.values else { return nil }
        let count = stops.count ?? 0
        guard count >= 1, count <= Double(Self.largestCount) else { return nil }
        self.count = Int(saturating: count)
        self.colors = colors
        kind = paint.gradientType == 2 ? 2 : 1
        start = paint.start
        end = paint.end
        if kind == 2 { (highlightLength, highlightAngle) = (paint.highlightLength, paint.highlightAngle) }
    }

    var isAnimated: Bool {
        [start, end, highlightLength, highlightAngle].contains { $0?.isAnimated == true } || colors.isAnimated
    }

    /// The gradient at a frame, in points (the bounds of a Lottie paint's layer are 1 × 1): the
    /// colour stops and the alpha stops merged, each colour's alpha read from the alpha stops.
    func value(at frame: Double) -> Gradient {
        func point(_ property: LottieProperty<[Double]>?) -> Vector2 {
            guard let v = property?.value(at: frame), v.count >= 2 else { return .zero }
            return Vector2(v[0], v[1])
        }
        let from = point(start), to = point(end)
        let raw = colors.value(at: frame)
        let colorStops = (0..<count).compactMap { i -> (offset: Double, rgb: [Double])? in
            guard raw.count >= 4 * i + 4 else { return nil }
            return (raw[4 * i], [raw[4 * i + 1], raw[4 * i + 2], raw[4 * i + 3]])
        }
        let rest = raw.count > 4 * count ? Array(raw[(4 * count)...]) : []
        let alphaStops = stride(from: 0, to: rest.count - 1, by: 2).map { (offset: rest[$0], alpha: rest[$0 + 1]) }
        let offsets = Array(Set(colorStops.map(\.offset) + alphaStops.map(\.offset)).filter(\.isFinite)).sorted()
        var stops: [Gradient.Stop] = offsets.map { offset in
            let rgb = Self.interpolate(colorStops.map { ($0.offset, $0.rgb) }, at: offset) ?? [0, 0, 0]
            let alpha = Self.interpolate(alphaStops.map { ($0.offset, [$0.alpha]) }, at: offset)?.first ?? 1
            func unit(_ v: Double) -> Double { min(max(v, 0), 1) }
            return Gradient.Stop(offset: unit(offset), color: Color(red: unit(rgb[0]), green: unit(rgb[1]), blue: unit(rgb[2]), alpha: unit(alpha)))
        }
        if stops.isEmpty { stops = [Gradient.Stop(offset: 0, color: .black)] }
        if stops.count == 1 { stops.append(Gradient.Stop(offset: 1, color: stops[0].color)) }
        let dx = to.x - from.x, dy = to.y - from.y
        let radius = (dx * dx + dy * dy).squareRoot()
        guard self.kind == 2 else { return Gradient(kind: .linear(from: from, to: to), stops: stops) }
        let length = min(max((highlightLength?.value(at: frame).first ?? 0) / 100, -0.99), 0.99)
        let angle = Double.atan2(y: dy, x: dx) + (highlightAngle?.value(at: frame).first ?? 0) * .pi / 180
        let focus = length != 0 && angle.isFinite && radius.isFinite
            ? Vector2(from.x + Double.cos(angle) * length * radius, from.y + Double.sin(angle) * length * radius) : nil
        return Gradient(kind: .radial(center: from, radius: radius), stops: stops, focus: focus)
    }

    /// Values linearly between the stops around `offset`, the end stops' beyond them.
    private static func interpolate(_ stops: [(offset: Double, values: [Double])], at offset: Double) -> [Double]? {
        let sorted = stops.sorted { $0.offset < $1.offset }
        guard let first = sorted.first, let last = sorted.last else { return nil }
        if offset <= first.offset { return first.values }
        if offset >= last.offset { return last.values }
        for (a, b) in zip(sorted, sorted.dropFirst()) where offset <= b.offset {
            let span = b.offset - a.offset
            let p = span > 0 ? (offset - a.offset) / span : 1
            return zip(a.values, b.values).map { $0 + ($1 - $0) * p }
        }
        return last.values
    }
}
