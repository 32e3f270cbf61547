/// Instants to draw instead of frames (`render --at`, `--progress`): any instant of an
/// animation, fractional frames included. Picture i of a render of instants shows the i-th
/// instant as given, and is written as frame i (`frame_00000.png` …); the manifest lists each
/// picture's time and the instants, so a render of other instants is another render.
public enum RenderInstants: Hashable, Sendable {
    /// Seconds from the start.
    case seconds([Double])
    /// Fractions of the animation's length: 0 its first instant, 1 its end (`EvaluatedScene.length`).
    case progress([Double])

    /// The instants in seconds, for an animation `length` seconds long.
    public func times(length: Double) -> [Double] {
        switch self {
        case .seconds(let times): times
        case .progress(let fractions): fractions.map { $0 * length }
        }
    }
}
