import Foundation
import Synchronization
import ZoetropeCore
import ZoetropeFormat
import ZoetropeRender

/// `zoetrope preview`: a scene file kept rendered while it is edited. Each save (of the scene or
/// an image it draws) reads the scene again as a new generation; the viewer page asks for the
/// frame on screen first, drawn on demand, and a worker draws the others behind it. A scene that
/// cannot be read shows its problems on the page instead of the frame.
public final class PreviewSession: Sendable {
    /// One reading of the scene file.
    struct Generation {
        var version: Int
        var scene: EvaluatedScene?
        /// Every problem, `file: path: message`, when the scene cannot be drawn.
        var problems: [String]
        /// Drawn frames by index: at most `PreviewSession.keptFrames`, those nearest the page's.
        var frames: [Int: [UInt8]] = [:]
        /// The frame the page asked for last: the worker draws around it.
        var asked = 0
        /// What the files it read looked like: the scene file's bytes, each image's size and
        /// modification time.
        var stamps: [String: String]
    }

    public let file: String
    private let overrides: [SceneOverride]
    private let state: Mutex<Generation>

    public init(file: String, overrides: [SceneOverride]) {
        self.file = file
        self.overrides = overrides
        state = Mutex(Generation(version: 0, scene: nil, problems: [], asked: 0, stamps: [:]))
        reload()
    }

    /// The current generation's version, problems (none when it draws) and how many of its
    /// frames are drawn and kept.
    public var status: (version: Int, problems: [String], drawn: Int) { state.withLock { ($0.version, $0.problems, $0.frames.count) } }

    /// Reads the scene again as a new generation.
    func reload() {
        var scene: EvaluatedScene?, problems: [String] = [], layers: LayerTree?
        do {
            let loaded = try EvaluatedScene.load([file], overrides: overrides)[0]
            let inputs = SceneInputs.problems(of: loaded.scene)
            if inputs.isEmpty { scene = loaded } else { problems = inputs.map { "\(file): \($0)" } }
            layers = loaded.scene.layers
        } catch {
            problems = error.diagnostics.map(\.description)
            layers = error.layers
        }
        // The images of whatever layers were read are watched too, so mending a broken image
        // (not only the scene file) draws again.
        let images = (layers?.initialValues ?? []).map(\.image).filter { !$0.isEmpty && !DataURL.isDataURL($0) }
        let stamps = Self.stamps(of: [file] + images)
        state.withLock { generation in
            generation = Generation(version: generation.version + 1, scene: scene, problems: problems, asked: generation.asked,
                                    stamps: stamps)
        }
    }

    /// What each file looks like now: a digest of its bytes (the scene file, small) or its size
    /// and modification time (an image), by path; "missing" for one that is not there.
    private static func stamps(of paths: [String]) -> [String: String] {
        var stamps: [String: String] = [:]
        for (number, path) in paths.enumerated() {
            if number == 0 {
                stamps[path] = FileManager.default.contents(atPath: path).map { SHA256Digest(Array($0)).hex } ?? "missing"
            } else {
                let attributes = try? FileManager.default.attributesOfItem(atPath: path)
                let modified = (attributes?[.modificationDate] as? Date)?.timeIntervalSince1970
                stamps[path] = modified.map { "\($0)-\((attributes?[.size] as? Int) ?? -1)" } ?? "missing"
            }
        }
        return stamps
    }

    /// Watches the files the scene read and reads it again when one changes; between checks
    /// (every `interval` seconds) draws the frames not drawn yet. Runs until the process ends.
    public func watch(interval: Double = 0.1) {
        while check(interval: interval) {}
    }

    /// One turn of `watch`: reads the scene again if a file changed, else draws a frame or
    /// waits. Always true. (Not inlined: an endless loop around this body sends a release
    /// build's optimizer into minutes of work.)
    @inline(never)
    private func check(interval: Double) -> Bool {
        let known = state.withLock { $0.stamps }
        if Self.stamps(of: [file] + known.keys.filter { $0 != file }) != known {
            reload()
        } else if !drawNextFrame() {
            Thread.sleep(forTimeInterval: interval)
        }
        return true
    }

    /// How far ahead of the page's frame (and half as far behind) the worker draws, and how
    /// many drawn frames are kept: a preview of an hour-long scene holds minutes of frames, not
    /// gigabytes.
    public static let reach = 240, keptFrames = 480

    /// Draws the undrawn frame nearest after the page's (or, with none left ahead, before it),
    /// within `reach`; false when none is left there.
    private func drawNextFrame() -> Bool {
        let next: (version: Int, scene: EvaluatedScene, index: Int)? = state.withLock { generation in
            guard let scene = generation.scene else { return nil }
            let asked = min(max(generation.asked, 0), scene.frameCount)
            let ahead = asked..<min(asked + Self.reach, scene.frameCount)
            let behind = (max(asked - Self.reach / 2, 0)..<asked).reversed()
            guard let index = (Array(ahead) + behind).first(where: { generation.frames[$0] == nil }) else { return nil }
            return (generation.version, scene, index)
        }
        guard let next else { return false }
        _ = frame(next.index, of: next.scene, version: next.version)
        return true
    }

    /// Frame `index` of generation `version` as PNG: drawn now unless it was already.
    private func frame(_ index: Int, of scene: EvaluatedScene, version: Int) -> [UInt8]? {
        if let drawn = state.withLock({ $0.version == version ? $0.frames[index] : nil }) { return drawn.isEmpty ? nil : drawn }
        let time = scene.scene.frameRate.time(ofFrame: index)
        // A frame on its own: its strips are compressed on every core.
        let renderer = try? TreeRenderer(canvas: scene.scene.canvas, encodingThreads: ProcessInfo.processInfo.activeProcessorCount, oneFrame: true)
        // A frame that cannot be drawn is kept as no bytes, so the worker does not try it forever.
        let png = (try? renderer?.png(of: scene.evaluation.presentation(at: time))) ?? []
        state.withLock { generation in
            guard generation.version == version else { return }
            generation.frames[index] = png
            // Past the cap, the frames farthest from the page's go first.
            let asked = generation.asked
            for far in generation.frames.keys.sorted(by: { abs($0 - asked) > abs($1 - asked) }).prefix(max(generation.frames.count - Self.keptFrames, 0)) {
                generation.frames[far] = nil
            }
        }
        return png.isEmpty ? nil : png
    }

    /// The response to a request for `target` (a path with its query): the page (`/`), the
    /// generation's version (`/version`), a frame (`/frames/frame_00012.png`).
    public func respond(to target: String) -> LoopbackServer.Response {
        let path = String(target.prefix { $0 != "?" })
        let generation = state.withLock { ($0.version, $0.scene, $0.problems) }
        switch path {
        case "/", "/index.html":
            guard let scene = generation.1 else { return errorPage(version: generation.0, problems: generation.2) }
            let frames = (0..<scene.frameCount).map { Optional("/frames/\(RenderFolder.fileName(ofFrame: $0, frameCount: scene.frameCount))?v=\(generation.0)") }
            let model = FrameViewer.model(scene: scene, name: scene.scene.name, fps: scene.scene.frameRate.framesPerSecond,
                                          duration: scene.duration, size: [Int(saturating: scene.scene.canvas.size.x), Int(saturating: scene.scene.canvas.size.y)],
                                          frames: frames, note: nil, live: generation.0)
            guard let page = try? FrameViewer.page(model) else { return .text(500, "the page cannot be written\n") }
            return LoopbackServer.Response(contentType: "text/html; charset=utf-8", body: Array(page.utf8))
        case "/version":
            return .text(200, "\(generation.0)")
        default:
            guard let scene = generation.1, path.hasPrefix("/frames/frame_"), path.hasSuffix(".png"),
                  let index = Int(path.dropFirst("/frames/frame_".count).dropLast(".png".count)),
                  (0..<scene.frameCount).contains(index) else { return .text(404, "not found\n") }
            state.withLock { if $0.version == generation.0 { $0.asked = index } }
            guard let png = frame(index, of: scene, version: generation.0) else { return .text(500, "frame \(index) cannot be drawn\n") }
            return LoopbackServer.Response(contentType: "image/png", body: png)
        }
    }

    /// The page a scene that cannot be drawn shows: its problems, each with its file and path,
    /// reloading (at the frame it was on) once the file is mended.
    private func errorPage(version: Int, problems: [String]) -> LoopbackServer.Response {
        func escaped(_ text: String) -> String {
            text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;").replacingOccurrences(of: ">", with: "&gt;")
        }
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
