import ZoetropeCore

/// How a Lottie file is played, as a player is told it: which of a dotLottie archive's
/// animations, under which theme, which marker's range, how fast, with which slot values.
///
/// Said as overrides whose keys name no scene value (`--animation ID` is `animation=ID`,
/// `--set slots.brand=#FF5722`, `--vary speed=0.5,1,2`), so every command and `sweep` take
/// them as they take `--set`; they are applied to the file before it becomes a scene.
public struct LottiePlayback: Sendable, Hashable {
    /// The dotLottie animation to play, by manifest id (nil: the manifest's initial one).
    public var animation: String?
    /// The dotLottie theme whose rules set the slots (nil: the animation's initial theme).
    public var theme: String?
    /// The marker (`markers[].cm`) whose range is played instead of `ip`…`op`.
    public var segment: String?
    /// The playback rate: 2 plays twice as fast and renders half as many frames.
    public var speed: Double?
    /// `easing=per-dimension`: a key that eases its dimensions differently eases each by its own
    /// curve, as lottie-web and lottie-android (and After Effects) do; by default
    /// (`first-dimension`) every dimension follows the first's, as lottie-ios, ThorVG and rlottie do.
    public var perDimensionEasing = false
    /// `viewport=X,Y,W,H`: the rectangle of the composition (in its points) shown, fitted to
    /// the canvas whole and centred, as lottie-ios's `viewportFrame` crops an animation.
    public var viewport: Viewport?

    /// A rectangle of the composition, in its points.
    public struct Viewport: Sendable, Hashable {
        public var x: Double, y: Double, width: Double, height: Double

        public init(x: Double, y: Double, width: Double, height: Double) {
            (self.x, self.y, self.width, self.height) = (x, y, width, height)
        }
    }
    /// Slot values by slot id, in the order given, each as the override's text.
    public var slots: [(id: String, value: String)] = []
    /// Keypath values (`--set keypath.**.Fill 1.Color=#FF0000`), in the order given, each as
    /// the keypath and the override's text.
    public var keypaths: [(keypath: String, value: String)] = []
    /// The override that said each setting, for messages (`--animation`, `--set slots.x`).
    var origins: [String: String] = [:]

    public init() {}

    /// The keys that set a playback rather than a scene value.
    public static func isPlaybackKey(_ key: String) -> Bool {
        ["animation", "theme", "segment", "speed", "easing", "viewport"].contains(key) || (key.hasPrefix("slots.") && key.count > 6)
            || (key.hasPrefix("keypath.") && key.count > 8)
    }

    /// The playback `overrides` say, and the overrides left for the scene; a value that cannot
    /// be one is a problem at `--set KEY` (the option that said it).
    static func split(_ overrides: [SceneOverride], file: String) -> (playback: LottiePlayback, scene: [SceneOverride], problems: [SceneDiagnostic]) {
        var playback = LottiePlayback(), scene: [SceneOverride] = [], problems: [SceneDiagnostic] = []
        for override in overrides {
            guard isPlaybackKey(override.key) else {
                scene.append(override)
                continue
            }
            let value = Self.unquoted(override.value)
            playback.origins[override.key] = "\(override.origin) \(override.key)"
            switch override.key {
            case "animation": playback.animation = value
            case "theme": playback.theme = value
            case "segment": playback.segment = value
            case "speed":
                guard let speed = DocumentReader.parseNumber(value), speed.isFinite, speed >= 0.01, speed <= 100 else {
                    problems.append(SceneDiagnostic(file: file, path: "\(override.origin) \(override.key)",
                                                    message: "must be a playback rate within 0.01…100 (found \(override.value))"))
                    continue
                }
                playback.speed = speed
            case "easing":
                guard ["first-dimension", "per-dimension"].contains(value) else {
                    problems.append(SceneDiagnostic(file: file, path: "\(override.origin) \(override.key)",
                                                    message: "must be first-dimension or per-dimension (found \(override.value))"))
                    continue
                }
                playback.perDimensionEasing = value == "per-dimension"
            case "viewport":
                // X,Y,W,H, or a list [X, Y, W, H] (as `sweep --vary` keeps a value's commas).
                let list = value.hasPrefix("[") && value.hasSuffix("]") ? String(value.dropFirst().dropLast()) : value
                let numbers = list.split(separator: ",", omittingEmptySubsequences: false)
                    .compactMap { DocumentReader.parseNumber($0.trimmingCharacters(in: .whitespaces)) }
                guard numbers.count == 4, numbers.allSatisfy({ $0.isFinite && abs($0) <= 1e7 }), numbers[2] >= 0.001, numbers[3] >= 0.001 else {
                    problems.append(SceneDiagnostic(file: file, path: "\(override.origin) \(override.key)",
                                                    message: "must be X,Y,WIDTH,HEIGHT in the composition's points, the width and height at least 0.001 (found \(override.value))"))
                    continue
                }
                playback.viewport = Viewport(x: numbers[0], y: numbers[1], width: numbers[2], height: numbers[3])
            case _ where override.key.hasPrefix("keypath."):
                let keypath = String(override.key.dropFirst("keypath.".count))
                playback.keypaths.removeAll { $0.keypath == keypath }
                playback.keypaths.append((keypath, override.value))
            default:
                let id = String(override.key.dropFirst("slots.".count))
                playback.slots.removeAll { $0.id == id }
                playback.slots.append((id, override.value))
            }
        }
        return (playback, scene, problems)
    }

    /// `"dark"` → `dark`: a quoted YAML scalar's text.
    static func unquoted(_ text: String) -> String {
        for quote in ["\"", "'"] where text.count >= 2 && text.hasPrefix(quote) && text.hasSuffix(quote) {
            return String(text.dropFirst().dropLast())
        }
        return text
    }

    /// The option that said `key`, as messages name it: `--set slots.brand`, `--animation`.
    func origin(_ key: String) -> String {
        guard let origin = origins[key] else { return "--set \(key)" }
        return origin == "--\(key) \(key)" ? "--\(key)" : origin
    }

    public static func == (lhs: LottiePlayback, rhs: LottiePlayback) -> Bool {
        lhs.animation == rhs.animation && lhs.theme == rhs.theme && lhs.segment == rhs.segment && lhs.speed == rhs.speed
            && lhs.perDimensionEasing == rhs.perDimensionEasing && lhs.viewport == rhs.viewport
            && lhs.slots.map(\.id) == rhs.slots.map(\.id) && lhs.slots.map(\.value) == rhs.slots.map(\.value)
            && lhs.keypaths.map(\.keypath) == rhs.keypaths.map(\.keypath) && lhs.keypaths.map(\.value) == rhs.keypaths.map(\.value)
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(animation)
        hasher.combine(theme)
        hasher.combine(segment)
        hasher.combine(speed)
        hasher.combine(perDimensionEasing)
        hasher.combine(viewport)
        for slot in slots {
            hasher.combine(slot.id)
            hasher.combine(slot.value)
        }
        for keypath in keypaths {
            hasher.combine(keypath.keypath)
            hasher.combine(keypath.value)
        }
    }
}

/// What a Lottie file offers a player to choose: a dotLottie archive's animations and themes,
/// the slots its properties read (`sid`) and its markers. `validate` lists them.
public struct LottieContents: Sendable, Hashable {
    public struct Marker: Sendable, Hashable {
        public var name: String
        /// Its first frame and its length in frames.
        public var frame: Double
        public var duration: Double
    }

    /// The archive's animations by id (empty for a plain JSON file), and the one read.
    public var animations: [String] = []
    public var animation: String?
    public var themes: [String] = []
    /// The theme applied, if any.
    public var theme: String?
    /// Slot ids with what they hold (`colour`, `number`, `point`, `text`, `image`, `path`).
    public var slots: [(id: String, kind: String)] = []
    public var markers: [Marker] = []
    /// Each keypath override with the number of properties it set.
    public var keypaths: [(keypath: String, matched: Int)] = []

    public var isEmpty: Bool { animations.isEmpty && themes.isEmpty && slots.isEmpty && markers.isEmpty && keypaths.isEmpty }

    /// `animations: a (read), b; themes: dark, light; slots: brand (colour); markers: intro (frames 0–30)`.
    public var summary: String {
        var parts: [String] = []
        if !animations.isEmpty {
            parts.append("animations: " + animations.map { $0 == animation ? "\($0) (read)" : $0 }.joined(separator: ", "))
        }
        if !themes.isEmpty {
            parts.append("themes: " + themes.map { $0 == theme ? "\($0) (applied)" : $0 }.joined(separator: ", "))
        }
        if !slots.isEmpty { parts.append("slots: " + slots.map { "\($0.id) (\($0.kind))" }.joined(separator: ", ")) }
        if !markers.isEmpty {
            parts.append("markers: " + markers.map { "\($0.name) (frames \(Self.number($0.frame))–\(Self.number($0.frame + $0.duration)))" }.joined(separator: ", "))
        }
        if !keypaths.isEmpty {
            parts.append("keypaths: " + keypaths.map { "\($0.keypath) (\($0.matched) \($0.matched == 1 ? "property" : "properties"))" }.joined(separator: ", "))
        }
        return parts.joined(separator: "; ")
    }

    private static func number(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int(saturating: value)) : String(value)
    }

    public static func == (lhs: LottieContents, rhs: LottieContents) -> Bool { lhs.summary == rhs.summary }
    public func hash(into hasher: inout Hasher) { hasher.combine(summary) }
}

/// Slots, themes and markers applied to a Lottie document before it is decoded.
enum LottieSlots {
    /// The deepest a walk of the document goes: past the JSON parser's own nesting limit.
    private static let deepest = 512

    /// Every slot the document defines (`slots`) or a property names (`sid`), with its kind.
    static func slots(of root: JSONValue) -> [(id: String, kind: String)] {
        var kinds: [String: String] = [:], order: [String] = []
        for (id, slot) in (root["slots"]?.object ?? [:]).sorted(by: { $0.key < $1.key }) {
            order.append(id)
            kinds[id] = kind(of: slot["p"] ?? .null)
        }
        visit(root, depth: 0) { object in
            guard let id = object["sid"]?.string else { return }
            if kinds[id] == nil { order.append(id) }
            if kinds[id] == nil || kinds[id] == "value" { kinds[id] = kind(of: .object(object)) }
        }
        return order.sorted().map { ($0, kinds[$0] ?? "value") }
    }

    /// What a property (or asset) holds, as `validate` names it.
    private static func kind(of property: JSONValue) -> String {
        if property["w"] != nil, property["p"]?.string != nil { return "image" }
        let value = property["k"]
        let first = value?.array?.first
        if let key = first?.object, key["t"] != nil {
            if let document = key["s"]?.object, document["t"]?.string != nil { return "text" }
            return kind(values: key["s"])
        }
        return kind(values: value)
    }

    private static func kind(values: JSONValue?) -> String {
        if values?["v"] != nil || values?.array?.first?["v"] != nil { return "path" }
        guard let numbers = values?.numbers else { return "value" }
        switch numbers.count {
        case 1: return "number"
        case 2: return "point"
        case 3, 4: return "colour"
        default: return "value"
        }
    }

    /// Calls `body` with every object in `value`, depth first, at most `deepest` levels down
    /// (the parser's own depth limit is lower).
    private static func visit(_ value: JSONValue, depth: Int, _ body: ([String: JSONValue]) -> Void) {
        guard depth < deepest else { return }
        switch value {
        case .object(let members):
            body(members)
            for member in members.values { visit(member, depth: depth + 1, body) }
        case .array(let items):
            for item in items { visit(item, depth: depth + 1, body) }
        default: break
        }
    }

    /// The document with its slots set: each theme rule (for `animation`) and then each
    /// `--set slots.ID` value replaces the slot's value, and every object naming a slot by
    /// `sid` takes the slot's members (`a`, `k`, or an image's `p`, `w`, `h`). Problems are
    /// said at the option that set them.
    /// `known`: the slot ids `slots(of: root)` found.
    static func apply(_ playback: LottiePlayback, theme: JSONValue?, themePath: String, animation: String?,
                      to root: JSONValue, known: [String], file: String, notes: inout [LottieNote]) -> Result<JSONValue, SceneLoadError> {
        var slots = root["slots"]?.object ?? [:]
        let named = Set(known)
        if let rules = theme?["rules"]?.array {
            for (index, rule) in rules.enumerated() {
                guard let id = rule["id"]?.string ?? rule["slotId"]?.string else { continue }
                if let only = rule["animations"]?.array?.compactMap(\.string), let animation, !only.contains(animation) { continue }
                let at = "\(themePath).rules[\(index)]"
                if let property = property(of: rule, replacing: slots[id]?["p"], at: at, notes: &notes) {
                    slots[id] = .object(["p": property])
                }
            }
        }
        var problems: [SceneDiagnostic] = []
        for (id, text) in playback.slots {
            let origin = playback.origin("slots." + id)
            guard named.contains(id) else {
                problems.append(SceneDiagnostic(file: file, path: origin, message: "the animation has no slot \"\(id)\""
                                                + (known.isEmpty ? " (it has none)" : " (it has \(known.joined(separator: ", ")))")))
                continue
            }
            let current = slots[id]?["p"] ?? firstProperty(named: id, in: root) ?? .null
            switch value(text, replacing: current) {
            case .success(let property): slots[id] = .object(["p": property])
            case .failure(let problem): problems.append(SceneDiagnostic(file: file, path: origin, message: problem.message))
            }
        }
        guard problems.isEmpty else { return .failure(SceneLoadError(problems)) }
        guard !slots.isEmpty else { return .success(root) }
        return .success(replacing(root, slots: slots, depth: 0))
    }

    private static func firstProperty(named id: String, in root: JSONValue) -> JSONValue? {
        var found: JSONValue?
        visit(root, depth: 0) { object in
            if found == nil, object["sid"]?.string == id { found = .object(object) }
        }
        return found
    }

    /// `value` with every object naming a slot by `sid` given the slot's members.
    private static func replacing(_ value: JSONValue, slots: [String: JSONValue], depth: Int) -> JSONValue {
        guard depth < deepest else { return value }
        switch value {
        case .object(var members):
            for (key, member) in members where member.object != nil || member.array != nil {
                members[key] = replacing(member, slots: slots, depth: depth + 1)
            }
            if let id = members["sid"]?.string, let slot = slots[id]?["p"]?.object {
                for (key, member) in slot { members[key] = member }
            }
            return .object(members)
        case .array(let items):
            return .array(items.map { replacing($0, slots: slots, depth: depth + 1) })
        default:
            return value
        }
    }

    /// A slot's new value from an override's text: a colour (`#FF5722`, components 0…1), a
    /// number, a list of numbers, a text for a text document, an image's file or data URL.
    private static func value(_ text: String, replacing current: JSONValue) -> Result<JSONValue, SlotProblem> {
        let kind = Self.kind(of: current)
        let bare = LottiePlayback.unquoted(text)
        switch kind {
        case "text":
            guard var keys = current["k"]?.array else { return .failure(SlotProblem(message: "the slot holds no text document")) }
            for index in keys.indices {
                guard case .object(var key) = keys[index], case .object(var document)? = key["s"] else { continue }
                document["t"] = .string(bare)
                key["s"] = .object(document)
                keys[index] = .object(key)
            }
            return .success(merged(current, ["k": .array(keys)]))
        case "image":
            return .success(merged(current, ["p": .string(bare), "u": .string(""), "e": .number(DataURL.isDataURL(bare) ? 1 : 0)]))
        default:
            if let colour = DocumentReader.parseColor(bare) {
                let components = current["k"]?.numbers?.count == 4 || current["k"]?.array?.first?["s"]?.numbers?.count == 4
                    ? [colour.red, colour.green, colour.blue, colour.alpha] : [colour.red, colour.green, colour.blue]
                return .success(merged(current, ["a": .number(0), "k": .array(components.map(JSONValue.number))]))
            }
            if let number = DocumentReader.parseNumber(bare), number.isFinite {
                return .success(merged(current, ["a": .number(0), "k": .number(number)]))
            }
            if let node = try? DocumentNode.parse(text), case .sequence(let items, _) = node {
                let numbers = items.compactMap { item -> Double? in
                    if case .scalar(let scalar, _, _) = item { return DocumentReader.parseNumber(scalar) }
                    return nil
                }
                if numbers.count == items.count, !numbers.isEmpty, numbers.allSatisfy(\.isFinite) {
                    return .success(merged(current, ["a": .number(0), "k": .array(numbers.map(JSONValue.number))]))
                }
            }
            return .failure(SlotProblem(message: "expected a colour (#RRGGBB), a number or a list of numbers for this \(kind) slot (found \(text))"))
        }
    }

    struct SlotProblem: Error {
        var message: String
    }

    private static func merged(_ base: JSONValue, _ members: [String: JSONValue]) -> JSONValue {
        var object = base.object ?? [:]
        object.removeValue(forKey: "x")
        for (key, member) in members { object[key] = member }
        return .object(object)
    }

    /// A theme rule (dotLottie 2: `type`, `id`, `value` or `keyframes`) as the property its
    /// slot takes; nil, noted, for a rule it cannot say.
    private static func property(of rule: JSONValue, replacing current: JSONValue?, at path: String, notes: inout [LottieNote]) -> JSONValue? {
        let type = rule["type"]?.string ?? ""
        switch type {
        case "Color", "Scalar", "Vector", "Position":
            if let keyframes = rule["keyframes"]?.array {
                let keys: [JSONValue] = keyframes.compactMap { frame in
                    guard let time = frame["frame"]?.number, let value = frame["value"]?.numbers else { return nil }
                    var key: [String: JSONValue] = ["t": .number(time), "s": .array(value.map(JSONValue.number))]
                    if let tangent = frame["inTangent"] { key["i"] = tangent }
                    if let tangent = frame["outTangent"] { key["o"] = tangent }
                    if let tangent = frame["valueInTangent"] { key["ti"] = tangent }
                    if let tangent = frame["valueOutTangent"] { key["to"] = tangent }
                    if frame["hold"]?.isTrue == true { key["h"] = .number(1) }
                    return .object(key)
                }
                return .object(["a": .number(1), "k": .array(keys)])
            }
            guard let value = rule["value"], value.numbers != nil else {
                notes.append(LottieNote(path: path, feature: "a \(type) theme rule without a value: not applied"))
                return nil
            }
            return .object(["a": .number(0), "k": value])
        case "Text":
            guard let value = rule["value"]?.object ?? rule["keyframes"]?.array?.first?["value"]?.object else {
                notes.append(LottieNote(path: path, feature: "a Text theme rule without a value: not applied"))
                return nil
            }
            var document = current?["k"]?.array?.first?["s"]?.object ?? [:]
            let names: [(String, String)] = [("text", "t"), ("fontName", "f"), ("fontSize", "s"), ("fillColor", "fc"), ("strokeColor", "sc"),
                                             ("strokeWidth", "sw"), ("strokeOverFill", "of"), ("lineHeight", "lh"), ("tracking", "tr"),
                                             ("baselineShift", "ls"), ("wrapSize", "sz"), ("wrapPosition", "ps")]
            for (name, key) in names { if let member = value[name] { document[key] = member } }
            let justifications = ["Left": 0.0, "Right": 1, "Center": 2, "JustifyLastLeft": 3, "JustifyLastRight": 4, "JustifyLastCenter": 5, "JustifyLastFull": 6]
            if let justify = value["justify"]?.string, let code = justifications[justify] { document["j"] = .number(code) }
            return .object(["k": .array([.object(["s": .object(document), "t": .number(0)])])])
        case "Image":
            guard let value = rule["value"]?.object, let source = value["dataUrl"]?.string ?? value["path"]?.string else {
                notes.append(LottieNote(path: path, feature: "an Image theme rule without a path or data URL: not applied"))
                return nil
            }
            var asset: [String: JSONValue] = ["p": .string(source), "u": .string(""), "e": .number(DataURL.isDataURL(source) ? 1 : 0)]
            if let width = value["width"] { asset["w"] = width }
            if let height = value["height"] { asset["h"] = height }
            return .object(asset)
        default:
            notes.append(LottieNote(path: path, feature: "\(type.isEmpty ? "a" : "a \(type)") theme rule: not applied (colour, scalar, vector, position, text and image rules are)"))
            return nil
        }
    }

    /// The markers the document names (`markers`: `cm` its name, `tm` its first frame, `dr` its length).
    static func markers(of root: JSONValue) -> [LottieContents.Marker] {
        (root["markers"]?.array ?? []).compactMap { marker in
            guard let name = marker["cm"]?.string, let frame = marker["tm"]?.number else { return nil }
            return LottieContents.Marker(name: name, frame: frame, duration: max(marker["dr"]?.number ?? 0, 0))
        }
    }
}
