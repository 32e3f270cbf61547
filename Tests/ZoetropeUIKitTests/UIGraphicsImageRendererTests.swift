import Testing
import ZoetropeRender
@testable import ZoetropeUIKit

/// An image renderer's closure draws into a PNG: its pixels are the drawing's.
@MainActor @Suite struct UIGraphicsImageRendererTests {
    private func pixels(_ image: UIImage) throws -> RasterImage {
        try RasterImage(pngData: [UInt8](try #require(image.pngData())))
    }

    @Test func textDrawnInARendererHasItsPixels() throws {
        let renderer = UIGraphicsImageRenderer(size: CGSize(width: 120, height: 40))
        let image = renderer.image { _ in
            "Hello".draw(at: CGPoint(x: 4, y: 4), withAttributes: [.font: UIFont.boldSystemFont(ofSize: 24), .foregroundColor: UIColor.red])
        }
        #expect(image.size == CGSize(width: 120, height: 40) && image.scale == 1)
        let raster = try pixels(image)
        #expect(raster.width == 120 && raster.height == 40)
        let inked = raster.pixels.filter { $0.alpha > 128 }
        #expect(inked.count > 100)
        #expect(inked.allSatisfy { $0.red > 200 && $0.green < 60 && $0.blue < 60 })
        // Nothing drawn right of the word, nor below it: the background stays clear.
        #expect((0..<40).allSatisfy { raster[110, $0].alpha == 0 } && (0..<120).allSatisfy { raster[$0, 38].alpha == 0 })
    }

    @Test func fillsAndTheFormatsScaleMakeThePixels() throws {
        let format = UIGraphicsImageRendererFormat()
        format.scale = 2
        let image = UIGraphicsImageRenderer(size: CGSize(width: 20, height: 10), format: format).image { context in
            UIColor.blue.setFill()
            context.fill(CGRect(x: 0, y: 0, width: 10, height: 10))
            UIColor.green.setFill()
            UIBezierPath(ovalIn: CGRect(x: 10, y: 0, width: 10, height: 10)).fill()
        }
        let raster = try pixels(image)
        #expect(raster.width == 40 && raster.height == 20 && image.scale == 2)
        #expect(raster[5, 5] == RasterImage.Pixel(red: 0, green: 0, blue: 255) && raster[30, 10].green == 255)
        #expect(raster[21, 1].alpha == 0)  // outside the oval
    }

    @Test func theSameDrawingMakesTheSameBytes() {
        let draw = { (context: UIGraphicsImageRendererContext) in
            NSAttributedString(string: "Same", attributes: [.font: UIFont.systemFont(ofSize: 18)]).draw(in: CGRect(x: 0, y: 0, width: 80, height: 30))
        }
        let renderer = UIGraphicsImageRenderer(size: CGSize(width: 80, height: 30))
        #expect(renderer.pngData(actions: draw) == renderer.pngData(actions: draw))
    }

    @Test func drawingOutsideARendererDrawsNothing() {
        "nowhere".draw(at: .zero, withAttributes: nil)
        UIRectFill(CGRect(x: 0, y: 0, width: 10, height: 10))
        #expect(UIGraphicsGetCurrentContext() == nil)
    }
}
