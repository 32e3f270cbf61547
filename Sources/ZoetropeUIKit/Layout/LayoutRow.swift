/// One row of the tableau, `constant + Σ coefficient × symbol`: a basic symbol's value in
/// terms of the parametric ones, a constraint being added, or an objective.
///
/// A cell whose coefficient comes within 1e-8 of zero is dropped, as kiwi drops it; cells are
/// in the order of their symbols' ids.
struct LayoutRow: Sendable {
    var constant: Double
    private(set) var cells = SymbolMap<Double>()

    init(constant: Double = 0) {
        self.constant = constant
    }

    /// The coefficient of `symbol`, 0 when the row has no such cell.
    func coefficient(of symbol: LayoutSymbol) -> Double {
        cells[symbol] ?? 0
    }

    /// Adds `coefficient × symbol`, dropping the cell when the sum is near zero.
    mutating func add(_ symbol: LayoutSymbol, times coefficient: Double = 1) {
        let sum = (cells[symbol] ?? 0) + coefficient
        cells[symbol] = isNearZero(sum) ? nil : sum
    }

    /// Adds `coefficient ×` another row, constant and cells.
    mutating func add(_ other: LayoutRow, times coefficient: Double = 1) {
        constant += other.constant * coefficient
        for (symbol, cell) in zip(other.cells.symbols, other.cells.values) {
            add(symbol, times: cell * coefficient)
        }
    }

    /// Removes the cell of `symbol`, if any.
    mutating func remove(_ symbol: LayoutSymbol) {
        cells[symbol] = nil
    }

    /// Negates the constant and every cell.
    mutating func negate() {
        constant = -constant
        for index in cells.indices {
            cells.values[index] = -cells.values[index]
        }
    }

    /// Turns `0 = constant + a × symbol + rest` into `symbol = -(constant + rest) / a`: the cell of
    /// `symbol` goes, the rest is scaled by `-1 / a`. `symbol` must have a cell.
    mutating func solve(for symbol: LayoutSymbol) {
        let scale = -1.0 / coefficient(of: symbol)
        cells[symbol] = nil
        constant *= scale
        for index in cells.indices {
            cells.values[index] *= scale
        }
    }

    /// Turns the row of `basic` (`basic = row`) into the row of `entering`, a symbol with a cell
    /// in it: `basic` moves into the cells, `entering` out.
    mutating func solve(exchanging basic: LayoutSymbol, for entering: LayoutSymbol) {
        add(basic, times: -1)
        solve(for: entering)
    }

    /// Replaces `symbol`, where it has a cell, by `row` (the symbol's row as basic).
    mutating func substitute(_ symbol: LayoutSymbol, with row: LayoutRow) {
        guard let index = cells.index(of: symbol) else { return }
        let coefficient = cells.remove(at: index)
        add(row, times: coefficient)
    }
}
