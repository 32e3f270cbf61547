import ZoetropeCore

/// Mirrors `CATransform3D`: a 4 × 4 matrix applied to row vectors, as Core Animation's is
/// (a point p becomes p · M; a translation is in m41, m42, m43; perspective is m34 = −1/d).
public struct CATransform3D: Hashable, Sendable {
    public var m11: CGFloat, m12: CGFloat, m13: CGFloat, m14: CGFloat
    public var m21: CGFloat, m22: CGFloat, m23: CGFloat, m24: CGFloat
    public var m31: CGFloat, m32: CGFloat, m33: CGFloat, m34: CGFloat
    public var m41: CGFloat, m42: CGFloat, m43: CGFloat, m44: CGFloat

    /// Mirrors `init(m11:…m44:)`.
    public init(m11: CGFloat, m12: CGFloat, m13: CGFloat, m14: CGFloat, m21: CGFloat, m22: CGFloat, m23: CGFloat, m24: CGFloat,
                m31: CGFloat, m32: CGFloat, m33: CGFloat, m34: CGFloat, m41: CGFloat, m42: CGFloat, m43: CGFloat, m44: CGFloat) {
        (self.m11, self.m12, self.m13, self.m14) = (m11, m12, m13, m14)
        (self.m21, self.m22, self.m23, self.m24) = (m21, m22, m23, m24)
        (self.m31, self.m32, self.m33, self.m34) = (m31, m32, m33, m34)
        (self.m41, self.m42, self.m43, self.m44) = (m41, m42, m43, m44)
    }

    /// Mirrors `init()`: the identity (Core Animation's zero-initialised struct is all zeros;
    /// Swift code starts from `CATransform3DIdentity` either way).
    public init() {
        self.init(rows: [[1, 0, 0, 0], [0, 1, 0, 0], [0, 0, 1, 0], [0, 0, 0, 1]])
    }

    init(rows r: [[CGFloat]]) {
        self.init(m11: r[0][0], m12: r[0][1], m13: r[0][2], m14: r[0][3], m21: r[1][0], m22: r[1][1], m23: r[1][2], m24: r[1][3],
                  m31: r[2][0], m32: r[2][1], m33: r[2][2], m34: r[2][3], m41: r[3][0], m42: r[3][1], m43: r[3][2], m44: r[3][3])
    }

    var rows: [[CGFloat]] {
        [[m11, m12, m13, m14], [m21, m22, m23, m24], [m31, m32, m33, m34], [m41, m42, m43, m44]]
    }

    /// The transform as Core's, whose products and rotations are the engine's.
    var core: Transform3D {
        Transform3D(m11: m11, m12: m12, m13: m13, m14: m14, m21: m21, m22: m22, m23: m23, m24: m24,
                    m31: m31, m32: m32, m33: m33, m34: m34, m41: m41, m42: m42, m43: m43, m44: m44)
    }

    /// `self · other`: this transform, then `other`.
    func concatenating(_ other: CATransform3D) -> CATransform3D { CATransform3D(core.concatenating(other.core)) }

    /// Whether it maps the z = 0 plane as a 2D affine transform does (no perspective, no
    /// rotation out of the plane).
    var isAffine: Bool {
        m13 == 0 && m14 == 0 && m23 == 0 && m24 == 0 && m31 == 0 && m32 == 0 && m33 == 1 && m34 == 0 && m43 == 0 && m44 == 1
    }

    /// A transform written as an animation's value: `NSValue(caTransform3D:)`, a
    /// `CATransform3D` or a `CGAffineTransform`; nil for anything else.
    init?(caValue value: Any) {
        switch value {
        case let transform as CATransform3D: self = transform
        case let transform as CGAffineTransform: self = CATransform3DMakeAffineTransform(transform)
        case let value as NSValue where value.isTransform3D: self = value.caTransform3DValue
        default: return nil
        }
    }

    /// The parts a layer keeps (Core's `LayerValues.transform` composes them back): a scale of
    /// x and y, rotations about z, y and x (in that order), a translation and a perspective
    /// (m34). Exact for the transforms code builds from those (`CATransform3DRotate` of a
    /// perspective, a translation, a scale); a shear or a z scale is dropped.
    var parts: (translation: Vector2, translationZ: Double, rotation: Double, rotationX: Double, rotationY: Double, scale: Vector2,
                perspective: Double) {
        let m = rows.map { $0.map(Double.init) }
        // M = A · P: the perspective only adds p × A's third column to its fourth.
        let third = (0..<3).map { m[$0][2] }
        let weight = third.reduce(0) { $0 + $1 * $1 }
        let p = weight > 0 ? (0..<3).reduce(0) { $0 + m[$1][3] * third[$1] } / weight : 0
        func norm(_ row: [Double]) -> Double { (row[0] * row[0] + row[1] * row[1] + row[2] * row[2]).squareRoot() }
        var sx = norm(m[0]), sy = norm(m[1])
        let determinant = m[0][0] * (m[1][1] * m[2][2] - m[1][2] * m[2][1]) - m[0][1] * (m[1][0] * m[2][2] - m[1][2] * m[2][0])
            + m[0][2] * (m[1][0] * m[2][1] - m[1][1] * m[2][0])
        if determinant < 0 { sy = -sy }
        if sx == 0 { sx = 1 }
        if sy == 0 { sy = 1 }
        // R = Rz · Ry · Rx (row vectors): R[2] = (sin β, −cos β sin α, cos β cos α).
        let beta = asin(min(max(m[2][0], -1), 1))
        let alpha = atan2(-m[2][1], m[2][2])
        let gamma = atan2(-m[1][0] / sy, m[0][0] / sx)
        return (Vector2(m[3][0], m[3][1]), m[3][2], gamma, alpha, beta, Vector2(sx, sy), p)
    }

    /// The transform Core composes from a layer's values.
    init(_ transform: Transform3D) {
        self.init(m11: transform.m11, m12: transform.m12, m13: transform.m13, m14: transform.m14,
                  m21: transform.m21, m22: transform.m22, m23: transform.m23, m24: transform.m24,
                  m31: transform.m31, m32: transform.m32, m33: transform.m33, m34: transform.m34,
                  m41: transform.m41, m42: transform.m42, m43: transform.m43, m44: transform.m44)
    }

    /// The 2D part (a, b, c, d, tx, ty) = (m11, m12, m21, m22, m41, m42).
    var affine: CGAffineTransform { CGAffineTransform(a: m11, b: m12, c: m21, d: m22, tx: m41, ty: m42) }
}

/// Mirrors `CATransform3DIdentity`.
public let CATransform3DIdentity = CATransform3D()

/// Mirrors `CATransform3DMakeTranslation`.
public func CATransform3DMakeTranslation(_ tx: CGFloat, _ ty: CGFloat, _ tz: CGFloat) -> CATransform3D {
    CATransform3D(Transform3D.translation(x: tx, y: ty, z: tz))
}

/// Mirrors `CATransform3DMakeScale`.
public func CATransform3DMakeScale(_ sx: CGFloat, _ sy: CGFloat, _ sz: CGFloat) -> CATransform3D {
    CATransform3D(Transform3D.scale(x: sx, y: sy, z: sz))
}

/// Mirrors `CATransform3DMakeRotation`: `angle` radians about the axis (x, y, z) (a zero axis
/// gives the identity, as Core Animation does).
public func CATransform3DMakeRotation(_ angle: CGFloat, _ x: CGFloat, _ y: CGFloat, _ z: CGFloat) -> CATransform3D {
    CATransform3D(Transform3D.rotation(angle: angle, x: x, y: y, z: z))
}

/// Mirrors `CATransform3DTranslate`: the translation first, then `t`.
public func CATransform3DTranslate(_ t: CATransform3D, _ tx: CGFloat, _ ty: CGFloat, _ tz: CGFloat) -> CATransform3D {
    CATransform3DMakeTranslation(tx, ty, tz).concatenating(t)
}

/// Mirrors `CATransform3DScale`: the scale first, then `t`.
public func CATransform3DScale(_ t: CATransform3D, _ sx: CGFloat, _ sy: CGFloat, _ sz: CGFloat) -> CATransform3D {
    CATransform3DMakeScale(sx, sy, sz).concatenating(t)
}

/// Mirrors `CATransform3DRotate`: the rotation first, then `t`.
public func CATransform3DRotate(_ t: CATransform3D, _ angle: CGFloat, _ x: CGFloat, _ y: CGFloat, _ z: CGFloat) -> CATransform3D {
    CATransform3DMakeRotation(angle, x, y, z).concatenating(t)
}

/// Mirrors `CATransform3DConcat`: `a`, then `b`.
public func CATransform3DConcat(_ a: CATransform3D, _ b: CATransform3D) -> CATransform3D {
    a.concatenating(b)
}

/// Mirrors `CATransform3DIsIdentity`.
public func CATransform3DIsIdentity(_ t: CATransform3D) -> Bool { t == CATransform3DIdentity }

/// Mirrors `CATransform3DEqualToTransform`.
public func CATransform3DEqualToTransform(_ a: CATransform3D, _ b: CATransform3D) -> Bool { a == b }

/// Mirrors `CATransform3DInvert`: the inverse, or `t` itself when it has none (as Core Animation returns it).
public func CATransform3DInvert(_ t: CATransform3D) -> CATransform3D {
    // Gauss–Jordan elimination with partial pivoting on [t | I].
    var m = t.rows.map { $0.map(Double.init) }
    var inverse = CATransform3DIdentity.rows.map { $0.map(Double.init) }
    for column in 0..<4 {
        guard let pivot = (column..<4).max(by: { abs(m[$0][column]) < abs(m[$1][column]) }), abs(m[pivot][column]) > 1e-12 else { return t }
        m.swapAt(column, pivot)
        inverse.swapAt(column, pivot)
        let scale = m[column][column]
        m[column] = m[column].map { $0 / scale }
        inverse[column] = inverse[column].map { $0 / scale }
        for row in 0..<4 where row != column {
            let factor = m[row][column]
            guard factor != 0 else { continue }
            m[row] = zip(m[row], m[column]).map { $0 - factor * $1 }
            inverse[row] = zip(inverse[row], inverse[column]).map { $0 - factor * $1 }
        }
    }
    return CATransform3D(rows: inverse.map { $0.map { CGFloat($0) } })
}

/// Mirrors `CATransform3DMakeAffineTransform`.
public func CATransform3DMakeAffineTransform(_ m: CGAffineTransform) -> CATransform3D {
    CATransform3D(m11: m.a, m12: m.b, m13: 0, m14: 0, m21: m.c, m22: m.d, m23: 0, m24: 0,
                  m31: 0, m32: 0, m33: 1, m34: 0, m41: m.tx, m42: m.ty, m43: 0, m44: 1)
}

/// Mirrors `CATransform3DIsAffine`.
public func CATransform3DIsAffine(_ t: CATransform3D) -> Bool { t.isAffine }

/// Mirrors `CATransform3DGetAffineTransform`: the 2D part.
public func CATransform3DGetAffineTransform(_ t: CATransform3D) -> CGAffineTransform { t.affine }

extension NSValue {
    /// Mirrors `NSValue(caTransform3D:)`.
    public convenience init(caTransform3D transform: CATransform3D) {
        var numbers = transform.rows.flatMap { $0.map(Double.init) }
        // Foundation on Linux stores arrays, not structs: the 16 numbers, row by row.
        self.init(bytes: &numbers, objCType: NSValue.transform3DType)
    }

    /// The type a transform is stored as: sixteen doubles.
    static let transform3DType = "[16d]"

    /// Whether the value holds a transform (`init(caTransform3D:)`).
    var isTransform3D: Bool { String(cString: objCType) == NSValue.transform3DType }

    /// Mirrors `caTransform3DValue`.
    public var caTransform3DValue: CATransform3D {
        guard isTransform3D else { return CATransform3DIdentity }
        var numbers = [Double](repeating: 0, count: 16)
        numbers.withUnsafeMutableBytes { buffer in
            guard let base = buffer.baseAddress else { return }
            getValue(base)
        }
        return CATransform3D(rows: (0..<4).map { row in (0..<4).map { CGFloat(numbers[row * 4 + $0]) } })
    }
}
