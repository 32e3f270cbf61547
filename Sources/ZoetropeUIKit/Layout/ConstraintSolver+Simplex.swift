/// The tableau's operations: rows made from constraints, the primal simplex after each change,
/// the dual simplex after each suggestion. Names and order of choices follow Badros, Borning &
/// Stuckey (2001) as kiwi implements them; each "first" is the lowest symbol id.
extension ConstraintSolver {
    /// Which objective the primal simplex minimises.
    enum Objective {
        /// Σ strength × error.
        case main
        /// Phase one's artificial variable, while a row is added through one.
        case artificial
    }

    /// Adds a constraint known not to be in the solver; may leave the solver half-changed when it
    /// throws (the caller's transaction puts it back).
    mutating func insert(_ constraint: LayoutConstraint) throws(ConstraintSolverError) {
        var (row, tag) = makeRow(for: constraint)
        var subject = chooseSubject(of: row, tag: tag)

        // A row of dummies only: redundant when its constant is 0 (the marker enters the
        // basis), a contradiction of required equalities otherwise.
        if subject == nil, row.cells.symbols.allSatisfy({ $0.kind == .dummy }) {
            guard isNearZero(row.constant) else { throw .unsatisfiableConstraint(constraint) }
            subject = tag.marker
        }

        if let subject {
            row.solve(for: subject)
            substitute(subject, with: row)
            rows[subject] = row
        } else if try !addWithArtificialVariable(row) {
            throw .unsatisfiableConstraint(constraint)
        }

        tags[constraint] = tag
        try optimize(.main)
    }

    /// Removes a constraint known to be in the solver.
    mutating func delete(_ constraint: LayoutConstraint) throws(ConstraintSolverError) {
        guard let tag = tags.removeValue(forKey: constraint) else { throw .unknownConstraint(constraint) }

        // The errors leave the objective before any pivot, or the pivots would carry them into it.
        for error in [tag.marker, tag.other].compactMap({ $0 }) where error.kind == .error {
            if let row = rows[error] {
                objective.add(row, times: -constraint.strength.value)
            } else {
                objective.add(error, times: -constraint.strength.value)
            }
        }

        // The constraint's row is the marker's: drop it, after pivoting the marker into the basis.
        if let index = rows.index(of: tag.marker) {
            rows.remove(at: index)
        } else {
            guard let index = markerLeavingRow(tag.marker) else {
                throw .internalInconsistency("marker \(tag.marker.id) of \(constraint) is in no row")
            }
            let leaving = rows.symbols[index]
            var row = rows.remove(at: index)
            row.solve(exchanging: leaving, for: tag.marker)
            substitute(tag.marker, with: row)
        }
        try optimize(.main)
    }

    /// Moves an edit variable's target to `value`, then restores feasibility by the dual simplex.
    mutating func suggest(_ value: Double, for variable: LayoutVariable) throws(ConstraintSolverError) {
        guard var edit = edits[variable] else { throw .unknownEditVariable(variable) }
        let delta = value - edit.suggestion
        edit.suggestion = value
        edits[variable] = edit

        if let index = rows.index(of: edit.tag.marker) {
            // The positive error is basic: its row takes the change.
            rows.values[index].constant += -delta
            if rows.values[index].constant < 0 { infeasibleRows.append(rows.symbols[index]) }
        } else if let other = edit.tag.other, let index = rows.index(of: other) {
            // The negative error is basic.
            rows.values[index].constant += delta
            if rows.values[index].constant < 0 { infeasibleRows.append(rows.symbols[index]) }
        } else {
            // Both are parametric: every row with the positive error moves.
            for index in rows.indices {
                let coefficient = rows.values[index].coefficient(of: edit.tag.marker)
                guard coefficient != 0 else { continue }
                rows.values[index].constant += delta * coefficient
                if rows.values[index].constant < 0, rows.symbols[index].kind != .external {
                    infeasibleRows.append(rows.symbols[index])
                }
            }
        }
        try dualOptimize()
    }

    /// The row of `constraint` with the current basic rows substituted, its slack, error or
    /// dummy symbols added (and their strengths put into the objective), the constant made
    /// non-negative; and the tag of those symbols.
    mutating func makeRow(for constraint: LayoutConstraint) -> (LayoutRow, Tag) {
        var row = LayoutRow(constant: constraint.expression.constant)
        for term in constraint.expression.terms where !isNearZero(term.coefficient) {
            let symbol = symbol(for: term.variable)
            if let basic = rows[symbol] {
                row.add(basic, times: term.coefficient)
            } else {
                row.add(symbol, times: term.coefficient)
            }
        }

        let strength = constraint.strength.value
        let isRequired = constraint.strength.isRequired
        let tag: Tag
        switch constraint.relation {
        case .lessThanOrEqual, .greaterThanOrEqual:
            // expression + slack = 0 for <=, expression - slack = 0 for >=, slack >= 0; an
            // optional inequality's error takes up what the slack cannot.
            let sign = constraint.relation == .lessThanOrEqual ? 1.0 : -1.0
            let slack = makeSymbol(.slack)
            row.add(slack, times: sign)
            var error: LayoutSymbol?
            if !isRequired {
                let symbol = makeSymbol(.error)
                row.add(symbol, times: -sign)
                objective.add(symbol, times: strength)
                error = symbol
            }
            tag = Tag(marker: slack, other: error, order: nextOrder)
        case .equal where !isRequired:
            // expression = plus - minus, both errors weighed by the strength.
            let plus = makeSymbol(.error)
            let minus = makeSymbol(.error)
            row.add(plus, times: -1)
            row.add(minus, times: 1)
            objective.add(plus, times: strength)
            objective.add(minus, times: strength)
            tag = Tag(marker: plus, other: minus, order: nextOrder)
        case .equal:
            let dummy = makeSymbol(.dummy)
            row.add(dummy)
            tag = Tag(marker: dummy, other: nil, order: nextOrder)
        }
        nextOrder += 1

        if row.constant < 0 { row.negate() }
        return (row, tag)
    }

    /// The symbol to solve a new row for: its first variable; else its marker or other symbol
    /// when that is a slack or error with a negative coefficient (it can enter at a
    /// non-negative value); else nil.
    func chooseSubject(of row: LayoutRow, tag: Tag) -> LayoutSymbol? {
        if let external = row.cells.symbols.first(where: { $0.kind == .external }) {
            return external
        }
        for symbol in [tag.marker, tag.other].compactMap({ $0 }) where symbol.isPivotable {
            if row.coefficient(of: symbol) < 0 { return symbol }
        }
        return nil
    }

    /// Adds `row` through an artificial variable (phase one of the two-phase simplex): whether
    /// the artificial objective reached 0, that is whether the row can hold.
    mutating func addWithArtificialVariable(_ row: LayoutRow) throws(ConstraintSolverError) -> Bool {
        let artificialSymbol = makeSymbol(.slack)
        rows[artificialSymbol] = row
        artificial = row
        try optimize(.artificial)
        let succeeded = isNearZero(artificial?.constant ?? 0)
        artificial = nil

        // The artificial variable leaves the basis (if it is basic) before it leaves the tableau.
        if let index = rows.index(of: artificialSymbol) {
            var basicRow = rows.remove(at: index)
            if basicRow.cells.isEmpty { return succeeded }
            guard let entering = basicRow.cells.symbols.first(where: \.isPivotable) else { return false }
            basicRow.solve(exchanging: artificialSymbol, for: entering)
            substitute(entering, with: basicRow)
            rows[entering] = basicRow
        }
        for index in rows.indices {
            rows.values[index].remove(artificialSymbol)
        }
        objective.remove(artificialSymbol)
        return succeeded
    }

    /// Replaces `symbol` by `row` in every row and objective, noting the restricted rows that
    /// went negative.
    mutating func substitute(_ symbol: LayoutSymbol, with row: LayoutRow) {
        for index in rows.indices {
            rows.values[index].substitute(symbol, with: row)
            if rows.symbols[index].kind != .external, rows.values[index].constant < 0 {
                infeasibleRows.append(rows.symbols[index])
            }
        }
        objective.substitute(symbol, with: row)
        artificial?.substitute(symbol, with: row)
    }

    /// Makes `entering` basic in place of the basic symbol of `rows[index]`.
    mutating func pivot(rowAt index: Int, entering: LayoutSymbol) {
        let leaving = rows.symbols[index]
        var row = rows.remove(at: index)
        row.solve(exchanging: leaving, for: entering)
        substitute(entering, with: row)
        rows[entering] = row
    }

    /// The primal simplex: pivots until no symbol of the objective can lower it.
    mutating func optimize(_ which: Objective) throws(ConstraintSolverError) {
        while true {
            let target = which == .main ? objective : (artificial ?? LayoutRow())
            // Entering: the first non-dummy symbol whose coefficient in the objective is negative.
            guard let index = target.cells.indices.first(where: {
                target.cells.symbols[$0].kind != .dummy && target.cells.values[$0] < 0
            }) else { return }
            let entering = target.cells.symbols[index]
            guard let leaving = leavingRow(for: entering) else {
                throw .internalInconsistency("the objective is unbounded in symbol \(entering.id)")
            }
            pivot(rowAt: leaving, entering: entering)
        }
    }

    /// The row to leave for `entering`: among the restricted rows where `entering` has a negative
    /// coefficient, the first with the least ratio `-constant / coefficient`.
    func leavingRow(for entering: LayoutSymbol) -> Int? {
        var best = Double.greatestFiniteMagnitude
        var found: Int?
        for index in rows.indices where rows.symbols[index].kind != .external {
            let coefficient = rows.values[index].coefficient(of: entering)
            guard coefficient < 0 else { continue }
            let ratio = -rows.values[index].constant / coefficient
            if ratio < best {
                best = ratio
                found = index
            }
        }
        return found
    }

    /// The dual simplex: while a noted row is still basic and negative, pivots in the symbol that
    /// raises it at the least cost to the objective.
    mutating func dualOptimize() throws(ConstraintSolverError) {
        while let leaving = infeasibleRows.popLast() {
            guard let index = rows.index(of: leaving) else { continue }
            let row = rows.values[index]
            guard !isNearZero(row.constant), row.constant < 0 else { continue }
            guard let entering = dualEnteringSymbol(of: row) else {
                throw .internalInconsistency("no symbol can raise row \(leaving.id) to feasibility")
            }
            pivot(rowAt: index, entering: entering)
        }
    }

    /// Among the non-dummy symbols with a positive coefficient in `row`, the first with the
    /// least ratio of its objective coefficient to its row coefficient.
    func dualEnteringSymbol(of row: LayoutRow) -> LayoutSymbol? {
        var best = Double.greatestFiniteMagnitude
        var found: LayoutSymbol?
        for (symbol, coefficient) in zip(row.cells.symbols, row.cells.values) where coefficient > 0 && symbol.kind != .dummy {
            let ratio = objective.coefficient(of: symbol) / coefficient
            if ratio < best {
                best = ratio
                found = symbol
            }
        }
        return found
    }

    /// The row to pivot a non-basic marker out of when its constraint is removed: the restricted
    /// row with a negative coefficient and the least `-constant / coefficient`; else the
    /// restricted row with the least `constant / coefficient`; else the last variable's row
    /// that holds the marker.
    func markerLeavingRow(_ marker: LayoutSymbol) -> Int? {
        var leastNegative = Double.greatestFiniteMagnitude
        var leastPositive = Double.greatestFiniteMagnitude
        var first: Int?
        var second: Int?
        var third: Int?
        for index in rows.indices {
            let coefficient = rows.values[index].coefficient(of: marker)
            if coefficient == 0 { continue }
            let constant = rows.values[index].constant
            if rows.symbols[index].kind == .external {
                third = index
            } else if coefficient < 0 {
                let ratio = -constant / coefficient
                if ratio < leastNegative {
                    leastNegative = ratio
                    first = index
                }
            } else {
                let ratio = constant / coefficient
                if ratio < leastPositive {
                    leastPositive = ratio
                    second = index
                }
            }
        }
        return first ?? second ?? third
    }
}
