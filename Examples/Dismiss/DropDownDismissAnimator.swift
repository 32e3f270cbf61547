// Chapter 9, "View controller transitions": the animator that drops the Animals sheet down.
// `interruptibleAnimator(using:)` is listing A27, verbatim; the rest is the starter project's,
// which the chapter describes but does not show.
import ZoetropeUIKit

class DropDownDismissAnimator: NSObject, UIViewControllerAnimatedTransitioning {
  /// Run once the transition has ended (the app delegate resets its interaction controller).
  var animationCleanup: (() -> Void)?

  func transitionDuration(using transitionContext: UIViewControllerContextTransitioning?) -> TimeInterval {
    return 2 // super slow, to show it off
  }

  func animateTransition(using transitionContext: UIViewControllerContextTransitioning) {
    let animator = interruptibleAnimator(using: transitionContext)
    animator.addCompletion { position in
      transitionContext.completeTransition(position == .end)
    }
    animator.startAnimation()
  }

  func interruptibleAnimator(using transitionContext: UIViewControllerContextTransitioning) -> UIViewImplicitlyAnimating {
    let animator = UIViewPropertyAnimator(
      duration: transitionDuration(using: transitionContext),
      curve: .easeInOut) {
        self.performAnimations(using: transitionContext)
    }
    return animator
  }

  /// The sheet drops until its top edge is at the container's bottom, and the dimming fades.
  func performAnimations(using transitionContext: UIViewControllerContextTransitioning) {
    guard let animals = transitionContext.viewController(forKey: .from) as? AnimalsViewController else { return }
    let container = transitionContext.containerView
    animals.sheetView.center.y = container.bounds.maxY + animals.sheetView.bounds.height / 2
    animals.dimmingView.alpha = 0
  }

  func animationEnded(_ transitionCompleted: Bool) {
    animationCleanup?()
  }
}
