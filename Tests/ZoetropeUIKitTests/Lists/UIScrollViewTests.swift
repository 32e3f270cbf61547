import Foundation
import Testing
import ZoetropePipeline
import ZoetropeRender
import ZoetropeUIKit

/// Records the delegate calls a scroll view makes, in order.
@MainActor final class ScrollRecorder: UIScrollViewDelegate {
    var calls: [String] = []
    var scrolls = 0
    func scrollViewDidScroll(_ scrollView: UIScrollView) { scrolls += 1; if calls.last != "didScroll" { calls.append("didScroll") } }
    func scrollViewWillBeginDragging(_ scrollView: UIScrollView) { calls.append("willBeginDragging") }
    func scrollViewWillEndDragging(_ scrollView: UIScrollView, withVelocity velocity: CGPoint,
                                   targetContentOffset: UnsafeMutablePointer<CGPoint>) { calls.append("willEndDragging") }
    func scrollViewDidEndDragging(_ scrollView: UIScrollView, willDecelerate decelerate: Bool) {
        calls.append("didEndDragging(\(decelerate))")
    }
    func scrollViewWillBeginDecelerating(_ scrollView: UIScrollView) { calls.append("willBeginDecelerating") }
    func scrollViewDidEndDecelerating(_ scrollView: UIScrollView) { calls.append("didEndDecelerating") }
    func scrollViewDidEndScrollingAnimation(_ scrollView: UIScrollView) { calls.append("didEndScrollingAnimation") }
}

@MainActor @Suite(.serialized) struct UIScrollViewTests {
    /// A 100 × 100 scroll view on a film, its content 100 × 1000 with a black square at y 150.
    func scene(framesPerSecond: Double = 30) -> (Film, UIScrollView, UIView) {
        let film = Film(size: CGSize(width: 100, height: 100), framesPerSecond: framesPerSecond, backgroundColor: .white)
        let scroll = UIScrollView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        scroll.contentSize = CGSize(width: 100, height: 1000)
        scroll.showsVerticalScrollIndicator = false
        let square = UIView(frame: CGRect(x: 20, y: 150, width: 40, height: 40))
        square.backgroundColor = .black
        scroll.addSubview(square)
        film.rootView.addSubview(scroll)
        return (film, scroll, square)
    }

    @Test func theContentOffsetMovesWhatSubviewsDraw() throws {
        let (film, scroll, square) = scene()
        film.at(0.5) { scroll.contentOffset = CGPoint(x: 0, y: 120) }
        film.advance(to: 1)
        let movie = film.movie
        let black = RasterImage.Pixel(red: 0, green: 0, blue: 0), white = RasterImage.Pixel(red: 255, green: 255, blue: 255)
        // Before: the square is below the view (clipped); after, at y 30…70.
        #expect(try movie.image(ofFrame: 0)[40, 50] == white)
        #expect(try movie.image(ofFrame: 20)[40, 50] == black)
        #expect(try movie.image(ofFrame: 20)[40, 20] == white)
        #expect(scroll.bounds.origin == CGPoint(x: 0, y: 120), "a scroll view's bounds origin is its content offset")
        #expect(square.convert(CGPoint.zero, to: nil) == CGPoint(x: 20, y: 30))
        #expect(scroll.convert(CGPoint(x: 20, y: 150), to: nil) == CGPoint(x: 20, y: 30), "content coordinates")
        #expect(scroll.convert(CGPoint(x: 20, y: 30), from: nil) == CGPoint(x: 20, y: 150))
    }

    @Test func anAnimatedSetContentOffsetIsHalfwayAtHalfTime() {
        // At 20 fps a frame falls at 0.15 s, where the offset was last set.
        let (film, scroll, _) = scene(framesPerSecond: 20)
        let recorder = ScrollRecorder()
        scroll.delegate = recorder
        film.at(0) { scroll.setContentOffset(CGPoint(x: 0, y: 300), animated: true) }
        film.advance(to: 0.15)
        // Ease-in-out is symmetric: half the way at half the 0.3 s.
        #expect(abs(scroll.contentOffset.y - 150) < 0.5)
        #expect(!recorder.calls.contains("didEndScrollingAnimation"))
        film.advanceUntilIdle()
        #expect(scroll.contentOffset.y == 300)
        #expect(recorder.calls.last == "didEndScrollingAnimation")
    }

    @Test func contentOffsetInsideAnimateAnimates() {
        let (film, scroll, _) = scene()
        film.at(0) { UIView.animate(withDuration: 1, delay: 0, options: [.curveLinear]) { scroll.contentOffset = CGPoint(x: 0, y: 200) } }
        film.advance(to: 0.5)
        #expect(scroll.contentOffset.y == 200, "the model is the new offset at once")
        let frame = try? film.movie.image(ofFrame: 15)
        // Halfway, the content is 100 up: the square (150…190) is at 50…90.
        #expect(frame?[40, 70] == RasterImage.Pixel(red: 0, green: 0, blue: 0))
        #expect(frame?[40, 40] == RasterImage.Pixel(red: 255, green: 255, blue: 255))
    }

    @Test func theRubberBandFollowsUIKitsFormula() {
        let d: CGFloat = 640
        for x: CGFloat in [10, 100, 400] {
            #expect(abs(ScrollPhysics.rubberBand(x, dimension: d) - (1 - 1 / (x * 0.55 / d + 1)) * d) < 1e-9)
            #expect(abs(ScrollPhysics.fingerOvershoot(showing: ScrollPhysics.rubberBand(x, dimension: d), dimension: d) - x) < 1e-6)
        }
        // Dragged 100 pt down from the top: the content shows the banded overshoot.
        let (film, scroll, _) = scene()
        film.pan(scroll.panGestureRecognizer, along: [CGPoint(x: 50, y: 10), CGPoint(x: 50, y: 110)], from: 0, to: 1)
        film.advance(to: 1)
        #expect(abs(scroll.contentOffset.y + (1 - 1 / (100 * 0.55 / 100 + 1)) * 100) < 1e-9)
    }

    @Test func aFlingDeceleratesToUIKitsProjection() {
        let (film, scroll, _) = scene()
        // The finger moves 60 pt up in 0.1 s: 600 pt/s, 0.6 pt/ms.
        film.pan(scroll.panGestureRecognizer, along: [CGPoint(x: 50, y: 80), CGPoint(x: 50, y: 20)], from: 0, to: 0.1)
        film.advance(to: 0.1)
        #expect(scroll.isDecelerating)
        film.advanceUntilIdle()
        // Projection: v · r / (1 − r) = 0.6 · 0.998 / 0.002 = 299.4 pt past the 60 of the drag.
        #expect(abs(scroll.contentOffset.y - (60 + 0.6 * 0.998 / 0.002)) < 1e-6)
        #expect(!scroll.isDecelerating)
        #expect(abs(ScrollPhysics.projection(velocity: 1, rate: 0.99) - 99) < 1e-9)
    }

    @Test func aFlingPastTheEndBouncesBackToTheEdge() {
        let (film, scroll, _) = scene()
        scroll.contentOffset = CGPoint(x: 0, y: 850)
        let recorder = ScrollRecorder()
        scroll.delegate = recorder
        film.pan(scroll.panGestureRecognizer, along: [CGPoint(x: 50, y: 80), CGPoint(x: 50, y: 20)], from: 0, to: 0.1)
        var furthest: CGFloat = 0
        for step in 1...60 {
            film.advance(to: 0.1 + Double(step) / 30)
            furthest = max(furthest, scroll.contentOffset.y)
        }
        film.advanceUntilIdle()
        #expect(furthest > 900, "it goes past the end (900)")
        #expect(scroll.contentOffset.y == 900, "and comes to rest on it")
        #expect(recorder.calls == ["willBeginDragging", "didScroll", "willEndDragging", "didEndDragging(true)",
                                   "willBeginDecelerating", "didScroll", "didEndDecelerating"])
    }

    @Test func aReleaseWithoutVelocityInsideTheContentDoesNotDecelerate() {
        let (film, scroll, _) = scene()
        let recorder = ScrollRecorder()
        scroll.delegate = recorder
        film.pan(scroll.panGestureRecognizer, along: [CGPoint(x: 50, y: 80), CGPoint(x: 50, y: 40), CGPoint(x: 50, y: 40)], from: 0, to: 0.4)
        film.advanceUntilIdle()
        #expect(scroll.contentOffset.y == 40)
        #expect(recorder.calls == ["willBeginDragging", "didScroll", "willEndDragging", "didEndDragging(false)"])
    }

    @Test func pagingComesToRestOnAPage() {
        let (film, scroll, _) = scene()
        scroll.isPagingEnabled = true
        film.pan(scroll.panGestureRecognizer, along: [CGPoint(x: 50, y: 80), CGPoint(x: 50, y: 50)], from: 0, to: 0.1)
        film.advanceUntilIdle()
        #expect(scroll.contentOffset.y == 100)
    }
}

@MainActor @Suite(.serialized) struct UIScrollViewCatchTests {
    @Test func aDragCatchesADeceleration() {
        let (film, scroll, _) = UIScrollViewTests().scene()
        film.pan(scroll.panGestureRecognizer, along: [CGPoint(x: 50, y: 80), CGPoint(x: 50, y: 20)], from: 0, to: 0.1)
        // The finger comes down again at 0.5 s and holds still.
        film.pan(scroll.panGestureRecognizer, along: [CGPoint(x: 50, y: 50), CGPoint(x: 50, y: 50)], from: 0.5, to: 1)
        film.advance(to: 0.5)
        let caught = scroll.contentOffset.y
        #expect(!scroll.isDecelerating && scroll.isDragging)
        film.advanceUntilIdle()
        #expect(scroll.contentOffset.y == caught, "held still, then lifted without velocity: it stays")
        #expect(caught > 60 && caught < 60 + 0.6 * 0.998 / 0.002)
    }

    @Test func theIndicatorShowsWhileScrollingAndFadesAfter() throws {
        let (film, scroll, _) = UIScrollViewTests().scene()
        scroll.showsVerticalScrollIndicator = true
        film.pan(scroll.panGestureRecognizer, along: [CGPoint(x: 50, y: 80), CGPoint(x: 50, y: 40), CGPoint(x: 50, y: 40)], from: 0, to: 0.4)
        film.advanceUntilIdle()
        let movie = film.movie
        // A 3 pt bar, black at 35 % over white, 3 pt from the right edge; gone 0.55 s after.
        let grey = RasterImage.Pixel(red: 166, green: 166, blue: 166)
        let during = try movie.image(ofFrame: 6)
        #expect((0..<100).contains { during[95, $0] == grey })
        let after = try movie.image(ofFrame: movie.frameCount - 1)
        #expect(!(0..<100).contains { after[95, $0] == grey })
        #expect(film.time >= 0.4 + 0.3 + 0.25 - 1e-9)
    }
}
