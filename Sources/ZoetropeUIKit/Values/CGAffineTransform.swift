import ZoetropeCore

/// Mirrors CoreGraphics' `CGAffineTransform`: the 3 × 3 matrix
///
/// ```
/// | a   b   0 |
/// | c   d   0 |
/// | tx  ty  1 |
/// ```
///
/// acting on row vectors, so a point (x, y) maps to (a·x + c·y + tx, b·x + d·y + ty) and
/// `t1.concatenating(t2)` is the matrix product t1 · t2: t1 applies first, then t2.
/// Angles are radians; with UIKit's y axis pointing down a positive angle turns clockwise on
/// screen.
///
/// ```swift
/// let t = CGAffineTransform(scaleX: 2, y: 2).concatenating(CGAffineTransform(translationX: 10, y: 0))
/// CGPoint(x: 1, y: 1).applying(t)   // (12, 2): scaled, then moved
/// ```
public struct CGAffineTransform: Equatable, Hashable, Sendable {
    /// The entry in the first row and first column.
    public var a: CGFloat
    /// The entry in the first row and second column.
    public var b: CGFloat
    /// The entry in the second row and first column.
    public var c: CGFloat
    /// The entry in the second row and second column.
    public var d: CGFloat
    /// The entry in the third row and first column: the horizontal translation.
    public var tx: CGFloat
    /// The entry in the third row and second column: the vertical translation.
    public var ty: CGFloat

    /// Mirrors `CGAffineTransform(a:b:c:d:tx:ty:)`.
    public init(a: CGFloat, b: CGFloat, c: CGFloat, d: CGFloat, tx: CGFloat, ty: CGFloat) {
        self.a = a
        self.b = b
        self.c = c
        self.d = d
        self.tx = tx
        self.ty = ty
    }

    /// Mirrors `CGAffineTransform()`: the zero matrix, as CoreGraphics' memberwise default.
    public init() {
        self.init(a: 0, b: 0, c: 0, d: 0, tx: 0, ty: 0)
    }

    /// Mirrors `CGAffineTransform(translationX:y:)`.
    public init(translationX tx: CGFloat, y ty: CGFloat) {
        self.init(a: 1, b: 0, c: 0, d: 1, tx: tx, ty: ty)
    }

    /// Mirrors `CGAffineTransform(scaleX:y:)`.
    public init(scaleX sx: CGFloat, y sy: CGFloat) {
        self.init(a: sx, b: 0, c: 0, d: sy, tx: 0, ty: 0)
    }

    /// Mirrors `CGAffineTransform(rotationAngle:)`: a = cos, b = sin, c = −sin, d = cos.
    public init(rotationAngle angle: CGFloat) {
        let cosine = CGFloat(Foundation.cos(Double(angle)))
        let sine = CGFloat(Foundation.sin(Double(angle)))
        self.init(a: cosine, b: sine, c: -sine, d: cosine, tx: 0, ty: 0)
    }

    /// Mirrors `CGAffineTransform.identity`.
    public static let identity = CGAffineTransform(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0)

    /// Mirrors `CGAffineTransform.isIdentity`: true when every entry equals the identity's.
    public var isIdentity: Bool { self == .identity }

    /// Mirrors `CGAffineTransform.concatenating(_:)`: the product `self · t2`, which applies
    /// `self` first and then `t2`.
    public func concatenating(_ t2: CGAffineTransform) -> CGAffineTransform {
        CGAffineTransform(a: a * t2.a + b * t2.c,
                          b: a * t2.b + b * t2.d,
                          c: c * t2.a + d * t2.c,
                          d: c * t2.b + d * t2.d,
                          tx: tx * t2.a + ty * t2.c + t2.tx,
                          ty: tx * t2.b + ty * t2.d + t2.ty)
    }

    /// Mirrors `CGAffineTransform.inverted()`: the inverse, or `self` unchanged when the matrix
    /// is singular (determinant 0 or not finite), as CoreGraphics documents.
    public func inverted() -> CGAffineTransform {
        let determinant = a * d - b * c
        guard determinant != 0, determinant.isFinite else { return self }
        return CGAffineTransform(a: d / determinant,
                                 b: -b / determinant,
                                 c: -c / determinant,
                                 d: a / determinant,
                                 tx: (c * ty - d * tx) / determinant,
                                 ty: (b * tx - a * ty) / determinant)
    }

    /// Mirrors `CGAffineTransform.translatedBy(x:y:)` (`CGAffineTransformTranslate`): the
    /// translation applies first, then `self`.
    public func translatedBy(x: CGFloat, y: CGFloat) -> CGAffineTransform {
        CGAffineTransform(translationX: x, y: y).concatenating(self)
    }

    /// Mirrors `CGAffineTransform.scaledBy(x:y:)` (`CGAffineTransformScale`): the scale applies
    /// first, then `self`.
    public func scaledBy(x: CGFloat, y: CGFloat) -> CGAffineTransform {
        CGAffineTransform(scaleX: x, y: y).concatenating(self)
    }

    /// Mirrors `CGAffineTransform.rotated(by:)` (`CGAffineTransformRotate`): the rotation
    /// applies first, then `self`.
    public func rotated(by angle: CGFloat) -> CGAffineTransform {
        CGAffineTransform(rotationAngle: angle).concatenating(self)
    }
}

extension CGAffineTransform {
    /// The transform Zoetrope Core draws for a layer about its anchor: the point is scaled, then
    /// rotated by `rotation` radians, then translated (Core's translate · rotate · scale).
    ///
    /// In CoreGraphics terms it is `scale.concatenating(rotation).concatenating(translation)`:
    /// a = sx·cos θ, b = sx·sin θ, c = −sy·sin θ, d = sy·cos θ, (tx, ty) = translation.
    init(translation: Vector2, rotation: Double, scale: Vector2) {
        let cosine = Foundation.cos(rotation), sine = Foundation.sin(rotation)
        self.init(a: CGFloat(scale.x * cosine), b: CGFloat(scale.x * sine),
                  c: CGFloat(-scale.y * sine), d: CGFloat(scale.y * cosine),
                  tx: CGFloat(translation.x), ty: CGFloat(translation.y))
    }

    /// The translation, rotation (radians) and scale that `init(translation:rotation:scale:)`
    /// turns back into this transform.
    ///
    /// The decomposition is canonical: rotation = atan2(b, a) in −π…π, scale x = √(a² + b²) ≥ 0
    /// and scale y = determinant / scale x, so a negative scale x comes back as a rotation by π
    /// with both scales' signs flipped: the same matrix, other parts. A transform built by
    /// `init(translation:rotation:scale:)` with scale x > 0 and rotation in −π…π comes back
    /// exactly (up to rounding). A shear has no place in these parts: it is approximated by
    /// keeping the first row's direction and length and the determinant (the area scale), so
    /// the first axis maps as before and the shear is dropped. When the first row is zero the
    /// second row gives the rotation (scale x = 0).
    var parts: (translation: Vector2, rotation: Double, scale: Vector2) {
        let a = Double(self.a), b = Double(self.b), c = Double(self.c), d = Double(self.d)
        let translation = Vector2(Double(tx), Double(ty))
        let scaleX = (a * a + b * b).squareRoot()
        if scaleX == 0 {
            // The first axis collapses: c = −sy·sin θ, d = sy·cos θ.
            let scaleY = (c * c + d * d).squareRoot()
            let rotation = scaleY == 0 ? 0 : Foundation.atan2(-c, d)
            return (translation, rotation, Vector2(0, scaleY))
        }
        let rotation = Foundation.atan2(b, a)
        let scaleY = (a * d - b * c) / scaleX
        return (translation, rotation, Vector2(scaleX, scaleY))
    }
}

extension CGPoint {
    /// Mirrors `CGPoint.applying(_:)`: (a·x + c·y + tx, b·x + d·y + ty).
    public func applying(_ t: CGAffineTransform) -> CGPoint {
        CGPoint(x: t.a * x + t.c * y + t.tx, y: t.b * x + t.d * y + t.ty)
    }
}

extension CGSize {
    /// Mirrors `CGSize.applying(_:)`: the linear part only, no translation, so the result may
    /// be negative (a rotation by π gives (−w, −h)).
    public func applying(_ t: CGAffineTransform) -> CGSize {
        CGSize(width: t.a * width + t.c * height, height: t.b * width + t.d * height)
    }
}

extension CGRect {
    /// Mirrors `CGRect.applying(_:)`: the smallest rectangle holding the four transformed
    /// corners; a null rectangle stays null.
    public func applying(_ t: CGAffineTransform) -> CGRect {
        if isNull { return self }
        let corners = [CGPoint(x: minX, y: minY), CGPoint(x: maxX, y: minY),
                       CGPoint(x: minX, y: maxY), CGPoint(x: maxX, y: maxY)].map { $0.applying(t) }
        let xs = corners.map(\.x), ys = corners.map(\.y)
        let left = xs.min() ?? 0, top = ys.min() ?? 0
        return CGRect(x: left, y: top, width: (xs.max() ?? 0) - left, height: (ys.max() ?? 0) - top)
    }
}
