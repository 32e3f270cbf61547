import Synchronization
import ZoetropeFiles
import ZoetropeFormat
import ZoetropeRender

/// How a render reports progress (`--progress`).
public enum ProgressMode: String, CaseIterable, Sendable {
    /// A bar when standard error is a terminal, nothing otherwise.
    case auto
    /// A bar on standard error.
    case bar
    /// One JSON object per line on standard output.
    case json
    case none
}

/// Reports finished frames; safe to call from every worker.
public final class ProgressReporter: Sendable {
    private struct State {
        var scene = ""
        var total = 0
        var done = 0
        var lastDrawn = -1
        var times: PhaseTimes?
    }

    private let mode: ProgressMode
    private let state = Mutex(State())

    /// `auto` becomes `bar` on a terminal and `none` elsewhere.
    public init(mode: ProgressMode) {
        self.mode = mode == .auto ? (StandardStream.error.isTerminal ? .bar : .none) : mode
    }

    /// The mode in force after `auto` was decided.
    public var effectiveMode: ProgressMode { mode }

    func begin(scene: String, total: Int, skipped: Int) {
        state.withLock { state in
            state = State(scene: scene, total: total, done: 0, lastDrawn: -1)
            emit(&state, event: "start", frame: nil, extra: [("skipped", .number(Double(skipped)))])
        }
    }

    /// `--resume` kept `kept` frames already rendered (by this render, or a killed run of it).
    func resumed(kept: Int) {
        state.withLock { state in
            emit(&state, event: "resume", frame: nil, extra: [("kept", .number(Double(kept)))])
        }
    }

    /// Frame `frame` is written; `times` are what it took to evaluate, draw and encode.
    func frameFinished(_ frame: Int, times: PhaseTimes? = nil) {
        state.withLock { state in
            state.done += 1
            emit(&state, event: "frame", frame: frame, extra: times.map { [("seconds", Self.phases($0, writing: false))] } ?? [])
        }
    }

    /// The phase times of the render, reported with its `done` event.
    func record(_ times: PhaseTimes) {
        state.withLock { $0.times = times }
    }

    func end() {
        state.withLock { state in
            let extra: [(key: String, value: JSONText)] = state.times.map { t in
                [("seconds", Self.phases(t, writing: true)),
                 ("strips", .object([("reused", .number(Double(t.stripsReused))), ("compressed", .number(Double(t.stripsCompressed)))])),
                 ("pixelsDrawn", .number(Double(t.pixelsDrawn)))]
            } ?? []
            emit(&state, event: "done", frame: nil, extra: extra)
            if mode == .bar { StandardStream.error.write("\n") }
        }
    }

    /// The seconds of each phase as a JSON object; with `writing`, the write phase's too.
    private static func phases(_ t: PhaseTimes, writing: Bool) -> JSONText {
        .object([("evaluate", .number(t.evaluate)), ("draw", .number(t.draw)), ("encode", .number(t.encode))]
                + (writing ? [("write", .number(t.write))] : []))
    }

    private func emit(_ state: inout State, event: String, frame: Int?, extra: [(key: String, value: JSONText)]) {
        switch mode {
        case .json:
            let line: JSONText = .object([("event", .string(event)), ("scene", .string(state.scene))]
                                         + (frame.map { [("frame", .number(Double($0)))] } ?? [])
                                         + [("done", .number(Double(state.done))), ("total", .number(Double(state.total)))] + extra)
            StandardStream.output.write(line.compact() + "\n")
        case .bar:
            // Redraw at most once per percent, and always at the end.
            let percent = state.total == 0 ? 100 : state.done * 100 / state.total
            guard percent != state.lastDrawn || event != "frame" else { return }
            state.lastDrawn = percent
            let width = 30, filled = width * percent / 100
            let bar = String(repeating: "█", count: filled) + String(repeating: "·", count: width - filled)
            StandardStream.error.write("\r\(state.scene) [\(bar)] \(state.done)/\(state.total) frames \(percent)%")
        case .auto, .none:
            break
        }
    }
}
