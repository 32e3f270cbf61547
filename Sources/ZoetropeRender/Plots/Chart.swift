import ZoetropeCore

/// A line chart: series of points over shared axes, with optional vertical markers and Bézier
/// handles. Drawn by `ChartRenderer`; used by `zoetrope curve --plot`.
public struct Chart: Sendable {
    /// One line, named in the legend.
    public struct Series: Sendable {
        public var name: String
        public var points: [Vector2]
        /// nil picks the next colour of the palette.
        public var color: Color?
        public var dashed: Bool

        public init(name: String, points: [Vector2], color: Color? = nil, dashed: Bool = false) {
            self.name = name
            self.points = points
            self.color = color
            self.dashed = dashed
        }
    }

    /// A labelled vertical line at `x` (an event, a settling time).
    public struct Marker: Sendable {
        public var x: Double
        public var label: String
        /// The series whose colour it takes, by index; nil for grey.
        public var series: Int?

        public init(x: Double, label: String, series: Int? = nil) {
            self.x = x
            self.label = label
            self.series = series
        }
    }

    /// A control-point handle: a thin line from `anchor` to `point`, with a dot at `point`,
    /// as cubic-Bézier diagrams draw them.
    public struct Handle: Sendable {
        public var anchor: Vector2
        public var point: Vector2
        public var series: Int

        public init(anchor: Vector2, point: Vector2, series: Int) {
            self.anchor = anchor
            self.point = point
            self.series = series
        }
    }

    public var title: String
    public var xLabel: String
    public var yLabel: String
    public var series: [Series]
    public var markers: [Marker] = []
    public var handles: [Handle] = []
    /// Horizontal guide lines (0 and 1 for progress).
    public var guides: [Double] = []
    /// The span of the x axis; nil fits it to the data (from 0). Charts stacked over a
    /// `StateBand` share one.
    public var xRange: ClosedRange<Double>?

    public init(title: String, xLabel: String, yLabel: String, series: [Series]) {
        self.title = title
        self.xLabel = xLabel
        self.yLabel = yLabel
        self.series = series
    }

    /// Distinct, colour-blind-friendly colours (Okabe–Ito), used in order.
    public static let palette: [Color] = ["#0072B2", "#D55E00", "#009E73", "#CC79A7", "#E69F00", "#56B4E9",
                                          "#000000", "#F0E442"].compactMap(Color.init(hex:))

    /// The colour of series `index`.
    public func color(ofSeries index: Int) -> Color {
        series[index].color ?? Self.palette[index % Self.palette.count]
    }
}

/// "Nice" tick values covering a range: steps of 1, 2 or 5 times a power of ten.
enum Ticks {
    /// At most `2 × count + 1` ticks, for any finite range: a span past Double's range is
    /// divided before it is taken (−1e308...1e308), and the ticks stop where a step no longer
    /// moves the value on (a step below the values' precision).
    static func values(from low: Double, to high: Double, count: Int = 6) -> [Double] {
        guard high > low, low.isFinite, high.isFinite else { return [low] }
        let parts = Double(max(count - 1, 1))
        var rough = (high - low) / parts
        if !rough.isFinite { rough = high / parts - low / parts }
        let magnitude = pow10(floorLog10(rough))
        let step = [1.0, 2, 5, 10].map { $0 * magnitude }.first { $0 >= rough } ?? 10 * magnitude
        var value = (low / step).rounded(.up) * step
        var ticks: [Double] = []
        for _ in 0...(2 * max(count, 1)) {
            guard value <= high + step * 1e-9, value.isFinite else { break }
            ticks.append(abs(value) < step * 1e-9 ? 0 : value)
            let next = value + step
            guard next > value else { break }
            value = next
        }
        return ticks.isEmpty ? [low] : ticks
    }

    /// A tick's label without float noise: 0.30000000000000004 → "0.3"; from 1e15 on, or for
    /// steps below 1e-9, in powers of ten to the step's precision: 1.0000000000000002e+300 → "1e300".
    static func label(_ value: Double, step: Double) -> String {
        if abs(value) >= 1e15 || step >= 1e15 || step < 1e-9, value.isFinite, step.isFinite, step > 0 {
            guard value != 0 else { return "0" }
            let power = floorLog10(value), precision = min(max(power - floorLog10(step), 0), 15)
            let mantissa = (value / pow10(power - precision)).rounded() / pow10(precision)
            let text = String(mantissa)
            return (text.hasSuffix(".0") ? String(text.dropLast(2)) : text) + "e\(power)"
        }
        let decimals = max(0, -floorLog10(step))
        let scale = pow10(decimals)
        let rounded = (value * scale).rounded() / scale
        if decimals == 0 { return abs(rounded) < 1e15 ? String(Int(saturating: rounded)) : String(rounded) }
        var text = String(rounded)
        if let dot = text.firstIndex(of: ".") {
            let have = text.distance(from: dot, to: text.endIndex) - 1
            if have < decimals { text += String(repeating: "0", count: decimals - have) }
        }
        return text
    }

    private static func floorLog10(_ value: Double) -> Int {
        var exponent = 0, v = abs(value)
        guard v > 0, v.isFinite else { return 0 }
        while v >= 10 { v /= 10; exponent += 1 }
        while v < 1 { v *= 10; exponent -= 1 }
        return exponent
    }

    private static func pow10(_ exponent: Int) -> Double {
        var result = 1.0
        for _ in 0..<abs(exponent) { result *= 10 }
        return exponent < 0 ? 1 / result : result
    }
}
