/// Layers, animators, groups and the animations in flight at one instant, with the calls of
/// SPEC §3.2 and §3.5 applied at that instant. Time moves only forward and only when told
/// (`advance(to:)`), like swift-nio's `EmbeddedEventLoop`: nothing here reads a clock.
///
/// The engine, not public API (`package`: this package's modules and tests reach it).
/// `SceneEvaluation` drives a stage through a scene's script; `AnimationStage`, the one public
/// driver, owns one, which `PropertyAnimator` and `AnimatorGroup` calls drive through UIKit's
/// API. The calls live in `Stage+Calls.swift`, groups' playheads in
/// `Stage+Groups.swift`, blocks in `Stage+Blocks.swift`, gestures in `Stage+Gestures.swift`.
package struct Stage: Sendable {
    package internal(set) var layers: LayerTree
    package let colorSpace: ColorSpace
    package internal(set) var definitions: [AnimatorDefinition]
    /// The groups: a scene's `groups:`, then its `timelines:` (a group is a timeline whose
    /// members all start at 0, so both are groups here).
    package internal(set) var groups: [GroupDefinition]
    /// Which groups drive which targets, and where.
    package internal(set) var graph: ControlGraph
    var world: WorldState
    /// The current instant, in seconds.
    package internal(set) var time: Double
    /// Every completion handler call so far, in order.
    package internal(set) var completions: [CompletionRecord] = []
    /// Layer animations that stopped so far (taken by `SceneEvaluation` as they come).
    package internal(set) var layerAnimationStops: [LayerAnimationStop] = []
    /// Illegal actions of completion handlers (each skipped); script events throw instead.
    package internal(set) var diagnostics: [ScriptDiagnostic] = []
    /// How many completions ran at the current instant, and how deep handlers are nested now.
    var completionGuard = CompletionGuard(instant: -.infinity)
    /// The coming happenings, kept up to date from the animators and groups changed.
    var schedule = EndSchedule()

    /// The counts that stop completion handlers from looping at one instant.
    struct CompletionGuard: Sendable {
        var instant: Double
        var count = 0
        var depth = 0
        /// The diagnostic for this instant has been written.
        var reported = false
    }

    /// A stage for `scene` at time 0, every animator and group inactive.
    package init(scene: Scene) {
        self.init(layers: scene.layers, animators: scene.animators, groups: scene.groups, colorSpace: scene.colorSpace)
    }

    package init(layers: LayerTree, animators: [AnimatorDefinition] = [], groups: [GroupDefinition] = [],
                colorSpace: ColorSpace = .srgb) {
        self.layers = layers
        self.colorSpace = colorSpace
        self.groups = groups
        definitions = animators
        time = 0
        let graph = ControlGraph(animators: animators, groups: groups)
        self.graph = graph
        world = WorldState(model: layers.initialValues, animators: TouchedArray(animators.map(AnimatorState.init(definition:))),
                           playheads: TouchedArray(groups.indices.map { Playhead(definition: groups[$0], length: graph.lengths[$0]) }),
                           pendingBlocks: animators.map(\.blocks))
    }

    /// Adds `layer` and its children under `parent` (nil: at the top level), at `position` among
    /// its siblings (nil: on top), their model values as the layer gives them; returns its
    /// index. A view added to a window while the film runs: nothing already here changes.
    package mutating func addLayer(_ layer: Layer, parent: Int?, at position: Int? = nil) -> Int {
        let index = layers.append(layer, parent: parent, at: position)
        world.model.append(contentsOf: layers.initialValues[index...])
        return index
    }

    /// Moves the layer at `index` under `parent`, at `position` among its siblings (nil: on top).
    package mutating func moveLayer(_ index: Int, under parent: Int?, at position: Int? = nil) {
        layers.move(index, under: parent, at: position)
    }

    /// Replaces the style of the layer at `index` (what does not animate), from now on.
    package mutating func setStyle(_ style: LayerStyle, of index: Int) {
        layers.setStyle(style, of: index)
    }

    /// Adds an inactive animator; returns its index. Groups may already be on the stage: they
    /// address their members by `ControlTarget`, which an animator's arrival does not change.
    package mutating func addAnimator(_ definition: AnimatorDefinition) -> Int {
        definitions.append(definition)
        world.animators.append(AnimatorState(definition: definition))
        world.pendingBlocks.append(definition.blocks)
        graph = ControlGraph(animators: definitions, groups: groups)
        return definitions.count - 1
    }

    /// Adds an inactive group over targets on the stage; returns its target.
    /// A member that names no animator or group on the stage counts as absent (a group made
    /// later may fill it). Throws, adding nothing, when the group would contain itself.
    package mutating func addGroup(_ definition: GroupDefinition) throws(GroupCycle) -> ControlTarget {
        let cycles = GroupDefinition.cycles(in: groups + [definition])
        if let cycle = cycles.first(where: { $0.group == groups.count }) ?? cycles.first { throw cycle }
        groups.append(definition)
        graph = ControlGraph(animators: definitions, groups: groups)
        world.playheads.append(Playhead(definition: definition, length: graph.lengths[groups.count - 1]))
        return .group(groups.count - 1)
    }

    // MARK: - Reading

    /// The state of animator `index` (its own clock: inactive while a group drives it).
    package func animator(_ index: Int) -> AnimatorState { world.animators[index] }

    /// The clock of group `index`.
    package func playhead(ofGroup index: Int) -> Playhead { world.playheads[index] }

    /// The model values (what the blocks and `set` wrote), by layer.
    package var model: [LayerValues] { world.model }

    /// The presentation of every layer at the current time.
    package var presentation: [LayerValues] { world.presentation(at: time, layers: layers, colorSpace: colorSpace) }

    /// Every animator's, then every group's observable state now.
    package var animatorStatus: [AnimatorStatus] {
        world.status(at: time, animators: definitions, groups: groups, graph: graph)
    }

    /// The observable state of one animator or group now.
    package func status(of target: ControlTarget) -> AnimatorStatus {
        world.status(of: target, at: time, animators: definitions, groups: groups, graph: graph)
    }

    /// The id of a control target (an animator or a group).
    package func targetID(_ target: ControlTarget) -> String {
        switch target {
        case .animator(let index): definitions[index].id
        case .group(let index): groups[index].id
        }
    }

    // MARK: - Time

    /// Something that happens by itself at a known time while clocks run.
    package enum Happening: Hashable, Sendable {
        /// A running animator reaches its end.
        case animatorEnd(Int)
        /// The running playhead of `group` carries it out of a child's span (the index into
        /// `graph.descendants[group]`).
        case crossing(group: Int, descendant: Int)
        /// A running group's playhead reaches its end.
        case groupEnd(Int)
        /// A layer animation (by its serial) reaches the end of its active duration.
        case layerAnimationEnd(Int)
    }

    /// The next happening: the earliest; at one instant animators' ends first (lowest index
    /// first), then children leaving spans (deepest first), then groups' own ends. A
    /// happening already due is reported at the current time.
    ///
    /// Read from a heap that the getter first brings up to date with the animators and
    /// groups changed since the last read (hence `mutating`): a step costs what it changed.
    package var nextEnd: (time: Double, happening: Happening)? {
        mutating get {
            refreshSchedule()
            while let top = schedule.first, !isCurrent(top) { schedule.popFirst() }
            guard let top = schedule.first else { return nil }
            // At or after now the heap's order is the answer (ties go by rank).
            if top.time >= time { return (top.time, happening(top)) }
            // Overdue (rare: a call that moved an end into the past): every current one due by
            // now is clamped to now, and the best rank among them goes first.
            var due: [EndSchedule.Entry] = []
            while let entry = schedule.first, entry.time <= time {
                schedule.popFirst()
                if isCurrent(entry) { due.append(entry) }
            }
            guard let first = due.first else { return nil }  // the top was current, so never empty
            let best = due.dropFirst().reduce(first) { $1.outranks($0) ? $1 : $0 }
            for entry in due { schedule.push(entry) }
            return (time, happening(best))
        }
    }

    /// Pushes the coming happenings of every animator and group changed since the last call.
    private mutating func refreshSchedule() {
        for index in world.animators.takeTouched() {
            if let end = world.animators[index].naturalEndTime {
                schedule.push(EndSchedule.Entry(time: end, kind: 0, index: index, descendant: 0))
            }
        }
        for index in world.playheads.takeTouched() {
            if let descendant = world.playheads[index].due.last, let at = crossingTime(index, descendant) {
                schedule.push(EndSchedule.Entry(time: at, kind: 1, index: index, descendant: descendant))
            }
            if let end = world.playheads[index].clock.naturalEndTime {
                schedule.push(EndSchedule.Entry(time: end, kind: 2, index: index, descendant: 0))
            }
        }
    }

    /// When group `index`'s running playhead leaves `descendant`'s span (before clamping to now).
    private func crossingTime(_ index: Int, _ descendant: Int) -> Double? {
        let playhead = world.playheads[index]
        let span = graph.descendants[index][descendant].span
        return playhead.time(reaching: playhead.clock.isReversed ? span.start : span.end, from: -.infinity)
    }

    /// The entry still says what the world would: the same happening at the same time.
    private func isCurrent(_ entry: EndSchedule.Entry) -> Bool {
        switch entry.kind {
        case 0: return world.animators[entry.index].naturalEndTime == entry.time
        case 1: return world.playheads[entry.index].due.last == entry.descendant && crossingTime(entry.index, entry.descendant) == entry.time
        case 3: return layerAnimationEnds(entry.index, at: entry.time)
        default: return world.playheads[entry.index].clock.naturalEndTime == entry.time
        }
    }

    private func happening(_ entry: EndSchedule.Entry) -> Happening {
        switch entry.kind {
        case 0: .animatorEnd(entry.index)
        case 1: .crossing(group: entry.index, descendant: entry.descendant)
        case 3: .layerAnimationEnd(entry.index)
        default: .groupEnd(entry.index)
        }
    }

    /// Moves to `target`, processing every happening on the way (and their completions) in
    /// time order. Returns the instants at which something happened.
    @discardableResult
    package mutating func advance(to target: Double) -> [Double] {
        var happenings: [Double] = []
        while let next = nextEnd, next.time <= target {
            completeNextEnd()
            happenings.append(next.time)
        }
        time = max(time, target)
        return happenings
    }

    /// Processes the next happening now due: an end (the completion position, the model, then
    /// the completion handlers in the order added) or a child leaving its group's span (its
    /// completion handlers). Returns the record, or nil when nothing completed
    /// (`pausesOnCompletion` held it, or a reversed spring runs on past its resume point).
    @discardableResult
    package mutating func completeNextEnd() -> CompletionRecord? {
        guard let due = nextEnd else { return nil }
        time = due.time
        switch due.happening {
        case .animatorEnd(let index):
            switch world.animators[index].reachEnd(at: time) {
            case .completed(let position): return end(.animator(index), at: position)
            case .held: return nil
            case .rejoined:
                rejoin(index)
                return nil
            }
        case let .crossing(group, descendant):
            // The next crossing is last (`refreshDue` sorts them so).
            if world.playheads[group].due.last == descendant {
                world.playheads[group].due.removeLast()
            } else {
                world.playheads[group].due.removeAll { $0 == descendant }
            }
            let position: AnimatingPosition = world.playheads[group].clock.isReversed ? .start : .end
            return record(graph.descendants[group][descendant].target, at: position)
        case .groupEnd(let index):
            switch world.playheads[index].clock.reachEnd(at: time) {
            case .completed(let position): return end(.group(index), at: position)
            case .held, .rejoined:
                world.playheads[index].due = []
                return nil
            }
        case .layerAnimationEnd(let serial):
            completeLayerAnimation(serial)
            return nil
        }
    }

    // MARK: - Messages

    /// `script[7] (2.6 s): finish "move": the animator is active; …` for an illegal `action`
    /// written at `path`, performed now.
    package func diagnostic(for action: ScriptAction, at path: String, _ error: AnimatorCallError) -> ScriptDiagnostic {
        let target = action.target.map { " \"\(targetID($0))\"" } ?? ""
        return ScriptDiagnostic(path: "\(path) (\(Self.format(time)) s)", message: "\(action.callName)\(target): \(error)")
    }

    /// A time as messages show it: 2.6, not 2.6000000000000001.
    static func format(_ time: Double) -> String {
        let rounded = (time * 1e9).rounded() / 1e9
        return rounded == rounded.rounded() && abs(rounded) < 1e15 ? String(Int(saturating: rounded)) : String(rounded)
    }
}
