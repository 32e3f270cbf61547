import ZoetropeCore

/// What the reader draws without, and what it refuses: past a limit nothing is drawn, and every
/// such problem is reported with its JSON path and the limit.
struct LottieNotes {
    /// (JSON path, what is not supported), in the order met (layers are met bottom first).
    private var found: [(path: String, feature: String)] = []
    private var seen: Set<String> = []
    /// (JSON path, the limit passed), in the order met.
    private(set) var refusals: [(path: String, message: String)] = []
    /// Set by a refusal past a budget (layers, samples): nothing more is built, since what is
    /// left could only cost more.
    private(set) var exhausted = false

    /// What is not supported, in document order (`layers[2]` before `layers[10]`).
    var unsupported: [(path: String, feature: String)] {
        found.sorted { Self.orderKey($0.path).lexicographicallyPrecedes(Self.orderKey($1.path)) }
    }

    /// A path as its names and indices, indices compared as numbers.
    private static func orderKey(_ path: String) -> [PathPart] {
        path.split(whereSeparator: { "[].".contains($0) }).map { Int($0).map(PathPart.index) ?? .name(String($0)) }
    }

    private enum PathPart: Comparable {
        case name(String)
        case index(Int)
    }

    mutating func unsupported(_ feature: String, at path: String) {
        guard seen.insert(path + "\u{0}" + feature).inserted else { return }
        found.append((path, feature))
    }

    /// Refuses the animation: `message` says what `path` holds past which limit.
    mutating func refuse(_ message: String, at path: String) {
        refusals.append((path, message))
    }

    /// Refuses the animation past a budget: nothing more is built.
    mutating func exhaust(_ message: String, at path: String) {
        guard !exhausted else { return }
        exhausted = true
        refuse(message, at: path)
    }
}

enum LottieParsing {
    /// 255 when a colour property's keys hold components above 1 (an old file's 0…255), else 1:
    /// decided from the keys, since an overshooting ease passes 1 between keys of 0…1.
    static func colorScale(_ property: LottieProperty<[Double]>) -> Double {
        let values: [[Double]] = switch property {
        case .fixed(let value): [value]
        case .keyed(let keys), .looped(let keys, _, _): keys.flatMap { [$0.value] + ($0.end.map { [$0] } ?? []) }
        }
        return values.contains { $0.prefix(3).contains { $0 > 1 } } ? 255 : 1
    }

    /// A property of numbers (`{"a": 0, "k": [1, 2]}` or keyframes), nil when absent or unreadable.
    static func numbers(_ json: JSONValue?, at path: String, notes: inout LottieNotes) -> LottieProperty<[Double]>? {
        guard let json else { return nil }
        guard let k = json["k"] else { return json.numbers.map { .fixed($0) } }
        if let items = k.array, let first = items.first, first.object != nil, first["t"] != nil {
            let loops = self.loops(json, at: path, notes: &notes)
            return keys(items, at: path + ".k", notes: &notes) { value, _, _ in value.numbers }.map { LottieProperty(keys: $0, loops: loops) }
        }
        _ = loops(json, at: path, notes: &notes)
        return k.numbers.map { .fixed($0) }
    }

    /// The loops of a property whose expression (`x`) is `loopOut(…)` or `loopIn(…)`; any other
    /// expression is reported, and the property drawn without it.
    static func loops(_ json: JSONValue, at path: String, notes: inout LottieNotes) -> (out: LottieLoop?, in: LottieLoop?)? {
        guard let text = json["x"]?.string else { return nil }
        if let loops = LottieLoop.parse(text) { return loops }
        notes.unsupported("expressions (x): the keyframes are drawn without the expression", at: path + ".x")
        return nil
    }

    /// A property of bezier shapes (a path's `ks`).
    static func bezier(_ json: JSONValue?, at path: String, notes: inout LottieNotes) -> LottieProperty<LottieBezier>? {
        guard let json else { return nil }
        guard let k = json["k"] else { return nil }
        if let items = k.array, let first = items.first, first["t"] != nil {
            let loops = self.loops(json, at: path, notes: &notes)
            return keys(items, at: path + ".k", notes: &notes) { value, at, notes in bezierShape(value.array?.first ?? value, at: at, notes: &notes) }
                .map { LottieProperty(keys: $0, loops: loops) }
        }
        _ = loops(json, at: path, notes: &notes)
        return bezierShape(k, at: path + ".k", notes: &notes).map { .fixed($0) }
    }

    /// A bezier shape (`v`, `i`, `o`, `c`); nil when it is not one. A shape of more than
    /// `SceneLimits.pathSegments` vertices is refused (in `notes`), not dropped.
    static func bezierShape(_ json: JSONValue, at path: String, notes: inout LottieNotes) -> LottieBezier? {
        if let count = json["v"]?.array?.count, count > SceneLimits.pathSegments {
            notes.refuse("a path may have at most \(SceneLimits.pathSegments) vertices (found \(count))", at: path + ".v")
            return nil
        }
        guard let vertices = points(json["v"]) else { return nil }
        return LottieBezier(closed: json["c"]?.isTrue ?? false, vertices: vertices,
                            inTangents: points(json["i"]) ?? [], outTangents: points(json["o"]) ?? [])
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

    /// Keyframes, sorted by time; the old format's `e` end values fill the next key's start.
    /// More than `SceneLimits.keyframes` keys are refused (in `notes`), not cut short.
    private static func keys<Value>(_ items: [JSONValue], at path: String, notes: inout LottieNotes,
                                    _ value: (JSONValue, String, inout LottieNotes) -> Value?) -> [LottieKey<Value>]? {
        guard items.count <= SceneLimits.keyframes else {
            notes.refuse("a property may have at most \(SceneLimits.keyframes) keyframes (found \(items.count))", at: path)
            return nil
        }
        var keys: [LottieKey<Value>] = []
        var pendingEnd: Value?
        for (index, item) in items.enumerated() {
            guard let time = item["t"]?.number else { continue }
            let start = item["s"].flatMap { value($0, "\(path)[\(index)].s", &notes) } ?? pendingEnd ?? keys.last?.end ?? keys.last?.value
            guard let start else { continue }
            let end = item["e"].flatMap { value($0, "\(path)[\(index)].e", &notes) }
            pendingEnd = end
            func ease(_ json: JSONValue?) -> (x: [Double], y: [Double]) {
                (json?["x"]?.numbers ?? [], json?["y"]?.numbers ?? [])
            }
            keys.append(LottieKey(time: time, value: start, end: end, hold: item["h"]?.isTrue ?? false,
                                  easeOut: ease(item["o"]), easeIn: ease(item["i"]),
                                  tangentOut: item["to"]?.numbers, tangentIn: item["ti"]?.numbers))
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

    /// A colour from Lottie's components at `alpha`, the paint's opacity: a fourth component is
    /// ignored, as the players ignore it. `scale` is 255 for a property of 0…255 components
    /// (some old files), else 1 (`colorScale`).
    static func color(_ components: [Double], alpha: Double = 1, scale: Double = 1) -> AnimatableValue {
        func channel(_ i: Int) -> Double { i < components.count ? min(max(components[i] / scale, 0), 1) : 0 }
        return .color(Color(red: channel(0), green: channel(1), blue: channel(2), alpha: min(max(alpha, 0), 1)))
    }
}
