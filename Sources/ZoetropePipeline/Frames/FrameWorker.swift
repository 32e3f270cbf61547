import ZoetropeCore
import ZoetropeRender

/// One worker of the pipeline: a surface of its own, and what it drew last, so the next frame
/// draws only what changed and reuses the PNG of a frame that shows the same picture. A value:
/// each thread of `FramePipeline` owns one.
struct FrameWorker {
    let plan: FramePlan
    let products: FrameProducts
    /// Nil when the sinks read only trees (vector documents draw them themselves).
    private let renderer: TreeRenderer?
    /// The last frame drawn from a single sample: a frame that draws the same picture, laid out
    /// in the same strips, reuses its bytes.
    private var last: (tree: PresentationTree, layout: StripLayout?, frame: DrawnFrame)?
    /// The last frame's index and tree: the source's frame before the next one, whose changes
    /// decide how that frame's strips are laid out, when it follows on.
    private var previous: (index: Int, tree: PresentationTree)?
    private(set) var times = PhaseTimes()
    // Phase times: measured for reporting only; no frame depends on them.
    private let clock = ContinuousClock()

    init(plan: FramePlan, products: FrameProducts, encodingThreads: Int) throws(RenderError) {
        self.plan = plan
        self.products = products
        guard !products.isDisjoint(with: .pixels) else {
            renderer = nil
            return
        }
        let size = try plan.pixelSize()
        do {
            renderer = try TreeRenderer(canvas: plan.source.canvas, scale: plan.scale, compression: plan.pngCompression,
                                        encodingThreads: encodingThreads, atLeastOnePixel: plan.atLeastOnePixel,
                                        oneFrame: plan.frames.count == 1)
        } catch {
            throw RenderError(message: "\(plan.source.name): cannot make a \(size) surface: \(error)", kind: .internalFailure)
        }
        // Images are decoded before the first frame's clock starts, as a player decodes them
        // when it loads: drawing times are drawing alone.
        if let first = plan.frames.first { renderer?.prepare(for: plan.source.presentation(ofFrame: first)) }
    }

    /// Draws frame `index` and makes the products asked for.
    mutating func frame(_ index: Int) throws(RenderError) -> DrawnFrame {
        let source = plan.source
        let start = times
        var phase = clock.now
        let tree = source.presentation(ofFrame: index)
        var frame = DrawnFrame(index: index, time: source.time(ofFrame: index), tree: products.contains(.tree) ? tree : nil)
        guard let renderer else {
            times.evaluate += seconds(since: phase)
            return frame
        }
        let encodes = !products.isDisjoint(with: [.png, .alphaPNG])
        let samples = plan.sampleTimes(ofFrame: index)
        times.evaluate += seconds(since: phase)
        // The scene's frame before, whose change to this one lays out the PNG's strips: encoding
        // work (a frame that does not follow the worker's last evaluates it for that alone).
        phase = clock.now
        let before = !encodes || index == 0 ? nil
            : previous?.index == index - 1 ? previous?.tree : source.presentation(ofFrame: index - 1)
        times.encode += seconds(since: phase)
        do {
            if samples.count == 1, let last, last.tree.drawsSame(as: tree),
               !encodes || renderer.layout(from: before, to: tree) == last.layout {
                // The surface still shows this picture.
                frame.png = last.frame.png
                frame.sha256 = last.frame.sha256
                frame.alphaPNG = last.frame.alphaPNG
            } else {
                phase = clock.now
                let sampleTrees = samples.count == 1 ? [tree] : samples.map { source.presentation(at: $0) ?? tree }
                times.evaluate += seconds(since: phase)
                phase = clock.now
                // Damage pays between neighbouring frames; a frame far from the last is drawn
                // whole (its strip layout still measures what changed since its frame before).
                if previous?.index != index - 1 { renderer.forgetDrawing() }
                try renderer.draw(averaging: sampleTrees)
                times.draw += seconds(since: phase)
                phase = clock.now
                // After drawing, which found the same damage when `before` was drawn last.
                let layout = encodes ? renderer.layout(from: before, to: tree) : nil
                if let layout, products.contains(.png) {
                    let png = try renderer.png(layout: layout)
                    frame.png = png
                    frame.sha256 = SHA256Digest(png).hex
                }
                if let layout, products.contains(.alphaPNG) {
                    // A PNG that has alpha already serves both.
                    frame.alphaPNG = try frame.png.flatMap { PNGChunks.hasAlpha($0) ? $0 : nil } ?? renderer.png(layout: layout, keepsAlpha: true)
                }
                times.encode += seconds(since: phase)
                last = samples.count == 1 ? (tree, layout, frame) : nil
            }
            if products.contains(.rgba) { frame.rgba = try renderer.rgbaBytes() }
            if products.contains(.image) { frame.image = try renderer.image() }
        } catch {
            throw RenderError(message: "\(source.name): frame \(index): \(error)", kind: .internalFailure)
        }
        previous = (index, tree)
        frame.times = times.since(start)
        return frame
    }

    /// Adds time spent writing (by the sinks, on this worker's thread).
    mutating func addWriting(since start: ContinuousClock.Instant) { times.write += seconds(since: start) }

    var now: ContinuousClock.Instant { clock.now }

    /// The phase times with the renderer's work counted in.
    var finalTimes: PhaseTimes {
        var result = times
        if let work = renderer?.work {
            result.pixelsDrawn = work.pixelsDrawn
            result.stripsReused = work.stripsReused
            result.stripsCompressed = work.stripsCompressed
        }
        return result
    }

    private func seconds(since start: ContinuousClock.Instant) -> Double {
        let elapsed = start.duration(to: clock.now).components
        return Double(elapsed.seconds) + Double(elapsed.attoseconds) * 1e-18
    }
}
