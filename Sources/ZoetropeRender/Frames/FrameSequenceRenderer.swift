import Dispatch
import Synchronization
import ZoetropeCore

/// What frames are written as.
public enum OutputFormat: String, CaseIterable, Sendable {
    /// One PNG per frame (the default).
    case png
    /// One PDF document, a page per frame, in frame order.
    case pdf
    /// One SVG file per frame.
    case svg
}

/// Everything one render needs: the evaluated scene, where the frames go, and which of them.
public struct RenderRequest: Sendable {
    public var sceneFile: String
    /// The scene file's bytes, hashed into the manifest.
    public var source: [UInt8]
    /// The `--set` overrides, as given, for the manifest.
    public var overrides: [String]
    public var evaluation: SceneEvaluation
    /// Seconds; the render has ⌊duration·fps⌋ + 1 frames.
    public var duration: Double
    /// The folder the frames and `manifest.json` are written to.
    public var directory: String
    /// Which frames; nil for all.
    public var frames: FrameSelection?
    /// Frames of `frames` past the render's last are skipped instead of refused (a sweep whose
    /// variants differ in length); the summary counts them.
    public var skipsFramesPastEnd = false
    /// Which part of the selected frames this process renders; nil for all.
    public var shard: FrameShard?
    /// Frames drawn and encoded at once.
    public var jobs: Int
    /// Pixels per point.
    public var scale: Double
    /// Skip frames the manifest already lists with a matching file.
    public var resume: Bool
    /// Sub-frame samples averaged per frame (1: no motion blur).
    public var motionBlur: Int
    /// The shutter angle of motion blur in degrees (360 spans the whole frame interval).
    public var shutterAngle: Double
    public var format: OutputFormat
    public var pngCompression: PNGCompression

    public init(sceneFile: String, source: [UInt8], overrides: [String], evaluation: SceneEvaluation,
                duration: Double, directory: String, frames: FrameSelection? = nil, shard: FrameShard? = nil,
                jobs: Int = 1, scale: Double = 1, resume: Bool = false, motionBlur: Int = 1, shutterAngle: Double = 180,
                format: OutputFormat = .png, pngCompression: PNGCompression = .fast) {
        self.sceneFile = sceneFile
        self.source = source
        self.overrides = overrides
        self.evaluation = evaluation
        self.duration = duration
        self.directory = directory
        self.frames = frames
        self.shard = shard
        self.jobs = jobs
        self.scale = scale
        self.resume = resume
        self.motionBlur = max(1, motionBlur)
        self.shutterAngle = shutterAngle
        self.format = format
        self.pngCompression = pngCompression
    }

    /// The instants averaged into frame `index`: `motionBlur` samples evenly spread over the
    /// shutter interval centred on the frame's time.
    func sampleTimes(ofFrame index: Int, frameRate: FrameRate) -> [Double] {
        let time = frameRate.time(ofFrame: index)
        guard motionBlur > 1 else { return [time] }
        let exposure = shutterAngle / 360 / frameRate.framesPerSecond
        return (0..<motionBlur).map { time + exposure * ((Double($0) + 0.5) / Double(motionBlur) - 0.5) }
    }
}

/// What a render did.
public struct RenderSummary: Sendable {
    public var scene: String
    public var directory: String
    /// Frames in the whole render.
    public var frameCount: Int
    /// The frames written by this run, ascending.
    public var written: [Int]
    /// Frames `--resume` found already done.
    public var skipped: Int
    /// Selected frames past the render's last, skipped (with `skipsFramesPastEnd`).
    public var pastEnd = 0
}

/// Renders frame sequences: evaluation, drawing and PNG encoding of different frames in
/// parallel, each frame written atomically, then the manifest.
///
/// Frame i depends only on (scene, overrides, i / fps), so any subset, in any order, on any
/// number of workers, gives the same bytes as a full sequential render.
public enum FrameSequenceRenderer {
    /// `frame_00042.png`, padded to fit the render's frame count (at least 5 digits).
    public static func fileName(ofFrame index: Int, frameCount: Int, extension fileExtension: String = "png") -> String {
        let digits = max(5, String(max(frameCount - 1, 0)).count)
        let number = String(index)
        return "frame_" + String(repeating: "0", count: max(0, digits - number.count)) + number + "." + fileExtension
    }

    public static func render(_ request: RenderRequest, progress: ProgressReporter) throws(RenderError) -> RenderSummary {
        let scene = request.evaluation.scene
        let frameCount = scene.frameRate.frameCount(forDuration: request.duration)
        var selected: [Int], pastEnd = 0
        do {
            if request.skipsFramesPastEnd, let within = request.frames?.framesWithin(count: frameCount) {
                selected = within.frames
                pastEnd = within.pastEnd
            } else {
                selected = try request.frames?.frames(count: frameCount) ?? Array(0..<frameCount)
            }
        } catch {
            throw RenderError(message: "--frames \(request.frames?.description ?? ""): \(error.message)", exitCode: 64)
        }
        if let shard = request.shard { selected = Array(shard.part(of: selected)) }

        let width: Int, height: Int
        do {
            (width, height) = try SurfaceSize(canvas: scene.canvas.size, scale: request.scale).pair
        } catch {
            throw RenderError(message: "\(request.sceneFile): \(error.message)", exitCode: 65)
        }
        try checkInputs(of: scene, file: request.sceneFile)
        try AtomicFile.makeDirectory(request.directory)
        AtomicFile.removeLeftovers(in: request.directory)

        let manifestPath = request.directory + "/manifest.json"
        var manifest = RenderManifest(
            scene: scene.name, sceneFile: request.sceneFile, sceneHash: SHA256Digest(request.source).hex,
            overrides: request.overrides, fps: scene.frameRate.framesPerSecond, size: [width, height],
            scale: request.scale, motionBlur: request.motionBlur, format: request.format.rawValue, duration: request.duration,
            frameCount: frameCount,
            cairoVersion: cairoVersion, environment: RenderEnvironment.current(for: scene), frames: [])
        // This process's journal, started under the manifest lock once no other live process is
        // writing a different render here (shards of this render may be: they share the folder).
        // Before the earlier render's frames are removed below, which could be another's.
        let journal = try RenderJournal.claim(directory: request.directory, header: manifest)
        var kept: [Int: RenderManifest.Frame] = [:]
        let journals: (frames: [RenderManifest.Frame], journals: [String])
        do {
            if let previous = try RenderManifest.read(manifestPath) {
                if previous.isSameRender(as: manifest) {
                    for frame in previous.frames { kept[frame.index] = frame }
                } else {
                    // Another scene, other overrides or settings: the earlier render's frames would
                    // be stale beside these. Remove exactly the frame files its manifest listed
                    // (single names, checked when it was read), nothing else.
                    for file in Set(previous.frames.map(\.file)) where isOutputName(file, scene: previous.scene) {
                        AtomicFile.remove(request.directory + "/" + file)
                    }
                }
            }
            // Frames a killed run of this render (or a shard still running) put on record.
            journals = try RenderJournal.frames(in: request.directory, for: manifest)
        } catch {
            journal.remove()
            throw error
        }
        for frame in journals.frames { kept[frame.index] = frame }
        var toRender = selected
        if request.resume && request.format != .pdf {
            toRender = []
            for index in selected {
                do throws(RenderError) {
                    guard let frame = kept[index], let bytes = try RenderManifest.bytes(of: frame, in: request.directory),
                          SHA256Digest(bytes).hex == frame.sha256 else {
                        toRender.append(index)
                        continue
                    }
                } catch {
                    journal.remove()
                    throw error
                }
            }
        }

        progress.begin(scene: scene.name, total: toRender.count, skipped: selected.count - toRender.count)
        if request.resume { progress.resumed(kept: selected.count - toRender.count) }
        let results: [RenderManifest.Frame]
        switch request.format {
        case .png, .svg:
            // Each frame goes on record as it is renamed into place; manifest.json is rebuilt
            // from every record under a lock, so shards writing into one folder lose nothing.
            do {
                results = try renderFrames(toRender, request: request, frameCount: frameCount, width: width, height: height,
                                           journal: journal, progress: progress)
            } catch {
                // Whatever was finished goes into manifest.json if it can still be written; if
                // not, the journal stays for --resume or manifest merge.
                _ = try? RenderManifest.merge(in: request.directory, header: manifest, finishing: journal)
                throw error
            }
            try RenderManifest.merge(in: request.directory, header: manifest, finishing: journal)
        case .pdf:
            // One document: its manifest lists the frames it holds, nothing else. The journal
            // (its header only) held the folder for this render while it was written.
            defer { journal.remove() }
            results = try renderDocument(toRender, request: request, width: width, height: height, progress: progress)
            manifest.frames = results
            try manifest.write(to: manifestPath)
        }
        // The journals of killed runs on this host are now in manifest.json.
        for path in journals.journals where RenderJournal.isAbandoned(path) { AtomicFile.remove(path) }
        progress.end()
        return RenderSummary(scene: scene.name, directory: request.directory, frameCount: frameCount,
                             written: toRender, skipped: selected.count - toRender.count, pastEnd: pastEnd)
    }

    /// Seconds spent in each phase of a render, summed over its workers (CPU-like time, not wall
    /// time): evaluation of the presentation, drawing, PNG encoding, and hashing plus writing.
    public struct PhaseTimes: Sendable {
        public var evaluate = 0.0, draw = 0.0, encode = 0.0, write = 0.0
        /// PNG strips whose compressed bytes were reused from the worker's previous frame, and
        /// strips compressed (work, not time, but reported beside it).
        public var stripsReused = 0, stripsCompressed = 0
        /// Pixels drawn: only what changed between a worker's consecutive frames (`Damage`).
        public var pixelsDrawn = 0

        mutating func add(_ other: PhaseTimes) {
            evaluate += other.evaluate
            draw += other.draw
            encode += other.encode
            write += other.write
            stripsReused += other.stripsReused
            stripsCompressed += other.stripsCompressed
            pixelsDrawn += other.pixelsDrawn
        }
    }

    /// Draws, encodes and writes `frames` on `request.jobs` workers, each with its own surface.
    private static func renderFrames(_ frames: [Int], request: RenderRequest, frameCount: Int, width: Int, height: Int,
                                     journal: RenderJournal, progress: ProgressReporter) throws(RenderError) -> [RenderManifest.Frame] {
        struct Shared {
            var next = 0
            var results: [RenderManifest.Frame] = []
            var failure: RenderError?
            var times = PhaseTimes()
        }
        let shared = Mutex(Shared())
        let workers = max(1, min(request.jobs, frames.count))
        // Fewer frames than jobs (`--frames` of one frame): the cores left compress strips.
        let encodingThreads = max(1, request.jobs / workers)
        let evaluation = request.evaluation
        let frameRate = evaluation.scene.frameRate
        DispatchQueue.concurrentPerform(iterations: workers) { _ in
            // The worker's last frame: a frame that would draw the same picture, laid out in the
            // same strips, reuses its bytes.
            var last: (tree: PresentationTree, layout: StripLayout, png: [UInt8], sha256: String)?
            // The worker's last frame's index and tree: the scene's frame before the next one,
            // whose changes decide how that frame's strips are laid out, when it follows on.
            var previous: (index: Int, tree: PresentationTree)?
            // Phase times: measured by the pipeline for reporting only; no frame depends on them.
            let clock = ContinuousClock()
            var times = PhaseTimes()
            var drawer: FrameDrawer?
            defer {
                times.pixelsDrawn = drawer?.redrawnPixels ?? 0
                times.stripsReused = drawer?.strips?.reused ?? 0
                times.stripsCompressed = drawer?.strips?.compressed ?? 0
                shared.withLock { $0.times.add(times) }
            }
            func seconds(since start: ContinuousClock.Instant) -> Double {
                let elapsed = start.duration(to: clock.now).components
                return Double(elapsed.seconds) + Double(elapsed.attoseconds) * 1e-18
            }
            do {
                drawer = try FrameDrawer(width: width, height: height, compression: request.pngCompression,
                                         encodingThreads: encodingThreads)
            } catch {
                shared.withLock { $0.failure = $0.failure ?? RenderError(message: "\(error)", exitCode: 70) }
                return
            }
            guard let drawer else { return }
            // Workers take runs of consecutive frames, so a worker's previous frame is usually
            // the one before and unchanged strips are found in its encoder.
            var run: ArraySlice<Int> = []
            while true {
                if run.isEmpty {
                    run = shared.withLock { state in
                        guard state.failure == nil, state.next < frames.count else { return [] }
                        // Long enough for strips to be reused, and shorter as the frames left run
                        // out, so that workers end within a frame of each other.
                        let runLength = max(1, min(8, (frames.count - state.next) / (workers * 2)))
                        let end = min(state.next + runLength, frames.count)
                        defer { state.next = end }
                        return frames[state.next..<end]
                    }
                }
                // A failure elsewhere ends the run too.
                guard let index = run.popFirst(), shared.withLock({ $0.failure == nil }) else { return }
                do {
                    let time = frameRate.time(ofFrame: index)
                    if request.format == .svg {
                        let name = fileName(ofFrame: index, frameCount: frameCount, extension: "svg")
                        let bytes = try writeSVG(evaluation.presentation(at: time), scale: request.scale, width: width,
                                                 height: height, to: request.directory + "/" + name)
                        let frame = RenderManifest.Frame(index: index, file: name, time: time, sha256: SHA256Digest(bytes).hex)
                        try journal.record(frame)
                        shared.withLock { $0.results.append(frame) }
                        progress.frameFinished(index)
                        continue
                    }
                    let samples = request.sampleTimes(ofFrame: index, frameRate: frameRate)
                    let png: [UInt8]
                    var hash: String?
                    var phase = clock.now
                    let tree = evaluation.presentation(at: time)
                    let before = index == 0 ? nil
                        : previous?.index == index - 1 ? previous?.tree : evaluation.presentation(at: frameRate.time(ofFrame: index - 1))
                    times.evaluate += seconds(since: phase)
                    let layout: StripLayout
                    if samples.count == 1, let last, last.tree.drawsSame(as: tree),
                       drawer.stripLayout(from: before, to: tree, scale: request.scale) == last.layout {
                        png = last.png
                        hash = last.sha256
                        layout = last.layout
                    } else {
                        var sums: [UInt32] = []
                        for sample in samples {
                            phase = clock.now
                            let sampleTree = samples.count == 1 ? tree : evaluation.presentation(at: sample)
                            times.evaluate += seconds(since: phase)
                            phase = clock.now
                            try drawer.draw(sampleTree, scale: request.scale)
                            if samples.count > 1 { drawer.image?.accumulate(into: &sums) }
                            times.draw += seconds(since: phase)
                        }
                        if samples.count > 1 {
                            drawer.image?.storeAverage(of: sums, count: samples.count)
                            drawer.forgetDrawing()
                        }
                        phase = clock.now
                        // After drawing, which found the same damage when `before` was drawn last.
                        layout = drawer.stripLayout(from: before, to: tree, scale: request.scale)
                        png = try drawer.pngData(layout: layout)
                        times.encode += seconds(since: phase)
                    }
                    previous = (index, tree)
                    phase = clock.now
                    let name = fileName(ofFrame: index, frameCount: frameCount)
                    try AtomicFile.write(png, to: request.directory + "/" + name)
                    let sha256 = hash ?? SHA256Digest(png).hex
                    if samples.count == 1 { last = (tree, layout, png, sha256) }
                    let frame = RenderManifest.Frame(index: index, file: name, time: time, sha256: sha256)
                    try journal.record(frame)
                    times.write += seconds(since: phase)
                    shared.withLock { $0.results.append(frame) }
                    progress.frameFinished(index)
                } catch let error as RenderError {
                    shared.withLock { $0.failure = $0.failure ?? error }
                } catch {
                    shared.withLock { $0.failure = $0.failure ?? RenderError(message: "frame \(index): \(error)", exitCode: 70) }
                }
            }
        }
        let outcome = shared.withLock { ($0.results, $0.failure, $0.times) }
        if let failure = outcome.1 { throw failure }
        progress.record(outcome.2)
        return outcome.0
    }

    /// One SVG file, written to a temporary name and renamed once complete. Returns its bytes.
    private static func writeSVG(_ tree: PresentationTree, scale: Double, width: Int, height: Int,
                                 to path: String) throws(RenderError) -> [UInt8] {
        let temporary = AtomicFile.temporaryPath(for: path)
        do {
            let surface = try CairoVectorSurface(.svg, path: temporary, width: width, height: height)
            try FrameDrawer(target: surface).draw(tree, scale: scale)
            try surface.finish()
        } catch {
            AtomicFile.remove(temporary)
            throw RenderError(message: "\(path): \(error)", exitCode: 74)
        }
        try AtomicFile.rename(temporary, to: path)
        return AtomicFile.read(path) ?? []
    }

    /// One PDF, a page per frame in order, written to a temporary name and renamed once complete.
    private static func renderDocument(_ frames: [Int], request: RenderRequest, width: Int, height: Int,
                                       progress: ProgressReporter) throws(RenderError) -> [RenderManifest.Frame] {
        let scene = request.evaluation.scene
        let name = scene.name + ".pdf"
        let path = request.directory + "/" + name
        let temporary = AtomicFile.temporaryPath(for: path)
        do {
            let surface = try CairoVectorSurface(.pdf, path: temporary, width: width, height: height)
            let drawer = try FrameDrawer(target: surface)
            for index in frames {
                try drawer.draw(request.evaluation.presentation(at: scene.frameRate.time(ofFrame: index)), scale: request.scale)
                surface.showPage()
                progress.frameFinished(index)
            }
            try surface.finish()
        } catch {
            AtomicFile.remove(temporary)
            throw RenderError(message: "\(path): \(error)", exitCode: 74)
        }
        try AtomicFile.rename(temporary, to: path)
        let hash = SHA256Digest(AtomicFile.read(path) ?? []).hex
        return frames.enumerated().map { page, index in
            RenderManifest.Frame(index: index, file: name, time: scene.frameRate.time(ofFrame: index), sha256: hash, page: page + 1)
        }
    }

    /// True for a name a render writes: `frame_NNNNN.png` or `.svg`, or the scene's PDF.
    static func isOutputName(_ file: String, scene: String) -> Bool {
        if file == scene + ".pdf" { return true }
        guard file.hasPrefix("frame_"), file.hasSuffix(".png") || file.hasSuffix(".svg") else { return false }
        let digits = file.dropFirst("frame_".count).dropLast(4)
        return !digits.isEmpty && digits.allSatisfy { $0.isASCII && $0.isNumber }
    }

    /// A scene's inputs must all be there before a frame is written: what `render` checks first
    /// and `validate` reports.
    private static func checkInputs(of scene: Scene, file: String) throws(RenderError) {
        let problems = inputProblems(of: scene)
        guard !problems.isEmpty else { return }
        throw RenderError(lines: problems.map { "\(file): \($0)" },
                          exitCode: problems.contains(where: \.isMissing) ? 66 : 65)
    }
}

/// An input a scene needs that is missing or unusable: a font family fontconfig lacks, an image
/// that is not there or does not decode.
public struct InputProblem: Hashable, Sendable, CustomStringConvertible {
    /// Where the scene names it (`layers[title].font.family`).
    public var path: String
    public var message: String
    /// Missing (exit 66) rather than unusable (exit 65).
    public var isMissing: Bool

    public var description: String { "\(path): \(message)" }
}

extension FrameSequenceRenderer {
    /// Every font family of the scene's text layers must be installed, and every image it draws
    /// must decode: all problems, in layer order.
    public static func inputProblems(of scene: Scene) -> [InputProblem] {
        var problems: [InputProblem] = []
        for node in scene.layers.nodes where node.shape == .text && !FontCatalog.isInstalled(node.style.fontFamily) {
            let offered = FontCatalog.match(node.style.fontFamily).map { " (fontconfig would substitute \"\($0)\")" } ?? ""
            problems.append(InputProblem(path: "layers[\(node.id)].font.family",
                                         message: "font family \"\(node.style.fontFamily)\" is not installed\(offered); install it or choose one that fc-list shows",
                                         isMissing: true))
        }
        for (node, values) in zip(scene.layers.nodes, scene.layers.initialValues) where !values.image.isEmpty {
            // Checked before anything opens it: a FIFO would block the read forever.
            if let kind = ContainedPath.nonRegularKind(atPath: values.image) {
                problems.append(InputProblem(path: "layers[\(node.id)].image", message: "\"\(values.image)\" is not a regular file (\(kind))", isMissing: false))
                continue
            }
            guard AtomicFile.isReadable(values.image) else {
                problems.append(InputProblem(path: "layers[\(node.id)].image", message: "image file not found or unreadable: \(values.image)", isMissing: true))
                continue
            }
            do {
                _ = try CairoImageSurface(png: values.image)
            } catch {
                problems.append(InputProblem(path: "layers[\(node.id)].image", message: "\(values.image) is not a readable PNG (\(error.message))", isMissing: false))
            }
        }
        return problems
    }
}

extension FrameSequenceRenderer {
    /// Gives `directory` the frames already rendered in `source` (a sweep variant whose scene
    /// resolves to the same as an earlier one's): each file hard-linked (copied where links are
    /// not allowed) and swapped in atomically, with a manifest of its own listing `overrides`.
    public static func shareFrames(of source: String, into directory: String, overrides: [String]) throws(RenderError) {
        guard var manifest = try RenderManifest.read(source + "/manifest.json") else {
            throw RenderError(message: "\(source)/manifest.json: missing or unreadable", exitCode: 70)
        }
        try AtomicFile.makeDirectory(directory)
        AtomicFile.removeLeftovers(in: directory)
        for file in Set(manifest.frames.map(\.file)).sorted() {
            try AtomicFile.hardLink(source + "/" + file, to: directory + "/" + file)
        }
        manifest.overrides = overrides
        try manifest.write(to: directory + "/manifest.json")
    }
}
