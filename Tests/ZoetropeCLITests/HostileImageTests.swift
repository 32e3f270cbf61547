import Foundation
import Testing

/// Images a hostile file names (issue #45, items 2, 9 and 14), through the built binary: a JPEG
/// of thousands of scans, megabytes after a PNG's end, an image path that leaves the animation's
/// folder. Each is refused, exit 65 naming where the file says it and the limit or the reason.
@Suite struct HostileImageTests {
    /// A progressive grey JPEG of `side` × `side` pixels: one DC scan, then `scans` − 1 AC scans
    /// whose data is missing (libjpeg reads them as zeros).
    static func progressiveJPEG(scans: Int, side: Int) -> [UInt8] {
        var bytes: [UInt8] = [0xFF, 0xD8]
        bytes += [0xFF, 0xDB, 0x00, 0x43, 0x00] + [UInt8](repeating: 1, count: 64)
        bytes += [0xFF, 0xC2, 0x00, 0x0B, 0x08, UInt8(side >> 8), UInt8(side & 0xFF), UInt8(side >> 8), UInt8(side & 0xFF), 0x01, 0x01, 0x11, 0x00]
        for table: UInt8 in [0x00, 0x10] { bytes += [0xFF, 0xC4, 0x00, 0x14, table, 1] + [UInt8](repeating: 0, count: 15) + [0] }
        bytes += [0xFF, 0xDA, 0x00, 0x08, 0x01, 0x01, 0x00, 0x00, 0x00, 0x00] + [UInt8](repeating: 0, count: max(1, side * side / 512))
        for _ in 1..<scans { bytes += [0xFF, 0xDA, 0x00, 0x08, 0x01, 0x01, 0x00, 0x01, 0x3F, 0x00] }
        return bytes + [0xFF, 0xD9]
    }

    /// A 1 × 1 PNG.
    static let dot = Data(base64Encoded: "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==") ?? Data()

    @Test func aJPEGOfTwoThousandScansIsRefusedAtTheScanLimit() throws {
        let folder = try TemporaryFolder()
        try Data(Self.progressiveJPEG(scans: 2_000, side: 64)).write(to: URL(fileURLWithPath: folder.path("scans.jpg")))
        let scene = try folder.write("scans.yaml", """
            version: 1
            canvas: { size: [64, 64] }
            render: { fps: 10, duration: 0.1 }
            layers:
              - { id: a, shape: image, image: scans.jpg, position: [32, 32], size: [64, 64] }
            """)
        let result = try CommandRunner.run(["render", scene, "--out", folder.path("frames"), "--progress", "none"])
        #expect(result.status == 65, "\(result.stderr)")
        #expect(result.stderr.contains("layers[a].image: "), "\(result.stderr)")
        #expect(result.stderr.contains("scans.jpg"), "\(result.stderr)")
        #expect(result.stderr.contains("the JPEG has 2000 scans; a JPEG may have at most 100"), "\(result.stderr)")
    }

    @Test(arguments: ["convert", "render"])
    func anImageOutsideTheAnimationsFolderIsRefused(command: String) throws {
        let folder = try TemporaryFolder()
        // A 1 × 1 PNG beside the animation's folder, which its asset names with "../".
        try Self.dot.write(to: URL(fileURLWithPath: folder.path("secret.png")))
        try FileManager.default.createDirectory(atPath: folder.path("anim"), withIntermediateDirectories: true)
        let animation = try folder.write("anim/anim.json", #"""
            {"v": "5.7.0", "fr": 30, "ip": 0, "op": 2, "w": 8, "h": 8,
             "assets": [{"id": "image_0", "w": 1, "h": 1, "u": "../", "p": "secret.png", "e": 0}],
             "layers": [{"ty": 2, "nm": "Pic", "refId": "image_0", "ind": 1, "ip": 0, "op": 2, "st": 0, "ks": {}}]}
            """#)
        let arguments = command == "convert" ? ["convert", animation, "--to", "scene", "-o", folder.path("out.yaml")]
            : ["render", animation, "--out", folder.path("frames"), "--progress", "none"]
        let result = try CommandRunner.run(arguments)
        #expect(result.status == 65, "\(result.stderr)")
        #expect(result.stderr.contains("\(animation): assets[0].p: \"../secret.png\" leaves the animation's folder"), "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: folder.path("out.yaml")))
    }

    @Test func convertCarriesNoMegabytesAfterAnImagesEnd() throws {
        let folder = try TemporaryFolder()
        try (Self.dot + Data(count: 1 << 20)).write(to: URL(fileURLWithPath: folder.path("padded.png")))
        let scene = try folder.write("padded.yaml", """
            version: 1
            canvas: { size: [16, 16] }
            render: { fps: 10, duration: 0.1 }
            layers:
              - { id: a, shape: image, image: padded.png, position: [8, 8], size: [8, 8] }
            """)
        let toScene = try CommandRunner.run(["convert", scene, "--to", "scene", "-o", folder.path("out.yaml")])
        #expect(toScene.status == 65, "\(toScene.stderr)")
        #expect(toScene.stderr.contains("padded.png: 1048576 bytes follow the PNG's end (its IEND chunk); at most 65536 may follow an image"), "\(toScene.stderr)")
        #expect(!FileManager.default.fileExists(atPath: folder.path("out.yaml")))
        let toLottie = try CommandRunner.run(["convert", scene, "--to", "lottie", "-o", folder.path("out.lottie")])
        #expect(toLottie.status == 0, "\(toLottie.stderr)")
        #expect(toLottie.stderr.contains("layers.a.image: not exported: image: not a readable PNG, JPEG or WebP within the limits, left out"), "\(toLottie.stderr)")
        let render = try CommandRunner.run(["render", scene, "--out", folder.path("frames"), "--progress", "none"])
        #expect(render.status == 65 && render.stderr.contains("layers[a].image: "), "\(render.stderr)")
    }
}
