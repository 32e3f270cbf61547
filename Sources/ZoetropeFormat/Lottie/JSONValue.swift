/// A JSON document as a Lottie file holds it: read whole (`JSONParser`), then walked by the
/// reader, which names every place it looks at by its JSON path (`layers[3].ks.p`).
enum JSONValue: Sendable, Equatable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])

    /// Parses `bytes` as one JSON document; nil when they are not JSON.
    static func parse(_ bytes: [UInt8]) -> JSONValue? {
        JSONParser.parse(bytes)
    }

    subscript(key: String) -> JSONValue? {
        guard case .object(let members) = self else { return nil }
        return members[key]
    }

    var number: Double? {
        switch self {
        case .number(let n): n.isFinite ? n : nil
        case .bool(let b): b ? 1 : 0
        default: nil
        }
    }

    var string: String? { if case .string(let s) = self { s } else { nil } }
    var array: [JSONValue]? { if case .array(let items) = self { items } else { nil } }
    var object: [String: JSONValue]? { if case .object(let members) = self { members } else { nil } }

    /// The numbers of a list (a single number is a list of one); nil when any is not a number.
    var numbers: [Double]? {
        if let number { return [number] }
        guard let items = array else { return nil }
        var result: [Double] = []
        result.reserveCapacity(items.count)
        for item in items {
            guard let number = item.number else { return nil }
            result.append(number)
        }
        return result
    }

    /// True for Lottie's truthy flags: `true`, or a number other than 0.
    var isTrue: Bool { number.map { $0 != 0 } ?? false }
}
