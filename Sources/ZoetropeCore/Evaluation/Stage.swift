/// Layers, animators and the animations in flight at one instant, with the calls of SPEC §3.2
/// applied at that instant. Time moves only forward and only when told (`advance(to:)`), like
/// swift-nio's `EmbeddedEventLoop`: nothing here reads a clock.
///
/// `SceneEvaluation` drives a stage through a scene's script; `PropertyAnimator` drives one
/// through UIKit's API.
public struct Stage: Sendable {
    public let layers: LayerTree
    public let colorSpace: ColorSpace
    public private(set) var definitions: [AnimatorDefinition]
    public let groups: [GroupDefinition]
    var world: WorldState
    /// Groups that a call has reached and whose completion is still due.
    private var armedGroups: Set<Int> = []
    /// The current instant, in seconds.
    public private(set) var time: Double
    /// Every completion handler call so far, in order.
    public private(set) var completions: [CompletionRecord] = []
    /// Illegal actions of completion handlers (each skipped); script events throw instead.
    public private(set) var diagnostics: [ScriptDiagnostic] = []

    /// A stage for `scene` at time 0, every animator inactive.
    public init(scene: Scene) {
        self.init(layers: scene.layers, animators: scene.animators, groups: scene.groups, colorSpace: scene.colorSpace)
    }

    public init(layers: LayerTree, animators: [AnimatorDefinition] = [], groups: [GroupDefinition] = [],
                colorSpace: ColorSpace = .srgb) {
        self.layers = layers
        self.colorSpace = colorSpace
        self.groups = groups
        definitions = animators
        time = 0
        world = WorldState(model: layers.initialValues, animators: animators.map(AnimatorState.init(definition:)),
                           animations: [], pendingBlocks: animators.map(\.blocks),
                           stoppedAnimations: animators.map { _ in [] })
    }

    /// Adds an inactive animator; returns its index.
    public mutating func addAnimator(_ definition: AnimatorDefinition) -> Int {
        precondition(groups.isEmpty, "animators are added only to stages without groups, whose targets follow the animators")
        definitions.append(definition)
        world.animators.append(AnimatorState(definition: definition))
        world.pendingBlocks.append(definition.blocks)
        world.stoppedAnimations.append([])
        return definitions.count - 1
    }

    // MARK: - Reading

    /// The state of animator `index`.
    public func animator(_ index: Int) -> AnimatorState { world.animators[index] }

    /// The model values (what the blocks and `set` wrote), by layer.
    public var model: [LayerValues] { world.model }

    /// The presentation of every layer at the current time.
    public var presentation: [LayerValues] { world.presentation(at: time, colorSpace: colorSpace) }

    /// Every animator's observable state at the current time.
    public var animatorStatus: [AnimatorStatus] {
        zip(definitions, world.animators).map { definition, state in
            AnimatorStatus(id: definition.id, state: state.state, isRunning: state.isRunning,
                           isReversed: state.isReversed, fractionComplete: state.fractionComplete(at: time))
        }
    }

    /// The next natural end among running animators (the lowest index first on a tie).
    public var nextEnd: (time: Double, animator: Int)? {
        world.animators.enumerated()
            .compactMap { index, state in state.naturalEndTime.map { (time: max($0, time), animator: index) } }
            .min { ($0.time, $0.animator) < ($1.time, $1.animator) }
    }

    // MARK: - Time

    /// Moves to `target`, processing every natural end on the way (and their completions) in
    /// time order. Returns the instants at which something happened.
    @discardableResult
    public mutating func advance(to target: Double) -> [Double] {
        var happenings: [Double] = []
        while let end = nextEnd, end.time <= target {
            completeNextEnd()
            happenings.append(end.time)
        }
        time = max(time, target)
        return happenings
    }

    /// Processes the next natural end now due: the completion position, the model, then the
    /// completion handlers in the order added. Returns the record, or nil when nothing ended
    /// (or `pausesOnCompletion` kept the animator paused at its end).
    @discardableResult
    public mutating func completeNextEnd() -> CompletionRecord? {
        guard let due = nextEnd else { return nil }
        time = due.time
        guard let position = world.animators[due.animator].reachEnd(at: time) else { return nil }
        return end(due.animator, at: position, restoring: position == .start ? .initial : .none)
    }

    // MARK: - Calls

    /// Performs `action` at the current time; throws (changing nothing) when the call is illegal
    /// in the animator's state.
    public mutating func perform(_ action: ScriptAction) throws(AnimatorCallError) {
        if let target = action.animator, target >= definitions.count {
            let saved = self
            do {
                try perform(action, onGroup: target - definitions.count)
            } catch {
                // A group call is all or nothing: if one member refuses, no member changes.
                self = saved
                throw error
            }
            return
        }
        // A finished drag has already written its last point into the model.
        world.animations.removeAll { animation in animation.span.map { $0.start + $0.duration <= time } ?? false }
        let before = world
        switch action {
        case let .drag(layer, points, duration):
            drag(layer, along: points, over: duration)
        case let .release(layer, animator):
            let velocity = releaseVelocity(of: layer, toward: animator)
            apply(try world.animators[animator].start(at: time, initialVelocity: velocity), to: animator, before: before)
        case let .pan(animator, target, offset, duration):
            apply(try world.animators[animator].pan(at: time, to: target, by: offset, duration: duration), to: animator, before: before)
        case let .start(animator, delay):
            apply(try world.animators[animator].start(at: time, delay: delay), to: animator, before: before)
        case let .pause(animator):
            apply(try world.animators[animator].pause(at: time), to: animator, before: before)
        case let .stop(animator, withoutFinishing):
            apply(try world.animators[animator].stop(withoutFinishing: withoutFinishing), to: animator, before: before)
        case let .finish(animator, position):
            apply(try world.animators[animator].finish(at: position), to: animator, before: before)
        case let .reverse(animator, value):
            try world.animators[animator].setReversed(value, at: time)
        case let .fraction(animator, value):
            apply(try world.animators[animator].setFraction(value, at: time), to: animator, before: before)
        case let .continueAnimation(animator, timing, factor):
            apply(try world.animators[animator].continueAnimation(at: time, timing: timing, durationFactor: factor),
                  to: animator, before: before)
        case let .addAnimations(animator, block):
            switch try world.animators[animator].addAnimations(delayFactor: block.delayFactor, at: time) {
            case .store:
                world.pendingBlocks[animator].append(block)
            case .runNow(let delayFactor):
                run(block, of: animator, delayFactor: delayFactor)
            }
        case let .set(assignments):
            for assignment in assignments {
                let target = assignment.target
                world.model[target.layer][target.property] = assignment.resolvedValue(from: world.model[target.layer][target.property])
            }
        }
    }

    /// Replaces the flags of an inactive animator (UIKit allows `isInterruptible` to change only then).
    public mutating func setOptions(_ options: AnimatorOptions, of animator: Int) throws(AnimatorCallError) {
        let state = world.animators[animator]
        guard state.state == .inactive || options.isInterruptible == state.options.isInterruptible else {
            throw AnimatorCallError(call: "isInterruptible", state: state.state.rawValue,
                                    legal: "isInterruptible may only change while the animator is inactive")
        }
        world.animators[animator].options = options
        definitions[animator].options = options
    }

    // MARK: - Effects on the animations

    private enum Restore { case none, initial, target }

    private mutating func apply(_ effect: AnimatorState.Effect, to animator: Int, before: WorldState) {
        switch effect {
        case .none:
            break
        case .runBlocks:
            let blocks = world.pendingBlocks[animator]
            world.pendingBlocks[animator] = []
            for block in blocks { run(block, of: animator, delayFactor: block.delayFactor) }
        case .bake(let keepForFinish):
            let animations = world.animations.filter { $0.animator == animator }
            for animation in animations {
                let shown = before.shownValue(of: animation, at: time, colorSpace: colorSpace)
                let model = world.model[animation.layer][animation.property]
                world.model[animation.layer][animation.property] = merged(shown, into: model, animation)
            }
            world.animations.removeAll { $0.animator == animator }
            if keepForFinish {
                world.stoppedAnimations[animator] = animations
            } else {
                world.pendingBlocks[animator] = definitions[animator].blocks
            }
        case .finish(let position):
            let kept = world.stoppedAnimations[animator]
            world.stoppedAnimations[animator] = []
            world.animations += kept
            end(animator, at: position, restoring: position == .end ? .target : position == .start ? .initial : .none)
        case .rebase:
            let reversed = world.animators[animator].isReversed
            for index in world.animations.indices where world.animations[index].animator == animator {
                let shown = before.shownValue(of: world.animations[index], at: time, colorSpace: colorSpace)
                if reversed {
                    world.animations[index].from = world.animations[index].initial
                    world.animations[index].to = shown
                } else {
                    world.animations[index].from = shown
                    world.animations[index].to = world.animations[index].target
                }
                world.animations[index].delayFactor = 0
            }
        }
    }

    /// Ends `animator`: restores the model if asked, drops its animations, re-arms its declared
    /// blocks, records and runs its completions.
    @discardableResult
    private mutating func end(_ animator: Int, at position: AnimatingPosition, restoring restore: Restore) -> CompletionRecord {
        for animation in world.animations where animation.animator == animator {
            switch restore {
            case .initial: world.model[animation.layer][animation.property] = animation.initial
            case .target: world.model[animation.layer][animation.property] = animation.target
            case .none: break
            }
        }
        world.animations.removeAll { $0.animator == animator }
        world.animators[animator].becomeInactive()
        world.pendingBlocks[animator] = definitions[animator].blocks
        let record = CompletionRecord(animator: definitions[animator].id, position: position, time: time)
        completions.append(record)
        runCompletions(definitions[animator].completions, position: position)
        completeGroups(position: position)
        return record
    }

    private mutating func runCompletions(_ completions: [Completion], position: AnimatingPosition) {
        for completion in completions where completion.position == nil || completion.position == position {
            for action in completion.actions {
                do {
                    try perform(action)
                } catch {
                    diagnostics.append(diagnostic(for: action, at: completion.path, error))
                }
            }
        }
    }

    // MARK: - Groups

    /// The id of a control target (an animator or a group).
    public func targetID(_ target: Int) -> String {
        target < definitions.count ? definitions[target].id : groups[target - definitions.count].id
    }

    /// Seconds on a target's time axis: an animator's animation duration, or a group's longest
    /// member (delay + duration).
    public func axisDuration(of target: Int) -> Double {
        GroupDefinition.axisDuration(of: target, animators: definitions, groups: groups)
    }

    /// The animators a target reaches, through nested groups.
    public func leaves(of target: Int) -> [Int] {
        GroupDefinition.leaves(of: target, animators: definitions, groups: groups)
    }

    private mutating func perform(_ action: ScriptAction, onGroup group: Int) throws(AnimatorCallError) {
        let members = groups[group].members
        switch action {
        case .stop(_, true):
            armedGroups.remove(group)
        default:
            armedGroups.insert(group)
        }
        switch action {
        case let .start(_, delay):
            try start(definitions.count + group, delay: delay, rate: 1)
        case .pause:
            for member in members { try perform(.pause(animator: member.target)) }
        case let .stop(_, withoutFinishing):
            for member in members { try perform(.stop(animator: member.target, withoutFinishing: withoutFinishing)) }
        case let .finish(_, position):
            for member in members { try perform(.finish(animator: member.target, position: position)) }
        case let .reverse(_, value):
            let reversed = value ?? !leaves(of: definitions.count + group).allSatisfy { world.animators[$0].isReversed }
            for member in members { try perform(.reverse(animator: member.target, value: reversed)) }
        case let .fraction(_, fraction):
            // Every member at time f·T of the group's own axis (before its time scale).
            let axis = axisDuration(of: definitions.count + group) * groups[group].timeScale * min(max(fraction, 0), 1)
            for member in members {
                let duration = axisDuration(of: member.target)
                let local = duration > 0 ? (axis - member.delay) / duration : (axis >= member.delay ? 1 : 0)
                try perform(.fraction(animator: member.target, value: min(max(local, 0), 1)))
            }
        case let .continueAnimation(_, timing, factor):
            for member in members { try perform(.continueAnimation(animator: member.target, timing: timing, durationFactor: factor)) }
        case .addAnimations, .release, .pan:
            throw AnimatorCallError(call: action.callName, state: "a group",
                                    legal: "\(action.callName) needs an animator; give one of the group's animators")
        case .set, .drag:
            break
        }
    }

    /// Starts a target after `delay` real seconds, its time running `rate` times as fast: a
    /// group's members after their own delays, scaled by the group's time scale.
    private mutating func start(_ target: Int, delay: Double, rate: Double) throws(AnimatorCallError) {
        if target < definitions.count {
            let before = world
            apply(try world.animators[target].start(at: time, delay: delay, rate: rate), to: target, before: before)
            return
        }
        let group = target - definitions.count
        armedGroups.insert(group)
        let scaled = rate * groups[group].timeScale
        for member in groups[group].members {
            try start(member.target, delay: delay + member.delay / scaled, rate: scaled)
        }
    }

    /// Runs the completions of every reached group whose members have all ended.
    private mutating func completeGroups(position: AnimatingPosition) {
        var changed = true
        while changed {
            changed = false
            for group in armedGroups.sorted() {
                let target = definitions.count + group
                guard leaves(of: target).allSatisfy({ world.animators[$0].state == .inactive }) else { continue }
                armedGroups.remove(group)
                completions.append(CompletionRecord(animator: groups[group].id, position: position, time: time))
                runCompletions(groups[group].completions, position: position)
                changed = true
            }
        }
    }

    /// What the model holds once `shown` (an animation's own value) is written into `model`.
    private func merged(_ shown: AnimatableValue, into model: AnimatableValue, _ animation: RunningAnimation) -> AnimatableValue {
        if let component = animation.component, case .vector(var vector) = model, case .number(let number) = shown {
            vector[component] = number
            return .vector(vector)
        }
        return animation.composition == .additive ? model.adding(shown, minus: animation.target) : shown
    }

    /// Mirrors what a block does when it runs: each assignment sets the model and animates from
    /// the value before it (SPEC §3.3 decides how), over the animator's fractions [delayFactor, 1].
    private mutating func run(_ block: AnimationBlock, of animator: Int, delayFactor: Double) {
        if let keyframes = block.keyframes { run(keyframes, of: animator, delayFactor: delayFactor) }
        for track in block.tracks { run(track, of: animator, delayFactor: delayFactor) }
        for assignment in block.assignments {
            let (layer, property) = (assignment.target.layer, assignment.target.property)
            let model = world.model[layer][property]
            let target = assignment.resolvedValue(from: model)
            var from = model
            if property.composition != .additive {
                from = world.presentation(of: layer, property, at: time, colorSpace: colorSpace)
                world.animations.removeAll { $0.layer == layer && $0.property == property }
            }
            world.model[layer][property] = target
            guard from != target else { continue }
            world.animations.append(RunningAnimation(layer: layer, property: property, from: from, to: target,
                                                     target: target, initial: model, animator: animator,
                                                     delayFactor: delayFactor))
        }
    }

    // MARK: - Gestures

    /// The layer's model position becomes the finger's last point at once; its presentation
    /// follows the points, evenly spaced in time, until the finger gets there.
    private mutating func drag(_ layer: Int, along points: [Vector2], over duration: Double) {
        guard let last = points.last,
              let track = try? KeyframeTrack(values: points.map { .vector($0) }) else { return }  // points are validated (≥ 1)
        world.drags[layer] = (points, time, duration)
        let model = world.model[layer][.position]
        world.animations.removeAll { $0.layer == layer && $0.property == .position && $0.span != nil }
        world.model[layer][.position] = .vector(last)
        var animation = RunningAnimation(layer: layer, property: .position, from: model, to: .vector(last),
                                         target: .vector(last), initial: model, animator: -1, delayFactor: 0,
                                         keyframes: track)
        animation.span = (time, duration)
        world.animations.append(animation)
    }

    /// The drag's velocity now (points per second, 0 once the finger has stopped) divided by the
    /// distance from the layer to `animator`'s target for its position, per component, so that
    /// positive is toward the target (UIKit's unit for spring velocities).
    private func releaseVelocity(of layer: Int, toward animator: Int) -> Vector2 {
        guard let drag = world.drags[layer], drag.points.count > 1, drag.duration > 0,
              time <= drag.start + drag.duration + 1e-9 else { return .zero }
        let segments = drag.points.count - 1
        let segmentDuration = drag.duration / Double(segments)
        let index = min(max(Int(((time - drag.start) / segmentDuration).rounded(.up)) - 1, 0), segments - 1)
        let velocity = (drag.points[index + 1] - drag.points[index]) * (1 / segmentDuration)
        guard case .vector(let here) = world.presentation(of: layer, .position, at: time, colorSpace: colorSpace) else { return .zero }
        let target = world.pendingBlocks[animator].lazy.flatMap(\.assignments)
            .last { $0.target.layer == layer && $0.target.property == .position }
            .map { $0.resolvedValue(from: .vector(here)) }
        guard case .vector(let destination)? = target else { return .zero }
        func unit(_ speed: Double, _ distance: Double) -> Double { abs(distance) > 1e-9 ? speed / distance : 0 }
        return Vector2(unit(velocity.x, destination.x - here.x), unit(velocity.y, destination.y - here.y))
    }

    /// A keyframe block: one keyframed animation per property, starting from its presentation.
    private mutating func run(_ block: KeyframeBlock, of animator: Int, delayFactor: Double) {
        var order: [PropertyTarget] = []
        var framesByProperty: [PropertyTarget: [(start: Double, duration: Double, value: AnimatableValue)]] = [:]
        var running: [PropertyTarget: AnimatableValue] = [:]
        for frame in block.frames.sorted(by: { $0.relativeStartTime < $1.relativeStartTime }) {
            for assignment in frame.assignments {
                let key = PropertyTarget(layer: assignment.target.layer, property: assignment.target.property)
                if framesByProperty[key] == nil {
                    order.append(key)
                    running[key] = world.presentation(of: key.layer, key.property, at: time, colorSpace: colorSpace)
                }
                let value = assignment.resolvedValue(from: running[key] ?? world.model[key.layer][key.property])
                running[key] = value
                framesByProperty[key, default: []].append((frame.relativeStartTime, frame.relativeDuration, value))
            }
        }
        for key in order {
            let initial = world.presentation(of: key.layer, key.property, at: time, colorSpace: colorSpace)
            guard let frames = framesByProperty[key], let track = block.track(initial: initial, frames: frames),
                  let last = frames.last?.value else { continue }
            let model = world.model[key.layer][key.property]
            world.animations.removeAll { $0.layer == key.layer && $0.property == key.property }
            world.model[key.layer][key.property] = last
            world.animations.append(RunningAnimation(layer: key.layer, property: key.property, from: initial, to: last,
                                                     target: last, initial: model, animator: animator,
                                                     delayFactor: delayFactor, keyframes: track))
        }
    }

    /// A keyframe track: the model takes its last value; the presentation follows the track.
    private mutating func run(_ animation: TrackAnimation, of animator: Int, delayFactor: Double) {
        let (layer, property) = (animation.target.layer, animation.target.property)
        guard let lastValue = animation.track.values.last else { return }
        let model = world.model[layer][property]
        let target = PropertyAssignment(animation.target, lastValue).resolvedValue(from: model)
        let from = world.presentation(of: layer, property, at: time, colorSpace: colorSpace)
        if animation.target.component == nil {
            world.animations.removeAll { $0.layer == layer && $0.property == property }
        }
        world.model[layer][property] = target
        world.animations.append(RunningAnimation(layer: layer, property: property, from: from, to: target, target: target,
                                                 initial: model, animator: animator, delayFactor: delayFactor,
                                                 keyframes: animation.track, component: animation.target.component))
    }

    /// `script[7] (2.6 s): finish "move": the animator is active; …` for an illegal `action`
    /// written at `path`, performed now.
    func diagnostic(for action: ScriptAction, at path: String, _ error: AnimatorCallError) -> ScriptDiagnostic {
        let target = action.animator.map { " \"\(targetID($0))\"" } ?? ""
        return ScriptDiagnostic(path: "\(path) (\(Self.format(time)) s)", message: "\(action.callName)\(target): \(error)")
    }

    /// A time as messages show it: 2.6, not 2.6000000000000001.
    static func format(_ time: Double) -> String {
        let rounded = (time * 1e9).rounded() / 1e9
        return rounded == rounded.rounded() && abs(rounded) < 1e15 ? String(Int(rounded)) : String(rounded)
    }
}
