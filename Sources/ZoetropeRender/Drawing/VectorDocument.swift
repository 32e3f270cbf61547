import ZoetropeCore

/// A PDF or SVG document drawn from presentation trees: vectors, one page per tree for a PDF,
/// one tree for an SVG. Shadows and blurs, which need pixels, are drawn without their blur.
/// Written to `path` as it is drawn; complete once `finish()` returns.
public final class VectorDocument {
    public enum Kind: Sendable {
        case pdf, svg
    }

    private let surface: CairoVectorSurface
    private let drawer: FrameDrawer
    private let scale: Double

    /// A document of `width` × `height` points at `path`, drawing trees at `scale`.
    public init(_ kind: Kind, path: String, width: Int, height: Int, scale: Double) throws(CairoError) {
        surface = try CairoVectorSurface(kind == .pdf ? .pdf : .svg, path: path, width: width, height: height)
        drawer = try FrameDrawer(target: surface)
        self.scale = scale
    }

    /// Draws `tree` on the current page.
    public func draw(_ tree: PresentationTree) throws(CairoError) {
        try drawer.draw(tree, scale: scale)
    }

    /// Ends the current page: the next tree starts a new one (PDF).
    public func endPage() { surface.showPage() }

    /// Writes everything out.
    public func finish() throws(CairoError) { try surface.finish() }
}
