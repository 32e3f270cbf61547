/// An emitter layer's `emitter.` values over the scene's time, as its particles read them when
/// they are born, and the integral of its birth rate: what makes particles pure time when the
/// script or an animation changes the emitter.
///
/// The values are a step function: `samples[k]` holds from `times[k]` until `times[k + 1]`
/// (the last for ever). `SceneEvaluation` records one sample at each step of the script that
/// changes the emitter, and, while an animation or a layer animation drives one of its
/// `emitter.` properties (or `hidden`), one every `EmissionHistory.step(horizon:)` (1/240 s
/// for scenes up to 4.5 minutes long), so a tweened birth rate is integrated to within that
/// step. The births by time t are ∫₀ᵗ birthRate: a change of the birth rate changes only
/// later births, and `emitter.birthRate = 0` stops births while the particles alive live
/// on, as on a `CAEmitterLayer`. A hidden emitter emits nothing (a layer added to a film
/// later is hidden until then, so it starts emitting when it shows).
///
/// Rejected: reading every `emitter.` value at the instant drawn (no history). A birth rate
/// set to 0 would then take every live particle with it, and one raised would fill the sky
/// at once; moving the emitter would drag its particles along.
public struct EmissionHistory: Hashable, Sendable {
    /// The `emitter.` values a particle reads at birth.
    public struct Sample: Hashable, Sendable {
        public var position: Vector2
        public var size: Vector2
        /// `emitter.birthRate` (≥ 0), 0 while the layer is hidden.
        public var birthRate: Double
        public var lifetime: Double
        public var velocity: Double
        public var scale: Double
        public var spin: Double

        /// The sample of a layer's (presentation) values.
        public init(_ values: LayerValues) {
            position = values.emitterPosition
            size = values.emitterSize
            birthRate = values.hidden || !values.emitterBirthRate.isFinite ? 0 : max(values.emitterBirthRate, 0)
            lifetime = values.emitterLifetime.isFinite ? max(values.emitterLifetime, 0) : 0
            velocity = values.emitterVelocity
            scale = values.emitterScale
            spin = values.emitterSpin
        }
    }

    /// When each sample starts to hold, increasing from 0.
    public private(set) var times: [Double]
    /// What holds from `times[k]` on.
    public private(set) var samples: [Sample]
    /// The births before `times[k]`: ∫₀^times[k] birthRate.
    private var integrals: [Double]
    /// The largest `lifetime` multiplier of any sample: how far back a frame looks for particles.
    public private(set) var largestLifetime: Double

    /// An emitter whose values never change from `first` (what a presentation tree drawn without
    /// its scene's history shows).
    public init(_ first: Sample) {
        times = [0]
        samples = [first]
        integrals = [0]
        largestLifetime = first.lifetime
    }

    /// The properties a sample reads.
    static let properties: [LayerProperty] = [.emitterPosition, .emitterSize, .emitterBirthRate, .emitterLifetime,
                                              .emitterVelocity, .emitterScale, .emitterSpin, .hidden]

    /// The spacing of samples while an animation drives the emitter: 1/240 s, or a 65,536th of
    /// the evaluated span when that is longer (an endless animation over a day's scene).
    public static func step(horizon: Double) -> Double { max(1.0 / 240, horizon / 65_536) }

    /// `sample` from `time` on (not before the last sample's time: one at the same time
    /// replaces it; one equal to the last is not kept).
    public mutating func append(_ sample: Sample, at time: Double) {
        guard let lastTime = times.last, time >= lastTime else { return }
        if time == lastTime {
            samples[samples.count - 1] = sample
        } else {
            guard sample != samples[samples.count - 1] else { return }
            integrals.append(births(at: time))
            times.append(time)
            samples.append(sample)
        }
        largestLifetime = max(largestLifetime, sample.lifetime)
    }

    /// The index of the sample in force at `time` (the first before 0).
    public func segment(at time: Double) -> Int {
        var low = 0, high = times.count - 1
        while low < high {
            let mid = (low + high + 1) / 2
            if times[mid] <= time { low = mid } else { high = mid - 1 }
        }
        return low
    }

    /// The births from time 0 to `time`: ∫₀ᵗ birthRate; before 0 (an emitter's `prewarm`),
    /// negative, as if the first sample had always held.
    public func births(at time: Double) -> Double {
        guard time > 0 else { return samples[0].birthRate * time }
        let k = segment(at: time)
        return integrals[k] + samples[k].birthRate * (time - times[k])
    }

    /// The sample in force when the births first exceed `count`, found by a binary search.
    func segment(whereBirthsExceed count: Double) -> Int {
        var low = 0, high = integrals.count - 1
        while low < high {
            let mid = (low + high + 1) / 2
            if integrals[mid] <= count { low = mid } else { high = mid - 1 }
        }
        return low
    }

    /// The instant the births first exceed `count`, and (in `segment`, a hint at or before it on
    /// entry) the sample then; nil when they never do (the rate is 0 from then on).
    func instant(birthsExceed count: Double, segment k: inout Int) -> Double? {
        while k + 1 < integrals.count, integrals[k + 1] <= count { k += 1 }
        let rate = samples[k].birthRate
        guard rate > 0 else { return nil }
        // Before the first sample's time (a prewarm), the first rate held: the count is negative.
        return times[k] + (k == 0 ? count - integrals[k] : max(count - integrals[k], 0)) / rate
    }
}
