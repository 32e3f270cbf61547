import ZoetropeCore
import ZoetropeRender

/// What a sink reads of a frame; a worker makes only what its plan's sinks ask for.
public struct FrameProducts: OptionSet, Hashable, Sendable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }

    /// The presentation tree (vector documents draw it themselves).
    public static let tree = FrameProducts(rawValue: 1 << 0)
    /// PNG bytes as `render` writes them (RGB when every pixel is opaque) and their SHA-256.
    public static let png = FrameProducts(rawValue: 1 << 1)
    /// PNG bytes that are always RGBA (the frames of one APNG share one header).
    public static let alphaPNG = FrameProducts(rawValue: 1 << 2)
    /// Straight-alpha RGBA bytes, row by row (what ffmpeg reads).
    public static let rgba = FrameProducts(rawValue: 1 << 3)
    /// The pixels as an image (contact sheets, tests).
    public static let image = FrameProducts(rawValue: 1 << 4)

    /// Products that need pixels drawn.
    static let pixels: FrameProducts = [.png, .alphaPNG, .rgba, .image]
}

/// One frame as the pipeline hands it to sinks: its place in time and the products asked for.
public struct DrawnFrame: Sendable {
    /// The frame's index in its source.
    public var index: Int
    /// The instant it shows, in seconds.
    public var time: Double
    public var tree: PresentationTree?
    public var png: [UInt8]?
    /// SHA-256 of `png`, hex.
    public var sha256: String?
    public var alphaPNG: [UInt8]?
    public var rgba: [UInt8]?
    public var image: RasterImage?
    /// The seconds this frame took to evaluate, draw and encode (writing is the sinks'): what
    /// `--progress json` reports with each frame. Strips and pixels are counted per render only.
    public var times = PhaseTimes()

    public init(index: Int, time: Double, tree: PresentationTree? = nil, png: [UInt8]? = nil, sha256: String? = nil,
                alphaPNG: [UInt8]? = nil, rgba: [UInt8]? = nil, image: RasterImage? = nil) {
        self.index = index
        self.time = time
        self.tree = tree
        self.png = png
        self.sha256 = sha256
        self.alphaPNG = alphaPNG
        self.rgba = rgba
        self.image = image
    }
}
