import Testing
import ZoetropeUIKit

/// Long presses, pinches and rotations, driven by a film as apps handle them.
@MainActor @Suite struct ContinuousGestureTests {
    @Test func aLongPressBeginsAfterItsDurationFollowsTheFingerAndEnds() throws {
        let film = Film(size: CGSize(width: 200, height: 200), framesPerSecond: 10)
        let card = UIView(frame: CGRect(x: 50, y: 50, width: 40, height: 40))
        film.rootView.addSubview(card)
        var log: [(UIGestureRecognizer.State, TimeInterval, CGPoint)] = []
        let press = UILongPressGestureRecognizer { recognizer in
            log.append((recognizer.state, film.time, recognizer.location(in: nil)))
            if recognizer.state == .began { card.transform = CGAffineTransform(scaleX: 1.2, y: 1.2) }
        }
        card.addGestureRecognizer(press)
        film.longPress(press, along: [CGPoint(x: 60, y: 60), CGPoint(x: 60, y: 60), CGPoint(x: 160, y: 60)], from: 0.2, to: 1.2)
        film.advance(to: 0.6)
        #expect(log.isEmpty && press.state == .possible, "held 0.4 s of the 0.5 s it needs")
        film.advance(to: 0.7)
        #expect(log.map(\.0) == [.began] && log[0].1 == 0.7 && log[0].2 == CGPoint(x: 60, y: 60))
        film.advance(to: 1.2)
        let lift = try #require(log.last)
        #expect(lift.0 == .ended && abs(lift.2.x - 160) < 1e-9 && lift.2.y == 60, "it follows the finger to the lift (\(lift.2))")
        #expect(log.filter { $0.0 == .changed }.count == 5, "0.8 … 1.1 and the last move at 1.2")
        #expect(card.transform.a == 1.2)

        // Moved away before the half second: it fails and never calls its action.
        let moved = UILongPressGestureRecognizer { _ in Issue.record("a press that moved 40 points was recognized") }
        film.longPress(moved, along: [CGPoint(x: 0, y: 0), CGPoint(x: 40, y: 0)], from: 1.5, to: 1.9)
        film.advance(to: 2)
        #expect(moved.state == .failed)
    }

    @Test func aPinchScalesAViewAsAppsResetTheScale() {
        let film = Film(size: CGSize(width: 200, height: 200), framesPerSecond: 10)
        let photo = UIView(frame: CGRect(x: 50, y: 50, width: 100, height: 100))
        film.rootView.addSubview(photo)
        var velocities: [CGFloat] = []
        let pinch = UIPinchGestureRecognizer { recognizer in
            photo.transform = photo.transform.scaledBy(x: recognizer.scale, y: recognizer.scale)
            recognizer.scale = 1
            velocities.append(recognizer.velocity)
        }
        photo.addGestureRecognizer(pinch)
        film.pinch(pinch, scales: [1, 2], at: CGPoint(x: 100, y: 100), from: 0, to: 1)
        film.advance(to: 0.5)
        #expect(abs(photo.transform.a - 1.5) < 1e-9, "halfway through a pinch from 1 to 2")
        film.advance(to: 1)
        #expect(abs(photo.transform.a - 2) < 1e-9 && pinch.state == .ended)
        #expect(velocities.first == 0 && velocities.dropFirst().allSatisfy { $0 == 1 }, "a scale of 1 per second")
    }

    @Test func aRotationTurnsAViewByItsIncrements() {
        let film = Film(size: CGSize(width: 200, height: 200), framesPerSecond: 10)
        let dial = UIView(frame: CGRect(x: 50, y: 50, width: 100, height: 100))
        film.rootView.addSubview(dial)
        var turned: CGFloat = 0
        let rotation = UIRotationGestureRecognizer { recognizer in
            turned += recognizer.rotation
            recognizer.rotation = 0
        }
        dial.addGestureRecognizer(rotation)
        film.rotate(rotation, angles: [0, .pi / 2, .pi / 4], at: CGPoint(x: 100, y: 100), from: 0, to: 2)
        film.advance(to: 0.5)
        #expect(abs(turned - .pi / 4) < 1e-9 && abs(rotation.velocity - .pi / 2) < 1e-9, "a quarter turn a second, halfway")
        film.advance(to: 1)
        #expect(abs(turned - .pi / 2) < 1e-9)
        film.advance(to: 2)
        #expect(abs(turned - .pi / 4) < 1e-9 && abs(rotation.velocity + .pi / 4) < 1e-9 && rotation.state == .ended)
    }
}
