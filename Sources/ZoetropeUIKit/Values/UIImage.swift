import Synchronization
import ZoetropeCore
import ZoetropeFiles
import ZoetropeFormat
import ZoetropePipeline

/// Mirrors `UIImage`: a PNG file, or a vector image (a scene file whose canvas is the image and
/// whose layers are its drawing, as an asset catalog keeps a PDF with its vector data): what a
/// `UIImageView` draws.
open class UIImage: @unchecked Sendable {
    /// The PNG file, as given, or a drawn image's PNG as a data URL (empty for a vector image).
    let path: String
    /// A vector image's layers, in a canvas of `size`.
    let drawing: [Layer]
    /// The name a vector image's layers are known by on a film (`frog` draws as `frogArt`).
    let name: String
    /// Mirrors `size`, in points.
    public let size: CGSize
    /// Mirrors `scale`: pixels per point (1 for a file; a `UIGraphicsImageRenderer`'s format's
    /// for a drawn image).
    public let scale: CGFloat

    /// Where `init(named:)` and image literals look for a name after the working folder (a
    /// Zoetrope addition: Linux has no app bundle; add your package's resource folder). Like a
    /// bundle's path, it is the program's, not a film's; it is guarded by a lock, so images may be
    /// made on any thread, as UIKit's may.
    public static var searchPaths: [String] {
        get { searchPathList.withLock { $0 } }
        set { searchPathList.withLock { $0 = newValue } }
    }
    private static let searchPathList = Mutex<[String]>([])

    /// Mirrors `init(contentsOfFile:)`: a PNG (its header is read; the pixels are decoded when a
    /// frame draws it), or a scene file (`.yaml`, `.yml`, `.json`) read as a vector image; nil
    /// for anything else.
    public init?(contentsOfFile path: String) {
        let file = (path as NSString).lastPathComponent
        name = (file as NSString).deletingPathExtension
        if ["yaml", "yml", "json"].contains((file as NSString).pathExtension.lowercased()) {
            guard let scene = try? SceneLoader.load(path, fonts: InstalledFonts()).scene else { return nil }
            self.path = ""
            drawing = scene.layers.roots.map(scene.layers.layer(at:))
            size = CGSize(scene.canvas.size)
            scale = 1
            return
        }
        guard let pixels = ImageHeader(pngFile: path) else { return nil }
        self.path = path
        drawing = []
        size = CGSize(width: CGFloat(pixels.width), height: CGFloat(pixels.height))
        scale = 1
    }

    /// A drawn image: `png`'s pixels, `size` points at `scale` pixels per point, carried as a
    /// data URL so a film's scene holds it (what `UIGraphicsImageRenderer` makes).
    init(png: [UInt8], size: CGSize, scale: CGFloat) {
        path = DataURL(mediaType: "image/png", bytes: png).text
        drawing = []
        name = "drawing"
        self.size = size
        self.scale = scale
    }

    /// Mirrors `pngData()`: a drawn image's PNG, or a PNG file's bytes; nil for a vector image
    /// or a file that cannot be read.
    open func pngData() -> Data? {
        if let url = DataURL(path) { return Data(url.bytes) }
        guard !path.isEmpty else { return nil }
        return FileSystem.contents(of: path).map { Data($0) }
    }

    /// Mirrors `init(named:)`. Linux has no asset catalog: the name is a file's path from the
    /// working folder or from one of `searchPaths`; without an extension, `.png`, then `.yaml`
    /// and `.json` are tried.
    public convenience init?(named name: String) {
        let files = (name as NSString).pathExtension.isEmpty ? ["png", "yaml", "json"].map { name + "." + $0 } : [name]
        let folders = [""] + Self.searchPaths.map { $0.hasSuffix("/") ? $0 : $0 + "/" }
        guard let found = folders.lazy.flatMap({ folder in files.map { folder + $0 } }).first(where: FileSystem.isRegularFile) else { return nil }
        self.init(contentsOfFile: found)
    }

    /// Mirrors the initializer behind `#imageLiteral(resourceName:)`: `init(named:)`, stopping
    /// the program when there is no such image, as a missing asset does in UIKit.
    public required convenience init(imageLiteralResourceName name: String) {
        guard let image = UIImage(named: name) else {
            fatalError("Zoetrope: no readable image named \(name) (a PNG, or a scene file without problems: `zoetrope validate` shows them) in the working folder or UIImage.searchPaths \(Self.searchPaths)")
        }
        self.init(image)
    }

    /// A copy of `image` (the literal's initializer must initialize this object itself).
    private init(_ image: UIImage) {
        path = image.path
        drawing = image.drawing
        name = image.name
        size = image.size
        scale = image.scale
    }
}

extension UIImage: _ExpressibleByImageLiteral {}

/// The type `#imageLiteral(resourceName:)` makes, as UIKit declares it.
public typealias _ImageLiteralType = UIImage

/// Mirrors `UIVisualEffect`.
open class UIVisualEffect: @unchecked Sendable {
    public init() {}
}

/// Mirrors `UIBlurEffect`: the blur a `UIVisualEffectView` gives what lies beneath it.
open class UIBlurEffect: UIVisualEffect, @unchecked Sendable {
    /// Mirrors `UIBlurEffect.Style`.
    public enum Style: Int, Sendable {
        case extraLight = 0, light, dark, extraDark, regular, prominent
        case systemUltraThinMaterial, systemThinMaterial, systemMaterial, systemThickMaterial, systemChromeMaterial
    }

    /// Mirrors `style`.
    public let style: Style

    /// Mirrors `init(style:)`.
    public init(style: Style) {
        self.style = style
        super.init()
    }

    /// The Gaussian radius in points the style blurs with. UIKit does not document them; these
    /// are the commonly measured ones (about 30 points for the classic styles, thinner for
    /// thinner materials), and the scene format's `backdropBlur` takes the same unit.
    var radius: Double {
        switch style {
        case .systemUltraThinMaterial: 10
        case .systemThinMaterial: 15
        case .systemMaterial, .systemChromeMaterial: 20
        case .systemThickMaterial: 25
        case .extraLight, .light, .dark, .extraDark, .regular, .prominent: 30
        }
    }

    /// The colour the style lays over the blur, as a scene file writes it. UIKit's materials are
    /// not documented either; these are close to how they look: dark ones darken, light ones
    /// whiten.
    var tint: Color {
        let hex = switch style {
        case .extraLight: "#F5F5F7EB"
        case .light, .systemThickMaterial: "#FFFFFF99"
        case .dark: "#101418A6"
        case .extraDark: "#101418D1"
        case .regular, .prominent, .systemMaterial, .systemChromeMaterial: "#FAFAFAB8"
        case .systemUltraThinMaterial: "#FFFFFF4D"
        case .systemThinMaterial: "#FFFFFF73"
        }
        return Color(hex: hex) ?? .clear
    }
}
