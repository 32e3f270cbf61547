import ZoetropeCore

extension SceneDocument {
    // MARK: - Layer animations and layer time (SPEC §9)

    /// `{ addAnimation: card, key: pulse, animation: { … } }`, `{ removeAnimation: card, key: pulse }`
    /// (no key: all of them) or `{ layerTiming: card, speed: 0, timeOffset: 1.2 }` (the whole
    /// timing: absent keys take a layer's defaults).
    func readLayerTimeChange(_ name: String, layer: Int, _ node: DocumentNode, at path: DocumentPath,
                             context: ReferenceContext) -> ScriptAction? {
        var key: String?
        if let keyNode = node["key"] {
            guard let text = reader.string(keyNode, at: path / "key") else { return nil }
            key = text
        }
        switch name {
        case "addAnimation":
            guard let animationNode = node["animation"] else {
                reader.report(path / "animation", "required: the animation ({ keyPath: opacity, from: 0, to: 1, duration: 0.5 })")
                return nil
            }
            return readLayerAnimation(animationNode, at: path / "animation", layer: layer, context: context)
                .map { .addLayerAnimation(layer: layer, key: key, animation: $0) }
        case "removeAnimation":
            return .removeLayerAnimation(layer: layer, key: key)
        default:
            guard case .mapping(let pairs, _) = node else { return nil }
            let fields = Dictionary(pairs.map { ($0.key, $0.value) }, uniquingKeysWith: { $1 })
            let (timing, valid) = readMediaTiming(fields, at: path)
            return valid ? .layerTiming(layer: layer, timing: timing) : nil
        }
    }

    /// A layer animation: `keyPath` with from / to / by (basic), values or path (keyframes),
    /// `spring` (a spring's from / to / by), or `animations` (a group); and its media timing,
    /// `timingFunction`, `additive`, `cumulative`, `removedOnCompletion`.
    func readLayerAnimation(_ node: DocumentNode, at path: DocumentPath, layer: Int, context: ReferenceContext,
                            depth: Int = 0) -> LayerAnimation? {
        guard let pairs = reader.mapping(node, at: path, allowed: SceneVocabulary.layerAnimation.names) else { return nil }
        let fields = Dictionary(pairs.map { ($0.key, $0.value) }, uniquingKeysWith: { $1 })
        // Read on past a bad timing, so every problem of the animation is reported at once.
        let (timing, valid) = readMediaTiming(fields, at: path)
        let animation = readAnimationContent(fields, timing: timing, at: path, layer: layer, context: context, depth: depth)
        return valid ? animation : nil
    }

    private func readAnimationContent(_ fields: [String: DocumentNode], timing: MediaTiming, at path: DocumentPath, layer: Int,
                                      context: ReferenceContext, depth: Int) -> LayerAnimation? {
        var timingFunction: CubicTimingParameters?
        if let node = fields["timingFunction"] {
            switch readTiming(node, at: path / "timingFunction") {
            case .cubic(let curve)?: timingFunction = curve
            case .spring?: reader.report(path / "timingFunction", "an animation's timing function is a cubic curve; a spring animation says spring:")
            case nil: return nil
            }
        }
        func flag(_ name: String, _ fallback: Bool) -> Bool {
            fields[name].flatMap { reader.bool($0, at: path / name) } ?? fallback
        }
        let removed = flag("removedOnCompletion", true)
        if let list = fields["animations"] {
            for other in ["keyPath", "from", "to", "by", "values", "path", "spring", "additive", "cumulative"] where fields[other] != nil {
                reader.report(path / other, "a group (animations:) takes timing only; its animations say \(other)")
            }
            guard depth < SceneLimits.nesting else {
                reader.report(path / "animations", "groups nest at most \(SceneLimits.nesting) deep")
                return nil
            }
            guard let items = reader.sequence(list, at: path / "animations", of: "animations", atMost: SceneLimits.keyframes) else { return nil }
            let children = items.enumerated().compactMap {
                readLayerAnimation($1, at: path / "animations" / $0, layer: layer, context: context, depth: depth + 1)
            }
            guard children.count == items.count else { return nil }
            var group = LayerAnimation.group(children, timing: timing, isRemovedOnCompletion: removed)
            group.timingFunction = timingFunction
            return group
        }
        guard let keyPathNode = fields["keyPath"], let keyPath = reader.string(keyPathNode, at: path / "keyPath") else {
            if fields["keyPath"] == nil { reader.report(path / "keyPath", "required: the property animated, such as opacity or position.x (or animations: for a group)") }
            return nil
        }
        if keyPath == "image" { return readImageFrames(fields, timing: timing, timingFunction: timingFunction, removed: removed, at: path) }
        guard let target = readTarget(context.tree.nodes[layer].id + "." + keyPath, at: path / "keyPath", context: context) else { return nil }
        var animation = LayerAnimation(property: target.property, component: target.component, content: .basic(from: nil, to: nil, by: nil),
                                       timing: timing, timingFunction: timingFunction, isAdditive: flag("additive", false),
                                       isCumulative: flag("cumulative", false), isRemovedOnCompletion: removed)
        func value(_ name: String) -> AnimatableValue?? {
            guard let node = fields[name] else { return .some(nil) }
            let read = target.component != nil ? readComponent(of: target.property, node, at: path / name)
                : readValue(of: target.property, node, at: path / name)
            return read.map { .some($0) }
        }
        let endpoints = ["from", "to", "by"].filter { fields[$0] != nil }
        if fields["values"] != nil || fields["path"] != nil {
            for other in endpoints + (fields["spring"] != nil ? ["spring"] : []) {
                reader.report(path / other, "a keyframe animation (values: or path:) takes no \(other)")
            }
            if fields["path"] != nil {
                let tracks = readMotion(fields, target: target, at: path)
                guard let position = tracks.first else { return nil }
                animation.content = .keyframes(position.track)
                guard tracks.count > 1 else { return animation }
                // rotationMode: the layer turns along the path too; both tracks run in a group
                // with the animation's timing.
                let pass = MediaTiming(duration: timing.effectiveDuration)
                let moving = LayerAnimation(property: target.property, content: .keyframes(position.track), timing: pass,
                                            isAdditive: animation.isAdditive)
                let turning = LayerAnimation(property: .rotation, content: .keyframes(tracks[1].track), timing: pass, isAdditive: true)
                var group = LayerAnimation.group([moving, turning], timing: timing, isRemovedOnCompletion: removed)
                group.timingFunction = timingFunction
                return group
            }
            guard let track = readValueTrack(fields, target: target, at: path) else { return nil }
            animation.content = .keyframes(track.track)
            return animation
        }
        for other in ["keyTimes", "timingFunctions", "calculationMode", "tension", "continuity", "bias", "tangents", "rotationMode"] where fields[other] != nil {
            reader.report(path / other, "\(other) belongs to a keyframe animation (values: or path:)")
        }
        guard let from = value("from"), let to = value("to"), let by = value("by") else { return nil }
        if from != nil && to != nil && by != nil {
            reader.report(path / "by", "give at most two of from, to and by (Core Animation ignores by when both from and to are set)")
        }
        if let springNode = fields["spring"] {
            guard let spring = readLayerSpring(springNode, at: path / "spring") else { return nil }
            animation.content = .spring(spring, from: from, to: to, by: by)
        } else {
            animation.content = .basic(from: from, to: to, by: by)
        }
        return animation
    }

    /// `{ keyPath: image, values: [a.png, b.png, …], calculationMode: discrete }`: frame images
    /// (`UIImageView.animationImages`, a keyframe animation of `contents`), each shown for its
    /// share of the duration; files are relative to the scene, as a layer's image.
    private func readImageFrames(_ fields: [String: DocumentNode], timing: MediaTiming, timingFunction: CubicTimingParameters?,
                                 removed: Bool, at path: DocumentPath) -> LayerAnimation? {
        for other in fields.keys where !["keyPath", "values", "keyTimes", "calculationMode", "removedOnCompletion", "timingFunction"].contains(other)
            && !SceneVocabulary.mediaTimingKeys.contains(other) {
            reader.report(path / other, "an image animation takes values (the images), keyTimes and calculationMode: discrete")
        }
        if let node = fields["calculationMode"], reader.choice(node, at: path / "calculationMode", of: CalculationMode.self) != .discrete {
            reader.report(path / "calculationMode", "images change at once: calculationMode must be discrete")
        }
        guard let node = fields["values"], let items = reader.sequence(node, at: path / "values", of: "images", atMost: SceneLimits.keyframes) else {
            if fields["values"] == nil { reader.report(path / "values", "required: the images, in order") }
            return nil
        }
        let images = items.enumerated().compactMap { readImage($1, at: path / "values" / $0) }
        guard images.count == items.count, !images.isEmpty else {
            if items.isEmpty { reader.report(path / "values", "expected at least one image") }
            return nil
        }
        let keyTimes = fields["keyTimes"].flatMap { node in
            reader.sequence(node, at: path / "keyTimes", of: "numbers", atMost: SceneLimits.keyframes)?.enumerated().compactMap { reader.unit($1, at: path / "keyTimes" / $0) }
        }
        do {
            let track = try KeyframeTrack(values: images.map { .text($0) }, keyTimes: keyTimes, calculationMode: .discrete)
            return LayerAnimation(property: .image, content: .keyframes(track), timing: timing, timingFunction: timingFunction,
                                  isRemovedOnCompletion: removed)
        } catch {
            reader.report(path / "keyTimes", error.description)
            return nil
        }
    }

    /// `spring: { mass, stiffness, damping, initialVelocity }` (CASpringAnimation's defaults:
    /// 1, 100, 10, 0).
    private func readLayerSpring(_ node: DocumentNode, at path: DocumentPath) -> Spring? {
        guard let pairs = reader.mapping(node, at: path, allowed: SceneVocabulary.layerSpring.names) else { return nil }
        var numbers = ["mass": 1.0, "stiffness": 100.0, "damping": 10.0, "initialVelocity": 0.0]
        var valid = true
        for (key, value) in pairs {
            let positive = key != "initialVelocity" && key != "damping"
            let range: NumberRange = key == "initialVelocity" ? .velocity : .springParameter
            guard let number = reader.number(value, at: path / key, within: range) else {
                valid = false
                continue
            }
            if positive && number <= 0 {
                reader.report(path / key, "must be > 0 (found \(DocumentReader.format(number)))")
                valid = false
            }
            numbers[key] = number
        }
        guard valid, let mass = numbers["mass"], let stiffness = numbers["stiffness"], let damping = numbers["damping"],
              let velocity = numbers["initialVelocity"] else { return nil }
        return Spring(mass: mass, stiffness: stiffness, damping: damping, initialVelocity: velocity)
    }

    /// A media timing from `beginTime`, `duration`, `speed`, `timeOffset`, `repeatCount` (a number
    /// or `infinity`), `repeatDuration`, `autoreverses` and `fillMode`; absent keys at their defaults.
    /// Every problem is reported; `valid` is false when there was one.
    func readMediaTiming(_ fields: [String: DocumentNode], at path: DocumentPath) -> (timing: MediaTiming, valid: Bool) {
        var timing = MediaTiming()
        var valid = true
        func number(_ name: String, _ range: NumberRange) -> Double? {
            guard let node = fields[name] else { return nil }
            let read = reader.number(node, at: path / name, within: range)
            if read == nil { valid = false }
            return read
        }
        if let x = number("beginTime", .layerTime) { timing.beginTime = x }
        if let x = number("duration", .time) { timing.duration = x }
        if let x = number("speed", .speed) { timing.speed = x }
        if let x = number("timeOffset", .layerTime) { timing.timeOffset = x }
        if let x = number("repeatDuration", .time) { timing.repeatDuration = x }
        if let node = fields["repeatCount"] {
            if case .scalar("infinity", _, _) = node {
                timing.repeatCount = .infinity
            } else if let x = reader.number(node, at: path / "repeatCount", within: .repeatCount) {
                timing.repeatCount = x
            } else {
                valid = false
            }
        }
        if let node = fields["autoreverses"] { timing.autoreverses = reader.bool(node, at: path / "autoreverses") ?? false }
        if let node = fields["fillMode"] {
            if let mode = reader.choice(node, at: path / "fillMode", of: FillMode.self) { timing.fillMode = mode } else { valid = false }
        }
        return (timing, valid)
    }
}
