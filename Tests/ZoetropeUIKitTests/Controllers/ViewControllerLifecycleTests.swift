import Testing
import ZoetropeUIKit

/// The appearance callbacks in UIKit's order for each way a controller comes and goes: shown,
/// presented and dismissed (full screen, over full screen, as a sheet; animated, at once,
/// cancelled), and as a child.
@MainActor @Suite(.serialized) struct ViewControllerLifecycleTests {
    private let size = CGSize(width: 100, height: 200)

    @Test func showingLoadsTheViewThenAppearsAroundTheFirstLayout() {
        let log = LifecycleLog()
        let film = Film(size: size, framesPerSecond: 10)
        let main = LoggingViewController("main", log: log)
        film.show(main)
        #expect(log.take() == ["main.loadView", "main.viewDidLoad", "main.viewWillAppear",
                               "main.viewWillLayoutSubviews", "main.viewDidLayoutSubviews", "main.viewDidAppear"])
        #expect(main.view.window === film.window && film.window.rootViewController === main)
    }

    @Test func aFullScreenPresentationTakesThePresenterOffOnceItCompletes() {
        let log = LifecycleLog()
        let film = Film(size: size, framesPerSecond: 10)
        let main = LoggingViewController("main", log: log), sheet = LoggingViewController("sheet", log: log)
        film.show(main)
        _ = log.take()
        sheet.modalPresentationStyle = .fullScreen
        film.at(0.1) { main.present(sheet, animated: true) { log.entries.append("completion") } }
        film.advance(to: 0.3)
        #expect(withoutLayout(log.take()) == ["sheet.loadView", "sheet.viewDidLoad", "main.viewWillDisappear", "sheet.viewWillAppear"])
        let y = sheet.view.layer.presentation()!.position.y
        #expect(y > 100 && y < 300, "sliding up from below the film (centre 300 → 100)")
        #expect(main.view.window != nil, "still on the film while the transition runs")
        film.advanceUntilIdle()
        #expect(withoutLayout(log.take()) == ["sheet.viewDidAppear", "main.viewDidDisappear", "completion"])
        #expect(main.view.window == nil && sheet.view.frame == CGRect(x: 0, y: 0, width: 100, height: 200))
        #expect(abs(film.time - 0.6) < 1e-9, "the cover-vertical slide takes 0.5 s")

        film.at(film.time) { sheet.dismiss(animated: true) }
        film.advance(to: film.time)
        #expect(withoutLayout(log.take()) == ["sheet.viewWillDisappear", "main.viewWillAppear"])
        #expect(main.view.window != nil, "back under the presented view as the dismissal begins")
        film.advanceUntilIdle()
        #expect(withoutLayout(log.take()) == ["sheet.viewDidDisappear", "main.viewDidAppear"])
        #expect(main.presentedViewController == nil && sheet.view.window == nil)
    }

    @Test func overFullScreenAndCustomPresentationsLeaveThePresenterAppeared() {
        for style in [UIModalPresentationStyle.overFullScreen, .custom, .overCurrentContext] {
            let log = LifecycleLog()
            let film = Film(size: size, framesPerSecond: 10)
            let main = LoggingViewController("main", log: log), sheet = LoggingViewController("sheet", log: log)
            film.show(main)
            _ = log.take()
            sheet.modalPresentationStyle = style
            main.present(sheet, animated: false)
            #expect(withoutLayout(log.take()) == ["sheet.loadView", "sheet.viewDidLoad", "sheet.viewWillAppear", "sheet.viewDidAppear"])
            #expect(main.view.window != nil)
            main.dismiss(animated: false)
            #expect(withoutLayout(log.take()) == ["sheet.viewWillDisappear", "sheet.viewDidDisappear"])
        }
    }

    @Test func aSheetIsACardInsetFromTheTopOverADimmedPresenter() {
        let film = Film(size: size, framesPerSecond: 10)
        film.safeAreaInsets = UIEdgeInsets(top: 20, left: 0, bottom: 0, right: 0)
        let main = UIViewController(), sheet = UIViewController()
        film.show(main)
        #expect(sheet.modalPresentationStyle == .automatic)
        main.present(sheet, animated: false)
        #expect(sheet.view.frame == CGRect(x: 0, y: 30, width: 100, height: 170), "10 points below the safe area's top")
        #expect(sheet.view.layer.cornerRadius == 10 && sheet.view.clipsToBounds)
        let dimming = sheet.view.superview!.subviews.first!
        #expect(dimming !== sheet.view && abs(dimming.alpha - 0.4) < 1e-6)
        #expect(main.view.window != nil, "the presenter stays on the film")
    }

    @Test func aCrossDissolveFadesThePresentedViewIn() {
        let film = Film(size: size, framesPerSecond: 10)
        let main = UIViewController(), sheet = UIViewController()
        film.show(main)
        sheet.modalPresentationStyle = .overFullScreen
        sheet.modalTransitionStyle = .crossDissolve
        film.at(0) { main.present(sheet, animated: true) }
        film.advance(to: 0.25)
        let alpha = sheet.view.layer.presentation()!.opacity
        #expect(alpha > 0.3 && alpha < 0.7, "half way through the fade (found \(alpha))")
        #expect(sheet.view.layer.presentation()!.position == CGPoint(x: 50, y: 100), "it does not move")
    }

    @Test func aCancelledInteractiveDismissalCallsTheReversePair() {
        let log = LifecycleLog()
        let film = Film(size: size, framesPerSecond: 10)
        let main = LoggingViewController("main", log: log), sheet = LoggingViewController("sheet", log: log)
        film.show(main)
        let delegate = SlideDownDelegate()
        sheet.transitioningDelegate = delegate
        sheet.modalPresentationStyle = .fullScreen
        main.present(sheet, animated: false)
        _ = log.take()
        film.at(0.1) { sheet.dismiss(animated: true) }
        film.at(0.2) { delegate.interaction.update(0.3) }
        film.at(0.3) { delegate.interaction.cancel() }
        film.advanceUntilIdle()
        #expect(withoutLayout(log.take()) == ["sheet.viewWillDisappear", "main.viewWillAppear",
                                              "sheet.viewWillAppear", "sheet.viewDidAppear",
                                              "main.viewWillDisappear", "main.viewDidDisappear"])
        #expect(main.presentedViewController === sheet && main.view.window == nil, "still presented, the presenter off again")

        film.at(film.time) { sheet.dismiss(animated: true) }
        film.at(film.time + 0.1) { delegate.interaction.finish() }
        film.advanceUntilIdle()
        #expect(withoutLayout(log.take()) == ["sheet.viewWillDisappear", "main.viewWillAppear", "sheet.viewDidDisappear", "main.viewDidAppear"])
        #expect(main.presentedViewController == nil && main.view.window != nil)
    }

    @Test func anInteractivePresentationFollowsItsInteractionController() {
        let log = LifecycleLog()
        let film = Film(size: size, framesPerSecond: 10)
        let main = LoggingViewController("main", log: log), sheet = LoggingViewController("sheet", log: log)
        film.show(main)
        let delegate = RiseUpDelegate()
        sheet.transitioningDelegate = delegate
        sheet.modalPresentationStyle = .fullScreen
        _ = log.take()
        film.at(0) { main.present(sheet, animated: true) }
        film.at(0.1) { delegate.interaction.update(0.5) }
        film.advance(to: 0.1)
        #expect(abs(sheet.view.layer.presentation()!.frame.minY - 100) < 1e-6, "half way up")
        film.at(0.2) { delegate.interaction.finish() }
        film.advanceUntilIdle()
        #expect(withoutLayout(log.take()) == ["sheet.loadView", "sheet.viewDidLoad", "main.viewWillDisappear", "sheet.viewWillAppear",
                                              "sheet.viewDidAppear", "main.viewDidDisappear"])
        #expect(sheet.view.frame.minY == 0 && main.view.window == nil)
    }

    @Test func containmentCallsWillMoveAndDidMoveAsUIKitDoes() {
        let log = LifecycleLog()
        let film = Film(size: size, framesPerSecond: 10)
        let parent = LoggingViewController("parent", log: log), child = LoggingViewController("child", log: log)
        film.show(parent)
        _ = log.take()
        parent.addChild(child)
        #expect(log.take() == ["child.willMove(parent)"], "addChild calls willMove(toParent:) itself")
        #expect(parent.children.count == 1 && parent.children[0] === child && child.parent === parent)
        parent.view.addSubview(child.view)
        child.didMove(toParent: parent)
        #expect(withoutLayout(log.take()) == ["child.loadView", "child.viewDidLoad", "child.viewWillAppear", "child.viewDidAppear", "child.didMove(parent)"],
                "a child's view added to a parent on screen appears")

        parent.dismissOrHide(film: film)
        #expect(withoutLayout(log.take()) == ["parent.viewWillDisappear", "child.viewWillDisappear", "parent.viewDidDisappear", "child.viewDidDisappear"],
                "the parent's appearance calls are forwarded to the child whose view is in its view")

        child.willMove(toParent: nil)
        child.view.removeFromSuperview()
        child.removeFromParent()
        #expect(log.take() == ["child.willMove(nil)", "child.didMove(nil)"], "removeFromParent calls didMove(toParent: nil)")
        #expect(parent.children.isEmpty && child.parent == nil)
    }

    @Test func removingAChildsViewFromAParentOnScreenMakesItDisappear() {
        let log = LifecycleLog()
        let film = Film(size: size, framesPerSecond: 10)
        let parent = UIViewController(), child = LoggingViewController("child", log: log)
        film.show(parent)
        parent.addChild(child)
        parent.view.addSubview(child.view)
        child.didMove(toParent: parent)
        _ = log.take()
        child.willMove(toParent: nil)
        child.view.removeFromSuperview()
        child.removeFromParent()
        #expect(withoutLayout(log.take()) == ["child.willMove(nil)", "child.viewWillDisappear", "child.viewDidDisappear", "child.didMove(nil)"])
    }

    @Test func viewsHearWhenTheyGoOnAndOffAWindow() {
        final class Watcher: UIView {
            var calls: [String] = []
            override func willMove(toWindow newWindow: UIWindow?) { calls.append(newWindow == nil ? "willMove(nil)" : "willMove(window)") }
            override func didMoveToWindow() { calls.append(window == nil ? "didMoveToWindow(nil)" : "didMoveToWindow(window)") }
            override func didMoveToSuperview() { calls.append("didMoveToSuperview") }
        }
        let film = Film(size: size, framesPerSecond: 10)
        let box = UIView(), watcher = Watcher(frame: .zero)
        box.addSubview(watcher)
        #expect(watcher.calls == ["didMoveToSuperview"] && watcher.window == nil)
        film.rootView.addSubview(box)
        #expect(watcher.calls == ["didMoveToSuperview", "willMove(window)", "didMoveToWindow(window)"] && watcher.window === film.window)
        box.removeFromSuperview()
        #expect(watcher.calls.suffix(2) == ["willMove(nil)", "didMoveToWindow(nil)"] && watcher.window == nil)
    }
}

extension UIViewController {
    /// Takes the controller off screen as a full-screen presentation over it would.
    fileprivate func dismissOrHide(film: Film) {
        let cover = UIViewController()
        cover.modalPresentationStyle = .fullScreen
        present(cover, animated: false)
    }
}

/// A dismissal that slides the presented view down, driven by a percent-driven interaction.
private final class SlideDownDelegate: UIViewControllerTransitioningDelegate {
    final class Animator: UIViewControllerAnimatedTransitioning {
        func transitionDuration(using transitionContext: UIViewControllerContextTransitioning?) -> TimeInterval { 1 }
        func animateTransition(using transitionContext: UIViewControllerContextTransitioning) {}
        func interruptibleAnimator(using transitionContext: UIViewControllerContextTransitioning) -> UIViewImplicitlyAnimating {
            UIViewPropertyAnimator(duration: 1, curve: .linear) {
                transitionContext.view(forKey: .from)!.center.y += transitionContext.containerView.bounds.height
            }
        }
    }
    let animator = Animator()
    let interaction = UIPercentDrivenInteractiveTransition()

    func animationController(forDismissed dismissed: UIViewController) -> UIViewControllerAnimatedTransitioning? { animator }
    func interactionControllerForDismissal(using animator: UIViewControllerAnimatedTransitioning) -> UIViewControllerInteractiveTransitioning? {
        interaction
    }
}

/// A presentation that raises the presented view from below, driven by a percent-driven interaction.
private final class RiseUpDelegate: UIViewControllerTransitioningDelegate {
    final class Animator: UIViewControllerAnimatedTransitioning {
        func transitionDuration(using transitionContext: UIViewControllerContextTransitioning?) -> TimeInterval { 1 }
        func animateTransition(using transitionContext: UIViewControllerContextTransitioning) {}
        func interruptibleAnimator(using transitionContext: UIViewControllerContextTransitioning) -> UIViewImplicitlyAnimating {
            let view = transitionContext.view(forKey: .to)!
            let final = transitionContext.finalFrame(for: transitionContext.viewController(forKey: .to)!)
            view.frame.origin.y = transitionContext.containerView.bounds.height
            return UIViewPropertyAnimator(duration: 1, curve: .linear) { view.frame = final }
        }
    }
    let animator = Animator()
    let interaction = UIPercentDrivenInteractiveTransition()

    func animationController(forPresented presented: UIViewController, presenting: UIViewController,
                             source: UIViewController) -> UIViewControllerAnimatedTransitioning? { animator }
    func interactionControllerForPresentation(using animator: UIViewControllerAnimatedTransitioning) -> UIViewControllerInteractiveTransitioning? {
        interaction
    }
}
