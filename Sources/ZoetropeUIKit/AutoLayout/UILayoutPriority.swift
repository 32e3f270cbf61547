/// Mirrors `UILayoutPriority`: how much a constraint matters, 1…1000. `required` (1000) must
/// hold; the others are kept as well as they can be, each weighed by its priority
/// (`LayoutStrength(priority:)`, docs/layout.md: proportional, not strictly ranked).
///
/// ```swift
/// width.priority = .defaultHigh - 1      // 749
/// ```
public struct UILayoutPriority: RawRepresentable, Hashable, Comparable, Sendable,
    ExpressibleByFloatLiteral, ExpressibleByIntegerLiteral {
    public var rawValue: Float

    /// Mirrors `init(rawValue:)`.
    public init(rawValue: Float) { self.rawValue = rawValue }
    /// Mirrors `init(_:)`.
    public init(_ rawValue: Float) { self.rawValue = rawValue }
    /// A priority written as a number (`let p: UILayoutPriority = 999`).
    public init(floatLiteral value: Float) { rawValue = value }
    /// A priority written as a whole number.
    public init(integerLiteral value: Int) { rawValue = Float(value) }

    /// Mirrors `required`: 1000, must hold.
    public static let required = UILayoutPriority(1000)
    /// Mirrors `defaultHigh`: 750, a compression resistance's default.
    public static let defaultHigh = UILayoutPriority(750)
    /// Mirrors `dragThatCanResizeScene`: 510.
    public static let dragThatCanResizeScene = UILayoutPriority(510)
    /// Mirrors `sceneSizeStayPut`: 500.
    public static let sceneSizeStayPut = UILayoutPriority(500)
    /// Mirrors `dragThatCannotResizeScene`: 490.
    public static let dragThatCannotResizeScene = UILayoutPriority(490)
    /// Mirrors `defaultLow`: 250, a content hugging's default.
    public static let defaultLow = UILayoutPriority(250)
    /// Mirrors `fittingSizeLevel`: 50, what `systemLayoutSizeFitting(_:)` pulls the size with.
    public static let fittingSizeLevel = UILayoutPriority(50)

    /// Orders by raw value.
    public static func < (lhs: UILayoutPriority, rhs: UILayoutPriority) -> Bool { lhs.rawValue < rhs.rawValue }
    /// Mirrors `+`: `.defaultLow + 1` is 251.
    public static func + (lhs: UILayoutPriority, rhs: Float) -> UILayoutPriority { UILayoutPriority(lhs.rawValue + rhs) }
    /// Mirrors `-`: `.required - 1` is 999.
    public static func - (lhs: UILayoutPriority, rhs: Float) -> UILayoutPriority { UILayoutPriority(lhs.rawValue - rhs) }

    /// The solver's strength for this priority.
    var strength: LayoutStrength { LayoutStrength(priority: rawValue) }
}

extension NSLayoutConstraint {
    /// Mirrors `NSLayoutConstraint.Axis`.
    public enum Axis: Int, Sendable {
        case horizontal = 0, vertical = 1
    }
}

extension UIView {
    /// Mirrors `UIView.AutoresizingMask`: the parts of a view's frame that grow or shrink when
    /// its superview's size changes. When several along one axis are flexible, the change is
    /// shared in proportion to their sizes (evenly when they are all zero), as UIKit shares it.
    public struct AutoresizingMask: OptionSet, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }
        public static let flexibleLeftMargin = AutoresizingMask(rawValue: 1 << 0)
        public static let flexibleWidth = AutoresizingMask(rawValue: 1 << 1)
        public static let flexibleRightMargin = AutoresizingMask(rawValue: 1 << 2)
        public static let flexibleTopMargin = AutoresizingMask(rawValue: 1 << 3)
        public static let flexibleHeight = AutoresizingMask(rawValue: 1 << 4)
        public static let flexibleBottomMargin = AutoresizingMask(rawValue: 1 << 5)
    }
}

/// Mirrors `UIEdgeInsets`: distances inward from each edge of a rectangle.
public struct UIEdgeInsets: Equatable, Sendable {
    public var top: CGFloat, left: CGFloat, bottom: CGFloat, right: CGFloat
    /// Mirrors `init(top:left:bottom:right:)`.
    public init(top: CGFloat, left: CGFloat, bottom: CGFloat, right: CGFloat) {
        self.top = top; self.left = left; self.bottom = bottom; self.right = right
    }
    /// Mirrors `UIEdgeInsets.zero`.
    public static let zero = UIEdgeInsets(top: 0, left: 0, bottom: 0, right: 0)
}

/// Mirrors `NSDirectionalEdgeInsets`: insets by leading and trailing edges (left and right
/// here: layouts are left to right).
public struct NSDirectionalEdgeInsets: Equatable, Sendable {
    public var top: CGFloat, leading: CGFloat, bottom: CGFloat, trailing: CGFloat
    /// Mirrors `init(top:leading:bottom:trailing:)`.
    public init(top: CGFloat, leading: CGFloat, bottom: CGFloat, trailing: CGFloat) {
        self.top = top; self.leading = leading; self.bottom = bottom; self.trailing = trailing
    }
    /// Mirrors `NSDirectionalEdgeInsets.zero`.
    public static let zero = NSDirectionalEdgeInsets(top: 0, leading: 0, bottom: 0, trailing: 0)
}

extension CGRect {
    /// Mirrors `inset(by:)` for `UIEdgeInsets`.
    public func inset(by insets: UIEdgeInsets) -> CGRect {
        CGRect(x: origin.x + insets.left, y: origin.y + insets.top,
               width: size.width - insets.left - insets.right, height: size.height - insets.top - insets.bottom)
    }
}
