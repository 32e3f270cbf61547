import ZoetropeCore

/// A Core Animation key path (`"position.x"`, `"transform.scale"`, `"backgroundColor"`) as the
/// layer property it animates, and the values written for it (`Any`, as `fromValue` takes
/// them) as that property's values.
struct CAKeyPath {
    var property: LayerProperty
    var component: Int?
    /// A number written for a pair (`transform.scale` scales both axes).
    var numberForBoth = false

    /// The key paths Zoetrope's layers animate, by Core Animation's names.
    private static let table: [String: CAKeyPath] = [
        "position": CAKeyPath(property: .position), "position.x": CAKeyPath(property: .position, component: 0),
        "position.y": CAKeyPath(property: .position, component: 1),
        "bounds": CAKeyPath(property: .size), "bounds.size": CAKeyPath(property: .size),
        "bounds.size.width": CAKeyPath(property: .size, component: 0), "bounds.size.height": CAKeyPath(property: .size, component: 1),
        "anchorPoint": CAKeyPath(property: .anchor), "anchorPoint.x": CAKeyPath(property: .anchor, component: 0),
        "anchorPoint.y": CAKeyPath(property: .anchor, component: 1),
        "opacity": CAKeyPath(property: .opacity), "hidden": CAKeyPath(property: .hidden), "isHidden": CAKeyPath(property: .hidden),
        "backgroundColor": CAKeyPath(property: .fill), "fillColor": CAKeyPath(property: .fill),
        "cornerRadius": CAKeyPath(property: .cornerRadius),
        "borderWidth": CAKeyPath(property: .strokeWidth), "lineWidth": CAKeyPath(property: .strokeWidth),
        "borderColor": CAKeyPath(property: .strokeColor), "strokeColor": CAKeyPath(property: .strokeColor),
        "strokeStart": CAKeyPath(property: .strokeStart), "strokeEnd": CAKeyPath(property: .strokeEnd),
        "lineDashPhase": CAKeyPath(property: .strokeDashPhase), "path": CAKeyPath(property: .path),
        "shadowColor": CAKeyPath(property: .shadowColor), "shadowOpacity": CAKeyPath(property: .shadowOpacity),
        "shadowRadius": CAKeyPath(property: .shadowRadius), "shadowOffset": CAKeyPath(property: .shadowOffset),
        "zPosition": CAKeyPath(property: .zIndex),
        "foregroundColor": CAKeyPath(property: .color), "fontSize": CAKeyPath(property: .fontSize),
        "emitterPosition": CAKeyPath(property: .emitterPosition), "emitterSize": CAKeyPath(property: .emitterSize),
        "birthRate": CAKeyPath(property: .emitterBirthRate), "lifetime": CAKeyPath(property: .emitterLifetime),
        "velocity": CAKeyPath(property: .emitterVelocity), "scale": CAKeyPath(property: .emitterScale), "spin": CAKeyPath(property: .emitterSpin),
        "transform.scale": CAKeyPath(property: .scale, numberForBoth: true),
        "transform.scale.x": CAKeyPath(property: .scale, component: 0), "transform.scale.y": CAKeyPath(property: .scale, component: 1),
        "transform.rotation": CAKeyPath(property: .rotation), "transform.rotation.z": CAKeyPath(property: .rotation),
        "transform.rotation.x": CAKeyPath(property: .rotationX), "transform.rotation.y": CAKeyPath(property: .rotationY),
        "transform.translation.z": CAKeyPath(property: .translationZ), "anchorPointZ": CAKeyPath(property: .anchorZ),
        "sublayerTransform.m34": CAKeyPath(property: .sublayerPerspective), "transform.m34": CAKeyPath(property: .perspective),
        "transform.translation": CAKeyPath(property: .translation),
        "transform.translation.x": CAKeyPath(property: .translation, component: 0),
        "transform.translation.y": CAKeyPath(property: .translation, component: 1),
        "instanceCount": CAKeyPath(property: .replicatorCount), "instanceColor": CAKeyPath(property: .replicatorColor),
        "instanceRedOffset": CAKeyPath(property: .replicatorRedOffset), "instanceGreenOffset": CAKeyPath(property: .replicatorGreenOffset),
        "instanceBlueOffset": CAKeyPath(property: .replicatorBlueOffset), "instanceAlphaOffset": CAKeyPath(property: .replicatorAlphaOffset),
        // An image layer's image (its contents: frame animations, discrete).
        "contents": CAKeyPath(property: .image),
        // `contentsRect` as a whole animates its two parts (`CAPropertyAnimation.partsAnimation`).
        "contentsRect.origin": CAKeyPath(property: .contentsOrigin), "contentsRect.size": CAKeyPath(property: .contentsSize),
        "contentsRect.origin.x": CAKeyPath(property: .contentsOrigin, component: 0),
        "contentsRect.origin.y": CAKeyPath(property: .contentsOrigin, component: 1),
        "contentsRect.size.width": CAKeyPath(property: .contentsSize, component: 0),
        "contentsRect.size.height": CAKeyPath(property: .contentsSize, component: 1),
        // A gradient layer's parts are its fill (`CAGradientLayer.animationValue` converts them).
        "colors": CAKeyPath(property: .fill), "locations": CAKeyPath(property: .fill),
        "startPoint": CAKeyPath(property: .fill), "endPoint": CAKeyPath(property: .fill),
    ]

    /// The property `keyPath` names, or nil where Zoetrope's layers have none (Core Animation
    /// ignores an animation of a key path it does not know).
    init?(_ keyPath: String) {
        guard let known = Self.table[keyPath] else { return nil }
        self = known
    }

    private init(property: LayerProperty, component: Int? = nil, numberForBoth: Bool = false) {
        self.property = property
        self.component = component
        self.numberForBoth = numberForBoth
    }

    /// `value` (a number, `CGPoint`, `CGSize`, `CGRect`, `NSValue`, `CGColor`, `UIColor`,
    /// `CGPath`, `UIBezierPath`, `Bool`) as a value of the property, or nil when it is none.
    func value(_ value: Any?) -> AnimatableValue? {
        guard let value else { return nil }
        let kind: ValueKind = component == nil ? property.kind : .number
        switch kind {
        case .number:
            return Self.number(value).map { .number($0) }
        case .vector:
            if numberForBoth, let number = Self.number(value) { return .vector(Vector2(number, number)) }
            return Self.vector(value).map { .vector($0) }
        case .color:
            if let color = value as? CGColor { return .color(color.color) }
            if let color = value as? UIColor { return .color(color.color) }
            return nil
        case .flag:
            if let flag = value as? Bool { return .flag(flag) }
            return Self.number(value).map { .flag($0 != 0) }
        case .path:
            if let path = value as? CGPath { return .path(path.svgPath) }
            if let path = value as? UIBezierPath { return .path(path.cgPath.svgPath) }
            return nil
        case .text:
            // The only text property a key path names is `contents`: an image.
            if let image = value as? CGImage { return .text(image.source) }
            return (value as? UIImage).map { .text($0.path) }
        }
    }

    private static func number(_ value: Any) -> Double? {
        switch value {
        case let x as Double: x
        case let x as Float: Double(x)
        case let x as CGFloat: Double(x)
        case let x as Int: Double(x)
        case let x as NSNumber: x.doubleValue
        default: nil
        }
    }

    private static func vector(_ value: Any) -> Vector2? {
        switch value {
        case let point as CGPoint: point.vector
        case let size as CGSize: size.vector
        case let rect as CGRect: rect.size.vector
        case let value as NSValue: Self.vector(nsValue: value)
        default: nil
        }
    }

    /// An `NSValue` made by `init(cgPoint:)`, `init(cgSize:)` or `init(cgRect:)`.
    private static func vector(nsValue value: NSValue) -> Vector2? {
        let type = String(cString: value.objCType)
        if type.contains("Point") { return value.pointValue.vector }
        if type.contains("Size") { return value.sizeValue.vector }
        if type.contains("Rect") { return value.rectValue.size.vector }
        return nil
    }
}

extension NSValue {
    /// Mirrors `NSValue(cgPoint:)`.
    public convenience init(cgPoint point: CGPoint) { self.init(point: point) }
    /// Mirrors `NSValue(cgSize:)`.
    public convenience init(cgSize size: CGSize) { self.init(size: size) }
    /// Mirrors `NSValue(cgRect:)`.
    public convenience init(cgRect rect: CGRect) { self.init(rect: rect) }
    /// Mirrors `cgPointValue`.
    public var cgPointValue: CGPoint { pointValue }
    /// Mirrors `cgSizeValue`.
    public var cgSizeValue: CGSize { sizeValue }
    /// Mirrors `cgRectValue`.
    public var cgRectValue: CGRect { rectValue }
}
