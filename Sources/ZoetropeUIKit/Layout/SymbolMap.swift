/// A map keyed by `LayoutSymbol`, kept sorted by the symbols' ids: lookups are binary searches
/// and iteration is in the order the symbols were made, so that the solver's "first symbol
/// that…" choices never depend on hashing. (Rejected: `Dictionary`, whose order changes from
/// one process to the next.)
struct SymbolMap<Value: Sendable>: Sendable {
    /// The keys, by increasing id.
    private(set) var symbols: [LayoutSymbol] = []
    /// The values, in the order of `symbols`.
    var values: [Value] = []

    var count: Int { symbols.count }
    var isEmpty: Bool { symbols.isEmpty }
    var indices: Range<Int> { symbols.indices }

    /// The position of `symbol`, or where it would be inserted (`found` false).
    private func position(of symbol: LayoutSymbol) -> (index: Int, found: Bool) {
        var low = 0
        var high = symbols.count
        while low < high {
            let middle = (low + high) / 2
            if symbols[middle].id < symbol.id {
                low = middle + 1
            } else {
                high = middle
            }
        }
        return (low, low < symbols.count && symbols[low].id == symbol.id)
    }

    /// The index of `symbol`, or nil when it is not a key.
    func index(of symbol: LayoutSymbol) -> Int? {
        let (index, found) = position(of: symbol)
        return found ? index : nil
    }

    /// The value for `symbol`; setting nil removes it.
    subscript(symbol: LayoutSymbol) -> Value? {
        get {
            index(of: symbol).map { values[$0] }
        }
        set {
            let (index, found) = position(of: symbol)
            switch (newValue, found) {
            case let (value?, true):
                values[index] = value
            case let (value?, false):
                symbols.insert(symbol, at: index)
                values.insert(value, at: index)
            case (nil, true):
                symbols.remove(at: index)
                values.remove(at: index)
            case (nil, false):
                break
            }
        }
    }

    /// Removes the entry at `index` and returns its value.
    @discardableResult
    mutating func remove(at index: Int) -> Value {
        symbols.remove(at: index)
        return values.remove(at: index)
    }

    mutating func removeAll() {
        symbols.removeAll()
        values.removeAll()
    }
}
