import ZoetropeCore

/// Draws presentation trees one after another into one reusable surface, and gives what it holds
/// as PNG bytes or pixels: the drawing end of a pipeline worker, and of the Swift API.
///
/// Like every frame the pipeline writes, it redraws and recompresses only what changed since the
/// tree drawn before (`Damage`, `DeflateStrips`), and a frame's bytes never depend on what was
/// drawn before it: the strips of a PNG are cut by what the *scene* changed since its frame before
/// (`layout(from:to:)`), not by what this renderer happened to draw last.
public final class TreeRenderer {
    private let drawer: FrameDrawer
    /// Pixels per point.
    public let scale: Double
    /// The surface's size in pixels.
    public let width: Int, height: Int
    /// Whether `png(of:after:)` writes RGBA even when every pixel is opaque.
    private let keepsAlpha: Bool

    /// A renderer of `canvas` at `scale` pixels per point, encoding with `compression` on
    /// `encodingThreads` threads (more than one when fewer frames are in flight than cores).
    /// `keepsAlpha` makes `png(of:after:)` write RGBA even when every pixel is opaque (the frames
    /// of one APNG share one header). `oneFrame` when it will draw a single frame: its encoder
    /// then keeps nothing to compare a next frame with. Throws when no surface can be that size
    /// (`SurfaceSize`).
    public init(canvas: Canvas, scale: Double = 1, keepsAlpha: Bool = false, compression: PNGCompression = .fast,
                encodingThreads: Int = 1, atLeastOnePixel: Bool = false, oneFrame: Bool = false) throws(CairoError) {
        let size: SurfaceSize
        do {
            size = try SurfaceSize(canvas: canvas.size, scale: scale, atLeastOnePixel: atLeastOnePixel)
        } catch {
            throw CairoError(message: error.message, operation: "drawing a frame")
        }
        drawer = try FrameDrawer(width: size.width, height: size.height, compression: compression, encodingThreads: encodingThreads,
                                 oneFrame: oneFrame)
        (width, height) = (size.width, size.height)
        self.scale = scale
        self.keepsAlpha = keepsAlpha
    }

    /// Decodes the images `tree` shows (files, the data URLs a Lottie file embeds, emitter
    /// cells' contents), as a player decodes them when it loads the animation: the first frame
    /// that draws them then draws only. An image that cannot be decoded is left for that frame
    /// to report.
    public func prepare(for tree: PresentationTree) {
        for (node, values) in zip(tree.layers.nodes, tree.values) {
            if node.shape == .image && !values.image.isEmpty { _ = try? drawer.loadImage(values.image) }
            for cell in node.style.emitter?.cells ?? [] where !cell.contents.isEmpty { _ = try? drawer.loadImage(cell.contents) }
        }
    }

    /// Draws `tree`: only what changed since the tree drawn last.
    public func draw(_ tree: PresentationTree) throws(CairoError) {
        try drawer.draw(tree, scale: scale)
    }

    /// Draws each of `samples` and keeps their average, pixel by pixel (motion blur: the
    /// sub-frame instants of one frame's shutter).
    public func draw(averaging samples: [PresentationTree]) throws(CairoError) {
        guard samples.count > 1 else {
            if let tree = samples.first { try draw(tree) }
            return
        }
        var sums: [UInt32] = []
        for sample in samples {
            try drawer.draw(sample, scale: scale)
            drawer.image?.accumulate(into: &sums)
        }
        drawer.image?.storeAverage(of: sums, count: samples.count)
        // The surface now holds no one tree's drawing: the next frame is drawn whole.
        drawer.forgetDrawing()
    }

    /// Forgets what the surface holds, so the next tree is drawn whole: for a tree that does not
    /// follow the one drawn last (a frame far from it), finding what changed between the two
    /// costs more than it saves. The pixels are the same either way.
    public func forgetDrawing() {
        drawer.forgetDrawing()
    }

    /// How the PNG of the frame showing `tree` cuts its rows, from what changed since `previous`,
    /// the frame before it in its sequence (nil for a first frame, or a picture on its own).
    public func layout(from previous: PresentationTree?, to tree: PresentationTree) -> StripLayout {
        drawer.stripLayout(from: previous, to: tree, scale: scale)
    }

    /// What the surface holds, as PNG bytes cut as `layout` says: RGB when every pixel is opaque,
    /// else straight-alpha RGBA; always RGBA with `keepsAlpha`.
    public func png(layout: StripLayout, keepsAlpha: Bool = false) throws(CairoError) -> [UInt8] {
        try drawer.pngData(layout: layout, keepsAlpha: keepsAlpha)
    }

    /// What the surface holds, as pixels.
    public func image() throws(CairoError) -> RasterImage {
        guard let image = drawer.image else { throw CairoError(message: "no pixels were drawn", operation: "drawing a frame") }
        return RasterImage(surface: image)
    }

    /// What the surface holds, as straight-alpha RGBA bytes, row by row (what ffmpeg reads).
    public func rgbaBytes() throws(CairoError) -> [UInt8] {
        guard let image = drawer.image else { throw CairoError(message: "no pixels were drawn", operation: "drawing a frame") }
        return image.rgbaBytes()
    }

    /// What a renderer has done: the counts a render's timing report shows.
    public struct Work: Hashable, Sendable {
        /// Pixels drawn: only what changed between consecutive trees.
        public var pixelsDrawn: Int
        /// PNG strips taken unchanged from the frame before.
        public var stripsReused: Int
        /// PNG strips compressed anew.
        public var stripsCompressed: Int

        /// `pixelsDrawn` pixels drawn, `stripsReused` strips reused and `stripsCompressed` compressed.
        public init(pixelsDrawn: Int, stripsReused: Int, stripsCompressed: Int) {
            self.pixelsDrawn = pixelsDrawn
            self.stripsReused = stripsReused
            self.stripsCompressed = stripsCompressed
        }
    }

    /// The work done since the renderer was made: pixels drawn (only what changed between
    /// consecutive trees) and PNG strips reused from the frame before or compressed.
    public var work: Work {
        let strips = drawer.strips
        return Work(pixelsDrawn: drawer.redrawnPixels, stripsReused: strips.reused, stripsCompressed: strips.compressed)
    }

    /// `tree` as PNG bytes. `previous` is the tree of the frame before it in its sequence, if
    /// any: what changed since then lays out the PNG's strips, so frames written with it are
    /// the same bytes as `zoetrope render` writes.
    public func png(of tree: PresentationTree, after previous: PresentationTree? = nil) throws(CairoError) -> [UInt8] {
        try draw(tree)
        return try png(layout: layout(from: previous, to: tree), keepsAlpha: keepsAlpha)
    }

    /// `tree`'s pixels.
    public func image(of tree: PresentationTree) throws(CairoError) -> RasterImage {
        try draw(tree)
        return try image()
    }
}
