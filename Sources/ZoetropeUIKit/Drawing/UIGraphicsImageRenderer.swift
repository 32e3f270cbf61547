import ZoetropeCore
import ZoetropePipeline

/// Mirrors `UIGraphicsImageRendererFormat`: the image's scale and whether it is opaque.
open class UIGraphicsImageRendererFormat: @unchecked Sendable {
    /// Mirrors `scale`: pixels per point. 1 by default: there is no screen whose scale UIKit
    /// would take; set it to the scale the film's frames are written at for sharp images.
    open var scale: CGFloat = 1
    /// Mirrors `opaque`: an opaque image starts white, else clear (the default).
    open var opaque = false
    /// Mirrors `bounds`: the renderer's, set when a renderer takes the format.
    open internal(set) var bounds = CGRect.zero

    public init() {}

    /// Mirrors `default()`.
    open class func `default`() -> UIGraphicsImageRendererFormat { UIGraphicsImageRendererFormat() }

    /// Mirrors `preferred()`.
    open class func preferred() -> UIGraphicsImageRendererFormat { UIGraphicsImageRendererFormat() }
}

/// Mirrors `UIGraphicsImageRendererContext`: what an `image(actions:)` closure draws with.
open class UIGraphicsImageRendererContext: @unchecked Sendable {
    let drawing: GraphicsContext
    /// Mirrors `format`.
    public let format: UIGraphicsImageRendererFormat
    /// Mirrors `cgContext`: Core Graphics' calls on the same drawing.
    public let cgContext: CGContext

    init(drawing: GraphicsContext, format: UIGraphicsImageRendererFormat) {
        self.drawing = drawing
        self.format = format
        cgContext = CGContext(drawing: drawing)
    }

    /// Mirrors `fill(_:)`: `rect` in the fill colour (`UIColor.setFill()`).
    open func fill(_ rect: CGRect) {
        drawing.add(rect, stroke: false)
    }

    /// Mirrors `stroke(_:)`: `rect`'s outline in the stroke colour, centred on it, 1 point wide
    /// (the context's line width).
    open func stroke(_ rect: CGRect) {
        drawing.add(rect, stroke: true)
    }
}

/// Mirrors `UIGraphicsImageRenderer`: an image drawn by a closure. The closure's drawing calls
/// (`UIRectFill`, `UIBezierPath.fill()`, `NSAttributedString.draw(in:)`, `String.draw(at:)`,
/// the context's `fill` and `cgContext`) are recorded as layers of a scene of the image's
/// size, which the pipeline renders at the format's scale, as every frame is rendered; the
/// image is that PNG (carried as a data URL, so a film's scene holds it), shown by
/// `UIImageView` like any other. Deterministic: the same closure makes the same bytes.
///
/// ```swift
/// let renderer = UIGraphicsImageRenderer(size: CGSize(width: 200, height: 60))
/// let badge = renderer.image { context in
///     UIColor.systemBlue.setFill()
///     UIBezierPath(roundedRect: context.format.bounds, cornerRadius: 12).fill()
///     "New".draw(at: CGPoint(x: 12, y: 12), withAttributes: [.font: UIFont.boldSystemFont(ofSize: 28), .foregroundColor: UIColor.white])
/// }
/// ```
open class UIGraphicsImageRenderer: @unchecked Sendable {
    /// Mirrors `format`.
    public let format: UIGraphicsImageRendererFormat
    let bounds: CGRect

    /// Mirrors `init(size:)`.
    public convenience init(size: CGSize) {
        self.init(bounds: CGRect(origin: .zero, size: size), format: .default())
    }

    /// Mirrors `init(size:format:)`.
    public convenience init(size: CGSize, format: UIGraphicsImageRendererFormat) {
        self.init(bounds: CGRect(origin: .zero, size: size), format: format)
    }

    /// Mirrors `init(bounds:)`: drawing at `bounds.origin` lands at the image's top left.
    public convenience init(bounds: CGRect) {
        self.init(bounds: bounds, format: .default())
    }

    /// Mirrors `init(bounds:format:)`.
    public init(bounds: CGRect, format: UIGraphicsImageRendererFormat) {
        self.bounds = bounds
        self.format = format
        format.bounds = bounds
    }

    /// Mirrors `image(actions:)`: the image `actions` draws, its size the renderer's in points,
    /// its scale the format's.
    open func image(actions: (UIGraphicsImageRendererContext) -> Void) -> UIImage {
        UIImage(png: pngBytes(actions), size: bounds.size, scale: format.scale)
    }

    /// Mirrors `pngData(actions:)`.
    open func pngData(actions: (UIGraphicsImageRendererContext) -> Void) -> Data {
        Data(pngBytes(actions))
    }

    /// The PNG `actions` draws: its layers rendered as a scene of one frame.
    private func pngBytes(_ actions: (UIGraphicsImageRendererContext) -> Void) -> [UInt8] {
        let drawing = GraphicsContext(bounds: bounds)
        GraphicsContext.$current.withValue(drawing) { actions(UIGraphicsImageRendererContext(drawing: drawing, format: format)) }
        let canvas = Canvas(size: bounds.size.vector, background: format.opaque ? .white : .clear)
        let scene = Scene(name: "UIGraphicsImageRenderer", canvas: canvas, frameRate: FrameRate(1), duration: .seconds(0), layers: drawing.layers)
        do {
            return try Movie(scene: scene).alphaPNG(ofFrame: 0, scale: Double(format.scale))
        } catch {
            // UIKit has no failure here: a drawing the scene refuses (a negative size) stops
            // the program with the reason, as a misuse does.
            fatalError("Zoetrope: UIGraphicsImageRenderer could not draw its image: \(error)")
        }
    }
}
