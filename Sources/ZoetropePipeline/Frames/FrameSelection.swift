import ZoetropeCore
import ZoetropeRender

/// Which frames to render: `--frames` in SPEC §6's grammar.
///
/// `N` (one frame), `A-B` (inclusive), `A-` (to the last frame), `A-B:S` or `A-:S` (every S-th),
/// and comma-separated lists of these; indices are global and 0-based.
public struct FrameSelection: Hashable, Sendable, CustomStringConvertible {
    enum Item: Hashable, Sendable {
        case single(Int)
        case range(from: Int, to: Int?, step: Int)
    }

    let items: [Item]
    public let description: String

    /// The largest frame number a selection may name: the last frame of the longest render
    /// (`SceneLimits.frames`, a day at 240 fps).
    public static let largestFrame = SceneLimits.frames - 1
    /// The most items a selection may list.
    public static let mostItems = 64

    /// Parses a selection; throws a message naming the bad part.
    public init(parsing text: String) throws(FrameSelectionError) {
        var items: [Item] = []
        let parts = text.split(separator: ",", omittingEmptySubsequences: false)
        guard parts.count <= Self.mostItems else {
            throw FrameSelectionError(message: "\"\(text.prefix(40))…\" lists \(parts.count) items; at most \(Self.mostItems)")
        }
        for rawPart in parts {
            let part = String(rawPart.filter { $0 != " " })
            func bad(_ why: String) -> FrameSelectionError { FrameSelectionError(message: "\"\(part)\" \(why)") }
            guard !part.isEmpty else { throw FrameSelectionError(message: "empty item in \"\(text)\"") }
            let (body, stepText) = part.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false)
                .map(String.init).splitPair()
            var step = 1
            if let stepText {
                guard let value = Int(stepText), value > 0 else { throw bad("has a step that is not a whole number > 0") }
                step = value
            }
            if let dash = body.firstIndex(of: "-") {
                let fromText = String(body[..<dash]), toText = String(body[body.index(after: dash)...])
                guard let from = Int(fromText), from >= 0 else { throw bad("does not start with a frame number >= 0") }
                if toText.isEmpty {
                    items.append(.range(from: from, to: nil, step: step))
                } else {
                    guard let to = Int(toText), to >= 0 else { throw bad("does not end with a frame number >= 0") }
                    guard to >= from else { throw bad("ends before it starts") }
                    items.append(.range(from: from, to: to, step: step))
                }
            } else {
                guard stepText == nil else { throw bad("has a step but no range (write A-B:S)") }
                guard let frame = Int(body), frame >= 0 else { throw bad("is not a frame number >= 0, A-B, A- or A-B:S") }
                items.append(.single(frame))
            }
        }
        let largest = Self.largestNamed(in: items)
        guard largest <= Self.largestFrame else {
            throw FrameSelectionError(message: "frame \(largest) is past the largest frame number a selection may name (\(Self.largestFrame))")
        }
        self.items = items
        description = text
    }

    /// A selection of exactly `frames` (any number of them, as a program chooses them: the frames
    /// a golden folder holds, those around script events), written back as ranges.
    public init(frames: [Int]) {
        let sorted = Set(frames.filter { $0 >= 0 }).sorted()
        var items: [Item] = [], runs: [String] = []
        var index = 0
        while index < sorted.count {
            var end = index
            while end + 1 < sorted.count && sorted[end + 1] == sorted[end] + 1 { end += 1 }
            items.append(end == index ? .single(sorted[index]) : .range(from: sorted[index], to: sorted[end], step: 1))
            runs.append(end == index ? "\(sorted[index])" : "\(sorted[index])-\(sorted[end])")
            index = end + 1
        }
        self.items = items
        description = runs.joined(separator: ",")
    }

    /// The largest frame number `items` write (an open range's start).
    private static func largestNamed(in items: [Item]) -> Int {
        items.map { item in
            switch item {
            case .single(let frame): frame
            case let .range(from, to, _): max(from, to ?? 0)
            }
        }.max() ?? 0
    }

    /// Every selected frame below `limit`, as a bit per frame (a range of a million frames is
    /// a million bits, not a million set entries).
    private func marks(below limit: Int, openEnd: Int) -> [Bool] {
        var marks = [Bool](repeating: false, count: max(limit, 0))
        for item in items {
            switch item {
            case .single(let frame):
                if frame < limit { marks[frame] = true }
            case let .range(from, to, step):
                for frame in stride(from: from, through: min(to ?? max(openEnd, from), limit - 1), by: step) { marks[frame] = true }
            }
        }
        return marks
    }

    /// The selected frames of a render of `count` frames that lie within it, and how many of the
    /// selected frames lie past its last (a sweep's shorter variants skip those).
    public func framesWithin(count: Int) -> SelectedFrames {
        let limit = max(count, Self.largestNamed(in: items) + 1)
        let marks = marks(below: limit, openEnd: max(count - 1, 0))
        let frames = (0..<min(count, limit)).filter { marks[$0] }
        let past = marks[min(count, limit)...].reduce(0) { $0 + ($1 ? 1 : 0) }
        return SelectedFrames(frames: frames, pastEnd: past)
    }

    /// The selected frame indices, ascending and without repeats, of a render of `count` frames.
    /// Throws when the selection names a frame past the last one.
    public func frames(count: Int) throws(FrameSelectionError) -> [Int] {
        var selected = Set<Int>()
        let last = count - 1
        func beyond(_ frame: Int) -> FrameSelectionError {
            FrameSelectionError(message: "frame \(frame) is past the last frame (\(last); the render has \(count) frames, 0-\(last))")
        }
        for item in items {
            switch item {
            case .single(let frame):
                guard frame <= last else { throw beyond(frame) }
                selected.insert(frame)
            case let .range(from, to, step):
                guard from <= last else { throw beyond(from) }
                let end = to ?? last
                guard end <= last else { throw beyond(end) }
                selected.formUnion(stride(from: from, through: end, by: step))
            }
        }
        return selected.sorted()
    }
}

/// A `--frames` value that cannot be used (a usage error, `misuse`).
public struct FrameSelectionError: Error, Hashable, Sendable, CustomStringConvertible {
    public var message: String
    public var description: String { message }
}

extension Array where Element == String {
    /// The first element and the second, if any (a split `A-B`, `id.field`).
    func splitPair() -> (String, String?) { (self[0], count > 1 ? self[1] : nil) }
}

/// The frames of a render a selection chose, and how many more it named past the render's last
/// frame (a sweep's shorter variants skip those).
public struct SelectedFrames: Hashable, Sendable {
    /// Frame indices within the render, ascending and without repeats.
    public var frames: [Int]
    /// How many selected frames lie past the last one; 0 when a selection past the end is refused.
    public var pastEnd: Int

    /// The selection of `frames`, with `pastEnd` more past the render's end.
    public init(frames: [Int], pastEnd: Int = 0) {
        self.frames = frames
        self.pastEnd = pastEnd
    }
}
