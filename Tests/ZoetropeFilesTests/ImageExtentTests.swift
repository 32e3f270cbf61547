import Testing
import ZoetropeCore
import ZoetropeFiles

/// Where an image's own bytes end (issue #45, item 2): what follows is counted, never guessed.
@Suite struct ImageExtentTests {
    /// What a reader says of `extent` past Core's limits; nil within them.
    static func problem(_ extent: ImageExtent) -> String? {
        SceneLimits.imageProblem(mediaType: extent.mediaType, trailing: extent.trailing, scans: extent.scans)
    }

    /// A PNG of `chunks` (type, data length) after its signature; the CRCs are zero, which the
    /// extent does not read.
    static func png(_ chunks: [(String, Int)]) -> [UInt8] {
        var bytes: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        for (type, length) in chunks {
            bytes += [UInt8(length >> 24 & 0xFF), UInt8(length >> 16 & 0xFF), UInt8(length >> 8 & 0xFF), UInt8(length & 0xFF)]
            bytes += Array(type.utf8) + [UInt8](repeating: 7, count: length) + [0, 0, 0, 0]
        }
        return bytes
    }

    static let smallPNG = png([("IHDR", 13), ("IDAT", 20), ("IEND", 0)])

    @Test func aPNGEndsAfterItsIENDChunk() throws {
        let extent = try #require(ImageExtent(Self.smallPNG + [0, 0, 0]))
        #expect(extent.mediaType == "image/png")
        #expect(extent.length == Self.smallPNG.count && extent.trailing == 3 && extent.scans == 1)
        #expect(Self.problem(extent) == nil)
    }

    @Test func aJPEGEndsAtItsEOIAndCountsItsScans() throws {
        // A thumbnail's markers inside an APP1 segment, a stuffed 0xFF 0x00 and a restart marker
        // inside scan data are skipped; two scans, then EOI.
        let app1: [UInt8] = [0xFF, 0xE1, 0x00, 0x08, 0xFF, 0xD8, 0xFF, 0xD9, 0x00, 0x00]
        let scan: [UInt8] = [0xFF, 0xDA, 0x00, 0x04, 0x01, 0x02, 0x12, 0xFF, 0x00, 0x34, 0xFF, 0xD3, 0x56]
        let jpeg: [UInt8] = [0xFF, 0xD8] + app1 + scan + scan + [0xFF, 0xD9]
        let extent = try #require(ImageExtent(jpeg + Array(repeating: 0, count: 70_000)))
        #expect(extent.mediaType == "image/jpeg")
        #expect(extent.length == jpeg.count && extent.trailing == 70_000 && extent.scans == 2)
        #expect(Self.problem(extent) == "70000 bytes follow the JPEG's end (its EOI marker); at most 65536 may follow an image")
    }

    @Test func aWebPEndsWhereItsRIFFHeaderSays() throws {
        let webp = Array("RIFF".utf8) + [12, 0, 0, 0] + Array("WEBPVP8L".utf8) + [0, 0, 0, 0]
        let extent = try #require(ImageExtent(webp + [1, 2]))
        #expect(extent.mediaType == "image/webp" && extent.length == 20 && extent.trailing == 2)
    }

    @Test func anImageCutShortOrUnknownHasNoExtent() {
        #expect(ImageExtent(Array(Self.smallPNG.dropLast(1))) == nil, "IEND cut short")
        #expect(ImageExtent(Self.png([("IHDR", 13), ("IDAT", 20)])) == nil, "no IEND")
        #expect(ImageExtent([0xFF, 0xD8, 0xFF, 0xDA, 0x00, 0x04, 0x01, 0x02, 0x00, 0x00]) == nil, "no EOI")
        #expect(ImageExtent(Array("RIFF".utf8) + [99, 0, 0, 0] + Array("WEBP".utf8)) == nil, "shorter than its RIFF size")
        #expect(ImageExtent(Array("GIF89a".utf8)) == nil)
    }

    @Test func trailingBytesPastTheSlackAndScansPastTheLimitAreOutsideTheLimits() throws {
        let slack = SceneLimits.trailingImageBytes
        #expect(Self.problem(try #require(ImageExtent(Self.smallPNG + [UInt8](repeating: 0, count: slack)))) == nil)
        let over = try #require(ImageExtent(Self.smallPNG + [UInt8](repeating: 0, count: slack + 1)))
        #expect(Self.problem(over) == "\(slack + 1) bytes follow the PNG's end (its IEND chunk); at most \(slack) may follow an image")
        let scan: [UInt8] = [0xFF, 0xDA, 0x00, 0x03, 0x00]
        let scans = { (count: Int) in [0xFF, 0xD8] + Array([[UInt8]](repeating: scan, count: count).joined()) + [0xFF, 0xD9] }
        #expect(Self.problem(try #require(ImageExtent(scans(SceneLimits.jpegScans)))) == nil)
        let many = try #require(ImageExtent(scans(SceneLimits.jpegScans + 1)))
        #expect(many.scans == SceneLimits.jpegScans + 1)
        #expect(Self.problem(many) == "the JPEG has \(SceneLimits.jpegScans + 1) scans; a JPEG may have at most \(SceneLimits.jpegScans)")
    }
}
