import ZoetropeCore

/// Mirrors `CAGradientLayerType`.
public struct CAGradientLayerType: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let axial = CAGradientLayerType(rawValue: "axial")
    public static let radial = CAGradientLayerType(rawValue: "radial")
    /// Round `startPoint`: angle 0 points towards `endPoint`, and `locations` are fractions of
    /// a clockwise turn.
    public static let conic = CAGradientLayerType(rawValue: "conic")
}

/// Mirrors `CAGradientLayer`: colours at locations between a start and an end point, in unit
/// coordinates of the bounds. `colors`, `locations`, `startPoint` and `endPoint` animate,
/// explicitly (`CABasicAnimation(keyPath: "locations")`) or in animation blocks: the layer's
/// fill is the gradient, and gradients of the same number of stops interpolate.
///
/// A radial gradient's radius is the larger of its end point's distances from the start point
/// along x and y (Core Animation draws an ellipse of both). A conic one is centred on the start
/// point, its angle 0 pointing towards the end point (angles measured in points of the bounds),
/// and its locations run clockwise through one full turn, as Core Animation draws it.
///
/// ```swift
/// let shine = CAGradientLayer()
/// shine.colors = [UIColor.black.cgColor, UIColor.white.cgColor, UIColor.black.cgColor]
/// shine.locations = [0, 0, 0.25]
/// shine.startPoint = CGPoint(x: 0, y: 0.5)
/// shine.endPoint = CGPoint(x: 1, y: 0.5)
/// ```
open class CAGradientLayer: CALayer {
    override class var layerKind: String { "gradientLayer" }

    private var givenColors: [CGColor] = []
    private var givenLocations: [Double]?
    private var start = CGPoint(x: 0.5, y: 0)
    private var end = CGPoint(x: 0.5, y: 1)
    private var kind = CAGradientLayerType.axial

    /// Mirrors `init()`.
    public required init() {
        super.init(shape: .rect)
    }

    /// Mirrors `colors`: `CGColor`s (`UIColor`s are taken too).
    open var colors: [Any]? {
        get { givenColors.isEmpty ? nil : givenColors }
        set {
            givenColors = (newValue ?? []).compactMap { ($0 as? CGColor) ?? ($0 as? UIColor)?.cgColor }
            updateFill()
        }
    }

    /// Mirrors `locations`: each colour's offset, 0…1; nil spaces them evenly.
    open var locations: [NSNumber]? {
        get { givenLocations.map { $0.map { NSNumber(value: $0) } } }
        set {
            givenLocations = newValue?.map(\.doubleValue)
            updateFill()
        }
    }

    /// Mirrors `startPoint` (default (0.5, 0)).
    open var startPoint: CGPoint {
        get { start }
        set {
            start = newValue
            updateFill()
        }
    }

    /// Mirrors `endPoint` (default (0.5, 1)).
    open var endPoint: CGPoint {
        get { end }
        set {
            end = newValue
            updateFill()
        }
    }

    /// Mirrors `type`.
    open var type: CAGradientLayerType {
        get { kind }
        set {
            kind = newValue
            updateFill()
        }
    }

    private func updateFill() {
        guard let gradient = gradient() else {
            set(.fill, .color(givenColors.first?.color ?? .clear))
            return
        }
        set(.fill, .gradient(gradient))
    }

    /// The layer's gradient with one part replaced (what an animation of `colors`, `locations`,
    /// `startPoint` or `endPoint` runs between); nil for fewer than two colours.
    func gradient(colors: [CGColor]? = nil, locations: [Double]? = nil, start: CGPoint? = nil, end: CGPoint? = nil) -> Gradient? {
        let colors = colors ?? givenColors
        guard colors.count >= 2 else { return nil }
        let offsets = locations ?? givenLocations ?? colors.indices.map { Double($0) / Double(colors.count - 1) }
        let stops = colors.indices.map { index in
            Gradient.Stop(offset: min(max(offsets.indices.contains(index) ? offsets[index] : 1, 0), 1), color: colors[index].color)
        }
        let from = (start ?? self.start).vector, to = (end ?? self.end).vector
        let geometry: Gradient.Kind = switch kind {
        case .radial: .radial(center: from, radius: max(abs(to.x - from.x), abs(to.y - from.y)))
        case .conic: .conic(center: from, to: to)
        default: .linear(from: from, to: to)
        }
        return Gradient(kind: geometry, stops: stops)
    }

    override func animationValue(_ value: Any?, forKeyPath keyPath: String) -> AnimatableValue? {
        func gradientValue(_ gradient: Gradient?) -> AnimatableValue? { gradient.map { .gradient($0) } }
        switch keyPath {
        case "colors":
            guard let list = value as? [Any] else { return nil }
            return gradientValue(gradient(colors: list.compactMap { ($0 as? CGColor) ?? ($0 as? UIColor)?.cgColor }))
        case "locations":
            guard let list = value as? [Any] else { return nil }
            return gradientValue(gradient(locations: list.compactMap { ($0 as? NSNumber)?.doubleValue ?? ($0 as? Double) }))
        case "startPoint":
            return (value as? CGPoint).flatMap { gradientValue(gradient(start: $0)) }
        case "endPoint":
            return (value as? CGPoint).flatMap { gradientValue(gradient(end: $0)) }
        default:
            return super.animationValue(value, forKeyPath: keyPath)
        }
    }
}
