import Foundation
import ZoetropeFiles

/// A layout pass over a window (the top view of a tree): the tree's constraints solved
/// together, the frames that moved set as code setting `frame` sets them, then
/// `layoutSubviews()` of the views that need it.
///
/// The solver is built anew for each pass from what the tree holds then: the active
/// constraints (views depth first, each view's in the order they were activated), each
/// view's autoresizing-mask constraints (when `translatesAutoresizingMaskIntoConstraints`)
/// or intrinsic-size constraints (when not), its guides', and a weak pull of every unknown
/// towards where it is now, so that what the constraints leave free stays put. Rejected: one
/// incremental solver per film kept in step with every change (activation, removal from the
/// tree, a label's new text, a frame set by code); a window's layout is tens of constraints,
/// and a solver built from the tree cannot drift from it.
///
/// Only views that take part are solved: the items of active constraints, views whose
/// `translatesAutoresizingMaskIntoConstraints` is false, and their ancestors. A tree without
/// constraints is not solved at all, so a view without constraints keeps its frame exactly.
@MainActor
enum LayoutPass {
    /// What a pass is setting: the views it places (autoresizing leaves them to it) and those
    /// whose size it changed (their `layoutSubviews()` runs).
    @MainActor final class Application {
        let placed: Set<ObjectIdentifier>
        var resized: [UIView] = []
        init(placed: Set<ObjectIdentifier>) { self.placed = placed }
    }

    /// The pass applying its frames, bound while it does.
    @TaskLocal static var applying: Application?

    /// Collects the unsatisfiable-constraint reports (tests bind one; the reports also go to
    /// standard error).
    @MainActor final class LogCapture {
        var messages: [String] = []
    }

    @TaskLocal static var capture: LogCapture?

    /// A solved layout: each view's frame in its superview, each guide's in its owning view.
    struct Solution {
        var frames: [(view: UIView, frame: CGRect)] = []
        var guides: [(guide: UILayoutGuide, frame: CGRect)] = []
        var rootSize = CGSize.zero
    }

    // MARK: Passes

    /// Lays out `root`'s tree when a view in it needs layout (or constraints updating), until
    /// none does (at most ten rounds, for `layoutSubviews()` overrides that change constraints).
    static func layOut(root: UIView) {
        for _ in 0..<10 {
            let views = preorder(root)
            guard views.contains(where: { $0.layoutState.needsLayout || $0.layoutState.needsUpdateConstraints }) else { return }
            updateConstraints(views)
            var toLayOut = Set(views.filter(\.layoutState.needsLayout).map(ObjectIdentifier.init))
            for view in views { view.layoutState.needsLayout = false }
            if let solution = solve(root: root, views: views, fitting: nil) {
                for view in apply(solution) { toLayOut.insert(ObjectIdentifier(view)) }
            }
            for view in views where toLayOut.contains(ObjectIdentifier(view)) {
                view.owningController?.viewWillLayoutSubviews()
                view.layoutSubviews()
                view.owningController?.viewDidLayoutSubviews()
            }
        }
    }

    /// Calls `updateConstraints()` of the views of `root`'s tree that asked for it, leaves first.
    static func updateConstraints(in root: UIView) {
        updateConstraints(preorder(root))
    }

    private static func updateConstraints(_ views: [UIView]) {
        for view in views.reversed() where view.layoutState.needsUpdateConstraints {
            view.updateConstraints()
            view.layoutState.needsUpdateConstraints = false
        }
    }

    /// The size `view`'s constraints give it pulled towards `target`, its frames untouched.
    static func fittingSize(of view: UIView, target: CGSize, priorities: (UILayoutPriority, UILayoutPriority)) -> CGSize {
        solve(root: view, views: preorder(view), fitting: (target, priorities))?.rootSize ?? view.bounds.size
    }

    /// The views of `root`'s tree, parents before their subviews.
    static func preorder(_ root: UIView) -> [UIView] {
        var result: [UIView] = []
        var pending = [root]
        while let view = pending.popLast() {
            result.append(view)
            pending.append(contentsOf: view.subviews.reversed())
        }
        return result
    }

    // MARK: Solving

    /// Solves the constraints of the tree `views` (from `root`, which stays where it is and,
    /// made in code, its size); nil when nothing in it uses Auto Layout and nothing is fitted.
    /// `fitting` pulls the root's size towards a target at the given priorities instead.
    static func solve(root: UIView, views: [UIView], fitting: (target: CGSize, priorities: (UILayoutPriority, UILayoutPriority))?) -> Solution? {
        let inTree = Set(views.map(ObjectIdentifier.init))
        func owner(_ item: AnyObject?) -> UIView? { (item as? LayoutItem)?.owningViewForLayout }
        func isInTree(_ item: AnyObject?) -> Bool { item == nil || owner(item).map { inTree.contains(ObjectIdentifier($0)) } == true }
        var constraints: [NSLayoutConstraint] = []
        for view in views {
            for constraint in view.layoutState.constraints
            where constraint.firstItem != nil && isInTree(constraint.firstItem) && isInTree(constraint.secondItem) {
                constraints.append(constraint)
            }
        }
        let loose = views.filter { $0 !== root && !$0.translatesAutoresizingMaskIntoConstraints }
        guard !constraints.isEmpty || !loose.isEmpty || fitting != nil else { return nil }

        // Who takes part: the constraints' views, the loose views, and their ancestors.
        var taking: Set<ObjectIdentifier> = [ObjectIdentifier(root)]
        func include(_ view: UIView?) {
            var current = view
            while let view = current, taking.insert(ObjectIdentifier(view)).inserted { current = view.superview }
        }
        for constraint in constraints {
            include(owner(constraint.firstItem))
            include(owner(constraint.secondItem))
        }
        loose.forEach(include)
        let parts = views.filter { taking.contains(ObjectIdentifier($0)) }

        // Where each one is now, in the root's coordinates.
        var origins: [ObjectIdentifier: CGPoint] = [ObjectIdentifier(root): .zero]
        for view in parts where view !== root {
            guard let superview = view.superview, let base = origins[ObjectIdentifier(superview)] else { continue }
            let frame = view.alignmentFrame
            origins[ObjectIdentifier(view)] = CGPoint(x: base.x + frame.minX, y: base.y + frame.minY)
        }

        var solver = ConstraintSolver()
        func require(_ constraint: LayoutConstraint) {
            do {
                try solver.addConstraint(constraint)
            } catch {
                // The frame-holding and guide constraints go in before any of the program's, each
                // on unknowns of its own view or guide, so they cannot conflict; were one to, the
                // frame it would hold is left to the rest.
            }
        }
        func prefer(_ variable: LayoutVariable, _ value: CGFloat) {
            require(LayoutConstraint(LayoutExpression(variable), .equal, LayoutExpression(constant: Double(value)), strength: .weak))
        }
        func number(_ value: CGFloat) -> LayoutExpression { LayoutExpression(constant: Double(value)) }

        let rootVariables = root.layoutVariables
        require(LayoutConstraint(LayoutExpression(rootVariables.left), .equal, 0))
        require(LayoutConstraint(LayoutExpression(rootVariables.top), .equal, 0))
        if let fitting {
            require(LayoutConstraint(LayoutExpression(rootVariables.width), .equal, number(fitting.target.width), strength: fitting.priorities.0.strength))
            require(LayoutConstraint(LayoutExpression(rootVariables.height), .equal, number(fitting.target.height), strength: fitting.priorities.1.strength))
        } else if root.translatesAutoresizingMaskIntoConstraints {
            require(LayoutConstraint(LayoutExpression(rootVariables.width), .equal, number(root.bounds.width)))
            require(LayoutConstraint(LayoutExpression(rootVariables.height), .equal, number(root.bounds.height)))
        }

        // Each view is held by its autoresizing mask, or pulled to its intrinsic size.
        var sizeConstraints: [(LayoutConstraint, String)] = []
        var described: [LayoutConstraint: String] = [:]
        for view in parts {
            let variables = view.layoutVariables
            if view !== root, view.translatesAutoresizingMaskIntoConstraints, let superview = view.superview {
                for constraint in maskConstraints(of: view, in: superview) {
                    described[constraint.0] = constraint.1
                    require(constraint.0)
                }
            } else if view !== root || fitting != nil || !view.translatesAutoresizingMaskIntoConstraints {
                let size = view.intrinsicContentSize
                for (axis, value, variable) in [(NSLayoutConstraint.Axis.horizontal, size.width, variables.width),
                                                (.vertical, size.height, variables.height)] where value != UIView.noIntrinsicMetric && value >= 0 {
                    let hug = view.contentHuggingPriority(for: axis), resist = view.contentCompressionResistancePriority(for: axis)
                    let text = "<NSContentSizeLayoutConstraint \(name(of: view)).\(axis == .horizontal ? "width" : "height") == \(Self.number(value)) Hug:\(Self.number(CGFloat(hug.rawValue))) CompressionResistance:\(Self.number(CGFloat(resist.rawValue)))   (active)>"
                    sizeConstraints.append((LayoutConstraint(LayoutExpression(variable), .lessThanOrEqual, number(value), strength: hug.strength), text))
                    sizeConstraints.append((LayoutConstraint(LayoutExpression(variable), .greaterThanOrEqual, number(value), strength: resist.strength), text))
                }
            }
        }

        // Guides: the margins and safe area follow their views; guides of one's own are free.
        var guides: [UILayoutGuide] = []
        let insets = root.film?.safeAreaInsets ?? .zero
        for view in parts {
            let owner = view.layoutVariables
            let l = LayoutExpression(owner.left), t = LayoutExpression(owner.top)
            let r = l + LayoutExpression(owner.width), b = t + LayoutExpression(owner.height)
            for guide in view.layoutState.guides + [view.layoutState.marginsGuide, view.layoutState.safeAreaGuide].compactMap({ $0 }) {
                guides.append(guide)
                let g = guide.layoutVariables
                let gl = LayoutExpression(g.left), gt = LayoutExpression(g.top)
                let gr = gl + LayoutExpression(g.width), gb = gt + LayoutExpression(g.height)
                switch guide.kind {
                case .own:
                    break
                case .margins:
                    let m = view.layoutState.margins
                    require(LayoutConstraint(gl, .equal, l + number(m.leading)))
                    require(LayoutConstraint(gt, .equal, t + number(m.top)))
                    require(LayoutConstraint(gr, .equal, r - number(m.trailing)))
                    require(LayoutConstraint(gb, .equal, b - number(m.bottom)))
                case .safeArea where insets == .zero:
                    for (edge, viewEdge) in [(gl, l), (gt, t), (gr, r), (gb, b)] { require(LayoutConstraint(edge, .equal, viewEdge)) }
                case .safeArea:
                    // Each edge is the view's, or the film's safe edge where that is further in:
                    // the view's pulled strongly (above every UIKit priority), the other a bound.
                    let rootR = LayoutExpression(rootVariables.width) - number(insets.right)
                    let rootB = LayoutExpression(rootVariables.height) - number(insets.bottom)
                    require(LayoutConstraint(gl, .greaterThanOrEqual, l))
                    require(LayoutConstraint(gl, .greaterThanOrEqual, number(insets.left)))
                    require(LayoutConstraint(gt, .greaterThanOrEqual, t))
                    require(LayoutConstraint(gt, .greaterThanOrEqual, number(insets.top)))
                    require(LayoutConstraint(gr, .lessThanOrEqual, r))
                    require(LayoutConstraint(gr, .lessThanOrEqual, rootR))
                    require(LayoutConstraint(gb, .lessThanOrEqual, b))
                    require(LayoutConstraint(gb, .lessThanOrEqual, rootB))
                    for (edge, viewEdge) in [(gl, l), (gt, t), (gr, r), (gb, b)] {
                        require(LayoutConstraint(edge, .equal, viewEdge, strength: .strong))
                    }
                }
            }
        }

        // The program's constraints, then the intrinsic sizes; a required one that cannot hold
        // is broken and logged, as UIKit does.
        for constraint in constraints {
            guard let solverConstraint = constraint.solverConstraint() else { continue }
            described[solverConstraint] = constraint.description
            do {
                try solver.addConstraint(solverConstraint)
                constraint.isBroken = false
            } catch .unsatisfiableConstraint {
                if !constraint.isBroken {
                    let conflict = solver.conflictingConstraints(with: solverConstraint)
                    logUnsatisfiable(conflict.map { described[$0] ?? $0.description } + [constraint.description], breaking: constraint.description)
                }
                constraint.isBroken = true
            } catch {
                // Duplicate or internal errors cannot come from a fresh constraint object; the
                // constraint is left out of this pass.
            }
        }
        for (constraint, text) in sizeConstraints {
            described[constraint] = text
            do {
                try solver.addConstraint(constraint)
            } catch .unsatisfiableConstraint {
                // A required intrinsic size that the required constraints contradict: broken,
                // as UIKit breaks it, and logged each pass (it has no object to remember).
                let conflict = solver.conflictingConstraints(with: constraint)
                logUnsatisfiable(conflict.map { described[$0] ?? $0.description } + [text], breaking: text)
            } catch {
                // As above: a fresh constraint cannot be a duplicate.
            }
        }

        // What is left free stays where it is.
        for view in parts {
            let variables = view.layoutVariables, origin = origins[ObjectIdentifier(view)] ?? .zero, size = view.bounds.size
            prefer(variables.left, origin.x)
            prefer(variables.top, origin.y)
            prefer(variables.width, size.width)
            prefer(variables.height, size.height)
        }
        for guide in guides {
            guard let owner = guide.owningView else { continue }
            let origin = origins[ObjectIdentifier(owner)] ?? .zero, frame = guide.layoutFrame
            prefer(guide.layoutVariables.left, origin.x + frame.minX)
            prefer(guide.layoutVariables.top, origin.y + frame.minY)
            prefer(guide.layoutVariables.width, frame.width)
            prefer(guide.layoutVariables.height, frame.height)
        }

        func rect(_ variables: LayoutItemVariables) -> CGRect {
            CGRect(x: clean(solver.value(of: variables.left)), y: clean(solver.value(of: variables.top)),
                   width: clean(solver.value(of: variables.width)), height: clean(solver.value(of: variables.height)))
        }
        var solution = Solution()
        var solved: [ObjectIdentifier: CGRect] = [:]
        for view in parts {
            let box = rect(view.layoutVariables)
            solved[ObjectIdentifier(view)] = box
            if view === root {
                solution.rootSize = box.size
                if fitting == nil, !root.translatesAutoresizingMaskIntoConstraints {
                    solution.frames.append((view, CGRect(origin: view.alignmentFrame.origin, size: box.size)))
                }
            } else if let superview = view.superview, let base = solved[ObjectIdentifier(superview)] {
                solution.frames.append((view, CGRect(x: box.minX - base.minX, y: box.minY - base.minY, width: box.width, height: box.height)))
            }
        }
        for guide in guides {
            guard let owner = guide.owningView, let base = solved[ObjectIdentifier(owner)] else { continue }
            let box = rect(guide.layoutVariables)
            solution.guides.append((guide, CGRect(x: box.minX - base.minX, y: box.minY - base.minY, width: box.width, height: box.height)))
        }
        return solution
    }

    /// The required constraints that hold `view`'s frame where it is in `superview`, its
    /// flexible parts following `superview`'s size as its `autoresizingMask` says (UIKit's
    /// `NSAutoresizingMaskLayoutConstraint`s).
    private static func maskConstraints(of view: UIView, in superview: UIView) -> [(LayoutConstraint, String)] {
        let v = view.layoutVariables, s = superview.layoutVariables
        let frame = view.alignmentFrame, size = superview.bounds.size, mask = view.autoresizingMask
        let x = UIView.shareFractions(lead: frame.minX, size: frame.width, trail: size.width - frame.maxX,
                                      flexible: (mask.contains(.flexibleLeftMargin), mask.contains(.flexibleWidth), mask.contains(.flexibleRightMargin)))
        let y = UIView.shareFractions(lead: frame.minY, size: frame.height, trail: size.height - frame.maxY,
                                      flexible: (mask.contains(.flexibleTopMargin), mask.contains(.flexibleHeight), mask.contains(.flexibleBottomMargin)))
        let growX = LayoutExpression(s.width) - LayoutExpression(constant: Double(size.width))
        let growY = LayoutExpression(s.height) - LayoutExpression(constant: Double(size.height))
        func code(_ lead: CGFloat, _ size: CGFloat, _ flexibleTrail: Bool) -> String {
            (lead > 0 ? "&" : "-") + (size > 0 ? "&" : "-") + (flexibleTrail ? "&" : "-")
        }
        let prefix = "<NSAutoresizingMaskLayoutConstraint h=\(code(x.lead, x.size, mask.contains(.flexibleRightMargin))) v=\(code(y.lead, y.size, mask.contains(.flexibleBottomMargin))) \(name(of: view))"
        let suffix = "   (active, names: '|':\(name(of: superview)) )>"
        return [
            (LayoutConstraint(LayoutExpression(v.left), .equal, LayoutExpression(s.left) + LayoutExpression(constant: Double(frame.minX)) + growX * Double(x.lead)),
             "\(prefix).minX == \(number(frame.minX))\(suffix)"),
            (LayoutConstraint(LayoutExpression(v.top), .equal, LayoutExpression(s.top) + LayoutExpression(constant: Double(frame.minY)) + growY * Double(y.lead)),
             "\(prefix).minY == \(number(frame.minY))\(suffix)"),
            (LayoutConstraint(LayoutExpression(v.width), .equal, LayoutExpression(constant: Double(frame.width)) + growX * Double(x.size)),
             "\(prefix).width == \(number(frame.width))\(suffix)"),
            (LayoutConstraint(LayoutExpression(v.height), .equal, LayoutExpression(constant: Double(frame.height)) + growY * Double(y.size)),
             "\(prefix).height == \(number(frame.height))\(suffix)"),
        ]
    }

    // MARK: Applying

    /// Sets the solved frames that differ from the views' (as code setting `frame` would:
    /// inside an animations closure they animate) and the guides' frames; the views whose size
    /// changed.
    static func apply(_ solution: Solution) -> [UIView] {
        let application = Application(placed: Set(solution.frames.map { ObjectIdentifier($0.view) }))
        $applying.withValue(application) {
            for (view, frame) in solution.frames where view.alignmentFrame != frame {
                view.frame = frame
            }
        }
        for (guide, frame) in solution.guides { guide.layoutFrame = frame }
        return application.resized
    }

    /// A solved value without the solver's rounding noise (to a millionth of a point).
    private static func clean(_ value: Double) -> CGFloat {
        CGFloat((value * 1_000_000).rounded() / 1_000_000) + 0
    }

    // MARK: The log

    /// Writes UIKit's report of a required constraint that cannot hold, and of the one broken.
    static func logUnsatisfiable(_ conflict: [String], breaking broken: String) {
        let list = conflict.map { "    \"\($0)\"" }.joined(separator: ",\n")
        let message = """
        [LayoutConstraints] Unable to simultaneously satisfy constraints.
        \tProbably at least one of the constraints in the following list is one you don't want.
        \tTry this:
        \t\t(1) look at each constraint and try to figure out which you don't expect;
        \t\t(2) find the code that added the unwanted constraint or constraints and fix it.
        (
        \(list)
        )

        Will attempt to recover by breaking constraint
        \(broken)

        """
        capture?.messages.append(message)
        StandardStream.error.write(message)
    }

    // MARK: Names

    /// How descriptions name a view or guide: its kind and `accessibilityIdentifier`
    /// (`UILabel:'title'`), else its kind and identity (UIKit gives the address).
    static func name(of item: AnyObject?) -> String {
        guard let item else { return "nil" }
        if let view = item as? UIView {
            if let id = view.accessibilityIdentifier, !id.isEmpty { return "\(type(of: view)):'\(id)'" }
            return "\(type(of: view)):0x\(String(UInt(bitPattern: ObjectIdentifier(view).hashValue), radix: 16))"
        }
        if let guide = item as? UILayoutGuide {
            let kind = switch guide.kind {
            case .own: guide.identifier.isEmpty ? "UILayoutGuide" : guide.identifier
            case .margins: "UIViewLayoutMarginsGuide"
            case .safeArea: "UIViewSafeAreaLayoutGuide"
            }
            return "UILayoutGuide:'\(kind)'" + (guide.owningView.map { "(\(name(of: $0)))" } ?? "")
        }
        return "\(type(of: item))"
    }

    /// A number as descriptions write it: whole numbers without a point.
    static func number(_ value: CGFloat) -> String {
        let text = String(Double(value))
        return text.hasSuffix(".0") ? String(text.dropLast(2)) : text
    }
}
