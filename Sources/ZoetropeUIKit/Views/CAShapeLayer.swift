import ZoetropeCore

/// Mirrors `CAShapeLayerLineCap`.
public struct CAShapeLayerLineCap: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let butt = CAShapeLayerLineCap(rawValue: "butt")
    public static let round = CAShapeLayerLineCap(rawValue: "round")
    public static let square = CAShapeLayerLineCap(rawValue: "square")
}

/// Mirrors `CAShapeLayerLineJoin`.
public struct CAShapeLayerLineJoin: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let miter = CAShapeLayerLineJoin(rawValue: "miter")
    public static let round = CAShapeLayerLineJoin(rawValue: "round")
    public static let bevel = CAShapeLayerLineJoin(rawValue: "bevel")
}

/// Mirrors `CAShapeLayerFillRule`.
public struct CAShapeLayerFillRule: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let nonZero = CAShapeLayerFillRule(rawValue: "non-zero")
    public static let evenOdd = CAShapeLayerFillRule(rawValue: "even-odd")
}

/// Mirrors `CAShapeLayer`: a path in the layer's coordinates, filled and stroked. The path,
/// colours, line width, `strokeStart`, `strokeEnd` and `lineDashPhase` animate (two paths of
/// the same commands morph point by point, as Core Animation's do).
///
/// Core Animation's defaults: fill black, no stroke, line width 1, butt caps, miter joins.
///
/// ```swift
/// let ring = CAShapeLayer()
/// ring.path = UIBezierPath(ovalIn: CGRect(x: 0, y: 0, width: 60, height: 60)).cgPath
/// ring.fillColor = nil
/// ring.strokeColor = UIColor.white.cgColor
/// ring.lineWidth = 4
/// ring.strokeEnd = 0
/// view.layer.addSublayer(ring)
/// ```
open class CAShapeLayer: CALayer {
    override class var layerKind: String { "shapeLayer" }

    /// Mirrors `init()`.
    public required init() {
        var values = LayerValues()
        values.fill = .black
        values.strokeColor = .clear
        values.strokeWidth = 1
        super.init(shape: .path, values: values, style: LayerStyle())
    }

    /// Mirrors `path`, in the layer's coordinates (its bounds' top left is 0, 0).
    open var path: CGPath? {
        get {
            guard case .path(let path) = value(.path), !path.segments.isEmpty else { return nil }
            return CGPath(segments: path.segments)
        }
        set { set(.path, .path(newValue?.svgPath ?? SVGPath())) }
    }

    /// Mirrors `fillColor` (nil: no fill).
    open var fillColor: CGColor? {
        get { color(.fill).alpha > 0 ? UIColor(color(.fill)).cgColor : nil }
        set { set(.fill, .color(newValue?.color ?? .clear)) }
    }

    /// Mirrors `strokeColor` (nil: no stroke).
    open var strokeColor: CGColor? {
        get { color(.strokeColor).alpha > 0 ? UIColor(color(.strokeColor)).cgColor : nil }
        set { set(.strokeColor, .color(newValue?.color ?? .clear)) }
    }

    /// Mirrors `lineWidth`.
    open var lineWidth: CGFloat {
        get { CGFloat(number(.strokeWidth)) }
        set { set(.strokeWidth, .number(Double(newValue))) }
    }

    /// Mirrors `strokeStart`: where the stroke begins along the path, 0…1.
    open var strokeStart: CGFloat {
        get { CGFloat(number(.strokeStart)) }
        set { set(.strokeStart, .number(Double(newValue))) }
    }

    /// Mirrors `strokeEnd`: where it ends, 0…1.
    open var strokeEnd: CGFloat {
        get { CGFloat(number(.strokeEnd)) }
        set { set(.strokeEnd, .number(Double(newValue))) }
    }

    /// Mirrors `lineDashPhase`: how far into `lineDashPattern` the outline starts, in points.
    open var lineDashPhase: CGFloat {
        get { CGFloat(number(.strokeDashPhase)) }
        set { set(.strokeDashPhase, .number(Double(newValue))) }
    }

    /// Mirrors `lineDashPattern`: dash and gap lengths.
    open var lineDashPattern: [NSNumber]? {
        get { style.strokeDash.isEmpty ? nil : style.strokeDash.map { NSNumber(value: $0) } }
        set { setStyle { $0.strokeDash = (newValue ?? []).map(\.doubleValue) } }
    }

    /// Mirrors `lineCap`.
    open var lineCap: CAShapeLayerLineCap {
        get { CAShapeLayerLineCap(rawValue: style.strokeCap.rawValue) }
        set { setStyle { $0.strokeCap = LineCap(rawValue: newValue.rawValue) ?? .butt } }
    }

    /// Mirrors `lineJoin`.
    open var lineJoin: CAShapeLayerLineJoin {
        get { CAShapeLayerLineJoin(rawValue: style.strokeJoin.rawValue) }
        set { setStyle { $0.strokeJoin = LineJoin(rawValue: newValue.rawValue) ?? .miter } }
    }

    /// Mirrors `miterLimit`: a mitred join reaching past this many half line widths from its
    /// corner is bevelled (10 by default, as Core Animation's; held within 1…1000).
    open var miterLimit: CGFloat {
        get { CGFloat(style.strokeMiterLimit) }
        set {
            let limit = Double(newValue)
            setStyle { $0.strokeMiterLimit = limit.isFinite ? min(max(limit, 1), SceneLimits.miterLimit) : 10 }
        }
    }

    /// Mirrors `fillRule`.
    open var fillRule: CAShapeLayerFillRule {
        get { style.fillRule == .evenOdd ? .evenOdd : .nonZero }
        set { setStyle { $0.fillRule = newValue == .evenOdd ? .evenOdd : .nonZero } }
    }
}
