/// Mirrors `NSLayoutAnchor`: an attribute of a view or layout guide that makes constraints
/// with another anchor of its kind (x axis, y axis, dimension: the type parameter keeps a
/// leading edge from being tied to a height, as in UIKit). The constraints come back inactive.
///
/// ```swift
/// title.leadingAnchor.constraint(equalTo: view.layoutMarginsGuide.leadingAnchor).isActive = true
/// ```
@MainActor
open class NSLayoutAnchor<AnchorType: AnyObject> {
    /// The view or layout guide.
    let item: AnyObject
    let attribute: NSLayoutConstraint.Attribute

    init(item: AnyObject, attribute: NSLayoutConstraint.Attribute) {
        self.item = item
        self.attribute = attribute
    }

    /// Mirrors `constraint(equalTo:constant:)` (and `constraint(equalTo:)`).
    public func constraint(equalTo anchor: NSLayoutAnchor<AnchorType>, constant c: CGFloat = 0) -> NSLayoutConstraint {
        make(.equal, anchor, multiplier: 1, constant: c)
    }

    /// Mirrors `constraint(greaterThanOrEqualTo:constant:)`.
    public func constraint(greaterThanOrEqualTo anchor: NSLayoutAnchor<AnchorType>, constant c: CGFloat = 0) -> NSLayoutConstraint {
        make(.greaterThanOrEqual, anchor, multiplier: 1, constant: c)
    }

    /// Mirrors `constraint(lessThanOrEqualTo:constant:)`.
    public func constraint(lessThanOrEqualTo anchor: NSLayoutAnchor<AnchorType>, constant c: CGFloat = 0) -> NSLayoutConstraint {
        make(.lessThanOrEqual, anchor, multiplier: 1, constant: c)
    }

    func make(_ relation: NSLayoutConstraint.Relation, _ anchor: NSLayoutAnchor<AnchorType>?, multiplier: CGFloat,
              constant c: CGFloat) -> NSLayoutConstraint {
        NSLayoutConstraint(item: item, attribute: attribute, relatedBy: relation, toItem: anchor?.item,
                           attribute: anchor?.attribute ?? .notAnAttribute, multiplier: multiplier, constant: c)
    }
}

/// Mirrors `NSLayoutXAxisAnchor`: leading, trailing, left, right and centre x.
public final class NSLayoutXAxisAnchor: NSLayoutAnchor<NSLayoutXAxisAnchor> {}

/// Mirrors `NSLayoutYAxisAnchor`: top, bottom, centre y and the baselines.
public final class NSLayoutYAxisAnchor: NSLayoutAnchor<NSLayoutYAxisAnchor> {}

/// Mirrors `NSLayoutDimension`: width and height, which also take constants and multipliers.
public final class NSLayoutDimension: NSLayoutAnchor<NSLayoutDimension> {
    /// Mirrors `constraint(equalToConstant:)`.
    public func constraint(equalToConstant c: CGFloat) -> NSLayoutConstraint {
        make(.equal, nil, multiplier: 1, constant: c)
    }

    /// Mirrors `constraint(greaterThanOrEqualToConstant:)`.
    public func constraint(greaterThanOrEqualToConstant c: CGFloat) -> NSLayoutConstraint {
        make(.greaterThanOrEqual, nil, multiplier: 1, constant: c)
    }

    /// Mirrors `constraint(lessThanOrEqualToConstant:)`.
    public func constraint(lessThanOrEqualToConstant c: CGFloat) -> NSLayoutConstraint {
        make(.lessThanOrEqual, nil, multiplier: 1, constant: c)
    }

    /// Mirrors `constraint(equalTo:multiplier:constant:)` (and `constraint(equalTo:multiplier:)`).
    public func constraint(equalTo anchor: NSLayoutDimension, multiplier m: CGFloat, constant c: CGFloat = 0) -> NSLayoutConstraint {
        make(.equal, anchor, multiplier: m, constant: c)
    }

    /// Mirrors `constraint(greaterThanOrEqualTo:multiplier:constant:)`.
    public func constraint(greaterThanOrEqualTo anchor: NSLayoutDimension, multiplier m: CGFloat, constant c: CGFloat = 0) -> NSLayoutConstraint {
        make(.greaterThanOrEqual, anchor, multiplier: m, constant: c)
    }

    /// Mirrors `constraint(lessThanOrEqualTo:multiplier:constant:)`.
    public func constraint(lessThanOrEqualTo anchor: NSLayoutDimension, multiplier m: CGFloat, constant c: CGFloat = 0) -> NSLayoutConstraint {
        make(.lessThanOrEqual, anchor, multiplier: m, constant: c)
    }
}

/// A view or a layout guide: what a constraint's items are. Its frame's edges are solver
/// variables in its window's coordinates.
@MainActor
protocol LayoutItem: AnyObject {
    var layoutVariables: LayoutItemVariables { get }
    /// The view itself, or a guide's owning view.
    var owningViewForLayout: UIView? { get }
    /// The solver expression of `attribute`.
    func layoutExpression(for attribute: NSLayoutConstraint.Attribute) -> LayoutExpression
}

/// The four unknowns of an item's frame, in its window's coordinates.
final class LayoutItemVariables: Sendable {
    let left: LayoutVariable, top: LayoutVariable, width: LayoutVariable, height: LayoutVariable

    init(_ name: String) {
        left = LayoutVariable(name + ".minX")
        top = LayoutVariable(name + ".minY")
        width = LayoutVariable(name + ".width")
        height = LayoutVariable(name + ".height")
    }

    /// An edge, size or centre of the frame, inset by `margins` for the margin attributes;
    /// the baselines are the bottom (a label's are its own: `UIView.baselineMetrics`).
    func expression(for attribute: NSLayoutConstraint.Attribute, margins: NSDirectionalEdgeInsets) -> LayoutExpression {
        let l = LayoutExpression(left), t = LayoutExpression(top), w = LayoutExpression(width), h = LayoutExpression(height)
        let leading = Double(margins.leading), trailing = Double(margins.trailing)
        let top = Double(margins.top), bottom = Double(margins.bottom)
        switch attribute {
        case .left, .leading: return l
        case .right, .trailing: return l + w
        case .top: return t
        case .bottom, .lastBaseline, .firstBaseline: return t + h
        case .width: return w
        case .height: return h
        case .centerX: return l + w * 0.5
        case .centerY: return t + h * 0.5
        case .leftMargin, .leadingMargin: return l + LayoutExpression(constant: leading)
        case .rightMargin, .trailingMargin: return l + w - LayoutExpression(constant: trailing)
        case .topMargin: return t + LayoutExpression(constant: top)
        case .bottomMargin: return t + h - LayoutExpression(constant: bottom)
        case .centerXWithinMargins: return l + w * 0.5 + LayoutExpression(constant: (leading - trailing) / 2)
        case .centerYWithinMargins: return t + h * 0.5 + LayoutExpression(constant: (top - bottom) / 2)
        case .notAnAttribute: return 0
        }
    }
}
