@_exported import Foundation
import ZoetropeCore

/// Mirrors `UIView`: a rectangle in its superview, drawn by its `layer`, filled with its
/// `backgroundColor`. Its geometry and look are its layer's: `center` is `layer.position`,
/// `alpha` is `layer.opacity`, `transform` is `layer.affineTransform()`.
///
/// A view is on a film once it is in the film's `rootView`'s tree: from then on its values are
/// the film's (animations of them show in the frames). Views are used from one thread, as
/// UIKit's are used from the main thread.
open class UIView: UIResponder {
    /// Mirrors `layer`.
    public private(set) var layer: CALayer
    /// Mirrors `superview`.
    public private(set) weak var superview: UIView?
    /// Mirrors `subviews`, back to front.
    public private(set) var subviews: [UIView] = []
    /// Mirrors `tag`.
    open var tag = 0
    /// Mirrors `accessibilityIdentifier`: also the id of the view's layer in the film's scene
    /// (`Film.writeScene(to:)`); without one the film names it (`view3`, `label1`).
    open var accessibilityIdentifier: String?
    /// Mirrors `isUserInteractionEnabled` (kept; a film's gestures are scripted).
    open var isUserInteractionEnabled = true
    /// The gesture recognizers added with `addGestureRecognizer(_:)`.
    public private(set) var gestureRecognizers: [UIGestureRecognizer]? = nil
    /// Whether `isHidden` was set: what the layer shows is hidden also while the view is off
    /// its film (removed from its superview).
    private var hiddenByUser = false
    private var isRemoved = false
    /// What Auto Layout keeps for the view: its constraints, guides, priorities and whether it
    /// needs layout (AutoLayout/).
    let layoutState = ViewLayoutState()
    /// The controller whose `view` this is, for `viewWillLayoutSubviews` and
    /// `viewDidLayoutSubviews`.
    weak var owningController: UIViewController?

    /// The shape of the layer this kind of view draws.
    class var layerShape: Shape { .rect }

    /// Mirrors `layerClass`: the class of the view's layer (a view that draws a gradient or a
    /// shape overrides it: `override class var layerClass: AnyClass { CAGradientLayer.self }`).
    open class var layerClass: AnyClass { CALayer.self }

    /// The layer's initial values and style for this kind of view: its `layerClass`'s when
    /// that is overridden.
    class func makeLayer() -> CALayer {
        if layerClass != CALayer.self, let type = layerClass as? CALayer.Type { return type.init() }
        return CALayer(shape: layerShape)
    }

    /// Mirrors `init(frame:)`.
    public init(frame: CGRect) {
        layer = Self.makeLayer()
        layer.backsView = true
        super.init()
        layer.view = self
        self.frame = frame
    }

    /// Mirrors `init(coder:)`, which UIKit requires of every view class (so a subclass's
    /// `required init?(coder:)` calling `super.init(coder:)` compiles and runs): there are no
    /// nibs or archives here, so the view is made as `init(frame: .zero)` makes it and nothing
    /// is read from `coder`.
    public required init?(coder: NSCoder) {
        layer = Self.makeLayer()
        layer.backsView = true
        super.init()
        layer.view = self
    }

    /// A view drawing `layer` (a snapshot's copy). A convenience initialiser, so that a
    /// subclass overriding `init(frame:)` and `init(coder:)` inherits `init()`, as in UIKit.
    convenience init(layer: CALayer) {
        self.init(frame: .zero)
        self.layer.view = nil
        self.layer = layer
        layer.backsView = true
        layer.view = self
    }

    /// Mirrors `init()`: a view with a zero frame.
    public convenience override init() {
        self.init(frame: .zero)
    }

    // MARK: - Geometry

    /// Mirrors `frame`: the bounds placed around `center` in the superview's coordinates.
    open var frame: CGRect {
        get { layer.frame }
        set {
            let old = layer.bounds.size
            layer.frame = newValue
            sizeDidChange(from: old)
        }
    }

    /// Mirrors `bounds` (its origin is always zero here, but for a scroll view's: its content
    /// offset).
    open var bounds: CGRect {
        get { layer.bounds }
        set {
            let old = layer.bounds.size
            layer.bounds = newValue
            sizeDidChange(from: old)
        }
    }

    /// Mirrors `center`: the layer's position.
    open var center: CGPoint {
        get { layer.position }
        set { layer.position = newValue }
    }

    /// Mirrors `transform`, about the centre.
    open var transform: CGAffineTransform {
        get { layer.affineTransform() }
        set { layer.setAffineTransform(newValue) }
    }

    /// Mirrors `sizeThatFits(_:)`: a plain view's is its current size, as UIKit's is; views
    /// with content (a label) give the size their content takes.
    open func sizeThatFits(_ size: CGSize) -> CGSize {
        bounds.size
    }

    /// Mirrors `sizeToFit()`: the size `sizeThatFits(_:)` gives for the current bounds, the
    /// frame's origin kept.
    open func sizeToFit() {
        frame = CGRect(origin: frame.origin, size: sizeThatFits(bounds.size))
    }

    /// Mirrors `intrinsicContentSize`: none (`UIView.noIntrinsicMetric` both ways) for a plain view.
    /// Auto Layout holds a view whose `translatesAutoresizingMaskIntoConstraints` is false to
    /// it, by its content hugging and compression resistance priorities; a view whose content
    /// changes calls `invalidateIntrinsicContentSize()`.
    open var intrinsicContentSize: CGSize {
        CGSize(width: UIView.noIntrinsicMetric, height: UIView.noIntrinsicMetric)
    }

    /// Mirrors `translatesAutoresizingMaskIntoConstraints`: true (the default, for views made
    /// in code) holds the frame where code puts it by required constraints, moved by
    /// `autoresizingMask` when the superview's size changes; false leaves the frame to the
    /// view's constraints.
    open var translatesAutoresizingMaskIntoConstraints = true {
        didSet { if oldValue != translatesAutoresizingMaskIntoConstraints { setNeedsLayout() } }
    }

    /// Mirrors `autoresizingMask`: which of the margins and size follow a change of the
    /// superview's size (none by default, as in UIKit).
    open var autoresizingMask: AutoresizingMask = []

    /// Mirrors `autoresizesSubviews` (true by default).
    open var autoresizesSubviews = true

    /// Mirrors `layoutSubviews()`: called by a layout pass (`layoutIfNeeded()`, and the film's
    /// at the end of each of its calls) for a view that needs layout, after Auto Layout has set
    /// the frames of its subviews. The default does nothing more; override it to place
    /// subviews by hand.
    open func layoutSubviews() {}

    /// Mirrors `updateConstraints()`: called before a layout pass solves, for a view marked
    /// with `setNeedsUpdateConstraints()`. Call super last, as UIKit asks.
    open func updateConstraints() {
        layoutState.needsUpdateConstraints = false
    }

    /// Where a label's baselines are: their distances from the top of its text, and the
    /// text's height (the text is centred vertically in the bounds). Nil: baselines are the
    /// bottom, as for a view without text.
    var baselineMetrics: (first: CGFloat, last: CGFloat, textHeight: CGFloat)? { nil }

    /// The content hugging priority a view of this kind starts with (250; 251 for a label).
    class var defaultContentHuggingPriority: UILayoutPriority { .defaultLow }

    /// Mirrors `UIView.noIntrinsicMetric`.
    public static let noIntrinsicMetric: CGFloat = -1

    // MARK: - Look

    /// Mirrors `alpha`.
    open var alpha: CGFloat {
        get { CGFloat(layer.opacity) }
        set { layer.opacity = Float(newValue) }
    }

    /// Mirrors `backgroundColor`.
    open var backgroundColor: UIColor? {
        get {
            let color = layer.color(.fill)
            return color.alpha == 0 && color == .clear ? nil : UIColor(color)
        }
        set { layer.set(.fill, .color(newValue?.color ?? .clear)) }
    }

    /// Mirrors `isHidden`.
    open var isHidden: Bool {
        get { hiddenByUser }
        set {
            let changed = hiddenByUser != newValue
            hiddenByUser = newValue
            if !isRemoved { layer.isHidden = newValue }
            if changed, let stack = superview as? UIStackView { stack.arrangedSubviewVisibilityChanged(self) }
        }
    }

    /// Mirrors `clipsToBounds`: subviews are clipped to the (rounded) bounds, and the layer's own
    /// shadow is not drawn (`CALayer.masksToBounds`).
    open var clipsToBounds: Bool {
        get { layer.masksToBounds }
        set { layer.masksToBounds = newValue }
    }

    // MARK: - The view tree

    /// Mirrors `addSubview(_:)`: on top of the other subviews (moved there if it is one).
    open func addSubview(_ view: UIView) {
        insertSubview(view, at: subviews.count - (view.superview === self ? 1 : 0))
    }

    /// Mirrors `insertSubview(_:at:)`.
    open func insertSubview(_ view: UIView, at index: Int) {
        let moves = view.superview !== self, oldWindow = view.window, newWindow = window
        if moves { view.willMove(toSuperview: self) }
        if oldWindow !== newWindow { view.windowWillChange(to: newWindow) }
        view.superview?.willRemoveSubview(view)
        view.detachFromSuperview()
        let position = min(max(index, 0), subviews.count)
        subviews.insert(view, at: position)
        view.superview = self
        view.setNeedsLayout()
        setNeedsLayout()
        if let placement = layer.placement, let container = subviewContainer {
            view.place(on: placement.film, under: container, at: stagePosition(ofSubviewAt: position, on: placement.film))
        }
        if moves { view.didMoveToSuperview() }
        didAddSubview(view)
        if oldWindow !== newWindow { view.windowDidChange() }
    }

    /// Where the layer of the subview at `position` goes among this layer's children on the
    /// stage: just below the next subview's layer (the stage also keeps removed views' layers,
    /// hidden), or on top when no later subview is there.
    private func stagePosition(ofSubviewAt position: Int, on film: Film) -> Int? {
        let tree = film.stage.layers
        let moving = subviews[position].layer.placement?.index
        for later in subviews[(position + 1)...] {
            guard let next = later.layer.placement?.index else { continue }
            let siblings = tree.nodes[next].parent.map { tree.nodes[$0].children } ?? tree.roots
            let index = siblings.firstIndex(of: next) ?? siblings.count
            // A layer moving within the same parent leaves its old place first.
            let leaving = moving.flatMap { siblings.firstIndex(of: $0) }.map { $0 < index ? 1 : 0 } ?? 0
            return index - leaving
        }
        return nil
    }

    /// Mirrors `insertSubview(_:aboveSubview:)`.
    open func insertSubview(_ view: UIView, aboveSubview sibling: UIView) {
        let index = subviews.firstIndex { $0 === sibling }.map { $0 + 1 } ?? subviews.count
        insertSubview(view, at: index - (subviews.prefix(index).contains { $0 === view } ? 1 : 0))
    }

    /// Mirrors `insertSubview(_:belowSubview:)`.
    open func insertSubview(_ view: UIView, belowSubview sibling: UIView) {
        let index = subviews.firstIndex { $0 === sibling } ?? 0
        insertSubview(view, at: index - (subviews.prefix(index).contains { $0 === view } ? 1 : 0))
    }

    /// Mirrors `bringSubviewToFront(_:)`.
    open func bringSubviewToFront(_ view: UIView) {
        guard view.superview === self else { return }
        addSubview(view)
    }

    /// Mirrors `sendSubviewToBack(_:)`.
    open func sendSubviewToBack(_ view: UIView) {
        guard view.superview === self else { return }
        insertSubview(view, at: 0)
    }

    /// Mirrors `removeFromSuperview()`. On a film, the view's layer stays on the stage, hidden,
    /// so frames already captured keep it and the view can come back.
    open func removeFromSuperview() {
        guard let superview else { return }
        let leavesWindow = window != nil && !(self is UIWindow)
        willMove(toSuperview: nil)
        if leavesWindow { windowWillChange(to: nil) }
        superview.willRemoveSubview(self)
        superview.setNeedsLayout()
        detachFromSuperview()
        if layer.placement != nil {
            isRemoved = true
            layer.isHidden = true
        }
        didMoveToSuperview()
        if leavesWindow { windowDidChange() }
    }

    /// Mirrors `isDescendant(of:)`.
    open func isDescendant(of view: UIView) -> Bool {
        var current: UIView? = self
        while let candidate = current {
            if candidate === view { return true }
            current = candidate.superview
        }
        return false
    }

    /// Mirrors `addGestureRecognizer(_:)`.
    open func addGestureRecognizer(_ recognizer: UIGestureRecognizer) {
        gestureRecognizers = (gestureRecognizers ?? []) + [recognizer]
        recognizer.view = self
    }

    /// Mirrors `removeGestureRecognizer(_:)`.
    open func removeGestureRecognizer(_ recognizer: UIGestureRecognizer) {
        gestureRecognizers?.removeAll { $0 === recognizer }
        if recognizer.view === self { recognizer.view = nil }
    }

    /// Mirrors `snapshotView(afterScreenUpdates:)`: a new view, on no film, drawing what this
    /// view and its subviews draw now (their model values), frozen.
    open func snapshotView(afterScreenUpdates afterUpdates: Bool) -> UIView? {
        let copy = UIView(layer: layer.detachedCopy())
        copy.hiddenByUser = hiddenByUser
        copy.layer.detached.hidden = hiddenByUser
        for subview in subviews {
            if let snapshot = subview.snapshotView(afterScreenUpdates: afterUpdates) { copy.addSubview(snapshot) }
        }
        return copy
    }

    /// Mirrors `convert(_:to:)` for a point: from this view's bounds to `view`'s (nil: the
    /// film's root view). Transforms are left out, as frames leave them out here.
    open func convert(_ point: CGPoint, to view: UIView?) -> CGPoint {
        let from = originInRoot(), to = view?.originInRoot() ?? .zero
        return CGPoint(x: point.x + from.x - to.x, y: point.y + from.y - to.y)
    }

    /// Mirrors `convert(_:from:)` for a point.
    open func convert(_ point: CGPoint, from view: UIView?) -> CGPoint {
        (view ?? rootView).convert(point, to: self)
    }

    /// Mirrors `convert(_:to:)` for a rectangle.
    open func convert(_ rect: CGRect, to view: UIView?) -> CGRect {
        CGRect(origin: convert(rect.origin, to: view), size: rect.size)
    }

    /// Mirrors `convert(_:from:)` for a rectangle.
    open func convert(_ rect: CGRect, from view: UIView?) -> CGRect {
        CGRect(origin: convert(rect.origin, from: view), size: rect.size)
    }

    /// Where this view's bounds origin lies in its top ancestor's coordinates (a scroll view's
    /// bounds origin is its content offset: what is inside it moves up as it scrolls down).
    private func originInRoot() -> CGPoint {
        var x: CGFloat = -bounds.origin.x, y: CGFloat = -bounds.origin.y
        var current: UIView = self
        while let superview = current.superview {
            x += current.frame.origin.x - superview.bounds.origin.x
            y += current.frame.origin.y - superview.bounds.origin.y
            current = superview
        }
        return CGPoint(x: x, y: y)
    }

    /// The top of this view's tree.
    var rootView: UIView {
        var current: UIView = self
        while let superview = current.superview { current = superview }
        return current
    }

    /// Mirrors `layoutIfNeeded()`: when anything in the view's window (the top of its tree)
    /// needs layout, solves the tree's constraints at once, sets the frames that moved (inside
    /// an animations closure, that animates them, as setting them there would) and calls
    /// `layoutSubviews()` of the views that need it. The whole tree is laid out, not only this
    /// view's part: one solver holds a window's constraints.
    open func layoutIfNeeded() {
        LayoutPass.layOut(root: rootView)
    }

    /// Mirrors `setNeedsLayout()`: the view is laid out by the next pass (`layoutIfNeeded()`,
    /// or the film's at the end of the call).
    open func setNeedsLayout() {
        layoutState.needsLayout = true
    }

    /// Takes the view out of its superview's list (and its layer out of its parent's children,
    /// on the stage, when it moves to another parent).
    private func detachFromSuperview() {
        superview?.subviews.removeAll { $0 === self }
        superview = nil
    }

    /// The film the view's root view is on (its layer's stage), nil while it is off every film:
    /// the film its animations join.
    var film: Film? { layer.placement?.film }

    /// Puts the view's layer (and its subviews') on `film`'s stage under the layer `parent`, at
    /// `position` among its siblings: added the first time (and after a removal), moved after that.
    func place(on film: Film, under parent: Int?, at position: Int?) {
        if isRemoved {
            // UIKit drops a removed view's animations; here its old layers stay on the stage,
            // hidden, for the frames already captured, and it comes back on new ones.
            leaveFilm()
        }
        if let placement = layer.placement {
            precondition(placement.film === film, "Zoetrope: a view can be on one film only")
            film.stage.moveLayer(placement.index, under: parent, at: position)
            return
        }
        var values = layer.detached
        values.hidden = hiddenByUser
        let id = film.layerID(for: self)
        let index = film.stage.addLayer(Layer(id: id, shape: layer.shape, values: values, style: layer.style), parent: parent, at: position)
        layer.placement = (film, index)
        layer.placedAt = film.time
        layer.joinFilm()
        let container = placeSubviewContainer(on: film, under: index)
        for (offset, subview) in subviews.enumerated() { subview.place(on: film, under: container, at: offset) }
        layer.placeSublayers()
        placed()
    }

    /// Called once the view's layer (and its subviews') is on a film: for what a kind of view
    /// adds to its layer there.
    func placed() {}

    /// Called as the view's layer joins a film, before its subviews': the stage index of the
    /// layer their layers go under. The view's own layer; a scroll view's content layer, which
    /// moves by the content offset.
    func placeSubviewContainer(on film: Film, under index: Int) -> Int { index }

    /// The stage index of the layer the subviews' layers are under (nil: off every film).
    var subviewContainer: Int? { layer.placement?.index }

    /// Forgets this view's (and its subviews') layers on the film, keeping their model values.
    private func leaveFilm() {
        layer.leavePlacement()
        isRemoved = false
        for subview in subviews { subview.leaveFilm() }
    }

    /// The kind of view, for the names a film gives layers (`view`, `label`, `image`, `blur`).
    class var layerKind: String { "view" }

    /// Mirrors `willMove(toSuperview:)`: before the view moves to another superview (nil: removed).
    open func willMove(toSuperview newSuperview: UIView?) {}

    /// Mirrors `didMoveToSuperview()`.
    open func didMoveToSuperview() {}

    /// Mirrors `willMove(toWindow:)`: before the view goes into a window (a film's) or out of
    /// one (nil), with its superview or on its own.
    open func willMove(toWindow newWindow: UIWindow?) {}

    /// Mirrors `didMoveToWindow()`: once the view is in its new window (`window`), or out.
    open func didMoveToWindow() {}

    /// Mirrors `didAddSubview(_:)`.
    open func didAddSubview(_ subview: UIView) {}

    /// Mirrors `willRemoveSubview(_:)`.
    open func willRemoveSubview(_ subview: UIView) {}

    /// Mirrors `next` for a view: its controller (for a controller's view), else its superview.
    open override var next: UIResponder? { owningController ?? superview }
}
