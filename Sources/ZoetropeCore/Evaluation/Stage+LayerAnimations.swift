/// A layer animation on its layer (`CALayer.add(_:forKey:)`), its `beginTime` resolved.
struct AttachedLayerAnimation: Sendable {
    /// Unique on the stage, in the order animations were added.
    var serial: Int
    var layer: Int
    var key: String?
    var animation: LayerAnimation
    /// The scene time of its end while its layer's clock runs as it runs now; nil when it does
    /// not end (endless, frozen, running backwards, or under a layer whose own time repeats).
    var endTime: Double?
    /// It has ended (and stays, for `isRemovedOnCompletion = false`).
    var ended = false
}

/// A layer animation that stopped: it ended (`finished`), or was removed or replaced first, as
/// `CAAnimationDelegate.animationDidStop(_:finished:)` is told.
public struct LayerAnimationStop: Hashable, Sendable {
    public var layer: Int
    public var key: String?
    /// The order the animation was added in, on its stage.
    public var serial: Int
    public var time: Double
    public var finished: Bool

    public init(layer: Int, key: String?, serial: Int, time: Double, finished: Bool) {
        self.layer = layer
        self.key = key
        self.serial = serial
        self.time = time
        self.finished = finished
    }
}

extension WorldState {
    /// The local time of `layer` at scene time `time`: its ancestors' timings and its own,
    /// applied from the top (SPEC §9). A layer's timing with a duration repeats its time.
    func layerTime(of layer: Int, at time: Double, in layers: LayerTree) -> Double {
        guard !layerTimings.isEmpty else { return time }
        var chain: [Int] = []
        var node: Int? = layer
        while let index = node {
            chain.append(index)
            node = layers.nodes[index].parent
        }
        var t = time
        for index in chain.reversed() {
            guard let timing = layerTimings[index] else { continue }
            let local = timing.localTime(fromParent: t)
            t = timing.isAffine ? local : (timing.phase(atLocal: local)?.time ?? local)
        }
        return t
    }

    /// Scene time → `layer`'s time as a line a·t + b, when every timing above it is affine.
    func layerClockLine(of layer: Int, in layers: LayerTree) -> (slope: Double, intercept: Double)? {
        var slope = 1.0, intercept = 0.0
        var node: Int? = layer
        while let index = node {
            if let timing = layerTimings[index] {
                guard timing.isAffine else { return nil }
                // Walking up, the line so far reads this layer's local time: compose it with
                // local = speed·t + (offset − begin·speed).
                intercept += slope * (timing.timeOffset - timing.beginTime * timing.speed)
                slope *= timing.speed
            }
            node = layers.nodes[index].parent
        }
        return (slope, intercept)
    }

    /// Applies the layer animations to `values` at scene `time`, in the order they were added.
    func applyLayerAnimations(to values: inout [LayerValues], at time: Double, layers: LayerTree, colorSpace: ColorSpace) {
        guard !layerAnimations.isEmpty else { return }
        var times: [Int: Double] = [:]
        for attached in layerAnimations {
            let layerTime = times[attached.layer] ?? layerTime(of: attached.layer, at: time, in: layers)
            times[attached.layer] = layerTime
            attached.animation.apply(to: &values[attached.layer], atLayerTime: layerTime, colorSpace: colorSpace)
        }
    }
}

extension Stage {
    // MARK: - Layer animations (SPEC §9)

    /// The local time of `layer` now (`CALayer.convertTime(CACurrentMediaTime(), from: nil)`).
    package func layerTime(of layer: Int) -> Double {
        world.layerTime(of: layer, at: time, in: layers)
    }

    /// The timing of `layer` (`MediaTiming.layer` unless set).
    package func layerTiming(of layer: Int) -> MediaTiming {
        world.layerTimings[layer] ?? .layer
    }

    /// The keys of the animations on `layer`, in the order added (`animationKeys()`).
    package func layerAnimationKeys(of layer: Int) -> [String] {
        world.layerAnimations.filter { $0.layer == layer }.compactMap(\.key)
    }

    /// The animation on `layer` for `key`, its `beginTime` resolved (`animation(forKey:)`).
    package func layerAnimation(of layer: Int, forKey key: String) -> LayerAnimation? {
        world.layerAnimations.last { $0.layer == layer && $0.key == key }?.animation
    }

    /// Attaches `animation` to `layer` for `key` (replacing the one there), as
    /// `add(_:forKey:)`: a `beginTime` of 0 becomes the layer's time now.
    mutating func addLayerAnimation(_ animation: LayerAnimation, to layer: Int, key: String?) {
        if let key { removeLayerAnimations(of: layer, key: key) }
        var animation = animation
        if animation.timing.beginTime == 0 { animation.timing.beginTime = layerTime(of: layer) }
        let serial = world.nextLayerAnimationSerial
        world.nextLayerAnimationSerial += 1
        world.layerAnimations.append(AttachedLayerAnimation(serial: serial, layer: layer, key: key, animation: animation))
        scheduleEnd(ofLayerAnimationAt: world.layerAnimations.count - 1)
    }

    /// Removes the animations on `layer` for `key` (nil: all of them); each stops unfinished.
    mutating func removeLayerAnimations(of layer: Int, key: String?) {
        let now = time
        world.layerAnimations.removeAll { attached in
            guard attached.layer == layer, key == nil || attached.key == key else { return false }
            if !attached.ended {
                layerAnimationStops.append(LayerAnimationStop(layer: layer, key: attached.key, serial: attached.serial, time: now, finished: false))
            }
            return true
        }
    }

    /// Sets the timing of `layer` from now on; the ends of the animations under it move.
    mutating func setLayerTiming(_ timing: MediaTiming, of layer: Int) {
        world.layerTimings[layer] = timing == .layer ? nil : timing
        for index in world.layerAnimations.indices where isWithin(world.layerAnimations[index].layer, layer) {
            scheduleEnd(ofLayerAnimationAt: index)
        }
    }

    /// Whether `layer` is `ancestor` or under it.
    private func isWithin(_ layer: Int, _ ancestor: Int) -> Bool {
        var node: Int? = layer
        while let index = node {
            if index == ancestor { return true }
            node = layers.nodes[index].parent
        }
        return false
    }

    /// Works out when the animation at `index` ends and puts it on the schedule.
    private mutating func scheduleEnd(ofLayerAnimationAt index: Int) {
        let attached = world.layerAnimations[index]
        guard !attached.ended else { return }
        let timing = attached.animation.timing
        var end: Double?
        if timing.activeDuration.isFinite, let line = world.layerClockLine(of: attached.layer, in: layers), line.slope != 0,
           let layerEnd = timing.parentTime(ofLocal: timing.activeDuration), timing.speed * line.slope > 0 {
            let sceneEnd = (layerEnd - line.intercept) / line.slope
            end = max(sceneEnd, time)
        }
        world.layerAnimations[index].endTime = end
        if let end { schedule.push(EndSchedule.Entry(time: end, kind: 3, index: attached.serial, descendant: 0)) }
    }

    /// The animation with `serial` still ends at `time`.
    func layerAnimationEnds(_ serial: Int, at time: Double) -> Bool {
        world.layerAnimations.contains { $0.serial == serial && !$0.ended && $0.endTime == time }
    }

    /// The animation with `serial` reaches its end now: it stops finished, and leaves its layer
    /// unless it is kept (`isRemovedOnCompletion = false`).
    mutating func completeLayerAnimation(_ serial: Int) {
        guard let index = world.layerAnimations.firstIndex(where: { $0.serial == serial }) else { return }
        let attached = world.layerAnimations[index]
        layerAnimationStops.append(LayerAnimationStop(layer: attached.layer, key: attached.key, serial: serial, time: time, finished: true))
        if attached.animation.isRemovedOnCompletion {
            world.layerAnimations.remove(at: index)
        } else {
            world.layerAnimations[index].ended = true
        }
    }

    /// Whether a layer animation is still to end at a time the schedule knows (one of a finite
    /// duration on a running clock).
    var hasLayerAnimationToEnd: Bool {
        world.layerAnimations.contains { !$0.ended && $0.endTime != nil }
    }

    /// Whether a layer animation will change what shows without end (an endless one on a running clock).
    var hasEndlessLayerAnimation: Bool {
        world.layerAnimations.contains { attached in
            guard !attached.ended, attached.endTime == nil else { return false }
            guard let line = world.layerClockLine(of: attached.layer, in: layers) else { return true }
            return line.slope * attached.animation.timing.speed != 0
        }
    }
}
