import Foundation
import Testing
import ZoetropeFiles
import ZoetropeCore
@testable import ZoetropeFormat

/// A Lottie file's images (issue #45, items 2, 9 and 14): each read once however many layers
/// show it, refused when bytes follow its end or a JPEG has too many scans, and found only under
/// the animation's folder or in its archive.
@Suite struct LottieImageAssetTests {
    /// A 1 × 1 PNG.
    static let dot = DataURL("data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==")?.bytes ?? []

    /// An animation of `layers` image layers, all showing asset `image_0` (`u`, `p`).
    static func animation(layers: Int, u: String = "", p: String) -> String {
        let shown = (0..<layers).map { #"{"ty": 2, "nm": "Pic \#($0)", "refId": "image_0", "ind": \#($0 + 1), "ip": 0, "op": 10, "st": 0, "ks": {}}"# }
        return #"{"v": "5.7.0", "fr": 30, "ip": 0, "op": 10, "w": 20, "h": 20, "assets": [{"id": "image_0", "w": 1, "h": 1, "u": "\#(u)", "p": "\#(p)", "e": 0}], "layers": [\#(shown.joined(separator: ", "))]}"#
    }

    /// A dotLottie archive of `animation(layers:p: "dot.png")` carrying `image` as `images/dot.png`.
    static func archive(layers: Int, image: [UInt8]) -> [UInt8] {
        LottieArchive.dotLottie(json: Array(animation(layers: layers, p: "dot.png").utf8), id: "dot", images: [("dot.png", image)])
    }

    /// The message of the one problem `body` throws.
    static func refusal(_ body: () throws -> LoadedScene) -> (message: String, kind: ZoetropeError.Kind?)? {
        do {
            _ = try body()
            return nil
        } catch let error as SceneLoadError {
            return (error.description, error.kind)
        } catch {
            return ("\(error)", nil)
        }
    }

    @Test func anArchivedImageShownByTwentyLayersIsUnpackedAndEncodedOnce() throws {
        let loaded = try SceneLoader.parse(Self.archive(layers: 20, image: Self.dot), file: "dot.lottie")
        let images = loaded.scene.layers.initialValues.map(\.image).filter { !$0.isEmpty }
        #expect(images.count == 20 && Set(images).count == 1)
        // One string shared by every layer: its bytes are in one place, not encoded 20 times.
        var starts = Set<UInt>()
        for var image in images { image.withUTF8 { _ = starts.insert(UInt(bitPattern: $0.baseAddress)) } }
        #expect(starts.count == 1)
    }

    @Test func megabytesOfZerosAfterAnArchivedPNGAreRefusedWithTheAssetsPath() throws {
        let zeros = [UInt8](repeating: 0, count: 1 << 20)
        let refused = try #require(Self.refusal { try SceneLoader.parse(Self.archive(layers: 20, image: Self.dot + zeros), file: "dot.lottie") })
        #expect(refused.kind == .invalidInput)
        #expect(refused.message == "dot.lottie: assets[0].p: images/dot.png: 1048576 bytes follow the PNG's end (its IEND chunk); at most \(SceneLimits.trailingImageBytes) may follow an image",
                "once, for the asset, not once per layer")
    }

    @Test func aFewBytesAfterAnImageAreDropped() throws {
        let loaded = try SceneLoader.parse(Self.archive(layers: 1, image: Self.dot + [0, 0, 0, 0]), file: "dot.lottie")
        let image = try #require(loaded.scene.layers.initialValues.map(\.image).first { !$0.isEmpty })
        #expect(DataURL(image)?.bytes == Self.dot)
    }

    @Test func anEmbeddedJPEGOfMoreScansThanTheLimitIsRefused() throws {
        let scan: [UInt8] = [0xFF, 0xDA, 0x00, 0x03, 0x00]
        let jpeg: [UInt8] = [0xFF, 0xD8] + Array([[UInt8]](repeating: scan, count: 2_000).joined()) + [0xFF, 0xD9]
        let text = Self.animation(layers: 2, p: DataURL(mediaType: "image/jpeg", bytes: jpeg).text)
        let refused = try #require(Self.refusal { try SceneLoader.parse(Array(text.utf8), file: "scans.json") })
        #expect(refused.kind == .invalidInput)
        #expect(refused.message == "scans.json: assets[0].p: the JPEG has 2000 scans; a JPEG may have at most \(SceneLimits.jpegScans)")
    }

    @Test(arguments: [
        ("", "../secret.png", "\"../secret.png\" leaves the animation's folder"),
        ("../", "secret.png", "\"../secret.png\" leaves the animation's folder"),
        ("images/../../", "secret.png", "\"images/../../secret.png\" leaves the animation's folder"),
    ])
    func imagePathsThatLeaveTheAnimationsFolderAreRefused(u: String, p: String, reason: String) throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }  // best effort: a leftover temporary folder is harmless
        try Data(Self.dot).write(to: URL(fileURLWithPath: folder + "/secret.png"))
        let text = Self.animation(layers: 1, u: u, p: p)
        let refused = try #require(Self.refusal { try SceneLoader.parse(Array(text.utf8), file: folder + "/anim/anim.json") })
        #expect(refused.kind == .invalidInput)
        #expect(refused.message == "\(folder)/anim/anim.json: assets[0].p: \(reason)")
    }

    /// dotLottie's usual `u` ("/images/") names the folder beside the animation, as "./images/"
    /// does; an absolute name is looked for there too, never at the root.
    @Test(arguments: ["/images/", "./images/", "images/", "/./images//"])
    func aLeadingSlashOrDotNamesTheFolderBesideTheAnimation(u: String) throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }  // best effort: a leftover temporary folder is harmless
        try FileManager.default.createDirectory(atPath: folder + "/anim/images", withIntermediateDirectories: true)
        try Data(Self.dot).write(to: URL(fileURLWithPath: folder + "/anim/images/dot.png"))
        let shown = try SceneLoader.parse(Array(Self.animation(layers: 1, u: u, p: "dot.png").utf8), file: folder + "/anim/anim.json")
        #expect(shown.scene.layers.initialValues.contains { $0.image == folder + "/anim/images/dot.png" })
        let rooted = try SceneLoader.parse(Array(Self.animation(layers: 1, u: "", p: "/etc/hostname.png").utf8), file: folder + "/anim/anim.json")
        #expect(rooted.unsupported.map(\.message) == ["image file etc/hostname.png not found beside the animation: not drawn"])
    }

    @Test func anImageReachedThroughASymbolicLinkIsRefusedAndOneUnderTheFolderIsShown() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }  // best effort: a leftover temporary folder is harmless
        try Data(Self.dot).write(to: URL(fileURLWithPath: folder + "/secret.png"))
        try FileManager.default.createDirectory(atPath: folder + "/anim/images", withIntermediateDirectories: true)
        try Data(Self.dot).write(to: URL(fileURLWithPath: folder + "/anim/images/dot.png"))
        try FileManager.default.createSymbolicLink(atPath: folder + "/anim/images/link.png", withDestinationPath: folder + "/secret.png")
        try FileManager.default.createSymbolicLink(atPath: folder + "/anim/outside", withDestinationPath: folder)

        let shown = try SceneLoader.parse(Array(Self.animation(layers: 1, u: "images/", p: "dot.png").utf8), file: folder + "/anim/anim.json")
        #expect(shown.scene.layers.initialValues.contains { $0.image == folder + "/anim/images/dot.png" })
        let linked = try #require(Self.refusal {
            try SceneLoader.parse(Array(Self.animation(layers: 1, u: "images/", p: "link.png").utf8), file: folder + "/anim/anim.json")
        })
        #expect(linked.message == "\(folder)/anim/anim.json: assets[0].p: \"images/link.png\" is a symbolic link")
        let through = try #require(Self.refusal {
            try SceneLoader.parse(Array(Self.animation(layers: 1, u: "outside/", p: "secret.png").utf8), file: folder + "/anim/anim.json")
        })
        #expect(through.message == "\(folder)/anim/anim.json: assets[0].p: \"outside/secret.png\" goes through a symbolic link (outside)")
    }

    /// A new temporary folder holding `anim/`.
    static func folder() throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("zoetrope-images-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: path + "/anim", withIntermediateDirectories: true)
        return path
    }
}
