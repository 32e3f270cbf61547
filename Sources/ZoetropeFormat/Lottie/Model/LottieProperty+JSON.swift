import ZoetropeCore

/// The keys of an animatable property, its keyframes and a bezier shape, spelled once for
/// reading (`LottieProperty.numbers(_:…)`, `.shapes(_:…)`) and writing (`json`).
enum LottiePropertyKey {
    /// A property: animated or not (`a`), its value or keys (`k`), its expression (`x`).
    static let animated = "a", value = "k", expression = "x"
    /// A keyframe: its frame, start and (old format) end values, hold, easing out and in
    /// (each with `x` and `y` control points), and a position's motion-path tangents.
    static let time = "t", start = "s", end = "e", hold = "h", easeOut = "o", easeIn = "i", tangentOut = "to", tangentIn = "ti"
    static let controlX = "x", controlY = "y"
    /// A bezier shape: closed, vertices, in and out tangents.
    static let closed = "c", vertices = "v", inTangents = "i", outTangents = "o"
}

private typealias Key = LottiePropertyKey

extension LottieProperty where Value == [Double] {
    /// A property of numbers (`{"a": 0, "k": [1, 2]}`, keyframes, or a bare number or list),
    /// nil when unreadable.
    static func numbers(_ json: JSONValue, at path: String, notes: inout LottieNotes) -> Self? {
        guard let k = json[Key.value] else { return json.numbers.map { .fixed($0) } }
        if let items = k.array, let first = items.first, first.object != nil, first[Key.time] != nil {
            return keys(items, at: "\(path).\(Key.value)", notes: &notes) { value, _, _ in value.numbers }
                .map { expressed(.keyed($0), json, at: path, notes: &notes) }
        }
        return k.numbers.map { expressed(.fixed($0), json, at: path, notes: &notes) }
    }
}

extension LottieProperty where Value == LottieBezier {
    /// A property of bezier shapes (a path's `ks`, a mask's `pt`).
    static func shapes(_ json: JSONValue, at path: String, notes: inout LottieNotes) -> Self? {
        guard let k = json[Key.value] else { return nil }
        if let items = k.array, let first = items.first, first[Key.time] != nil {
            return keys(items, at: "\(path).\(Key.value)", notes: &notes) { value, at, notes in
                LottieBezier.decode(value.array?.first ?? value, at: at, notes: &notes)
            }.map { expressed(.keyed($0), json, at: path, notes: &notes) }
        }
        return LottieBezier.decode(k, at: "\(path).\(Key.value)", notes: &notes).map { expressed(.fixed($0), json, at: path, notes: &notes) }
    }
}

extension LottieProperty {
    /// `base` with the property's expression (`x`): keys looped exactly when it is nothing but
    /// `loopOut(…)` or `loopIn(…)`, else the expression compiled by the reading's engine
    /// (`notes.expressions`). One that does not compile, or read without an engine, is
    /// reported, and the property drawn from its keys.
    private static func expressed(_ base: Self, _ json: JSONValue, at path: String, notes: inout LottieNotes) -> Self {
        guard let text = json[Key.expression]?.string else { return base }
        let at = "\(path).\(Key.expression)"
        if let loops = LottieLoop.parse(text) {
            if case .keyed(let keys) = base { return Self(keys: keys, loops: loops) }
            return base
        }
        guard let engine = notes.expressions else {
            notes.unsupported("expressions (x): the keyframes are drawn without the expression", at: at)
            return base
        }
        switch engine.register(text, at: at, base: base) {
        case .success(let slot):
            return .expressed(LottieExpressed(base: base, source: text, engine: engine, slot: slot))
        case .failure(let failure):
            notes.unsupported(LottieNotes.expressionFailure(failure.message), at: at)
            return base
        }
    }

    /// Keyframes, sorted by time; the old format's `e` end values fill the next key's start.
    /// More than `SceneLimits.keyframes` keys are refused (in `notes`), not cut short.
    private static func keys(_ items: [JSONValue], at path: String, notes: inout LottieNotes,
                             _ value: (JSONValue, String, inout LottieNotes) -> Value?) -> [LottieKey<Value>]? {
        guard items.count <= SceneLimits.keyframes else {
            notes.refuse("a property may have at most \(SceneLimits.keyframes) keyframes (found \(items.count))", at: path)
            return nil
        }
        var keys: [LottieKey<Value>] = []
        var pendingEnd: Value?
        let eachDimension = notes.perDimensionEasing
        for (index, item) in items.enumerated() {
            guard let time = item[Key.time]?.number else { continue }
            let start = item[Key.start].flatMap { value($0, "\(path)[\(index)].\(Key.start)", &notes) } ?? pendingEnd ?? keys.last?.end ?? keys.last?.value
            guard let start else { continue }
            let end = item[Key.end].flatMap { value($0, "\(path)[\(index)].\(Key.end)", &notes) }
            pendingEnd = end
            // Every dimension eased by the first's curve, unless the reading eases each by its own.
            func ease(_ json: JSONValue?) -> (x: [Double], y: [Double]) {
                let x = json?[Key.controlX]?.numbers ?? [], y = json?[Key.controlY]?.numbers ?? []
                return eachDimension ? (x, y) : (Array(x.prefix(1)), Array(y.prefix(1)))
            }
            keys.append(LottieKey(time: time, value: start, end: end, hold: item[Key.hold]?.isTrue ?? false,
                                  easeOut: ease(item[Key.easeOut]), easeIn: ease(item[Key.easeIn]),
                                  tangentOut: item[Key.tangentOut]?.numbers, tangentIn: item[Key.tangentIn]?.numbers))
        }
        guard !keys.isEmpty else { return nil }
        keys = keys.enumerated().sorted { ($0.element.time, $0.offset) < ($1.element.time, $1.offset) }.map(\.element)
        // An end value the next key starts from anyway says nothing more.
        for index in keys.indices.dropLast() where keys[index].end != nil {
            if let end = keys[index].end as? [Double], let next = keys[index + 1].value as? [Double], end == next {
                keys[index].end = nil
            } else if keys[index].end is LottieBezier {
                keys[index + 1].value = keys[index].end!
                keys[index].end = nil
            }
        }
        keys[keys.count - 1].end = nil
        return keys
    }
}

extension LottieBezier {
    /// A bezier shape (`v`, `i`, `o`, `c`); nil when it is not one. A shape of more than
    /// `SceneLimits.pathSegments` vertices is refused (in `notes`), not dropped.
    static func decode(_ json: JSONValue, at path: String, notes: inout LottieNotes) -> LottieBezier? {
        if let count = json[Key.vertices]?.array?.count, count > SceneLimits.pathSegments {
            notes.refuse("a path may have at most \(SceneLimits.pathSegments) vertices (found \(count))", at: "\(path).\(Key.vertices)")
            return nil
        }
        guard let vertices = points(json[Key.vertices]) else { return nil }
        return LottieBezier(closed: json[Key.closed]?.isTrue ?? false, vertices: vertices,
                            inTangents: points(json[Key.inTangents]) ?? [], outTangents: points(json[Key.outTangents]) ?? [])
    }

    private static func points(_ json: JSONValue?) -> [Vector2]? {
        guard let items = json?.array, items.count <= SceneLimits.pathSegments else { return nil }
        var result: [Vector2] = []
        result.reserveCapacity(items.count)
        for item in items {
            guard let xy = item.numbers, xy.count >= 2 else { return nil }
            result.append(Vector2(xy[0], xy[1]))
        }
        return result
    }
}

// MARK: - Writing

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
        return .object([(Key.inTangents, points(inTangents)), (Key.outTangents, points(outTangents)),
                        (Key.vertices, points(vertices)), (Key.closed, .bool(closed))])
    }

    var keyJSON: JSONText { .array([fixedJSON]) }
}

extension LottieProperty where Value: LottieJSONValue {
    /// The property as Lottie writes it: `{"a": 0, "k": value}`, or `{"a": 1, "k": [keys]}`
    /// with a loop as the `loopOut`/`loopIn` expression it was read from.
    var json: JSONText {
        switch self {
        case .fixed(let value):
            return .object([(Key.animated, .number(0)), (Key.value, value.fixedJSON)])
        case .keyed(let keys):
            return .object([(Key.animated, .number(1)), (Key.value, .array(keys.map(\.json)))])
        case let .looped(keys, out, loopIn):
            let expression = [out.map { $0.expression(name: "loopOut") }, loopIn.map { $0.expression(name: "loopIn") }]
                .compactMap { $0 }.joined(separator: ";")
            return .object([(Key.animated, .number(1)), (Key.value, .array(keys.map(\.json))), (Key.expression, .string(expression))])
        case .expressed(let expressed):
            guard case .object(let pairs) = expressed.base.json else { return expressed.base.json }
            return .object(pairs + [(Key.expression, .string(expressed.source))])
        }
    }
}

extension LottieKey where Value: LottieJSONValue {
    /// The keyframe as Lottie writes it: `t`, `s`, the old format's `e`, a hold `h`, the easing
    /// `o` and `i` (per dimension), and a position's tangents `to` and `ti`.
    var json: JSONText {
        func numbers(_ list: [Double]) -> JSONText { .array(list.map { .number($0) }) }
        func ease(_ ease: (x: [Double], y: [Double])) -> JSONText? {
            ease.x.isEmpty && ease.y.isEmpty ? nil : .object([(Key.controlX, numbers(ease.x)), (Key.controlY, numbers(ease.y))])
        }
        let pairs: [(String, JSONText?)] = [
            (Key.time, .number(time)), (Key.start, value.keyJSON), (Key.end, end?.keyJSON), (Key.hold, hold ? .number(1) : nil),
            (Key.easeOut, ease(easeOut)), (Key.easeIn, ease(easeIn)), (Key.tangentOut, tangentOut.map(numbers)),
            (Key.tangentIn, tangentIn.map(numbers)),
        ]
        return .object(pairs.compactMap { key, value in value.map { (key, $0) } })
    }
}

extension LottieLoop {
    /// The expression this loop is read from (`loopOut('cycle', 0)`).
    func expression(name: String) -> String { "\(name)('\(kind.rawValue)', \(keyCount))" }
}
