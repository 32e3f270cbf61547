/// One animation of one property, as a started block created it.
struct RunningAnimation: Hashable, Sendable {
    var layer: Int
    var property: LayerProperty
    var from: AnimatableValue
    var to: AnimatableValue
    /// The index of the animator whose clock drives it.
    var animator: Int
    /// The block's delay factor: it animates over the animator's fractions [delayFactor, 1].
    var delayFactor: Double
}

/// Everything that changes over time, between two script happenings: the model, the
/// animators' states and the animations in flight. A value, so history is a list of them.
struct WorldState: Sendable {
    var model: [LayerValues]
    var animators: [AnimatorState]
    /// In creation order: later animations apply on top of earlier ones.
    var animations: [RunningAnimation]

    /// The presentation of every layer at `time`.
    func presentation(at time: Double, colorSpace: ColorSpace) -> [LayerValues] {
        var values = model
        for animation in animations {
            let current = values[animation.layer][animation.property]
            values[animation.layer][animation.property] = apply(animation, to: current, at: time,
                                                                colorSpace: colorSpace)
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

    private func apply(_ animation: RunningAnimation, to value: AnimatableValue, at time: Double,
                       colorSpace: ColorSpace) -> AnimatableValue {
        let animator = animators[animation.animator]
        let fraction = animator.forwardFraction(at: time)
        switch animation.property.composition {
        case .discrete:
            let started = time >= animator.anchorTime && fraction >= animation.delayFactor
            return started ? animation.to : animation.from
        case .additive:
            let progress = animator.timing.progress(atFraction: Self.local(fraction, animation.delayFactor))
            return value.addingOffset(from: animation.from, to: animation.to, progress: progress)
        case .replaced:
            let progress = animator.timing.progress(atFraction: Self.local(fraction, animation.delayFactor))
            return animation.from.interpolated(to: animation.to, progress: progress, colorSpace: colorSpace)
        }
    }

    /// A block's own fraction: the animator's fraction mapped from [delayFactor, 1] to [0, 1].
    static func local(_ fraction: Double, _ delayFactor: Double) -> Double {
        guard delayFactor > 0 else { return fraction }
        guard delayFactor < 1 else { return fraction >= 1 ? 1 : 0 }
        return min(max((fraction - delayFactor) / (1 - delayFactor), 0), 1)
    }
}
