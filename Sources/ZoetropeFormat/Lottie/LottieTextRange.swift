import RealModule
import ZoetropeCore

/// A range selector (`LottieTextSelector`) at one frame: how much of each unit of the text
/// (a character, a character other than a space, a word or a line) it selects, from 0 to its
/// amount. The rules are lottie-web's (`TextSelectorProp`), which lottie-ios, ThorVG and
/// rlottie follow where they draw selectors at all:
/// - start and end are percent of the units (`r` 1) or unit indices (`r` 2), both moved by the
///   offset, swapped when the start is past the end; the end is 100 % (or every unit) unless given;
/// - square: the share of unit i's span [i, i + 1] that lies between start and end;
/// - ramp up, ramp down and triangle: from the unit's centre (i + ½) along start…end;
///   round: a half ellipse, smooth: half a cosine wave, over start…end;
/// - then eased by ease low and high (`ne`, `xe`, percent): the curve (ne, 0, 1 − xe, 1) for
///   positive values, (0, −ne, 1, 1 + xe) for negative ones; then narrowed by smoothness below
///   100 % (values under ½ − smoothness⁄2 are 0, the rest stretched over it); then times the
///   amount (`a`, percent; negative selects the other way).
struct LottieTextRange: Sendable {
    var start: Double
    var end: Double
    var shape: Int
    var easing: CubicTimingParameters?
    /// Percent.
    var smoothness: Double
    /// The most a unit is selected (1 is all of it).
    var amount: Double

    /// `selector` at `frame`, over a text of `count` units (nil selects all of the text).
    init(_ selector: LottieTextSelector?, at frame: Double, units count: Int) {
        func value(_ property: LottieProperty<[Double]>?, _ fallback: Double) -> Double {
            property.map { $0.value(at: frame).first ?? fallback } ?? fallback
        }
        let byIndex = selector?.units == 2
        let divisor = byIndex ? 1 : 100 / Double(max(count, 1))
        let offset = value(selector?.offset, 0) / divisor
        let first = value(selector?.start, 0) / divisor + offset
        let last = value(selector?.end, byIndex ? Double(count) : 100) / divisor + offset
        (start, end) = (min(first, last), max(first, last))
        shape = Int(saturating: selector?.shape ?? 1)
        let low = value(selector?.easeLow, 0), high = value(selector?.easeHigh, 0)
        let x1 = low > 0 ? low / 100 : 0, y1 = low > 0 ? 0 : -low / 100
        let x2 = high > 0 ? 1 - high / 100 : 1, y2 = high > 0 ? 1 : 1 + high / 100
        easing = (x1, y1, x2, y2) == (0, 0, 1, 1) ? nil : LottieEasing.curve(x1, y1, x2, y2)
        smoothness = value(selector?.smoothness, 100)
        amount = value(selector?.amount, 100) / 100
    }

    /// How much unit `index` is selected: 0 outside the range, up to `amount` inside.
    func amount(ofUnit index: Double) -> Double {
        let (s, e) = (start, end), width = end - start
        // The unit's centre along start…end, clamped to 0…1 (the ramps and the triangle).
        var along: Double { max(0, min(0.5 / width + (index - s) / width, 1)) }
        // The unit's centre from the start, within the range (the round and smooth shapes).
        var inside: Double { min(max(0, index + 0.5 - s), width) }
        var selected: Double
        switch shape {
        case 2: selected = width == 0 ? (index >= e ? 1 : 0) : along
        case 3: selected = width == 0 ? (index >= e ? 0 : 1) : 1 - along
        case 4: selected = width == 0 ? 0 : (along < 0.5 ? 2 * along : 2 - 2 * along)
        case 5:
            let radius = width / 2, x = inside - radius
            selected = width == 0 ? 0 : max(0, 1 - x * x / (radius * radius)).squareRoot()
        case 6: selected = width == 0 ? 0 : (1 + Double.cos(.pi + 2 * .pi * inside / width)) / 2
        default: selected = max(0, min(min(e, index + 1) - max(s, index), 1))
        }
        if let easing { selected = easing.progress(atFraction: selected) }
        if smoothness != 100 {
            let narrowed = max(smoothness / 100, 1e-8), threshold = 0.5 - narrowed / 2
            selected = selected < threshold ? 0 : min((selected - threshold) / narrowed, 1)
        }
        return selected * amount
    }

    /// The unit index of each of `characters` (with the line each is on) and how many units
    /// there are, counted as lottie-web counts them: every character (`basedOn` 1); characters
    /// other than spaces, a space sharing the next one's index (2); words, a space ending the
    /// word before it and a line break ending a word too (3); lines (4). With `randomized`, the
    /// units are shuffled, by a fixed seed so that every reading draws the same frames
    /// (lottie-web shuffles at random each time it loads the file).
    static func units(of characters: [(character: Character, line: Int)], basedOn: Int,
                      randomized: Bool) -> (indices: [Int], count: Int) {
        var indices: [Int] = [], index = 0
        for (position, (character, line)) in characters.enumerated() {
            if position > 0, line != characters[position - 1].line, basedOn == 3 || basedOn == 4 { index += 1 }
            indices.append(index)
            let last = position == characters.count - 1
            switch basedOn {
            case 2: if character != " " { index += 1 }
            case 3: if character == " " || last { index += 1 }
            case 4: if last { index += 1 }
            default: index += 1
            }
        }
        guard randomized, index > 1 else { return (indices, index) }
        var order = Array(0..<index), generator = SplitMix64(seed: 0x5EED)
        for position in stride(from: index - 1, to: 0, by: -1) {
            order.swapAt(position, Int(generator.next() % UInt64(position + 1)))
        }
        return (indices.map { order[$0] }, index)
    }
}

/// SplitMix64 (Steele, Lea and Flood, 2014): a small generator whose sequence is fixed by its seed.
private struct SplitMix64 {
    var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
