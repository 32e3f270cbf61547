import ZoetropeCore
import ZoetropeFiles

/// Decoded pixels of a PNG, as straight-alpha RGBA bytes: what tests and image diffs compare.
public struct RasterImage: Hashable, Sendable {
    public struct Pixel: Hashable, Sendable, CustomStringConvertible {
        public var red, green, blue, alpha: UInt8

        public init(red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8 = 255) {
            self.red = red
            self.green = green
            self.blue = blue
            self.alpha = alpha
        }

        public var description: String { "rgba(\(red), \(green), \(blue), \(alpha))" }
    }

    public let width: Int
    public let height: Int
    /// Row-major pixels.
    public let pixels: [Pixel]

    /// Decodes the PNG file at `path`.
    public init(pngFile path: String) throws(CairoError) {
        let surface = try CairoImageSurface(png: path)
        self.init(surface: surface)
    }

    /// Decodes PNG bytes.
    public init(pngData bytes: [UInt8]) throws(CairoError) {
        self.init(surface: try CairoImageSurface(pngData: bytes))
    }

    /// `tree` drawn as a render draws its frames, at `scale` pixels per point.
    public init(drawing tree: PresentationTree, scale: Double = 1) throws(CairoError) {
        let size: SurfaceSize
        do {
            size = try SurfaceSize(canvas: tree.canvas.size, scale: scale, atLeastOnePixel: true)
        } catch {
            throw CairoError(message: error.message, operation: "drawing a frame")
        }
        let drawer = try FrameDrawer(width: size.width, height: size.height)
        try drawer.draw(tree, scale: scale)
        guard let image = drawer.image else { throw CairoError(message: "no pixels were drawn", operation: "drawing a frame") }
        self.init(surface: image)
    }

    init(surface: CairoImageSurface) {
        width = surface.width
        height = surface.height
        pixels = surface.pixels()
    }

    /// The pixel at column `x`, row `y`.
    public subscript(x: Int, y: Int) -> Pixel { pixels[y * width + x] }

    /// An image of `width` × `height` pixels, row-major.
    public init(width: Int, height: Int, pixels: [Pixel]) {
        self.width = width
        self.height = height
        self.pixels = pixels
    }

    /// An image as bytes: red, green, blue, alpha (straight alpha), row by row; what ffmpeg
    /// reads.
    public struct RGBA: Hashable, Sendable {
        /// Pixels across.
        public var width: Int
        /// Pixels down.
        public var height: Int
        /// 4 × width × height bytes.
        public var bytes: [UInt8]

        /// `bytes` as an image of `width` × `height` pixels.
        public init(width: Int, height: Int, bytes: [UInt8]) {
            self.width = width
            self.height = height
            self.bytes = bytes
        }
    }

    /// The PNG file at `path` decoded to bytes, red, green, blue, alpha (straight alpha), row by
    /// row, without making a `Pixel` of each.
    public static func rgbaBytes(ofPNG path: String) throws(CairoError) -> RGBA {
        let surface = try CairoImageSurface(png: path)
        return RGBA(width: surface.width, height: surface.height, bytes: surface.rgbaBytes())
    }

    /// Throws unless the file at `path` decodes as a PNG, JPEG or WebP (an image a scene draws,
    /// checked before any frame is written). Decoded through `DecodedImages`, so the render's
    /// drawers that follow do not decode it again.
    public static func checkPNG(_ path: String) throws(CairoError) {
        _ = try DecodedImages.shared.image(path)
    }

    /// Throws unless `text` is a base64 data URL of a PNG, JPEG or WebP that decodes (an
    /// embedded image), decoded through `DecodedImages` as `checkPNG(_:)` is.
    public static func checkPNG(dataURL text: String) throws(CairoError) {
        guard DataURL.isDataURL(text) else { throw CairoError(message: "not a base64 data URL", operation: "reading an embedded image") }
        _ = try DecodedImages.shared.image(text)
    }

    /// The width and height a PNG's header (IHDR, the first chunk) gives, without decoding it;
    /// nil when `bytes` do not start as a PNG (`ImageHeader(png:)`).
    public static func pngSize(of bytes: [UInt8]) -> ImageHeader? {
        ImageHeader(png: bytes)
    }

    /// The image encoded as PNG.
    public func pngData() throws(CairoError) -> [UInt8] {
        let surface = try CairoImageSurface(width: width, height: height)
        surface.store(pixels)
        return try PNGEncoder(compression: .default, oneFrame: true).encode(surface)
    }
}
