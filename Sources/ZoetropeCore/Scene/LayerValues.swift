/// Every animatable property of one layer: the model values, or the presentation at a time.
///
/// Defaults follow CALayer: anchor at the centre, scale 1, opaque, no fill, no stroke.
public struct LayerValues: Hashable, Sendable {
    /// Where the anchor point sits, in the parent's coordinates.
    public var position = Vector2.zero
    /// The bounds' width and height.
    public var size = Vector2.zero
    /// The anchor point in unit coordinates of the bounds.
    public var anchor = Vector2(0.5, 0.5)
    /// Radians, clockwise on screen (y points down).
    public var rotation = 0.0
    public var scale = Vector2(1, 1)
    /// Radians: a shear applied after the scale and before the rotation, as After Effects
    /// skews a layer: `skewAxis` turns the direction it shears along (0 shears along x, the
    /// layer's horizontal lines staying horizontal; a positive skew leans its vertical lines
    /// towards −x at the bottom). The shear is rotate(−axis) · shearX(−tan skew) · rotate(axis)
    /// (column vectors, y down); 0, the default, is none.
    public var skew = 0.0
    public var skewAxis = 0.0
    /// An extra offset applied after the position, like `CGAffineTransform(translationX:y:)`.
    public var translation = Vector2.zero
    public var opacity = 1.0
    public var fill = Color.clear
    /// A gradient that replaces the solid `fill` when set; `fill` animates between them.
    public var gradient: Gradient?
    public var cornerRadius = 0.0
    public var strokeColor = Color.black
    /// A gradient that replaces the solid `strokeColor` when set; `stroke.color` animates
    /// between them, as `fill` does.
    public var strokeGradient: Gradient?
    public var strokeWidth = 0.0
    /// How far into the dash pattern (`LayerStyle.strokeDash`) the outline starts, in points.
    public var strokeDashPhase = 0.0
    public var strokeStart = 0.0
    public var strokeEnd = 1.0
    /// Moves the `strokeStart`…`strokeEnd` window along the outline, in lengths of it (1 is
    /// once round; the window wraps past the end to the start).
    public var strokeOffset = 0.0
    /// A text layer's colour.
    public var color = Color.black
    public var fontSize = 17.0
    public var hidden = false
    /// Whether the layer draws at all: not hidden, and not fully transparent (a Lottie layer
    /// outside its in and out points is neither). Its children draw only when it does.
    public var isShown: Bool { !hidden && opacity > 0 }
    public var zIndex = 0.0
    public var text = ""
    /// An image layer's PNG, as a path resolved against the scene file's folder.
    public var image = ""
    /// Mirrors `CALayer.shadowColor` (default black).
    public var shadowColor = Color.black
    /// Mirrors `CALayer.shadowOffset`, in the layer's own coordinates.
    public var shadowOffset = Vector2(0, -3)
    /// Mirrors `CALayer.shadowRadius`: the blur radius (a Gaussian of σ = radius / 2).
    public var shadowRadius = 3.0
    /// Mirrors `CALayer.shadowOpacity`: 0 (the default) draws no shadow. A scene file's
    /// `shadow:` block, and `setShadow`, make it 1 unless they say otherwise.
    public var shadowOpacity = 0.0
    /// A Gaussian blur of the layer and its children, σ = blur.
    public var blur = 0.0
    /// A Gaussian blur (σ = backdropBlur) of what lies beneath the layer, within its bounds, as
    /// `UIVisualEffectView` does.
    public var backdropBlur = 0.0
    /// A `path` layer's outline in its bounds' coordinates (`CAShapeLayer.path`); it morphs
    /// point by point between paths of the same commands.
    public var path = SVGPath()
    /// Mirrors `CAReplicatorLayer` (`LayerProperty.replicatorCount` and the rest): the
    /// children drawn `replicatorCount` times, each copy moved from the one before by the
    /// translation, rotation and scale about the anchor point, its colours multiplied by the
    /// instance colour: `replicatorColor` (its alpha times `replicatorOpacity`) plus the
    /// offsets for each copy before it (`instanceColor`, `instanceRedOffset` and the rest).
    public var replicatorCount = 1.0
    public var replicatorTranslation = Vector2.zero
    public var replicatorRotation = 0.0
    public var replicatorScale = Vector2(1, 1)
    public var replicatorOpacity = 1.0
    public var replicatorAlphaOffset = 0.0
    /// Mirrors `instanceColor`'s red, green and blue (and alpha, times `replicatorOpacity`).
    public var replicatorColor = Color.white
    /// Mirrors `instanceRedOffset`, `instanceGreenOffset` and `instanceBlueOffset`.
    public var replicatorRedOffset = 0.0
    public var replicatorGreenOffset = 0.0
    public var replicatorBlueOffset = 0.0
    /// Mirrors `instanceDelay`: copy i shows the children as they were i × this many seconds
    /// earlier (the first `SceneLimits.delayedInstances` copies; later ones as the last of them).
    public var replicatorDelay = 0.0
    /// Mirrors `CAEmitterLayer`'s animatable properties (`LayerProperty.emitterPosition` and the
    /// rest): where particles are born and the multipliers of the cells' rates, lifetimes,
    /// speeds, scales and spins. They draw only on a layer whose style has an `Emitter`.
    public var emitterPosition = Vector2.zero
    public var emitterSize = Vector2.zero
    public var emitterBirthRate = 1.0
    public var emitterLifetime = 1.0
    public var emitterVelocity = 1.0
    public var emitterScale = 1.0
    public var emitterSpin = 1.0
    /// Radians about the layer's own x axis through its anchor point (`transform.rotation.x`):
    /// a positive angle brings the bottom edge towards the viewer. Additive, as `rotation`.
    public var rotationX = 0.0
    /// Radians about the layer's own y axis through its anchor point (`transform.rotation.y`):
    /// a positive angle takes the right edge away from the viewer. Additive, as `rotation`.
    public var rotationY = 0.0
    /// Points towards the viewer (`transform.translation.z`), after the rotations; it shows
    /// under a perspective (`perspective`, or the parent's `sublayerPerspective`).
    public var translationZ = 0.0
    /// Mirrors `CALayer.anchorPointZ`: the anchor point's z, in points.
    public var anchorZ = 0.0
    /// The `m34` of the layer's own transform: −1 / d sees the layer from d points away; 0
    /// (the default) is no perspective.
    public var perspective = 0.0
    /// The `m34` of `CALayer.sublayerTransform`: the children are seen from −1 / m34 points
    /// away, about this layer's anchor point; 0 (the default) is none.
    public var sublayerPerspective = 0.0
    /// Mirrors `CALayer.contentsRect`: the part of the contents image drawn, in unit
    /// coordinates of the image (origin and size; the whole image by default).
    public var contentsOrigin = Vector2.zero
    public var contentsSize = Vector2(1, 1)

    public init() {}

    /// The shear of `skew` about `skewAxis` as a linear map, `x' = a·x + c·y`, `y' = b·x + d·y`
    /// (its determinant is 1); nil when there is none, or when the skew is a quarter turn or
    /// more from 0 (the layer flattens to a line and draws nothing, as ThorVG draws it).
    public var shear: (a: Double, b: Double, c: Double, d: Double)? {
        guard skew != 0 else { return nil }
        let t = Double.tan(-skew)
        guard t.isFinite, abs(t) < 1e6, skewAxis.isFinite else { return (0, 0, 0, 0) }
        let cosine = Double.cos(-skewAxis), sine = Double.sin(-skewAxis)
        return (1 - cosine * sine * t, -sine * sine * t, cosine * cosine * t, 1 + cosine * sine * t)
    }

    /// The copies of the children drawn (0 … `SceneLimits.instances`).
    public var instances: Int {
        min(max(Int(saturating: replicatorCount, rounding: .down), 0), SceneLimits.instances)
    }

    /// The colour copy `copy` of the children is multiplied by, component by component, as
    /// `CAReplicatorLayer` draws it: `replicatorColor` (its alpha times `replicatorOpacity`)
    /// plus `copy` times each offset, each component clamped to 0…1. White leaves a copy as
    /// it is; copy 0 is the instance colour itself.
    public func instanceColor(ofCopy copy: Int) -> Color {
        let n = Double(copy)
        return Color(red: replicatorColor.red + n * replicatorRedOffset, green: replicatorColor.green + n * replicatorGreenOffset,
                     blue: replicatorColor.blue + n * replicatorBlueOffset,
                     alpha: replicatorColor.alpha * replicatorOpacity + n * replicatorAlphaOffset)
    }

    /// Whether a replicator's copies are drawn other than as they are: more or fewer than one,
    /// or with an instance colour that is not opaque white (or offsets that change it).
    public var replicates: Bool {
        instances != 1 || replicatorOpacity < 1 || replicatorColor != .white
    }

    /// The value of `property`.
    public subscript(property: LayerProperty) -> AnimatableValue {
        get {
            switch property {
            case .position: .vector(position)
            case .size: .vector(size)
            case .anchor: .vector(anchor)
            case .rotation: .number(rotation)
            case .scale: .vector(scale)
            case .skew: .number(skew)
            case .skewAxis: .number(skewAxis)
            case .translation: .vector(translation)
            case .opacity: .number(opacity)
            case .fill: gradient.map { .gradient($0) } ?? .color(fill)
            case .cornerRadius: .number(cornerRadius)
            case .strokeColor: strokeGradient.map { .gradient($0) } ?? .color(strokeColor)
            case .strokeWidth: .number(strokeWidth)
            case .strokeDashPhase: .number(strokeDashPhase)
            case .strokeStart: .number(strokeStart)
            case .strokeEnd: .number(strokeEnd)
            case .strokeOffset: .number(strokeOffset)
            case .color: .color(color)
            case .fontSize: .number(fontSize)
            case .hidden: .flag(hidden)
            case .zIndex: .number(zIndex)
            case .text: .text(text)
            case .image: .text(image)
            case .shadowColor: .color(shadowColor)
            case .shadowOffset: .vector(shadowOffset)
            case .shadowRadius: .number(shadowRadius)
            case .shadowOpacity: .number(shadowOpacity)
            case .blur: .number(blur)
            case .backdropBlur: .number(backdropBlur)
            case .path: .path(path)
            case .replicatorCount: .number(replicatorCount)
            case .replicatorTranslation: .vector(replicatorTranslation)
            case .replicatorRotation: .number(replicatorRotation)
            case .replicatorScale: .vector(replicatorScale)
            case .replicatorOpacity: .number(replicatorOpacity)
            case .replicatorAlphaOffset: .number(replicatorAlphaOffset)
            case .replicatorColor: .color(replicatorColor)
            case .replicatorRedOffset: .number(replicatorRedOffset)
            case .replicatorGreenOffset: .number(replicatorGreenOffset)
            case .replicatorBlueOffset: .number(replicatorBlueOffset)
            case .replicatorDelay: .number(replicatorDelay)
            case .emitterPosition: .vector(emitterPosition)
            case .emitterSize: .vector(emitterSize)
            case .emitterBirthRate: .number(emitterBirthRate)
            case .emitterLifetime: .number(emitterLifetime)
            case .emitterVelocity: .number(emitterVelocity)
            case .emitterScale: .number(emitterScale)
            case .emitterSpin: .number(emitterSpin)
            case .rotationX: .number(rotationX)
            case .rotationY: .number(rotationY)
            case .translationZ: .number(translationZ)
            case .anchorZ: .number(anchorZ)
            case .perspective: .number(perspective)
            case .sublayerPerspective: .number(sublayerPerspective)
            case .contentsOrigin: .vector(contentsOrigin)
            case .contentsSize: .vector(contentsSize)
            }
        }
        set {
            switch (property, newValue) {
            case (.position, .vector(let v)): position = v
            case (.size, .vector(let v)): size = v
            case (.anchor, .vector(let v)): anchor = v
            case (.rotation, .number(let n)): rotation = n
            case (.scale, .vector(let v)): scale = v
            case (.skew, .number(let n)): skew = n
            case (.skewAxis, .number(let n)): skewAxis = n
            case (.translation, .vector(let v)): translation = v
            case (.opacity, .number(let n)): opacity = n
            case (.fill, .color(let c)): fill = c; gradient = nil
            case (.fill, .gradient(let g)): gradient = g
            case (.cornerRadius, .number(let n)): cornerRadius = n
            case (.strokeColor, .color(let c)): strokeColor = c; strokeGradient = nil
            case (.strokeColor, .gradient(let g)): strokeGradient = g
            case (.strokeWidth, .number(let n)): strokeWidth = n
            case (.strokeDashPhase, .number(let n)): strokeDashPhase = n
            case (.strokeStart, .number(let n)): strokeStart = n
            case (.strokeEnd, .number(let n)): strokeEnd = n
            case (.strokeOffset, .number(let n)): strokeOffset = n
            case (.color, .color(let c)): color = c
            case (.fontSize, .number(let n)): fontSize = n
            case (.hidden, .flag(let b)): hidden = b
            case (.zIndex, .number(let n)): zIndex = n
            case (.text, .text(let s)): text = s
            case (.image, .text(let s)): image = s
            case (.shadowColor, .color(let c)): shadowColor = c
            case (.shadowOffset, .vector(let v)): shadowOffset = v
            case (.shadowRadius, .number(let n)): shadowRadius = n
            case (.shadowOpacity, .number(let n)): shadowOpacity = n
            case (.blur, .number(let n)): blur = n
            case (.backdropBlur, .number(let n)): backdropBlur = n
            case (.path, .path(let p)): path = p
            case (.replicatorCount, .number(let n)): replicatorCount = n
            case (.replicatorTranslation, .vector(let v)): replicatorTranslation = v
            case (.replicatorRotation, .number(let n)): replicatorRotation = n
            case (.replicatorScale, .vector(let v)): replicatorScale = v
            case (.replicatorOpacity, .number(let n)): replicatorOpacity = n
            case (.replicatorAlphaOffset, .number(let n)): replicatorAlphaOffset = n
            case (.replicatorColor, .color(let c)): replicatorColor = c
            case (.replicatorRedOffset, .number(let n)): replicatorRedOffset = n
            case (.replicatorGreenOffset, .number(let n)): replicatorGreenOffset = n
            case (.replicatorBlueOffset, .number(let n)): replicatorBlueOffset = n
            case (.replicatorDelay, .number(let n)): replicatorDelay = n
            case (.emitterPosition, .vector(let v)): emitterPosition = v
            case (.emitterSize, .vector(let v)): emitterSize = v
            case (.emitterBirthRate, .number(let n)): emitterBirthRate = n
            case (.emitterLifetime, .number(let n)): emitterLifetime = n
            case (.emitterVelocity, .number(let n)): emitterVelocity = n
            case (.emitterScale, .number(let n)): emitterScale = n
            case (.emitterSpin, .number(let n)): emitterSpin = n
            case (.rotationX, .number(let n)): rotationX = n
            case (.rotationY, .number(let n)): rotationY = n
            case (.translationZ, .number(let n)): translationZ = n
            case (.anchorZ, .number(let n)): anchorZ = n
            case (.perspective, .number(let n)): perspective = n
            case (.sublayerPerspective, .number(let n)): sublayerPerspective = n
            case (.contentsOrigin, .vector(let v)): contentsOrigin = v
            case (.contentsSize, .vector(let v)): contentsSize = v
            default:
                // The format target checks kinds, so a mismatch here is a programming error;
                // keep the old value rather than trap in a render.
                assertionFailure("\(newValue) is not a value of \(property.rawValue)")
            }
        }
    }
}

extension LayerValues {
    /// A shadow as a scene file's `shadow: { color, offset, radius, opacity }` block writes it:
    /// what is not given keeps CALayer's default, and the opacity is 1 unless given (setting
    /// `shadowRadius` alone, as on a CALayer, draws nothing while `shadowOpacity` is 0).
    public mutating func setShadow(color: Color = .black, offset: Vector2 = Vector2(0, -3), radius: Double = 3, opacity: Double = 1) {
        shadowColor = color
        shadowOffset = offset
        shadowRadius = radius
        shadowOpacity = opacity
    }
}
