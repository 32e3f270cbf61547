import ZoetropeCore

/// Mirrors `CALayer`: what a view draws, and the properties Core Animation animates.
///
/// Its model values live on the film's stage once its view is on the film (before that, in the
/// layer itself). Reading a property inside an animations closure gives the value just set, as
/// UIKit's model does; `presentation()` gives what is on screen at the film's time.
@MainActor
open class CALayer {
    /// What the layer draws as (a view's rectangle, a label's text, an image).
    let shape: Shape
    /// Model values while the layer is on no film.
    var detached: LayerValues
    /// What does not animate (clipping, font, alignment, content mode).
    var style: LayerStyle
    /// The film and the stage's index of the layer, once its view has been on a film.
    var placement: (film: Film, index: Int)?
    /// A presentation copy: values frozen at one instant, read-only in effect.
    private var isPresentationCopy: Bool
    /// The layer's own timing (`CAMediaTiming`), kept here and on the film's stage.
    var ownTiming = MediaTiming.layer
    /// Animations added while the layer is on no film: added when it joins one.
    var pendingAnimations: [(animation: CAAnimation, key: String?)] = []
    /// The copies `add(_:forKey:)` made, by key, for `animation(forKey:)`.
    var addedAnimations: [String: CAAnimation] = [:]
    /// What `sublayerTransform`, `mask` and `contents` were set to.
    /// The layer draws a view (a view's layer animates only in animations closures).
    var backsView = false
    /// The view the layer draws, if any (`CALayer.delegate` in UIKit).
    weak var view: UIView?
    /// When the layer joined its film: it does not animate implicitly in that instant.
    var placedAt = -Double.infinity
    var givenSublayerTransform = CATransform3DIdentity
    var givenMask: CALayer?
    var givenContents: Any?
    /// The shadow opacity set while `masksToBounds` hides the shadow (nil while it does not).
    var heldShadowOpacity: Float?

    init(shape: Shape, values: LayerValues = LayerValues(), style: LayerStyle = LayerStyle(), isPresentationCopy: Bool = false) {
        self.shape = shape
        detached = values
        self.style = style
        self.isPresentationCopy = isPresentationCopy
    }

    /// Mirrors `CALayer()`: a layer of its own is drawn as a rectangle. Required, so a view's
    /// `layerClass` can make its layer.
    public required convenience init() {
        self.init(shape: .rect)
    }

    // MARK: - Sublayers

    /// Mirrors `sublayers`: the layers added with `addSublayer(_:)` (a view's subviews' layers
    /// are its subviews', not listed here).
    public private(set) var sublayers: [CALayer]?
    /// Mirrors `superlayer`, for a layer added with `addSublayer(_:)`.
    public private(set) weak var superlayer: CALayer?
    /// Mirrors `name`: also the layer's id in a film's scene (without one the film names it,
    /// `textLayer1`).
    public var name: String?

    /// The kind of layer, for the names a film gives layers of their own.
    class var layerKind: String { "layer" }

    /// Mirrors `addSublayer(_:)`: on top of this layer's other content. A layer is added to one
    /// superlayer once (moving it to another is not supported: it stays where it is).
    public func addSublayer(_ layer: CALayer) {
        insert(layer, at: nil)
    }

    /// Adds `layer` at `position` among this layer's sublayers on the film (its subviews'
    /// layers count; nil: on top).
    func insert(_ layer: CALayer, at position: Int?) {
        guard layer.superlayer == nil, layer.placement == nil, !layer.isPresentationCopy else { return }
        let listed = sublayers ?? []
        sublayers = position.map { Array(listed.prefix($0)) + [layer] + Array(listed.dropFirst($0)) } ?? listed + [layer]
        layer.superlayer = self
        if let placement { layer.place(on: placement.film, under: placement.index, at: position) }
    }

    /// Mirrors `removeFromSuperlayer()`. On a film the layer stays on the stage, hidden, as a
    /// removed view's does.
    public func removeFromSuperlayer() {
        guard let superlayer else { return }
        superlayer.sublayers?.removeAll { $0 === self }
        self.superlayer = nil
        if placement != nil { isHidden = true }
    }

    /// Puts the layer (and its sublayers) on `film`'s stage under the layer `parent`, on top.
    func place(on film: Film, under parent: Int, at position: Int? = nil) {
        let id = film.layerID(named: name, kind: Self.layerKind)
        let index = film.stage.addLayer(Layer(id: id, shape: shape, values: detached, style: style), parent: parent, at: position)
        placement = (film, index)
        placedAt = film.time
        joinFilm()
        placeSublayers()
    }

    /// Puts the sublayers not yet on the layer's film there.
    func placeSublayers() {
        guard let placement else { return }
        for layer in sublayers ?? [] where layer.placement == nil { layer.place(on: placement.film, under: placement.index) }
    }

    // MARK: - Model values

    /// The model value of `property`: the value an open animations closure set, else the stage's
    /// model, else the layer's own.
    func value(_ property: LayerProperty) -> AnimatableValue {
        if let placement {
            let target = PropertyTarget(layer: placement.index, property: property)
            if let pending = AnimationRecording.pendingValue(of: target, on: placement.film) { return pending }
            return placement.film.stage.model[placement.index][property]
        }
        return detached[property]
    }

    /// Sets the model value of `property`: recorded as an animation inside an animations
    /// closure, else set at once.
    func set(_ property: LayerProperty, _ value: AnimatableValue) {
        guard !isPresentationCopy else { return }
        guard let placement else {
            detached[property] = value
            return
        }
        let assignment = PropertyAssignment(PropertyTarget(layer: placement.index, property: property), value)
        if let recording = AnimationRecording.current, recording.animates {
            recording.record(assignment, on: placement.film)
            return
        }
        let film = placement.film
        let shown = film.stage.presentation[placement.index][property]
        // A value the model holds already changes nothing: it is not written into the film's
        // script (a layout pass sets every frame it solved, most of them unchanged).
        if film.stage.model[placement.index][property] != value { film.stage.set([assignment]) }
        // Core Animation's implicit animation of a layer of its own.
        guard !backsView, AnimationRecording.current == nil, !CATransaction.disableActions(), film.time > placedAt,
              property.composition != .discrete, shown != value else { return }
        var implicit = LayerAnimation(property: property, content: .basic(from: shown, to: nil, by: nil),
                                      timing: MediaTiming(duration: CATransaction.animationDuration()),
                                      timingFunction: CATransaction.animationTimingFunction()?.curve ?? .systemDefault)
        implicit.isRemovedOnCompletion = true
        attachImplicit(implicit, forKey: property.rawValue)
    }

    func number(_ property: LayerProperty) -> Double {
        if case .number(let number) = value(property) { return number }
        return 0
    }

    func vector(_ property: LayerProperty) -> Vector2 {
        if case .vector(let vector) = value(property) { return vector }
        return .zero
    }

    func color(_ property: LayerProperty) -> Color {
        if case .color(let color) = value(property) { return color }
        return .clear
    }

    func flag(_ property: LayerProperty) -> Bool {
        if case .flag(let flag) = value(property) { return flag }
        return false
    }

    func text(_ property: LayerProperty) -> String {
        if case .text(let text) = value(property) { return text }
        return ""
    }

    /// Replaces the style; on a film, from the film's current time on.
    func setStyle(_ change: (inout LayerStyle) -> Void) {
        change(&style)
        if let placement { placement.film.stage.setStyle(style, of: placement.index) }
    }

    // MARK: - CALayer's properties

    /// Mirrors `position`: the anchor point's place in the superlayer.
    public var position: CGPoint {
        get { CGPoint(vector(.position)) }
        set { set(.position, .vector(newValue.vector)) }
    }

    /// Mirrors `bounds`. Zoetrope's layers have no bounds origin: a bounds set keeps its size.
    public var bounds: CGRect {
        get { CGRect(origin: .zero, size: CGSize(vector(.size))) }
        set { set(.size, .vector(newValue.size.vector)) }
    }

    /// Mirrors `frame`: the bounds placed around the position by the anchor point; with a
    /// transform, the box around the transformed bounds, as Core Animation gives it (setting a
    /// frame then sets the bounds and position as if there were none, where UIKit's result is
    /// undefined).
    public var frame: CGRect {
        get {
            let size = vector(.size), anchor = vector(.anchor), position = vector(.position)
            let transform = affineTransform()
            guard !transform.isIdentity else {
                return CGRect(x: position.x - anchor.x * size.x, y: position.y - anchor.y * size.y, width: size.x, height: size.y)
            }
            let corners = [Vector2(0, 0), Vector2(size.x, 0), Vector2(0, size.y), Vector2(size.x, size.y)].map { corner in
                CGPoint(x: corner.x - anchor.x * size.x, y: corner.y - anchor.y * size.y).applying(transform)
            }
            let xs = corners.map(\.x), ys = corners.map(\.y)
            let minX = xs.min() ?? 0, minY = ys.min() ?? 0
            return CGRect(x: minX + position.x, y: minY + position.y, width: (xs.max() ?? 0) - minX, height: (ys.max() ?? 0) - minY)
        }
        set {
            let anchor = vector(.anchor)
            set(.size, .vector(newValue.size.vector))
            set(.position, .vector(Vector2(newValue.origin.x + anchor.x * newValue.width, newValue.origin.y + anchor.y * newValue.height)))
        }
    }

    /// Mirrors `anchorPoint`, in unit coordinates of the bounds.
    public var anchorPoint: CGPoint {
        get { CGPoint(vector(.anchor)) }
        set { set(.anchor, .vector(newValue.vector)) }
    }

    /// Mirrors `opacity`.
    public var opacity: Float {
        get { Float(number(.opacity)) }
        set { set(.opacity, .number(Double(newValue))) }
    }

    /// Mirrors `isHidden`.
    public var isHidden: Bool {
        get { flag(.hidden) }
        set { set(.hidden, .flag(newValue)) }
    }

    /// Mirrors `backgroundColor`.
    public var backgroundColor: CGColor? {
        get { UIColor(color(.fill)).cgColor }
        set { set(.fill, .color(newValue.map { UIColor(cgColor: $0).color } ?? .clear)) }
    }

    /// Mirrors `cornerRadius`.
    public var cornerRadius: CGFloat {
        get { CGFloat(number(.cornerRadius)) }
        set { set(.cornerRadius, .number(Double(newValue))) }
    }

    /// Mirrors `borderWidth`. Zoetrope strokes the outline centred on it, as `CAShapeLayer`
    /// does, where a CALayer's border lies inside the bounds: half the width falls outside.
    public var borderWidth: CGFloat {
        get { CGFloat(number(.strokeWidth)) }
        set { set(.strokeWidth, .number(Double(newValue))) }
    }

    /// Mirrors `borderColor`.
    public var borderColor: CGColor? {
        get { UIColor(color(.strokeColor)).cgColor }
        set { set(.strokeColor, .color(newValue.map { UIColor(cgColor: $0).color } ?? .black)) }
    }

    /// Mirrors `shadowColor`.
    public var shadowColor: CGColor? {
        get { UIColor(color(.shadowColor)).cgColor }
        set { set(.shadowColor, .color(newValue.map { UIColor(cgColor: $0).color } ?? .black)) }
    }

    /// Mirrors `shadowOpacity`. While `masksToBounds` is true the value is kept here and the
    /// film records 0: Core Animation clips a masking layer's own shadow away.
    public var shadowOpacity: Float {
        get { heldShadowOpacity ?? Float(number(.shadowOpacity)) }
        set {
            if heldShadowOpacity != nil {
                heldShadowOpacity = newValue
                return
            }
            set(.shadowOpacity, .number(Double(newValue)))
        }
    }

    /// Mirrors `shadowRadius`.
    public var shadowRadius: CGFloat {
        get { CGFloat(number(.shadowRadius)) }
        set { set(.shadowRadius, .number(Double(newValue))) }
    }

    /// Mirrors `shadowOffset`.
    public var shadowOffset: CGSize {
        get { CGSize(vector(.shadowOffset)) }
        set { set(.shadowOffset, .vector(newValue.vector)) }
    }

    /// Mirrors `zPosition`: layers with a larger one draw above their siblings.
    public var zPosition: CGFloat {
        get { CGFloat(number(.zIndex)) }
        set { set(.zIndex, .number(Double(newValue))) }
    }

    /// Mirrors `masksToBounds`: sublayers (and subviews) are clipped to the (rounded) bounds,
    /// and the layer's own shadow is not drawn, as Core Animation clips it with the rest. A
    /// scene's `clips` clips children only (a Lottie precomp clips and keeps its drop shadow), so
    /// the shadow's opacity is recorded as 0 while the layer masks, at once, and restored when
    /// it stops; `shadowOpacity` reads the value set all along.
    public var masksToBounds: Bool {
        get { style.clips }
        set {
            guard newValue != style.clips else { return }
            if newValue {
                let opacity = Float(number(.shadowOpacity))
                setStyle { $0.clips = true }
                heldShadowOpacity = opacity
                if opacity != 0 { setAtOnce(.shadowOpacity, .number(0)) }
            } else {
                let opacity = heldShadowOpacity ?? 0
                heldShadowOpacity = nil
                setStyle { $0.clips = false }
                if opacity != 0 { setAtOnce(.shadowOpacity, .number(Double(opacity))) }
            }
        }
    }

    /// Sets `property` without animation, inside an animations closure or not, and without an
    /// implicit animation.
    private func setAtOnce(_ property: LayerProperty, _ value: AnimatableValue) {
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        _ = AnimationRecording.record(animates: false) { set(property, value) }
        CATransaction.commit()
    }

    /// Mirrors `shouldRasterize`: drawn once into a backing store, with its sublayers, shadow
    /// and blur, and composited with its transform and opacity.
    public var shouldRasterize: Bool {
        get { style.rasterizes }
        set { setStyle { $0.rasterizes = newValue } }
    }

    /// Mirrors `rasterizationScale`: the backing store's pixels per point, times the render's
    /// scale (UIKit's is per point of the screen: set it to the screen's scale there).
    public var rasterizationScale: CGFloat {
        get { CGFloat(style.rasterizationScale) }
        set {
            // Kept within what a scene file may say, so a film writes a scene that reads back.
            let scale = Double(newValue).isNaN ? 1 : min(max(Double(newValue), 1e-3), SceneLimits.rasterizationScale)
            setStyle { $0.rasterizationScale = scale }
        }
    }

    /// Mirrors `affineTransform()`: the transform about the anchor point.
    public func affineTransform() -> CGAffineTransform {
        CGAffineTransform(translation: vector(.translation), rotation: number(.rotation), scale: vector(.scale))
    }

    /// Mirrors `setAffineTransform(_:)`. A transform is kept as a translation, a rotation and a
    /// scale, each animating on its own as Core Animation's key paths `transform.translation`,
    /// `transform.rotation` and `transform.scale` do; a shear is approximated. Only the parts
    /// that change are set, so inside an animations closure only they animate: a keyframe that
    /// rotates a scaled view (`transform.rotated(by:)`) animates the rotation alone.
    public func setAffineTransform(_ transform: CGAffineTransform) {
        let new = transform.parts, old = affineTransform().parts
        if !new.translation.isClose(to: old.translation) { set(.translation, .vector(new.translation)) }
        if !new.rotation.isClose(to: old.rotation) { set(.rotation, .number(new.rotation)) }
        if !new.scale.isClose(to: old.scale) { set(.scale, .vector(new.scale)) }
    }

    /// Mirrors `presentation()`: a copy of the layer as it is on screen at the film's time, or
    /// nil while its view is on no film (as UIKit gives nil for a layer never committed).
    /// Of the layer's own class (a shape layer's reads its `strokeEnd` on screen).
    public func presentation() -> Self? {
        guard let placement else { return nil }
        return frozenCopy(placement.film.stage.presentation[placement.index])
    }

    /// A read-only layer of this class showing `values`.
    private func frozenCopy(_ values: LayerValues) -> Self {
        let copy = type(of: self).init()
        copy.detached = values
        copy.style = style
        copy.isPresentationCopy = true
        return copy
    }

    /// A layer of its own with this layer's model values and style (a snapshot's).
    func detachedCopy() -> CALayer {
        var values = LayerValues()
        for property in LayerProperty.allCases { values[property] = value(property) }
        return CALayer(shape: shape, values: values, style: style)
    }

    /// Keeps the model values in the layer itself and forgets its place on the film.
    func leavePlacement() {
        guard placement != nil else { return }
        for property in LayerProperty.allCases { detached[property] = value(property) }
        placement = nil
        for layer in sublayers ?? [] { layer.leavePlacement() }
    }

    /// `value` written for `keyPath` in an animation as the value of the property it animates
    /// here; nil when it is none. A layer class with key paths of its own converts them (a
    /// gradient layer's `colors` are its fill's stops).
    func animationValue(_ value: Any?, forKeyPath keyPath: String) -> AnimatableValue? {
        CAKeyPath(keyPath)?.value(value)
    }

    /// Mirrors `model()`.
    public func model() -> Self {
        guard placement != nil else { return self }
        var values = LayerValues()
        for property in LayerProperty.allCases { values[property] = value(property) }
        return frozenCopy(values)
    }
}

extension Double {
    /// Equal but for the rounding a transform's decomposition adds (a few units in the last place).
    fileprivate func isClose(to other: Double) -> Bool {
        abs(self - other) <= 1e-12 * max(1, abs(self), abs(other))
    }
}

extension Vector2 {
    fileprivate func isClose(to other: Vector2) -> Bool {
        x.isClose(to: other.x) && y.isClose(to: other.y)
    }
}
