/// How much a constraint matters: `required` ones must hold; the others are kept as well as
/// their weights allow, a violation of `amount` costing `amount × value`.
///
/// The scale is kiwi's (and so Python's `kiwisolver`'s): `create(strong, medium, weak)` is
/// `strong × 1 000 000 + medium × 1 000 + weak`, each part clipped to 0…1000, so a strong
/// constraint outweighs up to a thousand medium ones. Every strength is clipped to
/// 0…`required`; exactly `required` makes a constraint required.
///
/// ```swift
/// LayoutStrength.create(0, 2, 0)    // twice medium: 2000
/// LayoutStrength(priority: 750)      // UIKit's defaultHigh: 750 000
/// ```
public struct LayoutStrength: Comparable, Hashable, Sendable, CustomStringConvertible {
    /// The weight, within 0…`LayoutStrength.required.value`.
    public let value: Double

    /// A strength of `value`, clipped to 0…`required` (NaN is 0).
    public init(_ value: Double) {
        self.value = Swift.max(0, Swift.min(Self.requiredValue, value.isNaN ? 0 : value))
    }

    /// kiwi's `strength::create(a, b, c, w)`: `a × w` strong, `b × w` medium and `c × w` weak
    /// parts, each clipped to 0…1000, so `create(1000, 1000, 1000)` is `required`.
    public static func create(_ strong: Double, _ medium: Double, _ weak: Double, weight: Double = 1) -> LayoutStrength {
        func part(_ amount: Double) -> Double { Swift.max(0, Swift.min(1000, amount * weight)) }
        return LayoutStrength(part(strong) * 1_000_000 + part(medium) * 1000 + part(weak))
    }

    private static let requiredValue = 1_001_001_000.0

    /// Must hold: 1 001 001 000, kiwi's `create(1000, 1000, 1000)`.
    public static let required = LayoutStrength(requiredValue)
    /// 1 000 000, kiwi's `create(1, 0, 0)`.
    public static let strong = create(1, 0, 0)
    /// 1000, kiwi's `create(0, 1, 0)`.
    public static let medium = create(0, 1, 0)
    /// 1, kiwi's `create(0, 0, 1)`.
    public static let weak = create(0, 0, 1)

    /// Whether the constraint must hold (the strength is `required`).
    public var isRequired: Bool { value >= Self.requiredValue }

    /// The strength of a UIKit layout priority (`UILayoutPriority`'s raw value, 1…1000).
    ///
    /// 1000 and above is `required`, as UIKit's `.required` is. Below it the strength is
    /// proportional: `priority × 1000` (kiwi's `create(0, priority, 0)`), so `.defaultHigh` (750)
    /// is 750 000, `.defaultLow` (250) 250 000, `.fittingSizeLevel` (50) 50 000, and every
    /// optional priority stays below `strong`. Zero and below give 0, NaN 0.
    ///
    /// Proportional, not lexicographic: a 250 constraint broken by 3 points costs what a 750 one
    /// broken by 1 point does, whereas Apple documents that higher priorities are "satisfied
    /// before" lower ones. Rejected: spreading priorities exponentially over the strength scale,
    /// which still cannot make 999 levels strictly ordered within a finite weight (adjacent
    /// priorities would differ by 2 % only) and makes every error message's weights unreadable.
    public init(priority: Float) {
        if priority >= 1000 {
            self = .required
        } else {
            self = .create(0, Double(priority.isNaN ? 0 : priority), 0)
        }
    }

    /// kiwi's names for its four strengths, else the number.
    public var description: String {
        switch value {
        case Self.required.value: "required"
        case Self.strong.value: "strong"
        case Self.medium.value: "medium"
        case Self.weak.value: "weak"
        default: "\(value)"
        }
    }

    /// Orders by weight.
    public static func < (lhs: LayoutStrength, rhs: LayoutStrength) -> Bool { lhs.value < rhs.value }
}
