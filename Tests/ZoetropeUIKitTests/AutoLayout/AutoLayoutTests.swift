import Testing
@testable import ZoetropeUIKit

/// Frames after a layout pass for the layouts UIKit code writes: pinned edges, centring,
/// intrinsic sizes against hugging, inequalities, priorities, broken constraints.
@MainActor @Suite struct AutoLayoutTests {
    /// Solved values are cleaned to a millionth of a point.
    private let tolerance: CGFloat = 1e-6

    private func window() -> UIView { UIView(frame: CGRect(x: 0, y: 0, width: 400, height: 300)) }

    private func loose(in superview: UIView) -> UIView {
        let view = UIView()
        view.translatesAutoresizingMaskIntoConstraints = false
        superview.addSubview(view)
        return view
    }

    private func close(_ a: CGRect, _ b: CGRect) -> Bool {
        abs(a.minX - b.minX) < tolerance && abs(a.minY - b.minY) < tolerance
            && abs(a.width - b.width) < tolerance && abs(a.height - b.height) < tolerance
    }

    @Test func edgesPinnedToTheMarginsGuideAreInsetByEightPoints() {
        let root = window(), card = loose(in: root)
        NSLayoutConstraint.activate([
            card.leadingAnchor.constraint(equalTo: root.layoutMarginsGuide.leadingAnchor),
            card.trailingAnchor.constraint(equalTo: root.layoutMarginsGuide.trailingAnchor),
            card.topAnchor.constraint(equalTo: root.layoutMarginsGuide.topAnchor, constant: 12),
            card.bottomAnchor.constraint(equalTo: root.bottomAnchor, constant: -20),
        ])
        root.layoutIfNeeded()
        #expect(card.frame == CGRect(x: 8, y: 20, width: 384, height: 260))
        #expect(root.layoutMarginsGuide.layoutFrame == CGRect(x: 8, y: 8, width: 384, height: 284))
        // The constraints are held by the closest common ancestor.
        #expect(root.constraints.count == 4 && card.constraints.isEmpty)
    }

    @Test func aFixedSizeViewCentredInItsSuperview() {
        let root = window(), badge = loose(in: root)
        NSLayoutConstraint.activate([
            badge.centerXAnchor.constraint(equalTo: root.centerXAnchor),
            badge.centerYAnchor.constraint(equalTo: root.centerYAnchor, constant: -10),
            badge.widthAnchor.constraint(equalToConstant: 100),
            badge.heightAnchor.constraint(equalTo: badge.widthAnchor, multiplier: 0.5),
        ])
        root.layoutIfNeeded()
        #expect(badge.frame == CGRect(x: 150, y: 115, width: 100, height: 50))
    }

    @Test func theItemAttributeInitialiserIsTheSameConstraint() {
        let root = window(), box = loose(in: root)
        NSLayoutConstraint.activate([
            NSLayoutConstraint(item: box, attribute: .left, relatedBy: .equal, toItem: root, attribute: .left, multiplier: 1, constant: 30),
            NSLayoutConstraint(item: box, attribute: .top, relatedBy: .equal, toItem: root, attribute: .top, multiplier: 1, constant: 40),
            NSLayoutConstraint(item: box, attribute: .width, relatedBy: .equal, toItem: root, attribute: .width, multiplier: 0.25, constant: 0),
            NSLayoutConstraint(item: box, attribute: .height, relatedBy: .equal, toItem: nil, attribute: .notAnAttribute, multiplier: 1, constant: 60),
        ])
        root.layoutIfNeeded()
        #expect(box.frame == CGRect(x: 30, y: 40, width: 100, height: 60))
    }

    @Test func aLabelHugsItsTextBesideAFieldThatTakesTheRest() {
        let root = window()
        let label = UILabel()
        label.text = "Email"
        label.translatesAutoresizingMaskIntoConstraints = false
        root.addSubview(label)
        let field = loose(in: root)
        NSLayoutConstraint.activate([
            label.leadingAnchor.constraint(equalTo: root.leadingAnchor, constant: 20),
            label.topAnchor.constraint(equalTo: root.topAnchor, constant: 40),
            field.leadingAnchor.constraint(equalTo: label.trailingAnchor, constant: 8),
            field.trailingAnchor.constraint(equalTo: root.trailingAnchor, constant: -20),
            field.widthAnchor.constraint(greaterThanOrEqualToConstant: 60),
            field.firstBaselineAnchor.constraint(equalTo: label.firstBaselineAnchor),
            field.heightAnchor.constraint(equalToConstant: 30),
        ])
        root.layoutIfNeeded()
        let text = label.intrinsicContentSize
        #expect(text.width > 20 && text.height > 15)
        #expect(label.frame == CGRect(x: 20, y: 40, width: text.width, height: text.height))
        #expect(abs(field.frame.minX - (28 + text.width)) < tolerance && abs(field.frame.maxX - 380) < tolerance)
        // The field's bottom (a plain view's baseline) is on the label's first baseline.
        #expect(abs(field.frame.maxY - (40 + label.font.ascender)) < tolerance)
        #expect(label.contentHuggingPriority(for: .horizontal) == 251 && field.contentHuggingPriority(for: .horizontal) == 250)
        #expect(label.contentCompressionResistancePriority(for: .vertical) == .defaultHigh)

        // A longer text: the label grows, the field gives way.
        label.text = "Email address"
        root.layoutIfNeeded()
        #expect(label.frame.width == label.intrinsicContentSize.width && label.frame.width > text.width)
        #expect(abs(field.frame.minX - (28 + label.frame.width)) < tolerance)
    }

    @Test func lowerHuggingStretchesFirst() {
        let root = window()
        let left = UILabel(), right = UILabel()
        for (label, text) in [(left, "Left"), (right, "Right")] {
            label.text = text
            label.translatesAutoresizingMaskIntoConstraints = false
            root.addSubview(label)
        }
        left.setContentHuggingPriority(.defaultLow, for: .horizontal)
        NSLayoutConstraint.activate([
            left.leadingAnchor.constraint(equalTo: root.leadingAnchor),
            right.leadingAnchor.constraint(equalTo: left.trailingAnchor),
            right.trailingAnchor.constraint(equalTo: root.trailingAnchor),
            left.topAnchor.constraint(equalTo: root.topAnchor),
            right.topAnchor.constraint(equalTo: root.topAnchor),
        ])
        root.layoutIfNeeded()
        #expect(right.frame.width == right.intrinsicContentSize.width)
        #expect(abs(left.frame.width - (400 - right.intrinsicContentSize.width)) < tolerance)
    }

    @Test func anInequalityCapsAnOptionalWidth() {
        let root = window(), bar = loose(in: root)
        let wide = bar.widthAnchor.constraint(equalToConstant: 300)
        wide.priority = .defaultHigh
        NSLayoutConstraint.activate([
            bar.leadingAnchor.constraint(equalTo: root.leadingAnchor, constant: 10),
            bar.topAnchor.constraint(equalTo: root.topAnchor),
            bar.heightAnchor.constraint(equalToConstant: 4),
            bar.widthAnchor.constraint(lessThanOrEqualTo: root.widthAnchor, multiplier: 0.5),
            wide,
        ])
        root.layoutIfNeeded()
        #expect(bar.frame.width == 200)
        // Deactivating the cap lets the preference through.
        NSLayoutConstraint.deactivate(root.constraints.filter { $0.relation == .lessThanOrEqual })
        root.layoutIfNeeded()
        #expect(bar.frame.width == 300)
    }

    @Test func theHigherOfTwoOptionalPrioritiesWins() {
        let root = window(), box = loose(in: root)
        let low = box.widthAnchor.constraint(equalToConstant: 100), high = box.widthAnchor.constraint(equalToConstant: 200)
        low.priority = .defaultLow
        high.priority = .defaultHigh
        NSLayoutConstraint.activate([low, high, box.heightAnchor.constraint(equalToConstant: 10),
                                     box.leadingAnchor.constraint(equalTo: root.leadingAnchor),
                                     box.topAnchor.constraint(equalTo: root.topAnchor)])
        root.layoutIfNeeded()
        #expect(box.frame.width == 200)
        high.priority = .defaultLow - 1
        root.layoutIfNeeded()
        #expect(box.frame.width == 100)
        #expect(UILayoutPriority.required - 1 == 999 && UILayoutPriority.fittingSizeLevel.rawValue == 50)
    }

    @Test func aViewThatTranslatesItsMaskIsHeldWhereCodePutIt() {
        let root = window()
        let fixed = UIView(frame: CGRect(x: 10, y: 20, width: 50, height: 40))
        root.addSubview(fixed)
        let next = loose(in: root)
        NSLayoutConstraint.activate([
            next.leadingAnchor.constraint(equalTo: fixed.trailingAnchor, constant: 5),
            next.topAnchor.constraint(equalTo: fixed.topAnchor),
            next.widthAnchor.constraint(equalTo: fixed.widthAnchor),
            next.heightAnchor.constraint(equalTo: fixed.heightAnchor),
        ])
        root.layoutIfNeeded()
        #expect(fixed.frame == CGRect(x: 10, y: 20, width: 50, height: 40))
        #expect(next.frame == CGRect(x: 65, y: 20, width: 50, height: 40))
    }

    @Test func aViewWithoutConstraintsKeepsItsFrameExactly() {
        let root = window()
        let view = UIView(frame: CGRect(x: 1.25, y: 2.5, width: 33.3, height: 44.4))
        root.addSubview(view)
        view.setNeedsLayout()
        root.layoutIfNeeded()
        #expect(view.frame == CGRect(x: 1.25, y: 2.5, width: 33.3, height: 44.4))
    }

    @Test func anAutoresizingMaskSharesASizeChange() {
        let parent = UIView(frame: CGRect(x: 0, y: 0, width: 200, height: 100))
        let bar = UIView(frame: CGRect(x: 10, y: 10, width: 180, height: 20))
        bar.autoresizingMask = [.flexibleWidth]
        let corner = UIView(frame: CGRect(x: 150, y: 50, width: 40, height: 40))
        corner.autoresizingMask = [.flexibleLeftMargin, .flexibleTopMargin]
        let still = UIView(frame: CGRect(x: 5, y: 5, width: 5, height: 5))
        for view in [bar, corner, still] { parent.addSubview(view) }
        parent.frame = CGRect(x: 0, y: 0, width: 300, height: 150)
        #expect(bar.frame == CGRect(x: 10, y: 10, width: 280, height: 20))
        #expect(corner.frame == CGRect(x: 250, y: 100, width: 40, height: 40))
        #expect(still.frame == CGRect(x: 5, y: 5, width: 5, height: 5))
    }

    @Test func anAutoresizingMaskFollowsASizeTheSolverChanges() {
        let root = window(), panel = loose(in: root)
        let bar = UIView(frame: CGRect(x: 10, y: 0, width: 80, height: 10))
        bar.autoresizingMask = [.flexibleWidth]
        panel.frame = CGRect(x: 0, y: 0, width: 100, height: 50)  // before the bar is in it: this resize would move it
        panel.addSubview(bar)
        let width = panel.widthAnchor.constraint(equalToConstant: 100)
        NSLayoutConstraint.activate([width, panel.heightAnchor.constraint(equalToConstant: 50),
                                     panel.leadingAnchor.constraint(equalTo: root.leadingAnchor),
                                     panel.topAnchor.constraint(equalTo: root.topAnchor),
                                     bar.topAnchor.constraint(equalTo: panel.topAnchor)])
        root.layoutIfNeeded()
        width.constant = 200
        root.layoutIfNeeded()
        #expect(panel.frame.width == 200)
        #expect(bar.frame == CGRect(x: 10, y: 0, width: 180, height: 10))
    }

    @Test func anUnsatisfiableConstraintIsBrokenAndLogged() {
        let root = window(), box = loose(in: root)
        box.accessibilityIdentifier = "box"
        let narrow = box.widthAnchor.constraint(equalToConstant: 100), wide = box.widthAnchor.constraint(equalToConstant: 200)
        wide.identifier = "wide"
        NSLayoutConstraint.activate([narrow, wide, box.heightAnchor.constraint(equalToConstant: 10),
                                     box.leadingAnchor.constraint(equalTo: root.leadingAnchor),
                                     box.topAnchor.constraint(equalTo: root.topAnchor)])
        let capture = LayoutPass.LogCapture()
        LayoutPass.$capture.withValue(capture) { root.layoutIfNeeded() }
        #expect(box.frame.width == 100)
        #expect(capture.messages.count == 1)
        let message = capture.messages.first ?? ""
        #expect(message.contains("Unable to simultaneously satisfy constraints"))
        #expect(message.contains("\"<NSLayoutConstraint UIView:'box'.width == 100   (active)>\""))
        #expect(message.contains("Will attempt to recover by breaking constraint\n<NSLayoutConstraint 'wide' UIView:'box'.width == 200   (active)>"))
        // Logged once, not again on every pass.
        box.setNeedsLayout()
        LayoutPass.$capture.withValue(capture) { root.layoutIfNeeded() }
        #expect(capture.messages.count == 1)
        // A frame-holding constraint is named as UIKit names it.
        let held = UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
        root.addSubview(held)
        held.widthAnchor.constraint(equalToConstant: 20).isActive = true
        LayoutPass.$capture.withValue(capture) { root.layoutIfNeeded() }
        #expect(capture.messages.count == 2 && capture.messages[1].contains("NSAutoresizingMaskLayoutConstraint"))
        #expect(held.frame.width == 10)
    }

    @Test func systemLayoutSizeFittingMeasuresWithoutMoving() {
        let cell = UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
        let label = UILabel()
        label.text = "Fits"
        label.translatesAutoresizingMaskIntoConstraints = false
        cell.addSubview(label)
        NSLayoutConstraint.activate([
            label.leadingAnchor.constraint(equalTo: cell.leadingAnchor, constant: 12),
            label.trailingAnchor.constraint(equalTo: cell.trailingAnchor, constant: -12),
            label.topAnchor.constraint(equalTo: cell.topAnchor, constant: 6),
            label.bottomAnchor.constraint(equalTo: cell.bottomAnchor, constant: -6),
        ])
        let size = cell.systemLayoutSizeFitting(UIView.layoutFittingCompressedSize)
        let text = label.intrinsicContentSize
        #expect(size == CGSize(width: text.width + 24, height: text.height + 12))
        #expect(cell.frame.size == CGSize(width: 10, height: 10))
    }

    @Test func layoutSubviewsRunsAfterTheFramesAreSet() {
        final class Probe: UIView {
            var seen: [CGSize] = []
            override func layoutSubviews() { seen.append(bounds.size) }
        }
        let root = window(), probe = Probe(frame: .zero)
        probe.translatesAutoresizingMaskIntoConstraints = false
        root.addSubview(probe)
        NSLayoutConstraint.activate([probe.widthAnchor.constraint(equalToConstant: 70), probe.heightAnchor.constraint(equalToConstant: 30),
                                     probe.leadingAnchor.constraint(equalTo: root.leadingAnchor),
                                     probe.topAnchor.constraint(equalTo: root.topAnchor)])
        root.layoutIfNeeded()
        #expect(probe.seen == [CGSize(width: 70, height: 30)])
        root.layoutIfNeeded()
        #expect(probe.seen.count == 1, "nothing needs layout")
    }

    @Test func theSafeAreaIsTheBoundsUnlessTheFilmSetsInsets() {
        let film = Film(size: CGSize(width: 390, height: 844), framesPerSecond: 10)
        let content = UIView()
        film.run {
            content.translatesAutoresizingMaskIntoConstraints = false
            film.rootView.addSubview(content)
            let guide = film.rootView.safeAreaLayoutGuide
            NSLayoutConstraint.activate([content.topAnchor.constraint(equalTo: guide.topAnchor),
                                         content.bottomAnchor.constraint(equalTo: guide.bottomAnchor),
                                         content.leadingAnchor.constraint(equalTo: guide.leadingAnchor),
                                         content.trailingAnchor.constraint(equalTo: guide.trailingAnchor)])
            film.rootView.layoutIfNeeded()
        }
        #expect(content.frame == CGRect(x: 0, y: 0, width: 390, height: 844))
        film.safeAreaInsets = UIEdgeInsets(top: 47, left: 0, bottom: 34, right: 0)
        film.run { film.rootView.layoutIfNeeded() }
        #expect(content.frame == CGRect(x: 0, y: 47, width: 390, height: 763))
    }
}
