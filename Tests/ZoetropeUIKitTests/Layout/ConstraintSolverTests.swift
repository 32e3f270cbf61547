import Testing
import ZoetropeUIKit

/// Small systems whose answers are known by hand (or, for degenerate ones, from kiwisolver
/// 1.5.1): the solver's values, its strengths, its edits and its errors. The random comparison
/// with kiwisolver is `make test-layout`.
@Suite struct ConstraintSolverTests {
    /// Values here are sums of a few small integers: exact in binary, so compared at 1e-9 only to
    /// allow for the pivots' divisions.
    static let tolerance = 1e-9

    func expectValue(_ solver: ConstraintSolver, _ variable: LayoutVariable, _ expected: Double,
                     sourceLocation: SourceLocation = #_sourceLocation) {
        let found = solver.value(of: variable)
        #expect(abs(found - expected) <= Self.tolerance, "\(variable) is \(found), expected \(expected)",
                sourceLocation: sourceLocation)
    }

    @Test func viewBetweenMarginsFillsTheWidthLeft() throws {
        let left = LayoutVariable("left"), width = LayoutVariable("width"), right = LayoutVariable("right")
        var solver = ConstraintSolver()
        try solver.addConstraint(LayoutConstraint(LayoutExpression(left), .equal, 16))
        try solver.addConstraint(LayoutConstraint(left + width, .equal, LayoutExpression(right)))
        try solver.addConstraint(LayoutConstraint(LayoutExpression(right), .equal, 320 - 16))
        expectValue(solver, left, 16)
        expectValue(solver, width, 288)
        expectValue(solver, right, 304)
    }

    @Test(arguments: [(50.0, 100.0), (200.0, 200.0), (500.0, 400.0)])
    func inequalitiesBoundAWeakPreference(preferred: Double, expected: Double) throws {
        let width = LayoutVariable("width")
        var solver = ConstraintSolver()
        try solver.addConstraint(LayoutConstraint(LayoutExpression(width), .greaterThanOrEqual, 100))
        try solver.addConstraint(LayoutConstraint(LayoutExpression(width), .lessThanOrEqual, 400))
        try solver.addConstraint(LayoutConstraint(LayoutExpression(width), .equal, LayoutExpression(constant: preferred), strength: .weak))
        expectValue(solver, width, expected)
    }

    @Test func strongerConstraintsWinAndRemovingThemHandsOver() throws {
        let x = LayoutVariable("x")
        let strong = LayoutConstraint(LayoutExpression(x), .equal, 10, strength: .strong)
        let medium = LayoutConstraint(LayoutExpression(x), .equal, 20, strength: .medium)
        let weak = LayoutConstraint(LayoutExpression(x), .equal, 30, strength: .weak)
        var solver = ConstraintSolver()
        for constraint in [weak, medium, strong] { try solver.addConstraint(constraint) }
        expectValue(solver, x, 10)
        try solver.removeConstraint(strong)
        expectValue(solver, x, 20)
        try solver.removeConstraint(medium)
        expectValue(solver, x, 30)
    }

    @Test func strengthsAreWeighedNotRanked() throws {
        // Two medium pulls outweigh one medium pull the other way; a thousand weak equal one medium.
        let x = LayoutVariable("x")
        var solver = ConstraintSolver()
        try solver.addConstraint(LayoutConstraint(LayoutExpression(x), .equal, 10, strength: .create(0, 2, 0)))
        try solver.addConstraint(LayoutConstraint(LayoutExpression(x), .equal, 20, strength: .medium))
        expectValue(solver, x, 10)
        #expect(LayoutStrength.create(0, 0, 1000) == .medium)
        #expect(LayoutStrength.weak < .medium && LayoutStrength.medium < .strong && LayoutStrength.strong < .required)
    }

    @Test func strengthsHaveKiwisValuesAndClip() {
        #expect(LayoutStrength.required.value == 1_001_001_000)
        #expect(LayoutStrength.strong.value == 1_000_000 && LayoutStrength.medium.value == 1000 && LayoutStrength.weak.value == 1)
        #expect(LayoutStrength.create(1, 2, 3, weight: 2).value == 2_004_006)
        #expect(LayoutStrength.create(5000, -3, 0).value == 1_000_000_000)
        #expect(LayoutStrength(2e9) == .required && LayoutStrength(-5).value == 0 && LayoutStrength(.nan).value == 0)
        #expect(LayoutStrength(2e9).isRequired && !LayoutStrength.create(1000, 1000, 999).isRequired)
    }

    @Test(arguments: [(Float(1000), 1_001_001_000.0), (1001, 1_001_001_000), (999, 999_000), (750, 750_000),
                      (250, 250_000), (50, 50_000), (1, 1000), (0, 0)])
    func uiKitPrioritiesMapToProportionalStrengths(priority: Float, strength: Double) {
        #expect(LayoutStrength(priority: priority).value == strength)
    }

    @Test func suggestingMovesAnEditVariableWithinItsBounds() throws {
        let x = LayoutVariable("x"), y = LayoutVariable("y")
        var solver = ConstraintSolver()
        try solver.addConstraint(LayoutConstraint(LayoutExpression(x), .lessThanOrEqual, 100))
        try solver.addConstraint(LayoutConstraint(LayoutExpression(y), .equal, x + 10))
        try solver.addEditVariable(x, strength: .strong)
        #expect(solver.hasEditVariable(x) && !solver.hasEditVariable(y))
        for (suggestion, expected) in [(50.0, 50.0), (150, 100), (-70, -70), (100, 100)] {
            try solver.suggestValue(suggestion, for: x)
            expectValue(solver, x, expected)
            expectValue(solver, y, expected + 10)
        }
        try solver.addConstraint(LayoutConstraint(LayoutExpression(x), .equal, 5, strength: .weak))
        expectValue(solver, x, 100)
        try solver.removeEditVariable(x)
        expectValue(solver, x, 5)
        #expect(!solver.hasEditVariable(x))
    }

    @Test func removingAConstraintRestoresTheValuesBefore() throws {
        let left = LayoutVariable("left"), width = LayoutVariable("width")
        var solver = ConstraintSolver()
        try solver.addConstraint(LayoutConstraint(left + width, .lessThanOrEqual, 300))
        try solver.addConstraint(LayoutConstraint(LayoutExpression(width), .equal, 120, strength: .medium))
        try solver.addConstraint(LayoutConstraint(LayoutExpression(left), .equal, 40, strength: .weak))
        let before = [solver.value(of: left), solver.value(of: width)]
        let squeeze = LayoutConstraint(LayoutExpression(left), .greaterThanOrEqual, 250, strength: .strong)
        try solver.addConstraint(squeeze)
        expectValue(solver, left, 250)
        expectValue(solver, width, 50)
        try solver.removeConstraint(squeeze)
        #expect([solver.value(of: left), solver.value(of: width)] == before)
        #expect(before == [40, 120])
    }

    @Test func requiredConflictNamesTheConstraintAndLeavesTheSolverAsItWas() throws {
        let left = LayoutVariable("left"), width = LayoutVariable("width"), top = LayoutVariable("top")
        let pinned = LayoutConstraint(LayoutExpression(left), .equal, 0)
        let wide = LayoutConstraint(LayoutExpression(width), .equal, 100)
        let unrelated = LayoutConstraint(LayoutExpression(top), .equal, 3)
        let narrow = LayoutConstraint(left + width, .lessThanOrEqual, 50)
        var solver = ConstraintSolver()
        for constraint in [pinned, unrelated, wide] { try solver.addConstraint(constraint) }
        #expect(throws: ConstraintSolverError.unsatisfiableConstraint(narrow)) {
            try solver.addConstraint(narrow)
        }
        #expect(!solver.hasConstraint(narrow))
        #expect(solver.constraints == [pinned, unrelated, wide])
        expectValue(solver, left, 0)
        expectValue(solver, width, 100)
        #expect(solver.conflictingConstraints(with: narrow) == [pinned, wide])
        #expect(solver.conflictingConstraints(with: LayoutConstraint(narrow, strength: .strong)).isEmpty)

        // Made optional, the constraint gives way to the required ones.
        try solver.addConstraint(LayoutConstraint(narrow, strength: .strong))
        expectValue(solver, width, 100)
    }

    @Test func contradictoryRequiredEqualitiesAreUnsatisfiable() throws {
        let x = LayoutVariable("x")
        var solver = ConstraintSolver()
        try solver.addConstraint(LayoutConstraint(LayoutExpression(x), .equal, 10))
        let redundant = LayoutConstraint(2 * x, .equal, 20)
        try solver.addConstraint(redundant)
        let contradiction = LayoutConstraint(LayoutExpression(x), .equal, 11)
        #expect(throws: ConstraintSolverError.unsatisfiableConstraint(contradiction)) {
            try solver.addConstraint(contradiction)
        }
        #expect(solver.conflictingConstraints(with: contradiction).count == 1)
        expectValue(solver, x, 10)
    }

    @Test func misusesThrowKiwisErrors() throws {
        let x = LayoutVariable("x")
        let constraint = LayoutConstraint(LayoutExpression(x), .greaterThanOrEqual, 1)
        var solver = ConstraintSolver()
        try solver.addConstraint(constraint)
        #expect(throws: ConstraintSolverError.duplicateConstraint(constraint)) { try solver.addConstraint(constraint) }
        // The same relation in another object is another constraint.
        try solver.addConstraint(LayoutConstraint(LayoutExpression(x), .greaterThanOrEqual, 1))
        try solver.removeConstraint(constraint)
        #expect(throws: ConstraintSolverError.unknownConstraint(constraint)) { try solver.removeConstraint(constraint) }
        #expect(throws: ConstraintSolverError.requiredEditStrength(x)) { try solver.addEditVariable(x, strength: .required) }
        #expect(throws: ConstraintSolverError.unknownEditVariable(x)) { try solver.suggestValue(3, for: x) }
        #expect(throws: ConstraintSolverError.unknownEditVariable(x)) { try solver.removeEditVariable(x) }
        try solver.addEditVariable(x, strength: .medium)
        #expect(throws: ConstraintSolverError.duplicateEditVariable(x)) { try solver.addEditVariable(x, strength: .weak) }
        try solver.suggestValue(7, for: x)
        expectValue(solver, x, 7)
    }

    @Test func degenerateOptimaAreKiwis() throws {
        // Several answers are optimal; kiwisolver 1.5.1 gives these, by its pivot order.
        let x = LayoutVariable("x"), y = LayoutVariable("y")
        var solver = ConstraintSolver()
        try solver.addConstraint(LayoutConstraint(x + y, .equal, 10))
        expectValue(solver, x, 10)
        expectValue(solver, y, 0)
        try solver.addConstraint(LayoutConstraint(LayoutExpression(x), .greaterThanOrEqual, 2, strength: .weak))
        try solver.addConstraint(LayoutConstraint(LayoutExpression(y), .greaterThanOrEqual, 3, strength: .weak))
        expectValue(solver, x, 2)
        expectValue(solver, y, 8)
    }

    @Test func layoutDocsExampleGivesItsNumbers() throws {
        // docs/layout.md's example.
        let left = LayoutVariable("left"), width = LayoutVariable("width")
        var solver = ConstraintSolver()
        try solver.addConstraint(LayoutConstraint(LayoutExpression(left), .equal, 16, strength: .medium))
        try solver.addConstraint(LayoutConstraint(left + width, .lessThanOrEqual, 320 - 16))
        try solver.addConstraint(LayoutConstraint(LayoutExpression(width), .equal, 400, strength: .weak))
        expectValue(solver, width, 288)
        try solver.addEditVariable(left, strength: .strong)
        expectValue(solver, left, 0)
        try solver.suggestValue(40, for: left)
        expectValue(solver, width, 264)
    }

    @Test func expressionsMergeTheirTermsInAConstraint() {
        let x = LayoutVariable("x"), y = LayoutVariable("y")
        let constraint = LayoutConstraint(x + 2 * y + LayoutExpression(x) * 2, .lessThanOrEqual, LayoutExpression(y) + 4)
        #expect(constraint.expression.terms.map(\.variable) == [x, y])
        #expect(constraint.expression.terms.map(\.coefficient) == [3, 1])
        #expect(constraint.expression.constant == -4)
        #expect(constraint.description == "3 × x + y - 4 <= 0 (required)")
    }
}
