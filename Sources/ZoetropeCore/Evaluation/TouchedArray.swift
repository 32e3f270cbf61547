/// An array that remembers which elements were written (through its subscript or `append`)
/// since the last `takeTouched()`: the stage's schedule of ends re-reads only those, so a
/// happening costs the animators it changes, not all of them.
struct TouchedArray<Element: Sendable>: RandomAccessCollection, MutableCollection, Sendable {
    private(set) var elements: [Element]
    /// Indices written since the last `takeTouched()`, possibly repeated.
    private var touched: [Int]

    /// Every element counts as written, so a new schedule reads them all once.
    init(_ elements: [Element]) {
        self.elements = elements
        touched = Array(elements.indices)
    }

    var startIndex: Int { elements.startIndex }
    var endIndex: Int { elements.endIndex }

    subscript(index: Int) -> Element {
        get { elements[index] }
        _modify {
            touched.append(index)
            yield &elements[index]
        }
        set {
            touched.append(index)
            elements[index] = newValue
        }
    }

    mutating func append(_ element: Element) {
        touched.append(elements.count)
        elements.append(element)
    }

    /// The indices written since the last call (each at most once), forgetting them.
    mutating func takeTouched() -> [Int] {
        guard !touched.isEmpty else { return [] }
        defer { touched = [] }
        if touched.count == 1 { return touched }
        var seen = Set<Int>(), unique: [Int] = []
        for index in touched where seen.insert(index).inserted { unique.append(index) }
        return unique
    }
}
