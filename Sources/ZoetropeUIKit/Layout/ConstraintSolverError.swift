/// A misuse of a `ConstraintSolver`, or a system that cannot hold: kiwi's exceptions, as errors.
///
/// A call that throws leaves the solver as it was before the call.
public enum ConstraintSolverError: Error, Equatable, CustomStringConvertible {
    /// `addConstraint` of a constraint already in the solver (kiwi's `DuplicateConstraint`).
    case duplicateConstraint(LayoutConstraint)
    /// `addConstraint` of a required constraint that cannot hold together with the required
    /// constraints already added (kiwi's `UnsatisfiableConstraint`).
    /// `ConstraintSolver.conflictingConstraints(with:)` names the ones it conflicts with.
    case unsatisfiableConstraint(LayoutConstraint)
    /// `removeConstraint` of a constraint not in the solver (kiwi's `UnknownConstraint`).
    case unknownConstraint(LayoutConstraint)
    /// `addEditVariable` of a variable already being edited (kiwi's `DuplicateEditVariable`).
    case duplicateEditVariable(LayoutVariable)
    /// `removeEditVariable` or `suggestValue` of a variable not being edited (kiwi's
    /// `UnknownEditVariable`).
    case unknownEditVariable(LayoutVariable)
    /// `addEditVariable` at `required` strength, which a suggestion could not move (kiwi's
    /// `BadRequiredStrength`).
    case requiredEditStrength(LayoutVariable)
    /// The simplex found no pivot where one must exist (kiwi's `InternalSolverError`): a bug,
    /// or coefficients so far apart that rounding broke the tableau.
    case internalInconsistency(String)

    /// What went wrong, with the constraint or variable, and what would be legal.
    public var description: String {
        switch self {
        case .duplicateConstraint(let constraint):
            "constraint \(constraint) is already in the solver: add a constraint once (removeConstraint first to add it again)"
        case .unsatisfiableConstraint(let constraint):
            "constraint \(constraint) cannot hold together with the required constraints already in the solver: make it or one of them optional (conflictingConstraints(with:) names them)"
        case .unknownConstraint(let constraint):
            "constraint \(constraint) is not in the solver: remove only a constraint that was added"
        case .duplicateEditVariable(let variable):
            "variable \(variable) is already an edit variable: add it once (removeEditVariable first to change its strength)"
        case .unknownEditVariable(let variable):
            "variable \(variable) is not an edit variable: addEditVariable before suggesting a value or removing it"
        case .requiredEditStrength(let variable):
            "edit variable \(variable) cannot be required: give a strength below required (strong, say)"
        case .internalInconsistency(let detail):
            "the constraint solver's tableau is inconsistent: \(detail)"
        }
    }

    /// The same case with the same constraint or variable (identity) or detail.
    public static func == (lhs: ConstraintSolverError, rhs: ConstraintSolverError) -> Bool {
        switch (lhs, rhs) {
        case let (.duplicateConstraint(a), .duplicateConstraint(b)),
             let (.unsatisfiableConstraint(a), .unsatisfiableConstraint(b)),
             let (.unknownConstraint(a), .unknownConstraint(b)):
            a === b
        case let (.duplicateEditVariable(a), .duplicateEditVariable(b)),
             let (.unknownEditVariable(a), .unknownEditVariable(b)),
             let (.requiredEditStrength(a), .requiredEditStrength(b)):
            a === b
        case let (.internalInconsistency(a), .internalInconsistency(b)):
            a == b
        default:
            false
        }
    }
}
