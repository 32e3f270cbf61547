import ZoetropeCore

/// Draws presentation trees one after another and encodes them as PNG, for the Swift API:
/// like a render's worker, it redraws and recompresses only what changed since the tree before,
/// and a frame's bytes do not depend on what came before it.
public final class TreeRenderer {
    private let drawer: FrameDrawer
    public let scale: Double

    /// A renderer of `canvas` at `scale` pixels per point. `keepsAlpha` writes RGBA even when
    /// every pixel is opaque (the frames of one APNG share one header).
    public init(canvas: Canvas, scale: Double = 1, keepsAlpha: Bool = false) throws(CairoError) {
        let width: Int, height: Int
        do {
            (width, height) = try SurfaceSize(canvas: canvas.size, scale: scale).pair
        } catch {
            throw CairoError(message: error.message, operation: "drawing a frame")
        }
        drawer = try FrameDrawer(width: width, height: height, keepsAlpha: keepsAlpha)
        self.scale = scale
    }

    /// `tree` as PNG bytes. `previous` is the tree of the frame before it in its sequence, if
    /// any: what changed since then lays out the PNG's strips, so frames written with it are
    /// the same bytes as `zoetrope render` writes.
    public func png(of tree: PresentationTree, after previous: PresentationTree? = nil) throws(CairoError) -> [UInt8] {
        try drawer.draw(tree, scale: scale)
        return try drawer.pngData(layout: drawer.stripLayout(from: previous, to: tree, scale: scale))
    }

    /// `tree`'s pixels.
    public func image(of tree: PresentationTree) throws(CairoError) -> RasterImage {
        try drawer.draw(tree, scale: scale)
        guard let image = drawer.image else { throw CairoError(message: "no pixels were drawn", operation: "drawing a frame") }
        return RasterImage(surface: image)
    }
}
