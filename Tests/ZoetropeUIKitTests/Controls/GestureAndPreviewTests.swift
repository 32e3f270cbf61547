import Testing
@testable import ZoetropeUIKit

/// A swipe recognizer fires only for quick strokes in its directions; a preview interaction
/// reports the preview's progress, then the commit's, as a press deepens.
@MainActor @Suite struct GestureAndPreviewTests {
    @Test func aSwipeIsRecognizedOnlyInItsDirection() {
        let film = ControlsTesting.film()
        var seen: [String] = []
        let swipe = UISwipeGestureRecognizer { recognizer in seen.append("swiped at \(recognizer.location(in: nil).x)") }
        swipe.direction = .left
        film.rootView.addGestureRecognizer(swipe)
        film.swipe(swipe, direction: .right, at: CGPoint(x: 100, y: 100), time: 0.5)
        film.advance(to: 0.5)
        #expect(seen.isEmpty && swipe.state == .failed)
        film.swipe(swipe, direction: .left, at: CGPoint(x: 300, y: 100), time: 1)
        film.advance(to: 1)
        #expect(seen == ["swiped at 300.0"] && swipe.state == .ended)
        // Too slow (100 points in a second), then two fingers where one is required.
        film.swipe(swipe, along: [CGPoint(x: 300, y: 100), CGPoint(x: 200, y: 100)], from: 1.5, to: 2.5)
        film.swipe(swipe, direction: .left, at: CGPoint(x: 300, y: 100), time: 3, touches: 2)
        film.advance(to: 3)
        #expect(seen.count == 1 && swipe.state == .failed)
        // Up and to the left, mostly up: an up swipe.
        swipe.direction = [.up, .down]
        film.swipe(swipe, along: [CGPoint(x: 200, y: 250), CGPoint(x: 180, y: 120)], from: 3.5, to: 3.7)
        film.advance(to: 3.7)
        #expect(seen.count == 2)
    }

    final class PreviewRecorder: UIPreviewInteractionDelegate {
        var calls: [String] = []
        var begins = true
        func previewInteraction(_ previewInteraction: UIPreviewInteraction, didUpdatePreviewTransition transitionProgress: CGFloat, ended: Bool) {
            calls.append("preview \(transitionProgress)\(ended ? " ended" : "")")
        }
        func previewInteraction(_ previewInteraction: UIPreviewInteraction, didUpdateCommitTransition transitionProgress: CGFloat, ended: Bool) {
            calls.append("commit \(transitionProgress)\(ended ? " ended" : "")")
        }
        func previewInteractionDidCancel(_ previewInteraction: UIPreviewInteraction) { calls.append("cancel") }
        func previewInteractionShouldBegin(_ previewInteraction: UIPreviewInteraction) -> Bool {
            calls.append("should begin")
            return begins
        }
    }

    @Test func aDeepPressPreviewsThenCommits() {
        let film = Film(size: CGSize(width: 200, height: 200), framesPerSecond: 10)
        let card = UIView(frame: CGRect(x: 50, y: 50, width: 100, height: 100))
        film.rootView.addSubview(card)
        let interaction = UIPreviewInteraction(view: card)
        let delegate = PreviewRecorder()
        interaction.delegate = delegate
        // Force rises to the preview's threshold in 0.4 s, holds, then to the commit's.
        film.press(interaction, at: CGPoint(x: 80, y: 90), force: [0, 0.5, 0.5, 1], from: 1, to: 2.2)
        film.advance(to: 1)
        #expect(interaction.location(in: card) == CGPoint(x: 30, y: 40))
        film.advanceUntilIdle()
        #expect(delegate.calls == ["should begin", "preview 0.25", "preview 0.5", "preview 0.75", "preview 1.0 ended",
                                   "commit 0.25", "commit 0.5", "commit 0.75", "commit 1.0 ended"])
    }

    @Test func liftingEarlyCancelsAndARefusalNeverBegins() {
        let film = Film(size: CGSize(width: 200, height: 200), framesPerSecond: 10)
        let card = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        film.rootView.addSubview(card)
        let interaction = UIPreviewInteraction(view: card)
        let delegate = PreviewRecorder()
        interaction.delegate = delegate
        film.press(interaction, at: CGPoint(x: 10, y: 10), force: [0, 0.4, 0.2], from: 0, to: 0.4)
        film.advanceUntilIdle()
        #expect(delegate.calls.first == "should begin" && delegate.calls.last == "cancel")
        #expect(!delegate.calls.contains { $0.contains("ended") || $0.hasPrefix("commit") })
        delegate.calls = []
        delegate.begins = false
        film.press(interaction, at: CGPoint(x: 10, y: 10), force: [0, 1], from: 1, to: 1.5)
        film.advanceUntilIdle()
        #expect(delegate.calls == ["should begin"])
        // cancelInteraction() ends a press under way.
        delegate.begins = true
        delegate.calls = []
        film.press(interaction, at: CGPoint(x: 10, y: 10), force: [0, 1], from: 2, to: 3)
        film.at(2.25) { interaction.cancelInteraction() }
        film.advanceUntilIdle()
        #expect(delegate.calls.last == "cancel" && delegate.calls.filter { $0 == "cancel" }.count == 1)
    }
}
