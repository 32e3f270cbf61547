// Chapter 9: the pan that drives the dismissal. The properties are listing A28, the percent A29
// and the `.began` case A30, verbatim; the rest is the starter project's.
import ZoetropeUIKit

class DropDownInteractionController: UIPercentDrivenInteractiveTransition {
  var isInteractive = false
  weak var viewController: UIViewController?
  var hasStarted = false
  var interruptedPercent: CGFloat = 0

  init(viewController: UIViewController) {
    self.viewController = viewController
    super.init()
    let pan = UIPanGestureRecognizer(target: self, action: DropDownInteractionController.handle(pan:))
    viewController.view.addGestureRecognizer(pan)
  }

  func handle(pan: UIPanGestureRecognizer) {
    let translation = pan.translation(in: pan.view).y
    let percent = (translation / pan.view!.bounds.height) + interruptedPercent

    switch pan.state {
    case .began:
      if !hasStarted {
        hasStarted = true
        isInteractive = true
        interruptedPercent = 0
        viewController?.dismiss(animated: true, completion: nil)
      } else {
        pause()
        interruptedPercent = percentComplete
      }
    case .changed:
      update(percent)
    case .ended:
      // The way the finger was moving decides.
      isInteractive = false
      if pan.velocity(in: pan.view).y > 0 {
        finish()
      } else {
        cancel()
      }
    default:
      isInteractive = false
      cancel()
    }
  }
}
