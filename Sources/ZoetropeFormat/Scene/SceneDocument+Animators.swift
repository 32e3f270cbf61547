import ZoetropeCore

extension SceneDocument {
    // MARK: - Animators

    func readAnimator(_ node: DocumentNode, at path: DocumentPath, id: String,
                      context: ReferenceContext) -> AnimatorDefinition? {
        guard let pairs = reader.mapping(node, at: path, allowed: SceneVocabulary.animator.names) else {
            return nil
        }
        var animator = AnimatorDefinition(id: id, duration: 1)
        var hasDuration = false
        for (key, value) in pairs {
            let at = path / key
            switch key {
            case "duration":
                hasDuration = true
                animator.duration = reader.number(value, at: at, within: .duration) ?? 1
            case "timing": animator.timing = readTiming(value, at: at) ?? animator.timing
            case "animations":
                animator.blocks = (reader.sequence(value, at: at, of: "animation blocks", atMost: SceneLimits.items) ?? [])
                    .enumerated().compactMap { readBlock($1, at: at / $0, context: context) }
            case "completions":
                animator.completions = (reader.sequence(value, at: at, of: "completions", atMost: SceneLimits.items) ?? [])
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
            reader.report(path / "duration", "required: the animator's duration in seconds (\(NumberRange.duration.description))")
        }
        return animator
    }

    private func readBlock(_ node: DocumentNode, at path: DocumentPath, context: ReferenceContext) -> AnimationBlock? {
        guard let pairs = reader.mapping(node, at: path, allowed: SceneVocabulary.animationBlock.names) else { return nil }
        var block = AnimationBlock()
        let kinds = pairs.map(\.key).filter { $0 != "delayFactor" }
        guard kinds.count == 1 else {
            reader.report(path, kinds.isEmpty
                ? "an animation block needs one of set: { layer.property: value }, keyframes: […] or track: { … }"
                : "an animation block holds one of set, keyframes or track (found \(kinds.joined(separator: ", ")))")
            return nil
        }
        for (key, value) in pairs {
            switch key {
            case "set": block.assignments = readAssignments(value, at: path / key, context: context)
            case "keyframes": block.keyframes = readKeyframes(value, at: path / key, context: context)
            case "track": block.tracks = readTracks(value, at: path / key, context: context)
            default: block.delayFactor = reader.unit(value, at: path / key) ?? 0
            }
        }
        return block
    }

    /// `keyframes: [ { start, duration, set } … ]` or `{ calculationMode, frames: […] }`.
    private func readKeyframes(_ node: DocumentNode, at path: DocumentPath, context: ReferenceContext) -> KeyframeBlock? {
        var framesNode = node, framesPath = path
        var mode = CalculationMode.linear
        if case .mapping = node {
            guard let pairs = reader.mapping(node, at: path, allowed: SceneVocabulary.keyframes.names) else { return nil }
            for (key, value) in pairs where key == "calculationMode" {
                mode = reader.choice(value, at: path / key, of: CalculationMode.self) ?? .linear
            }
            guard let frames = node["frames"] else {
                reader.report(path / "frames", "required: the list of frames { start, duration, set }")
                return nil
            }
            (framesNode, framesPath) = (frames, path / "frames")
        }
        guard let items = reader.sequence(framesNode, at: framesPath, of: "frames { start, duration, set }", atMost: SceneLimits.keyframes) else { return nil }
        if items.isEmpty { reader.report(framesPath, "expected at least one frame") }
        let frames = items.enumerated().compactMap { index, item -> Keyframe? in
            let at = framesPath / index
            guard reader.mapping(item, at: at, allowed: SceneVocabulary.keyframe.names) != nil else { return nil }
            let start = item["start"].flatMap { reader.unit($0, at: at / "start") }
            let duration = item["duration"].flatMap { reader.unit($0, at: at / "duration") }
            for key in ["start", "duration", "set"] where item[key] == nil {
                reader.report(at / key, key == "set" ? "required: set: { layer.property: value }" : "required: a relative \(key) within 0...1")
            }
            guard let start, let duration, let set = item["set"] else { return nil }
            guard start + duration <= 1 + 1e-12 else {
                reader.report(at, "start + duration must be <= 1 (found \(DocumentReader.format(start + duration)))")
                return nil
            }
            return Keyframe(relativeStartTime: start, relativeDuration: duration,
                            assignments: readAssignments(set, at: at / "set", context: context))
        }
        return KeyframeBlock(frames: frames, calculationMode: mode)
    }

    /// `track: { … }`, or a list of them that run together (how a block of several tracks, a
    /// motion path's position and rotation say, is written back).
    private func readTracks(_ node: DocumentNode, at path: DocumentPath, context: ReferenceContext) -> [TrackAnimation] {
        guard case .sequence = node else { return readTrack(node, at: path, context: context) }
        guard let items = reader.sequence(node, at: path, of: "tracks", atMost: SceneLimits.keyframes) else { return [] }
        if items.isEmpty { reader.report(path, "a list of tracks needs at least one track") }
        return items.enumerated().flatMap { readTrack($1, at: path / $0, context: context) }
    }

    /// `track: { key, values, keyTimes, timingFunctions, calculationMode, tension, continuity, bias, tangents }`.
    private func readTrack(_ node: DocumentNode, at path: DocumentPath, context: ReferenceContext) -> [TrackAnimation] {
        guard let pairs = reader.mapping(node, at: path, allowed: SceneVocabulary.track.names) else { return [] }
        let fields = Dictionary(pairs.map { ($0.key, $0.value) }, uniquingKeysWith: { $1 })
        guard let keyNode = fields["key"], let key = reader.string(keyNode, at: path / "key") else {
            if fields["key"] == nil { reader.report(path / "key", "required: the property the track animates, such as frog.position") }
            return []
        }
        guard let target = readTarget(key, at: path / "key", context: context) else { return [] }
        if fields["path"] != nil { return readMotion(fields, target: target, at: path) }
        if fields["rotationMode"] != nil { reader.report(path / "rotationMode", "rotationMode belongs to a motion path (path:)") }
        return readValueTrack(fields, target: target, at: path).map { [$0] } ?? []
    }

    /// `{ key: frog.position, path: "M … C …", rotationMode: auto }`: motion at constant speed
    /// along SVG path data, and with `rotationMode` the layer turned along the tangent.
    func readMotion(_ fields: [String: DocumentNode], target: PropertyTarget, at path: DocumentPath) -> [TrackAnimation] {
        for other in ["values", "keyTimes", "timingFunctions", "calculationMode", "tension", "continuity", "bias", "tangents", "time"] where fields[other] != nil {
            reader.report(path / other, "a motion path takes no \(other): it moves at constant speed along the path")
        }
        guard target.property == .position, target.component == nil else {
            reader.report(path / "key", "a motion path animates a whole position, such as frog.position")
            return []
        }
        var rotationMode: String?
        if let node = fields["rotationMode"], let mode = reader.string(node, at: path / "rotationMode") {
            guard mode == "auto" || mode == "autoReverse" else {
                reader.report(path / "rotationMode", "expected one of \"auto\", \"autoReverse\" (found \"\(mode)\")")
                return []
            }
            rotationMode = mode
        }
        guard let node = fields["path"], let data = reader.string(node, at: path / "path") else { return [] }
        do {
            let svgPath = try SVGPath(parsing: data)
            guard checkCoordinates(of: svgPath, at: path / "path") else { return [] }
            let motion = try KeyframeTrack.motion(along: svgPath, rotationOffset: rotationMode == "autoReverse" ? .pi : 0)
            var tracks = [TrackAnimation(target: target, track: motion.position)]
            if rotationMode != nil {
                tracks.append(TrackAnimation(target: PropertyTarget(layer: target.layer, property: .rotation), track: motion.rotation))
            }
            return tracks
        } catch let error as SVGPathError {
            reader.report(path / "path", Self.message(for: error))
        } catch {
            reader.report(path / "path", "\(error)")
        }
        return []
    }

    func readValueTrack(_ fields: [String: DocumentNode], target: PropertyTarget, at path: DocumentPath) -> TrackAnimation? {
        guard let valuesNode = fields["values"], let items = reader.sequence(valuesNode, at: path / "values", of: "values", atMost: SceneLimits.keyframes) else {
            if fields["values"] == nil { reader.report(path / "values", "required: the track's values") }
            return nil
        }
        let values = items.enumerated().compactMap { index, item -> AnimatableValue? in
            target.component != nil ? readComponent(of: target.property, item, at: path / "values" / index)
                : readValue(of: target.property, item, at: path / "values" / index)
        }
        func numbers(_ name: String, check: (DocumentNode, DocumentPath) -> Double?) -> [Double]? {
            guard let node = fields[name], let list = reader.sequence(node, at: path / name, of: "numbers", atMost: SceneLimits.keyframes) else { return nil }
            let parsed = list.enumerated().compactMap { check($1, path / name / $0) }
            return parsed.count == list.count ? parsed : nil
        }
        let keyTimes = numbers("keyTimes") { reader.unit($0, at: $1) }
        let tension = numbers("tension") { reader.number($0, at: $1, where: { (-1...1).contains($0) }, expected: "within -1...1") } ?? []
        let continuity = numbers("continuity") { reader.number($0, at: $1, where: { (-1...1).contains($0) }, expected: "within -1...1") } ?? []
        let bias = numbers("bias") { reader.number($0, at: $1, where: { (-1...1).contains($0) }, expected: "within -1...1") } ?? []
        let mode = fields["calculationMode"].flatMap { reader.choice($0, at: path / "calculationMode", of: CalculationMode.self) } ?? .linear
        let curves = readSegmentCurves(fields["timingFunctions"], at: path / "timingFunctions")
        var time: TrackTime?
        if let node = fields["time"] {
            guard let read = readTrackTime(node, at: path / "time") else { return nil }
            time = read
        }
        // `tangents: [[[outX, outY], [inX, inY]], …]`, a segment's two control points relative to
        // its ends ([[0, 0], [0, 0]]: straight).
        var tangents: [SpatialTangents?] = []
        if let node = fields["tangents"], let list = reader.sequence(node, at: path / "tangents", of: "segments' tangents", atMost: SceneLimits.keyframes) {
            for (index, item) in list.enumerated() {
                let at = path / "tangents" / index
                guard case .sequence(let pair, _) = item, pair.count == 2 else {
                    reader.report(at, "expected [[outX, outY], [inX, inY]]: the control points relative to the segment's ends (found \(item.kindPhrase))")
                    continue
                }
                guard let out = reader.vector(pair[0], at: at / 0, within: .coordinate),
                      let into = reader.vector(pair[1], at: at / 1, within: .coordinate) else { continue }
                tangents.append(SpatialTangents(out: out, into: into))
            }
            if tangents.count != list.count { return nil }
        }
        guard values.count == items.count, !items.isEmpty else {
            if items.isEmpty { reader.report(path / "values", "expected at least one value") }
            return nil
        }
        do {
            let track = try KeyframeTrack(values: values, keyTimes: keyTimes, timingFunctions: curves, calculationMode: mode,
                                          tension: tension, continuity: continuity, bias: bias, tangents: tangents, time: time)
            return TrackAnimation(target: target, track: track)
        } catch {
            let field: String = switch error {
            case .noValues, .mixedKinds: "values"
            case .keyTimeCount, .keyTimeOutOfRange, .keyTimeEnds: "keyTimes"
            case .keyTimesDecreasing(let index): "keyTimes[\(index)]"
            case .timingFunctionCount: "timingFunctions"
            case .parameterCount(let name, _, _), .parameterRange(let name): name
            case .tangentCount, .tangentsNeedLinear, .tangentsNeedPoints: "tangents"
            }
            reader.report(path / field, error.description)
            return nil
        }
    }

    /// A keyframe track's cubic curves, one per segment (`timingFunctions`).
    func readSegmentCurves(_ node: DocumentNode?, at path: DocumentPath) -> [CubicTimingParameters] {
        guard let node, let list = reader.sequence(node, at: path, of: "timing curves", atMost: SceneLimits.keyframes) else { return [] }
        var curves: [CubicTimingParameters] = []
        for (index, item) in list.enumerated() {
            switch readTiming(item, at: path / index) {
            case .cubic(let curve)?: curves.append(curve)
            case .spring?: reader.report(path / index, "a keyframe segment takes a cubic curve, not a spring")
            case nil: break
            }
        }
        return curves
    }

    /// `time: { times, keyTimes, timingFunctions }`: where a track is read at each of its
    /// animator's keyframe times.
    private func readTrackTime(_ node: DocumentNode, at path: DocumentPath) -> TrackTime? {
        guard let pairs = reader.mapping(node, at: path, allowed: SceneVocabulary.trackTime.names) else { return nil }
        let fields = Dictionary(pairs.map { ($0.key, $0.value) }, uniquingKeysWith: { $1 })
        func units(_ name: String) -> [Double]? {
            guard let node = fields[name] else {
                reader.report(path / name, "required: a list of keyframe times within 0…1")
                return nil
            }
            guard let list = reader.sequence(node, at: path / name, of: "numbers", atMost: SceneLimits.keyframes) else { return nil }
            let parsed = list.enumerated().compactMap { reader.unit($1, at: path / name / $0) }
            return parsed.count == list.count ? parsed : nil
        }
        let times = units("times"), keyTimes = units("keyTimes")
        let curves = readSegmentCurves(fields["timingFunctions"], at: path / "timingFunctions")
        guard let times, let keyTimes else { return nil }
        do {
            return try TrackTime(times: times, keyTimes: keyTimes, timingFunctions: curves)
        } catch {
            let field: String = switch error {
            case .noValues: "times"
            case .keyTimesDecreasing(let index): "keyTimes[\(index)]"
            case .timingFunctionCount: "timingFunctions"
            default: "keyTimes"
            }
            reader.report(path / field, error.description)
            return nil
        }
    }

    /// `{ frog.position: [700, 420], card.rotation: 90deg }`.
    func readAssignments(_ node: DocumentNode, at path: DocumentPath, context: ReferenceContext) -> [PropertyAssignment] {
        guard case .mapping(let pairs, _) = node else {
            reader.report(path, "expected a mapping of layer.property keys to values (found \(node.kindPhrase))")
            return []
        }
        if pairs.isEmpty { reader.report(path, "expected at least one layer.property: value") }
        return pairs.compactMap { entry -> PropertyAssignment? in
            let key = entry.key, node = entry.value
            guard let target = readTarget(key, at: path / key, context: context) else { return nil }
            let value: AnimatableValue?
            if target.component != nil {
                value = readComponent(of: target.property, node, at: path / key)
            } else {
                value = readValue(of: target.property, node, at: path / key)
            }
            return value.map { PropertyAssignment(target, $0) }
        }
    }

    /// One component of a pair property (`frog.position.x`), within the property's range.
    func readComponent(of property: LayerProperty, _ node: DocumentNode, at path: DocumentPath) -> AnimatableValue? {
        guard let range = property.range else { return reader.number(node, at: path).map { .number($0) } }
        return reader.number(node, at: path, within: range).map { .number($0) }
    }

    /// `frog.position`, `frog.position.x`, `card.stroke.width`: the core's resolver, so a key reads
    /// the same in a scene, a plot and the Swift API.
    func readTarget(_ key: String, at path: DocumentPath, context: ReferenceContext) -> PropertyTarget? {
        switch context.tree.target(forKey: key) {
        case .failure(let error):
            reader.report(path, error.message)
            return nil
        case .success(let target) where target.property == .image:
            reader.report(path, "\(target.property.rawValue) cannot be animated")
            return nil
        case .success(let target):
            return target
        }
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
        guard let pairs = reader.mapping(node, at: path, allowed: SceneVocabulary.cubicTiming.names + SceneVocabulary.springTiming.names) else { return nil }
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
        guard let pairs = reader.mapping(node, at: path, allowed: SceneVocabulary.spring.names) else { return nil }
        var numbers: [String: Double] = [:]
        var velocity = Vector2.zero
        var allowsOverdamping = false
        var valid = true
        for (key, value) in pairs {
            switch key {
            case "initialVelocity":
                if let v = reader.vectorOrNumber(value, at: path / key) {
                    if NumberRange.velocity.contains(v.x), NumberRange.velocity.contains(v.y) {
                        velocity = v
                    } else {
                        reader.report(path / key, "must be \(NumberRange.velocity.description) distances per second (found \(DocumentReader.format(abs(v.x) > abs(v.y) ? v.x : v.y)))")
                        valid = false
                    }
                } else {
                    valid = false
                }
            case "allowsOverdamping":
                allowsOverdamping = reader.bool(value, at: path / key) ?? false
            default:
                if let number = reader.number(value, at: path / key) { numbers[key] = number } else { valid = false }
            }
        }
        guard valid else { return nil }
        do throws(SpringFormError) {
            return .spring(try SpringTimingParameters.resolving(numbers, initialVelocity: velocity,
                                                                allowsOverdamping: allowsOverdamping).spring)
        } catch {
            // A bad velocity component is reported at initialVelocity.
            let key = error.parameter.map { $0.hasPrefix("initialVelocity") ? "initialVelocity" : $0 }
            let message = error.range.map { "must be \($0.expected) (found \(DocumentReader.format($0.found)))" } ?? error.message
            reader.report(key.map { path / $0 } ?? path, message)
            return nil
        }
    }

    // MARK: - Groups

    /// `{ id, members: [move, { id: fade, delay: 0.5 }], completions: […] }`.
    func readGroup(_ node: DocumentNode, at path: DocumentPath, id: String, context: ReferenceContext) -> GroupDefinition? {
        guard reader.mapping(node, at: path, allowed: SceneVocabulary.group.names) != nil else { return nil }
        var group = GroupDefinition(id: id, members: [])
        readPlayhead(node, at: path, into: &group)
        guard let membersNode = node["members"], let items = reader.sequence(membersNode, at: path / "members", of: "members", atMost: SceneLimits.items) else {
            if node["members"] == nil { reader.report(path / "members", "required: the ids of the animators and groups it controls") }
            return nil
        }
        if items.isEmpty { reader.report(path / "members", "expected at least one member") }
        for (index, item) in items.enumerated() {
            let at = path / "members" / index
            var memberID: String?, delay = 0.0
            if case .mapping = item {
                guard reader.mapping(item, at: at, allowed: SceneVocabulary.groupMember.names) != nil else { continue }
                memberID = item["id"].flatMap { reader.string($0, at: at / "id") }
                if item["id"] == nil { reader.report(at / "id", "required: the member's id") }
                delay = item["delay"].flatMap { reader.nonNegative($0, at: at / "delay") } ?? 0
            } else {
                memberID = reader.string(item, at: at)
            }
            guard let memberID else { continue }
            guard let target = context.target(memberID) else {
                reader.report(at, "unknown member \"\(memberID)\" (\(context.animatorList(near: memberID)))")
                continue
            }
            group.members.append(GroupDefinition.Member(target: target, delay: delay))
        }
        if let completions = node["completions"] {
            group.completions = (reader.sequence(completions, at: path / "completions", of: "completions", atMost: SceneLimits.items) ?? [])
                .enumerated().compactMap { readCompletion($1, at: path / "completions" / $0, context: context) }
        }
        return group
    }

    /// The keys a group or timeline shares with an animator: how its playhead moves.
    /// A group's or timeline's `timing` (a cubic curve: the playhead does not spring) and flags.
    func readPlayhead(_ node: DocumentNode, at path: DocumentPath, into group: inout GroupDefinition) {
        if let value = node["timing"] {
            switch readTiming(value, at: path / "timing") {
            case .cubic(let curve)?: group.timing = curve
            case .spring?: reader.report(path / "timing", "a \(group.kind.rawValue)'s playhead takes a cubic curve (a named curve or { cubic: [x1, y1, x2, y2] }), not a spring: give springs to its animators")
            case nil: break
            }
        }
        if let value = node["scrubsLinearly"] { group.options.scrubsLinearly = reader.bool(value, at: path / "scrubsLinearly") ?? true }
        if let value = node["pausesOnCompletion"] { group.options.pausesOnCompletion = reader.bool(value, at: path / "pausesOnCompletion") ?? false }
        if let value = node["isInterruptible"] { group.options.isInterruptible = reader.bool(value, at: path / "isInterruptible") ?? true }
    }

    /// A group may not contain itself, directly or through other groups (Core's one check).
    func checkGroupCycles(_ groups: [GroupDefinition], at path: DocumentPath) {
        for cycle in GroupDefinition.cycles(in: groups) {
            reader.report(path / cycle.group / "members", cycle.description)
        }
    }

    // MARK: - Completions and the script

    /// The calls an event or completion can make, the keys that qualify each, and the gestures
    /// (`SceneVocabulary` holds them for the schema too).
    static var calls: [(name: String, modifiers: [String])] { SceneVocabulary.calls }
    static var actionKeys: [String] { SceneVocabulary.actionKeys }
    /// The layer changes (`move`, `restyle`) and the keys that qualify each.
    static var layerChanges: [(name: String, modifiers: [String])] { SceneVocabulary.layerChanges }
    /// Keys that qualify a call and are not actions themselves (`set` is both).
    static var modifierKeys: [String] { SceneVocabulary.modifierKeys }

    func readCompletion(_ node: DocumentNode, at path: DocumentPath, context: ReferenceContext) -> Completion? {
        guard reader.mapping(node, at: path, allowed: SceneVocabulary.completion.names) != nil else { return nil }
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
        guard reader.mapping(node, at: path, allowed: SceneVocabulary.event.names) != nil else { return nil }
        var time = 0.0
        if let at = node["at"] {
            time = reader.number(at, at: path / "at", where: NumberRange.time.contains, expected: "\(NumberRange.time.description) seconds") ?? 0
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
        if node["drag"] != nil || node["release"] != nil { return readGesture(node, at: path, context: context).map { [$0] } ?? [] }
        if let change = Self.layerChanges.first(where: { node[$0.name] != nil }) {
            return readLayerChange(change, node, at: path, context: context).map { [$0] } ?? []
        }
        let present = Self.calls.filter { node[$0.name] != nil }
        if present.count > 1 {
            reader.report(path, "give one call per event or completion (found \(present.map(\.name).joined(separator: ", ")))")
            return []
        }
        let call = present.first
        // Qualifiers of other calls are mistakes, not silently ignored.
        for modifier in Self.modifierKeys where node[modifier] != nil && !(call?.modifiers.contains(modifier) ?? false) {
            if modifier == "set" { continue }
            let owners = modifier == "path" ? "drag"
                : (Self.calls + Self.layerChanges).filter { $0.modifiers.contains(modifier) }.map(\.name).joined(separator: " or ")
            reader.report(path / modifier, "\(modifier) belongs to \(owners)")
        }
        var actions: [ScriptAction] = []
        if let call, let target = node[call.name], let id = reader.string(target, at: path / call.name) {
            if let target = context.target(id) {
                if let action = readCall(call.name, animator: target, node, at: path, context: context) {
                    actions.append(action)
                }
            } else {
                reader.report(path / call.name, "unknown animator or group \"\(id)\" (\(context.animatorList(near: id)))")
            }
        }
        if call?.name != "addAnimations", let value = node["set"] {
            let assignments = readAssignments(value, at: path / "set", context: context)
            if !assignments.isEmpty { actions.append(.set(assignments)) }
        }
        if call == nil && node["set"] == nil {
            reader.report(path, "expected an action: \(Self.actionKeys.joined(separator: ", "))")
        }
        return actions
    }

    /// `{ drag: frog, path: [[x, y], …], duration: 0.3 }` or `{ release: frog, start: back }`.
    private func readGesture(_ node: DocumentNode, at path: DocumentPath, context: ReferenceContext) -> ScriptAction? {
        let isDrag = node["drag"] != nil
        let key = isDrag ? "drag" : "release"
        let allowed = isDrag ? ["drag", "path", "duration"] : ["release", "start"]
        for other in (Self.actionKeys + Self.modifierKeys) where node[other] != nil && !allowed.contains(other) {
            reader.report(path / other, isDrag ? "a drag takes path and duration" : "a release takes start: the animator to fling")
        }
        guard let layerNode = node[key], let layerID = reader.string(layerNode, at: path / key) else { return nil }
        guard let layer = context.tree.index(of: layerID) else {
            reader.report(path / key, "unknown layer \"\(layerID)\" (\(context.layerList(near: layerID)))")
            return nil
        }
        if isDrag {
            let duration = node["duration"].flatMap { reader.number($0, at: path / "duration", within: .duration) }
            if node["duration"] == nil { reader.report(path / "duration", "required: how long the drag lasts, in seconds (\(NumberRange.duration.description))") }
            guard let pathNode = node["path"], let items = reader.sequence(pathNode, at: path / "path", of: "points [x, y]", atMost: SceneLimits.keyframes) else {
                if node["path"] == nil { reader.report(path / "path", "required: the finger's points [[x, y], …]") }
                return nil
            }
            let points = items.enumerated().compactMap { reader.vector($1, at: path / "path" / $0, within: .coordinate) }
            if items.count < 2 { reader.report(path / "path", "a drag needs at least two points (found \(items.count))") }
            guard points.count == items.count, points.count >= 2, let duration else { return nil }
            return .drag(layer: layer, points: points, duration: duration)
        }
        guard let startNode = node["start"], let id = reader.string(startNode, at: path / "start") else {
            if node["start"] == nil { reader.report(path / "start", "required: the animator the release starts") }
            return nil
        }
        guard let animator = context.target(id)?.animator else {
            reader.report(path / "start", "unknown animator \"\(id)\" (\(context.animatorList(near: id)))")
            return nil
        }
        return .release(layer: layer, animator: animator)
    }

    /// `{ move: badge, into: panel, index: 0 }` (no `into`: the top level; no `index`: on top) or
    /// `{ restyle: title, style: { alignment: left } }` (the whole style: absent keys take their defaults).
    private func readLayerChange(_ change: (name: String, modifiers: [String]), _ node: DocumentNode, at path: DocumentPath,
                                 context: ReferenceContext) -> ScriptAction? {
        for other in (Self.actionKeys + Self.modifierKeys) where node[other] != nil && other != change.name && !change.modifiers.contains(other) {
            let takes = change.modifiers.count <= 2 ? change.modifiers.joined(separator: " and ")
                : change.modifiers.dropLast().joined(separator: ", ") + " and " + (change.modifiers.last ?? "")
            reader.report(path / other, change.modifiers.isEmpty ? "a \(change.name) takes no \(other)" : "a \(change.name) takes \(takes)")
        }
        func layer(_ key: String) -> Int? {
            guard let idNode = node[key], let id = reader.string(idNode, at: path / key) else { return nil }
            guard let index = context.tree.index(of: id) else {
                reader.report(path / key, "unknown layer \"\(id)\" (\(context.layerList(near: id)))")
                return nil
            }
            return index
        }
        guard let moved = layer(change.name) else { return nil }
        if !["move", "restyle"].contains(change.name) {
            return readLayerTimeChange(change.name, layer: moved, node, at: path, context: context)
        }
        if change.name == "restyle" {
            guard let styleNode = node["style"] else {
                reader.report(path / "style", "required: the layer's style from now on ({ alignment: left, clips: true, … })")
                return nil
            }
            return readStyle(styleNode, at: path / "style").map { .restyle(layer: moved, style: $0) }
        }
        let parent = node["into"] == nil ? nil : layer("into")
        if node["into"] != nil, parent == nil { return nil }
        if parent == moved {
            reader.report(path / "into", "a layer cannot move into itself")
            return nil
        }
        var position: Int?
        if let indexNode = node["index"] {
            guard let index = reader.number(indexNode, at: path / "index", where: { $0 >= 0 && $0 <= Double(SceneLimits.items) && $0.rounded() == $0 },
                                            expected: "a whole number within 0...\(SceneLimits.items)") else { return nil }
            position = Int(saturating: index, rounding: .down)  // whole, checked above
        }
        return .move(layer: moved, parent: parent, position: position)
    }

    /// A `style` mapping: the whole style, each absent key at a layer's default.
    private func readStyle(_ node: DocumentNode, at path: DocumentPath) -> LayerStyle? {
        guard let pairs = reader.mapping(node, at: path, allowed: SceneVocabulary.style.names) else { return nil }
        var style = LayerStyle()
        for (key, value) in pairs {
            let at = path / key
            switch key {
            case "fontFamily": style.fontFamily = reader.string(value, at: at) ?? style.fontFamily
            case "fontWeight": style.fontWeight = reader.choice(value, at: at, of: FontWeight.self) ?? style.fontWeight
            case "fontStyle": style.fontItalic = reader.choice(value, at: at, of: FontSlant.self) == .italic
            case "fontFile": style.fontFile = readFontFile(value, at: at)
            case "paragraph": style.paragraph = readParagraph(value, at: at)
            case "runs": style.runs = readRuns(value, at: at)
            case "alignment": style.alignment = reader.choice(value, at: at, of: TextAlignment.self) ?? style.alignment
            case "contentMode": style.contentMode = reader.choice(value, at: at, of: ContentMode.self) ?? style.contentMode
            case "clips": style.clips = reader.bool(value, at: at) ?? style.clips
            case "fillRule": style.fillRule = reader.choice(value, at: at, of: FillRule.self) ?? style.fillRule
            case "strokeTrim": style.strokeTrim = reader.choice(value, at: at, of: SVGPath.TrimMode.self) ?? style.strokeTrim
            case "blendMode": style.blendMode = reader.choice(value, at: at, of: BlendMode.self) ?? style.blendMode
            case "cap": style.strokeCap = reader.choice(value, at: at, of: LineCap.self) ?? style.strokeCap
            case "join": style.strokeJoin = reader.choice(value, at: at, of: LineJoin.self) ?? style.strokeJoin
            case "miterLimit": style.strokeMiterLimit = reader.number(value, at: at, within: .miterLimit) ?? style.strokeMiterLimit
            case "maskMode": style.masking = reader.choice(value, at: at, of: MaskMode.self)
            case "rasterize": style.rasterizes = reader.bool(value, at: at) ?? style.rasterizes
            case "doubleSided": style.isDoubleSided = reader.bool(value, at: at) ?? style.isDoubleSided
            case "rasterizationScale": style.rasterizationScale = reader.number(value, at: at, within: .rasterizationScale) ?? style.rasterizationScale
            case "emitter": style.emitter = readEmitterStyle(value, at: at)
            case "filters": style.filters = readFilters(value, at: at)
            case "blurDirection": style.blurDirection = reader.choice(value, at: at, of: BlurDirection.self) ?? style.blurDirection
            default:  // dash
                if let items = reader.sequence(value, at: at, of: "dash lengths", atMost: SceneLimits.keyframes) {
                    style.strokeDash = items.enumerated().compactMap { reader.nonNegative($1, at: at / $0) }
                }
            }
        }
        return style
    }

    private func readCall(_ name: String, animator: ControlTarget, _ node: DocumentNode, at path: DocumentPath,
                          context: ReferenceContext) -> ScriptAction? {
        switch name {
        case "options":
            guard case .animator(let index) = animator else {
                reader.report(path / "options", "options names an animator (found a group or timeline)")
                return nil
            }
            var options = AnimatorOptions()
            if let value = node["scrubsLinearly"] { options.scrubsLinearly = reader.bool(value, at: path / "scrubsLinearly") ?? true }
            if let value = node["pausesOnCompletion"] { options.pausesOnCompletion = reader.bool(value, at: path / "pausesOnCompletion") ?? false }
            if let value = node["isInterruptible"] { options.isInterruptible = reader.bool(value, at: path / "isInterruptible") ?? true }
            return .options(animator: index, options: options)
        case "start":
            let delay = node["delay"].flatMap { reader.nonNegative($0, at: path / "delay") } ?? 0
            return .start(target: animator, delay: delay)
        case "pause":
            return .pause(target: animator)
        case "stop":
            let withoutFinishing = node["withoutFinishing"].flatMap { reader.bool($0, at: path / "withoutFinishing") } ?? true
            return .stop(target: animator, withoutFinishing: withoutFinishing)
        case "finish":
            let position = node["position"].flatMap { reader.choice($0, at: path / "position", of: AnimatingPosition.self) } ?? .end
            return .finish(target: animator, position: position)
        case "reverse":
            let value = node["value"].flatMap { reader.bool($0, at: path / "value") }
            return .reverse(target: animator, value: value)
        case "fraction":
            guard let node = node["value"] else {
                reader.report(path / "value", "required: the fraction to set, within 0...1")
                return nil
            }
            return reader.unit(node, at: path / "value").map { .fraction(target: animator, value: $0) }
        case "continue":
            let timing = node["timing"].flatMap { readTiming($0, at: path / "timing") }
            let factor = node["durationFactor"].flatMap { reader.nonNegative($0, at: path / "durationFactor") } ?? 0
            return .continueAnimation(target: animator, timing: timing, durationFactor: factor)
        case "pan":
            let target = node["to"].flatMap { reader.unit($0, at: path / "to") }
            let offset = node["by"].flatMap { reader.number($0, at: path / "by", where: { (-1...1).contains($0) }, expected: "within -1...1") }
            if (node["to"] == nil) == (node["by"] == nil) {
                reader.report(path, "a pan needs exactly one of to: (a fraction) or by: (a change of fraction)")
                return nil
            }
            let duration = node["duration"].flatMap { reader.nonNegative($0, at: path / "duration") } ?? 0
            guard target != nil || offset != nil else { return nil }
            return .pan(target: animator, to: target, by: offset, duration: duration)
        default:
            let delayFactor = node["delayFactor"].flatMap { reader.unit($0, at: path / "delayFactor") } ?? 0
            let contents = ["set", "keyframes", "track"].filter { node[$0] != nil }
            guard contents.count == 1, let content = node[contents[0]] else {
                reader.report(path / "set", "required: the block's set: { layer.property: value }, keyframes: [ … ] or track: { … }, one of them")
                return nil
            }
            switch contents[0] {
            case "set":
                let assignments = readAssignments(content, at: path / "set", context: context)
                return .addAnimations(target: animator, block: AnimationBlock(delayFactor: delayFactor, assignments: assignments))
            case "keyframes":
                let block = readKeyframes(content, at: path / "keyframes", context: context)
                return block.map { .addAnimations(target: animator, block: AnimationBlock(delayFactor: delayFactor, keyframes: $0)) }
            default:
                let tracks = readTracks(content, at: path / "track", context: context)
                guard !tracks.isEmpty else { return nil }
                return .addAnimations(target: animator, block: AnimationBlock(delayFactor: delayFactor, tracks: tracks))
            }
        }
    }
}
