extension CubicTimingParameters {
    /// Constant speed; equivalent to `kCAMediaTimingFunctionLinear`.
    public static let linear = CubicTimingParameters(unchecked: Vector2(0, 0), Vector2(1, 1))
    /// Slow start; equivalent to `kCAMediaTimingFunctionEaseIn` and `UIView.AnimationCurve.easeIn`.
    public static let easeIn = CubicTimingParameters(unchecked: Vector2(0.42, 0), Vector2(1, 1))
    /// Slow end; equivalent to `kCAMediaTimingFunctionEaseOut` and `UIView.AnimationCurve.easeOut`.
    public static let easeOut = CubicTimingParameters(unchecked: Vector2(0, 0), Vector2(0.58, 1))
    /// Slow start and end; equivalent to `kCAMediaTimingFunctionEaseInEaseOut` and
    /// `UIView.AnimationCurve.easeInOut`, UIKit's default curve and the default of every animator.
    public static let easeInOut = CubicTimingParameters(unchecked: Vector2(0.42, 0), Vector2(0.58, 1))
    /// Core Animation's default; equivalent to `kCAMediaTimingFunctionDefault`,
    /// `UICubicTimingParameters()` and CSS `ease`.
    public static let systemDefault = CubicTimingParameters(unchecked: Vector2(0.25, 0.1), Vector2(0.25, 1))

    /// A named curve: the name a scene file gives it and the curve.
    public struct Preset: Hashable, Sendable {
        /// The scene-file name: `linear`, `easeIn`, `easeOut`, `easeInOut` or `default`.
        public var name: String
        /// The curve the name stands for.
        public var curve: CubicTimingParameters

        /// The preset `curve` called `name`.
        public init(name: String, curve: CubicTimingParameters) {
            self.name = name
            self.curve = curve
        }
    }

    /// The named curves of SPEC §3.1 by their scene-file names, in the order messages list them.
    public static let named: [Preset] = [
        Preset(name: "linear", curve: .linear), Preset(name: "easeIn", curve: .easeIn),
        Preset(name: "easeOut", curve: .easeOut), Preset(name: "easeInOut", curve: .easeInOut),
        Preset(name: "default", curve: .systemDefault),
    ]

    /// The named curve called `name`, or nil.
    public init?(named name: String) {
        guard let match = Self.named.first(where: { $0.name == name }) else { return nil }
        self = match.curve
    }
}

/// Mirrors `UIView.AnimationCurve`.
public enum AnimationCurve: Int, Hashable, Sendable, CaseIterable {
    case easeInOut = 0, easeIn, easeOut, linear
}

extension CubicTimingParameters {
    /// Mirrors `UICubicTimingParameters(animationCurve:)`.
    public init(animationCurve: AnimationCurve) {
        switch animationCurve {
        case .easeInOut: self = .easeInOut
        case .easeIn: self = .easeIn
        case .easeOut: self = .easeOut
        case .linear: self = .linear
        }
    }

    /// Mirrors `UICubicTimingParameters()`: Core Animation's default curve.
    public init() { self = .systemDefault }
}
