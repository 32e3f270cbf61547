import ZoetropeCore

/// A value of an animatable property as JSON: numbers, or a bezier shape.
protocol LottieJSONValue {
    /// The value as a fixed property's `k` (one number is written bare, as Bodymovin writes a
    /// scalar).
    var fixedJSON: JSONText { get }
    /// The value as a keyframe's `s` or `e` (always a list).
    var keyJSON: JSONText { get }
}

extension [Double]: LottieJSONValue {
    var fixedJSON: JSONText { count == 1 ? .number(self[0]) : keyJSON }
    var keyJSON: JSONText { .array(map { .number($0) }) }
}

extension LottieBezier: LottieJSONValue {
    var fixedJSON: JSONText {
        func points(_ list: [Vector2]) -> JSONText { .array(list.map { .array([.number($0.x), .number($0.y)]) }) }
        return .object([("i", points(inTangents)), ("o", points(outTangents)), ("v", points(vertices)), ("c", .bool(closed))])
    }

    var keyJSON: JSONText { .array([fixedJSON]) }
}

extension LottieProperty where Value: LottieJSONValue {
    /// The property as Lottie writes it: `{"a": 0, "k": value}`, or `{"a": 1, "k": [keys]}`
    /// with a loop as the `loopOut`/`loopIn` expression it was read from.
    var json: JSONText {
        switch self {
        case .fixed(let value):
            return .object([("a", .number(0)), ("k", value.fixedJSON)])
        case .keyed(let keys):
            return .object([("a", .number(1)), ("k", .array(keys.map(\.json)))])
        case let .looped(keys, out, loopIn):
            let expression = [out.map { $0.expression(name: "loopOut") }, loopIn.map { $0.expression(name: "loopIn") }]
                .compactMap { $0 }.joined(separator: ";")
            return .object([("a", .number(1)), ("k", .array(keys.map(\.json))), ("x", .string(expression))])
        }
    }
}

extension LottieKey where Value: LottieJSONValue {
    /// The keyframe as Lottie writes it: `t`, `s`, the old format's `e`, a hold `h`, the easing
    /// `o` and `i` (per dimension), and a position's tangents `to` and `ti`.
    var json: JSONText {
        func numbers(_ list: [Double]) -> JSONText { .array(list.map { .number($0) }) }
        func ease(_ ease: (x: [Double], y: [Double])) -> JSONText? {
            ease.x.isEmpty && ease.y.isEmpty ? nil : .object([("x", numbers(ease.x)), ("y", numbers(ease.y))])
        }
        let pairs: [(String, JSONText?)] = [
            ("t", .number(time)), ("s", value.keyJSON), ("e", end?.keyJSON), ("h", hold ? .number(1) : nil),
            ("o", ease(easeOut)), ("i", ease(easeIn)), ("to", tangentOut.map(numbers)), ("ti", tangentIn.map(numbers)),
        ]
        return .object(pairs.compactMap { key, value in value.map { (key, $0) } })
    }
}

extension LottieLoop {
    /// The expression this loop is read from (`loopOut('cycle', 0)`).
    func expression(name: String) -> String { "\(name)('\(kind.rawValue)', \(keyCount))" }
}
