import Testing
import ZoetropeRender
@testable import ZoetropeUIKit

/// The spinner's spokes fade behind the brightest, turn in steps while it animates (a real,
/// endless animation in the scene) without holding the film, and hide when it stops.
@MainActor @Suite struct UIActivityIndicatorViewTests {
    @Test func stylesHaveTheirSizesAndSpokes() {
        #expect(UIActivityIndicatorView(style: .medium).bounds.size == CGSize(width: 20, height: 20))
        #expect(UIActivityIndicatorView(style: .large).intrinsicContentSize == CGSize(width: 37, height: 37))
        #expect(UIActivityIndicatorView(style: .medium).spinner.subviews.count == 8)
        #expect(UIActivityIndicatorView(style: .whiteLarge).spinner.subviews.count == 12)
        #expect(UIActivityIndicatorView(style: .white).color == .white)
    }

    @Test func itTurnsInStepsWhileAnimatingAndTheFilmStillIdles() throws {
        let film = ControlsTesting.film(width: 100, height: 100)
        let spinner = UIActivityIndicatorView(style: .large)
        spinner.color = .black
        spinner.center = CGPoint(x: 50, y: 50)
        film.rootView.addSubview(spinner)
        #expect(spinner.isHidden && !spinner.isAnimating)
        film.at(0.2) { spinner.startAnimating() }
        film.advanceUntilIdle()
        // Only the endless spin is left: the film idles at once.
        #expect(film.time < 1)
        #expect(spinner.isAnimating && !spinner.isHidden)
        func rotation(at time: Double) throws -> Double {
            film.advance(to: time)
            return try #require(spinner.spinner.layer.presentation()).number(.rotation)
        }
        let step = 2 * Double.pi / 8
        let first = try rotation(at: 0.2 + 0.05), second = try rotation(at: 0.2 + 0.05 + 0.125), third = try rotation(at: 0.2 + 0.05 + 0.25)
        #expect(abs(first) < 1e-9)
        #expect(abs(second - step) < 1e-9 && abs(third - 2 * step) < 1e-9, "\(second) \(third)")
        // The brightest spoke (dark on white) leads: at the start it is at the top.
        film.advance(to: 1.2 + 0.05)
        let image = try ControlsTesting.frame(film)
        let top = ControlsTesting.darkest(in: image, CGRect(x: 48, y: 32, width: 4, height: 8))
        // The faintest spokes trail counter-clockwise: the one at the right is pale.
        let right = ControlsTesting.darkest(in: image, CGRect(x: 60, y: 48, width: 8, height: 4))
        #expect(top < 40 && right > top + 80, "top \(top), right \(right)")
        film.at(1.5) { spinner.stopAnimating() }
        film.advance(to: 1.5)
        #expect(spinner.isHidden && !spinner.isAnimating)
        #expect(spinner.spinner.layer.animation(forKey: UIActivityIndicatorView.animationKey) == nil)
    }

    @Test func withoutHidingItStaysWhenStopped() {
        let spinner = UIActivityIndicatorView(style: .medium)
        spinner.hidesWhenStopped = false
        #expect(!spinner.isHidden)
        spinner.startAnimating()
        spinner.stopAnimating()
        #expect(!spinner.isHidden && !spinner.isAnimating)
    }
}
