/// Mirrors `UIViewControllerAnimatedTransitioning`: what animates a presentation or a dismissal.
@MainActor
public protocol UIViewControllerAnimatedTransitioning: AnyObject {
    func transitionDuration(using transitionContext: UIViewControllerContextTransitioning?) -> TimeInterval
    func animateTransition(using transitionContext: UIViewControllerContextTransitioning)
    /// UIKit's optional requirement; by default `animateTransition(using:)` in a linear animator
    /// of the transition's duration (what a percent-driven transition scrubs).
    func interruptibleAnimator(using transitionContext: UIViewControllerContextTransitioning) -> UIViewImplicitlyAnimating
    /// UIKit's optional requirement, called once the transition completes.
    func animationEnded(_ transitionCompleted: Bool)
}

extension UIViewControllerAnimatedTransitioning {
    public func interruptibleAnimator(using transitionContext: UIViewControllerContextTransitioning) -> UIViewImplicitlyAnimating {
        UIViewPropertyAnimator(duration: transitionDuration(using: transitionContext), curve: .linear) {
            self.animateTransition(using: transitionContext)
        }
    }

    public func animationEnded(_ transitionCompleted: Bool) {}
}

/// Mirrors `UIViewControllerInteractiveTransitioning`: what drives a transition interactively.
@MainActor
public protocol UIViewControllerInteractiveTransitioning: AnyObject {
    func startInteractiveTransition(_ transitionContext: UIViewControllerContextTransitioning)
    var completionSpeed: CGFloat { get }
    var completionCurve: UIView.AnimationCurve { get }
    var wantsInteractiveStart: Bool { get }
}

extension UIViewControllerInteractiveTransitioning {
    public var completionSpeed: CGFloat { 1 }
    public var completionCurve: UIView.AnimationCurve { .easeInOut }
    public var wantsInteractiveStart: Bool { true }
}

/// Mirrors `UIViewControllerTransitioningDelegate`; every requirement is optional, as in UIKit.
@MainActor
public protocol UIViewControllerTransitioningDelegate: AnyObject {
    func animationController(forPresented presented: UIViewController, presenting: UIViewController,
                             source: UIViewController) -> UIViewControllerAnimatedTransitioning?
    func animationController(forDismissed dismissed: UIViewController) -> UIViewControllerAnimatedTransitioning?
    func interactionControllerForPresentation(using animator: UIViewControllerAnimatedTransitioning) -> UIViewControllerInteractiveTransitioning?
    func interactionControllerForDismissal(using animator: UIViewControllerAnimatedTransitioning) -> UIViewControllerInteractiveTransitioning?
}

extension UIViewControllerTransitioningDelegate {
    public func animationController(forPresented presented: UIViewController, presenting: UIViewController,
                                    source: UIViewController) -> UIViewControllerAnimatedTransitioning? { nil }
    public func animationController(forDismissed dismissed: UIViewController) -> UIViewControllerAnimatedTransitioning? { nil }
    public func interactionControllerForPresentation(using animator: UIViewControllerAnimatedTransitioning) -> UIViewControllerInteractiveTransitioning? { nil }
    public func interactionControllerForDismissal(using animator: UIViewControllerAnimatedTransitioning) -> UIViewControllerInteractiveTransitioning? { nil }
}

/// Mirrors `UITransitionContextViewControllerKey`.
public struct UITransitionContextViewControllerKey: Hashable, Sendable {
    public let rawValue: String
    public static let from = UITransitionContextViewControllerKey(rawValue: "from")
    public static let to = UITransitionContextViewControllerKey(rawValue: "to")
}

/// Mirrors `UITransitionContextViewKey`.
public struct UITransitionContextViewKey: Hashable, Sendable {
    public let rawValue: String
    public static let from = UITransitionContextViewKey(rawValue: "from")
    public static let to = UITransitionContextViewKey(rawValue: "to")
}

/// Mirrors `UIViewControllerContextTransitioning`: the container, the two controllers and views,
/// and the calls that end a transition.
@MainActor
public protocol UIViewControllerContextTransitioning: AnyObject {
    var containerView: UIView { get }
    var isAnimated: Bool { get }
    var isInteractive: Bool { get }
    var transitionWasCancelled: Bool { get }
    var presentationStyle: UIModalPresentationStyle { get }
    func updateInteractiveTransition(_ percentComplete: CGFloat)
    func finishInteractiveTransition()
    func cancelInteractiveTransition()
    func pauseInteractiveTransition()
    func completeTransition(_ didComplete: Bool)
    func viewController(forKey key: UITransitionContextViewControllerKey) -> UIViewController?
    func view(forKey key: UITransitionContextViewKey) -> UIView?
    func initialFrame(for vc: UIViewController) -> CGRect
    func finalFrame(for vc: UIViewController) -> CGRect
}

/// The context of one presentation or dismissal.
@MainActor
final class TransitionContext: UIViewControllerContextTransitioning {
    let containerView: UIView
    let from: UIViewController
    let to: UIViewController
    /// The animation controller, which an interaction controller asks for its animator.
    let animator: UIViewControllerAnimatedTransitioning
    let isPresentation: Bool
    private let completion: (() -> Void)?
    var isInteractive = false
    private(set) var transitionWasCancelled = false
    private var isComplete = false

    init(container: UIView, from: UIViewController, to: UIViewController, animator: UIViewControllerAnimatedTransitioning,
         isPresentation: Bool, completion: (() -> Void)?) {
        containerView = container
        self.from = from
        self.to = to
        self.animator = animator
        self.isPresentation = isPresentation
        self.completion = completion
    }

    var isAnimated: Bool { true }
    var presentationStyle: UIModalPresentationStyle { (isPresentation ? to : from).modalPresentationStyle }

    func updateInteractiveTransition(_ percentComplete: CGFloat) {}
    func finishInteractiveTransition() { transitionWasCancelled = false }
    func cancelInteractiveTransition() { transitionWasCancelled = true }
    func pauseInteractiveTransition() {}

    /// Ends the transition: a completed dismissal takes the dismissed view off the film, a
    /// cancelled presentation takes the presented one off; then the animation controller's
    /// `animationEnded(_:)` and the caller's completion run.
    func completeTransition(_ didComplete: Bool) {
        guard !isComplete else { return }
        isComplete = true
        if isPresentation != didComplete { (isPresentation ? to : from).finishDismissal() }
        animator.animationEnded(didComplete)
        if didComplete { completion?() }
    }

    func viewController(forKey key: UITransitionContextViewControllerKey) -> UIViewController? {
        key == .from ? from : key == .to ? to : nil
    }

    func view(forKey key: UITransitionContextViewKey) -> UIView? {
        key == .from ? from.view : key == .to ? to.view : nil
    }

    func initialFrame(for vc: UIViewController) -> CGRect { vc.isViewLoaded ? vc.view.frame : .zero }
    func finalFrame(for vc: UIViewController) -> CGRect { vc === to ? containerView.bounds : .zero }
}

/// Mirrors `UIPercentDrivenInteractiveTransition`: drives the animation controller's
/// interruptible animator (`interruptibleAnimator(using:)`) by `fractionComplete`. It starts
/// paused at 0; `update(_:)` scrubs it; `finish()` lets it run on to the end with its own timing
/// and `cancel()` runs it back to the start (UIKit continues with `completionCurve` and
/// `completionSpeed`: a deliberate difference, so the finish is the animator's own curve);
/// `pause()` catches it again mid-flight. When the animator completes, the transition does:
/// at the end it completes, at the start it is cancelled.
@MainActor
open class UIPercentDrivenInteractiveTransition: UIViewControllerInteractiveTransitioning {
    private var animator: UIViewImplicitlyAnimating?
    private var context: UIViewControllerContextTransitioning?
    /// Mirrors `duration`.
    open var duration: CGFloat = 0
    /// Mirrors `completionSpeed` (kept; the finish runs at the animator's own speed).
    open var completionSpeed: CGFloat = 1
    /// Mirrors `completionCurve` (kept; see above).
    open var completionCurve = UIView.AnimationCurve.easeInOut
    /// Mirrors `wantsInteractiveStart`.
    open var wantsInteractiveStart = true

    public init() {}

    /// Mirrors `percentComplete`.
    open var percentComplete: CGFloat { animator?.fractionComplete ?? 0 }

    open func startInteractiveTransition(_ transitionContext: UIViewControllerContextTransitioning) {
        guard let owner = transitionContext as? TransitionContext else { return }
        let animator = owner.animator.interruptibleAnimator(using: transitionContext)
        animator.addCompletion { position in
            if position == .start { transitionContext.cancelInteractiveTransition() }
            transitionContext.completeTransition(position == .end)
        }
        self.animator = animator
        context = transitionContext
        duration = CGFloat(owner.animator.transitionDuration(using: transitionContext))
        if wantsInteractiveStart {
            animator.pauseAnimation()
        } else {
            animator.startAnimation()
        }
    }

    /// Mirrors `update(_:)`.
    open func update(_ percentComplete: CGFloat) {
        animator?.fractionComplete = min(max(percentComplete, 0), 1)
        context?.updateInteractiveTransition(percentComplete)
    }

    /// Mirrors `pause()`: catches the animator where it is.
    open func pause() {
        animator?.pauseAnimation()
        context?.pauseInteractiveTransition()
    }

    /// Mirrors `finish()`.
    open func finish() {
        context?.finishInteractiveTransition()
        animator?.startAnimation()
    }

    /// Mirrors `cancel()`.
    open func cancel() {
        context?.cancelInteractiveTransition()
        animator?.isReversed = true
        animator?.startAnimation()
    }
}
