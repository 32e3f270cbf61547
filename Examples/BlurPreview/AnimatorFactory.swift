// "Interactive Animations With UIViewPropertyAnimator" (iOS Animations by Tutorials, ch. 24):
// the animators of the 3D-touch-style preview. `grow` is listings P5, P19 (challenge 2's
// keyframes, in place of P6's block) and P12; `reset` is P9; `complete` is P14; verbatim.
import ZoetropeUIKit

// @MainActor is ours: views and animators are on the main actor, as UIKit's are under Swift 6.
@MainActor
enum AnimatorFactory {
  static func grow(
    view: UIVisualEffectView,
    blurView: UIVisualEffectView
  ) -> UIViewPropertyAnimator {
    // 1
    view.contentView.alpha = 0
    view.transform = .identity

    // 2
    let animator = UIViewPropertyAnimator(
      duration: 0.5, curve: .easeIn)

    // 3
    animator.addAnimations {
      UIView.animateKeyframes(withDuration: 0.5, delay: 0.0) {
        UIView.addKeyframe(withRelativeStartTime: 0.0, relativeDuration: 1.0) {
          blurView.effect = UIBlurEffect(style: .dark)
          view.transform = CGAffineTransform(scaleX: 1.5, y: 1.5)
        }

        UIView.addKeyframe(withRelativeStartTime: 0.5, relativeDuration: 0.5) {
          view.transform = view.transform.rotated(by: -.pi / 8)
        }
      }
    }

    // 4
    animator.addCompletion { position in
      switch position {
        case .start:
          blurView.effect = nil
        case .end:
          blurView.effect = UIBlurEffect(style: .dark)
        default: 
          break
      }
    }

    return animator
  }

  static func reset(
    frame: CGRect,
    view: UIVisualEffectView,
    blurView: UIVisualEffectView
  ) -> UIViewPropertyAnimator {
    UIViewPropertyAnimator(
      duration: 0.5,
      dampingRatio: 0.7) {
      view.transform = .identity
      view.frame = frame
      view.contentView.alpha = 0
      blurView.effect = nil
    }
  }

  static func complete(view: UIVisualEffectView) -> UIViewPropertyAnimator {
    return UIViewPropertyAnimator(
      duration: 0.3, 
      dampingRatio: 0.7) {
      view.contentView.alpha = 1
      view.transform = .identity
      view.frame = CGRect(
        x: view.frame.minX - view.frame.minX / 2.5,
        y: view.frame.maxY - 140,
        width: view.frame.width + 120,
        height: 60
      )
    }
  }
}
