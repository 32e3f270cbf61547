import Testing
import ZoetropePipeline
import ZoetropeRender
import ZoetropeUIKit

/// A dismissal animator that drops the presented view by the container's height.
private final class DropAnimator: UIViewControllerAnimatedTransitioning {
    var ended: [Bool] = []

    func transitionDuration(using transitionContext: UIViewControllerContextTransitioning?) -> TimeInterval { 1 }

    func animateTransition(using transitionContext: UIViewControllerContextTransitioning) {}

    func interruptibleAnimator(using transitionContext: UIViewControllerContextTransitioning) -> UIViewImplicitlyAnimating {
        UIViewPropertyAnimator(duration: 1, curve: .linear) {
            transitionContext.view(forKey: .from)!.center.y += transitionContext.containerView.bounds.height
        }
    }

    func animationEnded(_ transitionCompleted: Bool) { ended.append(transitionCompleted) }
}

private final class Delegate: UIViewControllerTransitioningDelegate {
    let animator = DropAnimator()
    let interaction = UIPercentDrivenInteractiveTransition()

    func animationController(forDismissed dismissed: UIViewController) -> UIViewControllerAnimatedTransitioning? { animator }

    func interactionControllerForDismissal(using animator: UIViewControllerAnimatedTransitioning) -> UIViewControllerInteractiveTransitioning? {
        interaction
    }
}

/// View controllers, transitions, controls, images and randomness: the parts of UIKit the seed
/// examples need, each on its own.
extension FilmTests {
    @Test func anInteractiveDismissalFollowsUpdatesAndACancelReturnsTheView() {
        let film = Film(size: CGSize(width: 100, height: 200), framesPerSecond: 10)
        let main = UIViewController(), sheet = UIViewController()
        film.show(main)
        let delegate = Delegate()
        sheet.transitioningDelegate = delegate
        main.present(sheet, animated: false)
        #expect(main.presentedViewController === sheet && sheet.view.frame == CGRect(x: 0, y: 0, width: 100, height: 200))
        film.at(0.1) { sheet.dismiss(animated: true) }
        film.at(0.2) { delegate.interaction.update(0.25) }
        film.advance(to: 0.2)
        #expect(sheet.view.layer.presentation()!.position.y == 150, "a quarter of the way down: 100 + 0.25 × 200")
        #expect(delegate.interaction.percentComplete == 0.25)
        film.at(0.3) { delegate.interaction.cancel() }
        film.advanceUntilIdle()
        #expect(sheet.view.layer.presentation()!.position.y == 100, "back where it was")
        #expect(delegate.animator.ended == [false], "the transition was cancelled")
        #expect(main.presentedViewController === sheet, "still presented")
        #expect(abs(film.time - 0.55) < 1e-9, "run back over a quarter of the second, after the cancel at 0.3")
    }

    @Test func aSliderDrawsItsThumbAtItsValueAndAControlSendsItsActions() {
        let film = Film(size: CGSize(width: 300, height: 100), framesPerSecond: 10)
        let slider = UISlider(frame: CGRect(x: 0, y: 0, width: 240, height: 40))
        var sent: [Float] = []
        slider.addAction(UIAction { action in sent.append((action.sender as! UISlider).value) }, for: .valueChanged)
        film.rootView.addSubview(slider)
        slider.value = 1.5
        #expect(slider.value == 1, "kept within the range")
        slider.value = 0.25
        slider.sendActions(for: [.valueChanged, .touchUpInside])
        slider.sendActions(for: .touchUpInside)
        #expect(sent == [0.25], "only the actions of the events sent, once")
        let thumb = slider.subviews.last!
        #expect(thumb.center == CGPoint(x: 20 + 200 * 0.25, y: 20))
    }

    /// (This file imports only ZoetropeUIKit's Foundation, as UIKit code imports only UIKit: a
    /// file that also imports Foundation sees Glibc's `arc4random_uniform` beside ours.)
    @Test func randomPicksRepeatAndScriptedOnesComeFirst() {
        let film = Film(size: CGSize(width: 10, height: 10), framesPerSecond: 10)
        var picks: [[UInt32]] = []
        film.at(0) {
            film.random.seed(7)
            picks.append((0..<5).map { _ in arc4random_uniform(1000) })
            film.random.seed(7)
            picks.append((0..<5).map { _ in arc4random_uniform(1000) })
            film.random.scripted = [12, 3]
            picks.append([arc4random_uniform(10), arc4random_uniform(10), arc4random_uniform(0)])
        }
        film.advance(to: 0)
        #expect(picks.count == 3 && picks[0] == picks[1], "restarted from one seed, the picks repeat")
        #expect(Set(picks[0]).count > 1, "a sequence, not one number")
        #expect(picks.last == [2, 3, 0], "scripted values, modulo the bound; a bound of 0 gives 0")
    }

    /// Each film draws from its own sequence: a film's picks do not depend on another's.
    @Test func eachFilmDrawsItsOwnRandomSequence() {
        func picks(on film: Film, count: Int) -> [UInt32] {
            var drawn: [UInt32] = []
            film.at(film.time) { drawn = (0..<count).map { _ in arc4random_uniform(1000) } }
            film.advance(to: film.time)
            return drawn
        }
        let alone = picks(on: Film(size: CGSize(width: 10, height: 10)), count: 6)
        let first = Film(size: CGSize(width: 10, height: 10)), second = Film(size: CGSize(width: 10, height: 10))
        let interleaved = [picks(on: first, count: 3), picks(on: second, count: 6), picks(on: first, count: 3)]
        #expect(interleaved[0] + interleaved[2] == alone && interleaved[1] == alone)
    }

    /// A film whose calls animate with an animator and with `animate`, pick at random, add a
    /// view while it runs and restyle in a completion: all that a film keeps for itself.
    private func populate(_ film: Film, tint: UIColor) {
        let box = UIView(frame: CGRect(x: 0, y: 0, width: 20, height: 20))
        box.backgroundColor = tint
        film.rootView.addSubview(box)
        let slide = UIViewPropertyAnimator(duration: 1, curve: .easeInOut) { box.center.x = 100 }
        film.at(0.2) { slide.startAnimation() }
        film.at(0.6) {
            let dot = UIView(frame: CGRect(x: CGFloat(arc4random_uniform(100)), y: CGFloat(arc4random_uniform(60)), width: 8, height: 8))
            dot.backgroundColor = tint
            film.rootView.addSubview(dot)
            UIView.animate(withDuration: 0.5, animations: { dot.alpha = 0.2 }, completion: { _ in box.alpha = 0.5 })
        }
    }

    /// The PNG bytes of every frame `film` captured.
    private func pngs(of film: Film) throws -> [[UInt8]] {
        let sink = MemorySink(keeping: .png)
        try FramePipeline.run(FramePlan(film.movie, jobs: 1), into: [sink])
        return sink.frames.map { $0.png ?? [] }
    }

    @Test func filmsMadeSideBySideGiveTheFramesEachGivesAlone() throws {
        let size = CGSize(width: 120, height: 80)
        let blue = UIColor(red: 0.2, green: 0.4, blue: 0.8, alpha: 1), orange = UIColor(red: 1, green: 0.6, blue: 0, alpha: 1)
        let blueAlone = Film(size: size, framesPerSecond: 10)
        populate(blueAlone, tint: blue)
        blueAlone.advance(to: 1.5)
        let orangeAlone = Film(size: size, framesPerSecond: 10)
        populate(orangeAlone, tint: orange)
        orangeAlone.advance(to: 1.5)

        // Made in the other order, filled in the other order, their clocks moved in turns.
        let orangeFilm = Film(size: size, framesPerSecond: 10), blueFilm = Film(size: size, framesPerSecond: 10)
        populate(blueFilm, tint: blue)
        populate(orangeFilm, tint: orange)
        orangeFilm.advance(to: 0.25)
        blueFilm.advance(to: 0.65)
        orangeFilm.advance(to: 0.9)
        blueFilm.advance(to: 1.5)
        orangeFilm.advance(to: 1.5)

        let (blueFrames, orangeFrames) = (try pngs(of: blueFilm), try pngs(of: orangeFilm))
        #expect(blueFrames.count == 16 && orangeFrames.count == 16)
        #expect(blueFrames == (try pngs(of: blueAlone)), "the blue film as it is alone")
        #expect(orangeFrames == (try pngs(of: orangeAlone)), "the orange film as it is alone")
        #expect(blueFrames != orangeFrames, "two different films")
    }

    @Test func aVectorImageIsDrawnAsItsLayersScaledIntoTheView() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("dot-\(UUID().uuidString).yaml").path
        try """
            version: 1
            canvas: { size: [20, 10], background: "#00000000" }
            layers:
              - { id: dot, shape: rect, position: [15, 5], size: [10, 10], fill: "#FF0000" }
            """.write(toFile: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: file) }
        let image = try #require(UIImage(contentsOfFile: file))
        #expect(image.size == CGSize(width: 20, height: 10))
        let film = Film(size: CGSize(width: 40, height: 20), framesPerSecond: 10, backgroundColor: .white)
        let view = UIImageView(frame: CGRect(x: 0, y: 0, width: 40, height: 20))
        view.image = image
        film.rootView.addSubview(view)
        film.advance(to: 0)
        let frame = try film.movie.image(ofFrame: 0)
        #expect(frame[35, 10] == RasterImage.Pixel(red: 255, green: 0, blue: 0), "the dot, twice as large, on the right half")
        #expect(frame[5, 10] == RasterImage.Pixel(red: 255, green: 255, blue: 255))
        #expect(UIImage(contentsOfFile: file + ".missing") == nil)
    }

    @Test func rotatingAScaledViewAnimatesTheRotationAlone() {
        let film = Film(size: CGSize(width: 100, height: 100), framesPerSecond: 10)
        let box = UIView(frame: CGRect(x: 40, y: 40, width: 20, height: 20))
        film.rootView.addSubview(box)
        box.transform = CGAffineTransform(scaleX: 2, y: 2)
        film.at(0) {
            UIView.animate(withDuration: 1, delay: 0, options: .curveLinear) { box.transform = box.transform.rotated(by: .pi / 2) }
        }
        film.advance(to: 0.5)
        let shown = box.layer.presentation()!.affineTransform()
        #expect(abs((shown.a * shown.a + shown.b * shown.b).squareRoot() - 2) < 1e-12, "the scale stays 2 all along")
        #expect(abs(atan2(shown.b, shown.a) - .pi / 4) < 1e-12, "half way round")
    }

    /// UIKit runs a mass/stiffness/damping spring for its settling time, and reports that as the
    /// animator's duration (the chapter's cross-fade lasts as long as the move by reading it).
    @Test func aSettlingSpringsDurationIsItsSettlingTime() {
        let spring = UISpringTimingParameters(mass: 1, stiffness: 10, damping: 10.0.squareRoot(), initialVelocity: .zero)
        #expect(abs(UIViewPropertyAnimator(duration: 3, timingParameters: spring).duration - 4.657087368) < 1e-9)
        #expect(UIViewPropertyAnimator(duration: 3, dampingRatio: 0.5).duration == 3, "a damping ratio spring spans the animator's duration")
        #expect(UIViewPropertyAnimator(duration: 3, curve: .linear).duration == 3)
    }

    @Test func keyframesInsideAPropertyAnimatorAreScrubbedWithIt() {
        let film = Film(size: CGSize(width: 100, height: 100), framesPerSecond: 10)
        let box = UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
        film.rootView.addSubview(box)
        let animator = UIViewPropertyAnimator(duration: 1, curve: .easeIn) {
            UIView.animateKeyframes(withDuration: 1, delay: 0) {
                UIView.addKeyframe(withRelativeStartTime: 0.5, relativeDuration: 0.5) { box.alpha = 0 }
            }
        }
        film.at(0) { animator.fractionComplete = 0.25 }
        film.advance(to: 5)
        #expect(box.layer.presentation()!.opacity == 1, "the keyframe starts half way: nothing yet, however long the film runs")
        film.at(5) { animator.fractionComplete = 0.75 }
        film.advance(to: 5)
        #expect(box.layer.presentation()!.opacity == 0.5)
    }
}
