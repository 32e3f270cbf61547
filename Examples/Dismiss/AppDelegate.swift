// Chapter 9: the app delegate is the Animals controller's transitioning delegate. The cleanup
// line is listing A31, verbatim. Linux has no app lifecycle: main.swift makes the delegate.
import ZoetropeUIKit

class AppDelegate: UIResponder, UIApplicationDelegate, UIViewControllerTransitioningDelegate {
  var interactionController: DropDownInteractionController?

  func animationController(forDismissed dismissed: UIViewController) -> UIViewControllerAnimatedTransitioning? {
    let animator = DropDownDismissAnimator()
    animator.animationCleanup = { [unowned self] in
      interactionController?.hasStarted = false
    }
    return animator
  }

  func interactionControllerForDismissal(using animator: UIViewControllerAnimatedTransitioning) -> UIViewControllerInteractiveTransitioning? {
    guard let interactionController = interactionController, interactionController.isInteractive else {
      return nil
    }
    return interactionController
  }
}
