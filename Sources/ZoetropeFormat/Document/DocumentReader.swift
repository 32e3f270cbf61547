import ZoetropeCore

/// Reads typed values out of a `DocumentNode`, recording a diagnostic for every problem and
/// returning nil for the value, so that one pass reports everything that is wrong.
final class DocumentReader {
    let file: String
    private(set) var diagnostics: [SceneDiagnostic] = []
    /// The layers read, whatever else the document got wrong: what checks that need only the
    /// layers (fonts installed, images that decode) look at when the scene cannot be made.
    var layers: [Layer] = []

    /// The document read, to name list elements by id in paths.
    let root: DocumentNode?
    /// Where each `--set` wrote: a problem there came from the command line, not the file.
    let overridden: [(path: DocumentPath, override: SceneOverride)]

    init(file: String, root: DocumentNode? = nil, overridden: [(path: DocumentPath, override: SceneOverride)] = []) {
        self.file = file
        self.root = root
        self.overridden = overridden
    }

    func report(_ path: DocumentPath, _ message: String, kind: SceneDiagnostic.Kind = .invalid) {
        var text = root.map { path.description(naming: $0) } ?? path.description
        if let source = overridden.last(where: { path.starts(with: $0.path) }) {
            text += " (from \(source.override.origin) \(source.override))"
        }
        diagnostics.append(SceneDiagnostic(file: file, path: text, message: message, kind: kind))
    }

    // MARK: - Structure

    /// The pairs of a mapping; reports keys outside `allowed`, with the list of allowed ones.
    func mapping(_ node: DocumentNode, at path: DocumentPath, allowed: [String]) -> [(key: String, value: DocumentNode)]? {
        guard case .mapping(let pairs, _) = node else {
            report(path, "expected a mapping with keys \(allowed.joined(separator: ", ")) (found \(node.kindPhrase))")
            return nil
        }
        for pair in pairs where !allowed.contains(pair.key) {
            report(path / pair.key, "unknown key \"\(pair.key)\" (\(NearestName.hint(for: pair.key, among: allowed))expected one of: \(allowed.joined(separator: ", ")))")
        }
        return pairs.filter { allowed.contains($0.key) }.map { (key: $0.key, value: $0.value) }
    }

    /// The elements of a list of at most `limit` (a `SceneLimits` count). A longer list is
    /// reported with the limit and not read at all, so what it costs stays within the limit.
    func sequence(_ node: DocumentNode, at path: DocumentPath, of what: String, atMost limit: Int) -> [DocumentNode]? {
        guard case .sequence(let items, _) = node else {
            report(path, "expected a list of \(what) (found \(node.kindPhrase))")
            return nil
        }
        guard items.count <= limit else {
            report(path, "expected at most \(limit) \(what) (found \(items.count))")
            return nil
        }
        return items
    }

    // MARK: - Scalars

    /// A finite number.
    func number(_ node: DocumentNode, at path: DocumentPath) -> Double? {
        guard case .scalar(let text, let quoted, _) = node, !quoted, let value = Self.parseNumber(text) else {
            report(path, "expected a number (found \(node.kindPhrase))")
            return nil
        }
        guard value.isFinite else {
            report(path, "expected a finite number (found \(text))")
            return nil
        }
        return value
    }

    /// A finite number satisfying `range`, described in messages as `expected`.
    func number(_ node: DocumentNode, at path: DocumentPath, where isValid: (Double) -> Bool,
                expected: String) -> Double? {
        guard let value = number(node, at: path) else { return nil }
        guard isValid(value) else {
            report(path, "must be \(expected) (found \(Self.format(value)))")
            return nil
        }
        return value
    }

    /// A finite number within `range` ("must be within 0...100000 (found 1e+10)").
    func number(_ node: DocumentNode, at path: DocumentPath, within range: NumberRange) -> Double? {
        number(node, at: path, where: range.contains, expected: range.description)
    }

    /// `[x, y]` with both components within `range`, each reported at its own index.
    func vector(_ node: DocumentNode, at path: DocumentPath, within range: NumberRange) -> Vector2? {
        guard case .sequence(let items, _) = node, items.count == 2 else {
            report(path, "expected a pair [x, y] (found \(node.kindPhrase))")
            return nil
        }
        let x = number(items[0], at: path / 0, within: range), y = number(items[1], at: path / 1, within: range)
        guard let x, let y else { return nil }
        return Vector2(x, y)
    }

    func positive(_ node: DocumentNode, at path: DocumentPath) -> Double? {
        number(node, at: path, where: { $0 > 0 }, expected: "> 0")
    }

    func nonNegative(_ node: DocumentNode, at path: DocumentPath) -> Double? {
        number(node, at: path, where: { $0 >= 0 }, expected: ">= 0")
    }

    func unit(_ node: DocumentNode, at path: DocumentPath) -> Double? {
        number(node, at: path, where: { (0...1).contains($0) }, expected: "within 0...1")
    }

    func string(_ node: DocumentNode, at path: DocumentPath) -> String? {
        guard case .scalar(let text, _, _) = node else {
            report(path, "expected a string (found \(node.kindPhrase))")
            return nil
        }
        return text
    }

    func bool(_ node: DocumentNode, at path: DocumentPath) -> Bool? {
        if case .scalar(let text, false, _) = node {
            if text == "true" { return true }
            if text == "false" { return false }
        }
        report(path, "expected true or false (found \(node.kindPhrase))")
        return nil
    }

    /// One of the raw values of `T`.
    func choice<T: RawRepresentable & CaseIterable>(_ node: DocumentNode, at path: DocumentPath,
                                                     of type: T.Type) -> T? where T.RawValue == String {
        guard let text = string(node, at: path) else { return nil }
        guard let value = T(rawValue: text) else {
            let names = T.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", ")
            report(path, "expected one of \(names) (found \"\(text)\")")
            return nil
        }
        return value
    }

    /// `[x, y]` with two finite numbers.
    func vector(_ node: DocumentNode, at path: DocumentPath) -> Vector2? {
        guard case .sequence(let items, _) = node, items.count == 2 else {
            report(path, "expected a pair [x, y] (found \(node.kindPhrase))")
            return nil
        }
        guard let x = number(items[0], at: path / 0), let y = number(items[1], at: path / 1) else { return nil }
        return Vector2(x, y)
    }

    /// A number or a pair; a single number means both components.
    func vectorOrNumber(_ node: DocumentNode, at path: DocumentPath) -> Vector2? {
        if case .sequence = node { return vector(node, at: path) }
        return number(node, at: path).map { Vector2($0, $0) }
    }

    func color(_ node: DocumentNode, at path: DocumentPath) -> Color? {
        if case .sequence(let items, _) = node, items.count == 4 {
            // [red, green, blue, alpha] in 0...1: any sRGB colour exactly (a written scene's).
            let components = items.enumerated().compactMap { unit($1, at: path / $0) }
            guard components.count == 4 else { return nil }
            return Color(red: components[0], green: components[1], blue: components[2], alpha: components[3])
        }
        guard case .scalar(let text, _, _) = node, let color = Self.parseColor(text) else {
            report(path, "expected a colour: \"#RGB\", \"#RGBA\", \"#RRGGBB\", \"#RRGGBBAA\", one of clear, transparent, black, white, or [red, green, blue, alpha] within 0...1 (found \(node.kindPhrase))")
            return nil
        }
        return color
    }

    /// Radians as a number, or a string with a unit: `"90deg"`, `"1.2rad"`, `"0.25turn"`.
    func angle(_ node: DocumentNode, at path: DocumentPath) -> Double? {
        guard case .scalar(let text, _, _) = node, let radians = Self.parseAngle(text) else {
            report(path, "expected an angle: radians, or a string such as \"90deg\", \"1.5rad\", \"0.25turn\" (found \(node.kindPhrase))")
            return nil
        }
        guard radians.isFinite else {
            report(path, "expected a finite angle (found \(text))")
            return nil
        }
        return radians
    }

    // MARK: - Parsing text

    static func parseNumber(_ text: String) -> Double? {
        switch text {
        case ".inf", ".Inf", ".INF", "+.inf": return .infinity
        case "-.inf", "-.Inf", "-.INF": return -.infinity
        case ".nan", ".NaN", ".NAN": return .nan
        default: break
        }
        guard let first = text.first, first.isNumber || first == "-" || first == "+" || first == "." else { return nil }
        return Double(text)
    }

    static func parseColor(_ text: String) -> Color? {
        switch text {
        case "clear", "transparent": return .clear
        case "black": return .black
        case "white": return .white
        default: return Color(hex: text)
        }
    }

    static func parseAngle(_ text: String) -> Double? {
        let units: [(suffix: String, radians: Double)] = [("deg", .pi / 180), ("rad", 1), ("turn", 2 * .pi)]
        for unit in units where text.hasSuffix(unit.suffix) {
            return parseNumber(String(text.dropLast(unit.suffix.count)).trimmingSpaces).map { $0 * unit.radians }
        }
        return parseNumber(text)
    }

    /// A number as a message shows it: `-1`, not `-1.0`.
    static func format(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int(saturating: value)) : String(value)
    }
}

extension String {
    var trimmingSpaces: String {
        String(drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
    }
}
