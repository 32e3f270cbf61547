import Synchronization
import ZoetropeCore

/// Where a Lottie layer's frames come from: its composition's frame at a root frame F. The
/// root composition's frame is F; a precomp's is its layer's time remap at its composition's
/// frame, else that frame less the layer's start (st), divided by its stretch (sr).
struct LottieClock {
    /// The composition's frame at root frame F.
    let frame: @Sendable (Double) -> Double
    /// frame(F) = (F − offset) / scale, when the map is linear (no time remap above).
    let linear: (offset: Double, scale: Double)?
    /// Inside one time remap on a linear clock: frame(F) = (remap(F) − offset) / scale, where
    /// remap(F) is the remapped precomp's frame (its `tm` keys, in seconds, times the frame rate).
    var remapped: Remapped?

    /// A time remap, read on the linear clock of the precomp layer that has it, and the start
    /// times and stretches of the precomps nested inside it since.
    struct Remapped {
        let keys: [LottieKey<[Double]>]
        /// The linear clock of the precomp layer that has the remap.
        let parentLinear: (offset: Double, scale: Double)
        let frameRate: Double
        var offset = 0.0, scale = 1.0

        var parent: LottieClock {
            let (offset, scale) = parentLinear
            return LottieClock(frame: { ($0 - offset) / scale }, linear: parentLinear)
        }

        /// The remapped precomp's frame at which a clock inside shows `frame`.
        func remappedFrame(of frame: Double) -> Double { offset + scale * frame }
    }

    static let root = LottieClock(frame: { $0 }, linear: (0, 1))

    /// How many root frames a time remap's clock keeps the frames of.
    static let rememberedFrames = 1 << 16

    /// A remapped clock's frames, by root frame, as they are worked out.
    private final class KnownFrames: Sendable {
        let frames = Mutex<[Double: Double]>([:])
    }

    /// The clock of the layers of a precomp layer that runs on this clock.
    func precomp(start: Double, stretch: Double, remap: LottieProperty<[Double]>?, frameRate: Double) -> LottieClock {
        let frame = self.frame
        if let remap {
            // Every layer and sampled property inside asks for the same root frames: each is
            // worked out once (a remap's value was most of reading a file whose precomp layers
            // are remapped, evaluated again for every layer and property inside).
            let known = KnownFrames()
            var clock = LottieClock(frame: { root in
                if let value = known.frames.withLock({ $0[root] }) { return value }
                let value = remap.value(at: frame(root)).first.map { $0 * frameRate } ?? 0
                known.frames.withLock { if $0.count < Self.rememberedFrames { $0[root] = value } }
                return value
            }, linear: nil)
            // Keys without loops, on a linear clock: tracks inside read it exactly (`TrackTime`).
            if let linear, case .keyed(let keys) = remap { clock.remapped = Remapped(keys: keys, parentLinear: linear, frameRate: frameRate) }
            return clock
        }
        var clock = LottieClock(frame: { (frame($0) - start) / stretch },
                                linear: linear.map { ($0.offset + $0.scale * start, $0.scale * stretch) })
        clock.remapped = remapped.map { outer in
            var inner = outer
            (inner.offset, inner.scale) = (outer.offset + outer.scale * start, outer.scale * stretch)
            return inner
        }
        return clock
    }

    /// The root frame at which this clock shows `frame` (linear clocks only).
    func rootFrame(of frame: Double) -> Double? { linear.map { $0.offset + $0.scale * frame } }
}

/// The keyframe tracks of an imported animation, on one animator that runs from the first
/// rendered frame (`ip`) over `span` frames: exact keys where the Lottie keys map onto Core
/// Animation's keyframes (one easing per segment, no motion-path tangents), else the values at
/// every rendered frame.
///
/// Values taken at every rendered frame are bounded: `sampleBudget` over the whole animation
/// (a path's value counts its segments, a gradient's its stops), and each sampled track may
/// change at no more than `SceneLimits.keyframes` frames. Past either, the animation is refused
/// (`refusal`) and nothing more is sampled. A layer's visibility is found by bisection where its
/// clock is linear, so showing a layer costs nothing per frame.
struct LottieTrackBook {
    let inPoint: Double
    let span: Double
    let frameCount: Int
    /// Tracks by layer id, in the order made.
    private(set) var tracks: [(layer: String, property: LayerProperty, component: Int?, track: KeyframeTrack)] = []
    /// The values kept from rendered frames so far, weighted as `sampleBudget` counts them.
    private(set) var samplesTaken = 0
    /// The values evaluated at rendered frames so far, weighted as `evaluationBudget` counts them.
    private(set) var evaluationsTaken = 0
    /// Why the animation is refused (a sampling limit passed), with the JSON path of the layer.
    private(set) var refusal: (path: String, message: String)?
    /// The JSON path of the layer being built, named by a refusal.
    var layerPath = ""
    /// The root frames at which the layer being built can show (its in and out points within
    /// its precomps'), where its clock is linear; nil: every frame. A value is never drawn
    /// outside them, so sampling takes values only there (a frame more each side) and holds
    /// them beyond: a layer shown for a tenth of a long animation costs a tenth.
    var window: ClosedRange<Double>?

    /// The most values an animation may take at its rendered frames, summed over every property
    /// kept (a path counts one per segment, a gradient one per stop): about 100 MB of values at
    /// worst, a few seconds of evaluation. The Lottie corpus's largest file takes two fifths of it
    /// (832,609); most take under 10,000 (docs/limits.md).
    static let sampleBudget = 2_000_000
    /// The most values an animation may evaluate at its rendered frames, weighted alike: what
    /// sampling may cost in time (a path of many segments made again at every frame), whatever
    /// is kept of it.
    static let evaluationBudget = 4_000_000

    init(inPoint: Double, span: Double, frameCount: Int) {
        self.inPoint = inPoint
        self.span = span
        self.frameCount = frameCount
    }

    /// How many root frames `sample` evaluates: the rendered frames, and the end of the animator
    /// when it is later.
    private var sampleCount: Int { Double(frameCount - 1) < span ? frameCount + 1 : frameCount }

    /// The root frame of sample `index`: a rendered frame's, or the animator's end after them.
    private func sampleFrame(_ index: Int) -> Double { index < frameCount ? inPoint + Double(index) : inPoint + span }

    private func keyTime(ofRootFrame frame: Double) -> Double { (frame - inPoint) / span }

    /// The samples `sample` takes: those within `window`, a frame more each side.
    private var sampled: ClosedRange<Int> {
        let last = max(sampleCount - 1, 0)
        guard let window else { return 0...last }
        let low = min(max(Int(saturating: (window.lowerBound - inPoint).rounded(.down)) - 1, 0), last)
        let high = min(max(Int(saturating: (window.upperBound - inPoint).rounded(.up)) + 1, 0), last)
        return low <= high ? low...high : low...low
    }

    /// Animates `layer.property` as `property` does on `clock`; returns the value at the first frame.
    mutating func animate<Value>(_ layer: String, _ target: LayerProperty, component: Int? = nil, _ property: LottieProperty<Value>,
                                 clock: LottieClock, _ convert: (Value) -> AnimatableValue) -> AnimatableValue {
        guard property.isAnimated else { return convert(property.value(at: clock.frame(inPoint))) }
        if case .keyed(let keys) = property {
            if let track = exactTrack(keys, clock: clock, spatial: target == .position && component == nil, convert) {
                record(layer, target, component, track)
                return track.values[0]
            }
            // Each dimension eased on its own (a scale whose x and y ease differently): a track
            // per component, each exact.
            if component == nil, target.componentNames.count == 2, case .vector = convert(keys[0].value) {
                let parts = (0..<2).compactMap { dimension in
                    exactTrack(keys, clock: clock, dimension: dimension) { value in convert(value).vector.map { .number(dimension == 0 ? $0.x : $0.y) } ?? .number(0) }
                }
                if parts.count == 2 {
                    for (dimension, track) in parts.enumerated() { record(layer, target, dimension, track) }
                    return convert(keys[0].value)
                }
            }
        }
        return sample(layer, target, component: component) { convert(property.value(at: clock.frame($0))) }
    }

    /// Animates `layer.property` through `value(rootFrame)` sampled at every rendered frame
    /// (nothing when it never changes); returns the value at the first frame. Past the budgets,
    /// or when the value changes at more than `SceneLimits.keyframes` frames, nothing more is
    /// sampled and the animation is refused.
    mutating func sample(_ layer: String, _ target: LayerProperty, component: Int? = nil,
                         _ value: (Double) -> AnimatableValue) -> AnimatableValue {
        sample(layer, target, component: component, key: value, cost: \.sampleWeight, value: { $0 })
    }

    /// Animates `layer.property` through the value of `key(rootFrame)` at every rendered frame,
    /// keys compared rather than values: a property that steps through a few values made once
    /// (a text's documents) is sampled as a number a frame. `cost` is what evaluating a key
    /// costs the evaluation budget; each value kept costs its size.
    mutating func sample<Key: Equatable>(_ layer: String, _ target: LayerProperty, component: Int? = nil,
                                         key: (Double) -> Key, cost: (Key) -> Int, value: (Key) -> AnimatableValue) -> AnimatableValue {
        // One evaluation a frame is counted before any is taken, each key's cost as it is
        // taken, and each value kept as it is kept.
        let range = sampled
        let firstKey = key(sampleFrame(range.lowerBound)), first = value(firstKey)
        guard spend(range.count, each: 1, sampling: target, from: .evaluated),
              spend(1, each: cost(firstKey) - 1, sampling: target, from: .evaluated),
              spend(1, each: first.sampleWeight, sampling: target, from: .kept) else { return first }
        var keptValues: [AnimatableValue] = [first], keptTimes: [Double] = [0]
        func keep(_ kept: Key, atRootFrame frame: Double) -> Bool {
            let kept = value(kept)
            keptValues.append(kept)
            keptTimes.append(min(max(keyTime(ofRootFrame: frame), 0), 1))
            return spend(1, each: kept.sampleWeight, sampling: target, from: .kept)
        }
        // Only the ends of runs of equal values are kept: straight lines between them show them.
        var previous = firstKey, previousKept = true, changed = false
        for index in range.dropFirst() {
            let frame = sampleFrame(index), next = key(frame)
            guard spend(1, each: cost(next) - 1, sampling: target, from: .evaluated) else { return first }
            if next != previous {
                if !previousKept {
                    guard keep(previous, atRootFrame: sampleFrame(index - 1)) else { return first }
                }
                changed = changed || next != firstKey
                guard keep(next, atRootFrame: frame) else { return first }
                previousKept = true
            } else if index == range.upperBound {
                guard keep(next, atRootFrame: frame) else { return first }
            } else {
                previousKept = false
            }
            previous = next
            guard keptValues.count <= SceneLimits.keyframes else {
                refuse("\(target.rawValue) changes at more than \(SceneLimits.keyframes) rendered frames, each a keyframe of its track")
                return first
            }
        }
        guard changed else { return first }
        keptTimes[keptTimes.count - 1] = 1
        if let track = try? KeyframeTrack(values: keptValues, keyTimes: keptTimes) { record(layer, target, component, track) }
        return first
    }

    /// Counts `count` values (a text document's outline, set once) against the budget; false,
    /// with the animation refused, when they do not fit.
    mutating func spendOnce(_ count: Int, on target: LayerProperty, what: String) -> Bool {
        spend(1, each: count, sampling: target, from: .kept, what: what)
    }

    /// Counts `weight` values evaluated at every rendered frame (and the animator's end) against
    /// the evaluation budget, before they are worked out; false, with the animation refused,
    /// when they do not fit. `what` says what the values are.
    mutating func spendEveryFrame(_ weight: Int, on target: LayerProperty, what: String) -> Bool {
        spend(sampleCount, each: weight, sampling: target, from: .evaluated, what: what)
    }

    /// Whether `holds` is true at any rendered frame (or the animator's end), counted against
    /// the budget as one value a frame.
    mutating func anySample(of target: LayerProperty, where holds: (Double) -> Bool) -> Bool {
        guard spend(sampleCount, each: 1, sampling: target, from: .evaluated) else { return false }
        return (0..<sampleCount).contains { holds(sampleFrame($0)) }
    }

    /// Shows the layer only while its composition's frame (`clock`) is within
    /// `inPoint ... outPoint`, both included, as lottie-ios shows a layer at its own out-point.
    /// On a linear clock the layer shows and hides at the exact instants (any instant can be
    /// drawn), and inside a time remap of keys at the instants the remap reaches its in and out
    /// points; inside a remap with loops, it is looked at on every rendered frame within the budget.
    mutating func visibility(_ layer: String, from inPoint: Double, to outPoint: Double, clock: LottieClock) -> Bool {
        if let first = clock.rootFrame(of: inPoint), let last = clock.rootFrame(of: outPoint) {
            return exactVisibility(layer, from: keyTime(ofRootFrame: min(first, last)), to: keyTime(ofRootFrame: max(first, last)), nudge: Self.nudge / span)
        }
        if clock.remapped != nil, inPoint.isFinite, outPoint.isFinite, let placement = placement(of: clock, spanning: [inPoint, outPoint]),
           let first = placement.keyTime(min(inPoint, outPoint)), let last = placement.keyTime(max(inPoint, outPoint)),
           let step = placement.keyTime(min(inPoint, outPoint) + 1).map({ abs($0 - first) }) {
            return exactVisibility(layer, from: first, to: last, nudge: Self.nudge * step, time: placement.time)
        }
        let frame = clock.frame
        func shown(_ index: Int) -> Bool {
            let f = frame(sampleFrame(index))
            return f >= inPoint && f <= outPoint
        }
        // Within the frames its precomps show (beyond them it is hidden with them).
        let range = sampled
        guard spend(range.count, each: 1, sampling: .hidden, from: .evaluated,
                    what: "its in and out points are looked at on every rendered frame, inside a time remap (\(frameCount) frames)") else { return false }
        // The samples at which the layer starts or stops showing, in order.
        var changes: [Int] = []
        var previous = shown(range.lowerBound)
        for index in range.dropFirst() {
            let now = shown(index)
            if now != previous { changes.append(index) }
            previous = now
            guard changes.count < SceneLimits.keyframes else {
                refuse("the layer shows and hides at more than \(SceneLimits.keyframes) rendered frames (a time remap that swings across its in and out points)")
                return false
            }
        }
        let initiallyShown = shown(range.lowerBound)
        guard !changes.isEmpty else { return !initiallyShown }
        var values: [AnimatableValue] = [.flag(!initiallyShown)], times: [Double] = [0]
        var now = initiallyShown
        for index in changes {
            now.toggle()
            values.append(.flag(!now))
            times.append(max(0, keyTime(ofRootFrame: sampleFrame(index)) - Self.nudge / span))
        }
        if let track = try? KeyframeTrack(values: values, keyTimes: times, calculationMode: .discrete) {
            record(layer, .hidden, nil, track)
        }
        return !initiallyShown
    }

    /// Shows the layer from key time `first` to `last` of a track read along `time`, both
    /// included (`nudge`, a hundred-millionth of a frame, wider each way, so a whole frame on either
    /// shows it whichever way the division rounds); returns whether it is hidden at the first frame.
    private mutating func exactVisibility(_ layer: String, from first: Double, to last: Double, nudge: Double, time: TrackTime? = nil) -> Bool {
        let show = first - nudge, hide = last + nudge
        guard show <= 1, hide >= 0, show <= hide else { return true }
        var values: [AnimatableValue] = [], times: [Double] = []
        if show > 0 {
            values = [.flag(true), .flag(false)]
            times = [0, show]
        } else {
            values = [.flag(false)]
            times = [0]
        }
        if hide < 1 {
            values.append(.flag(true))
            times.append(hide)
        }
        guard values.count > 1, let track = try? KeyframeTrack(values: values, keyTimes: times, calculationMode: .discrete, time: time) else {
            return show > 0
        }
        record(layer, .hidden, nil, track)
        // Read along a remap, the first frame is where the remap starts.
        return track.value(at: 0) == .flag(true)
    }

    /// The two budgets of values taken at rendered frames.
    private enum Budget {
        /// Values evaluated: `evaluationBudget`.
        case evaluated
        /// Values kept in tracks (and text outlines set): `sampleBudget`.
        case kept
    }

    /// Counts `count` values of weight `each` against `budget`; false (with the refusal set)
    /// when they do not fit or a refusal was made before. `what` says what the values are.
    private mutating func spend(_ count: Int, each weight: Int, sampling target: LayerProperty, from budget: Budget,
                                what: String? = nil) -> Bool {
        guard refusal == nil else { return false }
        let cost = Int.saturatingProduct(count, max(weight, 0))
        let (taken, limit) = budget == .kept ? (samplesTaken, Self.sampleBudget) : (evaluationsTaken, Self.evaluationBudget)
        guard cost <= limit - taken else {
            let found = taken + min(cost, Int.max - taken)
            let values = budget == .kept ? "the values the animation keeps to draw its frames" : "the values it takes at its frames"
            refuse((what ?? "\(target.rawValue) is drawn from its value at every rendered frame (\(frameCount) frames)")
                   + ", and \(values) may number at most \(limit), a path counting its segments (found at least \(found))")
            return false
        }
        if budget == .kept { samplesTaken += cost } else { evaluationsTaken += cost }
        return true
    }

    private mutating func refuse(_ message: String) {
        if refusal == nil { refusal = (layerPath, message) }
    }

    /// How far before its frame a jump is placed (a hundred-millionth of a frame), so the rendered
    /// frame at that time shows the new value whichever way the division rounds: far more than
    /// a division's error (about 1e-16 of the time), far less than the instants lottie-ios's
    /// tests draw just before a frame (9.9999999 shows frame 9, not 10).
    private static let nudge = 1e-8

    /// Drops the tracks of `layer.property` recorded so far (a property made again).
    mutating func forget(_ layer: String, _ property: LayerProperty) {
        tracks.removeAll { $0.layer == layer && $0.property == property }
    }

    private mutating func record(_ layer: String, _ property: LayerProperty, _ component: Int?, _ track: KeyframeTrack) {
        tracks.append((layer, property, component, track))
    }

    /// The Lottie keys as one Core Animation track, or nil when they do not map exactly; with a
    /// `dimension`, that dimension's easing alone (the track of one component).
    /// `spatial`: the value is a point drawn as it is (a position), so motion-path tangents
    /// curve its segments.
    private func exactTrack<Value>(_ keys: [LottieKey<Value>], clock: LottieClock, dimension: Int? = nil, spatial: Bool = false,
                                   _ convert: (Value) -> AnimatableValue) -> KeyframeTrack? {
        guard let first = keys.first, keys.count <= SceneLimits.keyframes / 3,
              let placement = placement(of: clock, spanning: keys.map(\.time)) else { return nil }
        var values: [AnimatableValue] = [], times: [Double] = [], timings: [CubicTimingParameters] = []
        var tangents: [SpatialTangents?] = []
        func add(_ value: AnimatableValue, at time: Double, timing: CubicTimingParameters?, curve: SpatialTangents? = nil) {
            if let timing {
                timings.append(timing)
                tangents.append(curve)
            }
            values.append(value)
            times.append(time)
        }
        guard let firstTime = placement.keyTime(first.time), firstTime >= 0 else { return nil }
        add(convert(first.value), at: 0, timing: nil)
        if firstTime > 0 { add(convert(first.value), at: firstTime, timing: .linear) }
        for (key, next) in zip(keys, keys.dropFirst()) {
            guard let time = placement.keyTime(next.time), time <= 1, time >= times[times.count - 1] else { return nil }
            if key.hold {
                add(convert(key.value), at: max(times[times.count - 1], time - Self.nudge / span), timing: .linear)
                add(convert(next.value), at: time, timing: .linear)
                continue
            }
            // One easing for every dimension (or the one dimension asked for).
            func eased(_ values: [Double]) -> Set<Double> { Set(dimension.map { values[safe: $0].map { [$0] } ?? [] } ?? values) }
            let xs = eased(key.easeOut.x), ys = eased(key.easeOut.y), xi = eased(key.easeIn.x), yi = eased(key.easeIn.y)
            guard xs.count <= 1, ys.count <= 1, xi.count <= 1, yi.count <= 1 else { return nil }
            // Motion-path tangents curve a position (read as LottieProperty reads them).
            var curve: SpatialTangents?
            if let out = key.tangentOut, let into = key.tangentIn, out.count >= 2, into.count >= 2,
               out.contains(where: { $0 != 0 }) || into.contains(where: { $0 != 0 }) {
                guard spatial else { return nil }
                curve = SpatialTangents(out: Vector2(out[0], out[1]), into: Vector2(into[0], into[1]))
            }
            let timing: CubicTimingParameters
            if let x1 = xs.first, let y1 = ys.first, let x2 = xi.first, let y2 = yi.first {
                guard let curve = LottieEasing.curve(x1, y1, x2, y2) else { return nil }
                timing = curve
            } else {
                timing = .linear
            }
            // The old format's end value (`e`), then a jump to the next key's at its time.
            let target = convert(key.end ?? next.value), following = convert(next.value)
            add(target, at: time, timing: timing, curve: curve)
            if following != target { add(following, at: time, timing: .linear) }
        }
        if times[times.count - 1] < 1 { add(values[values.count - 1], at: 1, timing: .linear) }
        return try? KeyframeTrack(values: values, keyTimes: times, timingFunctions: timings,
                                  tangents: tangents.contains { $0 != nil } ? tangents : [], time: placement.time)
    }

    /// Where frames of `clock` fall on a track: the track's keyframe time of a frame, and where
    /// the track is read at each of the animator's times. On a linear clock, the root frame's
    /// key time, read as it is. Inside a time remap, the remapped precomp's frames over the
    /// span of `frames` and of the remap's values, read along the remap (its own keys, exact);
    /// nil when the remap's keys do not map exactly or nothing spans.
    private func placement(of clock: LottieClock, spanning frames: [Double]) -> (keyTime: (Double) -> Double?, time: TrackTime?)? {
        if clock.linear != nil {
            return ({ frame in clock.rootFrame(of: frame).map(keyTime(ofRootFrame:)) }, nil)
        }
        guard let remapped = clock.remapped else { return nil }
        let remapFrames = remapped.keys.flatMap { [$0.value] + ($0.end.map { [$0] } ?? []) }.compactMap(\.first).map { $0 * remapped.frameRate }
        let spanned = frames.map(remapped.remappedFrame(of:)) + remapFrames
        guard let low = spanned.min(), let high = spanned.max(), high > low, (high - low).isFinite else { return nil }
        let width = high - low
        guard let map = exactTrack(remapped.keys, clock: remapped.parent, { .number((($0.first ?? 0) * remapped.frameRate - low) / width) }),
              case let times = map.values.compactMap(\.number), times.count == map.values.count,
              let time = try? TrackTime(times: times.map { min(max($0, 0), 1) }, keyTimes: map.keyTimes, timingFunctions: map.timingFunctions)
        else { return nil }
        return ({ frame in (remapped.remappedFrame(of: frame) - low) / width }, time)
    }
}

extension AnimatableValue {
    /// What one value costs the sampling budget: a path one per segment, a gradient one per
    /// stop, a string one per byte, anything else one.
    fileprivate var sampleWeight: Int {
        switch self {
        case .path(let path): max(path.segments.count, 1)
        case .gradient(let gradient): max(gradient.stops.count, 1)
        case .text(let text): max(text.utf8.count, 1)
        default: 1
        }
    }
}
