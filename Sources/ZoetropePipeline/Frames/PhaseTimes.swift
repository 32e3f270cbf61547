/// Seconds spent in each phase of a render, summed over its workers (CPU-like time, not wall
/// time): evaluation of the presentation, drawing, PNG encoding, and hashing plus writing.
/// Measured for reporting only; no frame depends on them.
public struct PhaseTimes: Sendable {
    public var evaluate = 0.0, draw = 0.0, encode = 0.0, write = 0.0
    /// PNG strips whose compressed bytes were reused from the worker's previous frame, and
    /// strips compressed (work, not time, but reported beside it).
    public var stripsReused = 0, stripsCompressed = 0
    /// Pixels drawn: only what changed between a worker's consecutive frames (`Damage`).
    public var pixelsDrawn = 0

    public init() {}

    /// The time and work added since `earlier`, a copy of these times taken before.
    func since(_ earlier: PhaseTimes) -> PhaseTimes {
        var spent = PhaseTimes()
        (spent.evaluate, spent.draw) = (evaluate - earlier.evaluate, draw - earlier.draw)
        (spent.encode, spent.write) = (encode - earlier.encode, write - earlier.write)
        (spent.stripsReused, spent.stripsCompressed) = (stripsReused - earlier.stripsReused, stripsCompressed - earlier.stripsCompressed)
        spent.pixelsDrawn = pixelsDrawn - earlier.pixelsDrawn
        return spent
    }

    mutating func add(_ other: PhaseTimes) {
        evaluate += other.evaluate
        draw += other.draw
        encode += other.encode
        write += other.write
        stripsReused += other.stripsReused
        stripsCompressed += other.stripsCompressed
        pixelsDrawn += other.pixelsDrawn
    }
}
