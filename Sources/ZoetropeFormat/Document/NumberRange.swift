import ZoetropeCore

/// The range a number of a scene must lie in, as the reader checks it and the schema states it,
/// from `SceneLimits`: `within 0...100000`, or `within 0 < duration <= 86400` when the minimum
/// itself is not allowed.
struct NumberRange: Sendable {
    var minimum: Double
    var maximum: Double
    /// True when `minimum` itself is out of range.
    var exclusiveMinimum = false
    /// What the number is, for an exclusive range's message (`0 < duration <= 86400`).
    var name = "x"

    func contains(_ value: Double) -> Bool {
        (exclusiveMinimum ? value > minimum : value >= minimum) && value <= maximum
    }

    /// `within 0...100000`, `within 0 < size <= 10000`.
    var description: String {
        let low = DocumentReader.format(minimum), high = DocumentReader.format(maximum)
        return exclusiveMinimum ? "within \(low) < \(name) <= \(high)" : "within \(low)...\(high)"
    }

    /// −coordinate...coordinate: a position, translation, path point or shadow offset, in points.
    static let coordinate = NumberRange(minimum: -SceneLimits.coordinate, maximum: SceneLimits.coordinate)
    /// −1...1: a perspective's m34 (−1 / d), an eye at least a point from the plane.
    static let perspective = NumberRange(minimum: -1, maximum: 1)
    /// 0...coordinate: a width or height.
    static let extent = NumberRange(minimum: 0, maximum: SceneLimits.coordinate)
    /// −contentsRect...contentsRect: a `contentsRect`'s origin, in images.
    static let contentsOrigin = NumberRange(minimum: -SceneLimits.contentsRect, maximum: SceneLimits.contentsRect)
    /// 0...contentsRect: a `contentsRect`'s width and height, in images.
    static let contentsSize = NumberRange(minimum: 0, maximum: SceneLimits.contentsRect)
    /// 0...instances: a replicator's count.
    static let instances = NumberRange(minimum: 0, maximum: Double(SceneLimits.instances), name: "count")
    /// 0...effectRadius: a blur, backdrop blur or shadow radius.
    static let effectRadius = NumberRange(minimum: 0, maximum: SceneLimits.effectRadius)
    /// 0...strokeWidth.
    static let strokeWidth = NumberRange(minimum: 0, maximum: SceneLimits.strokeWidth)
    /// 1...miterLimit: a mitre reaches at least one half width (a bevel's).
    static let miterLimit = NumberRange(minimum: 1, maximum: SceneLimits.miterLimit)
    /// 0 < scale <= rasterizationScale.
    static let rasterizationScale = NumberRange(minimum: 0, maximum: SceneLimits.rasterizationScale, exclusiveMinimum: true, name: "scale")
    /// 0 < size <= fontSize.
    static let fontSize = NumberRange(minimum: 0, maximum: SceneLimits.fontSize, exclusiveMinimum: true, name: "size")
    /// 0...items: a paragraph's most lines (0: as many as it needs).
    static let lineCount = NumberRange(minimum: 0, maximum: Double(SceneLimits.items), name: "lines")
    /// 0 < multiple <= 100: a line height, in the font's own.
    static let lineHeight = NumberRange(minimum: 0, maximum: 100, exclusiveMinimum: true, name: "multiple")
    /// −fontSize...fontSize: letter or line spacing, in points.
    static let textSpacing = NumberRange(minimum: -SceneLimits.fontSize, maximum: SceneLimits.fontSize)
    /// 0 < duration <= one day, in seconds.
    static let duration = NumberRange(minimum: 0, maximum: SceneLimits.duration, exclusiveMinimum: true, name: "duration")
    /// 0...86400 s: a render's duration (0 is one frame, a still: a Lottie file one frame long).
    static let renderDuration = NumberRange(minimum: 0, maximum: SceneLimits.duration, name: "duration")
    /// 0...one day: a time or delay, in seconds.
    static let time = NumberRange(minimum: 0, maximum: SceneLimits.duration)
    /// 0 < fps <= framesPerSecond.
    static let framesPerSecond = NumberRange(minimum: 0, maximum: SceneLimits.framesPerSecond, exclusiveMinimum: true, name: "fps")
    /// 1 <= side <= canvasSide, in points (as the schema says).
    static let canvasSide = NumberRange(minimum: 1, maximum: SceneLimits.canvasSide, name: "side")
    /// −velocity...velocity: a spring's initial velocity, in distances per second.
    static let velocity = NumberRange(minimum: -SceneLimits.velocity, maximum: SceneLimits.velocity)
    /// −one day...one day: a layer's or an animation's beginTime or timeOffset, in its parent's
    /// (or its own) seconds.
    static let layerTime = NumberRange(minimum: -SceneLimits.duration, maximum: SceneLimits.duration)
    /// −1000...1000: how fast a layer's or an animation's time runs (0 freezes it, negative runs back).
    static let speed = NumberRange(minimum: -1000, maximum: 1000)
    /// 0...emitterMultiplier: an emitter's birth rate or lifetime multiplier.
    static let emitterRate = NumberRange(minimum: 0, maximum: SceneLimits.emitterMultiplier)
    /// −emitterMultiplier...emitterMultiplier: an emitter's velocity, scale or spin multiplier.
    static let emitterFactor = NumberRange(minimum: -SceneLimits.emitterMultiplier, maximum: SceneLimits.emitterMultiplier)
    /// 0...particleBirthRate: a cell's particles per second.
    static let particleBirthRate = NumberRange(minimum: 0, maximum: SceneLimits.particleBirthRate)
    /// −particleScale...particleScale: a cell's scale, its range and speed.
    static let particleScale = NumberRange(minimum: -SceneLimits.particleScale, maximum: SceneLimits.particleScale)
    /// −1...1: how far a colour component of a particle may vary.
    static let colorRange = NumberRange(minimum: -1, maximum: 1)
    /// 0...2³² − 1: an emitter's seed (a whole number).
    static let seed = NumberRange(minimum: 0, maximum: Double(UInt32.max))
    /// 0...1e6 passes (or `infinity`).
    static let repeatCount = NumberRange(minimum: 0, maximum: 1e6)
    /// 0...1e6: a spring's mass, stiffness or damping.
    static let springParameter = NumberRange(minimum: 0, maximum: 1e6)
}

extension LayerProperty {
    /// The range of the property's numbers (each component's, for a pair) in a scene, where
    /// SceneLimits bounds it; nil for the others (any finite number, or a range of their own
    /// such as opacity's 0...1).
    var range: NumberRange? {
        switch self {
        case .position, .translation, .shadowOffset, .replicatorTranslation, .translationZ, .anchorZ, .strokeDashPhase: .coordinate
        case .perspective, .sublayerPerspective: .perspective
        case .replicatorCount: .instances
        case .size, .emitterSize: .extent
        case .emitterPosition: .coordinate
        case .emitterBirthRate, .emitterLifetime: .emitterRate
        case .emitterVelocity, .emitterScale, .emitterSpin: .emitterFactor
        case .shadowRadius, .blur, .backdropBlur: .effectRadius
        case .strokeWidth: .strokeWidth
        case .fontSize: .fontSize
        case .contentsOrigin: .contentsOrigin
        case .contentsSize: .contentsSize
        default: nil
        }
    }
}
