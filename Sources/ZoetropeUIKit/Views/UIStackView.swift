/// Mirrors `UIStackView`: its arranged subviews in a row or a column, laid out by Auto Layout
/// constraints it makes itself (named `UISV-…`, as UIKit names them), from `axis`,
/// `distribution`, `alignment` and `spacing`.
///
/// A hidden arranged view leaves the arrangement: it is held to no size along the axis and
/// the others close the gap. Hidden inside an animations closure, the stack lays out in that
/// closure, so the others slide together and the hidden one shrinks, as in UIKit.
///
/// ```swift
/// let row = UIStackView(arrangedSubviews: [icon, title, badge])
/// row.axis = .horizontal
/// row.spacing = 8
/// row.alignment = .center
/// UIView.animate(withDuration: 0.3) { badge.isHidden = true }   // title and icon close up
/// ```
open class UIStackView: UIView {
    /// Mirrors `UIStackView.Distribution`: how the arranged views share the length of the axis.
    public enum Distribution: Int, Sendable {
        /// The views fill the axis; those of lowest hugging priority stretch, those of lowest
        /// compression resistance shrink.
        case fill = 0
        /// Every view as long as the others.
        case fillEqually
        /// Lengths in proportion to the views' intrinsic lengths.
        case fillProportionally
        /// The views at their intrinsic lengths, the gaps between them equal (at least `spacing`).
        case equalSpacing
        /// The views' centres equally spaced (gaps at least `spacing`).
        case equalCentering
    }

    /// Mirrors `UIStackView.Alignment`: where the views sit across the axis.
    public enum Alignment: Int, Sendable {
        case fill = 0, leading, firstBaseline, center, trailing, lastBaseline
        /// Mirrors `top`: `leading`.
        public static var top: Alignment { .leading }
        /// Mirrors `bottom`: `trailing`.
        public static var bottom: Alignment { .trailing }
    }

    /// Mirrors `arrangedSubviews`, in order along the axis.
    public private(set) var arrangedSubviews: [UIView] = []
    /// Mirrors `axis` (horizontal by default).
    open var axis: NSLayoutConstraint.Axis = .horizontal { didSet { arrange() } }
    /// Mirrors `distribution` (`.fill` by default).
    open var distribution: Distribution = .fill { didSet { arrange() } }
    /// Mirrors `alignment` (`.fill` by default).
    open var alignment: Alignment = .fill { didSet { arrange() } }
    /// Mirrors `spacing`: the gap between neighbours (the least gap for the equal distributions).
    open var spacing: CGFloat = 0 { didSet { arrange() } }
    /// Mirrors `isLayoutMarginsRelativeArrangement`: the views are arranged within the margins.
    open var isLayoutMarginsRelativeArrangement = false { didSet { arrange() } }

    /// The constraints and spacer guides the stack made for its arrangement.
    private var arrangement: [NSLayoutConstraint] = []
    private var spacers: [UILayoutGuide] = []

    /// Mirrors `init(arrangedSubviews:)`.
    public convenience init(arrangedSubviews views: [UIView]) {
        self.init(frame: .zero)
        for view in views { addArrangedSubview(view) }
    }

    /// Mirrors `init(frame:)`.
    public override init(frame: CGRect) {
        super.init(frame: frame)
    }

    /// Mirrors `init(coder:)`: made as `init(frame: .zero)` makes it (there are no archives).
    public required init?(coder: NSCoder) {
        super.init(coder: coder)
    }

    /// Mirrors `addArrangedSubview(_:)`: at the end of the arrangement, and a subview on top.
    open func addArrangedSubview(_ view: UIView) {
        insertArrangedSubview(view, at: arrangedSubviews.count - (arrangedSubviews.contains { $0 === view } ? 1 : 0))
    }

    /// Mirrors `insertArrangedSubview(_:at:)`: a subview too, if it is not one already.
    open func insertArrangedSubview(_ view: UIView, at stackIndex: Int) {
        arrangedSubviews.removeAll { $0 === view }
        arrangedSubviews.insert(view, at: min(max(stackIndex, 0), arrangedSubviews.count))
        view.translatesAutoresizingMaskIntoConstraints = false
        if view.superview !== self { addSubview(view) }
        arrange()
    }

    /// Mirrors `removeArrangedSubview(_:)`: out of the arrangement, but still a subview (as in
    /// UIKit: call `removeFromSuperview()` too to take it off screen).
    open func removeArrangedSubview(_ view: UIView) {
        arrangedSubviews.removeAll { $0 === view }
        arrange()
    }

    /// An arranged view's `isHidden` changed: it leaves or rejoins the arrangement, laid out at
    /// once inside an animations closure so that the change animates.
    func arrangedSubviewVisibilityChanged(_ view: UIView) {
        guard arrangedSubviews.contains(where: { $0 === view }) else { return }
        arrange()
        if let recording = AnimationRecording.current, recording.animates { layoutIfNeeded() }
    }

    /// Replaces the stack's constraints with ones for the current arrangement.
    private func arrange() {
        NSLayoutConstraint.deactivate(arrangement)
        for spacer in spacers { removeLayoutGuide(spacer) }
        arrangement = []
        spacers = []
        arrangedSubviews.removeAll { $0.superview !== self }
        setNeedsLayout()
        guard !arrangedSubviews.isEmpty else { return }

        let horizontal = axis == .horizontal
        let margins = isLayoutMarginsRelativeArrangement
        typealias A = NSLayoutConstraint.Attribute
        let lead: A = horizontal ? .leading : .top, trail: A = horizontal ? .trailing : .bottom
        let length: A = horizontal ? .width : .height, center: A = horizontal ? .centerX : .centerY
        let crossLead: A = horizontal ? .top : .leading, crossTrail: A = horizontal ? .bottom : .trailing
        let crossCenter: A = horizontal ? .centerY : .centerX, crossLength: A = horizontal ? .height : .width
        func edge(_ attribute: A) -> A {
            guard margins else { return attribute }
            switch attribute {
            case .leading: return .leadingMargin
            case .trailing: return .trailingMargin
            case .top: return .topMargin
            case .bottom: return .bottomMargin
            case .centerX: return .centerXWithinMargins
            case .centerY: return .centerYWithinMargins
            default: return attribute
            }
        }
        func make(_ a: AnyObject, _ aAttribute: A, _ relation: NSLayoutConstraint.Relation, _ b: AnyObject?, _ bAttribute: A,
                  multiplier: CGFloat = 1, constant: CGFloat = 0, priority: UILayoutPriority = .required, _ identifier: String) {
            let constraint = NSLayoutConstraint(item: a, attribute: aAttribute, relatedBy: relation, toItem: b, attribute: bAttribute,
                                                multiplier: multiplier, constant: constant)
            constraint.priority = priority
            constraint.identifier = identifier
            arrangement.append(constraint)
        }

        let visible = arrangedSubviews.filter { !$0.isHidden }
        // Along the axis: the first and last at the stack's ends, neighbours `spacing` apart.
        if let first = visible.first, let last = visible.last {
            make(first, lead, .equal, self, edge(lead), "UISV-canvas-connection")
            make(last, trail, .equal, self, edge(trail), "UISV-canvas-connection")
        }
        for (previous, next) in zip(visible, visible.dropFirst()) {
            switch distribution {
            case .fill, .fillEqually, .fillProportionally:
                make(next, lead, .equal, previous, trail, constant: spacing, "UISV-spacing")
            case .equalSpacing, .equalCentering:
                make(next, lead, .greaterThanOrEqual, previous, trail, constant: spacing, "UISV-spacing")
                let spacer = UILayoutGuide()
                spacer.identifier = "UISV-distributing"
                addLayoutGuide(spacer)
                spacers.append(spacer)
                let equalSpacing = distribution == .equalSpacing
                make(spacer, lead, .equal, previous, equalSpacing ? trail : center, "UISV-distributing-edge")
                make(spacer, trail, .equal, next, equalSpacing ? lead : center, "UISV-distributing-edge")
                if let firstSpacer = spacers.first, firstSpacer !== spacer {
                    make(spacer, length, .equal, firstSpacer, length, "UISV-fill-equally")
                }
            }
        }
        switch distribution {
        case .fillEqually:
            for view in visible.dropFirst() { make(view, length, .equal, visible[0], length, "UISV-fill-equally") }
        case .fillProportionally:
            let sizes = visible.map { view -> CGFloat in
                let size = view.intrinsicContentSize
                return max(horizontal ? size.width : size.height, 0)
            }
            let total = sizes.reduce(0, +), gaps = spacing * CGFloat(visible.count - 1)
            for (view, size) in zip(visible, sizes) {
                let share = total > 0 ? size / total : 1 / CGFloat(visible.count)
                make(view, length, .equal, self, length, multiplier: share, constant: -gaps * share, "UISV-fill-proportionally")
            }
        default:
            break
        }

        // Across the axis.
        let crossAlignment: Alignment = horizontal ? alignment : (alignment == .firstBaseline ? .leading : alignment == .lastBaseline ? .trailing : alignment)
        for view in visible {
            switch crossAlignment {
            case .fill:
                make(view, crossLead, .equal, self, edge(crossLead), "UISV-alignment")
                make(view, crossTrail, .equal, self, edge(crossTrail), "UISV-alignment")
            case .leading:
                make(view, crossLead, .equal, self, edge(crossLead), "UISV-alignment")
                make(view, crossTrail, .lessThanOrEqual, self, edge(crossTrail), "UISV-spanning-boundary")
            case .trailing:
                make(view, crossTrail, .equal, self, edge(crossTrail), "UISV-alignment")
                make(view, crossLead, .greaterThanOrEqual, self, edge(crossLead), "UISV-spanning-boundary")
            case .center:
                make(view, crossCenter, .equal, self, edge(crossCenter), "UISV-alignment")
                make(view, crossLead, .greaterThanOrEqual, self, edge(crossLead), "UISV-spanning-boundary")
            case .firstBaseline, .lastBaseline:
                let baseline: A = crossAlignment == .firstBaseline ? .firstBaseline : .lastBaseline
                if view !== visible[0] { make(view, baseline, .equal, visible[0], baseline, "UISV-alignment") }
                make(view, crossLead, .greaterThanOrEqual, self, edge(crossLead), "UISV-spanning-boundary")
                make(view, crossTrail, .lessThanOrEqual, self, edge(crossTrail), "UISV-spanning-boundary")
            }
        }
        if crossAlignment != .fill, !visible.isEmpty {
            // The stack hugs its tallest view across the axis, below every other priority.
            make(self, crossLength, .equal, nil, .notAnAttribute, priority: UILayoutPriority(49), "UISV-canvas-fit")
        }

        // Hidden views: no length, at the end of the views before them.
        for (index, view) in arrangedSubviews.enumerated() where view.isHidden {
            make(view, length, .equal, nil, .notAnAttribute, "UISV-hiding")
            if let before = arrangedSubviews[..<index].last(where: { !$0.isHidden }) {
                make(view, lead, .equal, before, trail, "UISV-hiding")
            } else {
                make(view, lead, .equal, self, edge(lead), "UISV-hiding")
            }
        }
        NSLayoutConstraint.activate(arrangement)
    }
}
