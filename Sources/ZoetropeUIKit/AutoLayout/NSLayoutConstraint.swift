/// Mirrors `NSLayoutConstraint`: `firstItem.firstAttribute relation multiplier ×
/// secondItem.secondAttribute + constant`, at a `priority`, between views and layout guides.
///
/// Activating it (`isActive = true`, `activate(_:)`) adds it to the closest common ancestor of
/// its items, as UIKit does; the window's layout pass (`layoutIfNeeded()`, and the film's at the
/// end of each call) solves every active constraint of the tree together with each view's
/// autoresizing-mask and intrinsic-size constraints (docs/uikit.md, *Auto Layout*). Changing
/// `constant` or `priority` marks the layout as needed, as UIKit does; a
/// `layoutIfNeeded()` inside an animations closure then animates the frames that move.
///
/// ```swift
/// let left = field.leadingAnchor.constraint(equalTo: view.leadingAnchor, constant: -400)
/// NSLayoutConstraint.activate([left, field.widthAnchor.constraint(equalToConstant: 280)])
/// left.constant = 20
/// UIView.animate(withDuration: 0.5) { view.layoutIfNeeded() }   // the field slides in
/// ```
@MainActor
open class NSLayoutConstraint: @preconcurrency CustomStringConvertible, @preconcurrency CustomDebugStringConvertible {
    /// Mirrors `NSLayoutConstraint.Attribute`. Leading and trailing are left and right (layouts
    /// are left to right here).
    public enum Attribute: Int, Sendable {
        case left = 1, right, top, bottom, leading, trailing, width, height, centerX, centerY
        case lastBaseline, firstBaseline
        case leftMargin, rightMargin, topMargin, bottomMargin, leadingMargin, trailingMargin
        case centerXWithinMargins, centerYWithinMargins
        case notAnAttribute = 0

        /// The name UIKit's descriptions use.
        var name: String {
            switch self {
            case .left: "left"
            case .right: "right"
            case .top: "top"
            case .bottom: "bottom"
            case .leading: "leading"
            case .trailing: "trailing"
            case .width: "width"
            case .height: "height"
            case .centerX: "centerX"
            case .centerY: "centerY"
            case .lastBaseline: "lastBaseline"
            case .firstBaseline: "firstBaseline"
            case .leftMargin: "leftMargin"
            case .rightMargin: "rightMargin"
            case .topMargin: "topMargin"
            case .bottomMargin: "bottomMargin"
            case .leadingMargin: "leadingMargin"
            case .trailingMargin: "trailingMargin"
            case .centerXWithinMargins: "centerXWithinMargins"
            case .centerYWithinMargins: "centerYWithinMargins"
            case .notAnAttribute: "notAnAttribute"
            }
        }
    }

    /// Mirrors `NSLayoutConstraint.Relation`.
    public enum Relation: Int, Sendable {
        case lessThanOrEqual = -1, equal = 0, greaterThanOrEqual = 1

        var solverRelation: LayoutRelation {
            switch self {
            case .lessThanOrEqual: .lessThanOrEqual
            case .equal: .equal
            case .greaterThanOrEqual: .greaterThanOrEqual
            }
        }

        var symbol: String {
            switch self {
            case .lessThanOrEqual: "<="
            case .equal: "=="
            case .greaterThanOrEqual: ">="
            }
        }
    }

    /// Mirrors `firstItem`: a `UIView` or a `UILayoutGuide` (held weakly, as UIKit holds it).
    public private(set) weak var firstItem: AnyObject?
    /// Mirrors `secondItem`: nil for a constant (`widthAnchor.constraint(equalToConstant:)`).
    public private(set) weak var secondItem: AnyObject?
    /// Mirrors `firstAttribute`.
    public let firstAttribute: Attribute
    /// Mirrors `secondAttribute` (`.notAnAttribute` without a second item).
    public let secondAttribute: Attribute
    /// Mirrors `relation`.
    public let relation: Relation
    /// Mirrors `multiplier`.
    public let multiplier: CGFloat
    /// Mirrors `constant`: changing it marks the layout as needed.
    open var constant: CGFloat {
        didSet { if constant != oldValue { invalidateLayout() } }
    }
    /// Mirrors `priority` (required by default).
    open var priority: UILayoutPriority = .required {
        didSet { if priority != oldValue { invalidateLayout() } }
    }
    /// Mirrors `identifier`: shown in descriptions and in the unsatisfiable-constraints log.
    open var identifier: String?
    /// Mirrors `shouldBeArchived` (kept).
    open var shouldBeArchived = false

    /// The view that holds the constraint while it is active (the items' closest common
    /// ancestor).
    weak var holder: UIView?
    /// Whether the last layout pass broke it (logged once, when it first broke).
    var isBroken = false

    /// Mirrors `init(item:attribute:relatedBy:toItem:attribute:multiplier:constant:)`.
    public init(item view1: Any, attribute attr1: Attribute, relatedBy relation: Relation,
                toItem view2: Any?, attribute attr2: Attribute, multiplier: CGFloat, constant c: CGFloat) {
        firstItem = view1 as AnyObject
        secondItem = view2.map { $0 as AnyObject }
        firstAttribute = attr1
        secondAttribute = view2 == nil ? .notAnAttribute : attr2
        self.relation = relation
        self.multiplier = multiplier
        constant = c
    }

    /// Mirrors `isActive`: whether the layout holds it. Activating a constraint whose items
    /// have no common ancestor stops the program with UIKit's exception.
    open var isActive: Bool {
        get { holder != nil }
        set {
            if newValue { activate() } else { deactivate() }
        }
    }

    /// Mirrors `activate(_:)`.
    public static func activate(_ constraints: [NSLayoutConstraint]) {
        for constraint in constraints { constraint.isActive = true }
    }

    /// Mirrors `deactivate(_:)`.
    public static func deactivate(_ constraints: [NSLayoutConstraint]) {
        for constraint in constraints { constraint.isActive = false }
    }

    private func activate() {
        guard holder == nil else { return }
        let first = (firstItem as? LayoutItem)?.owningViewForLayout
        let second = (secondItem as? LayoutItem)?.owningViewForLayout
        guard let first else {
            fatalError("*** Terminating app due to uncaught exception 'NSInvalidArgumentException', reason: 'NSLayoutConstraint for \(String(describing: firstItem)): Constraint items must each be a view or layout guide.'")
        }
        let ancestor: UIView?
        if let second { ancestor = first.closestCommonAncestor(with: second) } else { ancestor = first }
        guard let ancestor else {
            fatalError("*** Terminating app due to uncaught exception 'NSGenericException', reason: 'Unable to activate constraint with anchors \(anchorDescription(firstItem, firstAttribute)) and \(anchorDescription(secondItem, secondAttribute)) because they have no common ancestor.  Does the constraint or its anchors reference items in different view hierarchies?  That's illegal.'")
        }
        holder = ancestor
        ancestor.layoutState.constraints.append(self)
        invalidateLayout()
    }

    private func deactivate() {
        guard let holder else { return }
        holder.layoutState.constraints.removeAll { $0 === self }
        holder.setNeedsLayout()
        self.holder = nil
        isBroken = false
    }

    /// Marks the items' views (and so their window) as needing layout.
    private func invalidateLayout() {
        guard holder != nil else { return }
        (firstItem as? LayoutItem)?.owningViewForLayout?.setNeedsLayout()
        (secondItem as? LayoutItem)?.owningViewForLayout?.setNeedsLayout()
        holder?.setNeedsLayout()
    }

    private func anchorDescription(_ item: AnyObject?, _ attribute: Attribute) -> String {
        "<NSLayoutAnchor \"\(LayoutPass.name(of: item)).\(attribute.name)\">"
    }

    /// The relation as the solver's constraint, with the items' variables.
    func solverConstraint() -> LayoutConstraint? {
        guard let first = firstItem as? LayoutItem else { return nil }
        let lhs = first.layoutExpression(for: firstAttribute)
        var rhs = LayoutExpression(constant: Double(constant))
        if let second = secondItem as? LayoutItem, secondAttribute != .notAnAttribute {
            rhs = rhs + second.layoutExpression(for: secondAttribute) * Double(multiplier)
        }
        return LayoutConstraint(lhs, relation.solverRelation, rhs, strength: priority.strength)
    }

    /// As UIKit describes a constraint: `<NSLayoutConstraint 'id' UILabel:'title'.leading ==
    /// UIView:'root'.leading + 20   (active)>`, a view named by its `accessibilityIdentifier`
    /// (else its kind and a number the film gave it, else its kind) where UIKit gives an address.
    public var description: String {
        var text = "<NSLayoutConstraint"
        if let identifier { text += " '\(identifier)'" }
        text += " \(LayoutPass.name(of: firstItem)).\(firstAttribute.name) \(relation.symbol) "
        var right = ""
        if secondItem != nil, secondAttribute != .notAnAttribute {
            right = multiplier == 1 ? "" : "\(LayoutPass.number(multiplier))*"
            right += "\(LayoutPass.name(of: secondItem)).\(secondAttribute.name)"
            if constant != 0 { right += constant > 0 ? " + \(LayoutPass.number(constant))" : " - \(LayoutPass.number(-constant))" }
        } else {
            right = LayoutPass.number(constant)
        }
        text += right
        if priority != .required { text += " @\(LayoutPass.number(CGFloat(priority.rawValue)))" }
        text += isActive ? "   (active)>" : "   (inactive)>"
        return text
    }

    /// The same as `description`.
    public var debugDescription: String { description }
}
