import ZoetropeCore

extension SceneDocument {
    // MARK: - Animators

    func readAnimator(_ node: DocumentNode, at path: DocumentPath, id: String,
                      context: ReferenceContext) -> AnimatorDefinition? {
        guard let pairs = reader.mapping(node, at: path, allowed: ["id", "duration", "timing", "animations", "completions",
                                                                   "scrubsLinearly", "pausesOnCompletion", "isInterruptible"]) else {
            return nil
        }
        var animator = AnimatorDefinition(id: id, duration: 1)
        var hasDuration = false
        for (key, value) in pairs {
            let at = path / key
            switch key {
            case "duration":
                hasDuration = true
                animator.duration = reader.number(value, at: at, where: { $0 > 0 && $0 <= 86_400 },
                                                  expected: "> 0") ?? 1
            case "timing": animator.timing = readTiming(value, at: at) ?? animator.timing
            case "animations":
                animator.blocks = (reader.sequence(value, at: at, of: "animation blocks") ?? [])
                    .enumerated().compactMap { readBlock($1, at: at / $0, context: context) }
            case "completions":
                animator.completions = (reader.sequence(value, at: at, of: "completions") ?? [])
                    .enumerated().compactMap { readCompletion($1, at: at / $0, context: context) }
            case "scrubsLinearly": animator.options.scrubsLinearly = reader.bool(value, at: at) ?? true
            case "pausesOnCompletion": animator.options.pausesOnCompletion = reader.bool(value, at: at) ?? false
            case "isInterruptible": animator.options.isInterruptible = reader.bool(value, at: at) ?? true
            default: break
            }
        }
        let usesDuration: Bool
        if case .spring(let spring) = animator.timing { usesDuration = spring.usesAnimatorDuration } else { usesDuration = true }
        if !hasDuration && usesDuration {
            reader.report(path / "duration", "required: the animator's duration in seconds (> 0)")
        }
        return animator
    }

    private func readBlock(_ node: DocumentNode, at path: DocumentPath, context: ReferenceContext) -> AnimationBlock? {
        guard let pairs = reader.mapping(node, at: path, allowed: ["set", "delayFactor"],
                                         unsupported: ["keyframes", "track"]) else { return nil }
        var block = AnimationBlock(assignments: [])
        var hasSet = false
        for (key, value) in pairs {
            if key == "set" {
                hasSet = true
                block.assignments = readAssignments(value, at: path / key, context: context)
            } else {
                block.delayFactor = reader.unit(value, at: path / key) ?? 0
            }
        }
        if !hasSet && node["keyframes"] == nil && node["track"] == nil {
            reader.report(path, "an animation block needs set: { layer.property: value }")
        }
        return block
    }

    /// `{ frog.position: [700, 420], card.rotation: 90deg }`.
    func readAssignments(_ node: DocumentNode, at path: DocumentPath, context: ReferenceContext) -> [PropertyAssignment] {
        guard case .mapping(let pairs, _) = node else {
            reader.report(path, "expected a mapping of layer.property keys to values (found \(node.kindPhrase))")
            return []
        }
        if pairs.isEmpty { reader.report(path, "expected at least one layer.property: value") }
        return pairs.compactMap { key, node -> PropertyAssignment? in
            guard let target = readTarget(key, at: path / key, context: context) else { return nil }
            let value: AnimatableValue?
            if target.component != nil {
                value = reader.number(node, at: path / key).map { .number($0) }
                if target.property == .size, case .number(let n)? = value, n < 0 {
                    reader.report(path / key, "must be >= 0 (found \(DocumentReader.format(n)))")
                    return nil
                }
            } else {
                value = readValue(of: target.property, node, at: path / key)
            }
            return value.map { PropertyAssignment(target, $0) }
        }
    }

    /// `frog.position`, `frog.position.x`, `card.stroke.width`.
    private func readTarget(_ key: String, at path: DocumentPath, context: ReferenceContext) -> PropertyTarget? {
        guard let dot = key.firstIndex(of: ".") else {
            reader.report(path, "expected a key layer.property such as frog.position (found \"\(key)\")")
            return nil
        }
        let layerID = String(key[..<dot]), rest = String(key[key.index(after: dot)...])
        guard let layer = context.tree.index(of: layerID) else {
            reader.report(path, "unknown layer \"\(layerID)\" (\(context.layerList))")
            return nil
        }
        if let property = LayerProperty(rawValue: rest) {
            guard property != .image else {
                reader.report(path, "\(rest) cannot be animated")
                return nil
            }
            return PropertyTarget(layer: layer, property: property)
        }
        if let lastDot = rest.lastIndex(of: "."), let property = LayerProperty(rawValue: String(rest[..<lastDot])) {
            let name = String(rest[rest.index(after: lastDot)...])
            if let component = property.componentNames.firstIndex(where: { $0.contains(name) }) {
                return PropertyTarget(layer: layer, property: property, component: component)
            }
            let names = property.componentNames.flatMap { $0 }
            reader.report(path, names.isEmpty
                ? "\(property.rawValue) has no components (found \"\(name)\")"
                : "unknown component \"\(name)\" of \(property.rawValue) (expected one of: \(names.joined(separator: ", ")))")
            return nil
        }
        let names = LayerProperty.allCases.filter { $0 != .image }.map(\.rawValue).joined(separator: ", ")
        reader.report(path, "unknown property \"\(rest)\" (expected one of: \(names))")
        return nil
    }

    // MARK: - Timing

    /// `easeInOut`, `{ cubic: [x1, y1, x2, y2] }` or `{ spring: { … } }`.
    func readTiming(_ node: DocumentNode, at path: DocumentPath) -> TimingParameters? {
        let names = CubicTimingParameters.named.map(\.name).joined(separator: ", ")
        if case .scalar(let text, _, _) = node {
            guard let curve = CubicTimingParameters(named: text) else {
                reader.report(path, "unknown timing curve \"\(text)\" (expected one of: \(names), or { cubic: [x1, y1, x2, y2] } or { spring: { … } })")
                return nil
            }
            return .cubic(curve)
        }
        guard let pairs = reader.mapping(node, at: path, allowed: ["cubic", "spring"]) else { return nil }
        guard pairs.count == 1, let (key, value) = pairs.first else {
            reader.report(path, "expected exactly one of cubic or spring")
            return nil
        }
        return key == "cubic" ? readCubic(value, at: path / key) : readSpring(value, at: path / key)
    }

    private func readCubic(_ node: DocumentNode, at path: DocumentPath) -> TimingParameters? {
        guard case .sequence(let items, _) = node, items.count == 4 else {
            reader.report(path, "expected four numbers [x1, y1, x2, y2] (found \(node.kindPhrase))")
            return nil
        }
        let numbers = items.enumerated().compactMap { reader.number($1, at: path / $0) }
        guard numbers.count == 4 else { return nil }
        do {
            return .cubic(try CubicTimingParameters(controlPoint1: Vector2(numbers[0], numbers[1]),
                                                     controlPoint2: Vector2(numbers[2], numbers[3])))
        } catch {
            let index = ["x1", "y1", "x2", "y2"].firstIndex(of: error.parameter) ?? 0
            reader.report(path / index, "\(error.parameter) must be \(error.expected) (found \(DocumentReader.format(error.found)))")
            return nil
        }
    }

    private func readSpring(_ node: DocumentNode, at path: DocumentPath) -> TimingParameters? {
        let keys = ["mass", "stiffness", "damping", "dampingRatio", "initialVelocity", "duration", "bounce",
                    "response", "allowsOverdamping"]
        guard let pairs = reader.mapping(node, at: path, allowed: keys) else { return nil }
        var numbers: [String: Double] = [:]
        var velocity = Vector2.zero
        var allowsOverdamping = false
        var valid = true
        for (key, value) in pairs {
            switch key {
            case "initialVelocity":
                if let v = reader.vectorOrNumber(value, at: path / key) { velocity = v } else { valid = false }
            case "allowsOverdamping":
                allowsOverdamping = reader.bool(value, at: path / key) ?? false
            default:
                if let number = reader.number(value, at: path / key) { numbers[key] = number } else { valid = false }
            }
        }
        guard valid else { return nil }
        let present = Set(numbers.keys)
        func conflict(_ form: String, _ allowed: Set<String>) -> Bool {
            let extra = present.subtracting(allowed).sorted()
            guard extra.isEmpty else {
                reader.report(path, "\(extra.joined(separator: ", ")) cannot be combined with \(form)")
                return true
            }
            return false
        }
        do throws(TimingParameterError) {
            if present.contains("stiffness") || present.contains("mass") || present.contains("damping") {
                guard !conflict("mass/stiffness/damping", ["mass", "stiffness", "damping", "dampingRatio"]) else { return nil }
                guard let stiffness = numbers["stiffness"] else {
                    reader.report(path / "stiffness", "required: a mass/stiffness/damping spring needs stiffness (> 0)")
                    return nil
                }
                let mass = numbers["mass"] ?? 1
                let damping: Double
                switch (numbers["damping"], numbers["dampingRatio"]) {
                case let (given?, nil): damping = given
                case let (nil, ratio?):
                    guard ratio > 0, mass > 0, stiffness > 0 else {
                        throw TimingParameterError(parameter: ratio > 0 ? "mass" : "dampingRatio",
                                                   expected: "a finite number > 0", found: ratio > 0 ? min(mass, stiffness) : ratio)
                    }
                    damping = 2 * ratio * (mass * stiffness).squareRoot()
                default:
                    reader.report(path, "give exactly one of damping or dampingRatio with stiffness")
                    return nil
                }
                return .spring(try SpringTimingParameters(mass: mass, stiffness: stiffness, damping: damping,
                                                          initialVelocity: velocity, allowsOverdamping: allowsOverdamping))
            }
            if allowsOverdamping {
                reader.report(path / "allowsOverdamping", "only a mass/stiffness/damping spring takes allowsOverdamping")
                return nil
            }
            if let response = numbers["response"] {
                guard !conflict("response", ["response", "dampingRatio"]) else { return nil }
                guard let ratio = numbers["dampingRatio"] else {
                    reader.report(path / "dampingRatio", "required: a response spring needs dampingRatio (> 0)")
                    return nil
                }
                return .spring(try SpringTimingParameters(response: response, dampingRatio: ratio, initialVelocity: velocity))
            }
            if present.contains("duration") || present.contains("bounce") {
                guard !conflict("duration/bounce", ["duration", "bounce"]) else { return nil }
                return .spring(try SpringTimingParameters(duration: numbers["duration"] ?? 0.5,
                                                          bounce: numbers["bounce"] ?? 0, initialVelocity: velocity))
            }
            if let ratio = numbers["dampingRatio"] {
                return .spring(try SpringTimingParameters(dampingRatio: ratio, initialVelocity: velocity))
            }
            reader.report(path, "a spring needs one of: dampingRatio; mass, stiffness and damping (or dampingRatio); duration and bounce; response and dampingRatio")
            return nil
        } catch {
            let key = error.parameter.hasPrefix("initialVelocity") ? "initialVelocity" : error.parameter
            reader.report(path / key, "must be \(error.expected) (found \(DocumentReader.format(error.found)))")
            return nil
        }
    }

    // MARK: - Completions and the script

    /// The calls an event or completion can make, and the keys that qualify each.
    static let calls: [(name: String, modifiers: [String])] = [
        ("start", ["delay"]), ("pause", []), ("stop", ["withoutFinishing"]), ("finish", ["position"]),
        ("reverse", ["value"]), ("fraction", ["value"]), ("continue", ["timing", "durationFactor"]),
        ("addAnimations", ["delayFactor", "set"]),
    ]
    static let plannedGestures = ["drag", "pan", "release"]
    static var actionKeys: [String] { calls.map(\.name) + ["set"] }
    static var modifierKeys: [String] { Array(Set(calls.flatMap(\.modifiers))).sorted() }

    private func readCompletion(_ node: DocumentNode, at path: DocumentPath, context: ReferenceContext) -> Completion? {
        guard reader.mapping(node, at: path, allowed: ["when"] + Self.actionKeys + Self.modifierKeys,
                             unsupported: Self.plannedGestures) != nil else { return nil }
        var position: AnimatingPosition?
        if let when = node["when"], let text = reader.string(when, at: path / "when") {
            if text == "any" {
                position = nil
            } else if let match = AnimatingPosition(rawValue: text) {
                position = match
            } else {
                reader.report(path / "when", "expected one of \"end\", \"start\", \"current\", \"any\" (found \"\(text)\")")
            }
        }
        let actions = readActions(node, at: path, context: context)
        return Completion(position: position, actions: actions, path: path.description)
    }

    func readEvent(_ node: DocumentNode, at path: DocumentPath, context: ReferenceContext) -> ScriptEvent? {
        guard reader.mapping(node, at: path, allowed: ["at"] + Self.actionKeys + Self.modifierKeys,
                             unsupported: Self.plannedGestures) != nil else { return nil }
        var time = 0.0
        if let at = node["at"] {
            time = reader.number(at, at: path / "at", where: { $0 >= 0 && $0 <= 86_400 }, expected: "within 0...86400 seconds") ?? 0
        } else {
            reader.report(path / "at", "required: the event's time in seconds (>= 0)")
        }
        if node["set"] != nil && node["addAnimations"] == nil && Self.calls.contains(where: { node[$0.name] != nil }) {
            reader.report(path, "an event does one thing: give a call (start, pause, …) or set, not both")
            return nil
        }
        let actions = readActions(node, at: path, context: context)
        guard actions.count == 1 else { return nil }
        return ScriptEvent(time: time, action: actions[0], path: path.description)
    }

    /// The call (at most one) and the `set` of an event or completion, with their qualifiers.
    private func readActions(_ node: DocumentNode, at path: DocumentPath, context: ReferenceContext) -> [ScriptAction] {
        let present = Self.calls.filter { node[$0.name] != nil }
        if present.count > 1 {
            reader.report(path, "give one call per event or completion (found \(present.map(\.name).joined(separator: ", ")))")
            return []
        }
        let call = present.first
        // Qualifiers of other calls are mistakes, not silently ignored.
        for modifier in Self.modifierKeys where node[modifier] != nil && !(call?.modifiers.contains(modifier) ?? false) {
            if modifier == "set" { continue }
            let owners = Self.calls.filter { $0.modifiers.contains(modifier) }.map(\.name).joined(separator: " or ")
            reader.report(path / modifier, "\(modifier) belongs to \(owners)")
        }
        var actions: [ScriptAction] = []
        if let call, let target = node[call.name], let id = reader.string(target, at: path / call.name) {
            if let animator = context.animatorIndex(id) {
                if let action = readCall(call.name, animator: animator, node, at: path, context: context) {
                    actions.append(action)
                }
            } else {
                reader.report(path / call.name, "unknown animator \"\(id)\" (\(context.animatorList))")
            }
        }
        if call?.name != "addAnimations", let value = node["set"] {
            let assignments = readAssignments(value, at: path / "set", context: context)
            if !assignments.isEmpty { actions.append(.set(assignments)) }
        }
        if call == nil && node["set"] == nil && !Self.plannedGestures.contains(where: { node[$0] != nil }) {
            reader.report(path, "expected an action: \(Self.actionKeys.joined(separator: ", "))")
        }
        return actions
    }

    private func readCall(_ name: String, animator: Int, _ node: DocumentNode, at path: DocumentPath,
                          context: ReferenceContext) -> ScriptAction? {
        switch name {
        case "start":
            let delay = node["delay"].flatMap { reader.nonNegative($0, at: path / "delay") } ?? 0
            return .start(animator: animator, delay: delay)
        case "pause":
            return .pause(animator: animator)
        case "stop":
            let withoutFinishing = node["withoutFinishing"].flatMap { reader.bool($0, at: path / "withoutFinishing") } ?? true
            return .stop(animator: animator, withoutFinishing: withoutFinishing)
        case "finish":
            let position = node["position"].flatMap { reader.choice($0, at: path / "position", of: AnimatingPosition.self) } ?? .end
            return .finish(animator: animator, position: position)
        case "reverse":
            let value = node["value"].flatMap { reader.bool($0, at: path / "value") }
            return .reverse(animator: animator, value: value)
        case "fraction":
            guard let node = node["value"] else {
                reader.report(path / "value", "required: the fraction to set, within 0...1")
                return nil
            }
            return reader.unit(node, at: path / "value").map { .fraction(animator: animator, value: $0) }
        case "continue":
            let timing = node["timing"].flatMap { readTiming($0, at: path / "timing") }
            let factor = node["durationFactor"].flatMap { reader.nonNegative($0, at: path / "durationFactor") } ?? 0
            return .continueAnimation(animator: animator, timing: timing, durationFactor: factor)
        default:
            guard let set = node["set"] else {
                reader.report(path / "set", "required: the block's set: { layer.property: value }")
                return nil
            }
            let delayFactor = node["delayFactor"].flatMap { reader.unit($0, at: path / "delayFactor") } ?? 0
            let assignments = readAssignments(set, at: path / "set", context: context)
            return .addAnimations(animator: animator, block: AnimationBlock(delayFactor: delayFactor, assignments: assignments))
        }
    }
}
