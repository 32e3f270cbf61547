import RealModule

/// A 4 × 4 matrix on homogeneous 3-D points, as Core Animation's `CATransform3D`: the same
/// sixteen fields and the same conventions, so a `CATransform3D` is one field for field.
///
/// **Row vectors**, as Core Animation, Core Graphics and `CGAffineTransform` write them: a point
/// is the row (x, y, z, 1) multiplied on the left, p′ = p · M. So the translation is the bottom
/// row (`m41`, `m42`, `m43`), the perspective term is `m34` (w′ = 1 + z · m34 on a plane
/// transform: −1/d puts the eye d points in front of the plane z = 0, on the +z side), and
/// `a.concatenating(b)` applies `a` first, then `b` (`CATransform3DConcat(a, b)`).
///
/// The coordinates are a layer's: x right, y down, z towards the viewer; a positive rotation
/// about z turns clockwise on screen, as `rotation` does.
///
/// ```swift
/// // A card turned 0.8 radians about its vertical axis, seen from 500 points away.
/// let m = Transform3D.rotation(angle: 0.8, x: 0, y: 1, z: 0).concatenating(.perspective(-1.0 / 500))
/// m.planeHomography.apply(Vector2(100, 0))   // its right edge, turned away and drawn in: (60.9…, 0)
/// ```
public struct Transform3D: Hashable, Sendable {
    public var m11, m12, m13, m14: Double
    public var m21, m22, m23, m24: Double
    public var m31, m32, m33, m34: Double
    public var m41, m42, m43, m44: Double

    /// The matrix with these rows (`CATransform3D(m11:…m44:)`).
    public init(m11: Double, m12: Double, m13: Double, m14: Double,
                m21: Double, m22: Double, m23: Double, m24: Double,
                m31: Double, m32: Double, m33: Double, m34: Double,
                m41: Double, m42: Double, m43: Double, m44: Double) {
        (self.m11, self.m12, self.m13, self.m14) = (m11, m12, m13, m14)
        (self.m21, self.m22, self.m23, self.m24) = (m21, m22, m23, m24)
        (self.m31, self.m32, self.m33, self.m34) = (m31, m32, m33, m34)
        (self.m41, self.m42, self.m43, self.m44) = (m41, m42, m43, m44)
    }

    /// `CATransform3DIdentity`.
    public static let identity = Transform3D(m11: 1, m12: 0, m13: 0, m14: 0, m21: 0, m22: 1, m23: 0, m24: 0,
                                             m31: 0, m32: 0, m33: 1, m34: 0, m41: 0, m42: 0, m43: 0, m44: 1)

    /// `CATransform3DMakeTranslation(x, y, z)`.
    public static func translation(x: Double, y: Double, z: Double) -> Transform3D {
        var m = identity
        (m.m41, m.m42, m.m43) = (x, y, z)
        return m
    }

    /// `CATransform3DMakeScale(x, y, z)`.
    public static func scale(x: Double, y: Double, z: Double) -> Transform3D {
        var m = identity
        (m.m11, m.m22, m.m33) = (x, y, z)
        return m
    }

    /// `CATransform3DMakeRotation(angle, x, y, z)`: `angle` radians about the axis (x, y, z),
    /// right-handed in the layer's coordinates (about z: clockwise on screen, as `rotation`;
    /// about y: a positive angle takes the right edge away from the viewer; about x: the
    /// bottom edge towards the viewer). An axis of length 0 gives the identity, as in Core
    /// Animation.
    public static func rotation(angle: Double, x: Double, y: Double, z: Double) -> Transform3D {
        let length = (x * x + y * y + z * z).squareRoot()
        guard length > 0, length.isFinite else { return identity }
        let (x, y, z) = (x / length, y / length, z / length)
        let c = Double.cos(angle), s = Double.sin(angle), t = 1 - c
        return Transform3D(m11: t * x * x + c, m12: t * x * y + s * z, m13: t * x * z - s * y, m14: 0,
                           m21: t * x * y - s * z, m22: t * y * y + c, m23: t * y * z + s * x, m24: 0,
                           m31: t * x * z + s * y, m32: t * y * z - s * x, m33: t * z * z + c, m34: 0,
                           m41: 0, m42: 0, m43: 0, m44: 1)
    }

    /// The identity with `m34` (the perspective of `transform.m34 = −1 / d`): 0 is none.
    public static func perspective(_ m34: Double) -> Transform3D {
        var m = identity
        m.m34 = m34
        return m
    }

    /// This transform, then `other` (`CATransform3DConcat(self, other)`, the product self · other).
    public func concatenating(_ other: Transform3D) -> Transform3D {
        let a = rows, b = other.rows
        var r = [[Double]](repeating: [0, 0, 0, 0], count: 4)
        for i in 0..<4 {
            for j in 0..<4 {
                r[i][j] = a[i][0] * b[0][j] + a[i][1] * b[1][j] + a[i][2] * b[2][j] + a[i][3] * b[3][j]
            }
        }
        return Transform3D(rows: r)
    }

    /// `CATransform3DIsIdentity`.
    public var isIdentity: Bool { self == .identity }

    /// The point (x, y, z) transformed and divided by its w; nil when w ≤ 0 (at or behind the eye).
    public func apply(x: Double, y: Double, z: Double) -> (x: Double, y: Double, z: Double)? {
        let w = x * m14 + y * m24 + z * m34 + m44
        guard w > 0 else { return nil }
        return ((x * m11 + y * m21 + z * m31 + m41) / w, (x * m12 + y * m22 + z * m32 + m42) / w,
                (x * m13 + y * m23 + z * m33 + m43) / w)
    }

    /// The plane z = 0 carried by this transform and flattened onto z = 0 (z dropped after the
    /// divide by w), as Core Animation flattens a layer into its parent's plane: the rows and
    /// columns 1, 2 and 4.
    public var planeHomography: Homography {
        Homography(m11: m11, m12: m12, m13: m14, m21: m21, m22: m22, m23: m24, m31: m41, m32: m42, m33: m44)
    }

    private var rows: [[Double]] { [[m11, m12, m13, m14], [m21, m22, m23, m24], [m31, m32, m33, m34], [m41, m42, m43, m44]] }

    private init(rows r: [[Double]]) {
        self.init(m11: r[0][0], m12: r[0][1], m13: r[0][2], m14: r[0][3], m21: r[1][0], m22: r[1][1], m23: r[1][2], m24: r[1][3],
                  m31: r[2][0], m32: r[2][1], m33: r[2][2], m34: r[2][3], m41: r[3][0], m42: r[3][1], m43: r[3][2], m44: r[3][3])
    }
}

/// A projective map of the plane (a 3 × 3 homography), in the row-vector convention of
/// `Transform3D` and `CGAffineTransform`: (x, y) goes to (X / w, Y / w) with
/// (X, Y, w) = (x, y, 1) · M, that is X = x·m11 + y·m21 + m31, Y = x·m12 + y·m22 + m32,
/// w = x·m13 + y·m23 + m33. An affine map has m13 = m23 = 0 (`isAffine`).
///
/// Points where w ≤ 0 lie at or behind the eye: they have no image (`apply` gives nil), and a
/// renderer draws only the part of a layer where w > 0.
public struct Homography: Hashable, Sendable {
    public var m11, m12, m13: Double
    public var m21, m22, m23: Double
    public var m31, m32, m33: Double

    /// The map with these rows.
    public init(m11: Double, m12: Double, m13: Double, m21: Double, m22: Double, m23: Double, m31: Double, m32: Double, m33: Double) {
        (self.m11, self.m12, self.m13) = (m11, m12, m13)
        (self.m21, self.m22, self.m23) = (m21, m22, m23)
        (self.m31, self.m32, self.m33) = (m31, m32, m33)
    }

    public static let identity = Homography(m11: 1, m12: 0, m13: 0, m21: 0, m22: 1, m23: 0, m31: 0, m32: 0, m33: 1)

    /// The affine map x′ = a·x + c·y + tx, y′ = b·x + d·y + ty (`CGAffineTransform`'s names).
    public init(a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double) {
        self.init(m11: a, m12: b, m13: 0, m21: c, m22: d, m23: 0, m31: tx, m32: ty, m33: 1)
    }

    /// True when the map is affine: no perspective row (m13 = m23 = 0) and m33 ≠ 0.
    public var isAffine: Bool { m13 == 0 && m23 == 0 && m33 != 0 }

    /// The homogeneous w of `point`'s image: its sign says on which side of the eye it lies.
    public func w(at point: Vector2) -> Double { point.x * m13 + point.y * m23 + m33 }

    /// The image of `point`; nil where w ≤ 0 (at or behind the eye) or it is not finite.
    public func apply(_ point: Vector2) -> Vector2? {
        let w = w(at: point)
        guard w > 0 else { return nil }
        let image = Vector2((point.x * m11 + point.y * m21 + m31) / w, (point.x * m12 + point.y * m22 + m32) / w)
        return image.isFinite ? image : nil
    }

    /// This map, then `other` (the product self · other).
    public func concatenating(_ other: Homography) -> Homography {
        let o = other
        return Homography(m11: m11 * o.m11 + m12 * o.m21 + m13 * o.m31, m12: m11 * o.m12 + m12 * o.m22 + m13 * o.m32,
                          m13: m11 * o.m13 + m12 * o.m23 + m13 * o.m33,
                          m21: m21 * o.m11 + m22 * o.m21 + m23 * o.m31, m22: m21 * o.m12 + m22 * o.m22 + m23 * o.m32,
                          m23: m21 * o.m13 + m22 * o.m23 + m23 * o.m33,
                          m31: m31 * o.m11 + m32 * o.m21 + m33 * o.m31, m32: m31 * o.m12 + m32 * o.m22 + m33 * o.m32,
                          m33: m31 * o.m13 + m32 * o.m23 + m33 * o.m33)
    }

    public var determinant: Double {
        m11 * (m22 * m33 - m23 * m32) - m12 * (m21 * m33 - m23 * m31) + m13 * (m21 * m32 - m22 * m31)
    }

    /// The inverse map (scaled so that its m33 is the cofactor's, any multiple being the same
    /// map); nil when the determinant is 0 or not finite.
    public var inverted: Homography? {
        let det = determinant
        guard det != 0, det.isFinite else { return nil }
        let inverse = Homography(m11: (m22 * m33 - m23 * m32) / det, m12: (m13 * m32 - m12 * m33) / det, m13: (m12 * m23 - m13 * m22) / det,
                                 m21: (m23 * m31 - m21 * m33) / det, m22: (m11 * m33 - m13 * m31) / det, m23: (m13 * m21 - m11 * m23) / det,
                                 m31: (m21 * m32 - m22 * m31) / det, m32: (m12 * m31 - m11 * m32) / det, m33: (m11 * m22 - m12 * m21) / det)
        return [inverse.m11, inverse.m12, inverse.m13, inverse.m21, inverse.m22, inverse.m23, inverse.m31, inverse.m32, inverse.m33]
            .allSatisfy(\.isFinite) ? inverse : nil
    }

    /// How many times longer a short segment at `point` becomes along its most stretched
    /// direction (the largest singular value of the map's derivative there); nil where w ≤ 0.
    public func stretch(at point: Vector2) -> Double? {
        let w = w(at: point)
        guard w > 0, let image = apply(point) else { return nil }
        // d(X/w) = (dX − image · dw) / w, for a step along x and along y.
        let ax = (m11 - image.x * m13) / w, ay = (m12 - image.y * m13) / w
        let bx = (m21 - image.x * m23) / w, by = (m22 - image.y * m23) / w
        // Singular values of [[ax, bx], [ay, by]]: √ of the eigenvalues of its Gram matrix.
        let p = ax * ax + ay * ay, q = bx * bx + by * by, r = ax * bx + ay * by
        let largest = ((p + q) + ((p - q) * (p - q) + 4 * r * r).squareRoot()) / 2
        return largest.squareRoot()
    }
}
