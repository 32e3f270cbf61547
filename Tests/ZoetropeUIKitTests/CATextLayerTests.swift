import Testing
import ZoetropeRender
@testable import ZoetropeUIKit

/// A text layer draws from the top of its bounds, and its size and colour animate.
@MainActor @Suite struct CATextLayerTests {
    @Test func textIsDrawnAtTheTopOfItsBounds() throws {
        let film = Film(size: CGSize(width: 200, height: 120), framesPerSecond: 10, backgroundColor: .white)
        let text = CATextLayer()
        text.frame = CGRect(x: 0, y: 0, width: 200, height: 120)
        text.string = "Top"
        text.fontSize = 20
        text.foregroundColor = UIColor.black.cgColor
        film.rootView.layer.addSublayer(text)
        #expect(text.superlayer === film.rootView.layer && film.scene().layers.index(of: "textLayer1") != nil)
        let image = try film.movie.image(ofFrame: 0)
        let inkedRows = (0..<image.height).filter { y in (0..<image.width).contains { image[$0, y].red < 128 } }
        #expect(!inkedRows.isEmpty && inkedRows.allSatisfy { $0 < 30 })
    }

    @Test func fontSizeAndColourAnimate() throws {
        let film = Film(size: CGSize(width: 200, height: 120), framesPerSecond: 10)
        let text = CATextLayer()
        text.string = NSAttributedString(string: "Grow")
        film.rootView.layer.addSublayer(text)
        film.at(0) { UIView.animate(withDuration: 1) { text.fontSize = 56; text.foregroundColor = UIColor.black.cgColor } }
        film.advance(to: 0.5)
        let index = try #require(text.placement?.index)
        let shown = film.stage.presentation[index]
        #expect(shown.fontSize > 36 && shown.fontSize < 56 && shown.color.red < 1 && shown.color.red > 0)
        #expect((text.string as? NSAttributedString)?.string == "Grow" && text.fontSize == 56)
    }

    @Test func wrappingAndTruncationAreItsParagraph() {
        let text = CATextLayer()
        #expect(!text.isWrapped && text.truncationMode == .none && text.alignmentMode == .left)
        text.isWrapped = true
        text.truncationMode = .end
        text.alignmentMode = .center
        #expect(text.style.paragraph.lines == 0 && text.style.paragraph.truncation == .tail && text.style.alignment == .center)
        #expect(text.style.paragraph.verticalAlignment == .top)
    }
}
