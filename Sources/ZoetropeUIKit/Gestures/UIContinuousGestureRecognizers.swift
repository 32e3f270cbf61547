import ZoetropeCore

/// Mirrors `UILongPressGestureRecognizer`: a finger held still for `minimumPressDuration`
/// begins it (`.began`), its moves change it (`.changed`, each frame) and lifting ends it; a
/// finger that moves more than `allowableMovement` before then, or lifts sooner, fails it. A
/// film presses with `Film.longPress(_:along:from:to:)`.
open class UILongPressGestureRecognizer: UIGestureRecognizer {
    /// Mirrors `minimumPressDuration` (0.5 s, as in UIKit).
    open var minimumPressDuration: TimeInterval = 0.5
    /// Mirrors `allowableMovement` (10 points, as in UIKit).
    open var allowableMovement: CGFloat = 10
    /// Mirrors `numberOfTouchesRequired` (1).
    open var numberOfTouchesRequired = 1
    /// Mirrors `numberOfTapsRequired` (0: the press itself, no taps before it).
    open var numberOfTapsRequired = 0

    /// A long-press recognizer that calls `handler` as the press begins, changes and ends.
    public init(handler: @escaping (UILongPressGestureRecognizer) -> Void) {
        // The action is only ever called with this recognizer.
        super.init { handler($0 as! UILongPressGestureRecognizer) }
    }

    /// Mirrors `init(target:action:)`, with the action as an unapplied method taking the recognizer.
    public convenience init<Target: AnyObject>(target: Target, action: @escaping (Target) -> (UILongPressGestureRecognizer) -> Void) {
        self.init { [weak target] recognizer in
            if let target { action(target)(recognizer) }
        }
    }
}

/// Mirrors `UIPinchGestureRecognizer`: `scale`, the fingers' spread against where the pinch
/// began (or where `scale` was last set: setting it to 1 in the action makes each call's scale
/// the change since the last, as apps write it), and `velocity` in scale per second. A film
/// pinches with `Film.pinch(_:scales:at:from:to:)`.
open class UIPinchGestureRecognizer: UIGestureRecognizer {
    /// The fingers' spread now, against their spread as the pinch began.
    var spread: CGFloat = 1
    /// The spread that `scale` is measured against.
    var reference: CGFloat = 1
    /// Mirrors `velocity`: scale per second.
    public internal(set) var velocity: CGFloat = 0

    /// Mirrors `scale`; setting it makes the current spread read as that scale.
    open var scale: CGFloat {
        get { spread / reference }
        set { reference = newValue == 0 ? reference : spread / newValue }
    }

    /// A pinch recognizer that calls `handler` as the pinch begins, changes and ends.
    public init(handler: @escaping (UIPinchGestureRecognizer) -> Void) {
        // The action is only ever called with this recognizer.
        super.init { handler($0 as! UIPinchGestureRecognizer) }
    }

    /// Mirrors `init(target:action:)`, with the action as an unapplied method taking the recognizer.
    public convenience init<Target: AnyObject>(target: Target, action: @escaping (Target) -> (UIPinchGestureRecognizer) -> Void) {
        self.init { [weak target] recognizer in
            if let target { action(target)(recognizer) }
        }
    }
}

/// Mirrors `UIRotationGestureRecognizer`: `rotation`, the fingers' turn in radians (clockwise
/// positive) since the gesture began or since `rotation` was last set, and `velocity` in radians
/// per second. A film turns it with `Film.rotate(_:angles:at:from:to:)`.
open class UIRotationGestureRecognizer: UIGestureRecognizer {
    /// The fingers' turn now, since the gesture began.
    var turn: CGFloat = 0
    /// The turn that `rotation` is measured from.
    var reference: CGFloat = 0
    /// Mirrors `velocity`: radians per second.
    public internal(set) var velocity: CGFloat = 0

    /// Mirrors `rotation`; setting it makes the current turn read as that rotation.
    open var rotation: CGFloat {
        get { turn - reference }
        set { reference = turn - newValue }
    }

    /// A rotation recognizer that calls `handler` as the rotation begins, changes and ends.
    public init(handler: @escaping (UIRotationGestureRecognizer) -> Void) {
        // The action is only ever called with this recognizer.
        super.init { handler($0 as! UIRotationGestureRecognizer) }
    }

    /// Mirrors `init(target:action:)`, with the action as an unapplied method taking the recognizer.
    public convenience init<Target: AnyObject>(target: Target, action: @escaping (Target) -> (UIRotationGestureRecognizer) -> Void) {
        self.init { [weak target] recognizer in
            if let target { action(target)(recognizer) }
        }
    }
}

/// Values evenly spaced in time from `start` to `end`, read between them in straight lines:
/// where a scripted finger (or spread, or turn) is at a film time, and how fast it moves.
struct ScriptedTrack {
    let values: [Double]
    let start: TimeInterval
    let end: TimeInterval

    /// The value at `time` and its rate of change per second (that of the segment it is on).
    func sample(at time: TimeInterval) -> (value: Double, rate: Double) {
        let first = values.first ?? 0
        let segments = max(values.count - 1, 1), duration = max(end - start, 0)
        guard values.count > 1, duration > 0 else { return (values.last ?? first, 0) }
        let progress = min(max((time - start) / duration, 0), 1) * Double(segments)
        let index = min(Int(saturating: progress, rounding: .down), segments - 1)
        let a = values[index], b = values[index + 1]
        return (a + (b - a) * (progress - Double(index)), (b - a) * (Double(segments) / duration))
    }
}

extension Film {
    /// The film times a continuous gesture from `start` to `end` is told of: `start`, every
    /// frame after it before `end`, and `end` (twice there when it lasts: the last move, then
    /// the lift).
    func gestureTimes(from start: TimeInterval, to end: TimeInterval) -> [(UIGestureRecognizer.State, TimeInterval)] {
        var times: [(UIGestureRecognizer.State, TimeInterval)] = [(.began, start)]
        var frame = Int(saturating: start * framesPerSecond, rounding: .down) + 1
        while Double(frame) / framesPerSecond < end - 1e-9 {
            times.append((.changed, Double(frame) / framesPerSecond))
            frame += 1
        }
        if end > start { times.append((.changed, end)) }
        times.append((.ended, end))
        return times
    }

    /// Presses a finger at `points[0]` (the root view's coordinates) at `start`, moves it
    /// through `points` evenly in time and lifts it at `end` (a Zoetrope addition). The press
    /// begins once the finger has been down `minimumPressDuration` within `allowableMovement` of
    /// where it came down; then it changes every frame and ends at the lift. Lifted sooner, or
    /// moved further first, the recognizer fails and its action is not called.
    public func longPress(_ recognizer: UILongPressGestureRecognizer, along points: [CGPoint], from start: TimeInterval,
                          to end: TimeInterval) {
        guard let first = points.first else { return }
        let xs = ScriptedTrack(values: points.map { Double($0.x) }, start: start, end: end)
        let ys = ScriptedTrack(values: points.map { Double($0.y) }, start: start, end: end)
        func point(at time: TimeInterval) -> CGPoint { CGPoint(x: xs.sample(at: time).value, y: ys.sample(at: time).value) }
        let recognizedAt = start + recognizer.minimumPressDuration
        guard recognizedAt <= end + 1e-9 else {
            at(end) { recognizer.state = .failed }
            return
        }
        // Moved too far before the press was recognized: checked at each frame until then.
        var checks = [start, recognizedAt]
        var frame = Int(saturating: start * framesPerSecond, rounding: .down) + 1
        while Double(frame) / framesPerSecond < recognizedAt - 1e-9 {
            checks.append(Double(frame) / framesPerSecond)
            frame += 1
        }
        for check in checks {
            let moved = point(at: check)
            if ((moved.x - first.x) * (moved.x - first.x) + (moved.y - first.y) * (moved.y - first.y)).squareRoot() > recognizer.allowableMovement {
                at(check) { recognizer.state = .failed }
                return
            }
        }
        for (state, time) in gestureTimes(from: recognizedAt, to: end) {
            at(time) {
                recognizer.location = point(at: time)
                recognizer.state = state
                if recognizer.isEnabled { recognizer.action(recognizer) }
            }
        }
    }

    /// Pinches around `center` (the root view's coordinates) from `start` to `end` (a Zoetrope
    /// addition): the fingers' spread goes through `scales` (against their spread as the pinch
    /// began) evenly in time; `.began` at `start`, `.changed` every frame, `.ended` at `end`.
    public func pinch(_ recognizer: UIPinchGestureRecognizer, scales: [CGFloat], at center: CGPoint, from start: TimeInterval,
                      to end: TimeInterval) {
        let track = ScriptedTrack(values: scales.map(Double.init), start: start, end: end)
        for (state, time) in gestureTimes(from: start, to: end) {
            at(time) {
                let (spread, rate) = track.sample(at: time)
                if state == .began { recognizer.reference = 1 }
                recognizer.location = center
                recognizer.spread = CGFloat(spread)
                recognizer.velocity = state == .began ? 0 : CGFloat(rate)
                recognizer.state = state
                if recognizer.isEnabled { recognizer.action(recognizer) }
            }
        }
    }

    /// Turns two fingers around `center` (the root view's coordinates) from `start` to `end` (a
    /// Zoetrope addition): their turn goes through `angles` (radians, clockwise, from where they
    /// began) evenly in time; `.began` at `start`, `.changed` every frame, `.ended` at `end`.
    public func rotate(_ recognizer: UIRotationGestureRecognizer, angles: [CGFloat], at center: CGPoint, from start: TimeInterval,
                       to end: TimeInterval) {
        let track = ScriptedTrack(values: angles.map(Double.init), start: start, end: end)
        for (state, time) in gestureTimes(from: start, to: end) {
            at(time) {
                let (turn, rate) = track.sample(at: time)
                if state == .began { recognizer.reference = 0 }
                recognizer.location = center
                recognizer.turn = CGFloat(turn)
                recognizer.velocity = state == .began ? 0 : CGFloat(rate)
                recognizer.state = state
                if recognizer.isEnabled { recognizer.action(recognizer) }
            }
        }
    }
}
