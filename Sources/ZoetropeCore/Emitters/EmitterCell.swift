/// Mirrors `CAEmitterCell`: one kind of particle an `Emitter` gives off, with its rate, life,
/// motion and look. Every `…Range` widens its value to value ± range, uniformly, for each
/// particle (Core Animation's "plus or minus"); every `…Speed` is a change per second of the
/// particle's life. Angles are radians, on screen (y down: a longitude of π/2 points down).
///
/// A particle's image is `contents` at its size in points (one pixel a point), scaled by
/// `scale`, turned by its spin, its colour components multiplied by `color`'s (a white image
/// takes the colour) and drawn at that alpha, centred on the particle.
public struct EmitterCell: Hashable, Sendable {
    /// Mirrors `name`: how messages and key paths call the cell (may be empty).
    public var name: String
    /// Mirrors `isEnabled`: a disabled cell emits nothing.
    public var isEnabled: Bool
    /// Mirrors `contents`: a PNG, JPEG or WebP path (absolute once the scene is loaded) or a
    /// data URL, as an image layer's `image`; empty draws nothing, as a cell without contents.
    public var contents: String
    /// Particles born per second (times `emitter.birthRate`).
    public var birthRate: Double
    /// Seconds a particle lives (times `emitter.lifetime`), ± `lifetimeRange`.
    public var lifetime: Double
    public var lifetimeRange: Double
    /// Points per second at birth (times `emitter.velocity`), ± `velocityRange`.
    public var velocity: Double
    public var velocityRange: Double
    /// The direction of emission in the plane of the screen, from the x axis (`emissionLongitude`).
    public var emissionLongitude: Double
    /// The tilt out of the plane (`emissionLatitude`): the speed on screen is cos(latitude) of
    /// the particle's speed, since particles are flat.
    public var emissionLatitude: Double
    /// The angle of the cone particles leave in, centred on the longitude: directions lie
    /// within longitude ± range / 2 (so 2π is every direction, as Apple's example has it).
    public var emissionRange: Double
    /// Points per second², added to the velocity over the particle's life.
    public var xAcceleration: Double
    public var yAcceleration: Double
    /// Radians per second the particle turns (times `emitter.spin`), ± `spinRange`; it is born unturned.
    public var spin: Double
    public var spinRange: Double
    /// The image's scale at birth (times `emitter.scale`), ± `scaleRange`, changing by
    /// `scaleSpeed` a second; never below 0.
    public var scale: Double
    public var scaleRange: Double
    public var scaleSpeed: Double
    /// The colour the image is multiplied by at birth (straight alpha); each component ± its
    /// range, changing by its speed a second, kept within 0…1.
    public var color: Color
    public var redRange: Double
    public var greenRange: Double
    public var blueRange: Double
    public var alphaRange: Double
    public var redSpeed: Double
    public var greenSpeed: Double
    public var blueSpeed: Double
    public var alphaSpeed: Double
    /// The cell's own time (its `CAMediaTiming`), in the emitter's seconds: it emits from
    /// `beginTime` for `duration` seconds (0: for ever). Particles born by then live on.
    public var beginTime: Double
    public var duration: Double

    /// A cell as `CAEmitterCell()` is made: it emits nothing (birth rate 0) until told, its
    /// particles white, at scale 1.
    public init(name: String = "", contents: String = "") {
        self.name = name
        self.contents = contents
        isEnabled = true
        birthRate = 0
        lifetime = 0
        lifetimeRange = 0
        velocity = 0
        velocityRange = 0
        emissionLongitude = 0
        emissionLatitude = 0
        emissionRange = 0
        xAcceleration = 0
        yAcceleration = 0
        spin = 0
        spinRange = 0
        scale = 1
        scaleRange = 0
        scaleSpeed = 0
        color = .white
        redRange = 0
        greenRange = 0
        blueRange = 0
        alphaRange = 0
        redSpeed = 0
        greenSpeed = 0
        blueSpeed = 0
        alphaSpeed = 0
        beginTime = 0
        duration = 0
    }

    /// The longest a particle of the cell lives at an `emitter.lifetime` of 1.
    public var longestLifetime: Double { max(lifetime + abs(lifetimeRange), 0) }

    /// When the cell stops emitting, in the emitter's seconds (infinity when its duration is 0).
    public var endTime: Double { duration > 0 ? beginTime + duration : .infinity }
}
