/// Mirrors `UIRectEdge`.
public struct UIRectEdge: OptionSet, Hashable, Sendable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }
    public static let top = UIRectEdge(rawValue: 1 << 0)
    public static let left = UIRectEdge(rawValue: 1 << 1)
    public static let bottom = UIRectEdge(rawValue: 1 << 2)
    public static let right = UIRectEdge(rawValue: 1 << 3)
    public static let all: UIRectEdge = [.top, .left, .bottom, .right]
}

/// Mirrors `UIScreenEdgePanGestureRecognizer`: a pan that begins at one of the screen's
/// `edges`. A film's pan (`Film.pan(_:along:from:to:)`) that starts farther than
/// `UIScreenEdgePanGestureRecognizer.edgeWidth` (20 points) from every edge in `edges` fails:
/// it calls nothing, as UIKit's recognizer does not begin.
open class UIScreenEdgePanGestureRecognizer: UIPanGestureRecognizer {
    /// How close to an edge a pan must begin, in points.
    public static let edgeWidth: CGFloat = 20
    /// Mirrors `edges`.
    open var edges: UIRectEdge = []

    /// Mirrors `init(target:action:)`, with the action an unapplied method taking the edge pan
    /// (`ViewController.handleEdgePan(_:)` for `#selector(handleEdgePan(_:))`); the target is
    /// held weakly.
    public convenience init<Target: AnyObject>(target: Target, action: @escaping (Target) -> (UIScreenEdgePanGestureRecognizer) -> Void) {
        self.init { [weak target] recognizer in
            // The action is only ever called with this recognizer.
            if let target, let edgePan = recognizer as? UIScreenEdgePanGestureRecognizer { action(target)(edgePan) }
        }
    }

    /// Whether a pan beginning at `point` (the film's root view's coordinates, on a canvas of
    /// `size`) begins at one of `edges`.
    func begins(at point: CGPoint, in size: CGSize) -> Bool {
        let width = Self.edgeWidth
        return (edges.contains(.left) && point.x <= width) || (edges.contains(.right) && point.x >= size.width - width)
            || (edges.contains(.top) && point.y <= width) || (edges.contains(.bottom) && point.y >= size.height - width)
    }

    override func shouldBegin(at point: CGPoint, on film: Film) -> Bool {
        begins(at: point, in: film.size)
    }
}
