import Foundation

/// A value guarded by a lock with a condition: read and changed under the lock, and waited on
/// until a change (one made with `announcing: true`) gives an answer. What `PreviewSession`'s
/// requests and its drawing workers share: a request waits for its frame, a worker for work.
final class ConditionGuarded<Value>: @unchecked Sendable {
    // @unchecked: `value` is only touched with `condition` locked.
    private let condition = NSCondition()
    private var value: Value

    init(_ value: Value) {
        self.value = value
    }

    /// Runs `body` on the value under the lock; with `announcing`, wakes every waiter after it.
    func withLock<Result>(announcing: Bool = false, _ body: (inout Value) -> Result) -> Result {
        condition.lock()
        defer {
            if announcing { condition.broadcast() }
            condition.unlock()
        }
        return body(&value)
    }

    /// Runs `answer` on the value under the lock, again after each announced change, until it
    /// returns an answer or `deadline` passes (nil: no deadline); nil when the deadline passed
    /// with none. The deadline is the system clock's: it bounds how long a request waits, and
    /// decides nothing else.
    func wait<Result>(until deadline: Date?, _ answer: (inout Value) -> Result?) -> Result? {
        condition.lock()
        defer { condition.unlock() }
        while true {
            if let result = answer(&value) { return result }
            if let deadline {
                guard condition.wait(until: deadline) else { return answer(&value) }
            } else {
                condition.wait()
            }
        }
    }
}
