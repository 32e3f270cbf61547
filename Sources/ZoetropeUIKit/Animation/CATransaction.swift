import ZoetropeCore

/// Mirrors `CATransaction`: the settings of the implicit animations made while it is open
/// (duration, timing function, whether actions run) and a block to call when every animation
/// added in it has stopped.
///
/// Implicit animations are Core Animation's: setting an animatable property of a layer of its
/// own (added with `addSublayer`, not a view's) on a film animates it from what is on screen to
/// the new value, for `animationDuration()` (0.25 s) on the default curve, under the property's
/// name as key; a layer added in the same instant does not animate, nor does a view's layer
/// (a view's animates only in an animations closure, as in UIKit).
///
/// Transactions nest; without `begin()`, settings apply to the implicit transaction of the
/// film's current call, committed when the call returns. The stack is the main actor's, as
/// Core Animation's is its thread's; every transaction is closed by the end of a film call.
///
/// ```swift
/// CATransaction.begin()
/// CATransaction.setAnimationDuration(1)
/// CATransaction.setCompletionBlock { print("faded") }
/// badge.opacity = 0
/// CATransaction.commit()
/// ```
@MainActor
open class CATransaction {
    /// One open transaction.
    final class Frame {
        var duration: CFTimeInterval?
        var timingFunction: CAMediaTimingFunction?
        var disablesActions: Bool?
        var completion: (() -> Void)?
        var values: [String: Any] = [:]
        /// Animations added in it that have not stopped.
        private var running: Set<Int> = []
        private var committed = false

        func added(_ serial: Int) { running.insert(serial) }

        func stopped(_ serial: Int) {
            running.remove(serial)
            finishIfDone()
        }

        func commit() {
            committed = true
            finishIfDone()
        }

        private func finishIfDone() {
            guard committed, running.isEmpty, let block = completion else { return }
            completion = nil
            block()
        }
    }

    /// The open transactions, outermost first.
    private static var stack: [Frame] = []

    /// The innermost open transaction, opening the implicit one when none is.
    private static var current: Frame {
        if let frame = stack.last { return frame }
        let implicit = Frame()
        stack.append(implicit)
        return implicit
    }

    /// The innermost open transaction, if any (animations added now join it).
    static var open: Frame? { stack.last }

    /// A setting of the innermost transaction that sets it, else nil.
    private static func setting<T>(_ read: (Frame) -> T?) -> T? {
        stack.reversed().lazy.compactMap(read).first
    }

    /// Mirrors `begin()`.
    public class func begin() { stack.append(Frame()) }

    /// Mirrors `commit()`: closes the innermost transaction (an unbalanced commit does nothing).
    public class func commit() {
        guard let frame = stack.popLast() else { return }
        frame.commit()
    }

    /// Mirrors `flush()`: nothing to do, frames are drawn from the film's scene.
    public class func flush() {}

    /// Commits the implicit transaction (and any left open) at the end of a film call.
    static func endCall() {
        while let frame = stack.popLast() { frame.commit() }
    }

    /// Mirrors `animationDuration()` (0.25 s unless set).
    public class func animationDuration() -> CFTimeInterval { setting(\.duration) ?? MediaTiming.defaultDuration }
    /// Mirrors `setAnimationDuration(_:)`.
    public class func setAnimationDuration(_ duration: CFTimeInterval) { current.duration = duration }

    /// Mirrors `animationTimingFunction()` (nil: the default curve).
    public class func animationTimingFunction() -> CAMediaTimingFunction? { setting(\.timingFunction) }
    /// Mirrors `setAnimationTimingFunction(_:)`.
    public class func setAnimationTimingFunction(_ function: CAMediaTimingFunction?) { current.timingFunction = function }

    /// Mirrors `disableActions()`.
    public class func disableActions() -> Bool { setting(\.disablesActions) ?? false }
    /// Mirrors `setDisableActions(_:)`: no implicit animations while set.
    public class func setDisableActions(_ flag: Bool) { current.disablesActions = flag }

    /// Mirrors `completionBlock()`.
    public class func completionBlock() -> (() -> Void)? { stack.last?.completion }
    /// Mirrors `setCompletionBlock(_:)`: called once every animation added in this transaction
    /// has stopped (at once when it added none), after it is committed.
    public class func setCompletionBlock(_ block: (() -> Void)?) { current.completion = block }

    /// Mirrors `value(forKey:)`.
    public class func value(forKey key: String) -> Any? { setting { $0.values[key] } }
    /// Mirrors `setValue(_:forKey:)`.
    public class func setValue(_ value: Any?, forKey key: String) { current.values[key] = value }
}
