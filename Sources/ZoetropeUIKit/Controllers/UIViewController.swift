/// Mirrors `UIResponder`, the root of views and view controllers (and of an app delegate, so
/// `class AppDelegate: UIResponder, UIApplicationDelegate` compiles). No events are delivered
/// through it: a film scripts its touches.
@MainActor
open class UIResponder {
    public init() {}

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

/// Mirrors `UIModalPresentationStyle`. Every style keeps the presenting view on the film under
/// the presented one (as `.overFullScreen` and `.custom` do).
public enum UIModalPresentationStyle: Int, Sendable {
    case fullScreen = 0, pageSheet, formSheet, currentContext, custom, overFullScreen, overCurrentContext, popover
    case none = -1, automatic = -2
}

/// Mirrors `UIViewController`: a view loaded on first use (`loadView()`, then `viewDidLoad()`),
/// presented over another controller's and dismissed, with a custom transition when a
/// `transitioningDelegate` gives one. A film shows its first controller as `rootViewController`.
open class UIViewController: UIResponder {
    private var loadedView: UIView?
    /// Mirrors `presentedViewController`.
    public private(set) var presentedViewController: UIViewController?
    /// Mirrors `presentingViewController`.
    public private(set) weak var presentingViewController: UIViewController?
    /// Mirrors `transitioningDelegate` (weak, as in UIKit: keep the delegate alive yourself).
    open weak var transitioningDelegate: UIViewControllerTransitioningDelegate?
    /// Mirrors `modalPresentationStyle`.
    open var modalPresentationStyle = UIModalPresentationStyle.automatic
    /// The view the presented controller's view was put in: the transitions' container.
    var presentationContainer: UIView?

    public override init() {}

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

    /// Mirrors `isViewLoaded`.
    open var isViewLoaded: Bool { loadedView != nil }

    /// Mirrors `loadView()`: a plain view the size of the canvas (UIKit's screen) of the film
    /// whose call is running (`Film.show(_:)`, a call at a time), else empty until shown.
    open func loadView() {
        loadedView = UIView(frame: Film.running?.rootView.bounds ?? .zero)
    }

    /// Mirrors `viewDidLoad()`.
    open func viewDidLoad() {}

    /// Mirrors `viewWillAppear(_:)`: called by `Film.show(_:)` before the view is laid out.
    open func viewWillAppear(_ animated: Bool) {}

    /// Mirrors `viewDidAppear(_:)`: called by `Film.show(_:)` once the view is on the film and
    /// laid out (where a form's fields start sliding in).
    open func viewDidAppear(_ animated: Bool) {}

    /// Mirrors `viewWillLayoutSubviews()`: before the view's `layoutSubviews()` in a layout pass.
    open func viewWillLayoutSubviews() {}

    /// Mirrors `viewDidLayoutSubviews()`: after the view's `layoutSubviews()`, its subviews placed.
    open func viewDidLayoutSubviews() {}

    /// Mirrors `present(_:animated:completion:)`: the presented controller's view goes in a
    /// container view on top of the film, filling it. An animated presentation whose delegate
    /// gives an animation controller runs it (`animateTransition(using:)`); otherwise the view
    /// appears at once and `completion` runs. The film is the presenting view's, and the
    /// presentation is its call (the presented controller's view is loaded the film's size).
    open func present(_ viewControllerToPresent: UIViewController, animated flag: Bool, completion: (() -> Void)? = nil) {
        guard let film = view.film ?? Film.running else {
            fatalError("Zoetrope: present(_:animated:completion:) needs a film: show the presenting controller on one (film.show(_:)) first")
        }
        Film.$running.withValue(film) { present(viewControllerToPresent, animated: flag, on: film, completion: completion) }
    }

    /// `present(_:animated:completion:)` on `film`.
    private func present(_ viewControllerToPresent: UIViewController, animated flag: Bool, on film: Film, completion: (() -> Void)?) {
        let container = UIView(frame: film.rootView.bounds)
        container.accessibilityIdentifier = "transitionContainer"
        film.rootView.addSubview(container)
        presentedViewController = viewControllerToPresent
        viewControllerToPresent.presentingViewController = self
        viewControllerToPresent.presentationContainer = container
        let presented = viewControllerToPresent.view!
        presented.frame = container.bounds
        if flag, let animator = viewControllerToPresent.transitioningDelegate?.animationController(
            forPresented: viewControllerToPresent, presenting: self, source: self) {
            let context = TransitionContext(container: container, from: self, to: viewControllerToPresent, animator: animator,
                                            isPresentation: true, completion: completion)
            container.addSubview(presented)
            animator.animateTransition(using: context)
        } else {
            container.addSubview(presented)
            completion?()
        }
    }

    /// Mirrors `dismiss(animated:completion:)`: dismisses the controller this one presented, or
    /// this one when it presented none. Animated, with a delegate's animation controller, the
    /// transition runs: interactively when the delegate also gives an interaction controller
    /// (which then drives the animator's `fractionComplete`). The dismissed view leaves the film
    /// when the transition completes (`completeTransition(true)`).
    open func dismiss(animated flag: Bool, completion: (() -> Void)? = nil) {
        guard let presented = presentedViewController ?? (presentingViewController != nil ? self : nil),
              let presenting = presented.presentingViewController else { return }
        let delegate = presented.transitioningDelegate
        guard flag, let container = presented.presentationContainer, let animator = delegate?.animationController(forDismissed: presented) else {
            presented.finishDismissal()
            completion?()
            return
        }
        let interaction = delegate?.interactionControllerForDismissal(using: animator)
        let context = TransitionContext(container: container, from: presented, to: presenting, animator: animator,
                                        isPresentation: false, completion: completion)
        if let interaction {
            context.isInteractive = true
            interaction.startInteractiveTransition(context)
        } else {
            animator.animateTransition(using: context)
        }
    }

    /// Takes a dismissed controller's view (and its container) off the film.
    func finishDismissal() {
        presentationContainer?.removeFromSuperview()
        presentingViewController?.presentedViewController = nil
        presentingViewController = nil
        presentationContainer = nil
    }
}

extension Film {
    /// Shows `viewController`'s view filling the film, as a window shows its root view
    /// controller (a Zoetrope addition: a film is the window): `viewWillAppear(_:)`, the view
    /// added and laid out, then `viewDidAppear(_:)`.
    public func show(_ viewController: UIViewController) {
        run {
            let view = viewController.view!
            view.frame = rootView.bounds
            viewController.viewWillAppear(false)
            rootView.addSubview(view)
            rootView.layoutIfNeeded()
            viewController.viewDidAppear(false)
        }
    }
}
