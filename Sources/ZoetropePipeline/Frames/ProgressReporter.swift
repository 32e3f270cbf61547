import Synchronization
import ZoetropeFiles
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
            emit(&state, event: "start", frame: nil, extra: ",\"skipped\":\(skipped)")
        }
    }

    /// `--resume` kept `kept` frames already rendered (by this render, or a killed run of it).
    func resumed(kept: Int) {
        state.withLock { state in
            emit(&state, event: "resume", frame: nil, extra: ",\"kept\":\(kept)")
        }
    }

    /// Frame `frame` is written; `times` are what it took to evaluate, draw and encode.
    func frameFinished(_ frame: Int, times: PhaseTimes? = nil) {
        state.withLock { state in
            state.done += 1
            emit(&state, event: "frame", frame: frame, extra: times.map { ",\"seconds\":\(Self.phases($0, writing: false))" } ?? "")
        }
    }

    /// The phase times of the render, reported with its `done` event.
    func record(_ times: PhaseTimes) {
        state.withLock { $0.times = times }
    }

    func end() {
        state.withLock { state in
            let extra = state.times.map { t in
                ",\"seconds\":\(Self.phases(t, writing: true))"
                    + ",\"strips\":{\"reused\":\(t.stripsReused),\"compressed\":\(t.stripsCompressed)},\"pixelsDrawn\":\(t.pixelsDrawn)"
            } ?? ""
            emit(&state, event: "done", frame: nil, extra: extra)
            if mode == .bar { StandardStream.error.write("\n") }
        }
    }

    /// The seconds of each phase as a JSON object; with `writing`, the write phase's too.
    private static func phases(_ t: PhaseTimes, writing: Bool) -> String {
        "{\"evaluate\":\(t.evaluate),\"draw\":\(t.draw),\"encode\":\(t.encode)" + (writing ? ",\"write\":\(t.write)}" : "}")
    }

    private func emit(_ state: inout State, event: String, frame: Int?, extra: String) {
        switch mode {
        case .json:
            let frameField = frame.map { ",\"frame\":\($0)" } ?? ""
            StandardStream.output.write("{\"event\":\"\(event)\",\"scene\":\(Self.jsonString(state.scene))\(frameField),\"done\":\(state.done),\"total\":\(state.total)\(extra)}\n")
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

    /// `text` as a JSON string literal, quotes included.
    public static func jsonString(_ text: String) -> String {
        var escaped = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": escaped += "\\\""
            case "\\": escaped += "\\\\"
            case _ where scalar.value < 0x20: escaped += "\\u00" + (scalar.value < 16 ? "0" : "") + String(scalar.value, radix: 16)
            default: escaped.unicodeScalars.append(scalar)
            }
        }
        return escaped + "\""
    }
}
