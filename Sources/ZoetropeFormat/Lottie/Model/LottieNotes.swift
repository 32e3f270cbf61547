/// What the reader draws without, and what it refuses: past a limit nothing is drawn, and every
/// such problem is reported with its JSON path and the limit.
struct LottieNotes {
    /// What is not supported, in the order met (layers are met bottom first).
    private var found: [LottieNote] = []
    private var seen: Set<String> = []
    /// (JSON path, the limit passed), in the order met.
    private(set) var refusals: [(path: String, message: String)] = []
    /// Set by a refusal past a budget (layers, samples): nothing more is built, since what is
    /// left could only cost more.
    private(set) var exhausted = false
    /// The reading's expressions (nil: expressions are noted and drawn without). Copies of the
    /// notes share them: one engine per reading.
    var expressionSource: LottieExpressionSource?
    /// Whether a key's easing per dimension (`"o": {"x": [0.5, 0.1], …}`) eases each dimension
    /// by its own curve, as lottie-web and lottie-android do, rather than every dimension by the
    /// first's, as lottie-ios, ThorVG and rlottie do (the default).
    var perDimensionEasing = false

    /// The reading's expression engine, which properties with expressions are compiled by
    /// while decoding; made at the first expression met (nil without a source, or when Duktape
    /// cannot make a heap).
    var expressions: ExpressionEngine? { expressionSource?.engine }

    /// The note of an expression drawn without: why.
    static func expressionFailure(_ message: String) -> String {
        "expressions (x): \(message); the keyframes are drawn without the expression"
    }

    /// What is not supported, in document order (`layers[2]` before `layers[10]`).
    var unsupported: [LottieNote] {
        found.sorted { Self.orderKey($0.path).lexicographicallyPrecedes(Self.orderKey($1.path)) }
    }

    /// A path as its names and indices, indices compared as numbers.
    private static func orderKey(_ path: String) -> [PathPart] {
        path.split(whereSeparator: { "[].".contains($0) }).map { Int($0).map(PathPart.index) ?? .name(String($0)) }
    }

    private enum PathPart: Comparable {
        case name(String)
        case index(Int)
    }

    mutating func unsupported(_ feature: String, at path: String) {
        guard seen.insert(path + "\u{0}" + feature).inserted else { return }
        found.append(LottieNote(path: path, feature: feature))
    }

    /// Refuses the animation: `message` says what `path` holds past which limit.
    mutating func refuse(_ message: String, at path: String) {
        refusals.append((path, message))
    }

    /// Refuses the animation past a budget: nothing more is built.
    mutating func exhaust(_ message: String, at path: String) {
        guard !exhausted else { return }
        exhausted = true
        refuse(message, at: path)
    }
}

/// The document a reading's expressions are compiled against, and its engine, made only when
/// the first expression is met: starting one compiles the expression environment and the
/// document's names (milliseconds, and most of reading a small file), which a file without
/// expressions never needs.
final class LottieExpressionSource {
    private let root: JSONValue
    private var made = false
    private var engineValue: ExpressionEngine?

    init(root: JSONValue) {
        self.root = root
    }

    var engine: ExpressionEngine? {
        if !made {
            made = true
            engineValue = ExpressionEngine(root: root)
        }
        return engineValue
    }

    /// The engine if one was made, without making it.
    var started: ExpressionEngine? { engineValue }
}

/// A feature a Lottie file uses that is drawn without, at its JSON path
/// (`layers[2].ks.o.x`: "expressions (x): the keyframes are drawn without the expression").
public struct LottieNote: Sendable, Hashable {
    public var path: String
    public var feature: String

    public init(path: String, feature: String) {
        self.path = path
        self.feature = feature
    }
}
