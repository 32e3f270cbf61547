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

    /// This shard's part of `frames`.
    public func part<T>(of frames: [T]) -> ArraySlice<T> {
        let lower = frames.count * index / count, upper = frames.count * (index + 1) / count
        return frames[lower..<upper]
    }

    public var description: String { "\(index)/\(count)" }
}
