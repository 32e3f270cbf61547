import FoundationEssentials
import Yams
import ZoetropeRender
import ZoetropeFiles

/// How far a frame may differ from its golden: `diff`'s rules.
public struct Tolerance: Codable, Hashable, Sendable {
    /// The YIQ colour distance under which two pixels match, 0...1.
    public var threshold = 0.1
    /// Differing pixels a frame may have; nil with a ratio given means no pixel limit.
    public var maxDiffPixels: Int?
    /// Share of a frame's pixels that may differ, 0...1.
    public var maxDiffRatio: Double?
    /// Counts anti-aliased pixels as differences.
    public var includeAntialiasing = false

    public init(threshold: Double = 0.1, maxDiffPixels: Int? = nil, maxDiffRatio: Double? = nil, includeAntialiasing: Bool = false) {
        self.threshold = threshold
        self.maxDiffPixels = maxDiffPixels
        self.maxDiffRatio = maxDiffRatio
        self.includeAntialiasing = includeAntialiasing
    }

    public var comparison: FrameComparison {
        FrameComparison(threshold: threshold, includeAntialiasing: includeAntialiasing, maxDiffPixels: maxDiffPixels, maxDiffRatio: maxDiffRatio)
    }
}

/// `zoetrope-test.yaml` beside the goldens: the tolerance of every scene, and of some scenes
/// their own.
///
/// ```yaml
/// threshold: 0.1
/// maxDiffPixels: 0
/// scenes:
///   gallery: { maxDiffRatio: 0.001 }
/// ```
public struct GoldenSettings: Sendable {
    public static let fileName = "zoetrope-test.yaml"

    /// Each key set at the top of the file, over the built-in defaults.
    var defaults = Overrides()
    /// Each scene's keys, over `defaults` and the command line's.
    var scenes: [String: Overrides] = [:]

    struct Overrides: Sendable {
        var threshold: Double?
        var maxDiffPixels: Int?
        var maxDiffRatio: Double?
        var includeAntialiasing: Bool?

        func applied(to tolerance: Tolerance) -> Tolerance {
            var result = tolerance
            if let threshold { result.threshold = threshold }
            if let maxDiffPixels { result.maxDiffPixels = maxDiffPixels }
            if let maxDiffRatio { result.maxDiffRatio = maxDiffRatio }
            if let includeAntialiasing { result.includeAntialiasing = includeAntialiasing }
            return result
        }
    }

    /// The settings in `goldens`' `zoetrope-test.yaml`; none when there is no such file. Throws
    /// every problem, with the file and the key path (`invalidInput`).
    public init(goldens: String) throws(RenderError) {
        let path = goldens + "/" + Self.fileName
        guard let bytes = AtomicFile.read(path) else { return }
        let node: Node?
        do {
            node = try Yams.compose(yaml: String(decoding: bytes, as: UTF8.self))
        } catch {
            throw RenderError(message: "\(path): not YAML: \(error)", kind: .invalidInput, file: path)
        }
        var problems: [DocumentProblem] = []
        guard let root = node?.mapping else {
            if node != nil { throw RenderError(message: "\(path): expected a mapping of settings", kind: .invalidInput, file: path) }
            return
        }
        for (key, value) in root {
            guard let name = key.string else { continue }
            if name == "scenes" {
                guard let scenes = value.mapping else {
                    problems.append(DocumentProblem(file: path, path: "scenes", message: "expected a mapping of scene names to settings"))
                    continue
                }
                for (scene, settings) in scenes {
                    let sceneName = scene.string ?? "?"
                    guard let mapping = settings.mapping else {
                        problems.append(DocumentProblem(file: path, path: "scenes.\(sceneName)", message: "expected a mapping of settings"))
                        continue
                    }
                    var overrides = Overrides()
                    for (key, value) in mapping {
                        Self.read(key.string ?? "?", value, into: &overrides, file: path, path: "scenes.\(sceneName).", problems: &problems)
                    }
                    self.scenes[sceneName] = overrides
                }
            } else {
                Self.read(name, value, into: &defaults, file: path, path: "", problems: &problems)
            }
        }
        guard problems.isEmpty else { throw RenderError(problems: problems, kind: .invalidInput) }
    }

    /// Reads the setting `key` of `file` at `path` (`""` or `scenes.NAME.`) into `overrides`,
    /// or adds its problem.
    private static func read(_ key: String, _ value: Node, into overrides: inout Overrides, file: String, path: String,
                             problems: inout [DocumentProblem]) {
        let text = value.scalar?.string ?? "a collection"
        func problem(_ message: String) { problems.append(DocumentProblem(file: file, path: path + key, message: message)) }
        switch key {
        case "threshold":
            guard let number = Double(text), (0...1).contains(number) else { problem("must be a number within 0...1 (found \(text))"); return }
            overrides.threshold = number
        case "maxDiffPixels":
            guard let number = Int(text), number >= 0 else { problem("must be a whole number >= 0 (found \(text))"); return }
            overrides.maxDiffPixels = number
        case "maxDiffRatio":
            guard let number = Double(text), (0...1).contains(number) else { problem("must be a number within 0...1 (found \(text))"); return }
            overrides.maxDiffRatio = number
        case "includeAntialiasing":
            guard let flag = Bool(text) else { problem("must be true or false (found \(text))"); return }
            overrides.includeAntialiasing = flag
        default:
            problem("unknown setting; expected threshold, maxDiffPixels, maxDiffRatio, includeAntialiasing\(path.isEmpty ? " or scenes" : "")")
        }
    }

    /// The tolerance of `scene`: the file's defaults over `base`, then the scene's own keys.
    /// `base` is the command line's when it set one (it wins over the file's defaults).
    func tolerance(of scene: String, base: Tolerance, commandLineSet: Bool) -> Tolerance {
        let general = commandLineSet ? base : defaults.applied(to: base)
        return scenes[scene]?.applied(to: general) ?? general
    }
}
