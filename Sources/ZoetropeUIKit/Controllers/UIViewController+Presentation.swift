/// Modal presentation: `present(_:animated:completion:)` and `dismiss(animated:completion:)`,
/// the presentation styles and UIKit's own transitions.
///
/// How each style is drawn (the film is a phone's screen, compact width):
/// - `.fullScreen`, `.currentContext`: the presented view fills the film; once the transition
///   completes the presenting view leaves the film (its controller gets `viewWillDisappear` and
///   `viewDidDisappear`), and it comes back under the presented one when a dismissal begins.
/// - `.overFullScreen`, `.overCurrentContext`, `.custom`: the presented view fills the film
///   over the presenting one, which stays and gets no disappearance calls.
/// - `.pageSheet`, `.formSheet`, `.popover`, `.automatic` (without a transitioning delegate;
///   with one it is `.custom`, the delegate's animators placing the view): iOS 13's card sheet on a phone:
///   the presented view starts `UIViewController.sheetTopInset` (10) points below the safe
///   area's top and reaches the bottom, its corners rounded (10), over a black dimming view
///   at 40 % that fades in with it. The presenting view stays (and, as on iOS 13, gets no
///   disappearance calls); it is not scaled back as iOS scales it.
///
/// Animated presentations without an animation controller of their own use
/// `modalTransitionStyle`: `.coverVertical` slides the view up from below the film (and down
/// again on dismissal) in `UIViewController.modalTransitionDuration` (0.5 s) on a critically
/// damped spring curve; `.crossDissolve` (and `.flipHorizontal`, `.partialCurl`, not drawn)
/// fades it in and out over the same time, ease-in-out.
extension UIViewController {
    /// The duration of UIKit's own modal transitions here (a Zoetrope choice: iOS's take about
    /// half a second).
    public static let modalTransitionDuration: TimeInterval = 0.5
    /// How far below the safe area's top a sheet begins.
    public static let sheetTopInset: CGFloat = 10

    /// `present(_:animated:completion:)`.
    func presentViewController(_ viewControllerToPresent: UIViewController, animated flag: Bool, completion: (() -> Void)?) {
        guard let film = view.film ?? Film.running else {
            fatalError("Zoetrope: present(_:animated:completion:) needs a film: show the presenting controller on one (film.show(_:)) first")
        }
        FilmCall.$running.withValue(film) { present(viewControllerToPresent, animated: flag, on: film, completion: completion) }
    }

    /// The controller at the top of this one's parents.
    var rootParent: UIViewController {
        var current = self
        while let parent = current.parent { current = parent }
        return current
    }

    /// Whether a presentation in `style` takes the presenting view off the film.
    static func removesPresenter(_ style: UIModalPresentationStyle) -> Bool {
        style == .fullScreen || style == .currentContext
    }

    /// `style` as a phone draws it: the sheet styles are `.pageSheet`, `.none` is full screen,
    /// and `.automatic` with a transitioning delegate is `.custom` (its animators place the view).
    static func resolved(_ style: UIModalPresentationStyle, delegated: Bool) -> UIModalPresentationStyle {
        switch style {
        case .automatic where delegated: return .custom
        case .automatic, .pageSheet, .formSheet, .popover: return .pageSheet
        case .none: return .fullScreen
        case .fullScreen, .currentContext, .custom, .overFullScreen, .overCurrentContext: return style
        }
    }

    /// `present(_:animated:completion:)` on `film`.
    private func present(_ viewControllerToPresent: UIViewController, animated flag: Bool, on film: Film, completion: (() -> Void)?) {
        let presenter = rootParent.topPresented
        guard viewControllerToPresent.presentingViewController == nil, viewControllerToPresent !== presenter else {
            Film.warn("Zoetrope: attempt to present a view controller that is already presented; ignored, as UIKit does")
            return
        }
        let style = Self.resolved(viewControllerToPresent.modalPresentationStyle, delegated: viewControllerToPresent.transitioningDelegate != nil)
        let container = UIView(frame: film.rootView.bounds)
        container.accessibilityIdentifier = "transitionContainer"
        film.rootView.addSubview(container)
        presenter.presentedViewController = viewControllerToPresent
        viewControllerToPresent.presentingViewController = presenter
        viewControllerToPresent.presentationContainer = container
        viewControllerToPresent.presentedStyle = style
        let presented = viewControllerToPresent.view!
        var frame = container.bounds
        if style == .pageSheet {
            let top = film.safeAreaInsets.top + Self.sheetTopInset
            frame = CGRect(x: 0, y: top, width: container.bounds.width, height: container.bounds.height - top)
            let dimming = UIView(frame: container.bounds)
            dimming.accessibilityIdentifier = "dimmingView"
            dimming.backgroundColor = .black
            dimming.alpha = flag ? 0 : 0.4
            container.addSubview(dimming)
            viewControllerToPresent.presentationDecoration = dimming
            presented.layer.cornerRadius = 10
            presented.clipsToBounds = true
        }
        presented.frame = frame
        let removes = Self.removesPresenter(style)

        if removes { presenter.beginAppearanceTransition(false, animated: flag) }
        viewControllerToPresent.beginAppearanceTransition(true, animated: flag)
        container.addSubview(presented)
        film.rootView.layoutIfNeeded()

        let custom = flag ? viewControllerToPresent.transitioningDelegate?.animationController(
            forPresented: viewControllerToPresent, presenting: presenter, source: self) : nil
        let animator = custom ?? viewControllerToPresent.systemModalAnimator(presenting: true, frame: frame)
        let context = TransitionContext(container: container, from: presenter, to: viewControllerToPresent, animator: animator,
                                        animated: flag, style: viewControllerToPresent.modalPresentationStyle) { didComplete in
            if didComplete {
                if removes { presenter.view.removeFromSuperview() }
                viewControllerToPresent.endAppearanceTransition()
                if removes { presenter.endAppearanceTransition() }
                completion?()
            } else {
                viewControllerToPresent.finishDismissal()
                viewControllerToPresent.beginAppearanceTransition(false, animated: flag)
                viewControllerToPresent.endAppearanceTransition()
                if removes {
                    presenter.beginAppearanceTransition(true, animated: flag)
                    presenter.endAppearanceTransition()
                }
            }
        }
        context.initialFrames[ObjectIdentifier(presenter)] = presenter.view.frame
        context.finalFrames[ObjectIdentifier(presenter)] = presenter.view.frame
        context.finalFrames[ObjectIdentifier(viewControllerToPresent)] = frame
        guard flag else {
            context.completeTransition(true)
            return
        }
        if let custom, let interaction = viewControllerToPresent.transitioningDelegate?.interactionControllerForPresentation(using: custom) {
            context.isInteractive = true
            interaction.startInteractiveTransition(context)
        } else {
            animator.animateTransition(using: context)
        }
    }

    /// The controller at the top of the chain this one presents.
    var topPresented: UIViewController {
        var current = self
        while let next = current.presentedViewController { current = next }
        return current
    }

    /// `dismiss(animated:completion:)`.
    func dismissViewController(animated flag: Bool, completion: (() -> Void)?) {
        let presentedByAncestor = sequence(first: self, next: \.parent).first { $0.presentingViewController != nil }
        guard let presented = presentedViewController ?? presentedByAncestor,
              let presenter = presented.presentingViewController else { return }
        // What the dismissed controller presented in turn goes at once, as UIKit takes the
        // whole chain away.
        if let above = presented.presentedViewController { above.dismissAtOnce() }
        let style = presented.presentedStyle
        let removes = Self.removesPresenter(style)
        guard let container = presented.presentationContainer else { return }
        presented.beginAppearanceTransition(false, animated: flag)
        if removes {
            if let home = container.superview { home.insertSubview(presenter.view, belowSubview: container) }
            presenter.beginAppearanceTransition(true, animated: flag)
        }
        let delegate = presented.transitioningDelegate
        let custom = flag ? delegate?.animationController(forDismissed: presented) : nil
        let animator = custom ?? presented.systemModalAnimator(presenting: false, frame: presented.view.frame)
        let context = TransitionContext(container: container, from: presented, to: presenter, animator: animator,
                                        animated: flag, style: presented.modalPresentationStyle) { didComplete in
            if didComplete {
                presented.finishDismissal()
                presented.endAppearanceTransition()
                if removes { presenter.endAppearanceTransition() }
                completion?()
            } else {
                presented.beginAppearanceTransition(true, animated: flag)
                presented.endAppearanceTransition()
                if removes {
                    presenter.view.removeFromSuperview()
                    presenter.beginAppearanceTransition(false, animated: flag)
                    presenter.endAppearanceTransition()
                }
            }
        }
        context.finalFrames[ObjectIdentifier(presenter)] = presenter.view.frame
        guard flag else {
            context.completeTransition(true)
            return
        }
        if let custom, let interaction = delegate?.interactionControllerForDismissal(using: custom) {
            context.isInteractive = true
            interaction.startInteractiveTransition(context)
        } else {
            animator.animateTransition(using: context)
        }
    }

    /// Dismisses this presented controller without a transition (what it presents first).
    private func dismissAtOnce() {
        if let above = presentedViewController { above.dismissAtOnce() }
        let removes = Self.removesPresenter(presentedStyle)
        let presenter = presentingViewController
        beginAppearanceTransition(false, animated: false)
        if removes, let presenter, let container = presentationContainer, let home = container.superview {
            home.insertSubview(presenter.view, belowSubview: container)
        }
        finishDismissal()
        endAppearanceTransition()
    }

    /// Takes a dismissed controller's view (and its container) off the film.
    func finishDismissal() {
        presentationContainer?.removeFromSuperview()
        presentingViewController?.presentedViewController = nil
        presentingViewController = nil
        presentationContainer = nil
        presentationDecoration = nil
    }

    /// UIKit's own animation for presenting (or dismissing) this controller, by its
    /// `modalTransitionStyle`; a sheet's dimming view fades with it.
    func systemModalAnimator(presenting: Bool, frame: CGRect) -> UIViewControllerAnimatedTransitioning {
        let dimming = presentationDecoration
        switch modalTransitionStyle {
        case .coverVertical:
            return SystemTransitionAnimator(duration: Self.modalTransitionDuration, timing: UISpringTimingParameters(dampingRatio: 1),
                                            prepare: { context in
                guard presenting, let view = context.view(forKey: .to) else { return }
                view.frame.origin.y = context.containerView.bounds.height
            }, animate: { context in
                if presenting {
                    context.view(forKey: .to)?.frame = frame
                } else {
                    context.view(forKey: .from)?.frame.origin.y = context.containerView.bounds.height
                }
                dimming?.alpha = presenting ? 0.4 : 0
            })
        case .crossDissolve, .flipHorizontal, .partialCurl:
            return SystemTransitionAnimator(duration: Self.modalTransitionDuration, timing: UICubicTimingParameters(animationCurve: .easeInOut),
                                            prepare: { context in
                if presenting { context.view(forKey: .to)?.alpha = 0 }
            }, animate: { context in
                context.view(forKey: presenting ? .to : .from)?.alpha = presenting ? 1 : 0
                dimming?.alpha = presenting ? 0.4 : 0
            })
        }
    }
}
