import ZoetropeCore

/// Mirrors `UIScrollViewDelegate`; every method is optional (the extension's do nothing).
@MainActor
public protocol UIScrollViewDelegate: AnyObject {
    /// Mirrors `scrollViewDidScroll(_:)`: after every change of the content offset (each frame
    /// of a drag, a deceleration, a bounce or an animated scroll).
    func scrollViewDidScroll(_ scrollView: UIScrollView)
    /// Mirrors `scrollViewWillBeginDragging(_:)`.
    func scrollViewWillBeginDragging(_ scrollView: UIScrollView)
    /// Mirrors `scrollViewWillEndDragging(_:withVelocity:targetContentOffset:)`: the velocity in
    /// points per millisecond; setting `pointee` changes where the deceleration ends.
    func scrollViewWillEndDragging(_ scrollView: UIScrollView, withVelocity velocity: CGPoint,
                                   targetContentOffset: UnsafeMutablePointer<CGPoint>)
    /// Mirrors `scrollViewDidEndDragging(_:willDecelerate:)`.
    func scrollViewDidEndDragging(_ scrollView: UIScrollView, willDecelerate decelerate: Bool)
    /// Mirrors `scrollViewWillBeginDecelerating(_:)`.
    func scrollViewWillBeginDecelerating(_ scrollView: UIScrollView)
    /// Mirrors `scrollViewDidEndDecelerating(_:)`.
    func scrollViewDidEndDecelerating(_ scrollView: UIScrollView)
    /// Mirrors `scrollViewDidEndScrollingAnimation(_:)`: after `setContentOffset(_:animated:)`'s
    /// (and `scrollRectToVisible(_:animated:)`'s) animation.
    func scrollViewDidEndScrollingAnimation(_ scrollView: UIScrollView)
}

extension UIScrollViewDelegate {
    /// The default does nothing.
    public func scrollViewDidScroll(_ scrollView: UIScrollView) {}
    /// The default does nothing.
    public func scrollViewWillBeginDragging(_ scrollView: UIScrollView) {}
    /// The default does nothing.
    public func scrollViewWillEndDragging(_ scrollView: UIScrollView, withVelocity velocity: CGPoint,
                                          targetContentOffset: UnsafeMutablePointer<CGPoint>) {}
    /// The default does nothing.
    public func scrollViewDidEndDragging(_ scrollView: UIScrollView, willDecelerate decelerate: Bool) {}
    /// The default does nothing.
    public func scrollViewWillBeginDecelerating(_ scrollView: UIScrollView) {}
    /// The default does nothing.
    public func scrollViewDidEndDecelerating(_ scrollView: UIScrollView) {}
    /// The default does nothing.
    public func scrollViewDidEndScrollingAnimation(_ scrollView: UIScrollView) {}
}

/// Mirrors `UIScrollView`: a view whose subviews are drawn shifted by `-contentOffset` and
/// clipped to it (`clipsToBounds` is true), dragged by its `panGestureRecognizer`
/// (`film.pan(scrollView.panGestureRecognizer, along:from:to:)`), decelerating and bouncing as
/// UIKit's does (the laws and constants are `ScrollPhysics`').
///
/// The subviews' layers are under a content layer of the scroll view's, at `-contentOffset`:
/// the offset is that layer's position, so a film's scene records it like any value, and a
/// change inside `UIView.animate` animates. `bounds.origin` reads as the content offset, as in
/// UIKit. A deceleration, a bounce and `setContentOffset(_:animated: true)` move the offset
/// frame by frame (as UIKit's display link does), calling `scrollViewDidScroll(_:)` each frame.
///
/// ```swift
/// let scroll = UIScrollView(frame: film.rootView.bounds)
/// scroll.contentSize = CGSize(width: 360, height: 2000)
/// film.pan(scroll.panGestureRecognizer, along: [CGPoint(x: 180, y: 500), CGPoint(x: 180, y: 200)], from: 0.5, to: 0.8)
/// ```
open class UIScrollView: UIView {
    /// Mirrors `UIScrollView.DecelerationRate`: the factor the velocity is multiplied by each
    /// millisecond.
    public struct DecelerationRate: RawRepresentable, Hashable, Sendable {
        /// The factor per millisecond.
        public let rawValue: CGFloat
        /// A rate of `rawValue` per millisecond.
        public init(rawValue: CGFloat) { self.rawValue = rawValue }
        /// Mirrors `.normal` (0.998).
        public static let normal = DecelerationRate(rawValue: 0.998)
        /// Mirrors `.fast` (0.99).
        public static let fast = DecelerationRate(rawValue: 0.99)
    }

    /// Mirrors `UIScrollView.ContentInsetAdjustmentBehavior`.
    public enum ContentInsetAdjustmentBehavior: Int, Sendable {
        /// The safe area's top and bottom (as `.scrollableAxes` here).
        case automatic
        /// The safe area's top and bottom.
        case scrollableAxes
        /// No adjustment.
        case never
        /// The safe area on every side.
        case always
    }

    /// Mirrors `UIScrollView.IndicatorStyle` (the indicator is drawn dark whatever the style).
    public enum IndicatorStyle: Int, Sendable { case `default`, black, white }


    /// The layer the subviews' layers are under, at `-contentOffset`.
    let contentLayer = CALayer()
    /// The vertical and horizontal scroll indicators.
    let verticalIndicator = CALayer()
    let horizontalIndicator = CALayer()

    /// Mirrors `delegate`.
    open weak var delegate: UIScrollViewDelegate?
    /// Mirrors `contentSize`.
    open var contentSize: CGSize = .zero {
        didSet { contentLayer.bounds = CGRect(origin: .zero, size: contentSize) }
    }
    /// Mirrors `contentInset`.
    open var contentInset: UIEdgeInsets = .zero
    /// Mirrors `contentInsetAdjustmentBehavior`: `.automatic`, `.scrollableAxes` and `.always`
    /// add the view's `safeAreaInsets` (top and bottom; also left and right for `.always`).
    open var contentInsetAdjustmentBehavior = ContentInsetAdjustmentBehavior.automatic
    /// Mirrors `isScrollEnabled`.
    open var isScrollEnabled = true
    /// Mirrors `bounces`.
    open var bounces = true
    /// Mirrors `alwaysBounceVertical`.
    open var alwaysBounceVertical = false
    /// Mirrors `alwaysBounceHorizontal`.
    open var alwaysBounceHorizontal = false
    /// Mirrors `showsVerticalScrollIndicator`.
    open var showsVerticalScrollIndicator = true
    /// Mirrors `showsHorizontalScrollIndicator`.
    open var showsHorizontalScrollIndicator = true
    /// Mirrors `indicatorStyle`.
    open var indicatorStyle = IndicatorStyle.default
    /// Mirrors `isPagingEnabled`: a release comes to rest on a multiple of the bounds size.
    open var isPagingEnabled = false
    /// Mirrors `decelerationRate`.
    open var decelerationRate = DecelerationRate.normal
    /// Mirrors `isDirectionalLockEnabled` (kept; a drag moves along both scrollable axes).
    open var isDirectionalLockEnabled = false
    /// Mirrors `scrollsToTop` (kept; a film has no status bar to tap).
    open var scrollsToTop = true
    /// Mirrors `keyboardDismissMode` (kept).
    open var keyboardDismissMode = KeyboardDismissMode.none
    /// Mirrors `UIScrollView.KeyboardDismissMode`.
    public enum KeyboardDismissMode: Int, Sendable { case none, onDrag, interactive }
    /// Mirrors `isDragging`.
    public private(set) var isDragging = false
    /// Mirrors `isDecelerating`.
    public private(set) var isDecelerating = false
    /// Mirrors `isTracking`.
    public var isTracking: Bool { isDragging }
    /// Mirrors `panGestureRecognizer`: the drag that scrolls.
    public private(set) var panGestureRecognizer: UIPanGestureRecognizer! = nil

    /// The offset where the current drag began (with a rubber-banded start turned back into the
    /// finger's).
    private var dragStart = CGPoint.zero
    /// Counts motions: a frame of a motion that was replaced does nothing.
    private var motionGeneration = 0
    /// What the running motion ends with.
    private var motionKind: MotionKind?
    private enum MotionKind { case deceleration, animation }
    /// Counts the indicators' shows and hides: a fade due after a newer show does nothing.
    private var indicatorGeneration = 0
    /// When the indicators' last fade-out ends.
    private var indicatorFadeEnds: TimeInterval?

    /// Mirrors `init(frame:)`: no content, clipping, its pan recognizer added.
    public override init(frame: CGRect) {
        super.init(frame: frame)
        assemble()
    }

    /// Mirrors `init(coder:)`: as `init(frame: .zero)` makes it (there are no archives).
    public required init?(coder: NSCoder) {
        super.init(coder: coder)
        assemble()
    }

    /// The content layer, indicators, clipping and pan recognizer both initialisers give.
    private func assemble() {
        // It moves as a view's layer does: only inside animations closures.
        contentLayer.backsView = true
        contentLayer.anchorPoint = .zero
        contentLayer.position = .zero
        contentLayer.name = "content"
        for indicator in [verticalIndicator, horizontalIndicator] {
            indicator.backsView = true
            indicator.anchorPoint = .zero
            indicator.cornerRadius = 1.5
            indicator.backgroundColor = UIColor(white: 0, alpha: 0.35).cgColor
            indicator.opacity = 0
        }
        verticalIndicator.name = "vertical-indicator"
        horizontalIndicator.name = "horizontal-indicator"
        clipsToBounds = true
        panGestureRecognizer = UIPanGestureRecognizer { [weak self] pan in self?.handle(pan: pan) }
        addGestureRecognizer(panGestureRecognizer)
    }

    override func placeSubviewContainer(on film: Film, under index: Int) -> Int {
        contentLayer.place(on: film, under: index, at: 0)
        return contentLayer.placement?.index ?? index
    }

    override var subviewContainer: Int? { contentLayer.placement?.index }

    override func placed() {
        guard let index = layer.placement?.index, let film else { return }
        verticalIndicator.place(on: film, under: index)
        horizontalIndicator.place(on: film, under: index)
    }

    override class var layerKind: String { "scroll" }

    // MARK: - The offset

    /// Mirrors `contentOffset`: where the content's origin is, in the scroll view's bounds'
    /// coordinates, negated. Inside `UIView.animate` a change animates.
    open var contentOffset: CGPoint {
        get { CGPoint(x: -contentLayer.position.x, y: -contentLayer.position.y) }
        set {
            contentLayer.position = CGPoint(x: -newValue.x, y: -newValue.y)
            if isDragging || motionKind != nil { placeIndicators() }
            contentOffsetDidChange()
            delegate?.scrollViewDidScroll(self)
        }
    }

    /// Called after each change of the content offset, before the delegate hears of it: a
    /// table view shows the rows now visible.
    func contentOffsetDidChange() {}

    /// Mirrors `bounds`: its origin is the content offset (setting it scrolls).
    open override var bounds: CGRect {
        get { CGRect(origin: contentOffset, size: super.bounds.size) }
        set {
            super.bounds = CGRect(origin: .zero, size: newValue.size)
            if newValue.origin != contentOffset { contentOffset = newValue.origin }
        }
    }

    /// Mirrors `adjustedContentInset`: `contentInset` plus the safe area's, as
    /// `contentInsetAdjustmentBehavior` asks.
    open var adjustedContentInset: UIEdgeInsets {
        var inset = contentInset
        guard contentInsetAdjustmentBehavior != .never else { return inset }
        let safe = safeAreaInsets
        inset.top += safe.top
        inset.bottom += safe.bottom
        if contentInsetAdjustmentBehavior == .always {
            inset.left += safe.left
            inset.right += safe.right
        }
        return inset
    }

    /// The smallest offset (the content's top left at the inset's).
    var minimumOffset: CGPoint {
        let inset = adjustedContentInset
        return CGPoint(x: -inset.left, y: -inset.top)
    }

    /// The largest offset (the content's bottom right at the inset's), never below the smallest.
    var maximumOffset: CGPoint {
        let inset = adjustedContentInset, size = super.bounds.size, low = minimumOffset
        return CGPoint(x: max(low.x, contentSize.width + inset.right - size.width),
                       y: max(low.y, contentSize.height + inset.bottom - size.height))
    }

    /// Whether a drag moves the content along each axis: content larger than the view, or
    /// `alwaysBounce…` set.
    private var scrollsHorizontally: Bool { maximumOffset.x > minimumOffset.x || alwaysBounceHorizontal }
    private var scrollsVertically: Bool { maximumOffset.y > minimumOffset.y || alwaysBounceVertical }

    /// Mirrors `setContentOffset(_:animated:)`: animated, the offset moves for
    /// `ScrollPhysics.scrollAnimationDuration` (0.3 s) on the ease-in-out curve, frame by frame, then
    /// `scrollViewDidEndScrollingAnimation(_:)` is called.
    open func setContentOffset(_ offset: CGPoint, animated: Bool) {
        guard animated, film != nil else {
            stopMotion()
            contentOffset = offset
            return
        }
        let start = contentOffset
        run(x: .animated(from: Double(start.x), to: Double(offset.x)), y: .animated(from: Double(start.y), to: Double(offset.y)),
            kind: .animation)
    }

    /// Mirrors `scrollRectToVisible(_:animated:)`: the least scroll that shows `rect` (content
    /// coordinates), within the content.
    open func scrollRectToVisible(_ rect: CGRect, animated: Bool) {
        let size = super.bounds.size, low = minimumOffset, high = maximumOffset
        var target = contentOffset
        if rect.maxX > target.x + size.width { target.x = rect.maxX - size.width }
        if rect.minX < target.x { target.x = rect.minX }
        if rect.maxY > target.y + size.height { target.y = rect.maxY - size.height }
        if rect.minY < target.y { target.y = rect.minY }
        target.x = min(max(target.x, low.x), high.x)
        target.y = min(max(target.y, low.y), high.y)
        if target != contentOffset { setContentOffset(target, animated: animated) }
    }

    /// Mirrors `flashScrollIndicators()`.
    open func flashScrollIndicators() {
        showIndicators()
        hideIndicators()
    }

    // MARK: - Dragging

    private func handle(pan: UIPanGestureRecognizer) {
        guard isScrollEnabled else { return }
        switch pan.state {
        case .began:
            stopMotion()
            isDragging = true
            let offset = contentOffset, low = minimumOffset, high = maximumOffset, size = super.bounds.size
            func unband(_ value: CGFloat, _ low: CGFloat, _ high: CGFloat, _ dimension: CGFloat) -> CGFloat {
                if value < low { return low + ScrollPhysics.fingerOvershoot(showing: value - low, dimension: dimension) }
                if value > high { return high + ScrollPhysics.fingerOvershoot(showing: value - high, dimension: dimension) }
                return value
            }
            dragStart = CGPoint(x: unband(offset.x, low.x, high.x, size.width), y: unband(offset.y, low.y, high.y, size.height))
            delegate?.scrollViewWillBeginDragging(self)
            showIndicators()
        case .changed:
            guard isDragging else { return }
            let translation = pan.translation(in: self)
            let finger = CGPoint(x: scrollsHorizontally ? dragStart.x - translation.x : contentOffset.x,
                                 y: scrollsVertically ? dragStart.y - translation.y : contentOffset.y)
            let shown = CGPoint(x: banded(finger.x, minimumOffset.x, maximumOffset.x, super.bounds.width),
                                y: banded(finger.y, minimumOffset.y, maximumOffset.y, super.bounds.height))
            if shown != contentOffset { contentOffset = shown }
        case .ended, .cancelled, .failed:
            guard isDragging else { return }
            isDragging = false
            release(velocity: pan.velocity(in: self))
        case .possible:
            break
        }
    }

    /// `value` rubber-banded past `low` and `high` (clamped when the view does not bounce).
    private func banded(_ value: CGFloat, _ low: CGFloat, _ high: CGFloat, _ dimension: CGFloat) -> CGFloat {
        guard bounces else { return min(max(value, low), high) }
        if value < low { return low + ScrollPhysics.rubberBand(value - low, dimension: dimension) }
        if value > high { return high + ScrollPhysics.rubberBand(value - high, dimension: dimension) }
        return value
    }

    /// The finger lifts moving at `fingerVelocity` (points per second): the delegate may move
    /// the target, then the content decelerates (and bounces) or pages.
    private func release(velocity fingerVelocity: CGPoint) {
        let rate = Double(decelerationRate.rawValue)
        // The content moves against the finger; UIKit gives the delegate points per millisecond.
        var velocity = CGPoint(x: scrollsHorizontally ? -fingerVelocity.x / 1000 : 0,
                               y: scrollsVertically ? -fingerVelocity.y / 1000 : 0)
        let offset = contentOffset, low = minimumOffset, high = maximumOffset
        var target = CGPoint(x: offset.x + ScrollPhysics.projection(velocity: Double(velocity.x), rate: rate),
                             y: offset.y + ScrollPhysics.projection(velocity: Double(velocity.y), rate: rate))
        if isPagingEnabled {
            // The page the finger was on, or the next one along a flick.
            let size = super.bounds.size
            func page(_ value: CGFloat, _ speed: CGFloat, _ length: CGFloat, _ low: CGFloat, _ high: CGFloat) -> CGFloat {
                guard length > 0 else { return value }
                let rule: FloatingPointRoundingRule = speed > 0.2 ? .up : speed < -0.2 ? .down : .toNearestOrAwayFromZero
                return min(max((value / length).rounded(rule) * length, low), high)
            }
            target = CGPoint(x: page(offset.x, velocity.x, size.width, low.x, high.x),
                             y: page(offset.y, velocity.y, size.height, low.y, high.y))
        } else if !bounces {
            target = CGPoint(x: min(max(target.x, low.x), high.x), y: min(max(target.y, low.y), high.y))
        }
        let proposed = target
        withUnsafeMutablePointer(to: &target) { pointer in
            delegate?.scrollViewWillEndDragging(self, withVelocity: velocity, targetContentOffset: pointer)
        }
        if isPagingEnabled || target != proposed {
            // A chosen target: the velocity whose projection ends there (a page: the spring).
            if isPagingEnabled {
                let x = ScrollAxisMotion.bounce(from: Double(offset.x), to: Double(target.x), velocity: Double(velocity.x) * 1000)
                let y = ScrollAxisMotion.bounce(from: Double(offset.y), to: Double(target.y), velocity: Double(velocity.y) * 1000)
                let moves = x.duration > 0 || y.duration > 0
                delegate?.scrollViewDidEndDragging(self, willDecelerate: moves)
                if moves { startDeceleration(x: x, y: y) } else { hideIndicators() }
                return
            }
            velocity = CGPoint(x: (target.x - offset.x) * (1 - rate) / rate, y: (target.y - offset.y) * (1 - rate) / rate)
        }
        let x = ScrollAxisMotion.release(at: Double(offset.x), velocity: Double(velocity.x), rate: rate,
                                         minimum: Double(low.x), maximum: Double(high.x), bounces: bounces)
        let y = ScrollAxisMotion.release(at: Double(offset.y), velocity: Double(velocity.y), rate: rate,
                                         minimum: Double(low.y), maximum: Double(high.y), bounces: bounces)
        let moves = x.duration > 0 || y.duration > 0
        delegate?.scrollViewDidEndDragging(self, willDecelerate: moves)
        if moves { startDeceleration(x: x, y: y) } else { hideIndicators() }
    }

    private func startDeceleration(x: ScrollAxisMotion, y: ScrollAxisMotion) {
        delegate?.scrollViewWillBeginDecelerating(self)
        isDecelerating = true
        run(x: x, y: y, kind: .deceleration)
    }

    // MARK: - Motion, frame by frame

    /// Moves the offset along `x` and `y` at each of the film's frames until both are at rest.
    private func run(x: ScrollAxisMotion, y: ScrollAxisMotion, kind: MotionKind) {
        guard let film else {
            contentOffset = CGPoint(x: x.position(.infinity), y: y.position(.infinity))
            return
        }
        motionGeneration += 1
        motionKind = kind
        let generation = motionGeneration
        let start = film.time, rate = film.framesPerSecond
        let duration = max(x.duration, y.duration)
        showIndicators()
        func frame(_ index: Int) {
            let time = Double(index) / rate
            film.at(time) { [weak self] in
                guard let self, self.motionGeneration == generation else { return }
                let elapsed = time - start
                let done = elapsed >= duration - 1e-9
                let offset = done ? CGPoint(x: x.position(.infinity), y: y.position(.infinity))
                                  : CGPoint(x: x.position(elapsed), y: y.position(elapsed))
                if offset != self.contentOffset { self.contentOffset = offset }
                if done { self.finishMotion() } else { frame(index + 1) }
            }
        }
        frame(Int(saturating: start * rate + 1e-9, rounding: .down) + 1)
    }

    /// The running motion has come to rest.
    private func finishMotion() {
        let kind = motionKind
        motionKind = nil
        motionGeneration += 1
        hideIndicators()
        switch kind {
        case .deceleration:
            isDecelerating = false
            delegate?.scrollViewDidEndDecelerating(self)
        case .animation:
            delegate?.scrollViewDidEndScrollingAnimation(self)
        case nil:
            break
        }
    }

    /// Stops a running motion where it is (a drag catching it, a new offset set).
    private func stopMotion() {
        guard motionKind != nil else { return }
        motionKind = nil
        motionGeneration += 1
        isDecelerating = false
    }

    // MARK: - Indicators

    /// Puts the indicators where the offset says: iOS's 3 pt wide dark bars, 3 pt from the
    /// right (bottom) edge, as long as the visible part of the content is of it (at least 36 pt,
    /// shorter while the content is past an edge).
    private func placeIndicators() {
        let size = super.bounds.size, offset = contentOffset, inset = adjustedContentInset
        let contentHeight = contentSize.height + inset.top + inset.bottom
        if contentHeight > size.height, size.height > 0 {
            let track = size.height - inset.top - inset.bottom - 6
            var length = max(36, track * size.height / contentHeight)
            let range = maximumOffset.y - minimumOffset.y
            var fraction = range > 0 ? (offset.y - minimumOffset.y) / range : 0
            if fraction < 0 { length = max(7, length + fraction * range); fraction = 0 }
            if fraction > 1 { length = max(7, length - (fraction - 1) * range); fraction = 1 }
            verticalIndicator.frame = CGRect(x: size.width - 6, y: inset.top + 3 + (track - length) * fraction, width: 3, height: length)
        }
        let contentWidth = contentSize.width + inset.left + inset.right
        if contentWidth > size.width, size.width > 0 {
            let track = size.width - 6
            let length = max(36, track * size.width / contentWidth)
            let range = maximumOffset.x - minimumOffset.x
            let fraction = min(max(range > 0 ? (offset.x - minimumOffset.x) / range : 0, 0), 1)
            horizontalIndicator.frame = CGRect(x: 3 + (track - length) * fraction, y: size.height - 6, width: length, height: 3)
        }
    }

    /// The indicators of the scrollable axes appear (at once, as iOS's do when scrolling
    /// starts; over 0.1 s when they were fading out, the newer animation taking over).
    private func showIndicators() {
        indicatorGeneration += 1
        placeIndicators()
        let inset = adjustedContentInset, size = super.bounds.size
        let vertical = showsVerticalScrollIndicator && contentSize.height + inset.top + inset.bottom > size.height
        let horizontal = showsHorizontalScrollIndicator && contentSize.width + inset.left + inset.right > size.width
        let show = { [self] in
            if vertical { verticalIndicator.opacity = 1 }
            if horizontal { horizontalIndicator.opacity = 1 }
        }
        if let film, let ends = indicatorFadeEnds, film.time < ends {
            UIView.animate(withDuration: 0.1, delay: 0, options: [.beginFromCurrentState], animations: show)
        } else {
            show()
        }
    }

    /// The indicators fade out, as iOS's do once scrolling stops: 0.3 s later, in 0.25 s,
    /// unless scrolling starts again before.
    private func hideIndicators() {
        guard verticalIndicator.opacity > 0 || horizontalIndicator.opacity > 0 else { return }
        indicatorGeneration += 1
        let generation = indicatorGeneration
        guard let film else {
            verticalIndicator.opacity = 0
            horizontalIndicator.opacity = 0
            return
        }
        film.at(film.time + 0.3) { [weak self] in
            guard let self, self.indicatorGeneration == generation, !self.isDragging, self.motionKind == nil else { return }
            self.indicatorFadeEnds = film.time + 0.25
            UIView.animate(withDuration: 0.25) {
                self.verticalIndicator.opacity = 0
                self.horizontalIndicator.opacity = 0
            }
        }
    }
}

extension UIScrollView {
    /// Runs the animations of a batch of row or item updates: on ease-in-ease-out over
    /// `duration` on a film, at once off one (nothing would draw them), then `completion`.
    func animateUpdate(duration: TimeInterval, animations: @escaping () -> Void, completion: @escaping (Bool) -> Void) {
        guard film != nil else {
            UIView.performWithoutAnimation(animations)
            completion(true)
            return
        }
        UIView.animate(withDuration: duration, delay: 0, options: [.curveEaseInOut], animations: animations, completion: completion)
    }
}
