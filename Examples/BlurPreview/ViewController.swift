// The preview screen. The properties are P1; `startPreview(for:)` is P2 with P3, P7 and P13;
// `addEffectView(below:)` P4; `updatePreview(percent:)` P8; `cancelPreview()` P10;
// `finishPreview()` P15 with P16; all verbatim. The icons, the blur view, the menu view and the
// press that calls these (the book uses 3D Touch's force) are the starter project's.
import ZoetropeUIKit

class ViewController: UIViewController {
  var startFrame: CGRect?
  var previewView: UIView?
  var previewAnimator: UIViewPropertyAnimator?
  let previewEffectView = IconEffectView(blur: .extraLight)

  let blurView = UIVisualEffectView(effect: nil)
  var icons: [UIView] = []

  override func viewDidLoad() {
    super.viewDidLoad()
    let colors: [(CGFloat, CGFloat, CGFloat)] = [(242, 193, 78), (247, 129, 84), (77, 144, 120), (180, 67, 108)]
    for (index, color) in colors.enumerated() {
      let icon = UIView(frame: CGRect(x: 38 + 90 * CGFloat(index), y: 448, width: 64, height: 64))
      icon.backgroundColor = UIColor(red: color.0 / 255, green: color.1 / 255, blue: color.2 / 255, alpha: 1)
      icon.layer.cornerRadius = 14
      view.addSubview(icon)
      icons.append(icon)
    }
    blurView.frame = view.bounds
    view.addSubview(blurView)
  }

  /// The press (starter code): a finger held on an icon and moved up stands in for the force,
  /// 100 points up being a full press. Letting go before it is full cancels the preview.
  func handlePress(_ press: UIPanGestureRecognizer) {
    let percent = -press.translation(in: view).y / 100
    switch press.state {
    case .began:
      if let icon = icons.first(where: { $0.frame.contains(press.location(in: view)) }) {
        startPreview(for: icon)
      }
    case .changed:
      updatePreview(percent: percent)
    case .ended:
      if percent >= 0.99 {
        finishPreview()
      } else {
        cancelPreview()
      }
    default:
      cancelPreview()
    }
  }

  func startPreview(for forView: UIView) {
    previewView?.removeFromSuperview()
    if let preview = forView.snapshotView(afterScreenUpdates: false) {
      previewView = preview
      view.insertSubview(preview, aboveSubview: blurView)
      preview.frame = forView.convert(forView.bounds, to: view)
      startFrame = preview.frame
      addEffectView(below: preview)
      previewAnimator = AnimatorFactory.grow(
        view: previewEffectView, 
        blurView: blurView)
      previewAnimator?.addCompletion { position in
        switch position {
        case .start:
          self.previewView?.removeFromSuperview()
          self.previewEffectView.removeFromSuperview()
        default: break
        }
      }
    }
  }

  func addEffectView(below forView: UIView) {
    previewEffectView.removeFromSuperview()
    previewEffectView.frame = forView.frame

    forView.superview?.insertSubview(
      previewEffectView,
      belowSubview: forView)
  }

  func updatePreview(percent: CGFloat) {
    previewAnimator?.fractionComplete = 
      max(0.01, min(0.99, percent))
  }

  func cancelPreview() {
    if let previewAnimator = previewAnimator {
      previewAnimator.isReversed = true
      previewAnimator.startAnimation()
    }
  }

  func finishPreview() {
    // 1
    previewAnimator?.stopAnimation(false)

    // 2
    previewAnimator?.finishAnimation(at: .end)

    // 3
    previewAnimator = nil

    AnimatorFactory.complete(view: previewEffectView)
      .startAnimation()
  }
}

/// The starter project's effect view behind a pressed icon: an `.extraLight` blur with rounded
/// corners, whose content is the menu the preview turns into.
class IconEffectView: UIVisualEffectView {
  convenience init(blur: UIBlurEffect.Style) {
    self.init(effect: UIBlurEffect(style: blur))
    layer.cornerRadius = 14
    clipsToBounds = true
    let menu = UILabel(frame: CGRect(x: 12, y: 15, width: 160, height: 30))
    menu.text = "Share · Edit · Copy"
    menu.font = .systemFont(ofSize: 16)
    menu.textColor = UIColor(red: 34 / 255, green: 34 / 255, blue: 34 / 255, alpha: 1)
    contentView.addSubview(menu)
  }
}
