import Foundation
import Synchronization

/// Runs `body` for each of `0..<count` on a thread of its own, all started at once (not a pool
/// of as many threads as cores), and returns the results in order.
func concurrently<Result: Sendable>(_ count: Int, _ body: @escaping @Sendable (Int) -> Result) -> [Result] {
    let results = Mutex<[Int: Result]>([:])
    let group = DispatchGroup()
    for index in 0..<count {
        group.enter()
        Thread.detachNewThread {
            let result = body(index)
            results.withLock { $0[index] = result }
            group.leave()
        }
    }
    group.wait()
    let all = results.withLock { $0 }
    return (0..<count).compactMap { all[$0] }
}
