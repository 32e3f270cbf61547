import ZoetropeCore

/// Mirrors `CFTimeInterval`: seconds.
public typealias CFTimeInterval = Double

/// Mirrors `CACurrentMediaTime()`: the film's clock, in seconds (0 outside a film's call).
/// A layer's time is `layer.convertTime(CACurrentMediaTime(), from: nil)`.
@MainActor
public func CACurrentMediaTime() -> CFTimeInterval {
    Film.running?.time ?? 0
}

/// Mirrors `CAMediaTimingFillMode`.
public struct CAMediaTimingFillMode: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }

    public static let removed = CAMediaTimingFillMode(rawValue: "removed")
    public static let forwards = CAMediaTimingFillMode(rawValue: "forwards")
    public static let backwards = CAMediaTimingFillMode(rawValue: "backwards")
    public static let both = CAMediaTimingFillMode(rawValue: "both")

    var fillMode: FillMode { FillMode(rawValue: rawValue) ?? .removed }
    init(_ mode: FillMode) { rawValue = mode.rawValue }
}

/// Mirrors the `CAMediaTiming` protocol, which layers and animations adopt (SPEC §9).
@MainActor
public protocol CAMediaTiming: AnyObject {
    var beginTime: CFTimeInterval { get set }
    var duration: CFTimeInterval { get set }
    var speed: Float { get set }
    var timeOffset: CFTimeInterval { get set }
    var repeatCount: Float { get set }
    var repeatDuration: CFTimeInterval { get set }
    var autoreverses: Bool { get set }
    var fillMode: CAMediaTimingFillMode { get set }
}

extension CAMediaTiming {
    /// The timing as Core keeps it.
    var mediaTiming: MediaTiming {
        get {
            MediaTiming(beginTime: beginTime, duration: duration, speed: Double(speed), timeOffset: timeOffset,
                        repeatCount: Double(repeatCount), repeatDuration: repeatDuration, autoreverses: autoreverses,
                        fillMode: fillMode.fillMode)
        }
        set {
            beginTime = newValue.beginTime
            duration = newValue.duration
            speed = Float(newValue.speed)
            timeOffset = newValue.timeOffset
            repeatCount = Float(newValue.repeatCount)
            repeatDuration = newValue.repeatDuration
            autoreverses = newValue.autoreverses
            fillMode = CAMediaTimingFillMode(newValue.fillMode)
        }
    }
}

/// Mirrors `CAAnimationDelegate`; both methods are optional.
@MainActor
public protocol CAAnimationDelegate: AnyObject {
    /// Called when the animation begins (its `beginTime` reached).
    func animationDidStart(_ anim: CAAnimation)
    /// Called when it stops: `flag` is true at its end, false when it was removed or replaced first.
    func animationDidStop(_ anim: CAAnimation, finished flag: Bool)
}

extension CAAnimationDelegate {
    public func animationDidStart(_ anim: CAAnimation) {}
    public func animationDidStop(_ anim: CAAnimation, finished flag: Bool) {}
}

/// Mirrors `CAAnimation`: timing, a timing function, a delegate and removal on completion.
/// `CALayer.add(_:forKey:)` copies it, as Core Animation does: changing it afterwards changes
/// nothing on screen.
@MainActor
open class CAAnimation: CAMediaTiming {
    open var beginTime: CFTimeInterval = 0
    /// 0 is Core Animation's 0.25 s.
    open var duration: CFTimeInterval = 0
    open var speed: Float = 1
    open var timeOffset: CFTimeInterval = 0
    /// `.infinity` repeats forever.
    open var repeatCount: Float = 0
    open var repeatDuration: CFTimeInterval = 0
    open var autoreverses = false
    open var fillMode = CAMediaTimingFillMode.removed
    /// Mirrors `timingFunction`: nil is linear.
    open var timingFunction: CAMediaTimingFunction?
    /// Mirrors `delegate`, which Core Animation holds strongly.
    open var delegate: CAAnimationDelegate?
    /// Mirrors `isRemovedOnCompletion`.
    open var isRemovedOnCompletion = true
    /// Values set by key (`setValue(_:forKey:)`), as code tags animations for its delegate.
    private var values: [String: Any] = [:]

    public init() {}

    public required init(copying other: CAAnimation) {
        (beginTime, duration, speed, timeOffset) = (other.beginTime, other.duration, other.speed, other.timeOffset)
        (repeatCount, repeatDuration, autoreverses, fillMode) = (other.repeatCount, other.repeatDuration, other.autoreverses, other.fillMode)
        (timingFunction, delegate, isRemovedOnCompletion, values) = (other.timingFunction, other.delegate, other.isRemovedOnCompletion, other.values)
    }

    /// Mirrors `copy()`.
    open func copy() -> Any { Self(copying: self) }

    /// Mirrors `setValue(_:forKey:)` (key-value coding): a value kept with the animation.
    open func setValue(_ value: Any?, forKey key: String) { values[key] = value }

    /// Mirrors `value(forKey:)`.
    open func value(forKey key: String) -> Any? { values[key] }

    /// The animation as Core runs it on `layer`; nil when it animates nothing a layer here has.
    func layerAnimation(on layer: CALayer) -> LayerAnimation? { nil }

    /// The timing, timing function and removal shared by every kind.
    func configure(_ animation: inout LayerAnimation) {
        animation.timing = mediaTiming
        animation.timingFunction = timingFunction?.curve
        animation.isRemovedOnCompletion = isRemovedOnCompletion
    }
}

/// Mirrors `CAPropertyAnimation`: an animation of one key path.
@MainActor
open class CAPropertyAnimation: CAAnimation {
    /// Mirrors `keyPath`: `"position"`, `"opacity"`, `"transform.scale"`, … (docs/uikit.md lists them).
    open var keyPath: String?
    /// Mirrors `isAdditive`.
    open var isAdditive = false
    /// Mirrors `isCumulative`.
    open var isCumulative = false

    /// Mirrors `init(keyPath:)`.
    public convenience init(keyPath path: String?) {
        self.init()
        keyPath = path
    }

    public override init() { super.init() }

    public required init(copying other: CAAnimation) {
        super.init(copying: other)
        if let other = other as? CAPropertyAnimation {
            (keyPath, isAdditive, isCumulative) = (other.keyPath, other.isAdditive, other.isCumulative)
        }
    }

    /// The key path's property, or nil where a layer here has none.
    var target: CAKeyPath? { keyPath.flatMap(CAKeyPath.init) }

    /// `value` as a value of the key path's property on `layer` (a gradient layer's `colors`
    /// are its fill's stops).
    func converted(_ value: Any?, on layer: CALayer) -> AnimatableValue? {
        keyPath.flatMap { layer.animationValue(value, forKeyPath: $0) }
    }

    /// An animation of a value Zoetrope keeps as several properties, as a group of its parts'
    /// animations, made by `content` from each part's values: `transform` (values
    /// `NSValue(caTransform3D:)`, `CATransform3D` or `CGAffineTransform`), which Core Animation
    /// interpolates by its decomposed parts too, and `contentsRect` (a `CGRect` or
    /// `NSValue(cgRect:)`), by its origin and size. Nil for any other key path.
    func partsAnimation(_ content: (_ part: (Any?) -> AnimatableValue?, _ target: CAKeyPath) -> LayerAnimation.Content?) -> LayerAnimation? {
        let parts: [(String, (Any) -> AnimatableValue?)]
        switch keyPath {
        case "transform":
            func part(_ read: @escaping (CATransform3D) -> AnimatableValue) -> (Any) -> AnimatableValue? {
                { CATransform3D(caValue: $0).map(read) }
            }
            parts = [
                ("transform.translation", part { .vector($0.parts.translation) }),
                ("transform.rotation", part { .number($0.parts.rotation) }),
                ("transform.scale", part { .vector($0.parts.scale) }),
                ("transform.rotation.x", part { .number($0.parts.rotationX) }),
                ("transform.rotation.y", part { .number($0.parts.rotationY) }),
                ("transform.translation.z", part { .number($0.parts.translationZ) }),
                ("transform.m34", part { .number($0.parts.perspective) }),
            ]
        case "contentsRect":
            func rect(_ value: Any) -> CGRect? { value as? CGRect ?? (value as? NSValue)?.rectValue }
            parts = [
                ("contentsRect.origin", { rect($0).map { .vector($0.origin.vector) } }),
                ("contentsRect.size", { rect($0).map { .vector($0.size.vector) } }),
            ]
        default:
            return nil
        }
        let children = parts.compactMap { name, read -> LayerAnimation? in
            guard let target = CAKeyPath(name), let made = content({ $0.flatMap(read) }, target) else { return nil }
            return LayerAnimation(property: target.property, content: made, timing: MediaTiming(duration: mediaTiming.effectiveDuration),
                                  isAdditive: isAdditive, isCumulative: isCumulative)
        }
        var group = LayerAnimation.group(children)
        configure(&group)
        return group
    }

    func make(_ content: LayerAnimation.Content, for target: CAKeyPath) -> LayerAnimation {
        var animation = LayerAnimation(property: target.property, component: target.component, content: content,
                                       isAdditive: isAdditive, isCumulative: isCumulative)
        configure(&animation)
        return animation
    }
}

/// Mirrors `CABasicAnimation`: from, to and by values, in any combination Apple documents.
///
/// ```swift
/// let slide = CABasicAnimation(keyPath: "position.x")
/// slide.fromValue = -view.bounds.width
/// slide.toValue = view.bounds.width / 2
/// slide.duration = 0.5
/// slide.beginTime = CACurrentMediaTime() + 0.3
/// slide.fillMode = .backwards
/// field.layer.add(slide, forKey: nil)
/// ```
@MainActor
open class CABasicAnimation: CAPropertyAnimation {
    open var fromValue: Any?
    open var toValue: Any?
    open var byValue: Any?

    public override init() { super.init() }

    public required init(copying other: CAAnimation) {
        super.init(copying: other)
        if let other = other as? CABasicAnimation { (fromValue, toValue, byValue) = (other.fromValue, other.toValue, other.byValue) }
    }

    override func layerAnimation(on layer: CALayer) -> LayerAnimation? {
        if let whole = partsAnimation({ part, _ in .basic(from: part(fromValue), to: part(toValue), by: nil) }) { return whole }
        guard let target else { return nil }
        return make(.basic(from: converted(fromValue, on: layer), to: converted(toValue, on: layer), by: converted(byValue, on: layer)), for: target)
    }
}

/// Mirrors `CAAnimationCalculationMode`.
public struct CAAnimationCalculationMode: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let linear = CAAnimationCalculationMode(rawValue: "linear")
    public static let discrete = CAAnimationCalculationMode(rawValue: "discrete")
    public static let paced = CAAnimationCalculationMode(rawValue: "paced")
    public static let cubic = CAAnimationCalculationMode(rawValue: "cubic")
    public static let cubicPaced = CAAnimationCalculationMode(rawValue: "cubicPaced")
}

/// Mirrors `CAAnimationRotationMode`.
public struct CAAnimationRotationMode: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let rotateAuto = CAAnimationRotationMode(rawValue: "auto")
    public static let rotateAutoReverse = CAAnimationRotationMode(rawValue: "autoReverse")
}

/// Mirrors `CAKeyframeAnimation`: values (or a path) at key times, with a timing function per
/// segment and a calculation mode. A path is travelled at constant speed whatever the mode
/// (Core Animation's `linear` mode gives each of the path's segments equal time).
@MainActor
open class CAKeyframeAnimation: CAPropertyAnimation {
    open var values: [Any]?
    open var path: CGPath?
    open var keyTimes: [NSNumber]?
    open var timingFunctions: [CAMediaTimingFunction]?
    open var calculationMode = CAAnimationCalculationMode.linear
    open var tensionValues: [NSNumber]?
    open var continuityValues: [NSNumber]?
    open var biasValues: [NSNumber]?
    open var rotationMode: CAAnimationRotationMode?

    public override init() { super.init() }

    public required init(copying other: CAAnimation) {
        super.init(copying: other)
        if let other = other as? CAKeyframeAnimation {
            (values, path, keyTimes, timingFunctions) = (other.values, other.path, other.keyTimes, other.timingFunctions)
            (calculationMode, tensionValues, continuityValues, biasValues) = (other.calculationMode, other.tensionValues, other.continuityValues, other.biasValues)
            rotationMode = other.rotationMode
        }
    }

    override func layerAnimation(on layer: CALayer) -> LayerAnimation? {
        let mode = CalculationMode(rawValue: calculationMode.rawValue) ?? .linear
        func doubles(_ numbers: [NSNumber]?) -> [Double] { (numbers ?? []).map(\.doubleValue) }
        func track(_ values: [AnimatableValue]) -> KeyframeTrack? {
            // Core Animation ignores key times and timing functions it cannot use.
            (try? KeyframeTrack(values: values, keyTimes: keyTimes.map(doubles), timingFunctions: (timingFunctions ?? []).map(\.curve),
                                calculationMode: mode, tension: doubles(tensionValues), continuity: doubles(continuityValues),
                                bias: doubles(biasValues)))
                ?? (try? KeyframeTrack(values: values, calculationMode: mode))
        }
        if let whole = partsAnimation({ part, _ in
            let parts = (values ?? []).compactMap { part($0) }
            return parts.count == values?.count ? track(parts).map { .keyframes($0) } : nil
        }) { return whole }
        guard let target else { return nil }
        if let path {
            guard target.property == .position, target.component == nil else { return nil }
            let offset = rotationMode == .rotateAutoReverse ? Double.pi : 0
            // A path of finite points (checked by SVGPath) always makes a motion.
            guard let motion = try? KeyframeTrack.motion(along: path.svgPath, rotationOffset: offset) else { return nil }
            let moving = make(.keyframes(motion.position), for: target)
            guard rotationMode != nil else { return moving }
            let pass = MediaTiming(duration: moving.timing.effectiveDuration)
            var group = LayerAnimation.group([
                LayerAnimation(property: .position, content: .keyframes(motion.position), timing: pass, isAdditive: isAdditive),
                LayerAnimation(property: .rotation, content: .keyframes(motion.rotation), timing: pass, isAdditive: true),
            ])
            configure(&group)
            return group
        }
        let converted = (values ?? []).compactMap { self.converted($0, on: layer) }
        guard !converted.isEmpty, converted.count == values?.count else { return nil }
        return track(converted).map { make(.keyframes($0), for: target) }
    }
}

/// Mirrors `CASpringAnimation`: a damped spring from the basic animation's from value to its
/// to value, in the animation's own seconds; `duration` cuts it off (set it to
/// `settlingDuration` to see it rest).
@MainActor
open class CASpringAnimation: CABasicAnimation {
    open var mass: CGFloat = 1
    open var stiffness: CGFloat = 100
    open var damping: CGFloat = 10
    open var initialVelocity: CGFloat = 0
    /// Mirrors `allowsOverdamping` (iOS 17).
    open var allowsOverdamping = false

    public override init() { super.init() }

    /// Mirrors `init(perceptualDuration:bounce:)` (iOS 17): SwiftUI's spring of that duration
    /// and bounce, its duration set to its settling duration.
    public convenience init(perceptualDuration: CFTimeInterval, bounce: CGFloat) {
        self.init()
        let spring = Self.spring(perceptualDuration: perceptualDuration, bounce: Double(bounce))
        (mass, stiffness, damping) = (CGFloat(spring.mass), CGFloat(spring.stiffness), CGFloat(spring.damping))
        duration = settlingDuration
    }

    public required init(copying other: CAAnimation) {
        super.init(copying: other)
        if let other = other as? CASpringAnimation {
            (mass, stiffness, damping, initialVelocity, allowsOverdamping) = (other.mass, other.stiffness, other.damping, other.initialVelocity, other.allowsOverdamping)
        }
    }

    /// Mirrors `perceptualDuration`: 2π/ω0.
    open var perceptualDuration: CFTimeInterval { 2 * Double.pi / spring.angularFrequency }
    /// Mirrors `bounce`: 1 − ζ for ζ ≤ 1, else 1/ζ − 1.
    open var bounce: CGFloat {
        let zeta = spring.dampingRatio
        return CGFloat(zeta <= 1 ? 1 - zeta : 1 / zeta - 1)
    }

    /// Mirrors `settlingDuration`: when the spring rests within 0.1 % of its distance.
    open var settlingDuration: CFTimeInterval { spring.settlingDuration }

    var spring: Spring {
        Spring(mass: Double(mass), stiffness: Double(stiffness), damping: Double(damping), initialVelocity: Double(initialVelocity),
               allowsOverdamping: allowsOverdamping)
    }

    /// SwiftUI's spring(duration:bounce:) at mass 1: stiffness (2π/d)², damping 4π(1 − b)/d
    /// (for b < 0, 4π/(d(1 + b))).
    static func spring(perceptualDuration d: Double, bounce b: Double) -> Spring {
        let duration = max(d, 1e-3)
        let stiffness = pow(2 * Double.pi / duration, 2)
        let damping = b >= 0 ? 4 * Double.pi * (1 - b) / duration : 4 * Double.pi / (duration * (1 + max(b, -0.999)))
        return Spring(mass: 1, stiffness: stiffness, damping: damping, initialVelocity: 0)
    }

    override func layerAnimation(on layer: CALayer) -> LayerAnimation? {
        guard let target else { return nil }
        var animation = make(.spring(spring, from: converted(fromValue, on: layer), to: converted(toValue, on: layer),
                                     by: converted(byValue, on: layer)), for: target)
        // The spring runs in seconds, not through a timing function.
        animation.timingFunction = nil
        return animation
    }
}

/// Mirrors `CAAnimationGroup`: animations that run together in the group's time, cut off at
/// its duration.
@MainActor
open class CAAnimationGroup: CAAnimation {
    open var animations: [CAAnimation]?

    public override init() { super.init() }

    public required init(copying other: CAAnimation) {
        super.init(copying: other)
        if let other = other as? CAAnimationGroup { animations = other.animations?.map { $0.copy() as? CAAnimation ?? $0 } }
    }

    override func layerAnimation(on layer: CALayer) -> LayerAnimation? {
        let children = (animations ?? []).compactMap { $0.layerAnimation(on: layer) }
        var group = LayerAnimation.group(children)
        configure(&group)
        return group
    }
}
