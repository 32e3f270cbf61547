import Testing
import ZoetropeRender
@testable import ZoetropeUIKit

/// A layer that masks to its bounds draws no shadow, as Core Animation clips the shadow with
/// the rest; the shadow comes back when it stops masking.
@MainActor @Suite struct MasksToBoundsShadowTests {
    @Test func masksToBoundsClipsTheLayersOwnShadow() throws {
        let film = ControlsTesting.film(width: 100, height: 100)
        let card = UIView(frame: CGRect(x: 20, y: 20, width: 40, height: 40))
        card.backgroundColor = .systemBlue
        card.layer.shadowColor = UIColor.black.cgColor
        card.layer.shadowOpacity = 1
        card.layer.shadowRadius = 0
        card.layer.shadowOffset = CGSize(width: 20, height: 20)
        film.rootView.addSubview(card)
        // Unclipped, the shadow is black right of and below the card.
        #expect(try ControlsTesting.frame(film)[70, 70].red < 20)
        film.at(0.2) { card.clipsToBounds = true }
        film.advance(to: 0.2)
        let clipped = try ControlsTesting.frame(film)
        #expect(clipped[70, 70] == RasterImage.Pixel(red: 255, green: 255, blue: 255), "\(clipped[70, 70])")
        #expect(clipped[40, 40].blue > 200)
        // What was set still reads back, and returns when the layer stops masking.
        #expect(card.layer.shadowOpacity == 1)
        film.at(0.4) {
            card.layer.shadowOpacity = 0.5
            card.layer.masksToBounds = false
        }
        film.advance(to: 0.4)
        let back = try ControlsTesting.frame(film)[70, 70]
        #expect(back.red > 100 && back.red < 160, "half a shadow \(back)")
        #expect(card.layer.shadowOpacity == 0.5)
    }
}
