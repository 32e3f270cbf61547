import ZoetropeCore

/// A layer's 4 × 4 transforms, its sublayers' order and its mask and contents, by Core
/// Animation's names.
extension CALayer {
    // MARK: - Transforms

    /// Mirrors `transform`: the layer's 4 × 4 transform about its anchor point, kept as the
    /// parts Core Animation's key paths animate: a translation (`transform.translation.x`, `.y`,
    /// `.z`), rotations about z, y and x (`transform.rotation`, `.y`, `.x`), a scale and a
    /// perspective (m34). A transform built from those comes back as it was; a shear or a
    /// scale of z is dropped. Only the parts that change are set, so only they animate.
    public var transform: CATransform3D {
        get {
            var values = LayerValues()
            for property: LayerProperty in [.translation, .translationZ, .rotation, .rotationX, .rotationY, .scale, .perspective] {
                values[property] = value(property)
            }
            return CATransform3D(values.transform)
        }
        set {
            let hasDepth = [LayerProperty.translationZ, .rotationX, .rotationY, .perspective].contains { number($0) != 0 }
            guard !newValue.isAffine || hasDepth else {
                setAffineTransform(newValue.affine)
                return
            }
            // From or to depth: every part that differs at all, so no rounding of the
            // decomposition is left behind (an identity is the identity again).
            let flat = newValue.affine.parts
            let parts = newValue.isAffine ? (translation: flat.translation, translationZ: 0, rotation: flat.rotation, rotationX: 0, rotationY: 0,
                                             scale: flat.scale, perspective: 0) : newValue.parts
            let wanted: [(LayerProperty, AnimatableValue)] = [
                (.translation, .vector(parts.translation)), (.translationZ, .number(parts.translationZ)), (.rotation, .number(parts.rotation)),
                (.rotationX, .number(parts.rotationX)), (.rotationY, .number(parts.rotationY)), (.scale, .vector(parts.scale)),
                (.perspective, .number(parts.perspective)),
            ]
            for (property, part) in wanted where value(property) != part { set(property, part) }
        }
    }

    /// Mirrors `sublayerTransform`: its perspective (m34) is the one the sublayers are seen in,
    /// about the layer's anchor point; its other parts are kept, not drawn.
    public var sublayerTransform: CATransform3D {
        get { givenSublayerTransform }
        set {
            givenSublayerTransform = newValue
            set(.sublayerPerspective, .number(Double(newValue.m34)))
        }
    }

    /// Mirrors `anchorPointZ`.
    public var anchorPointZ: CGFloat {
        get { CGFloat(number(.anchorZ)) }
        set { set(.anchorZ, .number(Double(newValue))) }
    }

    /// Mirrors `isDoubleSided`: false hides the layer while its back faces the viewer.
    public var isDoubleSided: Bool {
        get { style.isDoubleSided }
        set { setStyle { $0.isDoubleSided = newValue } }
    }

    // MARK: - Sublayers

    /// Mirrors `insertSublayer(_:at:)`: at `index` among the layer's sublayers (its subviews'
    /// layers count, as they are its sublayers in UIKit); past the end, on top.
    public func insertSublayer(_ layer: CALayer, at index: UInt32) {
        insert(layer, at: Int(index))
    }

    /// Mirrors `insertSublayer(_:above:)`.
    public func insertSublayer(_ layer: CALayer, above sibling: CALayer?) {
        insert(layer, at: sibling.flatMap(position(of:)).map { $0 + 1 })
    }

    /// Mirrors `insertSublayer(_:below:)`.
    public func insertSublayer(_ layer: CALayer, below sibling: CALayer?) {
        insert(layer, at: sibling.flatMap(position(of:)) ?? 0)
    }

    /// Where `sibling` is among this layer's sublayers on the film, or in its own list.
    private func position(of sibling: CALayer) -> Int? {
        if let (film, index) = sibling.placement, film.stage.layers.nodes[index].parent == placement?.index {
            return film.stage.layers.position(of: index)
        }
        return sublayers?.firstIndex { $0 === sibling }
    }

    /// Mirrors `mask`: a layer whose alpha lets this layer and its sublayers show, in this
    /// layer's coordinates; it is not drawn itself. Its properties animate as any layer's.
    public var mask: CALayer? {
        get { givenMask }
        set {
            guard newValue !== givenMask else { return }
            givenMask?.setStyle { $0.masking = nil }
            givenMask?.removeFromSuperlayer()
            givenMask = newValue
            guard let mask = newValue else { return }
            mask.removeFromSuperlayer()
            mask.setStyle { $0.masking = .alpha }
            addSublayer(mask)
        }
    }

    // MARK: - Contents

    /// Mirrors `contents`: a `CGImage` (`UIImage.cgImage`, or the `UIImage` itself) drawn in the bounds, as
    /// `contentsGravity` says, above the background colour.
    public var contents: Any? {
        get { givenContents }
        set {
            givenContents = newValue
            set(.image, .text((newValue as? CGImage)?.source ?? (newValue as? UIImage)?.path ?? ""))
        }
    }

    /// Mirrors `contentsRect`: the part of the contents drawn in the bounds, in unit coordinates
    /// of the image (a sprite sheet's frame), (0, 0, 1, 1) by default; past the image its edge
    /// pixels repeat. A key-frame animation of `contentsRect` with `calculationMode = .discrete`
    /// plays a sprite sheet.
    public var contentsRect: CGRect {
        get { CGRect(origin: CGPoint(vector(.contentsOrigin)), size: CGSize(vector(.contentsSize))) }
        set {
            // Held to what a scene file accepts (`SceneLimits.contentsRect`); NaN is the default's.
            let far = SceneLimits.contentsRect
            func clamped(_ x: CGFloat, _ low: Double, else plain: Double) -> Double { x.isNaN ? plain : min(max(Double(x), low), far) }
            set(.contentsOrigin, .vector(Vector2(clamped(newValue.origin.x, -far, else: 0), clamped(newValue.origin.y, -far, else: 0))))
            set(.contentsSize, .vector(Vector2(clamped(newValue.size.width, 0, else: 1), clamped(newValue.size.height, 0, else: 1))))
        }
    }

    /// Mirrors `contentsGravity`: resize (the default), resizeAspect and resizeAspectFill; the
    /// others draw as resize.
    public var contentsGravity: CALayerContentsGravity {
        get {
            switch style.contentMode {
            case .fill: .resize
            case .aspectFit: .resizeAspect
            case .aspectFill: .resizeAspectFill
            }
        }
        set {
            setStyle {
                $0.contentMode = switch newValue {
                case .resizeAspect: .aspectFit
                case .resizeAspectFill: .aspectFill
                default: .fill
                }
            }
        }
    }
}

/// Mirrors `CALayerContentsGravity`.
public struct CALayerContentsGravity: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let center = CALayerContentsGravity(rawValue: "center")
    public static let top = CALayerContentsGravity(rawValue: "top")
    public static let bottom = CALayerContentsGravity(rawValue: "bottom")
    public static let left = CALayerContentsGravity(rawValue: "left")
    public static let right = CALayerContentsGravity(rawValue: "right")
    public static let resize = CALayerContentsGravity(rawValue: "resize")
    public static let resizeAspect = CALayerContentsGravity(rawValue: "resizeAspect")
    public static let resizeAspectFill = CALayerContentsGravity(rawValue: "resizeAspectFill")
}
