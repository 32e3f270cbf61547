import RealModule

/// A layer's place in 3-D, as Core Animation composes it (SPEC §10).
///
/// A layer's bounds (origin top-left, z = 0) land in its parent's bounds through
///
///     translate(−anchor·size, −anchorZ) · transform · translate(position)
///         · [translate(−a) · parent.sublayerTransform · translate(a)]
///
/// (row vectors, `Transform3D`'s convention: read left to right, the order a point goes through
/// them), where `transform` is the layer's own (`CALayer.transform`, composed from its
/// decomposed parts) and a = the parent's anchor point (anchor·size, anchorZ): a parent's
/// sublayer transform applies about its anchor point, as in Core Animation. The result is
/// flattened into the parent's plane (z dropped after the divide by w): `homography(in:)`.
/// Children are flattened into their layer's plane in turn, so a perspective reaches a layer's
/// children, not its grandchildren (as `CATransformLayer` would not flatten; there is none here).
extension LayerValues {
    /// `CALayer.transform` from the decomposed parts Core Animation's key paths animate: a point
    /// is scaled by (scale.x, scale.y, 1), sheared by `skew` about `skewAxis` (`shear`), turned by `rotation` about z, then `rotationY` about
    /// y, then `rotationX` about x, moved by (translation.x, translation.y, translationZ), and
    /// seen in `perspective` (m34). As a product of `Transform3D`s (row vectors):
    /// scale · rotation(z) · rotation(y) · rotation(x) · translation · perspective; in the
    /// column-vector writing of CSS and After Effects, P · T · Rx · Ry · Rz · S (`rotateX(…)
    /// rotateY(…) rotateZ(…)`).
    public var transform: Transform3D {
        var m = Transform3D.scale(x: scale.x, y: scale.y, z: 1)
        if let k = shear {
            m = m.concatenating(Transform3D(m11: k.a, m12: k.b, m13: 0, m14: 0, m21: k.c, m22: k.d, m23: 0, m24: 0,
                                            m31: 0, m32: 0, m33: 1, m34: 0, m41: 0, m42: 0, m43: 0, m44: 1))
        }
        if rotation != 0 { m = m.concatenating(.rotation(angle: rotation, x: 0, y: 0, z: 1)) }
        if rotationY != 0 { m = m.concatenating(.rotation(angle: rotationY, x: 0, y: 1, z: 0)) }
        if rotationX != 0 { m = m.concatenating(.rotation(angle: rotationX, x: 1, y: 0, z: 0)) }
        m = m.concatenating(.translation(x: translation.x, y: translation.y, z: translationZ))
        return perspective == 0 ? m : m.concatenating(.perspective(perspective))
    }

    /// `CALayer.sublayerTransform`: the perspective its children are seen in (m34 =
    /// `sublayerPerspective`), applied about the layer's anchor point.
    public var sublayerTransform: Transform3D { .perspective(sublayerPerspective) }

    /// The 4 × 4 matrix that takes a point of this layer's bounds into its parent's bounds, before
    /// flattening: the layer's anchor, `transform` and position, then the parent's sublayer
    /// transform about the parent's anchor point (`parent` nil: a top-level layer, under the
    /// canvas, which has none).
    public func placement(in parent: LayerValues?) -> Transform3D {
        var m = Transform3D.translation(x: -anchor.x * size.x, y: -anchor.y * size.y, z: -anchorZ)
            .concatenating(transform)
            .concatenating(.translation(x: position.x, y: position.y, z: 0))
        if let parent, parent.sublayerPerspective != 0 {
            let a = (x: parent.anchor.x * parent.size.x, y: parent.anchor.y * parent.size.y, z: parent.anchorZ)
            m = m.concatenating(.translation(x: -a.x, y: -a.y, z: -a.z))
                .concatenating(parent.sublayerTransform)
                .concatenating(.translation(x: a.x, y: a.y, z: a.z))
        }
        return m
    }

    /// The layer's plane (its bounds at z = 0) flattened into its parent's: the 3 × 3
    /// homography of `placement(in:)` (`Transform3D.planeHomography`). Affine for a layer
    /// without depth under a parent without `sublayerPerspective`, where it is exactly the 2-D
    /// placement translate(position + translation) · rotate · scale · translate(−anchor·size).
    public func homography(in parent: LayerValues?) -> Homography {
        placement(in: parent).planeHomography
    }

    /// True when a 3-D part of the layer's placement differs from its default: `rotationX`,
    /// `rotationY`, `translationZ`, `anchorZ` or `perspective` (not `sublayerPerspective`, which
    /// places the children).
    public var hasDepth: Bool {
        rotationX != 0 || rotationY != 0 || translationZ != 0 || anchorZ != 0 || perspective != 0
    }
}
