extension ConstraintSolver {
    /// The required constraints in the solver that `constraint` cannot hold together with: a
    /// smallest set in the sense that it is unsatisfiable with `constraint` and every proper
    /// subset of it is not. In the order they were added, `constraint` not among them; empty
    /// when `constraint` can be added (or is optional, since an optional constraint conflicts
    /// with nothing).
    ///
    /// What UIKit logs as "Unable to simultaneously satisfy constraints" and chooses the
    /// constraint to break from. Found by a deletion filter (Chinneck & Dravnieks 1991): each
    /// required constraint in turn, last added first, is left out for good if the rest still
    /// conflict with `constraint` without it. A trial solves the remaining set from scratch, so
    /// this costs about as many solves as there are required constraints: for a layout's
    /// moment of failure, not for every frame. The solver itself is not changed.
    ///
    /// ```swift
    /// do { try solver.addConstraint(fixed) } catch .unsatisfiableConstraint(let broken) {
    ///     let conflict = solver.conflictingConstraints(with: broken)
    /// }
    /// ```
    public func conflictingConstraints(with constraint: LayoutConstraint) -> [LayoutConstraint] {
        guard constraint.strength.isRequired, !hasConstraint(constraint) else { return [] }
        var candidates = constraints.filter(\.strength.isRequired)
        guard !Self.isSatisfiable(candidates + [constraint]) else { return [] }
        for index in candidates.indices.reversed() {
            var without = candidates
            without.remove(at: index)
            if !Self.isSatisfiable(without + [constraint]) {
                candidates = without
            }
        }
        return candidates
    }

    /// Whether required `constraints` hold together: whether a new solver takes them all.
    private static func isSatisfiable(_ constraints: [LayoutConstraint]) -> Bool {
        var trial = ConstraintSolver()
        for constraint in constraints {
            do {
                try trial.addConstraint(constraint)
            } catch {
                return false
            }
        }
        return true
    }
}
