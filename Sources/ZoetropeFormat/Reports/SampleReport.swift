import FoundationEssentials
import ZoetropeCore

/// What `zoetrope sample` prints: presentation values and animator states at chosen times,
/// and every completion (SPEC §6).
public struct SampleReport: Sendable {
    public struct Sample: Sendable {
        public var time: Double
        /// The frame shown at `time`, when `time` falls exactly on one.
        public var frame: Int?
        /// Each reported layer: its id, its values, and which properties are reported.
        public var layers: [(id: String, values: LayerValues, properties: [LayerProperty])]
        public var animators: [AnimatorStatus]
    }

    public var scene: String
    public var samples: [Sample]
    public var completions: [CompletionRecord]

    /// Samples `evaluation` at each of `times`; a sample names its frame when it falls exactly on
    /// one of the render's `frameCount` frames (past the render's end it names none).
    ///
    /// `keys` (`sample --keys`) narrows what is reported to some properties, layers and
    /// animators; nil reports everything.
    public init(evaluation: SceneEvaluation, times: [Double], frameCount: Int = .max, keys: SampleKeys? = nil) {
        let scene = evaluation.scene
        self.scene = scene.name
        completions = evaluation.completions
        samples = times.map { time in
            let tree = evaluation.presentation(at: time)
            let exactFrame = (time * scene.frameRate.framesPerSecond).rounded()
            let isFrame = abs(exactFrame - time * scene.frameRate.framesPerSecond) < 1e-9
            return Sample(time: time, frame: isFrame && exactFrame < Double(frameCount) ? Int(saturating: exactFrame) : nil,
                          layers: zip(tree.layers.nodes, tree.values).compactMap { node, values in
                              let properties = keys.map { $0.properties(of: node.id) } ?? Self.properties
                              return properties.isEmpty ? nil : (node.id, values, properties)
                          },
                          animators: evaluation.animatorStatus(at: time).filter { keys?.controls.contains($0.id) ?? true })
        }
    }

    /// Every animatable property, in a fixed order, as it appears in samples.
    public static let properties = LayerProperty.allCases

    // MARK: - JSON

    /// Pretty-printed JSON with sorted keys; numbers as numbers, points as [x, y], colours as
    /// "#RRGGBBAA", rotation in radians.
    public func json() throws(ReportEncodingError) -> String { try prettyJSON(JSONReport(self)) }

    // MARK: - CSV

    /// One row per sample: `time,frame`, then `layer.property[.x|.y]` columns, then
    /// `animator.state,animator.isRunning,animator.isReversed,animator.fractionComplete`, and
    /// `timeline.playhead` after a group's or timeline's.
    public func csv() -> String {
        guard let first = samples.first else { return "time,frame\n" }
        var header = ["time", "frame"]
        for layer in first.layers {
            for property in layer.properties {
                if property.kind == .vector {
                    header += ["\(layer.id).\(property.rawValue).x", "\(layer.id).\(property.rawValue).y"]
                } else {
                    header.append("\(layer.id).\(property.rawValue)")
                }
            }
        }
        for animator in first.animators {
            header += ["state", "isRunning", "isReversed", "fractionComplete"].map { "\(animator.id).\($0)" }
            if animator.playhead != nil { header.append("\(animator.id).playhead") }
        }
        var lines = [header.joined(separator: ",")]
        for sample in samples {
            var row = [Self.number(sample.time), sample.frame.map(String.init) ?? ""]
            for layer in sample.layers {
                for property in layer.properties {
                    switch layer.values[property] {
                    case .number(let n): row.append(Self.number(n))
                    case .vector(let v): row += [Self.number(v.x), Self.number(v.y)]
                    case .color(let c): row.append(c.hexString)
                    case .gradient(let g): row.append(Self.csvField(g.description))
                    case .flag(let b): row.append(String(b))
                    case .text(let s): row.append(Self.csvField(s))
                    }
                }
            }
            for animator in sample.animators {
                row += [animator.state.rawValue, String(animator.isRunning), String(animator.isReversed),
                        Self.number(animator.fractionComplete)]
                if let playhead = animator.playhead { row.append(Self.number(playhead)) }
            }
            lines.append(row.joined(separator: ","))
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// The shortest text that reads back as the same Double.
    static func number(_ value: Double) -> String { formatNumber(value) }

    static func csvField(_ text: String) -> String {
        guard text.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" }) else { return text }
        return "\"" + text.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }
}

/// Pretty-printed JSON with sorted keys, as the reports print it. Every value the reports hold
/// should be a finite number, a string or a Boolean; a NaN or an infinity that got this far is
/// an error the command reports (exit 70), never a report with an error inside it.
func prettyJSON(_ value: some Encodable) throws(ReportEncodingError) -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    do {
        return String(decoding: try encoder.encode(value), as: UTF8.self)
    } catch {
        var message = "\(error)"
        if case EncodingError.invalidValue(let value, let context) = error {
            let path = context.codingPath.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }.joined()
            message = "\(path.hasPrefix(".") ? String(path.dropFirst()) : path) is \(value), which JSON cannot hold"
        }
        throw ReportEncodingError(message: message)
    }
}

/// A report that cannot be written as JSON (a value that is not finite): an internal error.
public struct ReportEncodingError: Error, Hashable, Sendable, CustomStringConvertible {
    public let message: String
    public var description: String { "cannot write the report: \(message)" }
}

/// The JSON shape of SPEC §6.
private struct JSONReport: Encodable {
    enum Value: Encodable {
        case number(Double), pair(Double, Double), string(String), bool(Bool)

        init(_ value: AnimatableValue) {
            switch value {
            case .number(let n): self = .number(n)
            case .vector(let v): self = .pair(v.x, v.y)
            case .color(let c): self = .string(c.hexString)
            case .gradient(let g): self = .string(g.description)
            case .flag(let b): self = .bool(b)
            case .text(let s): self = .string(s)
            }
        }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.singleValueContainer()
            switch self {
            case .number(let n): try container.encode(n)
            case .pair(let x, let y): try container.encode([x, y])
            case .string(let s): try container.encode(s)
            case .bool(let b): try container.encode(b)
            }
        }
    }

    struct Animator: Encodable {
        var state: String
        var isRunning: Bool
        var isReversed: Bool
        var fractionComplete: Double
        /// A group's or timeline's playhead in seconds (absent for an animator).
        var playhead: Double?
    }

    struct Sample: Encodable {
        var time: Double
        var frame: Int?
        var layers: [String: [String: Value]]
        var animators: [String: Animator]
    }

    struct Completion: Encodable {
        var animator: String
        var position: String
        var time: Double
    }

    var scene: String
    var samples: [Sample]
    var completions: [Completion]

    init(_ report: SampleReport) {
        scene = report.scene
        samples = report.samples.map { sample in
            Sample(time: sample.time, frame: sample.frame,
                   layers: Dictionary(sample.layers.map { layer in
                       (layer.id, Dictionary(layer.properties.map { ($0.rawValue, Value(layer.values[$0])) },
                                             uniquingKeysWith: { $1 }))
                   }, uniquingKeysWith: { $1 }),
                   animators: Dictionary(sample.animators.map {
                       ($0.id, Animator(state: $0.state.rawValue, isRunning: $0.isRunning,
                                        isReversed: $0.isReversed, fractionComplete: $0.fractionComplete, playhead: $0.playhead))
                   }, uniquingKeysWith: { $1 }))
        }
        completions = report.completions.map {
            Completion(animator: $0.animator, position: $0.position.rawValue, time: $0.time)
        }
    }
}

/// What `sample --keys` reports: `frog.position` (a property; `frog.position.x` selects its
/// property), `frog` (every property of a layer), `move` (an animator, group or timeline).
public struct SampleKeys: Hashable, Sendable {
    /// Layer id → the properties asked for (every property when the layer id was given).
    public var layers: [String: [LayerProperty]]
    /// Ids of the animators, groups and timelines asked for.
    public var controls: Set<String>

    /// Parses a comma list against `scene`; an unknown key is named with the nearest valid one.
    public init(parsing text: String, in scene: Scene) throws(SampleKeyError) {
        layers = [:]
        controls = []
        let controlIDs = scene.animators.map(\.id) + scene.groups.map(\.id)
        let layerIDs = scene.layers.nodes.map(\.id)
        for key in text.split(separator: ",").map({ String($0).filter { $0 != " " } }) where !key.isEmpty {
            if layerIDs.contains(key) {
                layers[key] = SampleReport.properties
            } else if controlIDs.contains(key) {
                controls.insert(key)
            } else if key.contains(".") {
                switch scene.layers.target(forKey: key) {
                case .success(let target):
                    let id = scene.layers.nodes[target.layer].id
                    if !(layers[id]?.contains(target.property) ?? false) { layers[id, default: []].append(target.property) }
                case .failure(let error):
                    throw SampleKeyError(message: "\(key): \(error.message)")
                }
            } else {
                let hint = NearestName.hint(for: key, among: layerIDs + controlIDs)
                throw SampleKeyError(message: "\(key): not a layer, animator, group or timeline id, nor a key layer.property (\(hint)layers: \(layerIDs.joined(separator: ", ")); animators, groups and timelines: \(controlIDs.joined(separator: ", ")))")
            }
        }
        guard !layers.isEmpty || !controls.isEmpty else { throw SampleKeyError(message: "give at least one key, such as frog.position or move") }
    }

    /// The properties to report of layer `id`, in the report's order; empty when none.
    func properties(of id: String) -> [LayerProperty] {
        guard let asked = layers[id] else { return [] }
        return SampleReport.properties.filter(asked.contains)
    }
}

/// A `--keys` entry that names nothing in the scene (a usage error, exit 64).
public struct SampleKeyError: Error, Hashable, Sendable {
    public var message: String
}
