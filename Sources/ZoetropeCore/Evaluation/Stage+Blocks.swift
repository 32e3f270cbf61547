/// What a block does when it runs: each assignment sets the model and animates from the value
/// before it (SPEC §3.3 decides how), over its animator's fractions [delayFactor, 1].
extension Stage {
    /// Runs `block` on `clock`. `startsAt` is where the block starts on a timeline's playhead
    /// (nil for an animator's own clock).
    mutating func run(_ block: AnimationBlock, clock: AnimationClock, delayFactor: Double, startsAt: Double? = nil) {
        if let keyframes = block.keyframes { run(keyframes, clock: clock, delayFactor: delayFactor, startsAt: startsAt) }
        for track in block.tracks { run(track, clock: clock, delayFactor: delayFactor, startsAt: startsAt) }
        for assignment in block.assignments {
            let (layer, property) = (assignment.target.layer, assignment.target.property)
            let model = world.model[layer][property]
            let target = assignment.resolvedValue(from: model)
            var from = model, takeover: Double?
            if property.composition != .additive {
                (from, takeover) = replace(layer, property, clock: clock, startsAt: startsAt)
            }
            world.model[layer][property] = target
            guard from != target else { continue }
            world.animations.append(RunningAnimation(layer: layer, property: property, from: from, to: target,
                                                     target: target, initial: model, clock: clock,
                                                     delayFactor: delayFactor, takesOverAt: takeover))
        }
    }

    /// A new animation of a replaced property starts from what is shown and ends the older
    /// animations of that property. On a timeline, what is shown is what the timeline's earlier
    /// blocks show where this one starts; they stay, and this one takes over from there on.
    private mutating func replace(_ layer: Int, _ property: LayerProperty, clock: AnimationClock, startsAt: Double?,
                                  removing: Bool = true) -> (from: AnimatableValue, takesOverAt: Double?) {
        guard case .group(let root, _, _) = clock, let startsAt else {
            let from = world.presentation(of: layer, property, at: time, colorSpace: colorSpace, layers: layers)
            if removing { world.animations.removeAll(of: layer, property) { _ in true } }
            return (from, nil)
        }
        let sameTimeline: (RunningAnimation) -> Bool = { $0.clock.owner == .group(root) }
        let follows = world.animations.slots(of: layer, property).contains { slot in
            world.animations[slot].map { sameTimeline($0) && $0.component == nil } ?? false
        }
        let from = world.presentation(of: layer, property, at: time, colorSpace: colorSpace, layers: layers, playhead: (root, startsAt))
        if removing { world.animations.removeAll(of: layer, property) { !sameTimeline($0) } }
        return (from, follows && removing ? startsAt : nil)
    }

    /// A keyframe block: one keyframed animation per property, starting from its presentation.
    private mutating func run(_ block: KeyframeBlock, clock: AnimationClock, delayFactor: Double, startsAt: Double?) {
        var order: [PropertyTarget] = []
        var framesByProperty: [PropertyTarget: [(start: Double, duration: Double, value: AnimatableValue)]] = [:]
        var initial: [PropertyTarget: (from: AnimatableValue, takesOverAt: Double?)] = [:]
        var running: [PropertyTarget: AnimatableValue] = [:]
        for frame in block.frames.sorted(by: { $0.relativeStartTime < $1.relativeStartTime }) {
            for assignment in frame.assignments {
                let key = PropertyTarget(layer: assignment.target.layer, property: assignment.target.property)
                if framesByProperty[key] == nil {
                    order.append(key)
                    let start = replace(key.layer, key.property, clock: clock, startsAt: startsAt)
                    initial[key] = start
                    running[key] = start.from
                }
                let value = assignment.resolvedValue(from: running[key] ?? world.model[key.layer][key.property])
                running[key] = value
                framesByProperty[key, default: []].append((frame.relativeStartTime, frame.relativeDuration, value))
            }
        }
        for key in order {
            guard let start = initial[key], let frames = framesByProperty[key],
                  let track = block.track(initial: start.from, frames: frames), let last = frames.last?.value else { continue }
            let model = world.model[key.layer][key.property]
            world.model[key.layer][key.property] = last
            world.animations.append(RunningAnimation(layer: key.layer, property: key.property, from: start.from, to: last,
                                                     target: last, initial: model, clock: clock, delayFactor: delayFactor,
                                                     keyframes: track, takesOverAt: start.takesOverAt))
        }
    }

    /// A keyframe track: the model takes its last value; the presentation follows the track.
    private mutating func run(_ animation: TrackAnimation, clock: AnimationClock, delayFactor: Double, startsAt: Double?) {
        let (layer, property) = (animation.target.layer, animation.target.property)
        guard let lastValue = animation.track.values.last else { return }
        let model = world.model[layer][property]
        let target = PropertyAssignment(animation.target, lastValue).resolvedValue(from: model)
        // A track on one component leaves the other animations of the property running.
        let start = replace(layer, property, clock: clock, startsAt: startsAt, removing: animation.target.component == nil)
        world.model[layer][property] = target
        world.animations.append(RunningAnimation(layer: layer, property: property, from: start.from, to: target, target: target,
                                                 initial: model, clock: clock, delayFactor: delayFactor,
                                                 keyframes: animation.track, component: animation.target.component,
                                                 takesOverAt: start.takesOverAt))
    }
}
