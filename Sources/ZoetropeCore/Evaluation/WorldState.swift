/// What drives an animation's progress.
enum AnimationClock: Sendable {
    /// An animator's own clock.
    case animator(Int)
    /// The playhead of group `root` (an active group driven by no other): the animation's
    /// animator sits at `span` on that group's axis and keeps its own `timing`.
    case group(root: Int, span: TimelineSpan, timing: ResolvedTiming)
    /// A finger (a drag): linear over [start, start + duration], no animator.
    case finger(start: Double, duration: Double)

    /// The animator or group whose calls change it; nil for a finger.
    var owner: ControlTarget? {
        switch self {
        case .animator(let index): .animator(index)
        case .group(let root, _, _): .group(root)
        case .finger: nil
        }
    }
}

/// One animation of one property, as a started block created it.
struct RunningAnimation: Sendable {
    var layer: Int
    var property: LayerProperty
    /// Where the animation starts (progress 0).
    var from: AnimatableValue
    /// Where it heads (progress 1).
    var to: AnimatableValue
    /// The model value its block wrote (the target); an additive animation shows
    /// `lerp(from, to, p) − target` on top of the model.
    var target: AnimatableValue
    /// The model value before its block ran: what `finish(at: .start)` and a reversed end restore.
    var initial: AnimatableValue
    var clock: AnimationClock
    /// It animates over its animator's fractions [delayFactor, 1].
    var delayFactor: Double
    /// A keyframed animation follows this track at keyframe time clamp(progress, 0, 1) instead
    /// of interpolating `from` → `to`; keyframes replace, never add.
    var keyframes: KeyframeTrack? = nil
    /// A track on one component of a vector property (its values are numbers).
    var component: Int? = nil
    /// A replaced property animated by several children of one timeline: this one shows only
    /// from this root playhead on, where it takes over from the children before it.
    var takesOverAt: Double? = nil
    /// `from`, `to` and `delayFactor` before each spring resume rebased them (innermost last):
    /// a reversal that runs back through the resume point takes them up again.
    var rebased: [(from: AnimatableValue, to: AnimatableValue, delayFactor: Double)] = []

    var composition: LayerProperty.Composition {
        // A pattern, not `== nil`, which would copy the track to compare it.
        if case .some = keyframes { return .replaced }
        return property.composition
    }

    /// The value this animation shows at `progress` (before composition).
    func value(at progress: Vector2, colorSpace: ColorSpace) -> AnimatableValue {
        if let keyframes { return keyframes.value(at: progress.x) }
        return from.interpolated(to: to, progress: progress, colorSpace: colorSpace)
    }
}

/// Each animator's reading at one instant (its forward fraction, its progress after a delay
/// factor, whether it runs forward), kept while one frame's animations are evaluated: an
/// animator driving hundreds of animations solves its timing curve once, not once for each.
final class AnimatorClocks {
    typealias Reading = (fraction: Double, progress: Vector2, forward: Bool)
    private var readings: [(delayFactor: Double, reading: Reading)?]

    init(count: Int) { readings = Array(repeating: nil, count: count) }

    func reading(of animator: Int, delayFactor: Double) -> Reading? {
        guard let kept = readings[animator], kept.delayFactor == delayFactor else { return nil }
        return kept.reading
    }

    /// Keeps the reading of the animator's latest delay factor (animations of one block share it).
    func keep(_ reading: Reading, of animator: Int, delayFactor: Double) {
        readings[animator] = (delayFactor, reading)
    }
}

/// Everything that changes over time, between two happenings: the model, the animators' and
/// groups' playheads, the animations in flight, and what each animator will run when started.
/// A value, so a scene's history is a list of them.
struct WorldState: Sendable {
    var model: [LayerValues]
    var animators: TouchedArray<AnimatorState>
    /// Each group's clock, by group index.
    var playheads: TouchedArray<Playhead>
    /// In creation order: later animations apply on top of earlier ones.
    var animations = AnimationList()
    /// The last drag of each layer: its points, start and duration (for a release's velocity).
    var drags: [Int: (points: [Vector2], start: Double, duration: Double)] = [:]
    /// Blocks each animator runs when it next starts (its declared ones, plus any added while inactive).
    var pendingBlocks: [[AnimationBlock]]
    /// The animations of stopped animators and groups, kept for `finishAnimation(at:)`.
    var stoppedAnimations: [ControlTarget: [RunningAnimation]] = [:]
    /// Layers' own timings (SPEC §9), where set.
    var layerTimings: [Int: MediaTiming] = [:]
    /// Layer animations (`CALayer.add(_:forKey:)`), in the order added: later ones apply on top.
    var layerAnimations: [AttachedLayerAnimation] = []
    var nextLayerAnimationSerial = 0

    /// A root playhead to read instead of the group's own at the current time (a group
    /// starting asks what its earlier children show where a later one takes over).
    typealias PlayheadOverride = (group: Int, position: Double)

    /// The clock one animator or group had before a call changed it, read instead of the
    /// current one: what that owner's animations showed until the call (all else is unchanged
    /// by a call until its effect is applied, so no copy of the whole world is needed).
    enum PriorClock {
        case animator(Int, AnimatorState)
        case group(Int, Playhead)

        func animator(_ index: Int) -> AnimatorState? {
            if case .animator(index, let state) = self { return state }
            return nil
        }

        func group(_ index: Int) -> Playhead? {
            if case .group(index, let playhead) = self { return playhead }
            return nil
        }
    }

    /// The presentation of every layer at `time` (each animated property within its domain):
    /// the animators' animations, then the layer animations on top.
    func presentation(at time: Double, layers: LayerTree, colorSpace: ColorSpace) -> [LayerValues] {
        var values = model
        let clocks = AnimatorClocks(count: animators.count)
        animations.forEachAnimation { animation in
            let current = values[animation.layer][animation.property]
            values[animation.layer][animation.property] = apply(animation, to: current, at: time, colorSpace: colorSpace, clocks: clocks)
        }
        applyLayerAnimations(to: &values, at: time, layers: layers, colorSpace: colorSpace)
        func settle(_ layer: Int, _ property: LayerProperty) {
            var value = values[layer][property].finite(or: model[layer][property])
            if let domain = property.domain { value = value.clamped(to: domain) }
            values[layer][property] = value
        }
        animations.forEachAnimation { settle($0.layer, $0.property) }
        for attached in layerAnimations {
            for target in attached.animation.targets { settle(attached.layer, target.property) }
        }
        return values
    }

    /// The presentation of one property at `time`.
    func presentation(of layer: Int, _ property: LayerProperty, at time: Double, colorSpace: ColorSpace, layers: LayerTree,
                      playhead: PlayheadOverride? = nil) -> AnimatableValue {
        var value = model[layer][property]
        for slot in animations.slots(of: layer, property) {
            guard let animation = animations[slot] else { continue }
            value = apply(animation, to: value, at: time, colorSpace: colorSpace, playhead: playhead)
        }
        let attached = layerAnimations.filter { $0.layer == layer && $0.animation.targets.contains { $0.property == property } }
        if !attached.isEmpty {
            var values = model[layer]
            values[property] = value
            let layerTime = layerTime(of: layer, at: time, in: layers)
            for animation in attached { animation.animation.apply(to: &values, atLayerTime: layerTime, colorSpace: colorSpace) }
            value = values[property]
        }
        value = value.finite(or: model[layer][property])
        return property.domain.map { value.clamped(to: $0) } ?? value
    }

    /// The root playhead driving `root`'s animations at `time`.
    func playhead(of root: Int, at time: Double, override: PlayheadOverride?, prior: PriorClock? = nil) -> Double {
        if let override, override.group == root { return override.position }
        return (prior?.group(root) ?? playheads[root]).position(at: time)
    }

    /// What `animation` alone shows at `time` (its interpolated value, or for a discrete
    /// property the value in force).
    /// `clocks` keeps each animator's reading at `time` for the next animation of the same
    /// animator (an animator may drive hundreds); only without a `prior` clock or an override.
    func shownValue(of animation: RunningAnimation, at time: Double, colorSpace: ColorSpace,
                    playhead override: PlayheadOverride? = nil, prior: PriorClock? = nil,
                    clocks: AnimatorClocks? = nil) -> AnimatableValue {
        let fraction: Double, progress: Vector2, forward: Bool
        switch animation.clock {
        case let .finger(start, duration):
            let share = duration > 0 ? min(max((time - start) / duration, 0), 1) : 1
            return animation.value(at: Vector2(share, share), colorSpace: colorSpace)
        case .animator(let index):
            if let known = clocks?.reading(of: index, delayFactor: animation.delayFactor) {
                (fraction, progress, forward) = known
            } else {
                let animator = prior?.animator(index) ?? animators[index]
                fraction = animator.forwardFraction(at: time)
                progress = animator.progress(at: time, delayFactor: animation.delayFactor)
                forward = animator.isRunning && !animator.isReversed && time >= animator.anchorTime
                clocks?.keep((fraction, progress, forward), of: index, delayFactor: animation.delayFactor)
            }
        case let .group(root, span, timing):
            let clock = (prior?.group(root) ?? playheads[root]).clock
            fraction = span.fraction(atPlayhead: playhead(of: root, at: time, override: override, prior: prior))
            progress = timing.progress(atFraction: AnimatorState.local(fraction, animation.delayFactor))
            forward = clock.isRunning && !clock.isReversed && time >= clock.anchorTime
        }
        if animation.composition == .discrete {
            // A discrete change shows once its block has started: past its delay, or exactly at
            // it while the clock runs forward.
            let started = fraction != animation.delayFactor ? fraction > animation.delayFactor : forward
            return started ? animation.to : animation.from
        }
        return animation.value(at: progress, colorSpace: colorSpace)
    }

    /// False for a timeline's later animation of a replaced property before the playhead
    /// reaches the point where it takes over.
    func isShowing(_ animation: RunningAnimation, at time: Double, playhead override: PlayheadOverride? = nil,
                   prior: PriorClock? = nil) -> Bool {
        guard let takeover = animation.takesOverAt, case .group(let root, _, _) = animation.clock else { return true }
        return playhead(of: root, at: time, override: override, prior: prior) >= takeover
    }

    private func apply(_ animation: RunningAnimation, to value: AnimatableValue, at time: Double,
                       colorSpace: ColorSpace, playhead override: PlayheadOverride? = nil,
                       clocks: AnimatorClocks? = nil) -> AnimatableValue {
        guard isShowing(animation, at: time, playhead: override) else { return value }
        let shown = shownValue(of: animation, at: time, colorSpace: colorSpace, playhead: override, clocks: clocks)
        if let component = animation.component, case .vector(var vector) = value, case .number(let number) = shown {
            vector[component] = number
            return .vector(vector)
        }
        switch animation.composition {
        case .additive: return value.adding(shown, minus: animation.target)
        case .replaced, .discrete: return shown
        }
    }

    // MARK: - Control

    /// The active group that drives `target` (an animator or a nested group), if any: a
    /// driven target keeps no time of its own and takes no calls.
    func driver(of target: ControlTarget, in graph: ControlGraph) -> Int? {
        graph.containers(of: target).first { playheads[$0].clock.state != .inactive }
    }

    /// The root group driving `target`, with the target's span on its axis.
    func root(of target: ControlTarget, in graph: ControlGraph) -> (group: Int, span: TimelineSpan)? {
        // An active container driven by no other is the root; its list holds the target's span.
        let containers = graph.containers(of: target)
        for (position, container) in containers.enumerated() where playheads[container].clock.state != .inactive {
            guard driver(of: .group(container), in: graph) == nil else { continue }
            return (container, graph.descendants[container][graph.descendantIndices(of: target)[position]].span)
        }
        return nil
    }

    /// Every animator's, then every group's observable state at `time`.
    func status(at time: Double, animators definitions: [AnimatorDefinition], groups: [GroupDefinition],
                graph: ControlGraph) -> [AnimatorStatus] {
        graph.targets.map { status(of: $0, at: time, animators: definitions, groups: groups, graph: graph) }
    }

    /// The observable state of `target` at `time` (SPEC §3.5: a driven target reports its
    /// root's state and its own local fraction).
    func status(of target: ControlTarget, at time: Double, animators definitions: [AnimatorDefinition], groups: [GroupDefinition],
                graph: ControlGraph) -> AnimatorStatus {
        let id = switch target {
        case .animator(let index): definitions[index].id
        case .group(let index): groups[index].id
        }
        if let (root, span) = root(of: target, in: graph) {
            let clock = playheads[root].clock
            let local = span.fraction(atPlayhead: playheads[root].position(at: time))
            let playhead = target.group == nil ? nil : span.ownPlayhead(atPlayhead: playheads[root].position(at: time))
            return AnimatorStatus(target: target, id: id, state: clock.state, isRunning: clock.isRunning, isReversed: clock.isReversed,
                                  fractionComplete: clock.isReversed ? 1 - local : local, playhead: playhead)
        }
        switch target {
        case .animator(let index):
            let state = animators[index]
            return AnimatorStatus(target: target, id: id, state: state.state, isRunning: state.isRunning, isReversed: state.isReversed,
                                  fractionComplete: state.fractionComplete(at: time))
        case .group(let index):
            let clock = playheads[index].clock
            return AnimatorStatus(target: target, id: id, state: clock.state, isRunning: clock.isRunning, isReversed: clock.isReversed,
                                  fractionComplete: clock.fractionComplete(at: time), playhead: playheads[index].position(at: time))
        }
    }
}
