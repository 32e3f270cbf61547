import Testing
@testable import ZoetropeUIKit

/// A stack view arranges its views with constraints of its own, as UIKit's does.
@MainActor @Suite struct UIStackViewTests {
    private let tolerance: CGFloat = 1e-6

    private func sized(_ width: CGFloat, _ height: CGFloat) -> UIView {
        let view = UIView()
        view.widthAnchor.constraint(equalToConstant: width).isActive = true
        view.heightAnchor.constraint(equalToConstant: height).isActive = true
        return view
    }

    private func stack(_ views: [UIView], in root: UIView, width: CGFloat = 300, height: CGFloat = 100) -> UIStackView {
        let stack = UIStackView(arrangedSubviews: views)
        stack.frame = CGRect(x: 0, y: 0, width: width, height: height)
        root.addSubview(stack)
        return stack
    }

    @Test func fillEquallySharesTheLengthLessTheSpacing() {
        let root = UIView(frame: CGRect(x: 0, y: 0, width: 400, height: 300))
        let views = [UIView(), UIView(), UIView()]
        let row = stack(views, in: root)
        row.distribution = .fillEqually
        row.spacing = 10
        root.layoutIfNeeded()
        let width = (300 - 20) / 3 as CGFloat
        for (index, view) in views.enumerated() {
            #expect(abs(view.frame.minX - CGFloat(index) * (width + 10)) < tolerance)
            #expect(abs(view.frame.width - width) < tolerance && view.frame.height == 100)
        }
        #expect(!views[0].translatesAutoresizingMaskIntoConstraints)
    }

    @Test func equalSpacingSharesTheSpaceBetweenFixedViews() {
        let root = UIView(frame: CGRect(x: 0, y: 0, width: 400, height: 300))
        let views = [sized(50, 20), sized(50, 40), sized(50, 30)]
        let row = stack(views, in: root)
        row.distribution = .equalSpacing
        row.alignment = .center
        root.layoutIfNeeded()
        #expect(views.map(\.frame.minX) == [0, 125, 250])
        #expect(views.map(\.frame.midY) == [50, 50, 50])
    }

    @Test func equalCenteringSpacesTheCentres() {
        let root = UIView(frame: CGRect(x: 0, y: 0, width: 400, height: 300))
        let views = [sized(20, 10), sized(60, 10), sized(100, 10)]
        let row = stack(views, in: root)
        row.distribution = .equalCentering
        row.alignment = .top
        root.layoutIfNeeded()
        let centres = views.map(\.frame.midX)
        #expect(abs((centres[1] - centres[0]) - (centres[2] - centres[1])) < tolerance)
        #expect(views[0].frame.minX == 0 && abs(views[2].frame.maxX - 300) < tolerance)
        #expect(views.allSatisfy { $0.frame.minY == 0 })
    }

    @Test func fillProportionallyFollowsTheIntrinsicWidths() {
        let root = UIView(frame: CGRect(x: 0, y: 0, width: 400, height: 300))
        let short = UILabel(), long = UILabel()
        short.text = "ab"
        long.text = "abcdefgh"
        let row = stack([short, long], in: root)
        row.distribution = .fillProportionally
        root.layoutIfNeeded()
        let a = short.intrinsicContentSize.width, b = long.intrinsicContentSize.width
        #expect(abs(short.frame.width - 300 * a / (a + b)) < tolerance)
        #expect(abs(long.frame.maxX - 300) < tolerance)
    }

    @Test func aVerticalStackFillsAndAlignsAcross() {
        let root = UIView(frame: CGRect(x: 0, y: 0, width: 400, height: 300))
        let top = sized(100, 30), bottom = UIView()
        bottom.widthAnchor.constraint(equalToConstant: 200).isActive = true
        let column = stack([top, bottom], in: root, width: 240, height: 300)
        column.axis = .vertical
        column.distribution = .fill
        column.alignment = .trailing
        column.spacing = 6
        root.layoutIfNeeded()
        #expect(top.frame == CGRect(x: 140, y: 0, width: 100, height: 30))
        // The view without a height of its own takes the rest of the column.
        #expect(bottom.frame == CGRect(x: 40, y: 36, width: 200, height: 264))
    }

    @Test func firstBaselineAlignmentLinesUpTheText() {
        let root = UIView(frame: CGRect(x: 0, y: 0, width: 400, height: 300))
        let big = UILabel(), small = UILabel()
        big.text = "Big"
        big.font = .systemFont(ofSize: 34)
        small.text = "small"
        small.font = .systemFont(ofSize: 13)
        let row = stack([big, small], in: root)
        row.alignment = .firstBaseline
        row.distribution = .equalSpacing
        root.layoutIfNeeded()
        #expect(abs((big.frame.minY + big.font.ascender) - (small.frame.minY + small.font.ascender)) < tolerance)
        #expect(big.frame.minY >= 0 && small.frame.maxY <= 100 + tolerance)
    }

    @Test func hidingAnArrangedViewInAnAnimationClosesTheGap() throws {
        let film = Film(size: CGSize(width: 300, height: 100), framesPerSecond: 10)
        let views = [UIView(), UIView(), UIView()]
        let row = UIStackView(arrangedSubviews: views)
        film.run {
            row.frame = film.rootView.bounds
            row.distribution = .fillEqually
            row.spacing = 10
            film.rootView.addSubview(row)
            film.rootView.layoutIfNeeded()
        }
        let width = (300 - 20) / 3 as CGFloat
        #expect(abs(views[2].frame.minX - 2 * (width + 10)) < tolerance)
        film.at(1) {
            UIView.animate(withDuration: 1, delay: 0, options: .curveLinear, animations: { views[1].isHidden = true })
        }
        film.advance(to: 1)
        // The model is closed up at once: two views share 290 points.
        #expect(abs(views[2].frame.minX - 155) < tolerance && abs(views[0].frame.width - 145) < tolerance)
        film.advance(to: 1.5)
        let x = try #require(views[2].layer.presentation()).frame.minX
        #expect(abs(x - (2 * (width + 10) + 155) / 2) < tolerance)
        // Shown again, it comes back between them.
        film.at(2.5) { views[1].isHidden = false }
        film.advance(to: 2.5)
        #expect(abs(views[1].frame.minX - (width + 10)) < tolerance && abs(views[1].frame.width - width) < tolerance)
    }

    @Test func removingAndInsertingArrangedViews() {
        let root = UIView(frame: CGRect(x: 0, y: 0, width: 400, height: 300))
        let a = sized(40, 10), b = sized(40, 10), c = sized(40, 10)
        let row = stack([a, b], in: root)
        row.distribution = .equalSpacing
        row.insertArrangedSubview(c, at: 0)
        root.layoutIfNeeded()
        #expect(row.arrangedSubviews.map(ObjectIdentifier.init) == [c, a, b].map(ObjectIdentifier.init))
        #expect([c, a, b].map(\.frame.minX) == [0, 130, 260])
        row.removeArrangedSubview(a)
        a.removeFromSuperview()
        root.layoutIfNeeded()
        #expect([c, b].map(\.frame.minX) == [0, 260])
    }
}
