import ZoetropeCore

/// Mirrors `CATransitionType`.
public struct CATransitionType: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let fade = CATransitionType(rawValue: "fade")
    public static let moveIn = CATransitionType(rawValue: "moveIn")
    public static let push = CATransitionType(rawValue: "push")
    public static let reveal = CATransitionType(rawValue: "reveal")
}

/// Mirrors `CATransitionSubtype`: where the new content comes from.
public struct CATransitionSubtype: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let fromRight = CATransitionSubtype(rawValue: "fromRight")
    public static let fromLeft = CATransitionSubtype(rawValue: "fromLeft")
    public static let fromTop = CATransitionSubtype(rawValue: "fromTop")
    public static let fromBottom = CATransitionSubtype(rawValue: "fromBottom")
}

/// Mirrors `CATransition`: added to a view's layer, it animates from how the view looks when
/// the transition is added to how it looks after: `fade` cross-fades, `push` slides the old
/// look out as the new slides in, `moveIn` slides the new over the old, `reveal` slides the old
/// away from over the new, from the side `subtype` says (`fromLeft` when none).
///
/// Built from what Zoetrope has: a snapshot of the view (`snapshotView(afterScreenUpdates:)`)
/// above or below it and basic animations of the two, so a film's recording keeps it. The
/// snapshot is taken when the transition is added: add it before changing the view, as most
/// code does (Core Animation also takes a change made just before, in the same transaction).
/// A layer that draws no view takes no transition.
///
/// ```swift
/// let flip = CATransition()
/// flip.type = .push
/// flip.subtype = .fromTop
/// flip.duration = 0.3
/// label.layer.add(flip, forKey: "text")
/// label.text = "Boarding"
/// ```
@MainActor
open class CATransition: CAAnimation {
    open var type = CATransitionType.fade
    open var subtype: CATransitionSubtype?
    /// Mirrors `startProgress`: kept, the transition runs whole.
    open var startProgress: Float = 0
    /// Mirrors `endProgress`: kept, the transition runs whole.
    open var endProgress: Float = 1

    public override init() { super.init() }

    public required init(copying other: CAAnimation) {
        super.init(copying: other)
        if let other = other as? CATransition {
            (type, subtype, startProgress, endProgress) = (other.type, other.subtype, other.startProgress, other.endProgress)
        }
    }

    /// Runs the transition on `view`: a snapshot of its look now, animated against the view.
    func run(on view: UIView) {
        guard let superview = view.superview, let snapshot = view.snapshotView(afterScreenUpdates: false) else { return }
        let size = view.bounds.size
        let from: CGPoint = switch subtype {
        case .fromRight?: CGPoint(x: size.width, y: 0)
        case .fromTop?: CGPoint(x: 0, y: -size.height)
        case .fromBottom?: CGPoint(x: 0, y: size.height)
        default: CGPoint(x: -size.width, y: 0)
        }
        let away = CGPoint(x: -from.x, y: -from.y)
        if type == .moveIn {
            superview.insertSubview(snapshot, belowSubview: view)
        } else {
            superview.insertSubview(snapshot, aboveSubview: view)
        }
        /// An animation with this transition's timing and delegate on `layer`.
        func animate(_ layer: CALayer, _ keyPath: String, from start: Any, to end: Any, removingSnapshot: Bool) {
            let animation = CABasicAnimation(keyPath: keyPath)
            (animation.fromValue, animation.toValue) = (start, end)
            animation.mediaTiming = mediaTiming
            animation.timingFunction = timingFunction
            if removingSnapshot {
                animation.delegate = SnapshotRemover(snapshot: snapshot, delegate: delegate, transition: self)
            }
            layer.add(animation, forKey: "transition")
        }
        switch type {
        case .push:
            animate(view.layer, "transform.translation", from: CGSize(width: from.x, height: from.y), to: CGSize.zero, removingSnapshot: false)
            animate(snapshot.layer, "transform.translation", from: CGSize.zero, to: CGSize(width: away.x, height: away.y), removingSnapshot: true)
        case .moveIn:
            animate(view.layer, "transform.translation", from: CGSize(width: from.x, height: from.y), to: CGSize.zero, removingSnapshot: true)
        case .reveal:
            animate(snapshot.layer, "transform.translation", from: CGSize.zero, to: CGSize(width: away.x, height: away.y), removingSnapshot: true)
        default:
            animate(snapshot.layer, "opacity", from: 1, to: 0, removingSnapshot: true)
        }
    }
}

/// Takes a transition's snapshot away when its animation stops, and tells the transition's
/// delegate.
@MainActor
private final class SnapshotRemover: CAAnimationDelegate {
    let snapshot: UIView
    let delegate: CAAnimationDelegate?
    let transition: CATransition

    init(snapshot: UIView, delegate: CAAnimationDelegate?, transition: CATransition) {
        (self.snapshot, self.delegate, self.transition) = (snapshot, delegate, transition)
    }

    func animationDidStart(_ anim: CAAnimation) { delegate?.animationDidStart(transition) }

    func animationDidStop(_ anim: CAAnimation, finished flag: Bool) {
        snapshot.removeFromSuperview()
        delegate?.animationDidStop(transition, finished: flag)
    }
}
