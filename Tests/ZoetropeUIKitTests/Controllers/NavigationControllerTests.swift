import Testing
import ZoetropeUIKit

/// A navigation delegate that records what it is told and gives a custom animator (and an
/// interaction controller while `interaction` is set) for pushes and pops of `custom`.
private final class RecordingDelegate: UINavigationControllerDelegate {
    let log: LifecycleLog
    var animators: [(UINavigationController.Operation, SlideUpAnimator)] = []
    var interaction: UIPercentDrivenInteractiveTransition?
    var usesCustom = true

    init(log: LifecycleLog) { self.log = log }

    func navigationController(_ navigationController: UINavigationController, willShow viewController: UIViewController, animated: Bool) {
        log.entries.append("willShow " + (viewController.title ?? ""))
    }

    func navigationController(_ navigationController: UINavigationController, didShow viewController: UIViewController, animated: Bool) {
        log.entries.append("didShow " + (viewController.title ?? ""))
    }

    func navigationController(_ navigationController: UINavigationController, animationControllerFor operation: UINavigationControllerOperation,
                              from fromVC: UIViewController, to toVC: UIViewController) -> UIViewControllerAnimatedTransitioning? {
        guard usesCustom else { return nil }
        let animator = SlideUpAnimator(operation: operation)
        animators.append((operation, animator))
        return animator
    }

    func navigationController(_ navigationController: UINavigationController,
                              interactionControllerFor animationController: UIViewControllerAnimatedTransitioning) -> UIViewControllerInteractiveTransitioning? {
        interaction
    }
}

/// Pushes by sliding the new view up from the bottom, pops by sliding the top one down, in 1 s.
private final class SlideUpAnimator: UIViewControllerAnimatedTransitioning {
    let operation: UINavigationController.Operation
    private var animator: UIViewPropertyAnimator?

    init(operation: UINavigationController.Operation) { self.operation = operation }

    func transitionDuration(using transitionContext: UIViewControllerContextTransitioning?) -> TimeInterval { 1 }

    func animateTransition(using transitionContext: UIViewControllerContextTransitioning) {
        let animator = interruptibleAnimator(using: transitionContext)
        animator.addCompletion { position in transitionContext.completeTransition(position == .end) }
        animator.startAnimation()
    }

    func interruptibleAnimator(using transitionContext: UIViewControllerContextTransitioning) -> UIViewImplicitlyAnimating {
        if let animator { return animator }
        let container = transitionContext.containerView
        let from = transitionContext.view(forKey: .from)!, to = transitionContext.view(forKey: .to)!
        let height = container.bounds.height
        if operation == .push {
            to.frame.origin.y = height
            container.addSubview(to)
        } else {
            container.insertSubview(to, belowSubview: from)
        }
        let final = transitionContext.finalFrame(for: transitionContext.viewController(forKey: .to)!)
        let animator = UIViewPropertyAnimator(duration: 1, curve: .linear) {
            if self.operation == .push { to.frame = final } else { from.frame.origin.y = height }
        }
        self.animator = animator
        return animator
    }
}

@MainActor @Suite(.serialized) struct NavigationControllerTests {
    private func titled(_ title: String, log: LifecycleLog) -> LoggingViewController {
        let controller = LoggingViewController(title, log: log)
        controller.title = title
        return controller
    }

    @Test func theStackFollowsPushesPopsAndSettingIt() {
        let log = LifecycleLog()
        let film = Film(size: CGSize(width: 200, height: 300), framesPerSecond: 10)
        let a = titled("a", log: log), b = titled("b", log: log), c = titled("c", log: log), d = titled("d", log: log)
        let navigation = UINavigationController(rootViewController: a)
        film.show(navigation)
        navigation.pushViewController(b, animated: false)
        navigation.pushViewController(c, animated: false)
        #expect(navigation.viewControllers.map(\.title) == ["a", "b", "c"] && navigation.topViewController === c)
        #expect(c.navigationController === navigation && c.parent === navigation && navigation.visibleViewController === c)
        #expect(navigation.navigationBar.items?.map(\.title) == ["a", "b", "c"])
        #expect(navigation.popViewController(animated: false) === c)
        #expect(navigation.viewControllers.map(\.title) == ["a", "b"] && c.parent == nil && c.view.window == nil)
        navigation.setViewControllers([a, c, d], animated: false)
        #expect(navigation.viewControllers.map(\.title) == ["a", "c", "d"] && b.parent == nil && d.view.window === film.window)
        #expect(navigation.popToViewController(c, animated: false)?.map(\.title) == ["d"])
        navigation.pushViewController(b, animated: false)
        #expect(navigation.popToRootViewController(animated: false)?.map(\.title) == ["c", "b"])
        #expect(navigation.viewControllers.count == 1 && navigation.popViewController(animated: false) == nil, "the root stays")
        #expect(a.view.window === film.window && a.view.superview != nil)
    }

    @Test func anAnimatedPushCallsEverythingInUIKitsOrder() {
        let log = LifecycleLog()
        let film = Film(size: CGSize(width: 200, height: 300), framesPerSecond: 10)
        let a = titled("a", log: log), b = titled("b", log: log)
        let navigation = UINavigationController(rootViewController: a)
        let delegate = RecordingDelegate(log: log)
        delegate.usesCustom = false
        navigation.delegate = delegate
        film.show(navigation)
        _ = log.take()
        film.at(0.1) { navigation.pushViewController(b, animated: true) }
        film.advance(to: 0.1)
        #expect(withoutLayout(log.take()) == ["b.willMove(parent)", "b.loadView", "b.viewDidLoad", "a.viewWillDisappear", "b.viewWillAppear", "willShow b"])
        #expect(b.isMovingToParent && !a.isMovingFromParent)
        film.advanceUntilIdle()
        #expect(withoutLayout(log.take()) == ["a.viewDidDisappear", "b.viewDidAppear", "b.didMove(parent)", "didShow b"])
        #expect(!b.isMovingToParent)
        #expect(a.view.window == nil && b.view.frame == CGRect(x: 0, y: 44, width: 200, height: 256))

        film.at(film.time) { navigation.popViewController(animated: true) }
        film.advance(to: film.time)
        #expect(withoutLayout(log.take()) == ["b.willMove(nil)", "b.viewWillDisappear", "a.viewWillAppear", "willShow a"])
        #expect(b.isMovingFromParent)
        film.advanceUntilIdle()
        #expect(withoutLayout(log.take()) == ["b.viewDidDisappear", "a.viewDidAppear", "b.didMove(nil)", "didShow a"])
    }

    @Test func theDefaultPushSlidesTheNewViewInAndTheOldOneAThirdLeft() {
        let film = Film(size: CGSize(width: 200, height: 300), framesPerSecond: 20)
        let a = UIViewController(), b = UIViewController()
        a.title = "First"
        b.title = "Second"
        let navigation = UINavigationController(rootViewController: a)
        film.show(navigation)
        film.at(0.5) { navigation.pushViewController(b, animated: true) }
        film.advance(to: 0.65)
        let toX = b.view.layer.presentation()!.frame.minX, fromX = a.view.layer.presentation()!.frame.minX
        let progress = 1 - toX / 200
        #expect(progress > 0.5 && progress < 0.95, "quick, then settling: past half way at 0.15 of 0.35 s (found \(progress))")
        #expect(abs(fromX - -60 * progress) < 1e-6, "the old view moves 30 % of the width, in step")
        let contents = navigation.navigationBar.subviews.filter { $0.accessibilityIdentifier?.hasPrefix("navigationBarContent") == true }
        #expect(contents.count == 2, "the old and new titles are both in the bar")
        let fading = contents.map { $0.layer.presentation()!.opacity }
        #expect(fading[0] < 1 && fading[0] > 0 && abs(fading[0] + fading[1] - 1) < 1e-6, "cross-fading (found \(fading))")
        film.advanceUntilIdle()
        #expect(abs(film.time - 0.85) < 1e-9, "0.35 s")
        #expect(b.view.frame.minX == 0 && a.view.window == nil)
        #expect(navigation.navigationBar.subviews.filter { $0.accessibilityIdentifier?.hasPrefix("navigationBarContent") == true && $0.superview != nil }.count == 1)
    }

    @Test func theDelegatesAnimationControllerRunsThePushAndPop() {
        let log = LifecycleLog()
        let film = Film(size: CGSize(width: 200, height: 300), framesPerSecond: 10)
        let a = titled("a", log: log), b = titled("b", log: log)
        let navigation = UINavigationController(rootViewController: a)
        let delegate = RecordingDelegate(log: log)
        navigation.delegate = delegate
        film.show(navigation)
        film.at(0) { navigation.pushViewController(b, animated: true) }
        film.advance(to: 0.5)
        #expect(delegate.animators.map(\.0) == [.push])
        #expect(abs(b.view.layer.presentation()!.frame.minY - (44 + 128)) < 1e-6, "half way up: 300 → 44, linear")
        film.advanceUntilIdle()
        #expect(abs(film.time - 1) < 1e-9 && navigation.topViewController === b)
    }

    @Test func anInteractivePopCancelledKeepsTheStackAndFinishedPops() {
        let log = LifecycleLog()
        let film = Film(size: CGSize(width: 200, height: 300), framesPerSecond: 10)
        let a = titled("a", log: log), b = titled("b", log: log)
        let navigation = UINavigationController(rootViewController: a)
        let delegate = RecordingDelegate(log: log)
        navigation.delegate = delegate
        film.show(navigation)
        navigation.pushViewController(b, animated: false)
        _ = log.take()

        delegate.interaction = UIPercentDrivenInteractiveTransition()
        film.at(0.1) { navigation.popViewController(animated: true) }
        film.at(0.2) { delegate.interaction?.update(0.5) }
        film.advance(to: 0.2)
        #expect(navigation.viewControllers.map(\.title) == ["a"], "the stack changes as the pop begins")
        #expect(b.navigationController === navigation, "the popped controller keeps its parent while the pop runs")
        #expect(abs(b.view.layer.presentation()!.frame.minY - (44 + 128)) < 1e-6, "half way down: 44 → 300")
        film.at(0.3) { delegate.interaction?.cancel() }
        film.advanceUntilIdle()
        #expect(navigation.viewControllers.map(\.title) == ["a", "b"] && b.parent === navigation, "cancelled: put back")
        #expect(b.view.frame.minY == 44 && a.view.window == nil && b.view.window != nil)
        #expect(withoutLayout(log.take()) == ["b.willMove(nil)", "b.viewWillDisappear", "a.viewWillAppear", "willShow a",
                                              "a.viewWillDisappear", "a.viewDidDisappear", "b.viewWillAppear", "b.viewDidAppear",
                                              "b.didMove(parent)"])
        #expect(navigation.navigationBar.topItem?.title == "b")

        film.at(film.time) { navigation.popViewController(animated: true) }
        film.at(film.time + 0.2) { delegate.interaction?.update(0.6) }
        film.at(film.time + 0.3) { delegate.interaction?.finish() }
        film.advanceUntilIdle()
        #expect(navigation.viewControllers.map(\.title) == ["a"] && b.parent == nil && b.view.window == nil)
        #expect(withoutLayout(log.take()).suffix(4) == ["b.viewDidDisappear", "a.viewDidAppear", "b.didMove(nil)", "didShow a"])
    }

    @Test func theBarDrawsTheTitleBackButtonAndItemsBelowTheSafeArea() {
        let film = Film(size: CGSize(width: 320, height: 480), framesPerSecond: 10)
        film.safeAreaInsets = UIEdgeInsets(top: 20, left: 0, bottom: 0, right: 0)
        let a = UIViewController(), b = UIViewController()
        a.title = "Animals"
        b.title = "Fox"
        var saved = 0
        b.navigationItem.rightBarButtonItem = UIBarButtonItem(title: "Save", primaryAction: UIAction { _ in saved += 1 })
        let navigation = UINavigationController(rootViewController: a)
        film.show(navigation)
        navigation.pushViewController(b, animated: false)
        let bar = navigation.navigationBar
        #expect(bar.frame == CGRect(x: 0, y: 20, width: 320, height: 44) && b.view.frame.minY == 64)
        let labels = bar.subviews.last!.subviews.compactMap { $0 as? UILabel }
        #expect(labels.map(\.text) == ["Animals", "Save", "Fox"], "back title, the right item, the title")
        #expect(labels[0].textColor == .systemBlue && labels[2].font.pointSize == 17)
        #expect(abs(labels[2].center.x - 160) < 1e-9, "the title is centred")
        film.tap(b.navigationItem.rightBarButtonItem!, time: 0.1)
        film.advance(to: 0.1)
        #expect(saved == 1)
        navigation.setNavigationBarHidden(true, animated: false)
        #expect(b.view.frame.minY == 0 && navigation.isNavigationBarHidden)
    }

    @Test func hidingTheBarAnimatedSlidesItUpAndTheTopViewFollows() {
        let film = Film(size: CGSize(width: 200, height: 300), framesPerSecond: 20)
        let a = UIViewController()
        let navigation = UINavigationController(rootViewController: a)
        film.show(navigation)
        film.at(0) { navigation.setNavigationBarHidden(true, animated: true) }
        film.advance(to: 0.1)
        let barY = navigation.navigationBar.layer.presentation()!.frame.minY, viewY = a.view.layer.presentation()!.frame.minY
        #expect(barY < 0 && barY > -44 && abs(viewY - (barY + 44)) < 1e-6, "half way: the view's top follows the bar's bottom")
        film.advanceUntilIdle()
        #expect(abs(film.time - 0.2) < 1e-9 && navigation.navigationBar.frame.minY == -44 && a.view.frame == CGRect(x: 0, y: 0, width: 200, height: 300))
    }

    @Test func anEdgePanBeginsOnlyAtItsEdge() {
        let film = Film(size: CGSize(width: 200, height: 300), framesPerSecond: 10)
        var states: [UIGestureRecognizer.State] = []
        let edge = UIScreenEdgePanGestureRecognizer { states.append($0.state) }
        edge.edges = .left
        film.rootView.addGestureRecognizer(edge)
        film.pan(edge, along: [CGPoint(x: 100, y: 100), CGPoint(x: 150, y: 100)], from: 0, to: 0.2)
        film.advance(to: 0.3)
        #expect(states.isEmpty, "began in the middle: not recognized")
        film.pan(edge, along: [CGPoint(x: 5, y: 100), CGPoint(x: 150, y: 100)], from: 0.5, to: 0.7)
        film.advanceUntilIdle()
        #expect(states.first == .began && states.last == .ended)
    }

    @Test func storyboardsAndURLsStopWithAMessageThatSaysWhatToDo() {
        let message = UIStoryboard.unsupportedMessage("the view controller \"Detail\"")
        #expect(message.contains("no storyboards") && message.contains("loadView()") && message.contains("\"Detail\""))
        #expect(UIViewController().storyboard == nil)
        #expect(UIApplication.openUnsupportedMessage(URL(string: "https://example.com")!).contains("https://example.com"))
        var opened: Bool?
        UIApplication.shared.open(URL(string: "https://example.com")!) { opened = $0 }
        #expect(opened == false)
    }

    @Test func theWindowScreenAndApplicationAreTheFilms() {
        let film = Film(size: CGSize(width: 375, height: 667), framesPerSecond: 30)
        let main = UIViewController()
        film.show(main)
        film.run {
            #expect(UIScreen.main.bounds == CGRect(x: 0, y: 0, width: 375, height: 667))
            #expect(UIScreen.main.scale == 1 && UIScreen.main.nativeScale == 1)
            #expect(UIApplication.shared.windows.first === film.window && UIApplication.shared.keyWindow === film.window)
        }
        #expect(main.view.window === film.window && film.window.isKeyWindow)
        let other = UIWindow(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        let overlay = UIViewController()
        other.rootViewController = overlay
        #expect(overlay.view.window === other && other.superview == nil)
        film.run { other.makeKeyAndVisible() }
        #expect(other.superview === film.window && film.run { UIApplication.shared.keyWindow } === other)
    }

    @Test func endEditingResignsTheFirstResponderInside() {
        final class Field: UIView {
            override var canBecomeFirstResponder: Bool { true }
        }
        let film = Film(size: CGSize(width: 100, height: 100), framesPerSecond: 10)
        let box = UIView(), field = Field(frame: .zero), outside = Field(frame: .zero)
        box.addSubview(field)
        film.rootView.addSubview(box)
        film.rootView.addSubview(outside)
        #expect(UIView().becomeFirstResponder() == false, "a plain view cannot")
        #expect(field.becomeFirstResponder() && field.isFirstResponder)
        #expect(outside.becomeFirstResponder() && !field.isFirstResponder, "one first responder at a time")
        #expect(box.endEditing(false) && outside.isFirstResponder, "not inside the box")
        field.becomeFirstResponder()
        #expect(box.endEditing(false) && !field.isFirstResponder)
    }
}
