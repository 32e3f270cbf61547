/// The value of one layer property: what a block sets, what the model holds, what is drawn.
public enum AnimatableValue: Hashable, Sendable, CustomStringConvertible {
    /// A scalar: opacity, rotation in radians, a radius, a width.
    case number(Double)
    /// A point, size or scale.
    case vector(Vector2)
    /// A colour.
    case color(Color)
    /// A gradient fill.
    case gradient(Gradient)
    /// A flag such as `hidden`.
    case flag(Bool)
    /// A string such as a text layer's text or an image path.
    case text(String)
    /// A shape layer's outline (`CAShapeLayer.path`).
    case path(SVGPath)

    public var description: String {
        switch self {
        case .number(let n): "\(n)"
        case .vector(let v): v.description
        case .color(let c): c.hexString
        case .gradient(let g): g.description
        case .flag(let b): "\(b)"
        case .text(let s): "\"\(s)\""
        case .path(let p): "\"\(p.data)\""
        }
    }

    /// The kind of value, for messages: "a number", "a point [x, y]", …
    public var kind: ValueKind {
        switch self {
        case .number: .number
        case .vector: .vector
        case .color, .gradient: .color
        case .flag: .flag
        case .text: .text
        case .path: .path
        }
    }
}

/// The kinds of `AnimatableValue`.
public enum ValueKind: Sendable, Hashable {
    case number, vector, color, flag, text, path

    /// How a message names a value of this kind.
    public var phrase: String {
        switch self {
        case .number: "a number"
        case .vector: "a pair [x, y]"
        case .color: "a colour such as \"#3F7CAC\""
        case .flag: "true or false"
        case .text: "a string"
        case .path: "SVG path data such as \"M 0 0 L 10 10\""
        }
    }
}

extension AnimatableValue {
    /// Interpolates toward `target` with a progress per component (`progress.x` drives numbers
    /// and colours, as UIKit uses a velocity's dx for one-dimensional properties).
    ///
    /// Values of different kinds, flags and strings switch to `target` once progress.x > 0.
    public func interpolated(to target: AnimatableValue, progress: Vector2,
                             colorSpace: ColorSpace) -> AnimatableValue {
        switch (self, target) {
        case let (.number(a), .number(b)):
            return .number(lerp(a, b, progress.x))
        case let (.vector(a), .vector(b)):
            return .vector(Vector2(lerp(a.x, b.x, progress.x), lerp(a.y, b.y, progress.y)))
        case let (.color(a), .color(b)):
            return .color(a.interpolated(to: b, progress: progress.x, in: colorSpace))
        case let (.gradient(a), .gradient(b)):
            if let mixed = a.interpolated(to: b, progress: progress.x, in: colorSpace) { return .gradient(mixed) }
            return progress.x > 0 ? target : self
        case let (.color(a), .gradient(b)):
            return AnimatableValue.gradient(b.filled(with: a)).interpolated(to: target, progress: progress, colorSpace: colorSpace)
        case let (.path(a), .path(b)):
            // Paths of the same commands morph point by point, as CAShapeLayer's do; others switch.
            if let mixed = a.interpolated(to: b, progress: progress.x) { return .path(mixed) }
            return progress.x > 0 ? target : self
        case let (.gradient(a), .color(b)):
            // Ends as the plain colour (so the model and the presentation agree at progress 1).
            if progress.x >= 1 { return target }
            return AnimatableValue.gradient(a).interpolated(to: .gradient(a.filled(with: b)), progress: progress, colorSpace: colorSpace)
        default:
            return progress.x > 0 ? target : self
        }
    }

    /// A number brought within `domain`; other values as they are.
    public func clamped(to domain: ClosedRange<Double>) -> AnimatableValue {
        guard case .number(let number) = self else { return self }
        return .number(min(max(number, domain.lowerBound), domain.upperBound))
    }

    /// The value with every number finite: an infinity becomes the largest finite number of its
    /// sign, and NaN the `fallback`'s component (the model value). Animations of values near
    /// Double's range (a rotation from −1.7e308 to 1.7e308) may overflow; NaN never leaves the
    /// engine.
    public func finite(or fallback: AnimatableValue) -> AnimatableValue {
        func finite(_ value: Double, _ fallback: Double) -> Double {
            if value.isNaN { return fallback.isFinite ? fallback : 0 }
            return min(max(value, -.greatestFiniteMagnitude), .greatestFiniteMagnitude)
        }
        switch (self, fallback) {
        case let (.number(value), .number(model)):
            return value.isFinite ? self : .number(finite(value, model))
        case let (.number(value), _):
            return value.isFinite ? self : .number(finite(value, 0))
        case let (.vector(value), .vector(model)):
            return value.x.isFinite && value.y.isFinite ? self : .vector(Vector2(finite(value.x, model.x), finite(value.y, model.y)))
        case let (.vector(value), _):
            return value.x.isFinite && value.y.isFinite ? self : .vector(Vector2(finite(value.x, 0), finite(value.y, 0)))
        default:
            return self
        }
    }

    /// `self + (value − reference)`, per component: how an additive animation's offset is added
    /// to the model (SPEC §3.3). Only numbers and vectors add; other kinds return `self`.
    public func adding(_ value: AnimatableValue, minus reference: AnimatableValue) -> AnimatableValue {
        switch (self, value, reference) {
        case let (.number(base), .number(a), .number(b)):
            return .number(base + (a - b))
        case let (.vector(base), .vector(a), .vector(b)):
            return .vector(Vector2(base.x + (a.x - b.x), base.y + (a.y - b.y)))
        default:
            return self
        }
    }
}
