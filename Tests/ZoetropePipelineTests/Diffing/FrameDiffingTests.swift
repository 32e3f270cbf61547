import Testing
import ZoetropePipeline
import ZoetropeRender

@Suite struct FrameDiffingTests {
    /// A 10×10 white PNG with `changed` of its pixels black.
    private func png(changed: Int) throws -> [UInt8] {
        let white = RasterImage.Pixel(red: 255, green: 255, blue: 255), black = RasterImage.Pixel(red: 0, green: 0, blue: 0)
        return try RasterImage(width: 10, height: 10, pixels: (0..<100).map { $0 < changed ? black : white }).pngData()
    }

    /// Folders `a` and `b` of frames 0 and 1, frame 1 of `b` with `changed` black pixels.
    private func folders(changed: Int) throws -> ScratchFolder {
        let folder = try ScratchFolder()
        for side in ["a", "b"] {
            try folder.write("\(side)/frame_00000.png", try png(changed: 0))
            try folder.write("\(side)/frame_00001.png", try png(changed: side == "b" ? changed : 0))
        }
        return folder
    }

    @Test func identicalFoldersMatch() throws {
        let folder = try folders(changed: 0)
        let summary = try FrameDiffing.compare(FrameComparison(), expected: folder.path("a"), actual: folder.path("b"))
        #expect(summary.lines == ["2 frames match"] && !summary.differs)
    }

    @Test func aDifferingFrameIsNamedWithItsCountsAndFirst() throws {
        let folder = try folders(changed: 3)
        let summary = try FrameDiffing.compare(FrameComparison(), expected: folder.path("a"), actual: folder.path("b"))
        #expect(summary.differs)
        #expect(summary.lines == ["frame_00001.png: 3 pixels differ (3.0 %), 0 anti-aliased",
                                  "1 of 2 frames differ; first: frame_00001.png"])
    }

    @Test func aDifferenceWithinTheToleranceIsSaidButPasses() throws {
        let folder = try folders(changed: 3)
        let summary = try FrameDiffing.compare(FrameComparison(maxDiffPixels: 5), expected: folder.path("a"), actual: folder.path("b"))
        #expect(!summary.differs)
        #expect(summary.lines == ["frame_00001.png: 3 pixels differ (3.0 %), 0 anti-aliased (within tolerance)", "2 frames match"])
    }

    @Test func filesThatAreNotFramesAreIgnoredAndAMissingFrameDiffers() throws {
        let folder = try folders(changed: 0)
        try folder.write("a/sheet.png", try png(changed: 0))
        try folder.write("a/frame_00002.png", try png(changed: 0))
        let summary = try FrameDiffing.compare(FrameComparison(), expected: folder.path("a"), actual: folder.path("b"))
        #expect(summary.differs)
        #expect(summary.lines.first == "not frames, ignored: sheet.png")
        #expect(summary.lines.contains { $0.hasPrefix("frame_00002.png: missing in ") }, "\(summary.lines)")
        #expect(summary.lines.last == "1 of 3 frames differ; first: frame_00002.png")
    }

    @Test func aMissingInputThrowsWithExit66() throws {
        let folder = try folders(changed: 0)
        #expect {
            try FrameDiffing.compare(FrameComparison(), expected: folder.path("a"), actual: folder.path("nope"))
        } throws: { error in
            (error as? RenderError)?.kind == .missingInput
        }
    }
}
