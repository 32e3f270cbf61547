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
    /// The index of the animator whose clock drives it.
    var animator: Int
    /// It animates over the animator's fractions [delayFactor, 1].
    var delayFactor: Double
    /// A keyframed animation follows this track at keyframe time clamp(progress, 0, 1) instead
    /// of interpolating `from` → `to`; keyframes replace, never add.
    var keyframes: KeyframeTrack? = nil
    /// A track on one component of a vector property (its values are numbers).
    var component: Int? = nil
    /// A self-timed animation (a drag): linear over [start, start + duration], no animator.
    var span: (start: Double, duration: Double)? = nil

    var composition: LayerProperty.Composition { keyframes == nil ? property.composition : .replaced }

    /// The value this animation shows at `progress` (before composition).
    func value(at progress: Vector2, colorSpace: ColorSpace) -> AnimatableValue {
        if let keyframes { return keyframes.value(at: progress.x) }
        return from.interpolated(to: to, progress: progress, colorSpace: colorSpace)
    }
}

/// Everything that changes over time, between two happenings: the model, the animators' states,
/// the animations in flight, and what each animator will run when started. A value, so a scene's
/// history is a list of them.
struct WorldState: Sendable {
    var model: [LayerValues]
    var animators: [AnimatorState]
    /// In creation order: later animations apply on top of earlier ones.
    var animations: [RunningAnimation]
    /// The last drag of each layer: its points, start and duration (for a release's velocity).
    var drags: [Int: (points: [Vector2], start: Double, duration: Double)] = [:]
    /// Blocks each animator runs when it next starts (its declared ones, plus any added while inactive).
    var pendingBlocks: [[AnimationBlock]]
    /// The animations of stopped animators, kept for `finishAnimation(at:)`.
    var stoppedAnimations: [[RunningAnimation]]

    /// The presentation of every layer at `time`.
    func presentation(at time: Double, colorSpace: ColorSpace) -> [LayerValues] {
        var values = model
        for animation in animations {
            let current = values[animation.layer][animation.property]
            values[animation.layer][animation.property] = apply(animation, to: current, at: time, colorSpace: colorSpace)
        }
        return values
    }

    /// The presentation of one property at `time`.
    func presentation(of layer: Int, _ property: LayerProperty, at time: Double,
                      colorSpace: ColorSpace) -> AnimatableValue {
        var value = model[layer][property]
        for animation in animations where animation.layer == layer && animation.property == property {
            value = apply(animation, to: value, at: time, colorSpace: colorSpace)
        }
        return value
    }

    /// What `animation` alone shows at `time` (its interpolated value, or for a discrete
    /// property the value in force).
    func shownValue(of animation: RunningAnimation, at time: Double, colorSpace: ColorSpace) -> AnimatableValue {
        if let span = animation.span {
            let share = span.duration > 0 ? min(max((time - span.start) / span.duration, 0), 1) : 1
            return animation.value(at: Vector2(share, share), colorSpace: colorSpace)
        }
        let animator = animators[animation.animator]
        if animation.composition == .discrete {
            return hasStarted(animation, at: time) ? animation.to : animation.from
        }
        return animation.value(at: animator.progress(at: time, delayFactor: animation.delayFactor), colorSpace: colorSpace)
    }

    private func apply(_ animation: RunningAnimation, to value: AnimatableValue, at time: Double,
                       colorSpace: ColorSpace) -> AnimatableValue {
        let shown = shownValue(of: animation, at: time, colorSpace: colorSpace)
        if let component = animation.component, case .vector(var vector) = value, case .number(let number) = shown {
            vector[component] = number
            return .vector(vector)
        }
        switch animation.composition {
        case .additive: return value.adding(shown, minus: animation.target)
        case .replaced, .discrete: return shown
        }
    }

    /// A discrete change shows once its block has started: past the block's delay, or exactly at
    /// it while the clock runs forward.
    private func hasStarted(_ animation: RunningAnimation, at time: Double) -> Bool {
        let animator = animators[animation.animator]
        let fraction = animator.forwardFraction(at: time)
        if fraction != animation.delayFactor { return fraction > animation.delayFactor }
        return animator.isRunning && !animator.isReversed && time >= animator.anchorTime
    }
}
