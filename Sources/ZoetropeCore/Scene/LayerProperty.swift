/// An animatable property of a layer, named as in scene files (`frog.position`,
/// `card.stroke.width`).
public enum LayerProperty: String, CaseIterable, Hashable, Sendable {
    case position, size, anchor, rotation, scale, translation
    /// After Effects' skew: radians of shear, and the angle of the axis it shears along
    /// (`LayerValues.skew`), applied between the scale and the rotation.
    case skew, skewAxis
    case opacity, fill, cornerRadius
    case strokeColor = "stroke.color"
    case strokeWidth = "stroke.width"
    /// Mirrors `CAShapeLayer.lineDashPhase`: how far into the dash pattern the outline starts,
    /// in points (Lottie's dash offset); it marches the dashes along as it animates.
    case strokeDashPhase = "stroke.dashPhase"
    case strokeStart, strokeEnd, strokeOffset
    case color
    case fontSize = "font.size"
    case hidden, zIndex, text, image
    case shadowColor = "shadow.color"
    case shadowOffset = "shadow.offset"
    case shadowRadius = "shadow.radius"
    case shadowOpacity = "shadow.opacity"
    case blur, backdropBlur
    case path
    /// Mirrors `CAReplicatorLayer`: how many times the layer's children are drawn
    /// (`instanceCount`; 1 draws them once, as any layer does; rounded down).
    case replicatorCount = "replicator.count"
    /// `instanceTransform`, about the layer's anchor point: each copy is the one before moved
    /// by this translation, rotation and scale.
    case replicatorTranslation = "replicator.translation"
    case replicatorRotation = "replicator.rotation"
    case replicatorScale = "replicator.scale"
    /// The first copy's alpha (`instanceColor`'s), and what each later copy adds to it
    /// (`instanceAlphaOffset`).
    case replicatorOpacity = "replicator.opacity"
    case replicatorAlphaOffset = "replicator.alphaOffset"
    /// `instanceColor`: the first copy's colours are multiplied by it, component by component
    /// (its alpha times `replicator.opacity`); white, the default, leaves them as they are.
    case replicatorColor = "replicator.color"
    /// `instanceRedOffset`, `instanceGreenOffset`, `instanceBlueOffset`: what each later copy
    /// adds to the instance colour's red, green and blue (clamped to 0…1 for each copy).
    case replicatorRedOffset = "replicator.redOffset"
    case replicatorGreenOffset = "replicator.greenOffset"
    case replicatorBlueOffset = "replicator.blueOffset"
    /// `instanceDelay`: copy i shows its children as they were i × this many seconds earlier.
    case replicatorDelay = "replicator.delay"
    /// Mirrors `CAEmitterLayer.emitterPosition`: the centre of the emission shape, in the
    /// layer's coordinates. Like every `emitter.` property it is read when a particle is born
    /// (`EmissionHistory`): moving it leaves a trail, it does not carry live particles along.
    case emitterPosition = "emitter.position"
    /// Mirrors `CAEmitterLayer.emitterSize`: the emission shape's width and height.
    case emitterSize = "emitter.size"
    /// Mirrors `CAEmitterLayer.birthRate`: multiplies every cell's birth rate; 0 stops births,
    /// and the particles alive live on.
    case emitterBirthRate = "emitter.birthRate"
    /// Mirrors `CAEmitterLayer.lifetime`, `velocity`, `scale` and `spin`: multipliers of the
    /// cells' values for the particles born while they hold.
    case emitterLifetime = "emitter.lifetime"
    case emitterVelocity = "emitter.velocity"
    case emitterScale = "emitter.scale"
    case emitterSpin = "emitter.spin"
    /// The 3-D parts of `CALayer.transform`, as its key paths animate them
    /// (`transform.rotation.x`, `transform.rotation.y`, `transform.translation.z`): radians
    /// about the layer's own x and y axes through its anchor point, and points towards the
    /// viewer (`LayerValues.transform` composes them).
    case rotationX, rotationY, translationZ
    /// `anchorPointZ`: the anchor point's z, in points.
    case anchorZ
    /// The `m34` of the layer's own transform (−1 / d: its eye d points away; 0, the default, none).
    case perspective
    /// The `m34` of `sublayerTransform`: the perspective the children are seen in, about the
    /// layer's anchor point.
    case sublayerPerspective
    /// Mirrors `CALayer.contentsRect`, in unit coordinates of the contents image: the part of
    /// the image drawn in the bounds (a sprite sheet's frame). Its origin and its size animate
    /// as two pairs; the default, origin (0, 0) and size (1, 1), is the whole image.
    case contentsOrigin = "contentsRect.origin"
    case contentsSize = "contentsRect.size"

    /// How several animations of one property combine (SPEC §3.3).
    public enum Composition: Sendable {
        /// Geometry: presentation = model + Σ (from − to)·(1 − p), as UIKit does since iOS 8.
        case additive
        /// The newest animation starts from the current presentation and replaces the older one.
        case replaced
        /// Changes at once when its block starts.
        case discrete
    }

    /// The kind of value the property holds.
    public var kind: ValueKind {
        switch self {
        case .position, .size, .anchor, .scale, .translation, .shadowOffset, .replicatorTranslation, .replicatorScale,
             .emitterPosition, .emitterSize, .contentsOrigin, .contentsSize: .vector
        case .rotation, .skew, .skewAxis, .opacity, .cornerRadius, .strokeWidth, .strokeDashPhase, .strokeStart, .strokeEnd, .strokeOffset, .fontSize, .zIndex,
             .shadowRadius, .shadowOpacity, .blur, .backdropBlur, .replicatorCount, .replicatorRotation, .replicatorOpacity,
             .replicatorAlphaOffset, .replicatorRedOffset, .replicatorGreenOffset, .replicatorBlueOffset, .replicatorDelay, .emitterBirthRate, .emitterLifetime, .emitterVelocity, .emitterScale, .emitterSpin,
             .rotationX, .rotationY, .translationZ, .anchorZ, .perspective, .sublayerPerspective: .number
        case .fill, .strokeColor, .color, .shadowColor, .replicatorColor: .color
        case .hidden: .flag
        case .text, .image: .text
        case .path: .path
        }
    }

    public var composition: Composition {
        switch self {
        case .position, .size, .rotation, .scale, .translation, .rotationX, .rotationY, .translationZ: .additive
        case .hidden, .zIndex, .text, .image: .discrete
        default: .replaced
        }
    }

    /// The values the property can show, as Core Animation clamps them on screen: an overshooting
    /// spring cannot drive opacity below 0 or a radius negative. Nil for unbounded properties.
    public var domain: ClosedRange<Double>? {
        switch self {
        case .opacity, .strokeStart, .strokeEnd, .shadowOpacity, .replicatorOpacity: 0...1
        case .cornerRadius, .strokeWidth, .shadowRadius, .blur, .backdropBlur, .fontSize: 0...Double.greatestFiniteMagnitude
        case .replicatorCount: 0...Double(SceneLimits.instances)
        case .replicatorDelay: 0...SceneLimits.duration
        case .emitterBirthRate, .emitterLifetime: 0...SceneLimits.emitterMultiplier
        default: nil
        }
    }

    /// Names of the components a key may address (`frog.position.x`), empty for scalars.
    public var componentNames: [[String]] {
        guard kind == .vector else { return [] }
        return self == .size ? [["width", "x"], ["height", "y"]] : [["x"], ["y"]]
    }
}

extension LayerProperty {
    /// The numbers a property accepts: `minimum...maximum`, or `minimum < x <= maximum` when
    /// `exclusiveMinimum` (a font size must be above 0).
    public struct Bounds: Hashable, Sendable {
        /// The least number accepted (excluded when `exclusiveMinimum`).
        public var minimum: Double
        /// The greatest number accepted; `Double.greatestFiniteMagnitude` for "and up".
        public var maximum: Double
        /// Whether `minimum` itself is refused.
        public var exclusiveMinimum: Bool

        /// The numbers from `minimum` (excluded when `exclusiveMinimum`) to `maximum`.
        public init(minimum: Double, maximum: Double, exclusiveMinimum: Bool = false) {
            self.minimum = minimum
            self.maximum = maximum
            self.exclusiveMinimum = exclusiveMinimum
        }

        /// Whether `x` is within the bounds.
        public func contains(_ x: Double) -> Bool {
            (exclusiveMinimum ? x > minimum : x >= minimum) && x <= maximum
        }
    }

    /// The numbers a scene file accepts for the property (each component's, for a pair): a
    /// fraction's 0…1, a radius's 0 and up, `SceneLimits`' ranges; nil where any finite number
    /// goes. The Swift API checks values against them as the reader does.
    public var bounds: Bounds? {
        switch self {
        case .opacity, .strokeStart, .strokeEnd, .shadowOpacity, .replicatorOpacity: Bounds(minimum: 0, maximum: 1)
        case .cornerRadius: Bounds(minimum: 0, maximum: .greatestFiniteMagnitude)
        case .position, .translation, .shadowOffset, .replicatorTranslation, .translationZ, .anchorZ, .strokeDashPhase:
            Bounds(minimum: -SceneLimits.coordinate, maximum: SceneLimits.coordinate)
        // An eye at least a point from the plane: |m34| ≤ 1.
        case .perspective, .sublayerPerspective: Bounds(minimum: -1, maximum: 1)
        case .size: Bounds(minimum: 0, maximum: SceneLimits.coordinate)
        // Core Animation repeats the edge pixels of a rectangle reaching past the image.
        case .contentsOrigin: Bounds(minimum: -SceneLimits.contentsRect, maximum: SceneLimits.contentsRect)
        case .contentsSize: Bounds(minimum: 0, maximum: SceneLimits.contentsRect)
        case .replicatorCount: Bounds(minimum: 0, maximum: Double(SceneLimits.instances))
        case .replicatorDelay: Bounds(minimum: 0, maximum: SceneLimits.duration)
        case .emitterPosition: Bounds(minimum: -SceneLimits.coordinate, maximum: SceneLimits.coordinate)
        case .emitterSize: Bounds(minimum: 0, maximum: SceneLimits.coordinate)
        case .emitterBirthRate, .emitterLifetime: Bounds(minimum: 0, maximum: SceneLimits.emitterMultiplier)
        case .emitterVelocity, .emitterScale, .emitterSpin: Bounds(minimum: -SceneLimits.emitterMultiplier, maximum: SceneLimits.emitterMultiplier)
        case .shadowRadius, .blur, .backdropBlur: Bounds(minimum: 0, maximum: SceneLimits.effectRadius)
        case .strokeWidth: Bounds(minimum: 0, maximum: SceneLimits.strokeWidth)
        case .fontSize: Bounds(minimum: 0, maximum: SceneLimits.fontSize, exclusiveMinimum: true)
        default: nil
        }
    }

    /// Why `value` cannot be the property's (a number that is not finite, or outside `bounds`),
    /// in a scene file's words: `must be within 0...1 (found 3)`; nil when it can.
    public func problem(with value: AnimatableValue) -> String? {
        let numbers: [Double] = switch value {
        case .number(let x): [x]
        case .vector(let v): [v.x, v.y]
        default: []
        }
        if let bad = numbers.first(where: { !$0.isFinite }) { return "expected a finite number (found \(bad))" }
        guard let bounds else { return nil }
        guard let bad = numbers.first(where: { !bounds.contains($0) }) else { return nil }
        func text(_ x: Double) -> String { x == x.rounded() && abs(x) < 1e15 ? String(Int(saturating: x)) : String(x) }
        let range = bounds.maximum == .greatestFiniteMagnitude ? "at least \(text(bounds.minimum))"
            : bounds.exclusiveMinimum ? "within \(text(bounds.minimum)) < x <= \(text(bounds.maximum))"
            : "within \(text(bounds.minimum))...\(text(bounds.maximum))"
        return "must be \(range) (found \(text(bad)))"
    }
}

extension LayerTree {
    /// An initial value a scene file would refuse: where it is and why.
    public struct ValueProblem: Hashable, Sendable {
        /// Where the value is, in a scene file's words: `layers[card].opacity`.
        public var path: String
        /// What is wrong: `must be within 0...1 (found 7)`.
        public var message: String

        /// The problem `message` at `path`.
        public init(path: String, message: String) {
            self.path = path
            self.message = message
        }
    }

    /// Every initial value out of its property's bounds, as `layers[card].opacity: must be
    /// within 0...1 (found 7)`: what a scene built in Swift is checked for, as a file is.
    public var valueProblems: [ValueProblem] {
        var problems: [ValueProblem] = []
        for (node, values) in zip(nodes, initialValues) {
            for property in LayerProperty.allCases {
                if let problem = property.problem(with: values[property]) {
                    problems.append(ValueProblem(path: "layers[\(node.id)].\(property.rawValue)", message: problem))
                }
            }
        }
        return problems
    }
}
