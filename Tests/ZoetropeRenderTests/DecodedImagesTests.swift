import Foundation
import Testing
import ZoetropeCore
@testable import ZoetropeRender

/// Images decoded once per process, whichever drawer or check asks (issue #45, items 2 and 9):
/// not once per layer, nor again for each worker after the check before a render.
@Suite struct DecodedImagesTests {
    /// A 1 × 1 PNG as a data URL.
    static let dot = "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg=="

    @Test func anImageAskedForByManyDrawersAndLayersIsDecodedOnce() throws {
        let store = DecodedImages()
        // The same text, and an equal copy of it in storage of its own.
        let copy = String(decoding: Array(Self.dot.utf8), as: UTF8.self)
        var drawers: [FrameDrawer] = []
        for _ in 0..<3 {
            let drawer = try FrameDrawer(width: 4, height: 4)
            drawer.decodedImages = store
            for source in [Self.dot, Self.dot, copy] { _ = try drawer.loadImage(source) }
            drawers.append(drawer)
        }
        #expect(store.decodeCount == 1)
        // Each drawer has a surface of its own over the one copy of the pixels.
        let first = try drawers[0].loadImage(Self.dot), second = try drawers[1].loadImage(Self.dot)
        #expect(first !== second && first.pixelRows()?.data == second.pixelRows()?.data)
    }

    @Test func aFileIsDecodedAgainOnceItChanges() throws {
        let store = DecodedImages()
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("zoetrope-decoded-\(UUID().uuidString).png").path
        defer { try? FileManager.default.removeItem(atPath: path) }  // best effort: a leftover temporary file is harmless
        let png = try #require(DataURL(Self.dot)).bytes
        try Data(png).write(to: URL(fileURLWithPath: path))
        _ = try store.image(path)
        _ = try store.image(path)
        #expect(store.decodeCount == 1)
        try Data(png + [0]).write(to: URL(fileURLWithPath: path))
        _ = try store.image(path)
        #expect(store.decodeCount == 2)
    }

    @Test func aFailureIsKeptSoNoWorkerDecodesItAgain() {
        let store = DecodedImages()
        let broken = "data:image/png;base64,iVBORw0KGgo="
        for _ in 0..<3 { #expect(throws: CairoError.self) { _ = try store.image(broken) } }
        #expect(store.decodeCount == 1)
    }
}
