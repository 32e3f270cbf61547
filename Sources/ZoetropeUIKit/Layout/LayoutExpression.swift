/// A linear expression, `constant + Σ coefficient × variable`: one side of a constraint.
///
/// Build it from terms, or with `+`, `-` and `*` on variables, numbers and expressions:
///
/// ```swift
/// let right = left + width                 // left + 1 × width
/// let middle = 0.5 * (left + right) - 8    // kiwi's and UIKit's multiplier and constant
/// ```
///
/// Terms are kept as written (a variable may appear twice); a constraint merges them
/// (`LayoutConstraint.expression`).
public struct LayoutExpression: Sendable, ExpressibleByFloatLiteral, ExpressibleByIntegerLiteral, CustomStringConvertible {
    /// One `coefficient × variable` of an expression.
    public struct Term: Sendable {
        /// The unknown.
        public let variable: LayoutVariable
        /// What it is multiplied by.
        public let coefficient: Double

        /// `coefficient × variable`.
        public init(_ variable: LayoutVariable, _ coefficient: Double = 1) {
            self.variable = variable
            self.coefficient = coefficient
        }
    }

    /// The terms, in the order they were written.
    public let terms: [Term]
    /// The part that names no variable.
    public let constant: Double

    /// `constant + Σ terms`.
    public init(_ terms: [Term] = [], constant: Double = 0) {
        self.terms = terms
        self.constant = constant
    }

    /// `1 × variable`.
    public init(_ variable: LayoutVariable) {
        self.init([Term(variable)])
    }

    /// The constant `value`.
    public init(floatLiteral value: Double) {
        self.init(constant: value)
    }

    /// The constant `value`.
    public init(integerLiteral value: Int) {
        self.init(constant: Double(value))
    }

    /// The expression with duplicate variables merged into their first term (coefficients
    /// summed, kept even when the sum is 0), in the order the variables first appear.
    var reduced: LayoutExpression {
        var order: [LayoutVariable] = []
        var sums: [LayoutVariable: Double] = [:]
        for term in terms {
            if let sum = sums[term.variable] {
                sums[term.variable] = sum + term.coefficient
            } else {
                order.append(term.variable)
                sums[term.variable] = term.coefficient
            }
        }
        return LayoutExpression(order.map { Term($0, sums[$0] ?? 0) }, constant: constant)
    }

    /// For instance `2 × width + left - 10`.
    public var description: String {
        var text = ""
        for term in terms {
            let magnitude = abs(term.coefficient)
            let sign = term.coefficient < 0 ? "-" : "+"
            text += text.isEmpty ? (sign == "-" ? "-" : "") : " \(sign) "
            text += magnitude == 1 ? term.variable.description : "\(Self.number(magnitude)) × \(term.variable)"
        }
        if text.isEmpty {
            return Self.number(constant)
        }
        if constant != 0 {
            text += constant < 0 ? " - \(Self.number(-constant))" : " + \(Self.number(constant))"
        }
        return text
    }

    /// `3` rather than `3.0`; other numbers as Swift prints them.
    private static func number(_ value: Double) -> String {
        let text = "\(value)"
        return text.hasSuffix(".0") ? String(text.dropLast(2)) : text
    }
}

extension LayoutExpression {
    /// The sum of two expressions: terms of both, constants added.
    public static func + (lhs: LayoutExpression, rhs: LayoutExpression) -> LayoutExpression {
        LayoutExpression(lhs.terms + rhs.terms, constant: lhs.constant + rhs.constant)
    }

    /// The difference of two expressions.
    public static func - (lhs: LayoutExpression, rhs: LayoutExpression) -> LayoutExpression {
        lhs + -rhs
    }

    /// Every coefficient and the constant negated.
    public static prefix func - (operand: LayoutExpression) -> LayoutExpression {
        operand * -1
    }

    /// Every coefficient and the constant multiplied by `factor`.
    public static func * (expression: LayoutExpression, factor: Double) -> LayoutExpression {
        LayoutExpression(expression.terms.map { Term($0.variable, $0.coefficient * factor) },
                         constant: expression.constant * factor)
    }

    /// Every coefficient and the constant multiplied by `factor`.
    public static func * (factor: Double, expression: LayoutExpression) -> LayoutExpression {
        expression * factor
    }

    /// Every coefficient and the constant divided by `divisor`.
    public static func / (expression: LayoutExpression, divisor: Double) -> LayoutExpression {
        LayoutExpression(expression.terms.map { Term($0.variable, $0.coefficient / divisor) },
                         constant: expression.constant / divisor)
    }
}

extension LayoutVariable {
    /// `variable + expression`.
    public static func + (lhs: LayoutVariable, rhs: LayoutExpression) -> LayoutExpression {
        LayoutExpression(lhs) + rhs
    }

    /// `expression + variable`.
    public static func + (lhs: LayoutExpression, rhs: LayoutVariable) -> LayoutExpression {
        lhs + LayoutExpression(rhs)
    }

    /// `variable + variable`.
    public static func + (lhs: LayoutVariable, rhs: LayoutVariable) -> LayoutExpression {
        LayoutExpression(lhs) + LayoutExpression(rhs)
    }

    /// `variable - expression`.
    public static func - (lhs: LayoutVariable, rhs: LayoutExpression) -> LayoutExpression {
        LayoutExpression(lhs) - rhs
    }

    /// `expression - variable`.
    public static func - (lhs: LayoutExpression, rhs: LayoutVariable) -> LayoutExpression {
        lhs - LayoutExpression(rhs)
    }

    /// `variable - variable`.
    public static func - (lhs: LayoutVariable, rhs: LayoutVariable) -> LayoutExpression {
        LayoutExpression(lhs) - LayoutExpression(rhs)
    }

    /// `factor × variable`.
    public static func * (factor: Double, variable: LayoutVariable) -> LayoutExpression {
        LayoutExpression([LayoutExpression.Term(variable, factor)])
    }

    /// `variable × factor`.
    public static func * (variable: LayoutVariable, factor: Double) -> LayoutExpression {
        factor * variable
    }
}
