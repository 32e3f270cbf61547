/// A comma-separated list of numbers as the command line gives them: `--at 0,0.5,1.5` (times in
/// seconds, for `sample`, `test` and `sweep`) and `curve`'s `--at` (fractions) and `--at-time`
/// (times). The one parser of such lists, so every command reads `--at` alike.
///
/// Each comma-separated part, spaces and tabs at its ends trimmed, must be a finite number in
/// the kind's range; an empty part (`1,,2`, a trailing comma, an empty list) is an error, as a
/// number with a space inside (`1 2`) is.
///
///     try NumberList.parse("0, 1.5", option: "--at", as: .times)  // [0, 1.5]
///     try NumberList.parse("-1", option: "--at", as: .times)
///     // throws: --at: "-1" is not a time in seconds >= 0
public enum NumberList {
    /// What the numbers are, and so the range they must lie in.
    public enum Kind: Sendable {
        /// Seconds, `0...` (finite).
        case times
        /// Fractions of a duration, `0...1`.
        case fractions

        var range: ClosedRange<Double> {
            switch self {
            case .times: 0...Double.greatestFiniteMagnitude
            case .fractions: 0...1
            }
        }

        var expected: String {
            switch self {
            case .times: "a time in seconds >= 0"
            case .fractions: "a fraction within 0...1"
            }
        }
    }

    /// The numbers of `text` in order; `option` names the flag in the error.
    public static func parse(_ text: String, option: String, as kind: Kind) throws(NumberListError) -> [Double] {
        var numbers: [Double] = []
        for part in text.split(separator: ",", omittingEmptySubsequences: false) {
            guard let number = Double(trimmed(part)), number.isFinite, kind.range.contains(number) else {
                throw NumberListError(option: option, part: String(part), expected: kind.expected)
            }
            numbers.append(number)
        }
        return numbers
    }

    private static func trimmed(_ part: Substring) -> Substring {
        let isBlank: (Character) -> Bool = { $0 == " " || $0 == "\t" }
        guard let first = part.firstIndex(where: { !isBlank($0) }), let last = part.lastIndex(where: { !isBlank($0) }) else { return "" }
        return part[first...last]
    }
}

/// A part of a `NumberList` that is not a number in range:
/// `--at: "-1" is not a time in seconds >= 0`.
public struct NumberListError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The flag, such as `--at`.
    public var option: String
    /// The part as given, spaces and all.
    public var part: String
    /// What the part should have been, such as `a time in seconds >= 0`.
    public var expected: String

    public var description: String { "\(option): \"\(part)\" is not \(expected)" }
}
