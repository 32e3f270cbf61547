/// An explicit Core Animation animation as data: what `CALayer.add(_:forKey:)` attaches to a
/// layer (SPEC §9). A record in a scene's script, so a recording of Core Animation code is a
/// scene file like any other; it is evaluated at any instant from its layer's time alone.
///
/// ```swift
/// var pulse = LayerAnimation(property: .scale, content: .basic(from: .vector(Vector2(1, 1)), to: .vector(Vector2(1.2, 1.2)), by: nil))
/// pulse.timing = MediaTiming(duration: 0.5, repeatCount: .infinity, autoreverses: true)
/// pulse.timingFunction = .easeInOut
/// ```
public struct LayerAnimation: Hashable, Sendable {
    /// What the animation interpolates.
    public indirect enum Content: Hashable, Sendable {
        /// Mirrors `CABasicAnimation`: any two of from / to / by, or one of them against the
        /// value beneath (Apple's table: from alone runs to the value beneath, to alone from it,
        /// by alone from it by that much; none runs nowhere).
        case basic(from: AnimatableValue?, to: AnimatableValue?, by: AnimatableValue?)
        /// Mirrors `CAKeyframeAnimation`'s values, keyTimes, timingFunctions and calculationMode.
        case keyframes(KeyframeTrack)
        /// Mirrors `CASpringAnimation`: the spring runs in the animation's own seconds (its
        /// duration cuts it off, `settlingDuration` says when it rests), from / to / by as a basic one's.
        case spring(Spring, from: AnimatableValue?, to: AnimatableValue?, by: AnimatableValue?)
        /// Mirrors `CAAnimationGroup`: the children run in the group's time, within its active
        /// span; a child with no duration of its own (0) runs for the group's.
        case group([LayerAnimation])
    }

    /// The property animated (ignored by a group, whose children name theirs).
    public var property: LayerProperty
    /// 0 or 1 for `position.x` / `position.y` alone; nil for the whole value.
    public var component: Int?
    public var content: Content
    public var timing: MediaTiming
    /// Mirrors `CAAnimation.timingFunction`: nil is linear, as Core Animation's default.
    public var timingFunction: CubicTimingParameters?
    /// Mirrors `CAPropertyAnimation.isAdditive`: the value is added to the value beneath.
    public var isAdditive: Bool
    /// Mirrors `CAPropertyAnimation.isCumulative`: each repeat starts where the one before
    /// ended (its end value times the passes before, added).
    public var isCumulative: Bool
    /// Mirrors `CAAnimation.isRemovedOnCompletion`: an animation that ends is taken off its
    /// layer (so a forwards fill needs this false to hold).
    public var isRemovedOnCompletion: Bool

    public init(property: LayerProperty, component: Int? = nil, content: Content, timing: MediaTiming = MediaTiming(),
                timingFunction: CubicTimingParameters? = nil, isAdditive: Bool = false, isCumulative: Bool = false,
                isRemovedOnCompletion: Bool = true) {
        self.property = property
        self.component = component
        self.content = content
        self.timing = timing
        self.timingFunction = timingFunction
        self.isAdditive = isAdditive
        self.isCumulative = isCumulative
        self.isRemovedOnCompletion = isRemovedOnCompletion
    }

    /// A group of `animations` with `timing` (Core Animation's `CAAnimationGroup`).
    public static func group(_ animations: [LayerAnimation], timing: MediaTiming = MediaTiming(),
                             isRemovedOnCompletion: Bool = true) -> LayerAnimation {
        LayerAnimation(property: .opacity, content: .group(animations), timing: timing, isRemovedOnCompletion: isRemovedOnCompletion)
    }

    /// The value kind its values must have: a number for one component, else the property's.
    public var valueKind: ValueKind { component == nil ? property.kind : .number }

    /// Every property it animates (a group's children's), with their components.
    public var targets: [(property: LayerProperty, component: Int?)] {
        if case .group(let children) = content { return children.flatMap(\.targets) }
        return [(property, component)]
    }

    // MARK: - Evaluation

    /// Applies the animation at `time` of its layer (the time it was added in, with `beginTime`
    /// resolved) to `values`, the layer's values beneath it; `model` is the layer's model.
    /// Changes nothing where it shows nothing (outside its span without a fill, or ended and
    /// removed; a group's children are not removed, their group is).
    public func apply(to values: inout LayerValues, atLayerTime time: Double, colorSpace: ColorSpace) {
        apply(to: &values, atParentTime: time, removable: true, colorSpace: colorSpace)
    }

    private func apply(to values: inout LayerValues, atParentTime time: Double, removable: Bool, colorSpace: ColorSpace) {
        let local = timing.localTime(fromParent: time)
        if removable && isRemovedOnCompletion && local >= timing.activeDuration { return }
        guard let phase = timing.phase(atLocal: local) else { return }
        let duration = timing.effectiveDuration
        if case .group(let children) = content {
            let eased = timingFunction.map { duration * $0.progress(atFraction: phase.time / duration) } ?? phase.time
            for child in children {
                guard child.timing.duration == 0 else {
                    child.apply(to: &values, atParentTime: eased, removable: false, colorSpace: colorSpace)
                    continue
                }
                // A child without a duration of its own runs for its group's.
                var timed = child
                timed.timing.duration = duration
                timed.apply(to: &values, atParentTime: eased, removable: false, colorSpace: colorSpace)
            }
            return
        }
        var beneath = values[property]
        if let component, case .vector(let vector) = beneath { beneath = .number(vector[component]) }
        guard var shown = value(atPassTime: phase.time, duration: duration, beneath: beneath, colorSpace: colorSpace) else { return }
        if isCumulative && phase.iteration > 0, let last = value(atPassTime: duration, duration: duration, beneath: beneath, colorSpace: colorSpace) {
            shown = shown.adding(last.scaled(by: Double(phase.iteration)), minus: last.zero)
        }
        if isAdditive { shown = beneath.adding(shown, minus: shown.zero) }
        if let component, case .vector(var vector) = values[property], case .number(let number) = shown {
            vector[component] = number
            values[property] = .vector(vector)
        } else if component == nil, shown.kind == property.kind {
            values[property] = shown
        }
    }

    /// The value at `passTime` seconds into a pass, before composition; nil for none.
    private func value(atPassTime passTime: Double, duration: Double, beneath: AnimatableValue,
                       colorSpace: ColorSpace) -> AnimatableValue? {
        let fraction = duration > 0 ? min(max(passTime / duration, 0), 1) : 1
        let eased = timingFunction.map { $0.progress(atFraction: fraction) } ?? fraction
        switch content {
        case let .basic(from, to, by):
            let (start, end) = Self.endpoints(from: from, to: to, by: by, beneath: beneath, additive: isAdditive)
            return start.interpolated(to: end, progress: Vector2(eased, eased), colorSpace: colorSpace)
        case let .spring(spring, from, to, by):
            let (start, end) = Self.endpoints(from: from, to: to, by: by, beneath: beneath, additive: isAdditive)
            let p = spring.position(atTime: passTime)
            return start.interpolated(to: end, progress: Vector2(p, p), colorSpace: colorSpace)
        case .keyframes(let track):
            return track.value(at: min(max(eased, 0), 1))
        case .group:
            return nil
        }
    }

    /// Apple's from / to / by table: the two values interpolated. An additive animation's
    /// missing end is 0 (its values are offsets), a replacing one's is the value beneath.
    public static func endpoints(from: AnimatableValue?, to: AnimatableValue?, by: AnimatableValue?, beneath: AnimatableValue,
                          additive: Bool) -> (AnimatableValue, AnimatableValue) {
        let base = additive ? beneath.zero : beneath
        switch (from, to, by) {
        case let (from?, to?, _): return (from, to)
        case let (from?, nil, by?): return (from, from.adding(by, minus: by.zero))
        case let (nil, to?, by?): return (to.adding(by.zero, minus: by), to)
        case let (from?, nil, nil): return (from, base)
        case let (nil, to?, nil): return (base, to)
        case let (nil, nil, by?): return (base, base.adding(by, minus: by.zero))
        case (nil, nil, nil): return (base, base)
        }
    }
}

extension AnimatableValue {
    /// The value that adds nothing: 0, (0, 0); other kinds are their own.
    var zero: AnimatableValue {
        switch self {
        case .number: .number(0)
        case .vector: .vector(.zero)
        default: self
        }
    }

    /// Numbers and vectors times `factor`; other kinds unchanged.
    func scaled(by factor: Double) -> AnimatableValue {
        switch self {
        case .number(let x): .number(x * factor)
        case .vector(let v): .vector(Vector2(v.x * factor, v.y * factor))
        default: self
        }
    }
}
