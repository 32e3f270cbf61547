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

/// The context of one transition: a presentation, a dismissal, a navigation controller's push
/// or pop. What the transition's end does (views leaving, the appearance calls, the caller's
/// completion) is the owner's `ended` closure, run by `completeTransition(_:)`.
@MainActor
final class TransitionContext: UIViewControllerContextTransitioning {
    let containerView: UIView
    let from: UIViewController
    let to: UIViewController
    /// The animation controller, which an interaction controller asks for its animator.
    let animator: UIViewControllerAnimatedTransitioning
    let isAnimated: Bool
    let presentationStyle: UIModalPresentationStyle
    /// Where the two controllers' views are at the start and at the end.
    var initialFrames: [ObjectIdentifier: CGRect] = [:]
    var finalFrames: [ObjectIdentifier: CGRect] = [:]
    /// Runs once, when the transition completes (true) or is cancelled (false).
    private let ended: (Bool) -> Void
    var isInteractive = false
    private(set) var transitionWasCancelled = false
    private(set) var isComplete = false
    /// Animations that run with the transition's (a navigation bar's cross-fade): whoever makes
    /// the transition's animator takes them into it (`takeAlongside()`).
    var alongside: (() -> Void)?

    /// The animations to run alongside the transition, once.
    func takeAlongside() -> (() -> Void)? {
        defer { alongside = nil }
        return alongside
    }

    init(container: UIView, from: UIViewController, to: UIViewController, animator: UIViewControllerAnimatedTransitioning,
         animated: Bool = true, style: UIModalPresentationStyle, ended: @escaping (Bool) -> Void) {
        containerView = container
        self.from = from
        self.to = to
        self.animator = animator
        isAnimated = animated
        presentationStyle = style
        self.ended = ended
    }

    func updateInteractiveTransition(_ percentComplete: CGFloat) {}
    func finishInteractiveTransition() { transitionWasCancelled = false }
    func cancelInteractiveTransition() { transitionWasCancelled = true }
    func pauseInteractiveTransition() {}

    /// Ends the transition: the owner's end (views leaving, `viewDidAppear(_:)` and
    /// `viewDidDisappear(_:)`, or the reverse pair when cancelled), then the animation
    /// controller's `animationEnded(_:)`. Later calls do nothing.
    func completeTransition(_ didComplete: Bool) {
        guard !isComplete else { return }
        isComplete = true
        if !didComplete { transitionWasCancelled = true }
        ended(didComplete)
        animator.animationEnded(didComplete)
    }

    func viewController(forKey key: UITransitionContextViewControllerKey) -> UIViewController? {
        key == .from ? from : key == .to ? to : nil
    }

    func view(forKey key: UITransitionContextViewKey) -> UIView? {
        key == .from ? from.view : key == .to ? to.view : nil
    }

    func initialFrame(for vc: UIViewController) -> CGRect {
        initialFrames[ObjectIdentifier(vc)] ?? (vc === from && vc.isViewLoaded ? vc.view.frame : .zero)
    }

    func finalFrame(for vc: UIViewController) -> CGRect {
        finalFrames[ObjectIdentifier(vc)] ?? (vc === to ? containerView.bounds : .zero)
    }
}

/// The transitions UIKit draws itself (a modal presentation's cover-vertical slide, its
/// cross-dissolve, the navigation controller's push and pop): a property animator of the
/// transition's duration and timing whose animations `animate` sets, after `prepare` has put
/// the views where they start. Interruptible, so an interaction controller can scrub it.
@MainActor
final class SystemTransitionAnimator: UIViewControllerAnimatedTransitioning {
    let duration: TimeInterval
    let timing: UITimingCurveProvider
    private let prepare: (UIViewControllerContextTransitioning) -> Void
    private let animate: (UIViewControllerContextTransitioning) -> Void
    private var animator: UIViewPropertyAnimator?

    init(duration: TimeInterval, timing: UITimingCurveProvider,
         prepare: @escaping (UIViewControllerContextTransitioning) -> Void,
         animate: @escaping (UIViewControllerContextTransitioning) -> Void) {
        self.duration = duration
        self.timing = timing
        self.prepare = prepare
        self.animate = animate
    }

    func transitionDuration(using transitionContext: UIViewControllerContextTransitioning?) -> TimeInterval { duration }

    func animateTransition(using transitionContext: UIViewControllerContextTransitioning) {
        let animator = interruptibleAnimator(using: transitionContext)
        animator.addCompletion { position in transitionContext.completeTransition(position == .end) }
        animator.startAnimation()
    }

    /// The one animator of the transition (UIKit asks for it more than once and expects the same).
    func interruptibleAnimator(using transitionContext: UIViewControllerContextTransitioning) -> UIViewImplicitlyAnimating {
        if let animator { return animator }
        prepare(transitionContext)
        let animator = UIViewPropertyAnimator(duration: duration, timingParameters: timing)
        animator.addAnimations { self.animate(transitionContext) }
        if let alongside = (transitionContext as? TransitionContext)?.takeAlongside() { animator.addAnimations(alongside) }
        self.animator = animator
        return animator
    }
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
        if let alongside = owner.takeAlongside() { animator.addAnimations(alongside) }
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
