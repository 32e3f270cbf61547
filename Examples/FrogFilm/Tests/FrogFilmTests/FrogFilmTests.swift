import Foundation
import SnapshotTesting
import Testing
import ZoetropeCore
import ZoetropeFormat
import ZoetropePipeline
import ZoetropeSnapshotTesting
import ZoetropeUIKit

/// Snapshot tests of an animation, as an app would write them. The references are in
/// __Snapshots__ beside this file; record new ones with SNAPSHOT_TESTING_RECORD=all.
// In parallel: text is drawn with the text engine's own font options, so which test draws
// text first no longer decides how later text is drawn (issue #47).
@Suite struct FrogFilmTests {
    /// The repository's frog scene: the frog at the start, halfway and at the end of its move.
    @Test func theFrogSceneAtThreeInstants() throws {
        let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../../../scenes/frog.yaml").standardizedFileURL.path
        let scene = try SceneLoader.load(file).scene
        assertSnapshot(of: scene, as: .frames(at: [0, 1.5, 3], scale: 0.25))
    }

    /// A stage driven by PropertyAnimator calls: paused halfway, its fraction still moves nothing.
    @Test func aPausedAnimatorHoldsItsFrame() throws {
        var dot = Layer(id: "dot", shape: .ellipse)
        dot.values.position = Vector2(20, 40)
        dot.values.size = Vector2(24, 24)
        dot.values.fill = Color(hex: "#1E88E5")!
        let stage = AnimationStage(layers: [dot])
        let slide = PropertyAnimator(duration: 1, curve: .linear, stage: stage)
        try slide.addAnimations([stage.assignment("dot.position", .vector(Vector2(140, 40)))])
        let movie = try Movie.record(stage, canvas: Canvas(size: Vector2(160, 80)), framesPerSecond: 20) { clock in
            try slide.startAnimation()
            clock.advance(to: 0.5)
            try slide.pauseAnimation()
            clock.advance(to: 1)
        }
        #expect(slide.fractionComplete == 0.5)
        assertSnapshot(of: movie, as: .frames(at: [0, 0.5, 1]))
        assertSnapshot(of: movie, as: .contactSheet(count: 4, columns: 4, width: 80))
    }

    /// UIKit code, filmed: a card springs up from below in `viewDidAppear`, as an app's screen
    /// would animate it.
    @MainActor @Test func theCardSpringsUpWhenTheScreenAppears() {
        final class CardViewController: UIViewController {
            let card = UIView()
            override func viewDidLoad() {
                super.viewDidLoad()
                view.backgroundColor = .white
                card.backgroundColor = .systemOrange
                card.layer.cornerRadius = 12
                card.frame = CGRect(x: 20, y: 160, width: 120, height: 60)
                view.addSubview(card)
            }
            override func viewDidAppear(_ animated: Bool) {
                super.viewDidAppear(animated)
                UIView.animate(withDuration: 0.6, delay: 0, usingSpringWithDamping: 0.6, initialSpringVelocity: 0, options: [],
                               animations: { self.card.center.y = 60 })
            }
        }
        let film = Film(size: CGSize(width: 160, height: 200), framesPerSecond: 20)
        film.show(CardViewController())
        film.advanceUntilIdle()
        assertSnapshot(of: film, as: .frames(at: [0, 0.2, 0.6], scale: 0.5))
    }
}
