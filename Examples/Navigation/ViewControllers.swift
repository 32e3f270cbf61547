// The two screens of a small animals app, written as UIKit code is: a list of animals under a
// navigation bar (rows are plain views: a coloured badge and a name), an About screen pushed
// with the bar's "About" button, and a detail screen for the tapped animal that the reader can
// swipe away from the left edge.
import ZoetropeUIKit

struct Animal {
  let name: String
  let color: UIColor
  let blurb: String
}

let animals = [
  Animal(name: "Frog", color: .systemGreen, blurb: "Jumps twenty times its length."),
  Animal(name: "Bear", color: .systemBrown, blurb: "Sleeps through the winter."),
  Animal(name: "Fox", color: .systemOrange, blurb: "Hears a watch tick forty metres away."),
  Animal(name: "Owl", color: .systemIndigo, blurb: "Turns its head three quarters round."),
  Animal(name: "Whale", color: .systemTeal, blurb: "Sings songs that last for hours."),
  Animal(name: "Flamingo", color: .systemPink, blurb: "Pink from the shrimp it eats."),
]

class AnimalListViewController: UIViewController {
  /// The rows, top to bottom, and what tapping each does.
  private(set) var rows: [UIView] = []
  private(set) var rowTaps: [UITapGestureRecognizer] = []
  /// The row tapped last: the detail screen grows out of it.
  private(set) var selectedRow: UIView?

  override func viewDidLoad() {
    super.viewDidLoad()
    title = "Animals"
    view.backgroundColor = .white
    navigationItem.rightBarButtonItem = UIBarButtonItem(title: "About", style: .plain, target: self,
                                                        action: AnimalListViewController.showAbout)
    for (index, animal) in animals.enumerated() {
      let row = UIView(frame: CGRect(x: 0, y: CGFloat(index) * 64, width: view.bounds.width, height: 64))
      row.backgroundColor = .white
      let badge = UIView(frame: CGRect(x: 16, y: 12, width: 40, height: 40))
      badge.backgroundColor = animal.color
      badge.layer.cornerRadius = 20
      row.addSubview(badge)
      let name = UILabel(frame: CGRect(x: 72, y: 0, width: view.bounds.width - 100, height: 64))
      name.text = animal.name
      name.font = .systemFont(ofSize: 17)
      row.addSubview(name)
      let chevron = UILabel(frame: CGRect(x: view.bounds.width - 28, y: 0, width: 16, height: 64))
      chevron.text = "›"
      chevron.font = .systemFont(ofSize: 22)
      chevron.textColor = .systemGray3
      row.addSubview(chevron)
      let separator = UIView(frame: CGRect(x: 72, y: 63.5, width: view.bounds.width - 72, height: 0.5))
      separator.backgroundColor = .systemGray4
      row.addSubview(separator)
      let tap = UITapGestureRecognizer(target: self, action: AnimalListViewController.showAnimal(_:))
      row.addGestureRecognizer(tap)
      view.addSubview(row)
      rows.append(row)
      rowTaps.append(tap)
    }
  }

  func showAbout() {
    let about = UIViewController()
    about.title = "About"
    about.view.backgroundColor = .secondarySystemBackground
    let text = UILabel(frame: CGRect(x: 20, y: 24, width: about.view.bounds.width - 40, height: 60))
    text.numberOfLines = 0
    text.text = "Six animals and a fact about each."
    text.textColor = .secondaryLabel
    about.view.addSubview(text)
    navigationController?.pushViewController(about, animated: true)
  }

  func showAnimal(_ tap: UITapGestureRecognizer) {
    guard let row = tap.view, let index = rows.firstIndex(where: { $0 === row }) else { return }
    selectedRow = row
    navigationController?.pushViewController(AnimalDetailViewController(animal: animals[index]), animated: true)
  }
}

class AnimalDetailViewController: UIViewController {
  let animal: Animal
  /// The swipe from the left edge that takes the reader back.
  private(set) var edgePan: UIScreenEdgePanGestureRecognizer!

  init(animal: Animal) {
    self.animal = animal
    super.init(nibName: nil, bundle: nil)
  }

  required init?(coder aDecoder: NSCoder) {
    fatalError("init(coder:) has not been implemented")
  }

  override func viewDidLoad() {
    super.viewDidLoad()
    title = animal.name
    view.backgroundColor = .white
    let header = UIView(frame: CGRect(x: 0, y: 0, width: view.bounds.width, height: 220))
    header.backgroundColor = animal.color
    view.addSubview(header)
    let badge = UIView(frame: CGRect(x: view.bounds.width / 2 - 60, y: 50, width: 120, height: 120))
    badge.backgroundColor = UIColor(white: 1, alpha: 0.35)
    badge.layer.cornerRadius = 60
    header.addSubview(badge)
    let name = UILabel(frame: CGRect(x: 20, y: 240, width: view.bounds.width - 40, height: 40))
    name.text = animal.name
    name.font = .systemFont(ofSize: 28, weight: .bold)
    view.addSubview(name)
    let blurb = UILabel(frame: CGRect(x: 20, y: 284, width: view.bounds.width - 40, height: 60))
    blurb.text = animal.blurb
    blurb.numberOfLines = 0
    blurb.font = .systemFont(ofSize: 17)
    blurb.textColor = .secondaryLabel
    view.addSubview(blurb)

    edgePan = UIScreenEdgePanGestureRecognizer(target: self, action: AnimalDetailViewController.handleEdgePan(_:))
    edgePan.edges = .left
    view.addGestureRecognizer(edgePan)
  }

  /// The swipe drives the pop: the navigation delegate hands UIKit the interaction controller
  /// while the finger is down.
  func handleEdgePan(_ gesture: UIScreenEdgePanGestureRecognizer) {
    guard let coordinator = navigationController?.delegate as? NavigationCoordinator else { return }
    let percent = gesture.translation(in: view).x / view.bounds.width
    switch gesture.state {
    case .began:
      coordinator.interactionController = UIPercentDrivenInteractiveTransition()
      navigationController?.popViewController(animated: true)
    case .changed:
      coordinator.interactionController?.update(percent)
    case .ended:
      if percent > 0.5 || gesture.velocity(in: view).x > 0 {
        coordinator.interactionController?.finish()
      } else {
        coordinator.interactionController?.cancel()
      }
      coordinator.interactionController = nil
    default:
      coordinator.interactionController?.cancel()
      coordinator.interactionController = nil
    }
  }
}
