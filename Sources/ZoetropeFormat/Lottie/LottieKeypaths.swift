import ZoetropeCore

/// Keypath value overrides, the "dynamic properties" Lottie players offer (lottie-ios's
/// `AnimationKeypath` with a value provider, lottie-android's `KeyPath`), said as
/// `--set keypath.KEYPATH=VALUE` and applied to the document before it is decoded.
///
/// A keypath is a list of names split at `.`: layer names (`nm`, a precomposition's layers
/// under its layer's name), shape group and item names, `Transform` for a layer's or group's
/// transform, and last a property name as After Effects says it (`Color`, `Opacity`,
/// `Stroke Width`, `Position`, `Scale`, `Rotation`, `Anchor Point`, `Colors`, `Start Point`…).
/// `*` stands for exactly one name, `**` for any number of names, none included.
enum LottieKeypaths {
    /// What a property holds, which says which values it takes.
    enum Kind: Equatable {
        case colour, number, point, gradient
        /// A text layer's document colours and text (`t.d.k[].s`): one value, not keyframed.
        case textFill, textStroke, text
        /// A solid layer's colour (`sc`, a hex string): one colour.
        case solid
        /// An image layer's picture: a file path or data URL.
        case image

        var phrase: String {
            switch self {
            case .colour, .textFill, .textStroke, .solid: "a colour (#RRGGBB or #RRGGBBAA)"
            case .number: "a number"
            case .point: "a point [x, y]"
            case .gradient: "gradient colours ([\"#RRGGBB\", …] or {colors: […], locations: […]})"
            case .text: "a text"
            case .image: "an image file or data URL, or {file: FILE, fit: fill|aspectFit|aspectFill}"
            }
        }
    }

    /// One value of an override: a colour's components (0…1, with alpha), numbers, or a
    /// gradient's stops.
    enum Item: Equatable {
        case colour([Double])
        case numbers([Double])
        case gradient(colours: [[Double]], locations: [Double])
        case text(String)
        /// An image's file or data URL and how it fills its layer (`{file: dog.png, fit: aspectFill}`).
        case image(String, fit: String)
    }

    /// The asset member that carries an image override's fit to the scene builder.
    static let fitKey = "zoetrope:fit"

    /// An override's value: one item (frame nil), or keyframes at frames of the property's layer.
    struct Key: Equatable {
        var frame: Double?
        var item: Item
        var hold = false
    }

    struct Override {
        var pattern: [String]
        var keys: [Key]
        var origin: String
        var text: String
        var matched = 0
        var problem: String?
    }

    /// The deepest a precomposition nests before the walk stops (a cycle included).
    private static let deepestPrecomp = 64
    /// The most property paths kept to suggest names in a message.
    private static let suggestions = 6

    // MARK: - Parsing

    /// The value an override's text says, or why it cannot be one.
    static func parse(_ text: String) -> Result<[Key], ValueProblem> {
        let bare = LottiePlayback.unquoted(text)
        if let item = scalarItem(bare) { return .success([Key(frame: nil, item: item)]) }
        guard let node = try? DocumentNode.parse(text) else {
            return .failure(ValueProblem("expected a colour (#RRGGBB[AA]), a number, a point [x, y], gradient colours or keyframes [{frame: 0, value: …}, …] (found \(text))"))
        }
        if case .sequence(let items, _) = node, let first = items.first, first["frame"] != nil {
            var keys: [Key] = []
            for (index, entry) in items.enumerated() {
                guard case .scalar(let frameText, _, _)? = entry["frame"], let frame = DocumentReader.parseNumber(frameText), frame.isFinite else {
                    return .failure(ValueProblem("keyframe \(index) needs a finite frame (frame: 30)"))
                }
                guard let valueNode = entry["value"], let item = item(valueNode) else {
                    return .failure(ValueProblem("keyframe \(index) needs a value: a colour, a number, a point or gradient colours"))
                }
                var hold = false
                if case .scalar(let flag, _, _)? = entry["hold"] { hold = flag == "true" || flag == "1" }
                if let last = keys.last, frame < last.frame ?? frame {
                    return .failure(ValueProblem("keyframe \(index) is at frame \(frame), before the one before it (\(last.frame ?? 0))"))
                }
                keys.append(Key(frame: frame, item: item, hold: hold))
            }
            let shapes = Set(keys.map { shape(of: $0.item) })
            guard shapes.count == 1 else { return .failure(ValueProblem("the keyframes' values must all be of one kind and size")) }
            return .success(keys)
        }
        guard let item = item(node) else {
            return .failure(ValueProblem("expected a colour (#RRGGBB[AA]), a number, a point [x, y], gradient colours or keyframes [{frame: 0, value: …}, …] (found \(text))"))
        }
        return .success([Key(frame: nil, item: item)])
    }

    struct ValueProblem: Error {
        var message: String
        init(_ message: String) { self.message = message }
    }

    private static func shape(of item: Item) -> String {
        switch item {
        case .colour: "colour"
        case .numbers(let numbers): "numbers \(numbers.count)"
        case .gradient(let colours, _): "gradient \(colours.count)"
        case .text, .image: "text"
        }
    }

    private static func scalarItem(_ text: String) -> Item? {
        if text.hasPrefix("#"), let colour = DocumentReader.parseColor(text) {
            return .colour([colour.red, colour.green, colour.blue, colour.alpha])
        }
        if let number = DocumentReader.parseNumber(text), number.isFinite { return .numbers([number]) }
        return nil
    }

    private static func item(_ node: DocumentNode) -> Item? {
        switch node {
        case .scalar(let text, _, _):
            return scalarItem(text) ?? .text(text)
        case .sequence(let items, _):
            var texts: [String] = []
            for item in items {
                guard case .scalar(let text, _, _) = item else { return nil }
                texts.append(text)
            }
            let numbers = texts.compactMap { DocumentReader.parseNumber($0) }
            if !texts.isEmpty, numbers.count == texts.count, numbers.allSatisfy(\.isFinite) { return .numbers(numbers) }
            return gradient(colours: texts, locations: nil)
        case .mapping:
            if case .scalar(let file, _, _)? = node["file"] {
                guard let fitNode = node["fit"] else { return .image(file, fit: ContentMode.fill.rawValue) }
                guard case .scalar(let fit, _, _) = fitNode, ContentMode(rawValue: fit) != nil else { return nil }
                return .image(file, fit: fit)
            }
            guard case .sequence(let colourNodes, _)? = node["colors"] ?? node["colours"] else { return nil }
            var texts: [String] = []
            for colour in colourNodes {
                guard case .scalar(let text, _, _) = colour else { return nil }
                texts.append(text)
            }
            var locations: [Double]?
            if let given = node["locations"] {
                guard case .sequence(let items, _) = given else { return nil }
                let numbers = items.compactMap { item -> Double? in
                    if case .scalar(let text, _, _) = item { return DocumentReader.parseNumber(text) }
                    return nil
                }
                guard numbers.count == items.count, numbers.allSatisfy(\.isFinite) else { return nil }
                locations = numbers
            }
            return gradient(colours: texts, locations: locations)
        }
    }

    /// Gradient stops from colour texts; locations spread evenly when not given.
    private static func gradient(colours texts: [String], locations: [Double]?) -> Item? {
        guard texts.count >= 1 else { return nil }
        var colours: [[Double]] = []
        for text in texts {
            guard let colour = DocumentReader.parseColor(text) else { return nil }
            colours.append([colour.red, colour.green, colour.blue, colour.alpha])
        }
        let spread = colours.count == 1 ? [0.0] : colours.indices.map { Double($0) / Double(colours.count - 1) }
        let stops = locations ?? spread
        guard stops.count == colours.count else { return nil }
        return .gradient(colours: colours, locations: stops.map { min(max($0, 0), 1) })
    }

    // MARK: - Matching

    /// Whether `names` (a property's full path) match `pattern`: names equal, `*` one name,
    /// `**` any number of names.
    static func matches(_ pattern: [String], _ names: [String]) -> Bool {
        // reachable[j]: the pattern's first i components can match the first j names.
        var reachable = [Bool](repeating: false, count: names.count + 1)
        reachable[0] = true
        for component in pattern {
            var next = [Bool](repeating: false, count: names.count + 1)
            if component == "**" {
                var any = false
                for j in 0...names.count {
                    any = any || reachable[j]
                    next[j] = any
                }
            } else {
                for j in 0..<names.count where reachable[j] && (component == "*" || component == names[j]) {
                    next[j + 1] = true
                }
            }
            reachable = next
        }
        return reachable[names.count]
    }

    // MARK: - Applying

    /// The walk: the overrides with their counts, the property paths seen (for messages).
    private struct Walk {
        var overrides: [Override]
        var seen: [String] = []
        var assets: [String: JSONValue] = [:]
        var added: [JSONValue] = []
        var applied = 0

        /// Adds `copy` of asset `id` under an id no asset has yet, and points `layer` at it: the
        /// asset may be shared by layers a keypath tells apart.
        mutating func adopt(_ copy: [String: JSONValue], of id: String, by layer: inout [String: JSONValue]) {
            var number = added.count
            while assets["\(id)~keypath\(number)"] != nil { number += 1 }
            var copy = copy
            copy["id"] = .string("\(id)~keypath\(number)")
            added.append(.object(copy))
            assets["\(id)~keypath\(number)"] = .object(copy)
            layer["refId"] = .string("\(id)~keypath\(number)")
        }

        /// The override (the last that matches) for the property at `names`, counted.
        /// A name with dots in it (`Shot 1.17.png`) is as many names as a keypath says it.
        mutating func override(for names: [String]) -> Int? {
            let path = names.joined(separator: ".")
            if seen.count < 400 { seen.append(path) }
            let components = path.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
            var found: Int?
            for index in overrides.indices where LottieKeypaths.matches(overrides[index].pattern, components) {
                overrides[index].matched += 1
                found = index
            }
            return found
        }
    }

    /// The document with every override applied; the overrides with their match counts, or
    /// the problems (a keypath matching nothing, a value its property cannot take).
    /// A text set by `Text` whose characters the file's glyph outlines (`chars`) lack drops
    /// them, noted in `notes`: the file's text is then set from its fonts, as lottie-ios always
    /// sets it (a file with outlines is set from them alone, which would leave those out).
    static func apply(_ overrides: [Override], to root: JSONValue, file: String,
                      notes: inout [LottieNote]) -> Result<(root: JSONValue, overrides: [Override]), SceneLoadError> {
        guard case .object(var members) = root else { return .success((root, overrides)) }
        var walk = Walk(overrides: overrides)
        for asset in members["assets"]?.array ?? [] {
            if let id = asset["id"]?.string { walk.assets[id] = asset }
        }
        members["layers"] = .array(layers(members["layers"]?.array ?? [], prefix: [], stack: [], walk: &walk))
        if !walk.added.isEmpty { members["assets"] = .array((members["assets"]?.array ?? []) + walk.added) }
        var problems: [SceneDiagnostic] = []
        for override in walk.overrides {
            if let problem = override.problem {
                problems.append(SceneDiagnostic(file: file, path: override.origin, message: problem))
            } else if override.matched == 0 {
                problems.append(SceneDiagnostic(file: file, path: override.origin, message: "no property of the animation is at keypath \"\(override.pattern.joined(separator: "."))\""
                                                + available(for: override.pattern, among: walk.seen)))
            }
        }
        guard problems.isEmpty else { return .failure(SceneLoadError(problems)) }
        if let chars = members["chars"]?.array, !chars.isEmpty {
            let outlined = Set(chars.compactMap { $0["ch"]?.string })
            for override in walk.overrides where override.pattern.last == "Text" && override.matched > 0 {
                let words = LottiePlayback.unquoted(override.text)
                guard let missing = words.first(where: { !$0.isWhitespace && !outlined.contains(String($0)) }) else { continue }
                members.removeValue(forKey: "chars")
                notes.append(LottieNote(path: "chars", feature: "\(override.origin) sets \"\(missing)\", which the file's glyph outlines lack: its text is set from its fonts instead, as lottie-ios sets it"))
                break
            }
        }
        return .success((.object(members), walk.overrides))
    }

    /// ` (it has A, B, …)`: property paths ending in the keypath's property name first.
    private static func available(for pattern: [String], among seen: [String]) -> String {
        guard !seen.isEmpty else { return " (it has no layers with properties)" }
        let last = pattern.last ?? ""
        let ending = seen.filter { $0.hasSuffix("." + last) }
        var picked: [String] = []
        for path in ending + seen where !picked.contains(path) && picked.count < suggestions { picked.append(path) }
        return " (it has, among others: \(picked.joined(separator: ", ")))"
    }

    private static func layers(_ layers: [JSONValue], prefix: [String], stack: [String], walk: inout Walk) -> [JSONValue] {
        layers.map { layer(in: $0, prefix: prefix, stack: stack, walk: &walk) }
    }

    private static func layer(in value: JSONValue, prefix: [String], stack: [String], walk: inout Walk) -> JSONValue {
        guard case .object(var layer) = value else { return value }
        let names = prefix + [layer["nm"]?.string ?? ""]
        if case .object(let transform)? = layer["ks"] {
            layer["ks"] = .object(self.transform(transform, names: names + ["Transform"], walk: &walk))
        }
        switch layer["ty"]?.number {
        case 4:
            if let shapes = layer["shapes"]?.array { layer["shapes"] = .array(self.shapes(shapes, names: names, walk: &walk)) }
        case 5:
            layer = text(layer, names: names, walk: &walk)
        case 1:
            if let index = walk.override(for: names + ["Color"]) {
                set(&layer, "sc", kind: .solid, override: index, walk: &walk)
            }
        case 2:
            if let index = walk.override(for: names + ["Image"]) {
                image(&layer, override: index, walk: &walk)
            }
        case 0:
            guard let id = layer["refId"]?.string, let asset = walk.assets[id], let children = asset["layers"]?.array,
                  stack.count < deepestPrecomp, !stack.contains(id) else { break }
            let before = walk.applied
            let changed = layers(children, prefix: names, stack: stack + [id], walk: &walk)
            if walk.applied != before, case .object(var copy) = asset {
                copy["layers"] = .array(changed)
                walk.adopt(copy, of: id, by: &layer)
            }
        default:
            break
        }
        return .object(layer)
    }

    /// A transform's properties by their After Effects names, with the member each is.
    private static func transform(_ members: [String: JSONValue], names: [String], walk: inout Walk) -> [String: JSONValue] {
        var members = members
        let rotation = members["r"] == nil && members["rz"] != nil ? "rz" : "r"
        let properties: [(String, String, Kind)] = [
            ("Anchor Point", "a", .point), ("Position", "p", .point), ("Scale", "s", .point), ("Rotation", rotation, .number),
            ("Rotation Z", rotation, .number), ("Rotation X", "rx", .number), ("Rotation Y", "ry", .number),
            ("Opacity", "o", .number), ("Skew", "sk", .number), ("Skew Axis", "sa", .number),
        ]
        for (name, key, kind) in properties {
            guard let index = walk.override(for: names + [name]) else { continue }
            if key == "p", members["p"]?["s"]?.isTrue == true { members["p"] = .object([:]) }
            set(&members, key, kind: kind, override: index, walk: &walk)
        }
        return members
    }

    private static func shapes(_ items: [JSONValue], names: [String], walk: inout Walk) -> [JSONValue] {
        items.map { value in
            guard case .object(var item) = value else { return value }
            let type = item["ty"]?.string ?? ""
            if type == "tr" {
                return .object(transform(item, names: names + ["Transform"], walk: &walk))
            }
            let here = names + [item["nm"]?.string ?? ""]
            if type == "gr" {
                if let children = item["it"]?.array { item["it"] = .array(shapes(children, names: here, walk: &walk)) }
                return .object(item)
            }
            let properties: [(String, String, Kind)]
            switch type {
            case "fl": properties = [("Color", "c", .colour), ("Opacity", "o", .number)]
            case "st": properties = [("Color", "c", .colour), ("Opacity", "o", .number), ("Stroke Width", "w", .number)]
            case "gf": properties = [("Opacity", "o", .number), ("Start Point", "s", .point), ("End Point", "e", .point), ("Colors", "g", .gradient)]
            case "gs": properties = [("Opacity", "o", .number), ("Start Point", "s", .point), ("End Point", "e", .point), ("Colors", "g", .gradient),
                                     ("Stroke Width", "w", .number)]
            case "el": properties = [("Position", "p", .point), ("Size", "s", .point)]
            case "rc": properties = [("Position", "p", .point), ("Size", "s", .point), ("Roundness", "r", .number)]
            case "sr": properties = [("Position", "p", .point), ("Rotation", "r", .number), ("Points", "pt", .number),
                                     ("Outer Radius", "or", .number), ("Outer Roundedness", "os", .number),
                                     ("Inner Radius", "ir", .number), ("Inner Roundedness", "is", .number)]
            case "tm": properties = [("Start", "s", .number), ("End", "e", .number), ("Offset", "o", .number)]
            case "rd": properties = [("Radius", "r", .number)]
            default: properties = []
            }
            for (name, key, kind) in properties {
                guard let index = walk.override(for: here + [name]) else { continue }
                set(&item, key, kind: kind, override: index, walk: &walk)
            }
            return .object(item)
        }
    }

    /// A text layer's `Color`, `Stroke Color` and `Text`: every document keyframe's `fc`, `sc`, `t`.
    private static func text(_ layer: [String: JSONValue], names: [String], walk: inout Walk) -> [String: JSONValue] {
        var layer = layer
        for (name, key, kind) in [("Color", "fc", Kind.textFill), ("Stroke Color", "sc", .textStroke), ("Text", "t", .text)] {
            guard let index = walk.override(for: names + [name]) else { continue }
            guard let value = single(index, kind: kind, walk: &walk),
                  case .object(var data)? = layer["t"], case .object(var document)? = data["d"], let frames = document["k"]?.array else { continue }
            document["k"] = .array(frames.map { frame in
                guard case .object(var members) = frame, case .object(var style)? = members["s"] else { return frame }
                style[key] = value
                members["s"] = .object(style)
                return .object(members)
            })
            data["d"] = .object(document)
            layer["t"] = .object(data)
            walk.applied += 1
        }
        return layer
    }

    /// An image layer's picture: a copy of its asset naming the override's file.
    private static func image(_ layer: inout [String: JSONValue], override index: Int, walk: inout Walk) {
        let source: String, fit: String
        switch walk.overrides[index].keys.first?.item {
        case .text(let file)? where walk.overrides[index].keys.count == 1: (source, fit) = (file, ContentMode.fill.rawValue)
        case .image(let file, let mode)? where walk.overrides[index].keys.count == 1: (source, fit) = (file, mode)
        default:
            fail(index, "takes \(Kind.image.phrase)", walk: &walk)
            return
        }
        guard let id = layer["refId"]?.string, case .object(var copy)? = walk.assets[id] else { return }
        copy["p"] = .string(source)
        copy["u"] = .string("")
        copy["e"] = .number(DataURL.isDataURL(source) ? 1 : 0)
        copy[fitKey] = .string(fit)
        walk.adopt(copy, of: id, by: &layer)
        walk.applied += 1
    }

    /// The one JSON value a text or solid property takes, or nil with the override's problem said.
    private static func single(_ index: Int, kind: Kind, walk: inout Walk) -> JSONValue? {
        let override = walk.overrides[index]
        guard override.keys.count == 1, let item = override.keys.first?.item else {
            fail(index, "takes one value, not keyframes: \(kind.phrase)", walk: &walk)
            return nil
        }
        switch (kind, item) {
        case (.textFill, .colour(let c)), (.textStroke, .colour(let c)): return .array(c.prefix(3).map(JSONValue.number))
        case (.text, .text(let text)): return .string(text)
        case (.text, .numbers(let numbers)) where numbers.count == 1: return .string(LottiePlayback.unquoted(override.text))
        default:
            fail(index, "takes \(kind.phrase)", walk: &walk)
            return nil
        }
    }

    private static func fail(_ index: Int, _ message: String, walk: inout Walk) {
        if walk.overrides[index].problem == nil {
            walk.overrides[index].problem = "\(walk.overrides[index].pattern.last ?? "the property") \(message) (found \(walk.overrides[index].text))"
        }
    }

    /// Sets `members[key]` to the override's value as a Lottie property of `kind`.
    private static func set(_ members: inout [String: JSONValue], _ key: String, kind: Kind, override index: Int, walk: inout Walk) {
        let override = walk.overrides[index]
        if kind == .solid {
            guard override.keys.count == 1, case .colour(let c)? = override.keys.first?.item else {
                fail(index, "of a solid layer takes one colour, not keyframes", walk: &walk)
                return
            }
            members[key] = .string(String(Color(red: c[0], green: c[1], blue: c[2]).hexString.prefix(7)))
            walk.applied += 1
            return
        }
        var values: [JSONValue] = []
        for frame in override.keys {
            guard let value = json(frame.item, kind: kind) else {
                fail(index, "takes \(kind.phrase)", walk: &walk)
                return
            }
            values.append(value)
        }
        var property = members[key]?.object ?? [:]
        property.removeValue(forKey: "x")
        if kind == .gradient {
            guard case .gradient(let colours, _)? = override.keys.first?.item else { return }
            var gradient = property
            var inner = gradient["k"]?.object ?? [:]
            inner.removeValue(forKey: "x")
            fill(&inner, keys: override.keys, values: values)
            gradient["k"] = .object(inner)
            gradient["p"] = .number(Double(colours.count))
            members[key] = .object(gradient)
        } else {
            property.removeValue(forKey: "s")
            property.removeValue(forKey: "y")
            fill(&property, keys: override.keys, values: values)
            members[key] = .object(property)
        }
        walk.applied += 1
    }

    /// A property's `a` and `k`: one value, or keyframes eased linearly (a hold where asked).
    private static func fill(_ property: inout [String: JSONValue], keys: [Key], values: [JSONValue]) {
        guard keys.count > 1 || keys.first?.frame != nil else {
            property["a"] = .number(0)
            property["k"] = values.first ?? .null
            return
        }
        var frames: [JSONValue] = []
        for (index, (key, value)) in zip(keys, values).enumerated() {
            var frame: [String: JSONValue] = ["t": .number(key.frame ?? 0), "s": value.array != nil ? value : .array([value])]
            if index < keys.count - 1 {
                frame["o"] = .object(["x": .array([.number(0)]), "y": .array([.number(0)])])
                frame["i"] = .object(["x": .array([.number(1)]), "y": .array([.number(1)])])
                if key.hold { frame["h"] = .number(1) }
            }
            frames.append(.object(frame))
        }
        property["a"] = .number(1)
        property["k"] = .array(frames)
    }

    /// One value as the JSON a property of `kind` holds; nil when it cannot be.
    private static func json(_ item: Item, kind: Kind) -> JSONValue? {
        switch (kind, item) {
        case (.colour, .colour(let c)): return .array(c.map(JSONValue.number))
        case (.number, .numbers(let n)) where n.count == 1: return .number(n[0])
        case (.point, .numbers(let n)) where n.count == 2 || n.count == 3: return .array(n.map(JSONValue.number))
        case (.gradient, .gradient(let colours, let locations)):
            var stops: [Double] = []
            for (colour, location) in zip(colours, locations) { stops += [location, colour[0], colour[1], colour[2]] }
            for (colour, location) in zip(colours, locations) { stops += [location, colour[3]] }
            return .array(stops.map(JSONValue.number))
        default: return nil
        }
    }
}
