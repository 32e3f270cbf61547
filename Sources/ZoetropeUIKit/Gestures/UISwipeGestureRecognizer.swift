import ZoetropeCore

/// Mirrors `UISwipeGestureRecognizer`: recognized (`.ended`, its action called once) when a
/// film's finger moves quickly enough, far enough, mostly in one of its `direction`s; any other
/// stroke leaves it `.failed` without calling the action. A film swipes with
/// `Film.swipe(_:direction:at:time:)` (a quick 100-point stroke) or moves a finger of its own
/// along points (`Film.swipe(_:along:from:to:touches:)`).
///
/// UIKit's exact thresholds are not documented; here a swipe travels at least 50 points along
/// its axis, at least twice as far as across it, at 300 points per second or faster on average.
open class UISwipeGestureRecognizer: UIGestureRecognizer {
    /// Mirrors `UISwipeGestureRecognizer.Direction`.
    public struct Direction: OptionSet, Hashable, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }
        public static let right = Direction(rawValue: 1 << 0)
        public static let left = Direction(rawValue: 1 << 1)
        public static let up = Direction(rawValue: 1 << 2)
        public static let down = Direction(rawValue: 1 << 3)
    }

    /// Mirrors `direction` (`.right` by default, as in UIKit).
    open var direction = Direction.right
    /// Mirrors `numberOfTouchesRequired` (1 by default).
    open var numberOfTouchesRequired = 1

    /// The shortest travel along the swipe's axis, in points.
    static let minimumDistance: CGFloat = 50
    /// The slowest average speed that is a swipe, in points per second.
    static let minimumSpeed: CGFloat = 300

    /// A swipe recognizer that calls `handler` when a swipe is recognized.
    public init(handler: @escaping (UISwipeGestureRecognizer) -> Void) {
        // The action is only ever called with this recognizer.
        super.init { handler($0 as! UISwipeGestureRecognizer) }
    }

    /// Mirrors `init(target:action:)`, with the action as an unapplied method taking the recognizer.
    public convenience init<Target: AnyObject>(target: Target, action: @escaping (Target) -> (UISwipeGestureRecognizer) -> Void) {
        self.init { [weak target] recognizer in
            if let target { action(target)(recognizer) }
        }
    }

    /// Mirrors `init(target:action:)` for an action that takes no argument.
    public convenience init<Target: AnyObject>(target: Target, action: @escaping (Target) -> () -> Void) {
        self.init { [weak target] _ in
            if let target { action(target)() }
        }
    }

    /// The direction a stroke from `start` to `end` over `duration` seconds swipes, nil when it
    /// is too short, too slow or too slanted to be a swipe.
    static func direction(from start: CGPoint, to end: CGPoint, duration: TimeInterval) -> Direction? {
        let dx = end.x - start.x, dy = end.y - start.y
        let along = max(abs(dx), abs(dy)), across = min(abs(dx), abs(dy))
        guard along >= minimumDistance, across * 2 <= along, duration > 0, along / CGFloat(duration) >= minimumSpeed else { return nil }
        if abs(dx) >= abs(dy) { return dx > 0 ? .right : .left }
        return dy > 0 ? .down : .up
    }
}

extension Film {
    /// Moves `touches` fingers along `points` (the root view's coordinates) from `start` to
    /// `end` (a Zoetrope addition). At `end` the swipe recognizer is recognized (`.ended`, its
    /// action called, its location the stroke's first point) when the stroke is a swipe in one
    /// of its directions with the touches it requires; otherwise it fails (`.failed`, no call).
    public func swipe(_ recognizer: UISwipeGestureRecognizer, along points: [CGPoint], from start: TimeInterval,
                      to end: TimeInterval, touches: Int = 1) {
        guard let first = points.first, let last = points.last else { return }
        at(end) {
            recognizer.location = first
            let swiped = UISwipeGestureRecognizer.direction(from: first, to: last, duration: end - start)
            guard recognizer.isEnabled, touches == recognizer.numberOfTouchesRequired, let swiped,
                  recognizer.direction.contains(swiped) else {
                recognizer.state = .failed
                return
            }
            recognizer.state = .ended
            recognizer.action(recognizer)
        }
    }

    /// Swipes `recognizer` with one quick stroke (100 points in 0.15 s) from `point` (the root
    /// view's coordinates) in `direction`, ending at `time` (a Zoetrope addition).
    public func swipe(_ recognizer: UISwipeGestureRecognizer, direction: UISwipeGestureRecognizer.Direction,
                      at point: CGPoint, time: TimeInterval, touches: Int = 1) {
        var end = point
        if direction.contains(.right) { end.x += 100 }
        if direction.contains(.left) { end.x -= 100 }
        if direction.contains(.down) { end.y += 100 }
        if direction.contains(.up) { end.y -= 100 }
        swipe(recognizer, along: [point, end], from: max(time - 0.15, 0), to: time, touches: touches)
    }
}
