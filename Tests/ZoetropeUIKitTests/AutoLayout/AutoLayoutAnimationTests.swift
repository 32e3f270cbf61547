import Testing
@testable import ZoetropeUIKit

/// `layoutIfNeeded()` inside an animations closure animates what the solver moved, as setting
/// those frames there would.
@MainActor @Suite struct AutoLayoutAnimationTests {
    private let tolerance: CGFloat = 1e-6

    /// The chapter's sign-up form: a field off screen to the left slides in when its leading
    /// constant changes in viewDidAppear.
    final class SignUpController: UIViewController {
        let field = UIView()
        var leading: NSLayoutConstraint!

        override func viewDidLoad() {
            field.translatesAutoresizingMaskIntoConstraints = false
            view.addSubview(field)
            leading = field.leadingAnchor.constraint(equalTo: view.leadingAnchor, constant: -300)
            NSLayoutConstraint.activate([leading, field.widthAnchor.constraint(equalToConstant: 200),
                                         field.topAnchor.constraint(equalTo: view.topAnchor, constant: 100),
                                         field.heightAnchor.constraint(equalToConstant: 40)])
        }

        override func viewDidAppear(_ animated: Bool) {
            leading.constant = 20
            UIView.animate(withDuration: 1, delay: 0, options: .curveLinear, animations: { self.view.layoutIfNeeded() })
        }
    }

    @Test func aConstantChangedThenLaidOutInAnAnimationSlidesTheField() throws {
        let film = Film(size: CGSize(width: 400, height: 300), framesPerSecond: 10)
        let controller = SignUpController()
        film.show(controller)
        // The model is at the end at once; what is on screen starts where the layout was.
        #expect(controller.field.frame == CGRect(x: 20, y: 100, width: 200, height: 40))
        film.advance(to: 0.5)
        let halfway = try #require(controller.field.layer.presentation()).position
        #expect(abs(halfway.x - (-40)) < tolerance, "halfway from centre x -200 to 120")
        #expect(abs(halfway.y - 120) < tolerance)
        film.advance(to: 1)
        #expect(abs((controller.field.layer.presentation()?.position.x ?? 0) - 120) < tolerance)
    }

    @Test func aPropertyAnimatorAnimatesTheLayoutToo() throws {
        let film = Film(size: CGSize(width: 400, height: 300), framesPerSecond: 10)
        let box = UIView()
        var height: NSLayoutConstraint!
        film.run {
            box.translatesAutoresizingMaskIntoConstraints = false
            film.rootView.addSubview(box)
            height = box.heightAnchor.constraint(equalToConstant: 20)
            NSLayoutConstraint.activate([height, box.widthAnchor.constraint(equalToConstant: 50),
                                         box.topAnchor.constraint(equalTo: film.rootView.topAnchor),
                                         box.leadingAnchor.constraint(equalTo: film.rootView.leadingAnchor)])
        }
        film.at(1) {
            height.constant = 120
            UIViewPropertyAnimator(duration: 2, curve: .linear) { film.rootView.layoutIfNeeded() }.startAnimation()
        }
        film.advance(to: 2)
        let size = try #require(box.layer.presentation()).bounds.size
        #expect(abs(size.height - 70) < tolerance)
        #expect(box.frame.height == 120)
    }

    @Test func aConstantChangedOutsideAnAnimationIsLaidOutAtTheEndOfTheCall() {
        let film = Film(size: CGSize(width: 400, height: 300), framesPerSecond: 10)
        let box = UIView()
        var left: NSLayoutConstraint!
        film.run {
            box.translatesAutoresizingMaskIntoConstraints = false
            film.rootView.addSubview(box)
            left = box.leadingAnchor.constraint(equalTo: film.rootView.leadingAnchor, constant: 10)
            NSLayoutConstraint.activate([left, box.widthAnchor.constraint(equalToConstant: 50), box.heightAnchor.constraint(equalToConstant: 50),
                                         box.topAnchor.constraint(equalTo: film.rootView.topAnchor)])
        }
        film.at(0.5) { left.constant = 60 }
        film.advance(to: 0.5)
        #expect(box.frame.minX == 60)
        #expect(box.layer.presentation()?.position.x == 85, "set at once: no animation")
    }
}
