/// Layers and an explicit clock that `PropertyAnimator`s animate: the Swift API's counterpart
/// of a scene's script, and its one driver. Time moves only when `advance(to:)` says so, and
/// completion handlers run at their exact completion times on the way. What the stage shows is
/// read here (`presentationValue(_:)`, `presentation`, `model`, `layers`, `animatorStatus`,
/// `completions`); the engine under it is not public.
///
/// ```swift
/// let stage = AnimationStage(layers: [frog])
/// let move = PropertyAnimator(duration: 3, curve: .easeInOut, stage: stage)
/// try move.addAnimations([stage.assignment("frog.position", .vector(Vector2(700, 420)))])
/// try move.startAnimation()
/// stage.advance(to: 1.5)
/// stage.presentationValue("frog.position")   // halfway, on the easeInOut curve
/// ```
public final class AnimationStage {
    /// The engine this stage drives: for the package's own modules and tests. Swift code reads
    /// the stage through the accessors below and changes it through the animators' calls.
    package private(set) var stage: Stage
    /// Every call performed, at its time, in order: the stage's story as a scene's script.
    public private(set) var history: [ScriptEvent] = []
    /// When each layer joined the stage (by layer index), for layers added after time 0.
    public private(set) var layerTimes: [Int: Double] = [:]
    /// The layers as a scene declares them, numbered as the stage numbers them: every layer the
    /// stage has had, placed and styled as at time 0 (one added later where it was added,
    /// hidden), so that the history's moves and restyles, replayed, give the stage's tree.
    public private(set) var startingLayers = LayerTree([])
    /// Whether a layer has moved in the tree since time 0 (after that, a layer added later is
    /// placed by a move in the history: its place among siblings is not the starting tree's).
    private var hasMoved = false
    private var handlers: [ControlTarget: [(AnimatingPosition) -> Void]] = [:]
    private var handledCompletions = 0
    /// What to call when a layer animation stops, by its serial (`CAAnimationDelegate`).
    private var stopHandlers: [Int: (Bool) -> Void] = [:]
    private var handledStops = 0

    public init(layers: [Layer], colorSpace: ColorSpace = .srgb) {
        stage = Stage(layers: LayerTree(layers), colorSpace: colorSpace)
        startingLayers = stage.layers
    }

    /// The current time in seconds.
    public var time: Double { stage.time }

    /// The layers now, by index: their tree, ids, styles and starting values, as added, moved
    /// and restyled so far (`startingLayers` is the tree as a scene declares it).
    public var layers: LayerTree { stage.layers }

    /// What is on screen now, by layer index (the indices of `layers.nodes`): the model values
    /// with every animation in flight applied. `presentationValue(_:)` reads one by key.
    public var presentation: [LayerValues] { stage.presentation }

    /// The model values now, by layer index: what the animation blocks and `set` wrote, where
    /// the animations in flight are going. `modelValue(_:)` reads one by key.
    public var model: [LayerValues] { stage.model }

    /// Every animator's status now, in the order they were made, then every group's: state,
    /// running, reversed, fraction complete and, for a group, its playhead. Each names its
    /// `target` (a `PropertyAnimator`'s or `AnimatorGroup`'s `index`).
    public var animatorStatus: [AnimatorStatus] { stage.animatorStatus }

    /// Every completion so far, in the order they happened (the order completion handlers run):
    /// which animator or group, at what time, at which end.
    public var completions: [CompletionRecord] { stage.completions }

    /// Moves the clock to `time`, ending animators on the way and calling their completion
    /// handlers at their completion times.
    public func advance(to time: Double) {
        while let end = stage.nextEnd, end.time <= time {
            stage.completeNextEnd()
            runHandlers()
        }
        stage.advance(to: time)
    }

    /// Moves the clock forward by `seconds`.
    public func advance(by seconds: Double) { advance(to: time + seconds) }

    /// When the next animator or group ends (nil: none is running toward an end).
    public var nextEndTime: Double? { stage.nextEnd?.time }

    /// Whether an explicit layer animation is still to end (`nextEndTime` will reach it); an
    /// endless one (`repeatCount = .infinity`) never does.
    public var hasLayerAnimationToEnd: Bool { stage.hasLayerAnimationToEnd }

    /// Adds `layer` and its children under `parent` (nil: the top level), at `position` among its
    /// siblings (nil: on top); returns its index.
    @discardableResult
    public func addLayer(_ layer: Layer, parent: Int?, at position: Int? = nil) -> Int {
        let index = stage.addLayer(layer, parent: parent, at: position)
        _ = startingLayers.append(layer, parent: parent, at: hasMoved ? nil : position)
        if time > 0 {
            // In a scene, a layer joins at the start: hidden until now, then shown as it was added.
            for added in index..<stage.layers.nodes.count {
                layerTimes[added] = time
                let shown = PropertyAssignment(PropertyTarget(layer: added, property: .hidden), .flag(stage.layers.initialValues[added].hidden))
                history.append(ScriptEvent(time: time, action: .set([shown]), path: "script[\(history.count)]"))
            }
            if hasMoved { record(.move(layer: index, parent: parent, position: position)) }
        }
        return index
    }

    /// Moves the layer at `index` under `parent`, at `position` among its siblings (nil: on top).
    /// After time 0 the history records the move (`ScriptAction.move`).
    public func moveLayer(_ index: Int, under parent: Int?, at position: Int? = nil) {
        stage.moveLayer(index, under: parent, at: position)
        if time > 0 {
            hasMoved = true
            record(.move(layer: index, parent: parent, position: position))
        } else {
            startingLayers.move(index, under: parent, at: position)
        }
    }

    /// Replaces the style of the layer at `index` (what does not animate), from now on.
    /// After time 0 the history records the new style (`ScriptAction.restyle`).
    public func setStyle(_ style: LayerStyle, of index: Int) {
        stage.setStyle(style, of: index)
        if time > 0 {
            record(.restyle(layer: index, style: style))
        } else {
            startingLayers.setStyle(style, of: index)
        }
    }

    /// Sets model values now, outside any animation: what shows jumps there, under whatever
    /// animations are in flight (additive ones keep their offsets), as a property set outside an
    /// animation block does in UIKit.
    public func set(_ assignments: [PropertyAssignment]) {
        // A `set` is legal in every state.
        try? perform(.set(assignments))
    }

    /// The target of a key such as `frog.position` or `frog.position.x`.
    public func target(_ key: String) -> PropertyTarget? {
        try? stage.layers.target(forKey: key).get()
    }

    /// `key = value`, for `addAnimations`. Throws where it is made, with the message a scene
    /// file would get, for an unknown key, a value of the wrong kind (a number for a position)
    /// or one out of the property's range (an opacity of 3).
    public func assignment(_ key: String, _ value: AnimatableValue) throws(PropertyKeyError) -> PropertyAssignment {
        let target = try stage.layers.target(forKey: key).get()
        let expected = target.component == nil ? target.property.kind : .number
        let fits = value.kind == expected || (target.property == .fill && { if case .gradient = value { true } else { false } }())
        guard fits else {
            throw PropertyKeyError(key: key, message: "expected \(expected.phrase) (found \(value.kind.phrase): \(value))")
        }
        if let problem = target.property.problem(with: value) { throw PropertyKeyError(key: key, message: problem) }
        return PropertyAssignment(target, value)
    }

    /// What is on screen for `key` now.
    public func presentationValue(_ key: String) -> AnimatableValue? {
        target(key).map { value(in: stage.presentation, $0) }
    }

    /// The model value of `key` (what the blocks wrote).
    public func modelValue(_ key: String) -> AnimatableValue? {
        target(key).map { value(in: stage.model, $0) }
    }

    private func value(in values: [LayerValues], _ target: PropertyTarget) -> AnimatableValue {
        let whole = values[target.layer][target.property]
        guard let component = target.component, case .vector(let vector) = whole else { return whole }
        return .number(vector[component])
    }

    // MARK: - For PropertyAnimator

    func add(_ definition: AnimatorDefinition) -> Int {
        stage.addAnimator(definition)
    }

    func add(_ definition: GroupDefinition) throws(GroupCycle) -> ControlTarget { try stage.addGroup(definition) }

    func perform(_ action: ScriptAction) throws(AnimatorCallError) {
        try stage.perform(action)
        if case .layerTiming(let layer, _) = action, let last = history.last, last.time == time,
           case .layerTiming(layer, _) = last.action {
            // A layer's timing is set whole: several settings at one instant (`speed`, then
            // `timeOffset`, as Apple's pause recipe does) are one change, as Core Animation
            // commits them together; a scene then never sees the states between.
            history[history.count - 1].action = action
        } else {
            record(action)
        }
        runHandlers()
    }

    /// Adds `action`, done now, to the history.
    private func record(_ action: ScriptAction) {
        history.append(ScriptEvent(time: time, action: action, path: "script[\(history.count)]"))
    }

    func setOptions(_ options: AnimatorOptions, of animator: Int) throws(AnimatorCallError) {
        try stage.setOptions(options, of: animator)
        if history.contains(where: { $0.action.target == .animator(animator) }) {
            // After it first ran, a flag is a call of the history (`ScriptAction.options`).
            record(.options(animator: animator, options: options))
        } else {
            // Before it first runs, a flag is part of what the animator declares.
            stage.definitions[animator].options = options
        }
    }

    func addHandler(_ handler: @escaping (AnimatingPosition) -> Void, to target: ControlTarget) {
        handlers[target, default: []].append(handler)
    }

    // MARK: - Layer animations (SPEC §9)

    /// Mirrors `CALayer.add(_:forKey:)`: attaches `animation` to the layer at `layer` now,
    /// replacing its animation for `key`; a `beginTime` of 0 is the layer's time now. `onStop`
    /// is called when it stops: `true` at its end, `false` when it is removed or replaced first.
    /// Returns its serial, the order of adding on this stage.
    @discardableResult
    public func addLayerAnimation(_ animation: LayerAnimation, to layer: Int, forKey key: String?,
                                  onStop: ((Bool) -> Void)? = nil) throws(AnimatorCallError) -> Int {
        let serial = stage.world.nextLayerAnimationSerial
        if let onStop { stopHandlers[serial] = onStop }
        do {
            try perform(.addLayerAnimation(layer: layer, key: key, animation: animation))
        } catch {
            stopHandlers[serial] = nil
            throw error
        }
        return serial
    }

    /// Mirrors `removeAnimation(forKey:)`, and `removeAllAnimations()` for a nil key.
    public func removeLayerAnimations(of layer: Int, forKey key: String?) throws(AnimatorCallError) {
        try perform(.removeLayerAnimation(layer: layer, key: key))
    }

    /// Sets the timing of the layer at `layer` from now on (`speed`, `timeOffset`, `beginTime`, …).
    public func setLayerTiming(_ timing: MediaTiming, of layer: Int) throws(AnimatorCallError) {
        try perform(.layerTiming(layer: layer, timing: timing))
    }

    /// The timing of the layer at `layer`.
    public func layerTiming(of layer: Int) -> MediaTiming { stage.layerTiming(of: layer) }

    /// The layer's local time at scene time `time` (now when nil): `convertTime(_:from: nil)`.
    public func layerTime(of layer: Int, atSceneTime time: Double? = nil) -> Double {
        stage.world.layerTime(of: layer, at: time ?? self.time, in: stage.layers)
    }

    /// The scene time at which the layer's local time is `time` (`convertTime(_:to: nil)`),
    /// while every timing above it runs as it does now; `time` itself where a frozen clock
    /// never reaches it.
    public func sceneTime(of layer: Int, atLayerTime time: Double) -> Double {
        guard let line = stage.world.layerClockLine(of: layer, in: stage.layers), line.slope != 0 else { return time }
        return (time - line.intercept) / line.slope
    }

    /// The keys of the animations on the layer at `layer`, in the order added (`animationKeys()`).
    public func layerAnimationKeys(of layer: Int) -> [String] { stage.layerAnimationKeys(of: layer) }

    /// The animation on the layer for `key`, its `beginTime` resolved (`animation(forKey:)`).
    public func layerAnimation(of layer: Int, forKey key: String) -> LayerAnimation? { stage.layerAnimation(of: layer, forKey: key) }

    /// Every layer animation that stopped so far, in order.
    public var layerAnimationStops: [LayerAnimationStop] { stage.layerAnimationStops }

    /// Calls the handlers of completions not yet handled, in order; an animator's (or group's)
    /// handlers are cleared once called, as UIKit clears them when the animator finishes.
    /// Then the handlers of layer animations that stopped.
    private func runHandlers() {
        while handledCompletions < stage.completions.count {
            let record = stage.completions[handledCompletions]
            handledCompletions += 1
            let due = handlers.removeValue(forKey: record.target) ?? []
            for handler in due { handler(record.position) }
        }
        while handledStops < stage.layerAnimationStops.count {
            let stop = stage.layerAnimationStops[handledStops]
            handledStops += 1
            stopHandlers.removeValue(forKey: stop.serial)?(stop.finished)
        }
    }
}
