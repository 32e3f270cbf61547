import ZoetropeCore

/// A JSON value with its keys in the order they were written (a scene file's, the schema's),
/// printed so that it reads back exactly: numbers in Swift's shortest form that parses to the
/// same `Double`.
package indirect enum JSONText: Sendable {
    case object([(key: String, value: JSONText)])
    case array([JSONText])
    case number(Double)
    case string(String)
    case bool(Bool)

    /// The value as text, two spaces an indent; short arrays of numbers stay on one line.
    package func printed(indent: String = "") -> String {
        switch self {
        case .number(let number): return Self.format(number)
        case .string(let text): return Self.quoted(text)
        case .bool(let flag): return flag ? "true" : "false"
        case .array(let items):
            if items.isEmpty { return "[]" }
            if items.allSatisfy(\.isScalar) { return "[" + items.map { $0.printed() }.joined(separator: ", ") + "]" }
            let inner = indent + "  "
            return "[\n" + items.map { inner + $0.printed(indent: inner) }.joined(separator: ",\n") + "\n" + indent + "]"
        case .object(let pairs):
            if pairs.isEmpty { return "{}" }
            let inner = indent + "  "
            return "{\n" + pairs.map { inner + Self.quoted($0.key) + ": " + $0.value.printed(indent: inner) }.joined(separator: ",\n")
                + "\n" + indent + "}"
        }
    }

    /// The value on one line without spaces (a Lottie file, which people do not read).
    package func compact() -> String {
        switch self {
        case .number(let number): Self.format(number)
        case .string(let text): Self.quoted(text)
        case .bool(let flag): flag ? "true" : "false"
        case .array(let items): "[" + items.map { $0.compact() }.joined(separator: ",") + "]"
        case .object(let pairs): "{" + pairs.map { Self.quoted($0.key) + ":" + $0.value.compact() }.joined(separator: ",") + "}"
        }
    }

    /// The value as block YAML (what the scene reader takes, and easier to read and edit than
    /// JSON): mappings and lists of mappings as indented blocks, short lists on one line, keys
    /// and words plain, other strings double-quoted with JSON's escapes (which YAML shares).
    func yaml() -> String {
        switch self {
        case .object, .array: yamlLines(indent: "").joined(separator: "\n")
        default: flow
        }
    }

    private func yamlLines(indent: String) -> [String] {
        switch self {
        case .object(let pairs) where !pairs.isEmpty:
            return pairs.flatMap { key, value -> [String] in
                let key = Self.yamlWord(key) ?? Self.quoted(key)
                guard let inline = value.yamlInline else { return [indent + key + ":"] + value.yamlLines(indent: indent + "  ") }
                return [indent + key + ": " + inline]
            }
        case .array(let items) where !items.isEmpty:
            return items.flatMap { item -> [String] in
                if let inline = item.yamlInline { return [indent + "- " + inline] }
                // The item's block at two more spaces, its first line carrying the dash.
                var lines = item.yamlLines(indent: indent + "  ")
                lines[0] = indent + "- " + lines[0].dropFirst(indent.count + 2)
                return lines
            }
        default:
            return [indent + flow]
        }
    }

    /// The value on one line, when it is a scalar, empty, or a short list of them.
    private var yamlInline: String? {
        switch self {
        case .object(let pairs): return pairs.isEmpty ? "{}" : nil
        case .array(let items):
            guard items.allSatisfy(\.isFlowable) else { return nil }
            let line = flow
            // A long list of numbers stays on a line; a long list of points takes a line each.
            return line.count <= 100 || items.allSatisfy({ if case .number = $0 { true } else { false } }) ? line : nil
        default: return flow
        }
    }

    /// Numbers, words and lists of them, in YAML's flow style.
    private var flow: String {
        switch self {
        case .number(let number): Self.format(number)
        case .string(let text): Self.yamlWord(text) ?? Self.quoted(text)
        case .bool(let flag): flag ? "true" : "false"
        case .array(let items): "[" + items.map(\.flow).joined(separator: ", ") + "]"
        case .object(let pairs): "{" + pairs.map { (Self.yamlWord($0.key) ?? Self.quoted($0.key)) + ": " + $0.value.flow }.joined(separator: ", ") + "}"
        }
    }

    private var isFlowable: Bool {
        switch self {
        case .number, .string, .bool: true
        case .array(let items): items.allSatisfy(\.isFlowable)
        case .object(let pairs): pairs.isEmpty
        }
    }

    /// `text` unquoted when YAML reads it back as the same string: an identifier, possibly
    /// dotted (`frog.position`), that no YAML schema takes for a boolean, null or number.
    private static func yamlWord(_ text: String) -> String? {
        func letter(_ scalar: Unicode.Scalar) -> Bool { ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) }
        guard let first = text.unicodeScalars.first, letter(first), text.last != ".",
              text.unicodeScalars.allSatisfy({ letter($0) || ("0"..."9").contains($0) || $0 == "_" || $0 == "." }),
              !yamlReserved.contains(text.lowercased()) else { return nil }
        return text
    }

    private static let yamlReserved: Set<String> = ["y", "n", "yes", "no", "on", "off", "true", "false", "null", "nan", "inf"]

    private var isScalar: Bool {
        switch self {
        case .number, .string, .bool: true
        case .array(let items): items.allSatisfy { if case .number = $0 { true } else { false } }
        case .object: false
        }
    }

    /// A whole number without a fraction (`760`), else Swift's shortest round-trip form
    /// (`0.1`, `1e-07`), which the scene reader's `Double(_:)` turns back into the same bits.
    package static func format(_ number: Double) -> String {
        if number == 0 { return number.sign == .minus ? "-0.0" : "0" }
        if number == number.rounded(), abs(number) < 1e15 { return String(Int(saturating: number)) }
        return number.description
    }

    /// `text` as a JSON string: quotes, backslashes and control characters escaped.
    package static func quoted(_ text: String) -> String {
        // Most strings (ids, numbers' words, path data) need no escape: copied whole.
        if text.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F && $0 != UInt8(ascii: "\"") && $0 != UInt8(ascii: "\\") }) {
            return "\"" + text + "\""
        }
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case _ where scalar.value < 0x20 || scalar.value == 0x7F || (0x80...0x9F).contains(scalar.value)
                || scalar.value == 0xFEFF || scalar.value == 0xFFFE || scalar.value == 0xFFFF:
                result += "\\u" + String(repeating: "0", count: 4 - String(scalar.value, radix: 16).count) + String(scalar.value, radix: 16)
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result + "\""
    }
}
