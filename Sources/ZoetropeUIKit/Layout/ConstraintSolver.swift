/// An incremental Cassowary solver (Badros, Borning & Stuckey 2001) for linear equalities and
/// inequalities of mixed strengths: what Auto Layout sits on.
///
/// It behaves as kiwi does (the C++ solver behind Python's `kiwisolver`): required constraints
/// hold exactly; the others are kept as well as their strengths allow, the solution minimising
/// the sum of each optional constraint's error times its strength. Every change re-optimises at
/// once, so `value(of:)` is always the current answer. Edit variables are moved by
/// `suggestValue`, re-solved by the dual simplex from the previous answer.
///
/// Where a system has several optimal answers, the one given is the one kiwi gives: the
/// solver makes its pivot choices in kiwi's order (symbols numbered as made; "first" is by that
/// number), so `make test-layout` compares the two on random systems, degenerate ones included.
/// No choice depends on hashing: the same calls always give the same bytes.
///
/// A value type: a copy is a snapshot, and a call that throws leaves the solver as it was
/// (kiwi instead may keep part of an unsatisfiable constraint).
///
/// ```swift
/// let left = LayoutVariable("left"), width = LayoutVariable("width")
/// var solver = ConstraintSolver()
/// try solver.addConstraint(LayoutConstraint(LayoutExpression(left), .equal, 20))
/// try solver.addConstraint(LayoutConstraint(left + width, .equal, 300))
/// solver.value(of: width)   // 280
/// ```
public struct ConstraintSolver: Sendable {
    /// Where a constraint's own symbols are: the marker that identifies its row, and the second
    /// error symbol of an optional constraint.
    struct Tag: Sendable {
        var marker: LayoutSymbol
        var other: LayoutSymbol?
        /// The constraint's position in the order of addition, for `constraints`.
        var order: Int
    }

    /// An edit variable: its constraint (`variable == suggestion`) and the value last suggested.
    struct Edit: Sendable {
        var constraint: LayoutConstraint
        var tag: Tag
        var suggestion: Double
    }

    var tags: [LayoutConstraint: Tag] = [:]
    var rows = SymbolMap<LayoutRow>()
    var symbols: [LayoutVariable: LayoutSymbol] = [:]
    /// Variables in the order the solver first met them.
    private(set) var variableOrder: [LayoutVariable] = []
    var edits: [LayoutVariable: Edit] = [:]
    /// Basic symbols whose rows may have gone negative, for the dual simplex; last in, first out.
    var infeasibleRows: [LayoutSymbol] = []
    /// Σ strength × error, minimised.
    var objective = LayoutRow()
    /// Phase one's objective while a row is added through an artificial variable.
    var artificial: LayoutRow?
    var nextSymbolID = 1
    var nextOrder = 0

    /// An empty solver.
    public init() {}

    // MARK: Constraints

    /// Adds `constraint` and re-solves.
    ///
    /// - Throws: `duplicateConstraint` when it is already in the solver;
    ///   `unsatisfiableConstraint` when it is required and cannot hold with the required
    ///   constraints already added (the solver is then unchanged).
    public mutating func addConstraint(_ constraint: LayoutConstraint) throws(ConstraintSolverError) {
        guard tags[constraint] == nil else { throw .duplicateConstraint(constraint) }
        try transaction { solver throws(ConstraintSolverError) in try solver.insert(constraint) }
    }

    /// Removes `constraint` and re-solves.
    ///
    /// - Throws: `unknownConstraint` when it is not in the solver.
    public mutating func removeConstraint(_ constraint: LayoutConstraint) throws(ConstraintSolverError) {
        guard tags[constraint] != nil else { throw .unknownConstraint(constraint) }
        try transaction { solver throws(ConstraintSolverError) in try solver.delete(constraint) }
    }

    /// Whether `constraint` (this object) is in the solver.
    public func hasConstraint(_ constraint: LayoutConstraint) -> Bool {
        tags[constraint] != nil
    }

    /// The constraints added and not removed, in the order they were added (edit variables'
    /// own constraints not among them).
    public var constraints: [LayoutConstraint] {
        let editing = Set(edits.values.map(\.constraint))
        return tags.filter { !editing.contains($0.key) }
            .sorted { $0.value.order < $1.value.order }
            .map(\.key)
    }

    // MARK: Edit variables

    /// Makes `variable` an edit variable at `strength`: `suggestValue` then pulls it towards a
    /// value. Until the first suggestion it is pulled towards 0.
    ///
    /// - Throws: `duplicateEditVariable` when it already is one; `requiredEditStrength` when
    ///   `strength` is `required`.
    public mutating func addEditVariable(_ variable: LayoutVariable, strength: LayoutStrength) throws(ConstraintSolverError) {
        guard edits[variable] == nil else { throw .duplicateEditVariable(variable) }
        guard !strength.isRequired else { throw .requiredEditStrength(variable) }
        let constraint = LayoutConstraint(LayoutExpression(variable), .equal, strength: strength)
        try addConstraint(constraint)
        guard let tag = tags[constraint] else {
            throw .internalInconsistency("the constraint of edit variable \(variable) was added without a tag")
        }
        edits[variable] = Edit(constraint: constraint, tag: tag, suggestion: 0)
    }

    /// Stops editing `variable`, removing its pull.
    ///
    /// - Throws: `unknownEditVariable` when it is not an edit variable.
    public mutating func removeEditVariable(_ variable: LayoutVariable) throws(ConstraintSolverError) {
        guard let edit = edits[variable] else { throw .unknownEditVariable(variable) }
        try removeConstraint(edit.constraint)
        edits[variable] = nil
    }

    /// Whether `variable` is an edit variable.
    public func hasEditVariable(_ variable: LayoutVariable) -> Bool {
        edits[variable] != nil
    }

    /// Pulls edit variable `variable` towards `value` at its strength and re-solves from the
    /// current answer (the dual simplex: a drag moves the layout a pivot or two at a time).
    ///
    /// - Throws: `unknownEditVariable` when it is not an edit variable.
    public mutating func suggestValue(_ value: Double, for variable: LayoutVariable) throws(ConstraintSolverError) {
        guard edits[variable] != nil else { throw .unknownEditVariable(variable) }
        try transaction { solver throws(ConstraintSolverError) in try solver.suggest(value, for: variable) }
    }

    // MARK: Values

    /// The value of `variable` in the current solution; 0 for a variable the solver has not
    /// met, or one no constraint pins (kiwi's `updateVariables` gives it the same).
    public func value(of variable: LayoutVariable) -> Double {
        guard let symbol = symbols[variable], let row = rows[symbol] else { return 0 }
        return row.constant
    }

    /// Every variable the solver has met, in the order it met them (a variable stays after the
    /// constraints naming it are removed, as in kiwi).
    public var variables: [LayoutVariable] { variableOrder }

    /// Empties the solver, as a new one.
    public mutating func reset() {
        self = ConstraintSolver()
    }

    // MARK: Transactions

    /// Runs `change`, putting the solver back as it was when it throws.
    private mutating func transaction(_ change: (inout ConstraintSolver) throws(ConstraintSolverError) -> Void) throws(ConstraintSolverError) {
        var copy = self
        try change(&copy)
        self = copy
    }

    /// A new symbol, numbered after every other.
    mutating func makeSymbol(_ kind: LayoutSymbol.Kind) -> LayoutSymbol {
        defer { nextSymbolID += 1 }
        return LayoutSymbol(id: nextSymbolID, kind: kind)
    }

    /// The symbol of `variable`, made on first use.
    mutating func symbol(for variable: LayoutVariable) -> LayoutSymbol {
        if let symbol = symbols[variable] { return symbol }
        let symbol = makeSymbol(.external)
        symbols[variable] = symbol
        variableOrder.append(variable)
        return symbol
    }
}
