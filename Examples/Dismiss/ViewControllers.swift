// The starter project's two screens, built in code where the app has a storyboard: the main
// screen with its title, and the Animals sheet presented over it.
import ZoetropeUIKit

class ViewController: UIViewController {
  override func viewDidLoad() {
    super.viewDidLoad()
    view.addSubview(titleLabel("Animalation", size: 28, frame: CGRect(x: 100, y: 40, width: 400, height: 40),
                               color: UIColor(red: 59 / 255, green: 122 / 255, blue: 34 / 255, alpha: 1)))
  }
}

/// A bold title, centred in `frame` (on the main actor, as views are made).
@MainActor func titleLabel(_ text: String, size: CGFloat, frame: CGRect, color: UIColor) -> UILabel {
  let label = UILabel(frame: frame)
  label.text = text
  label.font = .boldSystemFont(ofSize: size)
  label.textColor = color
  label.textAlignment = .center
  return label
}

class AnimalsViewController: UIViewController {
  let dimmingView = UIView()
  let sheetView = UIView()

  override func viewDidLoad() {
    super.viewDidLoad()
    dimmingView.frame = view.bounds
    dimmingView.backgroundColor = .black
    dimmingView.alpha = 0.4
    view.addSubview(dimmingView)

    sheetView.frame = CGRect(x: 20, y: 90, width: 560, height: 700)
    sheetView.backgroundColor = .white
    sheetView.layer.cornerRadius = 24
    view.addSubview(sheetView)

    sheetView.addSubview(titleLabel("Animals", size: 26, frame: CGRect(x: 130, y: 30, width: 300, height: 40),
                                    color: UIColor(red: 34 / 255, green: 34 / 255, blue: 34 / 255, alpha: 1)))

    let handle = UIView(frame: CGRect(x: 250, y: 11, width: 60, height: 6))
    handle.backgroundColor = UIColor(red: 200 / 255, green: 200 / 255, blue: 200 / 255, alpha: 1)
    handle.layer.cornerRadius = 3
    sheetView.addSubview(handle)

    let icons: [(CGPoint, UIColor)] = [
      (CGPoint(x: 140, y: 200), UIColor(red: 93 / 255, green: 170 / 255, blue: 58 / 255, alpha: 1)),   // frog
      (CGPoint(x: 420, y: 200), UIColor(red: 139 / 255, green: 90 / 255, blue: 43 / 255, alpha: 1)),   // bear
      (CGPoint(x: 140, y: 420), UIColor(red: 224 / 255, green: 160 / 255, blue: 48 / 255, alpha: 1)),  // cat
      (CGPoint(x: 420, y: 420), UIColor(red: 138 / 255, green: 143 / 255, blue: 153 / 255, alpha: 1)), // wolf
    ]
    for (center, color) in icons {
      let icon = UIView(frame: CGRect(x: 0, y: 0, width: 120, height: 120))
      icon.center = center
      icon.backgroundColor = color
      icon.layer.cornerRadius = 28
      sheetView.addSubview(icon)
    }
  }
}
