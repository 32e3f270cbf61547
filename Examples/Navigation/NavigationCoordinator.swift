// The navigation controller's delegate: the detail screen grows out of the tapped row (and
// shrinks back into it), every other push and pop is UIKit's slide.
import ZoetropeUIKit

class NavigationCoordinator: NSObject, UINavigationControllerDelegate {
  /// Set while the reader's finger drives a pop.
  var interactionController: UIPercentDrivenInteractiveTransition?

  func navigationController(_ navigationController: UINavigationController,
                            animationControllerFor operation: UINavigationController.Operation,
                            from fromVC: UIViewController, to toVC: UIViewController) -> UIViewControllerAnimatedTransitioning? {
    switch (operation, fromVC, toVC) {
    case (.push, let list as AnimalListViewController, is AnimalDetailViewController):
      return RowZoomAnimator(operation: operation, row: list.selectedRow)
    case (.pop, is AnimalDetailViewController, let list as AnimalListViewController):
      return RowZoomAnimator(operation: operation, row: list.selectedRow)
    default:
      return nil
    }
  }

  func navigationController(_ navigationController: UINavigationController,
                            interactionControllerFor animationController: UIViewControllerAnimatedTransitioning) -> UIViewControllerInteractiveTransitioning? {
    interactionController
  }
}

/// The detail view grows from the row's rectangle to the whole screen, its corners straightening,
/// while the list behind fades back; popping runs it the other way.
class RowZoomAnimator: NSObject, UIViewControllerAnimatedTransitioning {
  let operation: UINavigationController.Operation
  let row: UIView?
  private var animator: UIViewImplicitlyAnimating?

  init(operation: UINavigationController.Operation, row: UIView?) {
    self.operation = operation
    self.row = row
  }

  func transitionDuration(using transitionContext: UIViewControllerContextTransitioning?) -> TimeInterval {
    0.6
  }

  func animateTransition(using transitionContext: UIViewControllerContextTransitioning) {
    let animator = interruptibleAnimator(using: transitionContext)
    animator.startAnimation()
  }

  func interruptibleAnimator(using transitionContext: UIViewControllerContextTransitioning) -> UIViewImplicitlyAnimating {
    if let animator { return animator }
    let container = transitionContext.containerView
    let isPush = operation == .push
    let detailVC = transitionContext.viewController(forKey: isPush ? .to : .from)!
    let listVC = transitionContext.viewController(forKey: isPush ? .from : .to)!
    let detail = detailVC.view!, list = listVC.view!
    let full = transitionContext.finalFrame(for: isPush ? detailVC : listVC)
    if isPush {
      container.addSubview(detail)
    } else {
      list.frame = full
      container.insertSubview(list, belowSubview: detail)
    }
    // The row's rectangle in the container, once the list is in it.
    let small = row.map { $0.convert($0.bounds, to: container) } ?? full.insetBy(dx: full.width / 2, dy: full.height / 2)
    detail.clipsToBounds = true
    detail.frame = isPush ? small : full
    detail.layer.cornerRadius = isPush ? 16 : 0
    list.alpha = isPush ? 1 : 0.4

    let animator = UIViewPropertyAnimator(duration: transitionDuration(using: transitionContext), dampingRatio: 0.86) {
      detail.frame = isPush ? full : small
      detail.layer.cornerRadius = isPush ? 0 : 16
      list.alpha = isPush ? 0.4 : 1
    }
    animator.addCompletion { position in
      list.alpha = 1
      detail.layer.cornerRadius = 0
      transitionContext.completeTransition(!transitionContext.transitionWasCancelled)
    }
    self.animator = animator
    return animator
  }
}
