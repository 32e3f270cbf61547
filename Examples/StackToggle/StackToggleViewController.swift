import ZoetropeUIKit

/// Cards in a vertical stack view; the segmented control picks the one to hide, and the
/// change is animated, so the stack closes the gap and opens it again.
final class StackToggleViewController: UIViewController {
    let picker = UISegmentedControl(items: ["Mango", "Kiwi", "Plum"])
    private(set) var stack: UIStackView!
    private(set) var cards: [UIView] = []

    override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = .secondarySystemBackground

        let title = UILabel()
        title.text = "Hide a fruit"
        title.font = .boldSystemFont(ofSize: 28)

        let fruits: [(String, UIColor)] = [
            ("Mango", .systemOrange), ("Kiwi", .systemGreen), ("Plum", .systemPurple), ("Lemon", .systemYellow),
        ]
        cards = fruits.map { name, color in
            let card = UIView()
            card.backgroundColor = color
            card.layer.cornerRadius = 14
            let label = UILabel()
            label.text = name
            label.font = .boldSystemFont(ofSize: 22)
            label.textColor = .white
            label.translatesAutoresizingMaskIntoConstraints = false
            card.addSubview(label)
            // Below required, so the stack's zero height for a hidden card wins without a conflict.
            let height = card.heightAnchor.constraint(equalToConstant: 96)
            height.priority = UILayoutPriority(999)
            NSLayoutConstraint.activate([
                label.leadingAnchor.constraint(equalTo: card.leadingAnchor, constant: 20),
                label.centerYAnchor.constraint(equalTo: card.centerYAnchor),
                height,
            ])
            return card
        }
        stack = UIStackView(arrangedSubviews: cards)
        stack.axis = .vertical
        stack.spacing = 14

        picker.addAction(UIAction { [weak self] _ in self?.pickerChanged() }, for: .valueChanged)

        for subview in [title, picker, stack] as [UIView] {
            subview.translatesAutoresizingMaskIntoConstraints = false
            view.addSubview(subview)
        }
        let guide = view.safeAreaLayoutGuide
        NSLayoutConstraint.activate([
            title.topAnchor.constraint(equalTo: guide.topAnchor, constant: 48),
            title.leadingAnchor.constraint(equalTo: view.leadingAnchor, constant: 20),
            picker.topAnchor.constraint(equalTo: title.bottomAnchor, constant: 20),
            picker.leadingAnchor.constraint(equalTo: view.leadingAnchor, constant: 20),
            picker.trailingAnchor.constraint(equalTo: view.trailingAnchor, constant: -20),
            stack.topAnchor.constraint(equalTo: picker.bottomAnchor, constant: 24),
            stack.leadingAnchor.constraint(equalTo: view.leadingAnchor, constant: 20),
            stack.trailingAnchor.constraint(equalTo: view.trailingAnchor, constant: -20),
        ])
    }

    /// Hides the picked card and shows the others, animated: the stack closes up.
    private func pickerChanged() {
        let picked = picker.selectedSegmentIndex
        UIView.animate(withDuration: 0.4, delay: 0, usingSpringWithDamping: 0.85, initialSpringVelocity: 0, options: [], animations: {
            for (index, card) in self.cards.enumerated() {
                card.isHidden = index == picked
                card.alpha = index == picked ? 0 : 1
            }
            self.stack.layoutIfNeeded()
        })
    }
}
