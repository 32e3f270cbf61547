import Foundation
import Synchronization
import ZoetropeCore
import ZoetropeFiles
import ZoetropeFormat
import ZoetropeRender

/// `zoetrope preview`: a scene file kept rendered while it is edited. Each save (of the scene or
/// an image it draws) reads the scene again as a new generation; the viewer page asks for the
/// frame on screen first, drawn on demand, and idle workers draw the others behind it. A scene
/// that cannot be read shows its problems on the page instead of the frame.
///
/// What it holds stays bounded whatever the scene and the requests (`PreviewLimits`): a fixed
/// pool of drawing workers with a short queue (a request past it is answered 503 at once), the
/// drawn frames kept by count and by bytes, a page that does not list the frames, and a scene
/// file looked at before it is read (a file over the limit is never read or hashed; the page
/// says why).
public final class PreviewSession: Sendable {
    /// One reading of the scene file, and the frames drawn of it.
    struct Generation {
        var version: Int
        var scene: EvaluatedScene?
        /// Every problem, `file: path: message`, when the scene cannot be drawn.
        var problems: [String]
        /// What the files it read looked like: the scene file and each image it draws, by path.
        var stamps: [String: FileStamp]
        /// The page, written at its first request.
        var page: [UInt8]?
        /// Drawn frames by index (no bytes: one that cannot be drawn), those nearest the page's.
        var frames: [Int: [UInt8]] = [:]
        /// The bytes of `frames`.
        var keptBytes = 0
        /// Requested frames waiting for a worker, first come first drawn.
        var queue: [Int] = []
        /// Frames a worker is drawing.
        var drawing: Set<Int> = []
        /// Requests waiting for each frame: a frame waited for is not evicted.
        var waiters: [Int: Int] = [:]
        /// True once an idle worker's frame was evicted as soon as it was drawn: the kept frames
        /// are full of nearer ones, and idle workers rest until the page moves.
        var backgroundFull = false
    }

    /// What the requests and the drawing workers share.
    struct State {
        var generation: Generation
        /// The frame the page asked for last: idle workers draw around it.
        var asked = 0
        /// Frames being drawn now (of any generation), the most ever at once, and how many of
        /// them idle workers draw.
        var drawingNow = 0, drawingPeak = 0, drawingAhead = 0
        /// Set when the session is gone: the workers end.
        var closed = false
    }

    /// What the session holds now.
    public struct Status: Sendable {
        /// The generation: 1 for the first reading of the scene file, one more at each change.
        public var version: Int
        /// Its problems, `file: path: message`; none when it draws.
        public var problems: [String]
        /// Frames drawn and kept, and their PNG bytes.
        public var drawn: Int, keptBytes: Int
        /// The most frames ever drawn at once: never more than `PreviewLimits.drawingWorkers`.
        public var drawingPeak: Int
        /// How many times the scene file was read (hashed or loaded).
        public var fileReads: Int
    }

    /// The scene file, as given.
    public let file: String
    /// What it holds and does at once.
    public let limits: PreviewLimits
    private let overrides: [SceneOverride]
    private let state: ConditionGuarded<State>
    private let fileReads = Atomic<Int>(0)

    /// Reads `file` and starts the drawing workers (`limits.drawingWorkers` threads, which end
    /// with the session).
    public init(file: String, overrides: [SceneOverride], limits: PreviewLimits = PreviewLimits()) {
        self.file = file
        self.overrides = overrides
        self.limits = limits
        state = ConditionGuarded(State(generation: Generation(version: 0, scene: nil, problems: [], stamps: [:])))
        reload()
        for _ in 0..<limits.drawingWorkers {
            Thread.detachNewThread { [state] in Self.work(state, limits: limits) }
        }
    }

    deinit {
        state.withLock(announcing: true) { $0.closed = true }
    }

    /// What the session holds now: the generation, its problems, the frames kept.
    public var status: Status {
        state.withLock { state in
            Status(version: state.generation.version, problems: state.generation.problems, drawn: state.generation.frames.count,
                   keptBytes: state.generation.keptBytes, drawingPeak: state.drawingPeak, fileReads: fileReads.load(ordering: .relaxed))
        }
    }

    // MARK: Watching the files

    /// Checks the files every `interval` seconds and reads the scene again when one changed.
    /// Runs until the process ends.
    public func watch(interval: Double = 0.1) {
        while true {
            checkForChanges()
            Thread.sleep(forTimeInterval: interval)
        }
    }

    /// Reads the scene again if the scene file or an image it draws changed; true when it did.
    /// The scene file is looked at first (`stat`): one over `limits.sceneFileBytes` is not
    /// read, one up to `limits.hashedFileBytes` is hashed, one between is read only when its
    /// size, times or inode change.
    @discardableResult
    public func checkForChanges() -> Bool {
        let known = state.withLock { $0.generation.stamps }
        for (path, stamp) in known where self.stamp(of: path) != stamp {
            reload()
            return true
        }
        return false
    }

    private func stamp(of path: String) -> FileStamp {
        // Images are compared by what stat says: they are read by the scene's reader, not here.
        FileStamp.of(path, hashingUpTo: path == file ? limits.hashedFileBytes : -1) {
            fileReads.add(1, ordering: .relaxed)
        }
    }

    /// Reads the scene again as a new generation. The file is stamped before it is read, so a
    /// save during the reading is seen at the next check.
    func reload() {
        let stamp = self.stamp(of: file)
        var scene: EvaluatedScene?, problems: [String] = [], layers: LayerTree?
        if stamp.exists, !stamp.isRegularFile {
            problems = ["\(file): \(FileSystem.kind(at: file)?.description ?? "not a regular file"); a scene file must be a regular file"]
        } else if stamp.exists, let problem = SceneLoader.sizeProblem(file: file, bytes: stamp.size, limit: limits.sceneFileBytes) {
            problems = [problem.description + "; it is not read until it is smaller"]
        } else {
            fileReads.add(1, ordering: .relaxed)
            do {
                let loaded = try EvaluatedScene.load([file], overrides: overrides)[0]
                let inputs = SceneInputs.problems(of: loaded.scene)
                if inputs.isEmpty { scene = loaded } else { problems = inputs.map { "\(file): \($0)" } }
                layers = loaded.scene.layers
            } catch {
                problems = error.diagnostics.map(\.description)
                layers = error.layers
            }
        }
        // The images of whatever layers were read are watched too, so mending a broken image
        // (not only the scene file) draws again.
        let images = (layers?.initialValues ?? []).map(\.image).filter { !$0.isEmpty && !DataURL.isDataURL($0) }
        var stamps = [file: stamp]
        for image in images where stamps[image] == nil { stamps[image] = self.stamp(of: image) }
        state.withLock(announcing: true) { state in
            state.generation = Generation(version: state.generation.version + 1, scene: scene, problems: problems, stamps: stamps)
        }
    }

    // MARK: Answering requests

    /// The response to a request for `target` (a path with its query): the page (`/`,
    /// `/index.html`), the generation's version (`/version`), a frame
    /// (`/frames/frame_00012.png`, any query ignored). A frame not drawn yet waits for a
    /// drawing worker; past `limits.queuedFrames` waiting, or after `limits.frameWait`
    /// seconds, it is 503 with `Retry-After`.
    public func respond(to target: String) -> LoopbackServer.Response {
        let path = String(target.prefix { $0 != "?" })
        switch path {
        case "/", "/index.html":
            return page()
        case "/version":
            return .text(200, "\(state.withLock { $0.generation.version })")
        default:
            guard path.hasPrefix("/frames/frame_"), path.hasSuffix(".png"),
                  let number = UInt(path.dropFirst("/frames/frame_".count).dropLast(".png".count)), let index = Int(exactly: number)
            else { return .text(404, "not found\n") }
            return frame(index)
        }
    }

    /// The page of the current generation: the viewer, or the scene's problems. Written once
    /// per generation; its size does not depend on the frame count.
    private func page() -> LoopbackServer.Response {
        let (version, scene, problems, written) = state.withLock { ($0.generation.version, $0.generation.scene, $0.generation.problems, $0.generation.page) }
        if let written { return LoopbackServer.Response(contentType: "text/html; charset=utf-8", body: written) }
        guard let scene else { return errorPage(version: version, problems: problems) }
        let frameURL = FrameViewer.Model.FrameURL(prefix: "/frames/frame_", digits: RenderFolder.frameDigits(frameCount: scene.frameCount),
                                                  suffix: ".png?v=\(version)")
        let model = FrameViewer.model(scene: scene, name: scene.scene.name, fps: scene.scene.frameRate.framesPerSecond, duration: scene.duration,
                                      size: [Int(saturating: scene.scene.canvas.size.x), Int(saturating: scene.scene.canvas.size.y)],
                                      frameCount: scene.frameCount, frameURL: frameURL, note: nil, live: version)
        let page: [UInt8]
        do {
            page = Array(try FrameViewer.page(model).utf8)
        } catch {
            return .text(500, "the page cannot be written: \(error.message)\n")
        }
        state.withLock { if $0.generation.version == version { $0.generation.page = page } }
        return LoopbackServer.Response(contentType: "text/html; charset=utf-8", body: page)
    }

    /// How a request for a frame ends.
    private enum Outcome {
        case drawn([UInt8]), notFound, queueFull, changed, timedOut
    }

    /// Frame `index` of the current generation as PNG: kept, or drawn by a worker while the
    /// request waits.
    private func frame(_ index: Int) -> LoopbackServer.Response {
        let deadline = Date(timeIntervalSinceNow: limits.frameWait)
        let start: (version: Int, outcome: Outcome?) = state.withLock(announcing: true) { state in
            let version = state.generation.version
            guard let scene = state.generation.scene, index < scene.frameCount else { return (version, .notFound) }
            if state.asked != index {
                state.asked = index
                state.generation.backgroundFull = false
            }
            if let png = state.generation.frames[index] { return (version, .drawn(png)) }
            if !state.generation.drawing.contains(index), !state.generation.queue.contains(index) {
                guard state.generation.queue.count < limits.queuedFrames else { return (version, .queueFull) }
                state.generation.queue.append(index)
            }
            state.generation.waiters[index, default: 0] += 1
            return (version, nil)
        }
        let outcome = start.outcome ?? state.wait(until: deadline) { state -> Outcome? in
            guard state.generation.version == start.version else { return .changed }
            guard let png = state.generation.frames[index] else { return nil }
            Self.stopWaiting(for: index, in: &state.generation, limits: limits, asked: state.asked)
            return .drawn(png)
        } ?? state.withLock { state -> Outcome in
            if state.generation.version == start.version {
                Self.stopWaiting(for: index, in: &state.generation, limits: limits, asked: state.asked)
            }
            return .timedOut
        }
        switch outcome {
        case .drawn(let png):
            guard !png.isEmpty else { return .text(500, "frame \(index) cannot be drawn\n") }
            return LoopbackServer.Response(contentType: "image/png", body: png)
        case .notFound:
            return .text(404, "not found\n")
        case .queueFull:
            return .text(503, "busy: \(limits.drawingWorkers + limits.queuedFrames) frames are being drawn or waiting; retry frame \(index) shortly\n",
                         retryAfter: 1)
        case .changed:
            return .text(503, "the scene changed while frame \(index) was drawn; reload the page\n", retryAfter: 1)
        case .timedOut:
            return .text(503, "frame \(index) is still being drawn; retry shortly\n", retryAfter: 1)
        }
    }

    /// One request for `index` stops waiting; the frames over the caps are then evicted.
    private static func stopWaiting(for index: Int, in generation: inout Generation, limits: PreviewLimits, asked: Int) {
        let left = (generation.waiters[index] ?? 1) - 1
        generation.waiters[index] = left > 0 ? left : nil
        evict(&generation, limits: limits, asked: asked)
    }

    /// Evicts the kept frames farthest from the page's until they are within the caps (count
    /// and bytes), keeping those a request waits for.
    private static func evict(_ generation: inout Generation, limits: PreviewLimits, asked: Int) {
        while generation.frames.count > limits.keptFrames || generation.keptBytes > limits.keptBytes {
            let far = generation.frames.keys.filter { generation.waiters[$0] == nil }
                .max { (abs($0 - asked), $0) < (abs($1 - asked), $1) }
            guard let far, let png = generation.frames.removeValue(forKey: far) else { return }
            generation.keptBytes -= png.count
        }
    }

    // MARK: Drawing

    /// A frame a worker draws.
    private struct Job {
        var version: Int
        var scene: EvaluatedScene
        var index: Int
        /// Drawn by an idle worker ahead of the page, not for a request.
        var ahead: Bool
    }

    /// A drawing worker: draws the requested frames first come first served, and while none
    /// waits, the undrawn frames around the page's (at most `drawingWorkers − 1` workers at
    /// that, so one stays free for requests when there are two). Ends when the session does.
    private static func work(_ state: ConditionGuarded<State>, limits: PreviewLimits) {
        let ahead = max(limits.drawingWorkers - 1, 1)
        while true {
            let job = state.wait(until: nil) { state -> Job?? in
                if state.closed { return .some(nil) }
                guard let scene = state.generation.scene else { return nil }
                let version = state.generation.version
                var job: Job?
                if !state.generation.queue.isEmpty {
                    job = Job(version: version, scene: scene, index: state.generation.queue.removeFirst(), ahead: false)
                } else if state.drawingAhead < ahead, let index = nextFrameAhead(state, scene: scene, limits: limits) {
                    job = Job(version: version, scene: scene, index: index, ahead: true)
                    state.drawingAhead += 1
                }
                guard let job else { return nil }
                state.generation.drawing.insert(job.index)
                state.drawingNow += 1
                state.drawingPeak = max(state.drawingPeak, state.drawingNow)
                return .some(job)
            }
            guard let job = job ?? nil else { return }
            let png = draw(job)
            state.withLock(announcing: true) { state in
                state.drawingNow -= 1
                if job.ahead { state.drawingAhead -= 1 }
                guard state.generation.version == job.version else { return }
                state.generation.drawing.remove(job.index)
                state.generation.frames[job.index] = png
                state.generation.keptBytes += png.count
                evict(&state.generation, limits: limits, asked: state.asked)
                if job.ahead, state.generation.frames[job.index] == nil { state.generation.backgroundFull = true }
            }
        }
    }

    /// The undrawn frame nearest after the page's (or, with none left ahead, before it), within
    /// `limits.reach`, while the kept frames have room; nil when there is none.
    private static func nextFrameAhead(_ state: State, scene: EvaluatedScene, limits: PreviewLimits) -> Int? {
        let generation = state.generation
        guard !generation.backgroundFull, generation.frames.count < limits.keptFrames, generation.keptBytes < limits.keptBytes,
              scene.frameCount > 0 else { return nil }
        let asked = min(max(state.asked, 0), scene.frameCount - 1)
        let ahead = asked..<min(asked + limits.reach, scene.frameCount)
        let behind = (max(asked - limits.reach / 2, 0)..<asked).reversed()
        func undrawn(_ index: Int) -> Bool {
            generation.frames[index] == nil && !generation.drawing.contains(index) && !generation.queue.contains(index)
        }
        return ahead.first(where: undrawn) ?? behind.first(where: undrawn)
    }

    /// The job's frame as PNG; no bytes when it cannot be drawn (kept so, so it is not tried
    /// again and again).
    private static func draw(_ job: Job) -> [UInt8] {
        let time = job.scene.scene.frameRate.time(ofFrame: job.index)
        do {
            // A frame on its own: its strips are compressed on every core.
            let renderer = try TreeRenderer(canvas: job.scene.scene.canvas, encodingThreads: CurrentProcess.onlineCoreCount,
                                            oneFrame: true)
            return try renderer.png(of: job.scene.evaluation.presentation(at: time))
        } catch {
            return []
        }
    }

    // MARK: The page of problems

    /// The page a scene that cannot be drawn shows: its problems, each with its file and path,
    /// reloading (at the frame it was on) once the file is mended.
    private func errorPage(version: Int, problems: [String]) -> LoopbackServer.Response {
        func escaped(_ text: String) -> String { Markup.escaped(text) }
        let page = """
            <!DOCTYPE html>
            <html lang="en"><head><meta charset="utf-8"><title>\(escaped(file)) · zoetrope preview</title>
            <style>body { font: 13px/1.4 system-ui, sans-serif; margin: 16px 24px; } #problems li { color: #b71c1c; font-family: monospace; white-space: pre-wrap; }</style>
            </head><body data-version="\(version)">
            <h1>\(escaped(file)) cannot be drawn</h1>
            <ul id="problems">\(problems.map { "<li>\(escaped($0))</li>" }.joined())</ul>
            <p>Save the file again to see the frames.</p>
            <script>
            setInterval(() => fetch('/version', { cache: 'no-store' }).then(r => r.text()).then(v => {
              if (v.trim() !== '\(version)') location.replace('/' + location.search);
            }).catch(() => {}), 200);
            </script>
            </body></html>

            """
        return LoopbackServer.Response(contentType: "text/html; charset=utf-8", body: Array(page.utf8))
    }
}
