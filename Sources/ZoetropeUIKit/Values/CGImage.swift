import ZoetropeCore
import ZoetropeFiles

/// Mirrors `CGImage` (Linux has no CoreGraphics): a bitmap by where its pixels are, a PNG,
/// JPEG or WebP file or a data URL (a drawn image's), and its size in pixels. What
/// `CAEmitterCell.contents` takes, as Core Animation's does.
public final class CGImage: Hashable, @unchecked Sendable {
    /// The file's path (absolute) or the data URL.
    let source: String
    /// Mirrors `width` and `height`, in pixels.
    public let width: Int
    public let height: Int

    init(source: String, width: Int, height: Int) {
        self.source = source
        self.width = width
        self.height = height
    }

    public static func == (a: CGImage, b: CGImage) -> Bool { a.source == b.source }
    public func hash(into hasher: inout Hasher) { hasher.combine(source) }
}

extension UIImage {
    /// Mirrors `cgImage`: the image's bitmap (a file's, by its absolute path, or a drawn
    /// image's); nil for a vector image, which has none, as a UIImage made from a CIImage.
    public var cgImage: CGImage? {
        guard !path.isEmpty else { return nil }
        let source = path.hasPrefix("/") || DataURL.isDataURL(path) ? path : FileSystem.currentFolder + "/" + path
        return CGImage(source: source, width: Int(saturating: Double(size.width * scale)), height: Int(saturating: Double(size.height * scale)))
    }
}
