/// One `--vary` axis of a sweep: a `--set` key and the values it takes, in order.
///
/// `KEY=V1,V2,…` lists YAML values (commas inside `[…]`, `{…}` and quotes do not split, so
/// `layers.frog.position=[10,20],[30,40]` is two points); `KEY=FROM:TO:STEP` is an inclusive
/// numeric range (`0.2:0.8:0.2` → 0.2, 0.4, 0.6, 0.8; a negative step counts down).
public struct SweepAxis: Hashable, Sendable {
    public var key: String
    public var values: [String]

    public init(key: String, values: [String]) {
        self.key = key
        self.values = values
    }

    /// Parses `KEY=V1,V2,…` or `KEY=FROM:TO:STEP`; throws a usage error (`misuse`).
    public init(parsing text: String) throws(SweepSpecError) {
        if let equals = text.firstIndex(of: "="), text.index(after: equals) == text.endIndex {
            throw SweepSpecError("--vary \(text): the list of values is empty")
        }
        let assignment: SceneOverride
        do {
            assignment = try SceneOverride(parsing: text)
        } catch {
            throw SweepSpecError("--vary \(text): \(error.message)")
        }
        key = assignment.key
        if let range = try Self.range(assignment.value, in: text) {
            values = range
            return
        }
        values = try Self.split(assignment.value).map { value throws(SweepSpecError) -> String in
            let trimmed = value.trimmingSpaces
            guard !trimmed.isEmpty else { throw SweepSpecError("--vary \(text): an empty value in the list") }
            return trimmed
        }
    }

    /// The most values a range may produce before it is refused outright, `--force` or not.
    static let rangeLimit = 1_000_000

    /// The values of `FROM:TO:STEP`, or nil when `text` is not three numbers separated by colons.
    private static func range(_ text: String, in argument: String) throws(SweepSpecError) -> [String]? {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false).map { String($0).trimmingSpaces }
        guard parts.count == 3, let from = Double(parts[0]), let to = Double(parts[1]), let step = Double(parts[2]) else {
            return nil
        }
        guard from.isFinite, to.isFinite, step.isFinite else {
            throw SweepSpecError("--vary \(argument): FROM, TO and STEP must be finite numbers")
        }
        guard step != 0 else { throw SweepSpecError("--vary \(argument): the step must not be 0") }
        guard (to - from) * step >= 0 else {
            throw SweepSpecError("--vary \(argument): a step of \(parts[2]) never reaches \(parts[1]) from \(parts[0]); \(step > 0 ? "count down with a negative step" : "count up with a positive step")")
        }
        // A tolerance of a millionth of a step keeps 0:1:0.1 from losing its last value to rounding.
        let steps = ((to - from) / step + 1e-6).rounded(.down)
        guard steps < Double(rangeLimit) else {
            throw SweepSpecError("--vary \(argument): \(Int(saturating: min(steps, 1e15)) + 1) values; a range may give at most \(rangeLimit)")
        }
        // Values are rounded to the decimals written, so 0.1 + 2 × 0.1 reads 0.3, not 0.30000000000000004.
        let decimals = parts.map(Self.decimals).max() ?? 0
        return (0...Int(saturating: steps)).map { index in
            formatNumber(roundTo(from + Double(index) * step, decimals: decimals))
        }
    }

    /// Digits after the decimal point as written (`0.25` → 2); exponent forms count as 12.
    private static func decimals(_ text: String) -> Int {
        if text.contains(where: { $0 == "e" || $0 == "E" }) { return 12 }
        guard let dot = text.firstIndex(of: ".") else { return 0 }
        return text.distance(from: dot, to: text.endIndex) - 1
    }

    private static func roundTo(_ value: Double, decimals: Int) -> Double {
        var scale = 1.0
        for _ in 0..<min(decimals, 15) { scale *= 10 }
        return (value * scale).rounded() / scale
    }

    /// Splits at the commas outside brackets, braces and quotes.
    private static func split(_ text: String) throws(SweepSpecError) -> [String] {
        var parts: [String] = [], current = "", depth = 0
        var quote: Character?
        for character in text {
            if let open = quote {
                if character == open { quote = nil }
                current.append(character)
                continue
            }
            switch character {
            case "\"", "'": quote = character
            case "[", "{": depth += 1
            case "]", "}": depth -= 1
            case "," where depth == 0:
                parts.append(current)
                current = ""
                continue
            default: break
            }
            current.append(character)
        }
        guard depth == 0, quote == nil else {
            throw SweepSpecError("--vary: unbalanced brackets or quotes in \(text)")
        }
        parts.append(current)
        return parts
    }
}

/// A sweep's variants: the cartesian product of its axes (the first axis varies slowest), or,
/// zipped, the axes' values taken side by side.
public struct SweepPlan: Hashable, Sendable {
    /// More variants than this need `--force`.
    public static let variantLimit = 10_000

    public var axes: [SweepAxis]
    public var zipped: Bool
    public let variants: [SweepVariant]
    /// Each axis's name in labels: `dampingRatio`, or `move.duration` beside `fade.duration`.
    public let axisNames: [String]

    public init(axes: [SweepAxis], zipped: Bool, force: Bool = false) throws(SweepSpecError) {
        guard !axes.isEmpty else { throw SweepSpecError("give at least one --vary KEY=V1,V2,…") }
        var seen: Set<String> = []
        for axis in axes where !seen.insert(axis.key).inserted {
            throw SweepSpecError("--vary \(axis.key) is given twice; list all its values in one --vary")
        }
        let count: Int
        if zipped {
            let lengths = Set(axes.map(\.values.count))
            guard lengths.count == 1, let length = lengths.first else {
                let listed = axes.map { "\($0.key) has \($0.values.count)" }.joined(separator: ", ")
                throw SweepSpecError("--zip pairs the lists value by value, so they must be equally long (\(listed))")
            }
            count = length
        } else {
            // Multiplied with a cap, so a huge product cannot overflow.
            count = axes.reduce(1) { product, axis in min(product * axis.values.count, Int(Int32.max)) }
        }
        if count > Self.variantLimit && !force {
            throw SweepSpecError("\(count >= Int(Int32.max) ? "over 2 billion" : String(count)) variants; more than \(Self.variantLimit) need --force")
        }
        guard count <= SweepAxis.rangeLimit else {
            throw SweepSpecError("\(count >= Int(Int32.max) ? "over 2 billion" : String(count)) variants; a sweep may have at most \(SweepAxis.rangeLimit), --force or not")
        }
        self.axes = axes
        self.zipped = zipped
        let names = Self.shortNames(axes.map(\.key))
        axisNames = names
        var choices: [[Int]]
        if zipped {
            choices = (0..<count).map { index in axes.map { _ in index } }
        } else {
            choices = [[]]
            for axis in axes {
                choices = choices.flatMap { prefix in axis.values.indices.map { prefix + [$0] } }
            }
        }
        // Labels cut to the same folder name get -2, -3, …; each name remembers its next suffix,
        // so ten thousand variants that share a name are numbered in one pass, not in n² tries.
        var folders: Set<String> = [], nextSuffix: [String: Int] = [:]
        variants = choices.map { picks in
            let overrides = zip(axes, picks).map { SceneOverride(key: $0.key, value: $0.values[$1], origin: "--vary") }
            let label = zip(names, overrides).map { "\($0)=\($1.value)" }.joined(separator: ",")
            let base = Self.folderName(label)
            var folder = base
            while !folders.insert(folder).inserted {
                let suffix = nextSuffix[base, default: 2]
                nextSuffix[base] = suffix + 1
                folder = base + "-\(suffix)"
            }
            return SweepVariant(overrides: overrides, label: label, folder: folder)
        }
    }

    /// The shortest trailing part of each key that tells the keys apart: `dampingRatio` for
    /// `animators.move.timing.spring.dampingRatio`, `move.duration` and `fade.duration` for two
    /// durations.
    static func shortNames(_ keys: [String]) -> [String] {
        let segments = keys.map { $0.split(separator: ".").map(String.init) }
        var lengths = segments.map { _ in 1 }
        while true {
            let names = segments.indices.map { segments[$0].suffix(lengths[$0]).joined(separator: ".") }
            var changed = false
            for index in names.indices where names.filter({ $0 == names[index] }).count > 1
                && lengths[index] < segments[index].count {
                lengths[index] += 1
                changed = true
            }
            if !changed { return names }
        }
    }

    /// A label as a folder name: characters a shell or a file system would trip over become
    /// `_`, and a very long label is cut (names must fit in 255 bytes).
    static func folderName(_ label: String) -> String {
        let safe = String(label.map { character -> Character in
            character.isLetter || character.isNumber || "=,._+-[]#@%".contains(character) ? character : "_"
        })
        var name = ""
        for character in safe {
            guard name.utf8.count + character.utf8.count <= 200 else { break }
            name.append(character)
        }
        return name
    }
}

/// One combination of a sweep's values.
public struct SweepVariant: Hashable, Sendable {
    /// The `--set` overrides it applies, in axis order.
    public var overrides: [SceneOverride]
    /// `dampingRatio=0.3,duration=2`: the short key names and the values.
    public var label: String
    /// The folder under the sweep's output the variant is rendered into (the label, made safe).
    public var folder: String
}

/// A malformed sweep: a usage error (`misuse`).
public struct SweepSpecError: Error, Hashable, Sendable, CustomStringConvertible {
    public var message: String

    public init(_ message: String) { self.message = message }

    public var description: String { message }
}

/// The shortest text that reads back as the same number: `2` for 2.0, `0.3` for 0.3.
func formatNumber(_ value: Double) -> String {
    value == value.rounded() && abs(value) < 1e15 ? String(Int(saturating: value)) : "\(value)"
}
