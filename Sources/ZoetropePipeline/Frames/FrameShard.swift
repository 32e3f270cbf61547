import ZoetropeRender
/// One of N equal, contiguous parts of a frame list (`--shard I/N`), for render farms and job
/// arrays. Contiguous so that each machine's frames are a plain range on disk.
public struct FrameShard: Hashable, Sendable, CustomStringConvertible {
    /// 0-based.
    public let index: Int
    public let count: Int

    public init(index: Int, count: Int) throws(FrameSelectionError) {
        guard count > 0, (0..<count).contains(index) else {
            throw FrameSelectionError(message: "the index must be within 0..<\(max(count, 1)) and the count > 0")
        }
        self.index = index
        self.count = count
    }

    /// Parses `I/N`.
    public init(parsing text: String) throws(FrameSelectionError) {
        let parts = text.split(separator: "/")
        guard parts.count == 2, let index = Int(parts[0]), let count = Int(parts[1]) else {
            throw FrameSelectionError(message: "not a shard I/N (such as 0/4)")
        }
        try self.init(index: index, count: count)
    }

    /// This shard's part of `frames`: from ⌊frames × index / count⌋ up to
    /// ⌊frames × (index + 1) / count⌋, computed in double width so that no shard count overflows
    /// (`--shard 900000000000000000/1000000000000000000` is an empty part, not a trap).
    public func part<T>(of frames: [T]) -> ArraySlice<T> {
        func boundary(_ shard: Int) -> Int {
            // frames × shard / count < frames ≤ Int.max when shard ≤ count: the quotient fits.
            let product = frames.count.multipliedFullWidth(by: shard)
            return count.dividingFullWidth(product).quotient
        }
        return frames[boundary(index)..<boundary(index + 1)]
    }

    public var description: String { "\(index)/\(count)" }
}
