/// An animatable property of a layer, named as in scene files (`frog.position`,
/// `card.stroke.width`).
public enum LayerProperty: String, CaseIterable, Hashable, Sendable {
    case position, size, anchor, rotation, scale, translation
    case opacity, fill, cornerRadius
    case strokeColor = "stroke.color"
    case strokeWidth = "stroke.width"
    case strokeStart, strokeEnd, strokeOffset
    case color
    case fontSize = "font.size"
    case hidden, zIndex, text, image
    case shadowColor = "shadow.color"
    case shadowOffset = "shadow.offset"
    case shadowRadius = "shadow.radius"
    case shadowOpacity = "shadow.opacity"
    case blur, backdropBlur
    case path
    /// Mirrors `CAReplicatorLayer`: how many times the layer's children are drawn
    /// (`instanceCount`; 1 draws them once, as any layer does; rounded down).
    case replicatorCount = "replicator.count"
    /// `instanceTransform`, about the layer's anchor point: each copy is the one before moved
    /// by this translation, rotation and scale.
    case replicatorTranslation = "replicator.translation"
    case replicatorRotation = "replicator.rotation"
    case replicatorScale = "replicator.scale"
    /// The first copy's alpha (`instanceColor`'s), and what each later copy adds to it
    /// (`instanceAlphaOffset`).
    case replicatorOpacity = "replicator.opacity"
    case replicatorAlphaOffset = "replicator.alphaOffset"

    /// How several animations of one property combine (SPEC §3.3).
    public enum Composition: Sendable {
        /// Geometry: presentation = model + Σ (from − to)·(1 − p), as UIKit does since iOS 8.
        case additive
        /// The newest animation starts from the current presentation and replaces the older one.
        case replaced
        /// Changes at once when its block starts.
        case discrete
    }

    /// The kind of value the property holds.
    public var kind: ValueKind {
        switch self {
        case .position, .size, .anchor, .scale, .translation, .shadowOffset, .replicatorTranslation, .replicatorScale: .vector
        case .rotation, .opacity, .cornerRadius, .strokeWidth, .strokeStart, .strokeEnd, .strokeOffset, .fontSize, .zIndex,
             .shadowRadius, .shadowOpacity, .blur, .backdropBlur, .replicatorCount, .replicatorRotation, .replicatorOpacity,
             .replicatorAlphaOffset: .number
        case .fill, .strokeColor, .color, .shadowColor: .color
        case .hidden: .flag
        case .text, .image: .text
        case .path: .path
        }
    }

    public var composition: Composition {
        switch self {
        case .position, .size, .rotation, .scale, .translation: .additive
        case .hidden, .zIndex, .text, .image: .discrete
        default: .replaced
        }
    }

    /// The values the property can show, as Core Animation clamps them on screen: an overshooting
    /// spring cannot drive opacity below 0 or a radius negative. Nil for unbounded properties.
    public var domain: ClosedRange<Double>? {
        switch self {
        case .opacity, .strokeStart, .strokeEnd, .shadowOpacity, .replicatorOpacity: 0...1
        case .cornerRadius, .strokeWidth, .shadowRadius, .blur, .backdropBlur, .fontSize: 0...Double.greatestFiniteMagnitude
        case .replicatorCount: 0...Double(SceneLimits.instances)
        default: nil
        }
    }

    /// Names of the components a key may address (`frog.position.x`), empty for scalars.
    public var componentNames: [[String]] {
        guard kind == .vector else { return [] }
        return self == .size ? [["width", "x"], ["height", "y"]] : [["x"], ["y"]]
    }
}
