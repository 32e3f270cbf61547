/// Auto Layout's side of `UIView`: anchors, constraints, guides, margins, priorities, fitting
/// sizes, and autoresizing of subviews when the view's size changes.
extension UIView: LayoutItem {
    var layoutVariables: LayoutItemVariables { layoutState.variables(named: LayoutPass.name(of: self)) }
    var owningViewForLayout: UIView? { self }

    func layoutExpression(for attribute: NSLayoutConstraint.Attribute) -> LayoutExpression {
        let variables = layoutVariables
        if attribute == .firstBaseline || attribute == .lastBaseline, let metrics = baselineMetrics {
            // The text is centred vertically: its top is at top + (height - textHeight) / 2.
            let offset = attribute == .firstBaseline ? metrics.first : metrics.last
            return LayoutExpression(variables.top) + LayoutExpression(variables.height) * 0.5
                + LayoutExpression(constant: Double(offset - metrics.textHeight / 2))
        }
        return variables.expression(for: attribute, margins: layoutState.margins)
    }

    // MARK: Anchors

    /// Mirrors `leadingAnchor` (the left edge: layouts are left to right).
    public var leadingAnchor: NSLayoutXAxisAnchor { NSLayoutXAxisAnchor(item: self, attribute: .leading) }
    /// Mirrors `trailingAnchor` (the right edge).
    public var trailingAnchor: NSLayoutXAxisAnchor { NSLayoutXAxisAnchor(item: self, attribute: .trailing) }
    /// Mirrors `leftAnchor`.
    public var leftAnchor: NSLayoutXAxisAnchor { NSLayoutXAxisAnchor(item: self, attribute: .left) }
    /// Mirrors `rightAnchor`.
    public var rightAnchor: NSLayoutXAxisAnchor { NSLayoutXAxisAnchor(item: self, attribute: .right) }
    /// Mirrors `topAnchor`.
    public var topAnchor: NSLayoutYAxisAnchor { NSLayoutYAxisAnchor(item: self, attribute: .top) }
    /// Mirrors `bottomAnchor`.
    public var bottomAnchor: NSLayoutYAxisAnchor { NSLayoutYAxisAnchor(item: self, attribute: .bottom) }
    /// Mirrors `widthAnchor`.
    public var widthAnchor: NSLayoutDimension { NSLayoutDimension(item: self, attribute: .width) }
    /// Mirrors `heightAnchor`.
    public var heightAnchor: NSLayoutDimension { NSLayoutDimension(item: self, attribute: .height) }
    /// Mirrors `centerXAnchor`.
    public var centerXAnchor: NSLayoutXAxisAnchor { NSLayoutXAxisAnchor(item: self, attribute: .centerX) }
    /// Mirrors `centerYAnchor`.
    public var centerYAnchor: NSLayoutYAxisAnchor { NSLayoutYAxisAnchor(item: self, attribute: .centerY) }
    /// Mirrors `firstBaselineAnchor`: a label's first line's baseline (from its font's
    /// ascender); other views' bottom, as UIKit's.
    public var firstBaselineAnchor: NSLayoutYAxisAnchor { NSLayoutYAxisAnchor(item: self, attribute: .firstBaseline) }
    /// Mirrors `lastBaselineAnchor`: a label's last line's baseline; other views' bottom.
    public var lastBaselineAnchor: NSLayoutYAxisAnchor { NSLayoutYAxisAnchor(item: self, attribute: .lastBaseline) }

    // MARK: Constraints and guides

    /// Mirrors `constraints`: the active constraints this view holds (those whose items'
    /// closest common ancestor it is).
    public var constraints: [NSLayoutConstraint] { layoutState.constraints }

    /// Mirrors `addConstraint(_:)`: activates it.
    public func addConstraint(_ constraint: NSLayoutConstraint) { constraint.isActive = true }
    /// Mirrors `addConstraints(_:)`.
    public func addConstraints(_ constraints: [NSLayoutConstraint]) { NSLayoutConstraint.activate(constraints) }
    /// Mirrors `removeConstraint(_:)`: deactivates it when this view holds it.
    public func removeConstraint(_ constraint: NSLayoutConstraint) {
        if constraint.holder === self { constraint.isActive = false }
    }
    /// Mirrors `removeConstraints(_:)`.
    public func removeConstraints(_ constraints: [NSLayoutConstraint]) { constraints.forEach(removeConstraint) }

    /// Mirrors `layoutGuides`.
    public var layoutGuides: [UILayoutGuide] { layoutState.guides }
    /// Mirrors `addLayoutGuide(_:)`.
    public func addLayoutGuide(_ guide: UILayoutGuide) {
        guide.owningView?.removeLayoutGuide(guide)
        guide.owningView = self
        layoutState.guides.append(guide)
    }
    /// Mirrors `removeLayoutGuide(_:)`.
    public func removeLayoutGuide(_ guide: UILayoutGuide) {
        layoutState.guides.removeAll { $0 === guide }
        if guide.owningView === self { guide.owningView = nil }
        setNeedsLayout()
    }

    /// Mirrors `layoutMarginsGuide`: the bounds inset by `directionalLayoutMargins`.
    public var layoutMarginsGuide: UILayoutGuide {
        if let guide = layoutState.marginsGuide { return guide }
        let guide = UILayoutGuide(kind: .margins, owningView: self)
        layoutState.marginsGuide = guide
        return guide
    }

    /// Mirrors `safeAreaLayoutGuide`: the bounds, less the part of the film's `safeAreaInsets`
    /// they overlap. A film has no notch or bars: its safe area is the whole canvas unless the
    /// film sets insets.
    public var safeAreaLayoutGuide: UILayoutGuide {
        if let guide = layoutState.safeAreaGuide { return guide }
        let guide = UILayoutGuide(kind: .safeArea, owningView: self)
        layoutState.safeAreaGuide = guide
        return guide
    }

    /// Mirrors `safeAreaInsets`: how far the film's safe area insets (`Film.safeAreaInsets`,
    /// zero unless set) reach into this view's frame.
    public var safeAreaInsets: UIEdgeInsets {
        guard let film, film.safeAreaInsets != .zero else { return .zero }
        let root = film.rootView.bounds.size, origin = convert(CGPoint.zero, to: nil), size = bounds.size
        let insets = film.safeAreaInsets
        return UIEdgeInsets(top: max(0, insets.top - origin.y), left: max(0, insets.left - origin.x),
                            bottom: max(0, origin.y + size.height - (root.height - insets.bottom)),
                            right: max(0, origin.x + size.width - (root.width - insets.right)))
    }

    /// Mirrors `directionalLayoutMargins` (8 on every side by default).
    public var directionalLayoutMargins: NSDirectionalEdgeInsets {
        get { layoutState.margins }
        set {
            layoutState.margins = newValue
            setNeedsLayout()
        }
    }

    /// Mirrors `layoutMargins` (left is leading: layouts are left to right).
    public var layoutMargins: UIEdgeInsets {
        get {
            let margins = layoutState.margins
            return UIEdgeInsets(top: margins.top, left: margins.leading, bottom: margins.bottom, right: margins.trailing)
        }
        set {
            directionalLayoutMargins = NSDirectionalEdgeInsets(top: newValue.top, leading: newValue.left,
                                                               bottom: newValue.bottom, trailing: newValue.right)
        }
    }

    // MARK: Priorities and intrinsic size

    /// Mirrors `contentHuggingPriority(for:)`: 250 by default (251 for labels).
    public func contentHuggingPriority(for axis: NSLayoutConstraint.Axis) -> UILayoutPriority {
        layoutState.hugging[axis.rawValue] ?? Self.defaultContentHuggingPriority
    }

    /// Mirrors `setContentHuggingPriority(_:for:)`: how strongly the view resists growing past
    /// its intrinsic size along `axis`.
    public func setContentHuggingPriority(_ priority: UILayoutPriority, for axis: NSLayoutConstraint.Axis) {
        layoutState.hugging[axis.rawValue] = priority
        setNeedsLayout()
    }

    /// Mirrors `contentCompressionResistancePriority(for:)`: 750 by default.
    public func contentCompressionResistancePriority(for axis: NSLayoutConstraint.Axis) -> UILayoutPriority {
        layoutState.compressionResistance[axis.rawValue]
    }

    /// Mirrors `setContentCompressionResistancePriority(_:for:)`: how strongly the view resists
    /// shrinking below its intrinsic size along `axis`.
    public func setContentCompressionResistancePriority(_ priority: UILayoutPriority, for axis: NSLayoutConstraint.Axis) {
        layoutState.compressionResistance[axis.rawValue] = priority
        setNeedsLayout()
    }

    /// Mirrors `invalidateIntrinsicContentSize()`: the next layout pass reads
    /// `intrinsicContentSize` again.
    public func invalidateIntrinsicContentSize() {
        setNeedsLayout()
        superview?.setNeedsLayout()
    }

    /// Mirrors `setNeedsUpdateConstraints()`: `updateConstraints()` runs before the next pass solves.
    public func setNeedsUpdateConstraints() {
        layoutState.needsUpdateConstraints = true
        setNeedsLayout()
    }

    /// Mirrors `updateConstraintsIfNeeded()`.
    public func updateConstraintsIfNeeded() {
        LayoutPass.updateConstraints(in: rootView)
    }

    /// Mirrors `needsUpdateConstraints()`.
    public func needsUpdateConstraints() -> Bool { layoutState.needsUpdateConstraints }

    // MARK: Fitting sizes

    /// Mirrors `layoutFittingCompressedSize`: the smallest size, for `systemLayoutSizeFitting(_:)`.
    public static let layoutFittingCompressedSize = CGSize(width: 0, height: 0)
    /// Mirrors `layoutFittingExpandedSize`: the largest size.
    public static let layoutFittingExpandedSize = CGSize(width: 10_000_000, height: 10_000_000)

    /// Mirrors `systemLayoutSizeFitting(_:)`: the size this view's constraints (and its
    /// subviews') give it when it is pulled towards `targetSize` at `.fittingSizeLevel`; the
    /// frames are not changed.
    public func systemLayoutSizeFitting(_ targetSize: CGSize) -> CGSize {
        systemLayoutSizeFitting(targetSize, withHorizontalFittingPriority: .fittingSizeLevel, verticalFittingPriority: .fittingSizeLevel)
    }

    /// Mirrors `systemLayoutSizeFitting(_:withHorizontalFittingPriority:verticalFittingPriority:)`.
    public func systemLayoutSizeFitting(_ targetSize: CGSize, withHorizontalFittingPriority horizontal: UILayoutPriority,
                                        verticalFittingPriority vertical: UILayoutPriority) -> CGSize {
        LayoutPass.fittingSize(of: self, target: targetSize, priorities: (horizontal, vertical))
    }

    // MARK: Helpers

    /// The closest view that is `self` or an ancestor of it and of `other`.
    func closestCommonAncestor(with other: UIView) -> UIView? {
        var ancestors: [ObjectIdentifier] = []
        var current: UIView? = self
        while let view = current {
            ancestors.append(ObjectIdentifier(view))
            current = view.superview
        }
        current = other
        while let view = current {
            if ancestors.contains(ObjectIdentifier(view)) { return view }
            current = view.superview
        }
        return nil
    }

    /// After the bounds' size changed from `old`: the view needs layout, and subviews with an
    /// autoresizing mask follow (those the layout pass is placing itself excepted).
    func sizeDidChange(from old: CGSize) {
        let new = layer.bounds.size
        guard new != old else { return }
        if let pass = LayoutPass.applying {
            pass.resized.append(self)
        } else {
            layoutState.needsLayout = true
        }
        guard autoresizesSubviews else { return }
        for subview in subviews where !subview.autoresizingMask.isEmpty {
            if let pass = LayoutPass.applying, pass.placed.contains(ObjectIdentifier(subview)) { continue }
            subview.autoresize(from: old, to: new)
        }
    }

    /// Moves and resizes the view for its superview's size change from `old` to `new`, as its
    /// `autoresizingMask` says.
    private func autoresize(from old: CGSize, to new: CGSize) {
        let frame = alignmentFrame
        let mask = autoresizingMask
        let x = Self.share(new.width - old.width, lead: frame.minX, size: frame.width, trail: old.width - frame.maxX,
                           flexible: (mask.contains(.flexibleLeftMargin), mask.contains(.flexibleWidth), mask.contains(.flexibleRightMargin)))
        let y = Self.share(new.height - old.height, lead: frame.minY, size: frame.height, trail: old.height - frame.maxY,
                           flexible: (mask.contains(.flexibleTopMargin), mask.contains(.flexibleHeight), mask.contains(.flexibleBottomMargin)))
        self.frame = CGRect(x: frame.minX + x.lead, y: frame.minY + y.lead, width: frame.width + x.size, height: frame.height + y.size)
    }

    /// How a change `delta` of the superview's size is shared between the flexible parts of
    /// one axis (leading margin, size, trailing margin), in proportion to their sizes (evenly
    /// when they are all zero); the leading margin's and the size's shares.
    static func share(_ delta: CGFloat, lead: CGFloat, size: CGFloat, trail: CGFloat,
                      flexible: (lead: Bool, size: Bool, trail: Bool)) -> (lead: CGFloat, size: CGFloat) {
        let fractions = shareFractions(lead: lead, size: size, trail: trail, flexible: flexible)
        return (delta * fractions.lead, delta * fractions.size)
    }

    /// The fractions of a size change the leading margin and the size take.
    static func shareFractions(lead: CGFloat, size: CGFloat, trail: CGFloat,
                               flexible: (lead: Bool, size: Bool, trail: Bool)) -> (lead: CGFloat, size: CGFloat) {
        let parts = [(flexible.lead, max(lead, 0)), (flexible.size, max(size, 0)), (flexible.trail, max(trail, 0))]
        let count = parts.filter(\.0).count
        guard count > 0 else { return (0, 0) }
        let total = parts.filter(\.0).map(\.1).reduce(0, +)
        func fraction(_ part: (Bool, CGFloat)) -> CGFloat {
            guard part.0 else { return 0 }
            return total > 0 ? part.1 / total : 1 / CGFloat(count)
        }
        return (fraction(parts[0]), fraction(parts[1]))
    }

    /// The frame without the transform (bounds around the centre by the anchor point): what
    /// Auto Layout reads and sets, as UIKit's alignment rectangle.
    var alignmentFrame: CGRect {
        let size = layer.bounds.size, anchor = layer.anchorPoint, position = layer.position
        return CGRect(x: position.x - anchor.x * size.width, y: position.y - anchor.y * size.height,
                      width: size.width, height: size.height)
    }
}
