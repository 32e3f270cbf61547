import Testing
import ZoetropeCore
@testable import ZoetropeRender
import ZoetropeFiles

/// Images held to their limits before their pixels are decoded (issue #45, items 2 and 9): a
/// JPEG of more scans than `SceneLimits.jpegScans`, bytes past an image's end.
@Suite struct ImageLimitTests {
    /// A 1 × 1 PNG.
    static let dot = DataURL("data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==")?.bytes ?? []

    /// A progressive grey JPEG of 8 × 8 pixels: one DC scan, then `scans` − 1 AC scans whose
    /// data is missing (libjpeg reads them as zeros, with a warning). `endMarker` false leaves
    /// out its EOI, so its scans can be counted only by decoding it.
    static func progressiveJPEG(scans: Int, endMarker: Bool = true) -> [UInt8] {
        var bytes: [UInt8] = [0xFF, 0xD8]
        bytes += [0xFF, 0xDB, 0x00, 0x43, 0x00] + [UInt8](repeating: 1, count: 64)
        bytes += [0xFF, 0xC2, 0x00, 0x0B, 0x08, 0x00, 0x08, 0x00, 0x08, 0x01, 0x01, 0x11, 0x00]
        // One Huffman code, "0", for symbol 0: a DC difference of 0, and an AC end of band.
        for table: UInt8 in [0x00, 0x10] { bytes += [0xFF, 0xC4, 0x00, 0x14, table, 1] + [UInt8](repeating: 0, count: 15) + [0] }
        bytes += [0xFF, 0xDA, 0x00, 0x08, 0x01, 0x01, 0x00, 0x00, 0x00, 0x00, 0x00]
        for _ in 1..<scans { bytes += [0xFF, 0xDA, 0x00, 0x08, 0x01, 0x01, 0x00, 0x01, 0x3F, 0x00] }
        return endMarker ? bytes + [0xFF, 0xD9] : bytes
    }

    @Test func aJPEGAtTheScanLimitDecodes() throws {
        let image = try CairoImageSurface(imageData: Self.progressiveJPEG(scans: SceneLimits.jpegScans))
        #expect(image.width == 8 && image.height == 8)
    }

    @Test func aJPEGOfMoreScansIsRefusedBeforeItsPixelsAreDecoded() {
        #expect(throws: CairoError(message: "the JPEG has 2000 scans; a JPEG may have at most \(SceneLimits.jpegScans)", operation: "reading a JPEG")) {
            _ = try CairoImageSurface(imageData: Self.progressiveJPEG(scans: 2_000))
        }
    }

    @Test func libjpegStopsAtTheScanPastTheLimitWhenTheMarkersCannotBeCounted() {
        // No EOI: ImageExtent finds no end, so the shim's progress monitor is what stops it.
        #expect(ImageExtent(Self.progressiveJPEG(scans: 2_000, endMarker: false)) == nil)
        #expect(throws: CairoError(message: "the JPEG has more than \(SceneLimits.jpegScans) scans; a JPEG may have at most \(SceneLimits.jpegScans)",
                                   operation: "reading a JPEG")) {
            _ = try CairoImageSurface(imageData: Self.progressiveJPEG(scans: 2_000, endMarker: false))
        }
    }

    @Test func bytesPastAnImagesEndBeyondTheSlackAreRefused() throws {
        _ = try CairoImageSurface(imageData: Self.dot + [UInt8](repeating: 0, count: SceneLimits.trailingImageBytes))
        let over = SceneLimits.trailingImageBytes + 1
        #expect(throws: CairoError(message: "\(over) bytes follow the PNG's end (its IEND chunk); at most \(SceneLimits.trailingImageBytes) may follow an image",
                                   operation: "reading a PNG")) {
            _ = try CairoImageSurface(imageData: Self.dot + [UInt8](repeating: 0, count: over))
        }
    }
}
