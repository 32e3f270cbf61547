/// One particle of an emitter at one instant, in the emitter layer's coordinates: what is
/// drawn (its cell's `contents`) and how.
public struct Particle: Hashable, Sendable {
    /// The index of its cell in `Emitter.cells`.
    public var cell: Int
    /// Its place among the cell's particles: the i-th born.
    public var index: Int
    /// When it was born, in the emitter's seconds.
    public var birthTime: Double
    /// Its centre.
    public var position: Vector2
    /// Radians turned since birth (its spin × its age).
    public var rotation: Double
    /// The scale of its cell's image, ≥ 0.
    public var scale: Double
    /// What the image's components are multiplied by (straight alpha, each within 0…1).
    public var color: Color

    public init(cell: Int, index: Int, birthTime: Double, position: Vector2, rotation: Double, scale: Double, color: Color) {
        self.cell = cell
        self.index = index
        self.birthTime = birthTime
        self.position = position
        self.rotation = rotation
        self.scale = scale
        self.color = color
    }
}

/// The random numbers of one particle: a counter-based generator (SplitMix64 from a hash of the
/// seed, the cell and the particle's index), so each particle's numbers are found without
/// drawing those of the particles before it.
struct ParticleRandom {
    private var state: UInt64

    init(seed: UInt32, cell: Int, particle: Int) {
        let stream = Self.mix(UInt64(seed) << 32 | UInt64(UInt32(truncatingIfNeeded: cell)))
        state = Self.mix(stream ^ UInt64(bitPattern: Int64(particle)))
    }

    /// SplitMix64's output function (Steele, Lea and Flood, 2014).
    static func mix(_ value: UInt64) -> UInt64 {
        var z = value &+ 0x9E37_79B9_7F4A_7C15
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// Uniform in [0, 1).
    mutating func unit() -> Double {
        state &+= 0x9E37_79B9_7F4A_7C15
        return Double(Self.mix(state) >> 11) * 0x1p-53
    }

    /// Uniform in [−1, 1): a range's "plus or minus".
    mutating func signed() -> Double { unit() * 2 - 1 }
}
