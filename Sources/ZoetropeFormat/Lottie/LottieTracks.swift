import ZoetropeCore

/// Where a Lottie layer's frames come from: its composition's frame at a root frame F. The
/// root composition's frame is F; a precomp's is its layer's time remap at its composition's
/// frame, else that frame less the layer's start (st), divided by its stretch (sr).
struct LottieClock {
    /// The composition's frame at root frame F.
    let frame: @Sendable (Double) -> Double
    /// frame(F) = (F − offset) / scale, when the map is linear (no time remap above).
    let linear: (offset: Double, scale: Double)?

    static let root = LottieClock(frame: { $0 }, linear: (0, 1))

    /// The clock of the layers of a precomp layer that runs on this clock.
    func precomp(start: Double, stretch: Double, remap: LottieProperty<[Double]>?, frameRate: Double) -> LottieClock {
        let frame = self.frame
        if let remap {
            return LottieClock(frame: { remap.value(at: frame($0)).first.map { $0 * frameRate } ?? 0 }, linear: nil)
        }
        return LottieClock(frame: { (frame($0) - start) / stretch },
                           linear: linear.map { ($0.offset + $0.scale * start, $0.scale * stretch) })
    }

    /// The root frame at which this clock shows `frame` (linear clocks only).
    func rootFrame(of frame: Double) -> Double? { linear.map { $0.offset + $0.scale * frame } }
}

/// The keyframe tracks of an imported animation, on one animator that runs from the first
/// rendered frame (`ip`) over `span` frames: exact keys where the Lottie keys map onto Core
/// Animation's keyframes (one easing per segment, no motion-path tangents), else the values at
/// every rendered frame.
struct LottieTrackBook {
    let inPoint: Double
    let span: Double
    let frameCount: Int
    /// Tracks by layer id, in the order made.
    private(set) var tracks: [(layer: String, property: LayerProperty, component: Int?, track: KeyframeTrack)] = []

    init(inPoint: Double, span: Double, frameCount: Int) {
        self.inPoint = inPoint
        self.span = span
        self.frameCount = frameCount
    }

    /// The root frames of the rendered frames, and the end of the animator when it is later.
    var sampleFrames: [Double] {
        var frames = (0..<frameCount).map { inPoint + Double($0) }
        if Double(frameCount - 1) < span { frames.append(inPoint + span) }
        return frames
    }

    private func keyTime(ofRootFrame frame: Double) -> Double { (frame - inPoint) / span }

    /// Animates `layer.property` as `property` does on `clock`; returns the value at the first frame.
    mutating func animate<Value>(_ layer: String, _ target: LayerProperty, component: Int? = nil, _ property: LottieProperty<Value>,
                                 clock: LottieClock, _ convert: (Value) -> AnimatableValue) -> AnimatableValue {
        guard property.isAnimated else { return convert(property.value(at: clock.frame(inPoint))) }
        if case .keyed(let keys) = property, let track = exactTrack(keys, clock: clock, convert) {
            record(layer, target, component, track)
            return track.values[0]
        }
        return sample(layer, target, component: component) { convert(property.value(at: clock.frame($0))) }
    }

    /// Animates `layer.property` through `value(rootFrame)` sampled at every rendered frame
    /// (nothing when it never changes); returns the value at the first frame.
    mutating func sample(_ layer: String, _ target: LayerProperty, component: Int? = nil,
                         _ value: (Double) -> AnimatableValue) -> AnimatableValue {
        let frames = sampleFrames
        let values = frames.map(value)
        guard values.contains(where: { $0 != values[0] }) else { return values[0] }
        // Drop the middle of runs of equal values: straight lines between the ends show them.
        var keptValues: [AnimatableValue] = [], keptTimes: [Double] = []
        for index in values.indices {
            let repeated = index > 0 && index < values.count - 1 && values[index - 1] == values[index] && values[index + 1] == values[index]
            if !repeated {
                keptValues.append(values[index])
                keptTimes.append(min(max(keyTime(ofRootFrame: frames[index]), 0), 1))
            }
        }
        keptTimes[keptTimes.count - 1] = 1
        if let track = try? KeyframeTrack(values: keptValues, keyTimes: keptTimes) { record(layer, target, component, track) }
        return values[0]
    }

    /// Shows the layer only on the root frames where `visible` holds.
    mutating func visibility(_ layer: String, _ visible: (Double) -> Bool) -> Bool {
        let frames = (0..<frameCount).map { inPoint + Double($0) }
        let shown = frames.map(visible)
        guard shown.contains(where: { $0 != shown[0] }) else { return !shown[0] }
        var values: [AnimatableValue] = [], times: [Double] = []
        for index in shown.indices where index == 0 || shown[index] != shown[index - 1] {
            values.append(.flag(!shown[index]))
            times.append(index == 0 ? 0 : max(0, keyTime(ofRootFrame: frames[index]) - Self.nudge / span))
        }
        if let track = try? KeyframeTrack(values: values, keyTimes: times, calculationMode: .discrete) {
            record(layer, .hidden, nil, track)
        }
        return !shown[0]
    }

    /// How far before its frame a jump is placed (a millionth of a frame), so the rendered frame
    /// at that time shows the new value whichever way the division rounds.
    private static let nudge = 1e-6

    /// Drops the tracks of `layer.property` recorded so far (a property made again).
    mutating func forget(_ layer: String, _ property: LayerProperty) {
        tracks.removeAll { $0.layer == layer && $0.property == property }
    }

    private mutating func record(_ layer: String, _ property: LayerProperty, _ component: Int?, _ track: KeyframeTrack) {
        tracks.append((layer, property, component, track))
    }

    /// The Lottie keys as one Core Animation track, or nil when they do not map exactly.
    private func exactTrack<Value>(_ keys: [LottieKey<Value>], clock: LottieClock, _ convert: (Value) -> AnimatableValue) -> KeyframeTrack? {
        guard clock.linear != nil, let first = keys.first, keys.count <= SceneLimits.keyframes / 3 else { return nil }
        var values: [AnimatableValue] = [], times: [Double] = [], timings: [CubicTimingParameters] = []
        func add(_ value: AnimatableValue, at time: Double, timing: CubicTimingParameters?) {
            if let timing { timings.append(timing) }
            values.append(value)
            times.append(time)
        }
        guard let firstFrame = clock.rootFrame(of: first.time) else { return nil }
        let firstTime = keyTime(ofRootFrame: firstFrame)
        guard firstTime >= 0 else { return nil }
        add(convert(first.value), at: 0, timing: nil)
        if firstTime > 0 { add(convert(first.value), at: firstTime, timing: .linear) }
        for (key, next) in zip(keys, keys.dropFirst()) {
            guard let frame = clock.rootFrame(of: next.time) else { return nil }
            let time = keyTime(ofRootFrame: frame)
            guard time <= 1, time >= times[times.count - 1] else { return nil }
            if key.hold {
                add(convert(key.value), at: max(times[times.count - 1], time - Self.nudge / span), timing: .linear)
                add(convert(next.value), at: time, timing: .linear)
                continue
            }
            // One easing for every dimension, no motion-path tangents, no jump at the next key.
            let xs = Set(key.easeOut.x), ys = Set(key.easeOut.y), xi = Set(key.easeIn.x), yi = Set(key.easeIn.y)
            guard xs.count <= 1, ys.count <= 1, xi.count <= 1, yi.count <= 1 else { return nil }
            if let out = key.tangentOut, out.contains(where: { $0 != 0 }) { return nil }
            if let into = key.tangentIn, into.contains(where: { $0 != 0 }) { return nil }
            if key.end != nil { return nil }
            let timing: CubicTimingParameters
            if let x1 = xs.first, let y1 = ys.first, let x2 = xi.first, let y2 = yi.first {
                guard let curve = LottieEasing.curve(x1, y1, x2, y2) else { return nil }
                timing = curve
            } else {
                timing = .linear
            }
            add(convert(next.value), at: time, timing: timing)
        }
        if times[times.count - 1] < 1 { add(values[values.count - 1], at: 1, timing: .linear) }
        return try? KeyframeTrack(values: values, keyTimes: times, timingFunctions: timings)
    }
}
