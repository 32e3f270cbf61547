import FoundationEssentials
import ZoetropeCore

/// What `zoetrope sample` prints: presentation values and animator states at chosen times,
/// and every completion (SPEC §6).
public struct SampleReport: Sendable {
    /// The report at one time.
    public struct Sample: Sendable {
        /// Seconds of scene time.
        public var time: Double
        /// The frame shown at `time`, when `time` falls exactly on one.
        public var frame: Int?
        /// Each reported layer, in the scene's order.
        public var layers: [LayerSample]
        /// Each reported animator, group and timeline, in the scene's order.
        public var animators: [AnimatorStatus]
    }

    /// One layer in a sample: its presentation values, and which of them are reported.
    public struct LayerSample: Hashable, Sendable {
        /// The layer's id in the scene.
        public var id: String
        /// Every presentation value of the layer at the sample's time.
        public var values: LayerValues
        /// The properties reported, in `SampleReport.properties`' order (all of them unless
        /// `sample --keys` narrowed them).
        public var properties: [LayerProperty]

        /// The sample of layer `id`, showing `values`, reporting `properties`.
        public init(id: String, values: LayerValues, properties: [LayerProperty]) {
            self.id = id
            self.values = values
            self.properties = properties
        }
    }

    public var scene: String
    public var samples: [Sample]
    public var completions: [CompletionRecord]

    /// Samples `evaluation` at each of `times`; a sample names its frame when it falls exactly on
    /// one of the render's `frameCount` frames (past the render's end it names none).
    ///
    /// `keys` (`sample --keys`) narrows what is reported to some properties, layers and
    /// animators; nil reports everything. Every sample is held: for many, `write` streams them.
    public init(evaluation: SceneEvaluation, times: [Double], frameCount: Int = .max, keys: SampleKeys? = nil) {
        self.scene = evaluation.scene.name
        completions = evaluation.completions
        samples = times.map { Self.sample(evaluation, at: $0, frameCount: frameCount, keys: keys) }
    }

    /// The sample of `evaluation` at `time`.
    static func sample(_ evaluation: SceneEvaluation, at time: Double, frameCount: Int, keys: SampleKeys?) -> Sample {
        let scene = evaluation.scene
        let tree = evaluation.presentation(at: time)
        let exactFrame = (time * scene.frameRate.framesPerSecond).rounded()
        let isFrame = abs(exactFrame - time * scene.frameRate.framesPerSecond) < 1e-9
        return Sample(time: time, frame: isFrame && exactFrame < Double(frameCount) ? Int(saturating: exactFrame, rounding: .towardZero) : nil,
                      layers: zip(tree.layers.nodes, tree.values).compactMap { node, values in
                          let properties = keys.map { $0.properties(of: node.id) } ?? Self.properties
                          return properties.isEmpty ? nil : LayerSample(id: node.id, values: values, properties: properties)
                      },
                      animators: evaluation.animatorStatus(at: time).filter { keys?.controls.contains($0.id) ?? true })
    }

    /// What `write` prints.
    public enum Format: Sendable { case json, csv }

    /// Prints the report of `evaluation` at each of `times` through `output`, one sample at a
    /// time: memory stays flat however many samples there are (a day at 240 fps is 20 million).
    /// The text is exactly `json()` (without its final newline) or `csv()` of the same report.
    public static func write(evaluation: SceneEvaluation, times: some Sequence<Double>, frameCount: Int = .max,
                             keys: SampleKeys? = nil, format: Format, to output: (String) -> Void) throws(ReportEncodingError) {
        let scene = evaluation.scene.name
        switch format {
        case .json:
            // Keys sorted: completions (known once evaluated), samples, scene.
            let completions = evaluation.completions.map(JSONReport.Completion.init)
            output("{\n  \"completions\" : " + indented(try prettyJSON(completions), by: 2) + ",\n  \"samples\" : [")
            var first = true
            for time in times {
                let sample = JSONReport.Sample(Self.sample(evaluation, at: time, frameCount: frameCount, keys: keys))
                output((first ? "\n    " : ",\n    ") + indented(try prettyJSON(sample), by: 4))
                first = false
            }
            output((first ? "\n\n  ]" : "\n  ]") + ",\n  \"scene\" : " + (try prettyJSON(scene)) + "\n}")
        case .csv:
            var header: String?
            for time in times {
                let sample = Self.sample(evaluation, at: time, frameCount: frameCount, keys: keys)
                if header == nil {
                    header = csvHeader(sample)
                    output(header ?? "")
                }
                output(csvRow(sample))
            }
            if header == nil { output("time,frame\n") }
        }
    }

    /// Every line after the first moved right by `spaces`, to nest a pretty-printed value (the
    /// empty line inside an empty list or mapping stays empty, as the encoder writes it).
    private static func indented(_ json: String, by spaces: Int) -> String {
        let pad = String(repeating: " ", count: spaces)
        return json.split(separator: "\n", omittingEmptySubsequences: false).enumerated()
            .map { $0.offset == 0 || $0.element.isEmpty ? String($0.element) : pad + $0.element }.joined(separator: "\n")
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
        return Self.csvHeader(first) + samples.map(Self.csvRow).joined()
    }

    /// The header line (columns named after `first`'s layers and animators), with its newline.
    static func csvHeader(_ first: Sample) -> String {
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
        return header.joined(separator: ",") + "\n"
    }

    /// One sample's line, with its newline.
    static func csvRow(_ sample: Sample) -> String {
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
                case .path(let p): row.append(Self.csvField(p.data))
                }
            }
        }
        for animator in sample.animators {
            row += [animator.state.rawValue, String(animator.isRunning), String(animator.isReversed),
                    Self.number(animator.fractionComplete)]
            if let playhead = animator.playhead { row.append(Self.number(playhead)) }
        }
        return row.joined(separator: ",") + "\n"
    }

    /// The shortest text that reads back as the same Double.
    static func number(_ value: Double) -> String { formatNumber(value) }

    static func csvField(_ text: String) -> String {
        guard text.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" }) else { return text }
        return "\"" + text.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }
}

/// Pretty-printed JSON with sorted keys, as every report and record prints it (the package's one
/// writer of `Codable` values; ordered documents are `JSONText`). Every value the reports hold
/// should be a finite number, a string or a Boolean; a NaN or an infinity that got this far is
/// an error the command reports (`internalFailure`), never a report with an error inside it.
package func prettyJSON(_ value: some Encodable) throws(ReportEncodingError) -> String {
    let encoder = reportEncoder(pretty: true)
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

/// The encoder of every report and record: keys sorted, slashes as they are; indented, or one
/// line (a journal's records).
package func reportEncoder(pretty: Bool) -> JSONEncoder {
    let encoder = JSONEncoder()
    encoder.outputFormatting = pretty ? [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes] : [.sortedKeys, .withoutEscapingSlashes]
    return encoder
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
            case .path(let p): self = .string(p.data)
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
        samples = report.samples.map(Sample.init)
        completions = report.completions.map(Completion.init)
    }
}

extension JSONReport.Sample {
    init(_ sample: SampleReport.Sample) {
        self.init(time: sample.time, frame: sample.frame,
                  layers: Dictionary(sample.layers.map { layer in
                      (layer.id, Dictionary(layer.properties.map { ($0.rawValue, JSONReport.Value(layer.values[$0])) },
                                            uniquingKeysWith: { $1 }))
                  }, uniquingKeysWith: { $1 }),
                  animators: Dictionary(sample.animators.map {
                      ($0.id, JSONReport.Animator(state: $0.state.rawValue, isRunning: $0.isRunning,
                                                  isReversed: $0.isReversed, fractionComplete: $0.fractionComplete, playhead: $0.playhead))
                  }, uniquingKeysWith: { $1 }))
    }
}

extension JSONReport.Completion {
    init(_ record: CompletionRecord) {
        self.init(animator: record.animator, position: record.position.rawValue, time: record.time)
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
            } else if let dot = key.lastIndex(of: "."), controlIDs.contains(String(key[..<dot])) {
                // A column's name (`enter.fractionComplete`): its animator's columns, which come together.
                let field = String(key[key.index(after: dot)...])
                guard Self.controlFields.contains(field) else {
                    throw SampleKeyError(message: "\(key): \(key[..<dot]) reports \(Self.controlFields.joined(separator: ", ")) (found \"\(field)\")")
                }
                controls.insert(String(key[..<dot]))
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

    /// What an animator, group or timeline reports: its columns' names after its id.
    static let controlFields = ["state", "isRunning", "isReversed", "fractionComplete", "playhead"]

    /// The properties to report of layer `id`, in the report's order; empty when none.
    func properties(of id: String) -> [LayerProperty] {
        guard let asked = layers[id] else { return [] }
        return SampleReport.properties.filter(asked.contains)
    }
}

/// A `--keys` entry that names nothing in the scene (a usage error, `misuse`).
public struct SampleKeyError: Error, Hashable, Sendable {
    public var message: String
}
