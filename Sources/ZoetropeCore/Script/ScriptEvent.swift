/// Something the script (or a completion) does.
public enum ScriptAction: Hashable, Sendable {
    /// Mirrors `startAnimation()` and `startAnimation(afterDelay:)`; `animator` is an index
    /// into the scene's animators.
    case start(animator: Int, delay: Double)
    /// A model change without animation.
    case set([PropertyAssignment])
}

/// An action at an absolute time of the script.
public struct ScriptEvent: Hashable, Sendable {
    /// Seconds from the start of the scene.
    public var time: Double
    public var action: ScriptAction
    /// Where it was written (`script[3]`), for messages.
    public var path: String

    public init(time: Double, action: ScriptAction, path: String) {
        self.time = time
        self.action = action
        self.path = path
    }
}
