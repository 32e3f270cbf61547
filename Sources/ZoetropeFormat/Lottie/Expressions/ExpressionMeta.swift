/// What the expression environment knows of a file before any expression runs: its
/// compositions (the root's `layers`, each precomp asset's), their layers' names, indices,
/// times and parents, and the names of their effects' parameters and shapes, each with the JSON
/// path the host reads its values at. Written as a JavaScript literal for `__setup`.
enum ExpressionMeta {
    /// How many layers, effects and shapes the environment describes at most (the rest are
    /// not found by name).
    static let items = 20_000

    static func literal(_ root: JSONValue, frameRate: Double) -> String {
        var budget = items
        var comps: [(String, JSONText)] = [("", composition(root, prefix: "", budget: &budget))]
        for (index, asset) in (root["assets"]?.array ?? []).enumerated() where asset["layers"]?.array != nil {
            comps.append(("assets[\(index)]", composition(asset, prefix: "assets[\(index)].", budget: &budget, size: root)))
        }
        return script(.object([("fr", .number(frameRate)), ("comps", .object(comps))]))
    }

    private static func composition(_ json: JSONValue, prefix: String, budget: inout Int, size: JSONValue? = nil) -> JSONText {
        var layers: [JSONText] = []
        for (index, layer) in (json["layers"]?.array ?? []).enumerated() where budget > 0 {
            budget -= 1
            let path = "\(prefix)layers[\(index)]"
            var fields: [(String, JSONText)] = [("path", .string(path))]
            for key in ["nm", "ind", "ip", "op", "st", "parent", "w", "h"] {
                if let text = layer[key]?.string { fields.append((key, .string(text))) } else if let number = layer[key]?.number { fields.append((key, .number(number))) }
            }
            fields.append(("ef", effects(layer["ef"], at: path + ".ef", budget: &budget)))
            fields.append(("shapes", shapes(layer["shapes"], at: path + ".shapes", budget: &budget)))
            layers.append(.object(fields))
        }
        var fields: [(String, JSONText)] = [("layers", .array(layers))]
        for key in ["nm", "id", "op"] {
            if let text = json[key]?.string { fields.append((key, .string(text))) } else if let number = json[key]?.number { fields.append((key, .number(number))) }
        }
        fields.append(("w", .number(json["w"]?.number ?? size?["w"]?.number ?? 0)))
        fields.append(("h", .number(json["h"]?.number ?? size?["h"]?.number ?? 0)))
        return .object(fields)
    }

    private static func names(_ json: JSONValue) -> [(String, JSONText)] {
        ["nm", "mn", "ty"].compactMap { key in json[key]?.string.map { (key, .string($0)) } }
    }

    private static func effects(_ json: JSONValue?, at path: String, budget: inout Int) -> JSONText {
        var list: [JSONText] = []
        for (index, effect) in (json?.array ?? []).enumerated() where budget > 0 {
            budget -= 1
            var params: [JSONText] = []
            for (p, param) in (effect["ef"]?.array ?? []).enumerated() where budget > 0 {
                budget -= 1
                params.append(.object(names(param) + [("path", .string("\(path)[\(index)].ef[\(p)].v"))]))
            }
            list.append(.object(names(effect) + [("path", .string("\(path)[\(index)]")), ("params", .array(params))]))
        }
        return .array(list)
    }

    private static func shapes(_ json: JSONValue?, at path: String, budget: inout Int) -> JSONText {
        var list: [JSONText] = []
        for (index, item) in (json?.array ?? []).enumerated() where budget > 0 {
            budget -= 1
            var fields = names(item) + [("path", .string("\(path)[\(index)]"))]
            if item["it"]?.array != nil { fields.append(("it", shapes(item["it"], at: "\(path)[\(index)].it", budget: &budget))) }
            list.append(.object(fields))
        }
        return .array(list)
    }

    /// JSON as a JavaScript literal: every character past ASCII escaped (U+2028 and U+2029 end
    /// a line in ES5 source).
    static func script(_ json: JSONText) -> String {
        switch json {
        case .number(let number): return number.isFinite ? "\(number)" : "0"
        case .bool(let flag): return flag ? "true" : "false"
        case .string(let text): return quoted(text)
        case .array(let items): return "[" + items.map(script).joined(separator: ",") + "]"
        case .object(let pairs): return "{" + pairs.map { quoted($0.key) + ":" + script($0.value) }.joined(separator: ",") + "}"
        }
    }

    static func quoted(_ text: String) -> String {
        var out = "\""
        for unit in text.utf16 {
            switch unit {
            case 0x22: out += "\\\""
            case 0x5C: out += "\\\\"
            case 0x20..<0x7F: out.unicodeScalars.append(Unicode.Scalar(UInt8(unit)))
            default:
                let hex = String(unit, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            }
        }
        return out + "\""
    }

    /// The function an expression runs as: the environment's names as its locals (the layer's
    /// `position`, … only when the expression names them: reading one costs a look-up), then
    /// the expression, then its `$bm_rt` as numbers.
    static func wrapper(_ source: String, path: String, kind: String) -> String {
        let (comp, layer) = owner(of: path)
        let info = script(.object([("path", .string(path)), ("comp", .string(comp)), ("layer", .number(Double(layer))), ("kind", .string(kind))]))
        // The helpers an expression calls (`content`, `key`, …) are made once, when it is
        // compiled, not at every evaluation: they read the property, layer and time of the
        // evaluation running through the closure's `__p`, `__l`, `__time`, which each evaluation
        // sets first (an expression never runs inside itself: a property read again while its
        // expression runs is read from its keys). They are kept frozen on the closure's function,
        // whose own name an expression cannot rebind, and bound afresh as locals of each
        // evaluation, so what one evaluation assigns to a name never reaches the next.
        var lines = [
            "(function __env() { var __info = \(info); __info.seed = __hash(__info.path); __env.info = Object.freeze(__info);",
            "var __p, __l, __time;",
        ]
        // The names an expression may call, each bound only when the expression names it and
        // does not declare a function of that name itself.
        let functions = [
            ("valueAtTime", "function (t) { return __p.valueAtTime(t); }"),
            ("velocityAtTime", "function (t) { return __p.velocityAtTime(t); }"),
            ("speedAtTime", "function (t) { return __p.speedAtTime(t); }"),
            ("key", "function (n) { return __p.key(n); }"),
            ("nearestKey", "function (t) { return __p.nearestKey(t); }"),
            ("loopOut", "function (type, n) { return __p.loopOut(type, n); }"),
            ("loopIn", "function (type, n) { return __p.loopIn(type, n); }"),
            ("loopOutDuration", "function (type, d) { return __p.loopOutDuration(type, d); }"),
            ("loopInDuration", "function (type, d) { return __p.loopInDuration(type, d); }"),
            ("wiggle", "function (f, a, o, m, t) { return __p.wiggle(f, a, o, m, t); }"),
            ("smooth", "function (w, s, t) { return __p.smooth(w, s, t); }"),
            ("seedRandom", "function (seed, timeless) { __reseed(seed, timeless, __time); }"),
            ("effect", "function (name) { return __l.effect(name); }"),
            ("content", "function (name) { return __l.content(name); }"),
            ("toComp", "function (p, t) { return __l.toComp(p, t); }"),
            ("fromComp", "function (p, t) { return __l.fromComp(p, t); }"),
            ("toWorld", "function (p, t) { return __l.toWorld(p, t); }"),
            ("fromWorld", "function (p, t) { return __l.fromWorld(p, t); }"),
            ("comp", "function (name) { return __compNamed(name, __time); }"),
        ]
        let helpers = functions.filter { names($0.0, in: source) && !declares($0.0, in: source) }
        lines += [
            "__env.helpers = Object.freeze({" + helpers.map { "\($0.0): \($0.1)" }.joined(separator: ", ") + "});",
            "__env.set = function (t, p, l) { __time = t; __p = p; __l = l; }; Object.freeze(__env);",
            "return function (__t, __in) {",
            "var __info = __env.info;",
            "__seedBase = __info.seed; __reseed(0, false, __t);",
            "var time = __t, value = __toValue(__in, __info.kind), thisProperty = new __Property(__info, __t, value);",
            "var thisComp = new __Comp(__info.comp, __t), thisLayer = __info.layer >= 0 ? new __Layer(__info.comp, __info.layer, __t) : undefined;",
            "__env.set(__t, thisProperty, thisLayer);",
        ]
        lines += helpers.map { "var \($0.0) = __env.helpers.\($0.0);" }
        if names("transform", in: source) { lines.append("var transform = thisLayer && thisLayer.transform;") }
        let lazy = [("position", "thisLayer.position"), ("rotation", "thisLayer.rotation"), ("scale", "thisLayer.scale"),
                    ("anchorPoint", "thisLayer.anchorPoint"), ("opacity", "thisLayer.opacity"), ("inPoint", "thisLayer.inPoint"),
                    ("outPoint", "thisLayer.outPoint"), ("startTime", "thisLayer.startTime"), ("index", "thisLayer.index"),
                    ("hasParent", "thisLayer.hasParent"), ("parent", "thisLayer.parent"), ("numKeys", "thisProperty.numKeys"),
                    ("velocity", "thisProperty.velocity"), ("speed", "thisProperty.speed")]
        for (name, expression) in lazy where names(name, in: source) {
            lines.append("var \(name) = thisLayer ? \(expression) : undefined;")
        }
        // Bodymovin's conversion sets `$bm_rt`; an expression as After Effects takes it is
        // worth its last statement's value (run through `eval`, in the function's scope).
        let body = source.contains("$bm_rt") ? source : "$bm_rt = eval(\(quoted(source)));"
        lines += ["var $bm_rt;", body, ";return __result($bm_rt, __info);", "}; })()"]
        return lines.joined(separator: "\n")
    }

    /// Whether `source` declares a function `name` of its own (`function name(`).
    static func declares(_ name: String, in source: String) -> Bool {
        var rest = source[...]
        while let range = rest.range(of: "function") {
            let after = rest[range.upperBound...].drop { $0 == " " || $0 == "\t" || $0 == "\n" }
            if after.hasPrefix(name), after.dropFirst(name.count).drop(while: { $0 == " " }).first == "(" { return true }
            rest = rest[range.upperBound...]
        }
        return false
    }

    /// Whether `source` names `name` as a variable: not as a property (`.name`) nor inside a
    /// longer name. Strings and comments count too (a name too many costs one look-up).
    static func names(_ name: String, in source: String) -> Bool {
        func isNamePart(_ character: Character?) -> Bool {
            guard let character else { return false }
            return character.isLetter || character.isNumber || character == "_" || character == "$"
        }
        var rest = source[...]
        while let range = rest.range(of: name) {
            let before = range.lowerBound > source.startIndex ? source[source.index(before: range.lowerBound)] : nil
            let after = range.upperBound < source.endIndex ? source[range.upperBound] : nil
            if !isNamePart(before), before != ".", !isNamePart(after) { return true }
            rest = source[range.upperBound...]
        }
        return false
    }

    /// The composition (`""` for the root, `assets[i]` for a precomp) and the layer index a
    /// property's path lies in (-1 outside any layer).
    static func owner(of path: String) -> (comp: String, layer: Int) {
        var comp = ""
        var rest = Substring(path)
        if rest.hasPrefix("assets["), let close = rest.firstIndex(of: "]") {
            comp = String(rest[...close])
            rest = rest[rest.index(after: close)...].drop { $0 == "." }
        }
        guard rest.hasPrefix("layers["), let close = rest.firstIndex(of: "]"),
              let index = Int(rest[rest.index(rest.startIndex, offsetBy: 7)..<close]) else { return (comp, -1) }
        return (comp, index)
    }

    /// The JSON at a path of names and `[index]`es (`layers[2].ks.p`), or nil.
    static func find(_ path: String, in root: JSONValue) -> JSONValue? {
        var json: JSONValue? = root
        for part in path.split(separator: ".") {
            var name = Substring(part)
            var indices: [Int] = []
            while name.hasSuffix("]"), let open = name.lastIndex(of: "[") {
                guard let index = Int(name[name.index(after: open)..<name.index(before: name.endIndex)]) else { return nil }
                indices.insert(index, at: 0)
                name = name[..<open]
            }
            if !name.isEmpty { json = json?[String(name)] }
            for index in indices {
                guard let items = json?.array, items.indices.contains(index) else { return nil }
                json = items[index]
            }
        }
        return json
    }
}
