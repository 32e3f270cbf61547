import ZoetropeCore

/// A `Scene` as the text of a scene file (JSON, which the scene reader takes as YAML does) that
/// reads back as an equal scene: every number to the bit, colours that are not whole 8-bit
/// steps as `[red, green, blue, alpha]`, only values that differ from the reader's defaults.
///
/// ```swift
/// let text = try SceneWriter.json(film.scene())
/// ```
///
/// Keyframe tracks are written as `track` blocks (an imported Lottie animation is a scene of
/// them), timelines as `timelines:` entries whose children sit at their start in seconds. What
/// a scene file cannot say is refused, every problem at once (`SceneWriteError`): an image
/// changed by an animation or the script, a group placed after a timeline (a file lists its
/// groups first), a group with a time scale.
///
/// A block that both sets and keyframes (or holds tracks too), which only Swift code makes, is
/// written as several blocks (or `addAnimations` events) with one delay factor; they run
/// together, so the scene read back draws the same frames though its blocks are split.
public enum SceneWriter {
    /// The scene file text of `scene` (its name is the file's, so it is not written); `images`
    /// replaces image paths, as for `yaml`.
    public static func json(_ scene: Scene, images: [String: String] = [:]) throws(SceneWriteError) -> String {
        try document(scene, images: images).printed() + "\n"
    }

    /// The same scene file as block YAML, the form people read and edit (`zoetrope convert`);
    /// `images` replaces image paths (a file's path by its data URL, say, so the scene file
    /// carries its images wherever it is written).
    public static func yaml(_ scene: Scene, images: [String: String] = [:]) throws(SceneWriteError) -> String {
        try document(scene, images: images).yaml() + "\n"
    }

    private static func document(_ scene: Scene, images: [String: String] = [:]) throws(SceneWriteError) -> JSONText {
        let writing = Writing(scene: scene, images: images)
        let document = writing.document()
        guard writing.problems.isEmpty else { throw SceneWriteError(problems: writing.problems, paths: writing.paths) }
        return document
    }
}

/// What a scene file cannot say, by document path.
public struct SceneWriteError: Error, CustomStringConvertible, Sendable {
    public let problems: [String]
    /// The document path each of `problems` begins with, in order (`groups[intro]`).
    package let paths: [String]

    public var description: String { "a scene file cannot say: " + problems.joined(separator: "; ") }
}

/// One scene being written; problems gather as they are met.
private final class Writing {
    let scene: Scene
    let images: [String: String]
    private(set) var problems: [String] = []
    /// Where each problem is, in order: what the problem's line begins with.
    private(set) var paths: [String] = []

    init(scene: Scene, images: [String: String]) {
        self.scene = scene
        self.images = images
    }

    private var tree: LayerTree { scene.layers }

    /// Notes what the file cannot say at `path`: `PATH: message`.
    private func problem(at path: String, _ message: String) {
        problems.append("\(path): \(message)")
        paths.append(path)
    }

    func document() -> JSONText {
        var root: [(key: String, value: JSONText)] = [("version", .number(1))]
        root.append(("canvas", .object([("size", vector(scene.canvas.size)), ("background", color(scene.canvas.background))])))
        let duration: JSONText = switch scene.duration {
        case .automatic: .string("auto")
        case .seconds(let seconds): .number(seconds)
        }
        root.append(("render", .object([("fps", .number(scene.frameRate.framesPerSecond)), ("duration", duration)])))
        if scene.colorSpace != .srgb { root.append(("colorSpace", .string(scene.colorSpace.rawValue))) }
        root.append(("layers", .array(tree.roots.map(layer))))
        if !scene.animators.isEmpty { root.append(("animators", .array(scene.animators.enumerated().map(animator)))) }
        let groups = scene.groups.enumerated().filter { $0.element.kind == .group }
        let timelines = scene.groups.enumerated().filter { $0.element.kind == .timeline }
        if let firstTimeline = timelines.first?.offset, let late = groups.first(where: { $0.offset > firstTimeline }) {
            // A file's timelines are numbered after its groups: written here, this group would
            // read back at another place among them.
            problem(at: "groups[\(late.element.id)]", "a group made after timeline \"\(scene.groups[firstTimeline].id)\" (a scene file lists its groups first)")
        }
        if !groups.isEmpty { root.append(("groups", .array(groups.map { group($0.element) }))) }
        if !timelines.isEmpty { root.append(("timelines", .array(timelines.map { timeline($0.element) }))) }
        let script = scene.script.enumerated().flatMap { events($0, $1) }
        if !script.isEmpty { root.append(("script", .array(script))) }
        return .object(root)
    }

    // MARK: - Layers

    private func layer(_ index: Int) -> JSONText {
        let node = tree.nodes[index], values = tree.initialValues[index], defaults = LayerValues()
        var pairs: [(key: String, value: JSONText)] = []
        // A layer without an id is named by its document path, which reading gives it again.
        if !node.id.contains("["), !node.id.contains(".") { pairs.append(("id", .string(node.id))) }
        // An image layer without an image (an image view showing none, or a vector image's
        // layers) draws nothing, as a rectangle without a fill does: a scene file says so.
        let shape = node.shape == .image && values.image.isEmpty ? Shape.rect : node.shape
        pairs.append(("shape", .string(shape.rawValue)))
        // A path layer says its path even when it is empty: the reader asks every path layer for one.
        for property in LayerProperty.allCases where !Self.grouped.contains(property)
            && (values[property] != defaults[property] || (property == .path && node.shape == .path)) {
            pairs.append((property.rawValue, property == .image ? .string(images[values.image] ?? values.image) : value(values[property])))
        }
        let style = node.style, plain = LayerStyle()
        if values.strokeWidth != defaults.strokeWidth || values[.strokeColor] != defaults[.strokeColor] || style.strokeDash != plain.strokeDash
            || values.strokeDashPhase != defaults.strokeDashPhase || style.strokeCap != plain.strokeCap || style.strokeJoin != plain.strokeJoin
            || style.strokeMiterLimit != plain.strokeMiterLimit {
            var stroke: [(key: String, value: JSONText)] = [("color", value(values[.strokeColor])), ("width", .number(values.strokeWidth))]
            if !style.strokeDash.isEmpty { stroke.append(("dash", .array(style.strokeDash.map(JSONText.number)))) }
            if values.strokeDashPhase != defaults.strokeDashPhase { stroke.append(("dashPhase", .number(values.strokeDashPhase))) }
            if style.strokeCap != plain.strokeCap { stroke.append(("cap", .string(style.strokeCap.rawValue))) }
            if style.strokeJoin != plain.strokeJoin { stroke.append(("join", .string(style.strokeJoin.rawValue))) }
            if style.strokeMiterLimit != plain.strokeMiterLimit { stroke.append(("miterLimit", .number(style.strokeMiterLimit))) }
            pairs.append(("stroke", .object(stroke)))
        }
        if values.fontSize != defaults.fontSize || style.fontFamily != plain.fontFamily || style.fontWeight != plain.fontWeight
            || style.fontItalic || style.fontFile != nil {
            var font: [(key: String, value: JSONText)] = [("family", .string(style.fontFamily)), ("size", .number(values.fontSize)),
                                                          ("weight", .string(style.fontWeight.rawValue))]
            if style.fontItalic { font.append(("style", .string(FontSlant.italic.rawValue))) }
            if let file = style.fontFile { font.append(("file", .string(file))) }
            pairs.append(("font", .object(font)))
        }
        if style.paragraph != plain.paragraph { pairs.append(("paragraph", paragraph(style.paragraph))) }
        // Runs that no longer spell the text (it was set since) are not the layer's text.
        let runs = style.runs(for: values.text)
        if !runs.isEmpty { pairs.append(("runs", self.runs(runs))) }
        if values.shadowColor != defaults.shadowColor || values.shadowOffset != defaults.shadowOffset
            || values.shadowRadius != defaults.shadowRadius || values.shadowOpacity != defaults.shadowOpacity {
            pairs.append(("shadow", .object([("color", color(values.shadowColor)), ("offset", vector(values.shadowOffset)),
                                             ("radius", .number(values.shadowRadius)), ("opacity", .number(values.shadowOpacity))])))
        }
        let replicated = SceneVocabulary.replicatorProperties.filter { values[$0.property] != defaults[$0.property] }
        if !replicated.isEmpty { pairs.append(("replicator", .object(replicated.map { ($0.key, value(values[$0.property])) }))) }
        let part = SceneVocabulary.contentsRectProperties.filter { values[$0.property] != defaults[$0.property] }
        if !part.isEmpty { pairs.append(("contentsRect", .object(part.map { ($0.key, value(values[$0.property])) }))) }
        let emitted = SceneVocabulary.emitterProperties.filter { values[$0.property] != defaults[$0.property] }
        if style.emitter != nil || !emitted.isEmpty {
            pairs.append(("emitter", .object(emitted.map { ($0.key, value(values[$0.property])) } + emitterSettings(style.emitter ?? Emitter()))))
        }
        if style.alignment != plain.alignment { pairs.append(("alignment", .string(style.alignment.rawValue))) }
        if style.contentMode != plain.contentMode { pairs.append(("contentMode", .string(style.contentMode.rawValue))) }
        if style.clips { pairs.append(("clips", .bool(true))) }
        if style.fillRule != plain.fillRule { pairs.append(("fillRule", .string(style.fillRule.rawValue))) }
        if style.strokeTrim != plain.strokeTrim { pairs.append(("strokeTrim", .string(style.strokeTrim.rawValue))) }
        if style.blendMode != plain.blendMode { pairs.append(("blendMode", .string(style.blendMode.rawValue))) }
        if style.rasterizes { pairs.append(("rasterize", .bool(true))) }
        if style.rasterizationScale != plain.rasterizationScale { pairs.append(("rasterizationScale", .number(style.rasterizationScale))) }
        if !style.isDoubleSided { pairs.append(("doubleSided", .bool(false))) }
        if !style.filters.isEmpty { pairs.append(("filters", filters(style.filters))) }
        if style.blurDirection != plain.blurDirection { pairs.append(("blurDirection", .string(style.blurDirection.rawValue))) }
        let mask = node.children.first { tree.nodes[$0].style.masking != nil }
        let children = node.children.filter { $0 != mask }
        if !children.isEmpty { pairs.append(("children", .array(children.map(layer)))) }
        if let mask {
            pairs.append(("mask", layer(mask)))
            if let mode = tree.nodes[mask].style.masking, mode != .alpha { pairs.append(("maskMode", .string(mode.rawValue))) }
        }
        return .object(pairs)
    }

    /// Properties a layer writes inside `stroke`, `font`, `shadow`, `replicator`, `contentsRect` or `emitter`, not on their own.
    private static let grouped = Set<LayerProperty>([.strokeColor, .strokeWidth, .strokeDashPhase, .fontSize, .shadowColor, .shadowOffset, .shadowRadius, .shadowOpacity]
        + (SceneVocabulary.replicatorProperties + SceneVocabulary.contentsRectProperties + SceneVocabulary.emitterProperties).map(\.property))

    /// An emitter's keys that do not animate, those that differ from a new emitter's.
    private func emitterSettings(_ emitter: Emitter) -> [(key: String, value: JSONText)] {
        let plain = Emitter(), plainCell = EmitterCell()
        var pairs: [(key: String, value: JSONText)] = []
        if emitter.shape != plain.shape { pairs.append(("shape", .string(emitter.shape.rawValue))) }
        if emitter.mode != plain.mode { pairs.append(("mode", .string(emitter.mode.rawValue))) }
        if emitter.renderMode != plain.renderMode { pairs.append(("renderMode", .string(emitter.renderMode.rawValue))) }
        if emitter.seed != plain.seed { pairs.append(("seed", .number(Double(emitter.seed)))) }
        if emitter.prewarm != plain.prewarm { pairs.append(("prewarm", .number(emitter.prewarm))) }
        guard !emitter.cells.isEmpty else { return pairs }
        pairs.append(("cells", .array(emitter.cells.map { cell in
            var keys: [(key: String, value: JSONText)] = []
            if !cell.name.isEmpty { keys.append(("name", .string(cell.name))) }
            if !cell.isEnabled { keys.append(("enabled", .bool(false))) }
            if !cell.contents.isEmpty { keys.append(("contents", .string(images[cell.contents] ?? cell.contents))) }
            if cell.color != plainCell.color { keys.append(("color", color(cell.color))) }
            for number in SceneVocabulary.emitterCellNumbers where cell[keyPath: number.field] != plainCell[keyPath: number.field] {
                keys.append((number.key, .number(cell[keyPath: number.field])))
            }
            return .object(keys)
        })))
        return pairs
    }

    // MARK: - Values

    private func value(_ value: AnimatableValue) -> JSONText {
        switch value {
        case .number(let number): .number(number)
        case .vector(let vector): self.vector(vector)
        case .color(let color): self.color(color)
        case .flag(let flag): .bool(flag)
        case .text(let text): .string(text)
        case .gradient(let gradient): self.gradient(gradient)
        case .path(let path): .string(path.data)
        }
    }

    private func vector(_ vector: Vector2) -> JSONText { .array([.number(vector.x), .number(vector.y)]) }

    /// `#RRGGBBAA` when that reads back as the same colour, else `[red, green, blue, alpha]`.
    /// `filters: [{ tint: { black, white, amount } }, …]`, every parameter written.
    private func filters(_ filters: [ColorFilter]) -> JSONText {
        .array(filters.map { filter in
            let parameters: [(key: String, value: JSONText)] = switch filter {
            case .fill(let fill, let opacity): [("color", color(fill)), ("opacity", .number(opacity))]
            case .tint(let black, let white, let amount): [("black", color(black)), ("white", color(white)), ("amount", .number(amount))]
            case .tritone(let highlights, let midtones, let shadows, let blend):
                [("highlights", color(highlights)), ("midtones", color(midtones)), ("shadows", color(shadows)), ("blend", .number(blend))]
            case .invert(let amount): [("amount", .number(amount))]
            case .levels(let levels):
                [("inputBlack", .number(levels.inputBlack)), ("inputWhite", .number(levels.inputWhite)), ("gamma", .number(levels.gamma)),
                 ("outputBlack", .number(levels.outputBlack)), ("outputWhite", .number(levels.outputWhite))]
            }
            return .object([(filter.name, .object(parameters))])
        })
    }

    private func color(_ color: Color) -> JSONText {
        let components = [color.red, color.green, color.blue, color.alpha]
        let hex = "#" + components.map { component -> String in
            let byte = String(Int(saturating: component * 255, rounding: .toNearestOrAwayFromZero), radix: 16, uppercase: true)
            return byte.count == 1 ? "0" + byte : byte
        }.joined()
        if Color(hex: hex) == color { return .string(hex) }
        return .array(components.map(JSONText.number))
    }

    private func gradient(_ gradient: Gradient) -> JSONText {
        let stops: JSONText = .array(gradient.stops.map { .array([.number($0.offset), color($0.color)]) })
        switch gradient.kind {
        case let .linear(from, to):
            return .object([("linear", .object([("from", vector(from)), ("to", vector(to)), ("stops", stops)]))])
        case let .radial(center, radius):
            let focus = gradient.focus.map { [("focus", vector($0))] } ?? []
            return .object([("radial", .object([("center", vector(center)), ("radius", .number(radius))] + focus + [("stops", stops)]))])
        case let .conic(center, to):
            return .object([("conic", .object([("center", vector(center)), ("to", vector(to)), ("stops", stops)]))])
        }
    }

    /// `{ frog.position: [760, 420], frog.position.x: 760 }`; an image cannot be assigned.
    private func assignments(_ assignments: [PropertyAssignment], at path: String) -> JSONText {
        .object(assignments.compactMap { assignment in
            let target = assignment.target
            guard target.property != .image else {
                problem(at: path, "an image cannot be changed by an animation or the script (layer \(tree.nodes[target.layer].id))")
                return nil
            }
            return (key(target), value(assignment.value))
        })
    }

    /// `frog.position`, `frog.position.x`.
    private func key(_ target: PropertyTarget) -> String {
        var key = tree.nodes[target.layer].id + "." + target.property.rawValue
        if let component = target.component, let name = target.property.componentNames[component].first { key += "." + name }
        return key
    }

    // MARK: - Animators, groups, completions

    private func animator(_ index: Int, _ animator: AnimatorDefinition) -> JSONText {
        let path = "animators[\(animator.id)]"
        var pairs: [(key: String, value: JSONText)] = [("id", .string(animator.id)), ("duration", .number(animator.duration)),
                                                       ("timing", timing(animator.timing))]
        if !animator.blocks.isEmpty {
            pairs.append(("animations", .array(animator.blocks.enumerated().flatMap { blocks($1, at: path + ".animations[\($0)]") })))
        }
        if !animator.completions.isEmpty {
            pairs.append(("completions", .array(animator.completions.enumerated().compactMap { completion($1, at: path + ".completions[\($0)]") })))
        }
        pairs += options(animator.options)
        return .object(pairs)
    }

    private func options(_ options: AnimatorOptions) -> [(key: String, value: JSONText)] {
        let plain = AnimatorOptions()
        var pairs: [(key: String, value: JSONText)] = []
        if options.scrubsLinearly != plain.scrubsLinearly { pairs.append(("scrubsLinearly", .bool(options.scrubsLinearly))) }
        if options.pausesOnCompletion != plain.pausesOnCompletion { pairs.append(("pausesOnCompletion", .bool(options.pausesOnCompletion))) }
        if options.isInterruptible != plain.isInterruptible { pairs.append(("isInterruptible", .bool(options.isInterruptible))) }
        return pairs
    }

    /// A block as the blocks of a scene file, each with its `delayFactor`: its `set`, its
    /// `keyframes` and its keyframe tracks (one `track`, or a list of them), each a block of its
    /// own (a file's block holds one of them; blocks with one delay factor run together, so the
    /// split changes nothing drawn).
    private func blocks(_ block: AnimationBlock, at path: String) -> [JSONText] {
        blockContents(block, at: path).map { content -> JSONText in .object(content) }
    }

    /// What a block does, one pair for each file block: `set`, `keyframes`, `track`.
    private func contents(_ block: AnimationBlock, at path: String) -> [(key: String, value: JSONText)] {
        var contents: [(key: String, value: JSONText)] = []
        if !block.assignments.isEmpty { contents.append(("set", assignments(block.assignments, at: path + ".set"))) }
        if let keyframes = block.keyframes { contents.append(("keyframes", self.keyframes(keyframes, at: path + ".keyframes"))) }
        switch block.tracks.count {
        case 0: break
        case 1: contents.append(("track", track(block.tracks[0])))
        default: contents.append(("track", .array(block.tracks.map { track($0) })))
        }
        return contents
    }

    /// `{ key, values, keyTimes, timingFunctions, calculationMode, tension, continuity, bias, tangents, time }`,
    /// leaving out what the reader makes again (paced key times, linear mode, empty lists).
    private func track(_ animation: TrackAnimation) -> JSONText {
        .object([("key", .string(key(animation.target)))] + trackFields(animation.track))
    }

    /// A keyframe track's keys but its `key`.
    private func trackFields(_ track: KeyframeTrack) -> [(key: String, value: JSONText)] {
        var pairs: [(key: String, value: JSONText)] = [("values", .array(track.values.map(value)))]
        if track.calculationMode != .paced && track.calculationMode != .cubicPaced {
            pairs.append(("keyTimes", .array(track.keyTimes.map(JSONText.number))))
        }
        if !track.timingFunctions.isEmpty { pairs.append(("timingFunctions", .array(track.timingFunctions.map(cubic)))) }
        if track.calculationMode != .linear { pairs.append(("calculationMode", .string(track.calculationMode.rawValue))) }
        for (name, list) in [("tension", track.tension), ("continuity", track.continuity), ("bias", track.bias)] where !list.isEmpty {
            pairs.append((name, .array(list.map(JSONText.number))))
        }
        if !track.tangents.isEmpty {
            let straight = SpatialTangents(out: .zero, into: .zero)
            pairs.append(("tangents", .array(track.tangents.map { curve in
                let curve = curve ?? straight
                return .array([vector(curve.out), vector(curve.into)])
            })))
        }
        if let time = track.time {
            var fields: [(key: String, value: JSONText)] = [("times", .array(time.times.map(JSONText.number))),
                                                            ("keyTimes", .array(time.keyTimes.map(JSONText.number)))]
            if !time.timingFunctions.isEmpty { fields.append(("timingFunctions", .array(time.timingFunctions.map(cubic)))) }
            pairs.append(("time", .object(fields)))
        }
        return pairs
    }

    /// `{ calculationMode, frames: [{ start, duration, set }, …] }`.
    private func keyframes(_ keyframes: KeyframeBlock, at path: String) -> JSONText {
        let frames: [JSONText] = keyframes.frames.enumerated().map { index, frame in
            .object([("start", .number(frame.relativeStartTime)), ("duration", .number(frame.relativeDuration)),
                     ("set", assignments(frame.assignments, at: path + ".frames[\(index)].set"))])
        }
        return .object([("calculationMode", .string(keyframes.calculationMode.rawValue)), ("frames", .array(frames))])
    }

    private func timing(_ timing: TimingParameters) -> JSONText {
        switch timing {
        case .cubic(let curve): cubic(curve)
        case .spring(let spring): springTiming(spring)
        }
    }

    private func cubic(_ curve: CubicTimingParameters) -> JSONText {
        if let named = CubicTimingParameters.named.first(where: { $0.curve == curve }) { return .string(named.name) }
        let (p1, p2) = (curve.controlPoint1, curve.controlPoint2)
        return .object([("cubic", .array([p1.x, p1.y, p2.x, p2.y].map(JSONText.number)))])
    }

    /// The spring in the form it was made in, which the reader resolves to the same parameters.
    private func springTiming(_ spring: SpringTimingParameters) -> JSONText {
        var pairs: [(key: String, value: JSONText)] = switch spring.form {
        case let .physical(mass, stiffness, damping): [("mass", .number(mass)), ("stiffness", .number(stiffness)), ("damping", .number(damping))]
        case .dampingRatio(let ratio): [("dampingRatio", .number(ratio))]
        case let .durationBounce(duration, bounce): [("duration", .number(duration)), ("bounce", .number(bounce))]
        case let .response(response, ratio): [("response", .number(response)), ("dampingRatio", .number(ratio))]
        }
        if spring.initialVelocity != .zero { pairs.append(("initialVelocity", vector(spring.initialVelocity))) }
        if case .physical = spring.form, spring.allowsOverdamping { pairs.append(("allowsOverdamping", .bool(true))) }
        return .object([("spring", .object(pairs))])
    }

    private func group(_ group: GroupDefinition) -> JSONText {
        let path = "groups[\(group.id)]"
        // Only a timeline has a time scale in a file (a Swift `AnimatorGroup` may give any group one).
        if group.timeScale != 1 { problem(at: path, "a group with a time scale (\(group.timeScale)); a timeline has one") }
        var pairs: [(key: String, value: JSONText)] = [("id", .string(group.id))]
        pairs.append(("members", .array(group.members.map { member in
            member.delay == 0 ? .string(targetID(member.target))
                : .object([("id", .string(targetID(member.target))), ("delay", .number(member.delay))])
        })))
        return .object(pairs + playhead(group, at: path))
    }

    /// `{ id, timeScale, children: [{ animator: move, position: 0 }, …], … }`: each child at its
    /// start in seconds, which the reader places exactly there (labels and staggers were spent
    /// when the timeline was read; their children keep the starts they gave).
    private func timeline(_ timeline: GroupDefinition) -> JSONText {
        var pairs: [(key: String, value: JSONText)] = [("id", .string(timeline.id))]
        if timeline.timeScale != 1 { pairs.append(("timeScale", .number(timeline.timeScale))) }
        let children = timeline.members.map { member -> JSONText in
            let kind: String = switch member.target {
            case .animator: "animator"
            case .group(let index): scene.groups[index].kind.rawValue
            }
            return .object([(kind, .string(targetID(member.target))), ("position", .number(member.delay))])
        }
        pairs.append(("children", .array(children)))
        return .object(pairs + playhead(timeline, at: "timelines[\(timeline.id)]"))
    }

    /// What a group and a timeline share: their playhead's timing, completions and options.
    private func playhead(_ group: GroupDefinition, at path: String) -> [(key: String, value: JSONText)] {
        var pairs: [(key: String, value: JSONText)] = []
        if group.timing != .linear { pairs.append(("timing", cubic(group.timing))) }
        if !group.completions.isEmpty {
            pairs.append(("completions", .array(group.completions.enumerated().compactMap { completion($1, at: path + ".completions[\($0)]") })))
        }
        return pairs + options(group.options)
    }

    private func completion(_ completion: Completion, at path: String) -> JSONText? {
        var pairs: [(key: String, value: JSONText)] = [("when", .string(completion.position?.rawValue ?? "any"))]
        for action in completion.actions { pairs += self.action(action, at: path) }
        return .object(pairs)
    }

    // MARK: - The script

    /// An event, or none for an empty `set` (a program's, which sets nothing); an
    /// `addAnimations` whose block is several file blocks is an event for each, at one time.
    private func events(_ index: Int, _ event: ScriptEvent) -> [JSONText] {
        let path = "script[\(index)]"
        switch event.action {
        case .set(let assignments) where assignments.isEmpty:
            return []
        case let .addAnimations(target, block):
            let call: [(key: String, value: JSONText)] = [("at", .number(event.time)), ("addAnimations", id(target))]
            return blockContents(block, at: path).map { content -> JSONText in .object(call + content) }
        default:
            return [.object([("at", .number(event.time))] + action(event.action, at: path))]
        }
    }

    /// A block as the pairs of its file blocks, each with the block's `delayFactor` (an empty
    /// block as an empty `set`).
    private func blockContents(_ block: AnimationBlock, at path: String) -> [[(key: String, value: JSONText)]] {
        var parts = contents(block, at: path)
        if parts.isEmpty { parts = [("set", .object([]))] }
        let delayFactor: [(key: String, value: JSONText)] = block.delayFactor == 0 ? [] : [("delayFactor", .number(block.delayFactor))]
        return parts.map { [$0] + delayFactor }
    }

    private func action(_ action: ScriptAction, at path: String) -> [(key: String, value: JSONText)] {
        switch action {
        case let .start(target, delay):
            return [("start", id(target))] + (delay == 0 ? [] : [("delay", .number(delay))])
        case .pause(let target):
            return [("pause", id(target))]
        case let .stop(target, withoutFinishing):
            return [("stop", id(target)), ("withoutFinishing", .bool(withoutFinishing))]
        case let .finish(target, position):
            return [("finish", id(target)), ("position", .string(position.rawValue))]
        case let .reverse(target, value):
            return [("reverse", id(target))] + (value.map { [("value", .bool($0))] } ?? [])
        case let .fraction(target, value):
            return [("fraction", id(target)), ("value", .number(value))]
        case let .continueAnimation(target, timing, factor):
            return [("continue", id(target))] + (timing.map { [("timing", self.timing($0))] } ?? []) + [("durationFactor", .number(factor))]
        case let .addAnimations(target, block):
            // In a completion (an event is split by `events`), which holds one call.
            let parts = blockContents(block, at: path)
            if parts.count > 1 { problem(at: path, "a completion adds one block of set, keyframes or track, not several") }
            return [("addAnimations", id(target))] + parts[0]
        case .set(let assignments):
            return [("set", self.assignments(assignments, at: path + ".set"))]
        case let .drag(layer, points, duration):
            return [("drag", .string(tree.nodes[layer].id)), ("path", .array(points.map(vector))), ("duration", .number(duration))]
        case let .release(layer, animator):
            return [("release", .string(tree.nodes[layer].id)), ("start", .string(scene.animators[animator].id))]
        case let .pan(target, to, by, duration):
            let amount: (key: String, value: JSONText) = to.map { ("to", .number($0)) } ?? ("by", .number(by ?? 0))
            return [("pan", id(target)), amount, ("duration", .number(duration))]
        case let .move(layer, parent, position):
            return [("move", .string(tree.nodes[layer].id))] + (parent.map { [("into", .string(tree.nodes[$0].id))] } ?? [])
                + (position.map { [("index", .number(Double($0)))] } ?? [])
        case let .restyle(layer, style):
            return [("restyle", .string(tree.nodes[layer].id)), ("style", self.style(style))]
        case let .options(animator, options):
            return [("options", .string(scene.animators[animator].id)), ("scrubsLinearly", .bool(options.scrubsLinearly)),
                    ("pausesOnCompletion", .bool(options.pausesOnCompletion)), ("isInterruptible", .bool(options.isInterruptible))]
        case let .addLayerAnimation(layer, key, animation):
            return [("addAnimation", .string(tree.nodes[layer].id))] + (key.map { [("key", .string($0))] } ?? [])
                + [("animation", layerAnimation(animation, on: layer))]
        case let .removeLayerAnimation(layer, key):
            return [("removeAnimation", .string(tree.nodes[layer].id))] + (key.map { [("key", .string($0))] } ?? [])
        case let .layerTiming(layer, timing):
            return [("layerTiming", .string(tree.nodes[layer].id))] + mediaTiming(timing)
        }
    }

    /// A layer animation's mapping: its key path, what it interpolates, its timing and flags,
    /// each only where it differs from the reader's default.
    private func layerAnimation(_ animation: LayerAnimation, on layer: Int) -> JSONText {
        var pairs: [(key: String, value: JSONText)] = []
        func endpoints(_ from: AnimatableValue?, _ to: AnimatableValue?, _ by: AnimatableValue?) {
            for (name, value) in [("from", from), ("to", to), ("by", by)] {
                if let value { pairs.append((name, self.value(value))) }
            }
        }
        if case .group(let children) = animation.content {
            pairs.append(("animations", .array(children.map { layerAnimation($0, on: layer) })))
        } else {
            let path = key(PropertyTarget(layer: layer, property: animation.property, component: animation.component))
            pairs.append(("keyPath", .string(String(path.dropFirst(tree.nodes[layer].id.count + 1)))))
        }
        switch animation.content {
        case let .basic(from, to, by):
            endpoints(from, to, by)
        case let .spring(spring, from, to, by):
            endpoints(from, to, by)
            pairs.append(("spring", .object([("mass", .number(spring.mass)), ("stiffness", .number(spring.stiffness)),
                                             ("damping", .number(spring.damping)), ("initialVelocity", .number(spring.initialVelocity))])))
        case .keyframes(let track):
            pairs += trackFields(track)
        case .group:
            break
        }
        pairs += mediaTiming(animation.timing)
        if let curve = animation.timingFunction { pairs.append(("timingFunction", cubic(curve))) }
        if animation.isAdditive { pairs.append(("additive", .bool(true))) }
        if animation.isCumulative { pairs.append(("cumulative", .bool(true))) }
        if !animation.isRemovedOnCompletion { pairs.append(("removedOnCompletion", .bool(false))) }
        return .object(pairs)
    }

    /// The media timing keys that differ from the defaults.
    private func mediaTiming(_ timing: MediaTiming) -> [(key: String, value: JSONText)] {
        let plain = MediaTiming()
        var pairs: [(key: String, value: JSONText)] = []
        for (name, value, fallback) in [("beginTime", timing.beginTime, plain.beginTime), ("duration", timing.duration, plain.duration),
                                        ("speed", timing.speed, plain.speed), ("timeOffset", timing.timeOffset, plain.timeOffset),
                                        ("repeatDuration", timing.repeatDuration, plain.repeatDuration)] where value != fallback {
            pairs.append((name, .number(value)))
        }
        if timing.repeatCount != plain.repeatCount {
            pairs.append(("repeatCount", timing.repeatCount.isInfinite ? .string("infinity") : .number(timing.repeatCount)))
        }
        if timing.autoreverses { pairs.append(("autoreverses", .bool(true))) }
        if timing.fillMode != plain.fillMode { pairs.append(("fillMode", .string(timing.fillMode.rawValue))) }
        return pairs
    }

    /// A `paragraph` mapping: the keys that differ from the defaults.
    private func paragraph(_ paragraph: TextParagraph) -> JSONText {
        let plain = TextParagraph()
        var pairs: [(key: String, value: JSONText)] = []
        if paragraph.lines != plain.lines { pairs.append(("lines", .number(Double(paragraph.lines)))) }
        if paragraph.wrap != plain.wrap { pairs.append(("wrap", .string(paragraph.wrap.rawValue))) }
        if paragraph.truncation != plain.truncation { pairs.append(("truncation", .string(paragraph.truncation.rawValue))) }
        if paragraph.lineHeightMultiple != plain.lineHeightMultiple { pairs.append(("lineHeight", .number(paragraph.lineHeightMultiple))) }
        if paragraph.lineSpacing != plain.lineSpacing { pairs.append(("lineSpacing", .number(paragraph.lineSpacing))) }
        if paragraph.letterSpacing != plain.letterSpacing { pairs.append(("letterSpacing", .number(paragraph.letterSpacing))) }
        if paragraph.verticalAlignment != plain.verticalAlignment {
            pairs.append(("verticalAlignment", .string(paragraph.verticalAlignment.rawValue)))
        }
        return .object(pairs)
    }

    /// A `runs` list: each run's text and the attributes it sets.
    private func runs(_ runs: [TextRun]) -> JSONText {
        .array(runs.map { run in
            var pairs: [(key: String, value: JSONText)] = [("text", .string(run.text))]
            var font: [(key: String, value: JSONText)] = []
            if let family = run.fontFamily { font.append(("family", .string(family))) }
            if let size = run.fontSize { font.append(("size", .number(size))) }
            if let weight = run.fontWeight { font.append(("weight", .string(weight.rawValue))) }
            if let italic = run.fontItalic { font.append(("style", .string((italic ? FontSlant.italic : .normal).rawValue))) }
            if !font.isEmpty { pairs.append(("font", .object(font))) }
            if let color = run.color { pairs.append(("color", self.color(color))) }
            if let spacing = run.letterSpacing { pairs.append(("letterSpacing", .number(spacing))) }
            if run.underline { pairs.append(("underline", .bool(true))) }
            return .object(pairs)
        })
    }

    /// A `style` mapping: the keys whose values differ from a layer's defaults.
    private func style(_ style: LayerStyle) -> JSONText {
        let plain = LayerStyle()
        var pairs: [(key: String, value: JSONText)] = []
        if style.fontFamily != plain.fontFamily { pairs.append(("fontFamily", .string(style.fontFamily))) }
        if style.fontWeight != plain.fontWeight { pairs.append(("fontWeight", .string(style.fontWeight.rawValue))) }
        if style.fontItalic { pairs.append(("fontStyle", .string(FontSlant.italic.rawValue))) }
        if let file = style.fontFile { pairs.append(("fontFile", .string(file))) }
        if style.paragraph != plain.paragraph { pairs.append(("paragraph", paragraph(style.paragraph))) }
        if !style.runs.isEmpty { pairs.append(("runs", runs(style.runs))) }
        if style.alignment != plain.alignment { pairs.append(("alignment", .string(style.alignment.rawValue))) }
        if style.contentMode != plain.contentMode { pairs.append(("contentMode", .string(style.contentMode.rawValue))) }
        if style.clips != plain.clips { pairs.append(("clips", .bool(style.clips))) }
        if style.fillRule != plain.fillRule { pairs.append(("fillRule", .string(style.fillRule.rawValue))) }
        if style.strokeTrim != plain.strokeTrim { pairs.append(("strokeTrim", .string(style.strokeTrim.rawValue))) }
        if style.blendMode != plain.blendMode { pairs.append(("blendMode", .string(style.blendMode.rawValue))) }
        if style.strokeDash != plain.strokeDash { pairs.append(("dash", .array(style.strokeDash.map(JSONText.number)))) }
        if style.strokeCap != plain.strokeCap { pairs.append(("cap", .string(style.strokeCap.rawValue))) }
        if style.strokeJoin != plain.strokeJoin { pairs.append(("join", .string(style.strokeJoin.rawValue))) }
        if style.strokeMiterLimit != plain.strokeMiterLimit { pairs.append(("miterLimit", .number(style.strokeMiterLimit))) }
        if let mode = style.masking { pairs.append(("maskMode", .string(mode.rawValue))) }
        if style.rasterizes != plain.rasterizes { pairs.append(("rasterize", .bool(style.rasterizes))) }
        if style.rasterizationScale != plain.rasterizationScale { pairs.append(("rasterizationScale", .number(style.rasterizationScale))) }
        if let emitter = style.emitter { pairs.append(("emitter", .object(emitterSettings(emitter)))) }
        if style.isDoubleSided != plain.isDoubleSided { pairs.append(("doubleSided", .bool(style.isDoubleSided))) }
        if !style.filters.isEmpty { pairs.append(("filters", filters(style.filters))) }
        if style.blurDirection != plain.blurDirection { pairs.append(("blurDirection", .string(style.blurDirection.rawValue))) }
        return .object(pairs)
    }

    private func id(_ target: ControlTarget) -> JSONText { .string(targetID(target)) }

    private func targetID(_ target: ControlTarget) -> String {
        switch target {
        case .animator(let index): scene.animators[index].id
        case .group(let index): scene.groups[index].id
        }
    }
}
