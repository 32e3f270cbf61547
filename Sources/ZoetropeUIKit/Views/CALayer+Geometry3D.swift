import ZoetropeCore

/// A layer's 4 × 4 transforms, its sublayers' order and its mask and contents, by Core
/// Animation's names.
extension CALayer {
    // MARK: - Transforms

    /// Mirrors `transform`: the layer's 4 × 4 transform about its anchor point. A transform
    /// whose 2D part is all it has is kept as a translation, a rotation and a scale (the parts
    /// `transform.translation`, `transform.rotation` and `transform.scale` animate); its depth
    /// and perspective are not drawn yet (the 2D part is).
    public var transform: CATransform3D {
        get { CATransform3DMakeAffineTransform(affineTransform()) }
        set { setAffineTransform(newValue.affine) }
    }

    /// Mirrors `sublayerTransform`: kept; its perspective is not drawn yet.
    public var sublayerTransform: CATransform3D {
        get { givenSublayerTransform }
        set { givenSublayerTransform = newValue }
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
