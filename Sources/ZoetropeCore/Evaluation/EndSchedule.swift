/// The stage's coming happenings as a binary heap ordered by (time, rank): the next one is found
/// in logarithmic time instead of by looking at every animator and group at every step.
///
/// Entries are never updated in place. The stage pushes a fresh entry for each animator or
/// group it changed (`TouchedArray` says which), and drops an entry that no longer matches
/// the world when it comes to the top (`Stage.isCurrent`), so the heap may hold stale entries
/// but never misses a current one.
struct EndSchedule: Sendable {
    /// One candidate: when (before clamping to the present) and what; `kind` 0 is an animator's
    /// end, 1 a group crossing a child's span, 2 a group's end, the order ties break in.
    /// 3 is a layer animation's end (`index`: its serial).
    struct Entry: Sendable {
        var time: Double
        var kind: Int
        var index: Int
        var descendant: Int

        /// Earlier first; at one time, by kind, then index, then descendant (`Stage.nextEnd`'s rank).
        func precedes(_ other: Entry) -> Bool {
            time != other.time ? time < other.time : outranks(other)
        }

        /// The same rank order, ignoring the time (for happenings already due).
        func outranks(_ other: Entry) -> Bool {
            if kind != other.kind { return kind < other.kind }
            if index != other.index { return index < other.index }
            return descendant < other.descendant
        }
    }

    private var heap: [Entry] = []

    var first: Entry? { heap.first }

    mutating func push(_ entry: Entry) {
        heap.append(entry)
        var child = heap.count - 1
        while child > 0 {
            let parent = (child - 1) / 2
            guard heap[child].precedes(heap[parent]) else { break }
            heap.swapAt(child, parent)
            child = parent
        }
    }

    @discardableResult
    mutating func popFirst() -> Entry? {
        guard let first = heap.first else { return nil }
        let last = heap.removeLast()
        guard !heap.isEmpty else { return first }
        heap[0] = last
        var parent = 0
        while true {
            let left = 2 * parent + 1, right = left + 1
            var smallest = parent
            if left < heap.count, heap[left].precedes(heap[smallest]) { smallest = left }
            if right < heap.count, heap[right].precedes(heap[smallest]) { smallest = right }
            guard smallest != parent else { break }
            heap.swapAt(parent, smallest)
            parent = smallest
        }
        return first
    }
}
