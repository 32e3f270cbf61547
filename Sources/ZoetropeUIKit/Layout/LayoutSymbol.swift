/// One column of the solver's tableau: a user's variable, or one the solver made for a
/// constraint (Badros, Borning & Stuckey, "The Cassowary Linear Arithmetic Constraint Solving
/// Algorithm", 2001, §3).
///
/// Symbols are numbered in the order the solver makes them, and every row and every map of rows
/// is kept in that order: the simplex's pivot choices ("the first symbol that…") then depend on
/// the constraints alone, never on hashing, so a system always gives the same bytes.
struct LayoutSymbol: Hashable, Sendable {
    /// What a symbol stands for, which decides how the simplex may move it.
    enum Kind: Sendable {
        /// A `LayoutVariable`: unrestricted in sign, never chosen to leave the basis.
        case external
        /// The slack of an inequality (or the artificial variable of phase one): at least 0.
        case slack
        /// A positive or negative error of a non-required constraint: at least 0, weighed in
        /// the objective by the constraint's strength.
        case error
        /// The marker of a required equality: always 0, never entering the basis.
        case dummy
    }

    /// The order in which the solver made the symbol, from 1.
    let id: Int
    let kind: Kind

    /// Whether the symbol is a slack or an error, the restricted symbols a pivot may bring in.
    var isPivotable: Bool { kind == .slack || kind == .error }
}

/// Whether a coefficient or constant is zero for the solver: below 1e-8 in magnitude, kiwi's
/// threshold, under which a cell is dropped from its row.
@inline(__always)
func isNearZero(_ value: Double) -> Bool {
    value < 0 ? -value < 1.0e-8 : value < 1.0e-8
}
