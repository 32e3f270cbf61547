/// Mirrors `UIResponder`, the root of views and view controllers (and of an app delegate, so
/// `class AppDelegate: UIResponder, UIApplicationDelegate` compiles). No events are delivered
/// through it: a film scripts its touches. It keeps UIKit's first-responder API: one responder
/// per film is first (the one whose `becomeFirstResponder()` succeeded last), and a view's
/// `endEditing(_:)` resigns it when it is that view or one of its subviews.
@MainActor
open class UIResponder {
    /// Mirrors `next`: a view's controller (for its root view) or superview, a controller's
    /// view's superview or its presenting controller, else nil.
    open var next: UIResponder? { nil }

    public init() {}

    /// Mirrors `awakeFromNib()` (UIKit's for every object a nib makes): there are no nibs, so
    /// nothing calls it; it is here so that a view's or controller's override compiles.
    open func awakeFromNib() {}

    /// Mirrors `prepareForInterfaceBuilder()`: never called, as there is no Interface Builder.
    open func prepareForInterfaceBuilder() {}

    /// Mirrors `canBecomeFirstResponder`: false, unless a kind of responder that takes typing
    /// (a text field) says otherwise.
    open var canBecomeFirstResponder: Bool { false }

    /// Mirrors `canResignFirstResponder`.
    open var canResignFirstResponder: Bool { true }

    /// Mirrors `isFirstResponder`: whether this is the first responder of its film (the film its
    /// view is on, else the film whose call is running).
    open var isFirstResponder: Bool {
        responderFilm?.firstResponder === self
    }

    /// Mirrors `becomeFirstResponder()`: this responder takes the film's typing, the one that
    /// had it resigning first. False when it cannot (`canBecomeFirstResponder`), is on no film,
    /// or the one that had it will not resign.
    @discardableResult
    open func becomeFirstResponder() -> Bool {
        guard canBecomeFirstResponder, let film = responderFilm else { return false }
        if film.firstResponder === self { return true }
        if let current = film.firstResponder, !current.resignFirstResponder() { return false }
        film.firstResponder = self
        return true
    }

    /// Mirrors `resignFirstResponder()`: the film has no first responder afterwards.
    @discardableResult
    open func resignFirstResponder() -> Bool {
        guard canResignFirstResponder else { return false }
        if let film = responderFilm, film.firstResponder === self { film.firstResponder = nil }
        return true
    }

    /// The film this responder takes typing on: its view's, else the running call's.
    var responderFilm: Film? {
        (self as? UIView)?.film ?? (self as? UIViewController).flatMap { $0.isViewLoaded ? $0.view.film : nil } ?? Film.running
    }
}

/// Mirrors `UIApplicationDelegate`, for an app delegate's declaration. There is no app: a
/// program's `main.swift` makes a `Film` where an app calls `UIApplicationMain`.
@MainActor
public protocol UIApplicationDelegate: AnyObject {}

/// Mirrors `UIModalPresentationStyle`. `.fullScreen` and `.currentContext` take the presenting
/// view off the film once the presentation's transition completes (and put it back when the
/// dismissal begins); `.overFullScreen`, `.overCurrentContext` and `.custom` keep it under the
/// presented one; `.pageSheet`, `.formSheet`, `.popover` and `.automatic` are iOS 13's card sheet
/// on a phone (UIViewController+Presentation.swift).
public enum UIModalPresentationStyle: Int, Sendable {
    case fullScreen = 0, pageSheet, formSheet, currentContext, custom, overFullScreen, overCurrentContext, popover
    case none = -1, automatic = -2
}

/// Mirrors `UIModalTransitionStyle`: how a presentation without an animation controller of its
/// own animates. `.flipHorizontal` and `.partialCurl` cross-dissolve here.
public enum UIModalTransitionStyle: Int, Sendable {
    case coverVertical = 0, flipHorizontal, crossDissolve, partialCurl
}

/// Mirrors `UIViewController`: a view loaded on first use (`loadView()`, then `viewDidLoad()`),
/// shown on a film (`Film.show(_:)`, a window's `rootViewController`), presented over another
/// controller's and dismissed, pushed on a navigation controller, or added as a child. The
/// appearance callbacks come in UIKit's order: `viewWillAppear(_:)`, the layout
/// (`viewWillLayoutSubviews()`, `viewDidLayoutSubviews()`), `viewDidAppear(_:)` once the
/// transition completes; `viewWillDisappear(_:)`, `viewDidDisappear(_:)` likewise; a cancelled
/// transition calls the reverse pair.
open class UIViewController: UIResponder {
    private var loadedView: UIView?
    /// Mirrors `presentedViewController`.
    public internal(set) var presentedViewController: UIViewController?
    /// Mirrors `presentingViewController`.
    public internal(set) weak var presentingViewController: UIViewController?
    /// Mirrors `transitioningDelegate` (weak, as in UIKit: keep the delegate alive yourself).
    open weak var transitioningDelegate: UIViewControllerTransitioningDelegate?
    /// Mirrors `modalPresentationStyle`.
    open var modalPresentationStyle = UIModalPresentationStyle.automatic
    /// Mirrors `modalTransitionStyle`.
    open var modalTransitionStyle = UIModalTransitionStyle.coverVertical
    /// Mirrors `isModalInPresentation` (kept: a film has no swipe to dismiss a sheet).
    open var isModalInPresentation = false
    /// Mirrors `definesPresentationContext` (kept: every presentation is over the whole film).
    open var definesPresentationContext = false
    /// Mirrors `title`: also the title of the controller's `navigationItem` when that has none.
    open var title: String? {
        didSet { ownNavigationItem?.title = title }
    }
    /// Mirrors `children`.
    public private(set) var children: [UIViewController] = []
    /// Mirrors `parent`.
    public internal(set) weak var parent: UIViewController?
    /// Mirrors `shouldAutomaticallyForwardAppearanceMethods`: a container whose children's
    /// views are in its view passes its appearance calls on to them.
    open var shouldAutomaticallyForwardAppearanceMethods: Bool { true }
    /// The view the presented controller's view was put in: the transitions' container.
    var presentationContainer: UIView?
    /// What a presentation put on the film besides the container (a sheet's dimming view).
    var presentationDecoration: UIView?
    /// The style this controller was presented in (`.automatic` resolved).
    var presentedStyle = UIModalPresentationStyle.fullScreen
    /// Where the controller is in its appearance: UIKit's appear states.
    var appearance = Appearance.disappeared
    /// Whether the appearance transition in progress is animated.
    private var appearanceAnimated = false

    enum Appearance { case disappeared, appearing, appeared, disappearing }

    /// Mirrors `init()`: `init(nibName: nil, bundle: nil)`.
    public convenience override init() {
        self.init(nibName: nil, bundle: nil)
    }

    /// Mirrors `init(nibName:bundle:)`, a designated initialiser as in UIKit (a subclass's own
    /// initialiser calls `super.init(nibName: nil, bundle: nil)`): there are no nibs here, so
    /// both must be nil (a name stops the program, as a missing nib does in UIKit).
    public init(nibName nibNameOrNil: String?, bundle nibBundleOrNil: Bundle?) {
        if let nibNameOrNil {
            fatalError(UIStoryboard.unsupportedMessage("the nib \"\(nibNameOrNil)\""))
        }
    }

    /// Mirrors `init(coder:)`, which UIKit requires of every controller class: there are no
    /// storyboards or archives here, so the controller is made as `init(nibName: nil, bundle:
    /// nil)` makes it (its view comes from `loadView()`) and nothing is read from `coder`.
    public required init?(coder: NSCoder) {}

    /// Mirrors `view`: loaded on first access.
    open var view: UIView! {
        get {
            if loadedView == nil {
                loadView()
                loadedView?.owningController = self
                viewDidLoad()
            }
            return loadedView
        }
        set {
            loadedView = newValue
            newValue?.owningController = self
        }
    }

    /// Mirrors `viewIfLoaded`.
    open var viewIfLoaded: UIView? { loadedView }

    /// Mirrors `isViewLoaded`.
    open var isViewLoaded: Bool { loadedView != nil }

    /// Mirrors `loadViewIfNeeded()`.
    open func loadViewIfNeeded() { _ = view }

    /// Mirrors `loadView()`: a plain view the size of the canvas (UIKit's screen) of the film
    /// whose call is running (`Film.show(_:)`, a call at a time), else empty until shown.
    open func loadView() {
        loadedView = UIView(frame: Film.running?.rootView.bounds ?? .zero)
    }

    /// Mirrors `viewDidLoad()`.
    open func viewDidLoad() {}

    /// Mirrors `viewWillAppear(_:)`: before the view goes on the film (and is laid out there).
    open func viewWillAppear(_ animated: Bool) {}

    /// Mirrors `viewDidAppear(_:)`: once the view is on the film, laid out, and the transition
    /// that brought it (if any) has completed.
    open func viewDidAppear(_ animated: Bool) {}

    /// Mirrors `viewWillDisappear(_:)`: before a transition takes the view away.
    open func viewWillDisappear(_ animated: Bool) {}

    /// Mirrors `viewDidDisappear(_:)`: once the transition has completed and the view is off.
    open func viewDidDisappear(_ animated: Bool) {}

    /// Mirrors `viewWillLayoutSubviews()`: before the view's `layoutSubviews()` in a layout pass.
    open func viewWillLayoutSubviews() {}

    /// Mirrors `viewDidLayoutSubviews()`: after the view's `layoutSubviews()`, its subviews placed.
    open func viewDidLayoutSubviews() {}

    /// Mirrors `isBeingPresented`.
    open var isBeingPresented: Bool { presentingViewController != nil && appearance == .appearing }

    /// Mirrors `isBeingDismissed`.
    open var isBeingDismissed: Bool { presentingViewController != nil && appearance == .disappearing }

    /// Mirrors `isMovingToParent`: true while a navigation controller pushes this controller
    /// (from its `viewWillAppear` to its `viewDidAppear`).
    open var isMovingToParent: Bool { movingToParent }

    /// Mirrors `isMovingFromParent`: true while a navigation controller pops this controller.
    open var isMovingFromParent: Bool { movingFromParent }
    var movingToParent = false
    var movingFromParent = false

    /// Mirrors `present(_:animated:completion:)`: the presented controller's view goes in a
    /// container view on top of the film. `viewWillAppear(_:)` of the presented controller
    /// (and `viewWillDisappear(_:)` of the presenting one, for the full-screen styles) come
    /// first, the view is laid out, the transition runs (the transitioning delegate's
    /// animation controller, interactively when it also gives an interaction controller, else
    /// the `modalTransitionStyle`'s), and when it completes come `viewDidAppear(_:)`,
    /// `viewDidDisappear(_:)` and `completion`. Not animated, all of it happens at once. The
    /// presentation is made by the controller at the top of this one's parents (a navigation
    /// controller for its children, as UIKit's presentation context), on its film.
    open func present(_ viewControllerToPresent: UIViewController, animated flag: Bool, completion: (() -> Void)? = nil) {
        presentViewController(viewControllerToPresent, animated: flag, completion: completion)
    }

    /// Mirrors `dismiss(animated:completion:)`: dismisses the controller this one presented, or
    /// this one (or the presented controller it is a child of) when it presented none. The
    /// dismissed controller gets `viewWillDisappear(_:)` (and the presenting one
    /// `viewWillAppear(_:)`, its view back on the film, when the style had taken it off);
    /// animated, the transition runs (the delegate's animation controller, interactively when
    /// the delegate also gives an interaction controller, else the `modalTransitionStyle`'s in
    /// reverse). When it completes (`completeTransition(true)`) the dismissed view leaves the
    /// film, then come `viewDidDisappear(_:)`, `viewDidAppear(_:)` and `completion`; cancelled,
    /// the reverse pair.
    open func dismiss(animated flag: Bool, completion: (() -> Void)? = nil) {
        dismissViewController(animated: flag, completion: completion)
    }

    // MARK: - Appearance

    /// Mirrors `beginAppearanceTransition(_:animated:)`: `viewWillAppear(_:)` or
    /// `viewWillDisappear(_:)` (once per change: a controller appearing is not told again),
    /// passed on to the children whose views are in this one's.
    open func beginAppearanceTransition(_ isAppearing: Bool, animated: Bool) {
        if isAppearing {
            guard appearance == .disappeared || appearance == .disappearing else { return }
            appearance = .appearing
            appearanceAnimated = animated
            viewWillAppear(animated)
        } else {
            guard appearance == .appeared || appearance == .appearing else { return }
            appearance = .disappearing
            appearanceAnimated = animated
            viewWillDisappear(animated)
        }
        if shouldAutomaticallyForwardAppearanceMethods {
            for child in appearanceChildren { child.beginAppearanceTransition(isAppearing, animated: animated) }
        }
    }

    /// Mirrors `endAppearanceTransition()`: `viewDidAppear(_:)` or `viewDidDisappear(_:)` for
    /// the transition begun, passed on to the children.
    open func endAppearanceTransition() {
        switch appearance {
        case .appearing:
            appearance = .appeared
            viewDidAppear(appearanceAnimated)
        case .disappearing:
            appearance = .disappeared
            viewDidDisappear(appearanceAnimated)
        case .appeared, .disappeared:
            return
        }
        if shouldAutomaticallyForwardAppearanceMethods {
            for child in appearanceChildren { child.endAppearanceTransition() }
        }
    }

    /// The children that appear with this controller: those whose views are in its view.
    var appearanceChildren: [UIViewController] {
        guard let view = loadedView else { return [] }
        return children.filter { $0.loadedView?.isDescendant(of: view) == true }
    }

    /// Called as the controller's view goes on a window or off it: a child whose parent is on
    /// screen appears and disappears with its view, as UIKit's do when a child's view is added
    /// to (or removed from) a parent's view on screen.
    func viewMovedWindow(onWindow: Bool) {
        guard let parent, parent.shouldAutomaticallyForwardAppearanceMethods else { return }
        if onWindow, appearance == .disappeared, parent.appearance == .appeared || parent.appearance == .appearing {
            beginAppearanceTransition(true, animated: false)
            if parent.appearance == .appeared { endAppearanceTransition() }
        } else if !onWindow, appearance == .appeared || appearance == .appearing {
            beginAppearanceTransition(false, animated: false)
            endAppearanceTransition()
        }
    }

    // MARK: - Containment

    /// Mirrors `addChild(_:)`: calls the child's `willMove(toParent:)` with this controller;
    /// the caller adds the child's view and then calls `didMove(toParent:)`, as in UIKit.
    open func addChild(_ childController: UIViewController) {
        if childController.parent === self { return }
        childController.removeFromParentSilently()
        childController.willMove(toParent: self)
        children.append(childController)
        childController.parent = self
    }

    /// Mirrors `removeFromParent()`: calls `didMove(toParent: nil)`; the caller calls
    /// `willMove(toParent: nil)` first and takes the view out, as in UIKit.
    open func removeFromParent() {
        guard parent != nil else { return }
        removeFromParentSilently()
        didMove(toParent: nil)
    }

    private func removeFromParentSilently() {
        parent?.children.removeAll { $0 === self }
        parent = nil
    }

    /// Sets the children at once (a navigation stack), keeping their parent links.
    func replaceChildren(_ controllers: [UIViewController]) {
        for old in children where !controllers.contains(where: { $0 === old }) { old.parent = nil }
        for new in controllers where new.parent !== self {
            new.removeFromParentSilently()
            new.parent = self
        }
        children = controllers
    }

    /// Mirrors `willMove(toParent:)`.
    open func willMove(toParent parent: UIViewController?) {}

    /// Mirrors `didMove(toParent:)`.
    open func didMove(toParent parent: UIViewController?) {}

    // MARK: - Status bar

    /// Mirrors `preferredStatusBarStyle` (kept: a film draws no status bar).
    open var preferredStatusBarStyle: UIStatusBarStyle { .default }

    /// Mirrors `prefersStatusBarHidden` (kept: a film draws no status bar).
    open var prefersStatusBarHidden: Bool { false }

    /// Mirrors `setNeedsStatusBarAppearanceUpdate()`: the application's status bar values take
    /// the top controller's (`UIApplication.shared.statusBarStyle`); nothing is drawn.
    open func setNeedsStatusBarAppearanceUpdate() {
        UIApplication.shared.statusBarStyle = preferredStatusBarStyle
        UIApplication.shared.isStatusBarHidden = prefersStatusBarHidden
    }

    // MARK: - Responders

    /// Mirrors `next` for a controller: its view's superview, else its presenting controller.
    open override var next: UIResponder? { loadedView?.superview ?? presentingViewController }

    /// Mirrors `navigationController`: the nearest navigation controller among the parents.
    open var navigationController: UINavigationController? {
        var current = parent
        while let candidate = current {
            if let navigation = candidate as? UINavigationController { return navigation }
            current = candidate.parent
        }
        return nil
    }

    /// Mirrors `navigationItem`: made on first use, its title the controller's.
    open var navigationItem: UINavigationItem {
        if let item = ownNavigationItem { return item }
        let item = UINavigationItem(title: "")
        item.title = title
        ownNavigationItem = item
        return item
    }
    private var ownNavigationItem: UINavigationItem?

    // MARK: - Storyboards and segues

    /// Mirrors `storyboard`: nil, since Zoetrope has no storyboards.
    open var storyboard: UIStoryboard? { nil }

    /// Mirrors `shouldPerformSegue(withIdentifier:sender:)`: true.
    open func shouldPerformSegue(withIdentifier identifier: String, sender: Any?) -> Bool { true }

    /// Mirrors `prepare(for:sender:)`: called by `UIStoryboardSegue`'s performer before it runs.
    open func prepare(for segue: UIStoryboardSegue, sender: Any?) {}

    /// Mirrors `performSegue(withIdentifier:sender:)`: segues live in storyboards, which
    /// Zoetrope does not have, so the call stops the program with `UIStoryboard`'s message.
    /// Make the destination in code and `present` or `pushViewController` it, or run a
    /// `UIStoryboardSegue(identifier:source:destination:performHandler:)` yourself.
    open func performSegue(withIdentifier identifier: String, sender: Any?) {
        fatalError(UIStoryboard.unsupportedMessage("the segue \"\(identifier)\""))
    }
}

extension Film {
    /// Shows `viewController`'s view filling the film, as a window shows its root view
    /// controller (a Zoetrope addition: a film is the window, and this sets the film's
    /// `window.rootViewController`): `viewWillAppear(_:)`, the view added and laid out, then
    /// `viewDidAppear(_:)`.
    public func show(_ viewController: UIViewController) {
        window.rootViewController = viewController
    }
}
