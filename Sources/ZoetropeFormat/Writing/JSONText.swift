import ZoetropeCore

/// A JSON value with its keys in the order they were written (a scene file's, the schema's),
/// printed so that it reads back exactly: numbers in Swift's shortest form that parses to the
/// same `Double`.
indirect enum JSONText {
    case object([(key: String, value: JSONText)])
    case array([JSONText])
    case number(Double)
    case string(String)
    case bool(Bool)

    /// The value as text, two spaces an indent; short arrays of numbers stay on one line.
    func printed(indent: String = "") -> String {
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

    private var isScalar: Bool {
        switch self {
        case .number, .string, .bool: true
        case .array(let items): items.allSatisfy { if case .number = $0 { true } else { false } }
        case .object: false
        }
    }

    /// A whole number without a fraction (`760`), else Swift's shortest round-trip form
    /// (`0.1`, `1e-07`), which the scene reader's `Double(_:)` turns back into the same bits.
    static func format(_ number: Double) -> String {
        if number == 0 { return number.sign == .minus ? "-0.0" : "0" }
        if number == number.rounded(), abs(number) < 1e15 { return String(Int(saturating: number)) }
        return number.description
    }

    /// `text` as a JSON string: quotes, backslashes and control characters escaped.
    static func quoted(_ text: String) -> String {
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
