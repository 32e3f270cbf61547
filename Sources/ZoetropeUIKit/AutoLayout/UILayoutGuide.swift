/// Mirrors `UILayoutGuide`: a rectangle in a view's coordinates that takes part in Auto
/// Layout without drawing (the space between views, a margin). Added with
/// `addLayoutGuide(_:)`; a view's `layoutMarginsGuide` and `safeAreaLayoutGuide` are guides
/// the view keeps at its margins and its safe area.
@MainActor
open class UILayoutGuide: LayoutItem {
    /// Mirrors `owningView`.
    public internal(set) weak var owningView: UIView?
    /// Mirrors `identifier`.
    open var identifier = ""
    /// Mirrors `layoutFrame`: the guide's rectangle in its owning view's coordinates, as the
    /// last layout pass left it.
    public internal(set) var layoutFrame = CGRect.zero
    /// How the guide is held to its view (a guide of one's own is held by its constraints).
    enum Kind { case own, margins, safeArea }
    let kind: Kind
    let layoutVariables: LayoutItemVariables

    /// Mirrors `init()`.
    public init() {
        kind = .own
        layoutVariables = LayoutItemVariables("guide")
    }

    init(kind: Kind, owningView: UIView) {
        self.kind = kind
        self.owningView = owningView
        layoutVariables = LayoutItemVariables(kind == .margins ? "layoutMarginsGuide" : "safeAreaLayoutGuide")
    }

    var owningViewForLayout: UIView? { owningView }

    func layoutExpression(for attribute: NSLayoutConstraint.Attribute) -> LayoutExpression {
        layoutVariables.expression(for: attribute, margins: .zero)
    }

    /// Mirrors `leadingAnchor`.
    public var leadingAnchor: NSLayoutXAxisAnchor { NSLayoutXAxisAnchor(item: self, attribute: .leading) }
    /// Mirrors `trailingAnchor`.
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
}
