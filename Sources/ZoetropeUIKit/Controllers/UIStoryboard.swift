/// Mirrors `UIStoryboard` so code that names one compiles. Zoetrope has no storyboards (no
/// Interface Builder files on Linux): making one works, but instantiating a controller from it
/// stops the program with `unsupportedMessage(_:)`. Build the view in code instead, in
/// `loadView()` or `viewDidLoad()`, and make the controller with its initialiser.
@MainActor
open class UIStoryboard {
    /// The storyboard's name.
    public let name: String

    /// Mirrors `init(name:bundle:)`.
    public init(name: String, bundle storyboardBundleOrNil: Bundle?) {
        self.name = name
    }

    /// What stops a program that asks for `what` from a storyboard or nib.
    public static func unsupportedMessage(_ what: String) -> String {
        "Zoetrope has no storyboards or nibs, so \(what) cannot be loaded: build the view in code, in loadView() or viewDidLoad(), make the view controller with its initialiser, and present it or push it yourself"
    }

    /// Mirrors `instantiateInitialViewController()`: stops the program (no storyboards).
    open func instantiateInitialViewController() -> UIViewController? {
        fatalError(Self.unsupportedMessage("the initial view controller of the storyboard \"\(name)\""))
    }

    /// Mirrors `instantiateViewController(withIdentifier:)`: stops the program (no storyboards).
    open func instantiateViewController(withIdentifier identifier: String) -> UIViewController {
        fatalError(Self.unsupportedMessage("the view controller \"\(identifier)\" of the storyboard \"\(name)\""))
    }
}

/// Mirrors `UIStoryboardSegue`: a segue made in code runs as UIKit's do when performed: the
/// source's `prepare(for:sender:)` is the caller's to call, and `perform()` runs the handler
/// (`init(identifier:source:destination:performHandler:)`) or, for a subclass, its override.
/// `performSegue(withIdentifier:sender:)` stops the program: named segues live in storyboards.
@MainActor
open class UIStoryboardSegue {
    /// Mirrors `identifier`.
    public let identifier: String?
    /// Mirrors `source`.
    public let source: UIViewController
    /// Mirrors `destination`.
    public let destination: UIViewController
    private let performHandler: (() -> Void)?

    /// Mirrors `init(identifier:source:destination:)`.
    public init(identifier: String?, source: UIViewController, destination: UIViewController) {
        self.identifier = identifier
        self.source = source
        self.destination = destination
        performHandler = nil
    }

    /// Mirrors `init(identifier:source:destination:performHandler:)`.
    public init(identifier: String?, source: UIViewController, destination: UIViewController, performHandler: @escaping () -> Void) {
        self.identifier = identifier
        self.source = source
        self.destination = destination
        self.performHandler = performHandler
    }

    /// Mirrors `perform()`: runs the perform handler (a subclass overrides it).
    open func perform() {
        performHandler?()
    }
}
