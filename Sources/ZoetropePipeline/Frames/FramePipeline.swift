import Dispatch
import Synchronization
import ZoetropeRender

/// Draws a plan's frames on its workers and hands each to every sink: evaluation, drawing and
/// encoding of different frames in parallel, ordered sinks fed in frame order.
///
/// Frame i depends only on (source, i), so any subset, in any order, on any number of workers,
/// gives the same bytes as a full sequential run.
public enum FramePipeline {
    /// Runs `plan` into `sinks`; on failure every sink is abandoned and the first error thrown.
    /// Returns the phase times summed over the workers.
    @discardableResult
    public static func run(_ plan: FramePlan, into sinks: [any FrameSink], progress: ProgressReporter? = nil) throws(RenderError) -> PhaseTimes {
        do {
            let times = try draw(plan, into: sinks, progress: progress)
            for sink in sinks { try sink.finish() }
            return times
        } catch {
            for sink in sinks { sink.abandon() }
            throw error
        }
    }

    private struct Shared {
        /// The position in `plan.frames` of the next frame to hand out.
        var next = 0
        var failure: RenderError?
        var times = PhaseTimes()
        /// Frames drawn for ordered sinks, by position, until every earlier one is delivered.
        var pending: [Int: DrawnFrame] = [:]
        /// Positions delivered to the ordered sinks.
        var delivered = 0
    }

    /// Frames a worker takes at a time: long enough for strips to be reused between them.
    private static let longestRun = 8

    private static func draw(_ plan: FramePlan, into sinks: [any FrameSink], progress: ProgressReporter?) throws(RenderError) -> PhaseTimes {
        let frames = plan.frames
        let products = sinks.reduce(into: FrameProducts()) { $0.formUnion($1.needs) }
        let ordered = sinks.filter(\.isOrdered), unordered = sinks.filter { !$0.isOrdered }
        let shared = Mutex(Shared())
        // One ordered sink at a time, in order.
        let delivery = Mutex(())
        let workers = max(1, min(plan.jobs, frames.count))
        // Frames drawn ahead of the ordered sinks wait in memory: at most `window` of them. Slots
        // are taken in frame order (under `taking`), so the earliest undelivered frame always
        // holds one and the run always moves on.
        let window = workers * longestRun * 2
        let slots = DispatchSemaphore(value: ordered.isEmpty ? 0 : window)
        let taking = Mutex(())
        // Fewer frames than jobs (`--frames` of one frame): the cores left compress strips.
        let encodingThreads = max(1, plan.jobs / workers)

        @Sendable func fail(_ error: RenderError) {
            shared.withLock { $0.failure = $0.failure ?? error }
            // Wake every worker waiting for a slot: they see the failure and stop.
            if !ordered.isEmpty { for _ in 0..<(workers + window) { slots.signal() } }
        }

        @Sendable func takeRun() -> ArraySlice<Int> {
            taking.withLock { _ in
                let start: Int = shared.withLock { state in
                    guard state.failure == nil, state.next < frames.count else { return frames.count }
                    return state.next
                }
                guard start < frames.count else { return [] }
                // Long enough for strips to be reused, and shorter as the frames left run out,
                // so that workers end within a frame of each other.
                let length = max(1, min(longestRun, (frames.count - start) / (workers * 2)))
                let end = min(start + length, frames.count)
                if !ordered.isEmpty { for _ in start..<end { slots.wait() } }
                return shared.withLock { state in
                    guard state.failure == nil else { return [] }
                    state.next = end
                    return ArraySlice(start..<end)
                }
            }
        }

        @Sendable func deliver(_ frame: DrawnFrame, at position: Int) throws(RenderError) {
            shared.withLock { $0.pending[position] = frame }
            try delivery.withLock { _ throws(RenderError) in
                // After a failure nothing more is delivered: the failure is recorded before the
                // lock passes to a worker waiting with a later frame.
                while let next = shared.withLock({ state -> DrawnFrame? in
                    guard state.failure == nil, let frame = state.pending.removeValue(forKey: state.delivered) else { return nil }
                    state.delivered += 1
                    return frame
                }) {
                    do throws(RenderError) {
                        for sink in ordered { try sink.write(next) }
                    } catch {
                        shared.withLock { $0.failure = $0.failure ?? error }
                        throw error
                    }
                    slots.signal()
                }
            }
        }

        @Sendable func work(_: Int) {
            var worker: FrameWorker
            do throws(RenderError) {
                worker = try FrameWorker(plan: plan, products: products, encodingThreads: encodingThreads)
            } catch {
                fail(error)
                return
            }
            defer { shared.withLock { $0.times.add(worker.finalTimes) } }
            var run: ArraySlice<Int> = []
            while true {
                if run.isEmpty { run = takeRun() }
                // A failure elsewhere ends the run too.
                guard let position = run.popFirst(), shared.withLock({ $0.failure == nil }) else { return }
                do throws(RenderError) {
                    let frame = try worker.frame(frames[position])
                    let start = worker.now
                    for sink in unordered { try sink.write(frame) }
                    worker.addWriting(since: start)
                    if !ordered.isEmpty { try deliver(frame, at: position) }
                    progress?.frameFinished(frame.index, times: frame.times)
                } catch {
                    fail(error)
                }
            }
        }
        // One worker runs on this thread: libdispatch runs a `concurrentPerform` nested in
        // another one serially, and a lone worker's frame compresses its strips on every core
        // with one of its own.
        if workers == 1 { work(0) } else { DispatchQueue.concurrentPerform(iterations: workers, execute: work) }
        let outcome = shared.withLock { ($0.failure, $0.times) }
        if let failure = outcome.0 { throw failure }
        return outcome.1
    }
}
