import Testing
import ZoetropeCore
import ZoetropeFiles

/// `ImageHeader` reads an image's size from its first bytes, before anything is decoded; the
/// limits it is held to are Core's (`SceneLimits.imageProblem(width:height:)`).
@Suite struct ImageHeaderTests {
    @Test func aPNGHeaderPastTheSurfaceLimitIsSeenBeforeDecoding() {
        var bytes: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13] + Array("IHDR".utf8)
        bytes += [0, 0, 0x40, 0, 0, 0, 0x40, 0]  // 16384 × 16384
        let header = ImageHeader(png: bytes)
        #expect(header == ImageHeader(width: 16_384, height: 16_384))
        #expect(header.flatMap { SceneLimits.imageProblem(width: $0.width, height: $0.height) }
            == "the PNG is 16384×16384 pixels; an image may have at most \(SceneLimits.surfacePixels) pixels and \(SceneLimits.surfaceSide) on a side")
        #expect(SceneLimits.imageProblem(width: 7_680, height: 4_320) == nil)
        #expect(ImageHeader(png: Array("not a png at all, no header here".utf8)) == nil)
    }

    @Test func aJPEGsSizeIsReadFromItsFrameHeader() {
        // SOI, an APP0 segment of 16 bytes, then SOF0: precision 8, height 0x0300, width 0x0400.
        var bytes: [UInt8] = [0xFF, 0xD8, 0xFF, 0xE0, 0, 16] + Array(repeating: 0, count: 14)
        bytes += [0xFF, 0xC0, 0, 17, 8, 0x03, 0x00, 0x04, 0x00, 3] + Array(repeating: 0, count: 9)
        #expect(ImageHeader(image: bytes) == ImageHeader(width: 1024, height: 768))
        #expect(ImageHeader.mediaType(of: bytes) == "image/jpeg")
        #expect(ImageHeader(image: Array(bytes.prefix(22))) == nil, "cut off before its frame header")
        #expect(ImageHeader.mediaType(of: Array("GIF89a".utf8)) == nil)
    }
}
