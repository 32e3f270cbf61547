import ZoetropeCore

/// Mirrors `UIGestureRecognizer`. Linux has no Objective-C selectors: a recognizer takes its
/// action as a closure (`init(handler:)`) where UIKit takes `init(target:action:)`; a film drives
/// it (`Film.pan(_:along:from:to:)`), since nothing touches the screen.
@MainActor
open class UIGestureRecognizer {
    /// Mirrors `UIGestureRecognizer.State`.
    public enum State: Int, Sendable {
        case possible, began, changed, ended, cancelled, failed
        /// Mirrors `.recognized` (the same as `.ended`).
        public static let recognized = State.ended
    }

    /// Mirrors `state`.
    public internal(set) var state = State.possible
    /// Mirrors `view`.
    public internal(set) weak var view: UIView?
    /// Mirrors `isEnabled`.
    open var isEnabled = true
    let action: (UIGestureRecognizer) -> Void
    /// Where the finger is, in the film's root view's coordinates.
    var location = CGPoint.zero

    /// A recognizer that calls `action` at each change of its state (UIKit: `init(target:action:)`;
    /// the kinds of recognizer take it as `init(handler:)`).
    init(action: @escaping (UIGestureRecognizer) -> Void) {
        self.action = action
    }

    /// Mirrors `location(in:)`: the finger in `view`'s coordinates (nil: the root view's).
    open func location(in view: UIView?) -> CGPoint {
        CGPoint(x: location.x - origin(of: view).x, y: location.y - origin(of: view).y)
    }

    /// `view`'s bounds origin in the root view's coordinates (transforms left out; a scroll
    /// view's bounds origin is its content offset).
    func origin(of view: UIView?) -> CGPoint {
        var x = -Double(view?.bounds.origin.x ?? 0), y = -Double(view?.bounds.origin.y ?? 0)
        var current = view
        while let candidate = current, let superview = candidate.superview {
            x += Double(candidate.frame.origin.x - superview.bounds.origin.x)
            y += Double(candidate.frame.origin.y - superview.bounds.origin.y)
            current = superview
        }
        return CGPoint(x: x, y: y)
    }
}

/// Mirrors `UIPanGestureRecognizer`: `translation(in:)` from where the pan began (or was last
/// reset with `setTranslation(_:in:)`), and `velocity(in:)` in points per second.
open class UIPanGestureRecognizer: UIGestureRecognizer {
    /// Where the translation is measured from.
    var origin = CGPoint.zero
    /// The finger's velocity in points per second.
    var currentVelocity = CGPoint.zero

    /// A pan recognizer that calls `handler` as the pan begins, changes and ends.
    public init(handler: @escaping (UIPanGestureRecognizer) -> Void) {
        // The action is only ever called with this recognizer.
        super.init { handler($0 as! UIPanGestureRecognizer) }
    }

    /// Mirrors `init(target:action:)`, with the action as an unapplied method
    /// (`DropDownInteractionController.handle(pan:)` where UIKit takes `#selector(handle(pan:))`);
    /// the target is held weakly, as UIKit holds it.
    public convenience init<Target: AnyObject>(target: Target, action: @escaping (Target) -> (UIPanGestureRecognizer) -> Void) {
        self.init { [weak target] recognizer in
            if let target { action(target)(recognizer) }
        }
    }

    /// Mirrors `translation(in:)`.
    open func translation(in view: UIView?) -> CGPoint {
        CGPoint(x: location.x - origin.x, y: location.y - origin.y)
    }

    /// Mirrors `setTranslation(_:in:)`.
    open func setTranslation(_ translation: CGPoint, in view: UIView?) {
        origin = CGPoint(x: location.x - translation.x, y: location.y - translation.y)
    }

    /// Mirrors `velocity(in:)`.
    open func velocity(in view: UIView?) -> CGPoint { currentVelocity }

    /// Whether a pan whose finger comes down at `point` is recognized (a screen-edge pan asks
    /// for an edge).
    func shouldBegin(at point: CGPoint, on film: Film) -> Bool { true }
}

extension Film {
    /// Drives `recognizer` as a finger moving through `points` (the root view's coordinates),
    /// evenly spaced in time from `start` to `end`: `.began` at `start` on the first point,
    /// `.changed` at every frame in between and at `end` on the last point, then `.ended` there, with the
    /// velocity of the segment the finger is on (as a scene's drag and release measure it).
    public func pan(_ recognizer: UIPanGestureRecognizer, along points: [CGPoint], from start: TimeInterval, to end: TimeInterval) {
        guard let first = points.first else { return }
        let xs = ScriptedTrack(values: points.map { Double($0.x) }, start: start, end: end)
        let ys = ScriptedTrack(values: points.map { Double($0.y) }, start: start, end: end)
        func sample(at time: Double) -> (point: CGPoint, velocity: CGPoint) {
            let x = xs.sample(at: time), y = ys.sample(at: time)
            return (CGPoint(x: x.value, y: y.value), CGPoint(x: x.rate, y: y.rate))
        }
        var recognized = true
        func fire(_ state: UIGestureRecognizer.State, at time: Double) {
            at(time) {
                if state == .began { recognized = recognizer.shouldBegin(at: first, on: self) }
                guard recognized else { return }
                let (point, velocity) = sample(at: time)
                recognizer.location = point
                recognizer.currentVelocity = state == .began ? .zero : velocity
                if state == .began { recognizer.origin = point }
                recognizer.state = state
                if recognizer.isEnabled { recognizer.action(recognizer) }
            }
        }
        // The finger reaches the last point, then lifts there (UIKit's last move, then the end).
        for (state, time) in gestureTimes(from: start, to: end) { fire(state, at: time) }
    }
}

/// Mirrors `UITapGestureRecognizer`: recognized (`.ended`) at the instant the film taps.
open class UITapGestureRecognizer: UIGestureRecognizer {
    /// A tap recognizer that calls `handler` when a tap is recognized.
    public init(handler: @escaping (UITapGestureRecognizer) -> Void) {
        // The action is only ever called with this recognizer.
        super.init { handler($0 as! UITapGestureRecognizer) }
    }

    /// Mirrors `init(target:action:)`, with the action as an unapplied method taking the
    /// recognizer (`ViewController.handleTapOnImage(_:)` for `#selector(handleTapOnImage(_:))`).
    public convenience init<Target: AnyObject>(target: Target, action: @escaping (Target) -> (UITapGestureRecognizer) -> Void) {
        self.init { [weak target] recognizer in
            if let target { action(target)(recognizer) }
        }
    }

    /// Mirrors `init(target:action:)` for an action that takes no argument
    /// (`ViewController.dismissMenu` for `#selector(dismissMenu)`).
    public convenience init<Target: AnyObject>(target: Target, action: @escaping (Target) -> () -> Void) {
        self.init { [weak target] _ in
            if let target { action(target)() }
        }
    }
}

extension Film {
    /// Taps `recognizer` at `point` (the root view's coordinates) at film time `time`.
    public func tap(_ recognizer: UITapGestureRecognizer, at point: CGPoint, time: TimeInterval) {
        at(time) {
            recognizer.location = point
            recognizer.state = .ended
            if recognizer.isEnabled { recognizer.action(recognizer) }
        }
    }
}
