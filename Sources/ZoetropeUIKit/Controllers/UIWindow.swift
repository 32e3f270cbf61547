import ZoetropeCore

/// Mirrors `UIWindow`: the view at the top of a tree, showing its `rootViewController`'s view.
/// A film's `rootView` is its window (`Film.window`): what is in it is on the film. A window
/// made in code (`UIWindow(frame:)`) goes on the running film with `makeKeyAndVisible()`,
/// over what is there (a film has one screen).
open class UIWindow: UIView {
    /// Mirrors `UIWindow.Level`.
    public struct Level: RawRepresentable, Hashable, Sendable {
        public let rawValue: CGFloat
        public init(rawValue: CGFloat) { self.rawValue = rawValue }
        /// Mirrors `.normal`.
        public static let normal = Level(rawValue: 0)
        /// Mirrors `.statusBar`.
        public static let statusBar = Level(rawValue: 1000)
        /// Mirrors `.alert`.
        public static let alert = Level(rawValue: 2000)
    }

    /// Mirrors `windowLevel` (kept: windows are in the order they were made visible).
    open var windowLevel = Level.normal

    /// Mirrors `screen`.
    open var screen: UIScreen { .main }

    /// Mirrors `rootViewController`: setting it takes the old root's view off the window and
    /// puts the new one's in, filling the window, with their appearance calls when the window
    /// is on a film (`viewWillAppear(_:)`, the layout, `viewDidAppear(_:)`).
    open var rootViewController: UIViewController? {
        didSet {
            guard oldValue !== rootViewController else { return }
            let film = self.film ?? Film.running
            let install = { [self] in
                if let oldValue, oldValue.isViewLoaded, oldValue.view.superview === self {
                    oldValue.beginAppearanceTransition(false, animated: false)
                    oldValue.view.removeFromSuperview()
                    oldValue.endAppearanceTransition()
                }
                guard let controller = rootViewController else { return }
                let view = controller.view!
                view.frame = bounds
                let visible = self.film != nil
                if visible { controller.beginAppearanceTransition(true, animated: false) }
                addSubview(view)
                layoutIfNeeded()
                if visible { controller.endAppearanceTransition() }
            }
            if let film { film.run(install) } else { install() }
        }
    }

    /// Mirrors `isKeyWindow`.
    open var isKeyWindow: Bool { (film ?? Film.running)?.keyWindow === self }

    /// Mirrors `makeKey()`.
    open func makeKey() {
        guard let film = film ?? Film.running else { return }
        film.keyWindow = self
    }

    /// Mirrors `makeKeyAndVisible()`: a film's window is visible already; another window goes
    /// on the running film, over what is there, its root controller appearing.
    open func makeKeyAndVisible() {
        isHidden = false
        if film == nil {
            guard let film = Film.running else {
                fatalError("Zoetrope: makeKeyAndVisible() puts a window on a film: call it inside film.run { … } or a film's call")
            }
            film.run {
                let root = rootViewController
                root?.beginAppearanceTransition(true, animated: false)
                film.window.addSubview(self)
                layoutIfNeeded()
                root?.endAppearanceTransition()
            }
        }
        makeKey()
    }

    override class var layerKind: String { "window" }
}

extension UIView {
    /// Mirrors `window`: the window the view is in (the nearest `UIWindow` among it and its
    /// superviews), nil while it is in none.
    public var window: UIWindow? {
        var current: UIView? = self
        while let candidate = current {
            if let window = candidate as? UIWindow { return window }
            current = candidate.superview
        }
        return nil
    }

    /// Tells the view and its subviews that they move to `window`.
    func windowWillChange(to window: UIWindow?) {
        willMove(toWindow: window)
        for subview in subviews { subview.windowWillChange(to: window) }
    }

    /// Tells the view and its subviews that they moved to their window; a controller's view
    /// tells its controller (a child appears and disappears with its view).
    func windowDidChange() {
        didMoveToWindow()
        owningController?.viewMovedWindow(onWindow: window != nil)
        for subview in subviews { subview.windowDidChange() }
    }

    /// Mirrors `endEditing(_:)`: the first responder resigns when it is this view or one of its
    /// subviews (`force`: even when it would not); returns whether none is left first here.
    @discardableResult
    public func endEditing(_ force: Bool) -> Bool {
        guard let film, let responder = film.firstResponder as? UIView, responder.isDescendant(of: self) else { return true }
        if force {
            film.firstResponder = nil
            return true
        }
        return responder.resignFirstResponder()
    }
}

/// Mirrors `UIScreen`. `UIScreen.main` is the screen of the running film (else of the film made
/// last): `bounds` is its canvas in points; `scale` and `nativeScale` are 1, since a film's
/// frames have a pixel per point (`writeFrames(to:scale:)` draws at another scale).
@MainActor
open class UIScreen {
    private weak var film: Film?

    init(film: Film?) { self.film = film }

    /// Mirrors `UIScreen.main`.
    public static var main: UIScreen { UIScreen(film: Film.running ?? Film.latest) }

    /// Mirrors `bounds`.
    open var bounds: CGRect { CGRect(origin: .zero, size: film?.size ?? .zero) }

    /// Mirrors `nativeBounds` (pixels: the same as `bounds` at scale 1).
    open var nativeBounds: CGRect { bounds }

    /// Mirrors `scale`: 1.
    open var scale: CGFloat { 1 }

    /// Mirrors `nativeScale`: 1.
    open var nativeScale: CGFloat { 1 }

    /// Mirrors `maximumFramesPerSecond`: the film's frame rate.
    open var maximumFramesPerSecond: Int { Int(saturating: film?.framesPerSecond ?? 60, rounding: .toNearestOrAwayFromZero) }
}

/// Mirrors `UIStatusBarStyle`.
public enum UIStatusBarStyle: Int, Sendable {
    case `default` = 0, lightContent = 1, darkContent = 3
}

/// Mirrors `UIApplication`. There is no app: `UIApplication.shared` answers for the running
/// film (its window, and the windows made visible on it), keeps the status bar's values
/// (`statusBarStyle`, `isStatusBarHidden`; a film draws no status bar) and cannot open URLs.
@MainActor
open class UIApplication: UIResponder {
    /// Mirrors `UIApplication.shared`.
    public static let shared = UIApplication()

    private override init() {}

    /// Mirrors `delegate`.
    open weak var delegate: UIApplicationDelegate?

    /// Mirrors `windows`: the running film's window (else the last film's) and the windows on it.
    open var windows: [UIWindow] {
        guard let film = Film.running ?? Film.latest else { return [] }
        return [film.window] + film.window.subviews.compactMap { $0 as? UIWindow }
    }

    /// Mirrors `keyWindow`.
    open var keyWindow: UIWindow? { (Film.running ?? Film.latest)?.keyWindow }

    /// Mirrors `statusBarStyle` (kept, not drawn).
    open var statusBarStyle = UIStatusBarStyle.default

    /// Mirrors `isStatusBarHidden` (kept, not drawn).
    open var isStatusBarHidden = false

    /// Mirrors `OpenExternalURLOptionsKey`.
    public struct OpenExternalURLOptionsKey: Hashable, RawRepresentable, Sendable {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
    }

    /// What `open(_:options:completionHandler:)` says: a film has no other apps to open a URL in.
    public static func openUnsupportedMessage(_ url: URL) -> String {
        "Zoetrope: UIApplication.open(\(url.absoluteString)) is not supported: a film has no other apps or browser to open URLs in; the completion handler gets false"
    }

    /// Mirrors `open(_:options:completionHandler:)`: writes `openUnsupportedMessage(_:)` on
    /// standard error and calls the handler with false, as for a URL no app handles.
    open func open(_ url: URL, options: [OpenExternalURLOptionsKey: Any] = [:], completionHandler completion: ((Bool) -> Void)? = nil) {
        Film.warn(Self.openUnsupportedMessage(url))
        completion?(false)
    }

    /// Mirrors `canOpenURL(_:)`: false.
    open func canOpenURL(_ url: URL) -> Bool { false }
}
