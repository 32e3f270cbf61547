/// How the two sides of a constraint compare.
///
/// Mirrors `NSLayoutConstraint.Relation`'s cases.
public enum LayoutRelation: Sendable, CustomStringConvertible {
    /// `lhs == rhs`.
    case equal
    /// `lhs <= rhs`.
    case lessThanOrEqual
    /// `lhs >= rhs`.
    case greaterThanOrEqual

    /// `==`, `<=` or `>=`, as kiwi writes them.
    public var description: String {
        switch self {
        case .equal: "=="
        case .lessThanOrEqual: "<="
        case .greaterThanOrEqual: ">="
        }
    }
}

/// A linear relation between variables, with a strength: `lhs relation rhs`, kept as
/// `expression relation 0` with `expression = lhs - rhs`.
///
/// A constraint is an identity, as a `kiwi::Constraint` is: adding one object twice is an
/// error (`ConstraintSolverError.duplicateConstraint`), two objects with the same terms are two
/// constraints, and removing needs the object that was added.
///
/// ```swift
/// let fill = LayoutConstraint(left + width, .equal, LayoutExpression(right) - 20)
/// let preferred = LayoutConstraint(LayoutExpression(width), .equal, 100, strength: .weak)
/// ```
public final class LayoutConstraint: Hashable, Sendable, CustomStringConvertible {
    /// `lhs - rhs`, each variable once, in the order they first appear (the sides' terms are
    /// merged and their coefficients summed, as kiwi's constraint reduces its expression).
    public let expression: LayoutExpression
    /// How `expression` compares with 0.
    public let relation: LayoutRelation
    /// The weight of the constraint, `required` when it must hold.
    public let strength: LayoutStrength

    /// `lhs relation rhs` at `strength` (required unless given).
    public init(_ lhs: LayoutExpression, _ relation: LayoutRelation, _ rhs: LayoutExpression = 0,
                strength: LayoutStrength = .required) {
        self.expression = (lhs - rhs).reduced
        self.relation = relation
        self.strength = strength
    }

    /// The same relation as `other`, at another strength: a new constraint (kiwi's
    /// `constraint | strength`).
    public convenience init(_ other: LayoutConstraint, strength: LayoutStrength) {
        self.init(other.expression, other.relation, strength: strength)
    }

    /// For instance `left + width - 300 == 0 (required)`.
    public var description: String { "\(expression) \(relation) 0 (\(strength))" }

    /// Identity: the same object.
    public static func == (lhs: LayoutConstraint, rhs: LayoutConstraint) -> Bool { lhs === rhs }

    /// Hashes the identity.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(ObjectIdentifier(self))
    }
}
