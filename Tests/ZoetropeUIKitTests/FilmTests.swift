import Foundation
import Testing
import ZoetropeCore
import ZoetropeFormat
import ZoetropePipeline
import ZoetropeRender
import ZoetropeUIKit

/// UIKit code on a film: what it shows is what the equivalent scene file shows, frame for frame.
/// On the main actor, as UIKit code runs.
@MainActor @Suite(.serialized) struct FilmTests {
    /// The scene a card moved by a property animator is, written as a scene file.
    static let cardScene = """
        version: 1
        canvas: { size: [640, 360], background: "#FFFFFF" }
        render: { fps: 30, duration: 2 }
        layers:
          - id: root
            shape: rect
            position: [320, 180]
            size: [640, 360]
            children:
              - { id: card, shape: rect, position: [100, 180], size: [120, 80], fill: "#3366CC" }
        animators:
          - { id: move, duration: 1, timing: easeInOut, animations: [ { set: { card.position: [540, 180] } } ] }
        script:
          - { at: 0.5, start: move }
        """

    private func folder() throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("zoetrope-uikit-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    /// The program, as written: it compiles, runs and its card is where the scene's is.
    private func cardFilm() -> (Film, UIView, UIViewPropertyAnimator) {
        let film = Film(size: CGSize(width: 640, height: 360), framesPerSecond: 30, backgroundColor: .white)
        let card = UIView(frame: CGRect(x: 40, y: 140, width: 120, height: 80))
        card.accessibilityIdentifier = "card"
        card.backgroundColor = UIColor(red: 0x33 / 255, green: 0x66 / 255, blue: 0xCC / 255, alpha: 1)
        film.rootView.addSubview(card)
        let animator = UIViewPropertyAnimator(duration: 1, curve: .easeInOut) {
            card.center = CGPoint(x: 540, y: 180)
        }
        film.at(0.5) { animator.startAnimation() }
        return (film, card, animator)
    }

    @Test func presentationValuesInFlightAreTheScenesSamples() throws {
        let (film, card, animator) = cardFilm()
        let scene = try SceneLoader.parse(Array(Self.cardScene.utf8), file: "card.yaml", overrides: [])
        let evaluation = try scene.evaluate().evaluation
        let index = try #require(scene.scene.layers.index(of: "card"))
        for time in [0.25, 0.5, 0.75, 1.0, 1.25, 1.5, 2.0] {
            film.advance(to: time)
            let position = try #require(card.layer.presentation()?.position)
            let expected = evaluation.presentation(at: time).values[index].position
            #expect(abs(Double(position.x) - expected.x) < 1e-9 && abs(Double(position.y) - expected.y) < 1e-9,
                    "at \(time): \(position) against \(expected)")
        }
        #expect(card.center == CGPoint(x: 540, y: 180), "the model changed when the animator started")
        #expect(animator.state == .inactive)
    }

    @Test func framesAreTheBytesTheSceneFileRenders() throws {
        let directory = try folder()
        let (film, _, _) = cardFilm()
        film.advance(to: 2)
        let written = try film.writeFrames(to: directory + "/film")
        #expect(written.count == 61)
        let file = directory + "/card.yaml"
        try Self.cardScene.write(toFile: file, atomically: true, encoding: .utf8)
        let scene = try EvaluatedScene.load([file], overrides: [])[0]
        _ = try FolderRender.render(scene.renderRequest(into: directory + "/scene", frames: nil, jobs: 2), progress: ProgressReporter(mode: .none))
        for path in written {
            let name = (path as NSString).lastPathComponent
            #expect(FileManager.default.contents(atPath: path) == FileManager.default.contents(atPath: directory + "/scene/" + name), "\(name)")
        }
    }

    @Test func animateChangesTheModelAtOnceAndCompletesAtTheEnd() {
        let film = Film(size: CGSize(width: 200, height: 100), framesPerSecond: 10)
        let box = UIView(frame: CGRect(x: 0, y: 0, width: 20, height: 20))
        film.rootView.addSubview(box)
        var finished: [Bool] = []
        UIView.animate(withDuration: 1, delay: 0, options: [.curveLinear], animations: {
            box.center.x += 100
            box.alpha = 0.5
        }, completion: { finished.append($0) })
        #expect(box.center == CGPoint(x: 110, y: 10) && box.alpha == 0.5, "the model is the new value at once")
        film.advance(to: 0.25)
        #expect(abs(Double(box.layer.presentation()!.position.x) - 35) < 1e-9, "a quarter of the way, linearly")
        #expect(finished.isEmpty)
        film.advance(to: 1)
        #expect(finished == [true])
        #expect(box.layer.presentation()!.position.x == 110)
    }

    @Test func aScrubbedAnimatorShowsItsFractionAndReversesFromThere() {
        let film = Film(size: CGSize(width: 200, height: 100), framesPerSecond: 10)
        let box = UIView(frame: CGRect(x: 0, y: 40, width: 20, height: 20))
        film.rootView.addSubview(box)
        let animator = UIViewPropertyAnimator(duration: 2, curve: .linear) { box.center = CGPoint(x: 190, y: 50) }
        animator.pauseAnimation()
        animator.fractionComplete = 0.5
        #expect(box.layer.presentation()!.position.x == 100)
        animator.isReversed = true
        animator.startAnimation()
        film.advance(to: 0.5)
        #expect(abs(Double(box.layer.presentation()!.position.x) - 55) < 1e-9, "back from the middle at 90 points a second")
        var ended: UIViewAnimatingPosition?
        animator.addCompletion { ended = $0 }
        film.advance(to: 1)
        #expect(ended == .start && box.layer.presentation()!.position.x == 10)
    }

    @Test func withoutAnimationInsideAnAnimationSetsAtOnce() {
        let film = Film(size: CGSize(width: 200, height: 100), framesPerSecond: 10)
        let box = UIView(frame: CGRect(x: 0, y: 0, width: 20, height: 20))
        film.rootView.addSubview(box)
        UIView.animate(withDuration: 1) {
            box.center.x = 100
            UIView.performWithoutAnimation { box.alpha = 0.25 }
        }
        film.advance(to: 0.5)
        let shown = box.layer.presentation()!
        #expect(shown.opacity == 0.25 && shown.position.x > 10 && shown.position.x < 100)
    }

    @Test func keyframesTakeTheirShareOfTheDuration() {
        let film = Film(size: CGSize(width: 200, height: 100), framesPerSecond: 10)
        let box = UIView(frame: CGRect(x: 0, y: 0, width: 20, height: 20))
        film.rootView.addSubview(box)
        UIView.animateKeyframes(withDuration: 2, delay: 0, options: [], animations: {
            UIView.addKeyframe(withRelativeStartTime: 0, relativeDuration: 0.5) { box.center.x = 110 }
            UIView.addKeyframe(withRelativeStartTime: 0.5, relativeDuration: 0.5) { box.center.y = 90 }
        })
        film.advance(to: 1)
        #expect(box.layer.presentation()!.position == CGPoint(x: 110, y: 10), "the first frame done, the second not begun")
        film.advance(to: 2)
        #expect(box.layer.presentation()!.position == CGPoint(x: 110, y: 90))
    }

    @Test func keyframesRunOnEaseInEaseOutUnlessTheOptionsSayLinear() {
        let film = Film(size: CGSize(width: 200, height: 100), framesPerSecond: 10)
        let eased = UIView(frame: CGRect(x: 0, y: 0, width: 20, height: 20)), linear = UIView(frame: CGRect(x: 0, y: 40, width: 20, height: 20))
        film.rootView.addSubview(eased)
        film.rootView.addSubview(linear)
        UIView.animateKeyframes(withDuration: 1, delay: 0, options: []) {
            UIView.addKeyframe(withRelativeStartTime: 0, relativeDuration: 1) { eased.alpha = 0 }
        }
        UIView.animateKeyframes(withDuration: 1, delay: 0, options: UIView.KeyframeAnimationOptions(rawValue: UIView.AnimationOptions.curveLinear.rawValue)) {
            UIView.addKeyframe(withRelativeStartTime: 0, relativeDuration: 1) { linear.alpha = 0 }
        }
        film.advance(to: 0.25)
        let curve = CubicTimingParameters.easeInOut.progress(atFraction: 0.25)
        #expect(abs(Double(eased.layer.presentation()!.opacity) - (1 - curve)) < 1e-6, "ease-in-ease-out: \(curve) of the way")
        #expect(abs(Double(linear.layer.presentation()!.opacity) - 0.75) < 1e-6)
    }

    @Test func advanceUntilIdleDoesNotWaitForWhatRepeatsForever() {
        let film = Film(size: CGSize(width: 200, height: 100), framesPerSecond: 10)
        let spinner = UIView(frame: CGRect(x: 0, y: 0, width: 20, height: 20)), box = UIView(frame: CGRect(x: 0, y: 40, width: 20, height: 20))
        film.rootView.addSubview(spinner)
        film.rootView.addSubview(box)
        UIView.animate(withDuration: 0.4, delay: 0, options: [.repeat, .autoreverse]) { spinner.alpha = 0 }
        UIView.animate(withDuration: 2, delay: 0.5) { box.center.x = 150 }
        film.at(1) { box.backgroundColor = .red }
        film.advanceUntilIdle()
        #expect(film.time == 2.5, "the box's move ends at 2.5 s; the spinner would repeat for ever")
        #expect(box.layer.presentation()!.position.x == 150)
        let pulse = CABasicAnimation(keyPath: "opacity")
        pulse.fromValue = 1
        pulse.toValue = 0.5
        pulse.duration = 0.3
        pulse.repeatCount = .infinity
        box.layer.add(pulse, forKey: "pulse")
        let fade = CABasicAnimation(keyPath: "cornerRadius")
        fade.fromValue = 0
        fade.toValue = 10
        fade.duration = 1
        box.layer.add(fade, forKey: "corners")
        film.advanceUntilIdle()
        #expect(film.time == 3.5, "the corners end a second later; the pulse and the spinner go on")
    }

    @Test func aViewAddedLaterIsMissingFromEarlierFrames() throws {
        let film = Film(size: CGSize(width: 40, height: 40), framesPerSecond: 10, backgroundColor: .white)
        let late = UIView(frame: CGRect(x: 0, y: 0, width: 40, height: 40))
        late.backgroundColor = .black
        film.at(0.5) { film.rootView.addSubview(late) }
        film.advance(to: 1)
        let movie = film.movie
        #expect(try movie.image(ofFrame: 4)[20, 20] == RasterImage.Pixel(red: 255, green: 255, blue: 255))
        #expect(try movie.image(ofFrame: 5)[20, 20] == RasterImage.Pixel(red: 0, green: 0, blue: 0))
        late.removeFromSuperview()
        film.advance(to: 1.2)
        #expect(try film.movie.image(ofFrame: 12)[20, 20] == RasterImage.Pixel(red: 255, green: 255, blue: 255))
    }

    @Test func aScriptedPanReportsTranslationAndVelocity() {
        let film = Film(size: CGSize(width: 400, height: 200), framesPerSecond: 10)
        let frog = UIView(frame: CGRect(x: 0, y: 0, width: 40, height: 40))
        film.rootView.addSubview(frog)
        var seen: [(UIGestureRecognizer.State, CGPoint, CGPoint)] = []
        let pan = UIPanGestureRecognizer { recognizer in
            seen.append((recognizer.state, recognizer.translation(in: frog), recognizer.velocity(in: frog)))
            frog.center = CGPoint(x: 20 + recognizer.translation(in: frog).x, y: 20)
        }
        frog.addGestureRecognizer(pan)
        film.pan(pan, along: [CGPoint(x: 20, y: 20), CGPoint(x: 220, y: 20)], from: 0, to: 1)
        film.advance(to: 1)
        #expect(seen.first?.0 == .began && seen.first?.1 == .zero)
        #expect(seen.last?.0 == .ended && seen.last?.1 == CGPoint(x: 200, y: 0) && seen.last?.2 == CGPoint(x: 200, y: 0))
        #expect(seen.count == 12, "began, nine frames of changes, the last move, ended")
        #expect(seen[10].0 == .changed && seen[10].1 == CGPoint(x: 200, y: 0), "the finger reaches the last point before it lifts")
        #expect(frog.layer.presentation()!.position.x == 220)
    }

    /// UIKit code makes its animators before a view is on screen: the animator joins the film
    /// current when it starts.
    @Test func anAnimatorMadeBeforeTheFilmRunsOnIt() {
        let box = UIView(frame: CGRect(x: 0, y: 0, width: 20, height: 20))
        let animator = UIViewPropertyAnimator(duration: 1, curve: .linear) { box.center.x = 110 }
        animator.pausesOnCompletion = true
        var positions: [UIViewAnimatingPosition] = []
        animator.addCompletion { positions.append($0) }
        #expect(animator.state == .inactive && animator.fractionComplete == 0)
        let film = Film(size: CGSize(width: 200, height: 100), framesPerSecond: 10)
        film.rootView.addSubview(box)
        film.at(0) { animator.startAnimation() }
        film.advance(to: 0.5)
        #expect(abs(Double(box.layer.presentation()!.position.x) - 60) < 1e-9)
        film.advance(to: 2)
        #expect(animator.state == .active && !animator.isRunning && positions.isEmpty, "paused at its end, not completed")
    }

    /// A snapshot draws what the view draws now and stays so; `convert` goes through the tree.
    @Test func aSnapshotIsFrozenAndConvertGoesThroughTheTree() {
        let film = Film(size: CGSize(width: 200, height: 100), framesPerSecond: 10)
        let card = UIView(frame: CGRect(x: 20, y: 10, width: 100, height: 60))
        let badge = UIView(frame: CGRect(x: 5, y: 5, width: 10, height: 10))
        card.addSubview(badge)
        film.rootView.addSubview(card)
        card.backgroundColor = .red
        let snapshot = card.snapshotView(afterScreenUpdates: false)!
        card.backgroundColor = .blue
        #expect(snapshot.backgroundColor == .red && snapshot.subviews.count == 1 && snapshot.superview == nil)
        #expect(snapshot.frame == card.frame)
        #expect(badge.convert(CGPoint(x: 1, y: 1), to: film.rootView) == CGPoint(x: 26, y: 16))
        #expect(film.rootView.convert(CGRect(x: 26, y: 16, width: 2, height: 2), to: badge) == CGRect(x: 1, y: 1, width: 2, height: 2))
    }

    @Test func aScriptedTapIsRecognizedAtItsTime() {
        let film = Film(size: CGSize(width: 200, height: 100), framesPerSecond: 10)
        var taps: [(TimeInterval, CGPoint)] = []
        let tap = UITapGestureRecognizer { recognizer in taps.append((film.time, recognizer.location(in: nil))) }
        film.rootView.addGestureRecognizer(tap)
        film.tap(tap, at: CGPoint(x: 50, y: 40), time: 0.3)
        film.advance(to: 1)
        #expect(taps.count == 1 && taps.first?.0 == 0.3 && taps.first?.1 == CGPoint(x: 50, y: 40) && tap.state == .recognized)
    }

    /// A cross-dissolve shows the old look fading into the new.
    @Test func aCrossDissolveBlendsTheOldLookIntoTheNew() throws {
        let film = Film(size: CGSize(width: 40, height: 40), framesPerSecond: 10, backgroundColor: .white)
        let swatch = UIView(frame: CGRect(x: 0, y: 0, width: 40, height: 40))
        swatch.backgroundColor = .black
        film.rootView.addSubview(swatch)
        var finished: Bool?
        UIView.transition(with: swatch, duration: 1, options: [.transitionCrossDissolve, .curveLinear], animations: {
            swatch.backgroundColor = .white
        }, completion: { finished = $0 })
        #expect(swatch.backgroundColor == .white, "the model is the new look at once")
        film.advance(to: 1)
        let movie = film.movie
        #expect(try movie.image(ofFrame: 0)[20, 20] == RasterImage.Pixel(red: 0, green: 0, blue: 0))
        let halfway = try movie.image(ofFrame: 5)[20, 20]
        #expect((126...129).contains(halfway.red) && halfway.red == halfway.green, "\(halfway)")
        #expect(try movie.image(ofFrame: 10)[20, 20] == RasterImage.Pixel(red: 255, green: 255, blue: 255))
        #expect(finished == true && film.rootView.subviews.count == 1, "the snapshot is gone")
    }

    /// A transformed view's frame is the box around what it covers, as Core Animation says.
    @Test func aTransformedFrameIsTheBoxAroundIt() {
        let view = UIView(frame: CGRect(x: 0, y: 0, width: 40, height: 20))
        view.transform = CGAffineTransform(rotationAngle: .pi / 2)
        #expect(abs(view.frame.origin.x - 10) < 1e-9 && abs(view.frame.origin.y + 10) < 1e-9)
        #expect(abs(view.frame.width - 20) < 1e-9 && abs(view.frame.height - 40) < 1e-9)
        view.transform = CGAffineTransform(translationX: 5, y: 0).scaledBy(x: 2, y: 2)
        #expect(view.frame == CGRect(x: -15, y: -10, width: 80, height: 40))
        #expect(view.center == CGPoint(x: 20, y: 10), "the centre is the position, whatever the transform")
    }

    /// One world: the film's recording, evaluated as a scene, draws the film's frames, byte for
    /// byte, with the views added and removed while it ran.
    @Test func aFilmsSceneDrawsItsFrames() throws {
        let (film, card, _) = cardFilm()
        let late = UILabel(frame: CGRect(x: 10, y: 10, width: 200, height: 30))
        late.text = "late"
        film.at(1.2) { film.rootView.addSubview(late) }
        film.at(1.6) {
            card.removeFromSuperview()
            UIView.animate(withDuration: 0.3) { late.alpha = 0.2 }
        }
        film.advance(to: 2)
        let scene = film.scene()
        #expect(scene.animators.count == 2 && scene.script.count >= 4)
        let evaluation = SceneEvaluation(scene: scene, horizon: 2)
        let fromScene = MemorySink(keeping: .png), fromFilm = MemorySink(keeping: .png)
        try FramePipeline.run(FramePlan(SceneFrames(evaluation, frameCount: 61), jobs: 2), into: [fromScene])
        try FramePipeline.run(FramePlan(film.movie, jobs: 2), into: [fromFilm])
        #expect(fromScene.frames.count == 61)
        let differing = zip(fromScene.frames, fromFilm.frames).filter { $0.png != $1.png }.map(\.0.index)
        #expect(differing.isEmpty, "frames \(differing)")
    }

    /// A view inserted under an earlier one after time 0 (the stage numbers it last, a scene
    /// depth first), a call at 0.1 × 7 (0.7000000000000001 s, the frame's instant), written as a
    /// scene file and read back: the film's frames, byte for byte.
    @Test func aFilmWrittenAsASceneFileDrawsItsFrames() throws {
        let film = Film(size: CGSize(width: 120, height: 80), framesPerSecond: 10, backgroundColor: .white)
        let panel = UIView(frame: CGRect(x: 10, y: 10, width: 60, height: 60)), badge = UIView(frame: CGRect(x: 80, y: 10, width: 30, height: 30))
        panel.backgroundColor = UIColor(white: 0.5, alpha: 1)
        panel.layer.shouldRasterize = true
        panel.layer.rasterizationScale = 2
        badge.backgroundColor = .systemRed
        film.rootView.addSubview(panel)
        film.rootView.addSubview(badge)
        let dot = UIView(frame: CGRect(x: 5, y: 5, width: 10, height: 10))
        dot.backgroundColor = .black
        film.at(0.2) { panel.addSubview(dot) }
        film.at(0.1 * 7) { UIView.animate(withDuration: 0.5) { dot.center = CGPoint(x: 45, y: 45); badge.alpha = 0.3 } }
        film.advance(to: 1.5)
        let file = try folder() + "/film.json"
        try film.writeScene(to: file)
        let scene = try SceneLoader.load(file).scene
        let fromScene = MemorySink(keeping: .png), fromFilm = MemorySink(keeping: .png)
        try FramePipeline.run(FramePlan(SceneFrames(SceneEvaluation(scene: scene, horizon: 1.5), frameCount: 16), jobs: 2), into: [fromScene])
        try FramePipeline.run(FramePlan(film.movie, jobs: 2), into: [fromFilm])
        #expect(fromScene.frames.count == 16 && fromFilm.frames.count == 16)
        let differing = zip(fromScene.frames, fromFilm.frames).filter { $0.png != $1.png }.map(\.0.index)
        #expect(differing.isEmpty, "frames \(differing)")
        #expect(scene.script.contains { $0.time == 0.7 }, "the call at the frame's instant")
        #expect(scene.layers.nodes.contains { $0.style.rasterizes && $0.style.rasterizationScale == 2 }, "shouldRasterize is written")
    }

    /// What a scene file said nothing of before (a view moved to another superview after time 0,
    /// a view restyled then, an animator's flags set after it ran) is a script action: the
    /// film's scene, written and read back, draws the film's frames, and the move shows.
    @Test func aFilmWhoseViewMovesIsASceneThatDrawsItsFrames() throws {
        let film = Film(size: CGSize(width: 100, height: 100), framesPerSecond: 10)
        let a = UIView(frame: CGRect(x: 0, y: 0, width: 50, height: 50)), b = UIView(frame: CGRect(x: 50, y: 50, width: 20, height: 20))
        a.backgroundColor = UIColor(red: 0.2, green: 0.4, blue: 0.8, alpha: 1)
        b.backgroundColor = UIColor(red: 1, green: 0.6, blue: 0, alpha: 1)
        a.accessibilityIdentifier = "a"
        b.accessibilityIdentifier = "b"
        film.rootView.addSubview(a)
        film.rootView.addSubview(b)
        let label = UILabel(frame: CGRect(x: 0, y: 70, width: 100, height: 30))
        label.text = "Zoetrope"
        film.rootView.addSubview(label)
        let slide = UIViewPropertyAnimator(duration: 1, curve: .linear) { a.alpha = 0.5 }
        film.at(0.2) { slide.startAnimation() }
        film.at(0.5) { a.addSubview(b) }                       // b is now at (50, 50) inside a
        film.at(0.6) { a.clipsToBounds = true; label.textAlignment = .left }
        film.at(0.7) { slide.pausesOnCompletion = true }
        film.at(0.8) { film.rootView.addSubview(UIView(frame: CGRect(x: 80, y: 0, width: 20, height: 20))) }
        film.advance(to: 1.5)
        let scene = film.scene()
        #expect(scene.script.contains { if case .move = $0.action { true } else { false } })
        #expect(scene.script.contains { if case .restyle = $0.action { true } else { false } })
        #expect(scene.script.contains { if case .options = $0.action { true } else { false } })
        let frames = film.movie.frames
        let (aIndex, bIndex) = (try #require(scene.layers.index(of: "a")), try #require(scene.layers.index(of: "b")))
        #expect(frames[4].layers.nodes[bIndex].parent != aIndex && frames[5].layers.nodes[bIndex].parent == aIndex, "moved at 0.5 s")
        #expect(!frames[5].layers.nodes[aIndex].style.clips && frames[6].layers.nodes[aIndex].style.clips, "clipping from 0.6 s")

        let file = try folder() + "/film.json"
        try film.writeScene(to: file)
        let read = try SceneLoader.load(file).scene
        #expect(read.script == scene.script.filter { if case .set(let set) = $0.action { !set.isEmpty } else { true } }
                    .enumerated().map { ScriptEvent(time: $1.time, action: $1.action, path: "script[\($0)]") }, "the script reads back as written")
        let fromFile = MemorySink(keeping: .png), fromFilm = MemorySink(keeping: .png)
        try FramePipeline.run(FramePlan(SceneFrames(SceneEvaluation(scene: read, horizon: 1.5), frameCount: 16), jobs: 2), into: [fromFile])
        try FramePipeline.run(FramePlan(film.movie, jobs: 2), into: [fromFilm])
        #expect(fromFile.frames.count == 16 && fromFilm.frames.count == 16)
        let differing = zip(fromFile.frames, fromFilm.frames).filter { $0.png != $1.png }.map(\.0.index)
        #expect(differing.isEmpty, "frames \(differing)")
        #expect(fromFilm.frames[4].png != fromFilm.frames[5].png, "the move shows")
    }
}
