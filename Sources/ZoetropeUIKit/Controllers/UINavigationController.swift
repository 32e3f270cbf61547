/// Mirrors `UINavigationControllerDelegate`; every requirement is optional, as in UIKit.
@MainActor
public protocol UINavigationControllerDelegate: AnyObject {
    func navigationController(_ navigationController: UINavigationController, willShow viewController: UIViewController, animated: Bool)
    func navigationController(_ navigationController: UINavigationController, didShow viewController: UIViewController, animated: Bool)
    func navigationController(_ navigationController: UINavigationController,
                              animationControllerFor operation: UINavigationController.Operation,
                              from fromVC: UIViewController, to toVC: UIViewController) -> UIViewControllerAnimatedTransitioning?
    func navigationController(_ navigationController: UINavigationController,
                              interactionControllerFor animationController: UIViewControllerAnimatedTransitioning) -> UIViewControllerInteractiveTransitioning?
}

extension UINavigationControllerDelegate {
    public func navigationController(_ navigationController: UINavigationController, willShow viewController: UIViewController, animated: Bool) {}
    public func navigationController(_ navigationController: UINavigationController, didShow viewController: UIViewController, animated: Bool) {}
    public func navigationController(_ navigationController: UINavigationController,
                                     animationControllerFor operation: UINavigationController.Operation,
                                     from fromVC: UIViewController, to toVC: UIViewController) -> UIViewControllerAnimatedTransitioning? { nil }
    public func navigationController(_ navigationController: UINavigationController,
                                     interactionControllerFor animationController: UIViewControllerAnimatedTransitioning) -> UIViewControllerInteractiveTransitioning? { nil }
}

/// Mirrors `UINavigationControllerOperation`, the old name of `UINavigationController.Operation`.
public typealias UINavigationControllerOperation = UINavigationController.Operation

/// Mirrors `UINavigationController`: a stack of controllers (its `children`), the top one's
/// view shown under a `UINavigationBar` and the stack changed by pushes and pops.
///
/// The default push slides the new view in from the right edge while the old one moves left
/// by `UINavigationController.parallaxFraction` (30 %) of the width, in
/// `UINavigationController.transitionDuration` (0.35 s) on the curve `transitionTiming`
/// (cubic (0.2, 0.8), (0.2, 1): quick, then settling, close to iOS's); a pop runs it backwards.
/// The bar's contents cross-fade over the same time. A delegate's animation controller
/// (`navigationController(_:animationControllerFor:from:to:)`) replaces it, run interactively
/// when the delegate also gives an interaction controller. The stack changes when the
/// transition begins (an interactive pop that is cancelled puts it back), and a push or pop
/// asked for while a transition runs waits for it to end.
///
/// The children's views are laid out below the bar (and the film's safe area) while the bar
/// shows, and fill the view when it is hidden (UIKit extends them under the translucent bar and
/// adds the bar to their safe area; here a child's safe area is its frame).
open class UINavigationController: UIViewController {
    /// Mirrors `UINavigationController.Operation`.
    public enum Operation: Int, Sendable { case none = 0, push, pop }

    /// The default push and pop's duration.
    public static let transitionDuration: TimeInterval = 0.35
    /// How far (a fraction of the width) the view underneath moves in the default push and pop.
    public static let parallaxFraction: CGFloat = 0.3
    /// The default push and pop's timing curve.
    public static var transitionTiming: UITimingCurveProvider {
        UICubicTimingParameters(controlPoint1: CGPoint(x: 0.2, y: 0.8), controlPoint2: CGPoint(x: 0.2, y: 1))
    }
    /// Mirrors `UINavigationController.hideShowBarDuration`: 0.2 s, as UIKit's
    /// `UINavigationControllerHideShowBarDuration`.
    public static let hideShowBarDuration: CGFloat = 0.2

    /// Mirrors `navigationBar`.
    public let navigationBar = UINavigationBar(frame: CGRect(x: 0, y: 0, width: 0, height: UINavigationBar.standardHeight))
    /// Mirrors `delegate` (weak, as in UIKit).
    open weak var delegate: UINavigationControllerDelegate?
    /// Mirrors `isNavigationBarHidden`; setting it hides or shows the bar at once.
    open var isNavigationBarHidden: Bool {
        get { barHidden }
        set { setNavigationBarHidden(newValue, animated: false) }
    }
    private var barHidden = false
    /// The view the children's views are in: the transitions' container.
    private let transitionView = UIView()
    /// The transition running, and what was asked for while it runs.
    private var activeTransition: TransitionContext?
    private var waiting: [() -> Void] = []

    /// Mirrors `init(rootViewController:)`.
    public init(rootViewController: UIViewController) {
        super.init(nibName: nil, bundle: nil)
        setViewControllers([rootViewController], animated: false)
    }

    /// Mirrors `init(nibName:bundle:)`: an empty stack (and `init()`, which calls it).
    public override init(nibName nibNameOrNil: String?, bundle nibBundleOrNil: Bundle?) {
        super.init(nibName: nibNameOrNil, bundle: nibBundleOrNil)
    }

    /// Mirrors `init(coder:)`: an empty stack.
    public required init?(coder: NSCoder) {
        super.init(coder: coder)
    }

    /// Mirrors `viewControllers`; setting it is `setViewControllers(_:animated: false)`.
    open var viewControllers: [UIViewController] {
        get { children }
        set { setViewControllers(newValue, animated: false) }
    }

    /// Mirrors `topViewController`.
    open var topViewController: UIViewController? { children.last }

    /// Mirrors `visibleViewController`: what the top controller presents, else the top one.
    open var visibleViewController: UIViewController? {
        guard let top = topViewController else { return nil }
        return presentedViewController.map(\.topPresented) ?? top
    }

    /// Mirrors `interactivePopGestureRecognizer` (nil: the edge swipe is a pan you add, driving
    /// an interaction controller).
    open var interactivePopGestureRecognizer: UIGestureRecognizer? { nil }

    open override func loadView() {
        let root = NavigationView(frame: Film.running?.rootView.bounds ?? .zero)
        root.controller = self
        view = root
        transitionView.accessibilityIdentifier = "navigationTransitionView"
        transitionView.frame = root.bounds
        root.addSubview(transitionView)
        root.addSubview(navigationBar)
        navigationBar.accessibilityIdentifier = navigationBar.accessibilityIdentifier ?? "navigationBar"
        if let top = topViewController {
            top.view.frame = contentFrame
            transitionView.addSubview(top.view)
        }
        layOutBar()
    }

    override var appearanceChildren: [UIViewController] {
        guard activeTransition == nil, let top = topViewController, top.isViewLoaded, top.view.superview === transitionView else { return [] }
        return [top]
    }

    /// Where a child's view goes: below the bar while it shows.
    var contentFrame: CGRect {
        let bounds = isViewLoaded ? view.bounds : (Film.running?.rootView.bounds ?? .zero)
        let top = barHidden ? 0 : navigationBar.frame.maxY
        return CGRect(x: 0, y: top, width: bounds.width, height: max(0, bounds.height - top))
    }

    /// Places the bar below the safe area's top (hidden: above the view's top), the transition
    /// view over the whole view, and the top child's view (outside a transition) below the bar.
    func layOutBar() {
        guard isViewLoaded else { return }
        let bounds = view.bounds, safeTop = view.safeAreaInsets.top
        transitionView.frame = bounds
        navigationBar.extendsUp = safeTop
        let height = UINavigationBar.standardHeight
        navigationBar.frame = CGRect(x: 0, y: barHidden ? -height : safeTop, width: bounds.width, height: height)
        if activeTransition == nil, let top = topViewController, top.isViewLoaded, top.view.superview === transitionView {
            top.view.frame = contentFrame
        }
    }

    /// Mirrors `setNavigationBarHidden(_:animated:)`: animated, the bar slides up out of the
    /// view (or down into it) and the top view follows, in `hideShowBarDuration`.
    open func setNavigationBarHidden(_ hidden: Bool, animated: Bool) {
        guard hidden != barHidden else { return }
        barHidden = hidden
        guard isViewLoaded, animated, view.film != nil else {
            layOutBar()
            return
        }
        UIView.animate(withDuration: TimeInterval(Self.hideShowBarDuration)) { self.layOutBar() }
    }

    // MARK: - The stack

    /// Mirrors `pushViewController(_:animated:)`.
    open func pushViewController(_ viewController: UIViewController, animated: Bool) {
        guard !children.contains(where: { $0 === viewController }) else {
            Film.warn("Zoetrope: pushing a view controller that is already on the navigation stack is not supported; ignored")
            return
        }
        setViewControllers(children + [viewController], animated: animated)
    }

    /// Mirrors `popViewController(animated:)`: the popped controller, nil at the root.
    @discardableResult
    open func popViewController(animated: Bool) -> UIViewController? {
        guard children.count > 1, let top = children.last else { return nil }
        setViewControllers(Array(children.dropLast()), animated: animated)
        return top
    }

    /// Mirrors `popToRootViewController(animated:)`: the controllers popped.
    @discardableResult
    open func popToRootViewController(animated: Bool) -> [UIViewController]? {
        guard let root = children.first, children.count > 1 else { return nil }
        let popped = Array(children.dropFirst())
        setViewControllers([root], animated: animated)
        return popped
    }

    /// Mirrors `popToViewController(_:animated:)`: the controllers popped (nil when it is not
    /// on the stack).
    @discardableResult
    open func popToViewController(_ viewController: UIViewController, animated: Bool) -> [UIViewController]? {
        guard let index = children.firstIndex(where: { $0 === viewController }) else { return nil }
        let popped = Array(children[(index + 1)...])
        if !popped.isEmpty { setViewControllers(Array(children[...index]), animated: animated) }
        return popped
    }

    /// Mirrors `setViewControllers(_:animated:)`: a new top that was not on the stack is pushed,
    /// one that was is popped to (animated, with the transition; else at once).
    open func setViewControllers(_ viewControllers: [UIViewController], animated: Bool) {
        if activeTransition != nil {
            waiting.append { [weak self] in self?.setViewControllers(viewControllers, animated: animated) }
            return
        }
        let old = children
        let added = viewControllers.filter { new in !old.contains { $0 === new } }
        let removed = old.filter { was in !viewControllers.contains { $0 === was } }
        for controller in added { controller.willMove(toParent: self) }
        for controller in removed { controller.willMove(toParent: nil) }
        replaceChildren(viewControllers)
        let oldItems = navigationBar.items
        let from = old.last, to = viewControllers.last
        let onScreen = appearance == .appeared || appearance == .appearing
        let isAnimated = animated && onScreen && isViewLoaded && view.film != nil && from != nil
        // Animated, the contents drawn before stay in the bar to fade out.
        let oldContent = navigationBar.setItemsDrawing(viewControllers.map(\.navigationItem))
        if !isAnimated || to === from { oldContent?.removeFromSuperview() }
        guard isViewLoaded, let to, to !== from else {
            if isViewLoaded, let from, from.view.superview === transitionView, to == nil { from.view.removeFromSuperview() }
            for controller in added { controller.didMove(toParent: self) }
            for controller in removed { controller.didMove(toParent: nil) }
            return
        }
        let operation: Operation = added.contains { $0 === to } ? .push : .pop
        let toView = to.view!
        for controller in added { controller.movingToParent = true }
        for controller in removed { controller.movingFromParent = true }
        if let from, onScreen { from.beginAppearanceTransition(false, animated: isAnimated) }
        if onScreen { to.beginAppearanceTransition(true, animated: isAnimated) }
        delegate?.navigationController(self, willShow: to, animated: isAnimated)

        let finish = { [self] (didComplete: Bool) in
            activeTransition = nil
            oldContent?.removeFromSuperview()
            for controller in removed where controller.parent === self { controller.parent = nil }
            defer {
                for controller in added { controller.movingToParent = false }
                for controller in removed { controller.movingFromParent = false }
            }
            if didComplete {
                if let from, from.view.superview === transitionView { from.view.removeFromSuperview() }
                to.view.frame = contentFrame
                if onScreen {
                    from?.endAppearanceTransition()
                    to.endAppearanceTransition()
                }
                for controller in added { controller.didMove(toParent: self) }
                for controller in removed { controller.didMove(toParent: nil) }
                delegate?.navigationController(self, didShow: to, animated: isAnimated)
            } else {
                replaceChildren(old)
                navigationBar.setItemsDrawing(oldItems)?.removeFromSuperview()
                if onScreen {
                    to.beginAppearanceTransition(false, animated: isAnimated)
                    to.endAppearanceTransition()
                }
                if to.view.superview === transitionView { to.view.removeFromSuperview() }
                if let from {
                    from.view.frame = contentFrame
                    if from.view.superview !== transitionView { transitionView.addSubview(from.view) }
                    if onScreen {
                        from.beginAppearanceTransition(true, animated: isAnimated)
                        from.endAppearanceTransition()
                    }
                }
                for controller in added { controller.didMove(toParent: nil) }
                for controller in removed { controller.didMove(toParent: self) }
            }
            let next = waiting
            waiting = []
            for call in next { call() }
        }

        guard isAnimated, let from else {
            toView.frame = contentFrame
            if toView.superview !== transitionView { transitionView.addSubview(toView) }
            view.layoutIfNeeded()
            finish(true)
            return
        }
        toView.frame = contentFrame
        // The controllers popped keep their parent until the transition ends, as in UIKit (a
        // popped controller's pan reaches its `navigationController` while it drives the pop).
        for controller in removed { controller.parent = self }
        let custom = delegate?.navigationController(self, animationControllerFor: operation, from: from, to: to)
        let animator = custom ?? systemAnimator(operation)
        let context = TransitionContext(container: transitionView, from: from, to: to, animator: animator, style: .none, ended: finish)
        context.initialFrames[ObjectIdentifier(from)] = from.view.frame
        context.finalFrames[ObjectIdentifier(to)] = contentFrame
        // The bar's new contents fade in over the old ones as the views move.
        let newContent = navigationBar.contentView
        newContent?.alpha = 0
        context.alongside = {
            oldContent?.alpha = 0
            newContent?.alpha = 1
        }
        activeTransition = context
        if let custom, let interaction = delegate?.navigationController(self, interactionControllerFor: custom) {
            context.isInteractive = true
            interaction.startInteractiveTransition(context)
        } else {
            animator.animateTransition(using: context)
        }
        // An animation controller that animates on its own: the bar fades over its duration.
        if let alongside = context.takeAlongside() {
            UIView.animate(withDuration: animator.transitionDuration(using: context), animations: alongside)
        }
    }

    /// UIKit's own push or pop: the slide with the parallax of the view underneath.
    private func systemAnimator(_ operation: Operation) -> UIViewControllerAnimatedTransitioning {
        let parallax = Self.parallaxFraction
        return SystemTransitionAnimator(duration: Self.transitionDuration, timing: Self.transitionTiming, prepare: { context in
            guard let fromView = context.view(forKey: .from), let toView = context.view(forKey: .to) else { return }
            let container = context.containerView, width = container.bounds.width
            if operation == .push {
                toView.frame.origin.x = width
                container.addSubview(toView)
            } else {
                toView.frame.origin.x = -width * parallax
                container.insertSubview(toView, belowSubview: fromView)
            }
        }, animate: { context in
            guard let fromView = context.view(forKey: .from), let toView = context.view(forKey: .to) else { return }
            let width = context.containerView.bounds.width
            toView.frame.origin.x = 0
            fromView.frame.origin.x = operation == .push ? -width * parallax : width
        })
    }
}

/// A navigation controller's view: lays out the bar and the top child when its size or the
/// safe area changes.
private final class NavigationView: UIView {
    weak var controller: UINavigationController?

    override func layoutSubviews() {
        super.layoutSubviews()
        controller?.layOutBar()
    }
}
