import ZoetropeUIKit

/// A log of the lifecycle calls the tests' controllers receive, in order, each as
/// "name.call" (`list.viewWillAppear`).
@MainActor
final class LifecycleLog {
    var entries: [String] = []

    /// The entries since the last `take()`, and a fresh start.
    func take() -> [String] {
        defer { entries = [] }
        return entries
    }
}

/// A controller that writes every lifecycle and containment call to its log.
final class LoggingViewController: UIViewController {
    let name: String
    let log: LifecycleLog

    init(_ name: String, log: LifecycleLog) {
        self.name = name
        self.log = log
        super.init(nibName: nil, bundle: nil)
    }

    required init?(coder aDecoder: NSCoder) {
        fatalError("init(coder:) has not been implemented")
    }

    private func note(_ call: String) { log.entries.append(name + "." + call) }

    override func loadView() {
        note("loadView")
        super.loadView()
    }
    override func viewDidLoad() { note("viewDidLoad") }
    override func viewWillAppear(_ animated: Bool) { note("viewWillAppear") }
    override func viewDidAppear(_ animated: Bool) { note("viewDidAppear") }
    override func viewWillDisappear(_ animated: Bool) { note("viewWillDisappear") }
    override func viewDidDisappear(_ animated: Bool) { note("viewDidDisappear") }
    override func viewWillLayoutSubviews() { note("viewWillLayoutSubviews") }
    override func viewDidLayoutSubviews() { note("viewDidLayoutSubviews") }
    override func willMove(toParent parent: UIViewController?) { note(parent == nil ? "willMove(nil)" : "willMove(parent)") }
    override func didMove(toParent parent: UIViewController?) { note(parent == nil ? "didMove(nil)" : "didMove(parent)") }
}

/// The calls without the layout ones (a layout pass may run more than once).
func withoutLayout(_ entries: [String]) -> [String] {
    entries.filter { !$0.hasSuffix("LayoutSubviews") }
}
