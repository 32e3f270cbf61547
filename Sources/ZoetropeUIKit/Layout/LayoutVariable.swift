/// An unknown of a layout: a frame's edge, width or centre that a `ConstraintSolver` solves for.
///
/// A variable is an identity, as a `kiwi::Variable` is: two variables with one name are two
/// unknowns. Its value lives in the solver (`ConstraintSolver.value(of:)`), not in the variable,
/// so one variable may take part in several solvers, each with its own answer.
///
/// ```swift
/// let left = LayoutVariable("left"), width = LayoutVariable("width")
/// var solver = ConstraintSolver()
/// try solver.addConstraint(LayoutConstraint(left + width, .equal, 320))
/// ```
public final class LayoutVariable: Hashable, Sendable, CustomStringConvertible {
    /// The name that descriptions and error messages show.
    public let name: String

    /// A new unknown called `name`.
    public init(_ name: String = "") {
        self.name = name
    }

    /// The name, or "(unnamed)".
    public var description: String { name.isEmpty ? "(unnamed)" : name }

    /// Identity: the same object.
    public static func == (lhs: LayoutVariable, rhs: LayoutVariable) -> Bool { lhs === rhs }

    /// Hashes the identity.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(ObjectIdentifier(self))
    }
}
