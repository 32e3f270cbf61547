import ZoetropeCore
import ZoetropeFiles

/// Property values over time, for `zoetrope plot` and `sweep --plot`: a chart per plotted
/// number (each component of a point, size or colour on its own), a curve per scene or sweep
/// variant, the script's events as labelled vertical lines, and a band beneath showing each
/// animator's state, `isRunning` and `isReversed`, as the seed app's segmented controls do.
public struct PropertyPlot: Sendable {
    /// A scene to plot: a whole render, or one variant of a sweep.
    public struct Source: Sendable {
        /// The legend's name for it (a variant's label); empty for a lone scene.
        public var name: String
        public var evaluation: SceneEvaluation
        public var duration: Double

        public init(name: String, evaluation: SceneEvaluation, duration: Double) {
            self.name = name
            self.evaluation = evaluation
            self.duration = duration
        }
    }

    /// One plotted number: a property, or one component of it (`frog.position.x`,
    /// `frog.fill.red`).
    public struct Component: Hashable, Sendable {
        enum Channel: Hashable, Sendable {
            case number, flag
            case vector(Int)
            case color(Int)
            /// An animator's, group's or timeline's `fractionComplete` (the layer names it).
            case fractionComplete
            /// A group's or timeline's playhead in seconds (the layer names it).
            case playhead
        }

        /// The full key: `frog.position.x`.
        public var key: String
        var layer: String
        var property: LayerProperty
        var channel: Channel

        /// True for an animator's state rather than a layer's property.
        var isControl: Bool { channel == .fractionComplete || channel == .playhead }

        /// The value of a control component in `status`.
        func value(in status: [AnimatorStatus]) -> Double {
            guard let entry = status.first(where: { $0.id == layer }) else { return .nan }
            return channel == .playhead ? entry.playhead ?? .nan : entry.fractionComplete
        }

        /// The component's value in `values`; NaN where it has none (a gradient fill).
        func value(in values: LayerValues) -> Double {
            switch (values[property], channel) {
            case (.number(let number), _): number
            case (.flag(let flag), _): flag ? 1 : 0
            case (.vector(let vector), .vector(let index)): index == 0 ? vector.x : vector.y
            case (.color(let color), .color(let index)): [color.red, color.green, color.blue, color.alpha][index]
            default: .nan
            }
        }
    }

    /// The components a key plots in `scene`: a layer property (below), or an animator's, group's
    /// or timeline's `fractionComplete` (`move`, `move.fractionComplete`) or playhead
    /// (`intro.playhead`, seconds).
    public static func components(ofKey key: String, in scene: Scene) -> Result<[Component], PropertyKeyError> {
        let timelines = scene.groups.map(\.id), controls = scene.animators.map(\.id) + timelines
        let parts = key.split(separator: ".", maxSplits: 1).map(String.init)
        let (id, field) = (parts.first ?? "", parts.count > 1 ? parts[1] : nil)
        if controls.contains(id) {
            switch field {
            case nil, "fractionComplete"?:
                return .success([Component(key: id + ".fractionComplete", layer: id, property: .opacity, channel: .fractionComplete)])
            case "playhead"? where timelines.contains(id):
                return .success([Component(key: key, layer: id, property: .opacity, channel: .playhead)])
            default:
                return .failure(PropertyKeyError(key: key, message: "\(id) is \(timelines.contains(id) ? "a group or timeline" : "an animator"): plot \(id).fractionComplete\(timelines.contains(id) ? " or \(id).playhead" : "")"))
            }
        }
        return components(ofKey: key, in: scene.layers)
    }

    /// The components a key plots: `frog.position` gives `.x` and `.y`, `frog.position.x` just
    /// `.x`, `frog.fill` its red, green, blue and alpha (`frog.fill.alpha` one of them),
    /// `frog.opacity` itself. Text and images cannot be plotted.
    public static func components(ofKey key: String, in layers: LayerTree) -> Result<[Component], PropertyKeyError> {
        let target: PropertyTarget
        switch layers.target(forKey: key) {
        case .success(let found): target = found
        case .failure(let error):
            // A colour's channel: `card.fill.red`.
            if let dot = key.lastIndex(of: "."), let channel = channels.firstIndex(of: String(key[key.index(after: dot)...])),
               case .success(let colour) = layers.target(forKey: String(key[..<dot])), colour.property.kind == .color {
                return .success([Component(key: key, layer: layers.nodes[colour.layer].id, property: colour.property,
                                           channel: .color(channel))])
            }
            return .failure(error)
        }
        let layer = layers.nodes[target.layer].id, property = target.property
        let base = layer + "." + property.rawValue
        if let component = target.component {
            return .success([Component(key: key, layer: layer, property: property, channel: .vector(component))])
        }
        switch property.kind {
        case .number:
            return .success([Component(key: base, layer: layer, property: property, channel: .number)])
        case .flag:
            return .success([Component(key: base, layer: layer, property: property, channel: .flag)])
        case .vector:
            return .success(property.componentNames.enumerated().map { index, names in
                Component(key: base + "." + names[0], layer: layer, property: property, channel: .vector(index))
            })
        case .color:
            return .success(channels.enumerated().map { index, name in
                Component(key: base + "." + name, layer: layer, property: property, channel: .color(index))
            })
        case .text, .path:
            return .failure(PropertyKeyError(key: key, message: "\(property.rawValue) is \(property.kind == .path ? "a path" : "text"); only numbers, points, sizes, colours and flags can be plotted"))
        }
    }

    /// The names of a colour's components, as keys end: `card.fill.alpha`.
    static let channels = ["red", "green", "blue", "alpha"]

    public var charts: [Chart]
    public var band: StateBand

    /// Samples `components` of every source (charts titled `title: key`) at `samples` + 1 evenly
    /// spaced instants over the longest source's duration and a twentieth more (a shorter one
    /// holds its last value). With `velocity`, each component gets a second chart of its rate
    /// of change per second.
    public init(title: String, sources: [Source], components: [Component], velocity: Bool, samples: Int = 600) {
        // A twentieth beyond the longest render, so what happens at its last instant (a
        // completion, the final state) shows as more than a line at the edge.
        let span = max(sources.map(\.duration).max() ?? 1, 1e-3) * 1.05
        let times = (0...max(samples, 2)).map { span * Double($0) / Double(max(samples, 2)) }
        let markers = Self.eventMarkers(sources, span: span)
        var values = components.map { component in
            Chart(title: title.isEmpty ? component.key : "\(title): \(component.key)", xLabel: "time (s)",
                  yLabel: Self.unit(of: component), series: [])
        }
        var rates = values.map { chart in
            var rate = Chart(title: chart.title + " velocity", xLabel: "time (s)", yLabel: "per second", series: [])
            rate.guides = [0]
            return rate
        }
        for source in sources {
            // Each instant is evaluated once for all the components.
            var presented: [Double: [LayerValues]] = [:], statuses: [Double: [AnimatorStatus]] = [:]
            func layerValues(at time: Double) -> [LayerValues] {
                if let known = presented[time] { return known }
                let found = source.evaluation.presentation(at: time).values
                presented[time] = found
                return found
            }
            func status(at time: Double) -> [AnimatorStatus] {
                if let known = statuses[time] { return known }
                let found = source.evaluation.animatorStatus(at: time)
                statuses[time] = found
                return found
            }
            for (index, component) in components.enumerated() {
                let layer = source.evaluation.scene.layers.index(of: component.layer)
                func sample(_ time: Double) -> Double {
                    if component.isControl { return component.value(in: status(at: time)) }
                    guard let layer else { return .nan }
                    return component.value(in: layerValues(at: time)[layer])
                }
                values[index].series.append(Chart.Series(name: source.name, points: times.map { Vector2($0, sample($0)) }))
                if velocity {
                    rates[index].series.append(Chart.Series(name: source.name, points: times.map { Vector2($0, Self.rate(of: sample, at: $0)) }))
                }
            }
        }
        charts = (values + (velocity ? rates : [])).map { chart in
            var chart = chart
            // A curve identical to an earlier one is dashed, so the one beneath shows through.
            for index in chart.series.indices where chart.series[..<index].contains(where: { $0.points == chart.series[index].points }) {
                chart.series[index].dashed = true
            }
            chart.markers = markers
            chart.xRange = 0...span
            return chart
        }
        band = StateBand(sources: sources, span: span, grid: times, markers: markers.map(\.x))
    }

    /// The rate of change of `value` at `time`, by finite differences: forward, as the script
    /// applies events at their instant; backward when a jump (an event, a discrete keyframe)
    /// lies just ahead; NaN, a gap in the line, when both sides jump.
    static func rate(of value: (Double) -> Double, at time: Double) -> Double {
        let step = 1e-5
        let here = value(time)
        func agree(_ long: Double, _ short: Double) -> Bool {
            abs(long - short) <= 0.02 * max(abs(long), abs(short)) + 1e-3
        }
        let forward = (value(time + step) - here) / step, forwardHalf = (value(time + step / 2) - here) / (step / 2)
        if agree(forward, forwardHalf) { return forward }
        let backward = (here - value(time - step)) / step, backwardHalf = (here - value(time - step / 2)) / (step / 2)
        if time >= step, agree(backward, backwardHalf) { return backward }
        return .nan
    }

    private static func unit(of component: Component) -> String {
        if component.channel == .fractionComplete { return "fraction" }
        if component.channel == .playhead { return "seconds" }
        return switch component.property {
        case .rotation: "radians"
        case .opacity, .strokeStart, .strokeEnd, .shadowOpacity, .hidden: "value"
        case .fill, .strokeColor, .color, .shadowColor: "component (0–1)"
        default: "points"
        }
    }

    /// The script's events within the plotted span, one line per instant: grey when every
    /// source has it, in the source's colour when only some do.
    static func eventMarkers(_ sources: [Source], span: Double) -> [Chart.Marker] {
        var perSource: [[Double: String]] = []
        for source in sources {
            let scene = source.evaluation.scene
            var byTime: [Double: [String]] = [:]
            var setsByTime: [Double: [String]] = [:]
            for event in scene.script where event.time <= span {
                if case .set(let assignments) = event.action {
                    setsByTime[event.time, default: []] += assignments.map { scene.layers.nodes[$0.target.layer].id + "." + $0.target.property.rawValue }
                } else {
                    byTime[event.time, default: []].append(eventLabel(event.action, in: scene))
                }
            }
            // Completions are marked too: "move → end".
            for record in source.evaluation.completions where record.time <= span {
                byTime[record.time, default: []].append("\(record.animator) → \(record.position.rawValue)")
            }
            // A model change shows only when nothing else happens at its instant.
            for (time, keys) in setsByTime where byTime[time] == nil {
                byTime[time] = ["set " + keys[0] + (keys.count > 1 ? " +\(keys.count - 1)" : "")]
            }
            perSource.append(byTime.mapValues { $0.joined(separator: ", ") })
        }
        var markers: [Chart.Marker] = []
        let all = Set(perSource.flatMap { $0.map { Pair(time: $0.key, label: $0.value) } })
        for pair in all.sorted(by: { ($0.time, $0.label) < ($1.time, $1.label) }) {
            let owners = perSource.indices.filter { perSource[$0][pair.time] == pair.label }
            if owners.count == sources.count {
                markers.append(Chart.Marker(x: pair.time, label: pair.label))
            } else {
                for owner in owners { markers.append(Chart.Marker(x: pair.time, label: pair.label, series: owner)) }
            }
        }
        return markers
    }

    private struct Pair: Hashable {
        var time: Double
        var label: String
    }

    /// `start move`, `fraction move = 0.25`, `drag frog`: the call as the script writes it.
    public static func eventLabel(_ action: ScriptAction, in scene: Scene) -> String {
        func target(_ target: ControlTarget) -> String { scene.controlID(target) }
        func layer(_ index: Int) -> String { scene.layers.nodes[index].id }
        switch action {
        case .start(let animator, let delay): return "start \(target(animator))" + (delay > 0 ? " (delay \(delay))" : "")
        case .fraction(let animator, let value): return "fraction \(target(animator)) = \(value)"
        case .reverse(let animator, let value): return "reverse \(target(animator))" + (value.map { " = \($0)" } ?? "")
        case .stop(let animator, let withoutFinishing): return "stop \(target(animator))" + (withoutFinishing ? "" : " (to finish)")
        case .finish(let animator, let position): return "finish \(target(animator)) at \(position.rawValue)"
        case .drag(let index, _, _): return "drag \(layer(index))"
        case .release(let index, let animator): return "release \(layer(index)) → \(target(.animator(animator)))"
        case .move(let index, let parent, _): return "move \(layer(index)) into \(parent.map(layer) ?? "the top level")"
        case .restyle(let index, _): return "restyle \(layer(index))"
        case .addLayerAnimation(let index, let key, _): return "add animation \(key.map { "\"\($0)\" " } ?? "")to \(layer(index))"
        case .removeLayerAnimation(let index, let key): return "remove \(key.map { "animation \"\($0)\"" } ?? "all animations") of \(layer(index))"
        case .layerTiming(let index, _): return "timing of \(layer(index))"
        case .options(let animator, _): return "options \(target(.animator(animator)))"
        case .pause(let animator), .continueAnimation(let animator, _, _), .addAnimations(let animator, _),
             .pan(let animator, _, _, _):
            return "\(action.callName) \(target(animator))"
        case .set: return "set"
        }
    }

    /// The height in pixels of the plot of `components` of `sources`, known before sampling: a
    /// plot taller than an image can be (32767 pixels) is refused up front.
    public static func height(components: Int, sources: [Source], velocity: Bool, panelHeight: Int = 360) -> Int {
        let lanes = sources.reduce(0) { $0 + $1.evaluation.scene.animators.count + $1.evaluation.scene.groups.count }
        return components * (velocity ? 2 : 1) * panelHeight + ChartRenderer.bandHeight(lanes: lanes, tracks: StateBand.tracksPerLane)
    }

    /// The plot as PNG bytes, `width` pixels wide.
    public func pngData(width: Int = 1200, panelHeight: Int = 360) throws(CairoError) -> [UInt8] {
        let named = charts.contains { $0.series.count > 1 }
        return try ChartRenderer.png(charts, band: band, legend: named ? .margin : .inside, width: width, panelHeight: panelHeight)
    }

    /// Writes the plot to `path` atomically.
    public func write(to path: String, width: Int = 1200, panelHeight: Int = 360) throws(RenderError) {
        try AtomicFile.writePNG(to: path) { () throws(CairoError) in try pngData(width: width, panelHeight: panelHeight) }
    }
}

/// Each animator's state, `isRunning` and `isReversed` over time, as coloured segments on a
/// shared time axis beneath a plot's charts.
public struct StateBand: Sendable {
    public struct Segment: Hashable, Sendable {
        public var start: Double
        public var end: Double
        public var text: String
        public var fill: Color
    }

    /// One line: `state`, `isRunning` or `isReversed` as labelled segments, or `fraction` /
    /// `playhead` as a curve.
    public struct Track: Sendable {
        public var name: String
        public var segments: [Segment]
        /// (time, 0…1) points drawn as a line across the row: the `fractionComplete` that
        /// `sample` reports (SPEC §3.2: after a reversal, 1 − the forward fraction).
        public var curve: [Vector2] = []
        /// Where it differs from `curve` somewhere, the playhead as its own (dashed) line: the
        /// position along the forward path (a timeline's playhead over its length); else empty.
        public var playhead: [Vector2] = []
    }

    /// One animator (or group) of one source.
    public struct Lane: Sendable {
        public var title: String
        /// The source's series, for its colour; nil for a lone scene.
        public var series: Int?
        public var tracks: [Track]
    }

    public var lanes: [Lane]
    /// Event times, drawn faintly across the band.
    public var markers: [Double]

    /// state, isRunning, isReversed, and fractionComplete (with the playhead where it differs).
    static let tracksPerLane = 4
    static let inactive = Color(hex: "#E2E2E2") ?? .white
    static let active = Color(hex: "#9CC9E8") ?? .white
    static let stopped = Color(hex: "#F0A8A0") ?? .white
    static let yes = Color(hex: "#9FD8A8") ?? .white
    static let reversed = Color(hex: "#F6C97F") ?? .white
    static let no = Color(hex: "#F2F2F2") ?? .white

    /// SPEC's `fractionComplete` along time (0 while inactive), and where it differs, the
    /// playhead: a timeline's playhead over its length, otherwise the fraction in the forward
    /// direction (a driven child's local one).
    private func progress(of column: Int, times: [Double], statuses: [[AnimatorStatus]], in evaluation: SceneEvaluation) -> Track {
        let timeline = evaluation.graph.targets[column].group
        let length = timeline.map { evaluation.graph.lengths[$0] } ?? 0
        var fractions: [Vector2] = [], playheads: [Vector2] = []
        for (time, status) in zip(times, statuses) {
            let entry = status[column], active = entry.state != .inactive
            let forward = entry.isReversed ? 1 - entry.fractionComplete : entry.fractionComplete
            let position = entry.playhead.map { length > 0 && !isDriven(column, status, evaluation) ? $0 / length : forward } ?? forward
            fractions.append(Vector2(time, active ? min(max(entry.fractionComplete, 0), 1) : 0))
            playheads.append(Vector2(time, active ? min(max(position, 0), 1) : 0))
        }
        let differs = zip(fractions, playheads).contains { abs($0.y - $1.y) > 1e-9 }
        return Track(name: "fractionComplete", segments: [], curve: fractions, playhead: differs ? playheads : [])
    }

    /// True when a timeline is driven by another (its playhead is then its local time).
    private func isDriven(_ column: Int, _ status: [AnimatorStatus], _ evaluation: SceneEvaluation) -> Bool {
        evaluation.graph.containers(of: evaluation.graph.targets[column]).contains {
            status[evaluation.graph.position(of: .group($0))].state != .inactive
        }
    }

    /// Reads every animator's status at the grid's instants and at every event and completion
    /// (where status changes), and merges equal neighbours into segments.
    public init(sources: [PropertyPlot.Source], span: Double, grid: [Double], markers: [Double]) {
        self.markers = markers
        lanes = []
        for (index, source) in sources.enumerated() {
            let evaluation = source.evaluation
            let changes = evaluation.scene.script.map(\.time) + evaluation.completions.map(\.time)
            let times = Set(grid + changes.filter { $0 >= 0 && $0 <= span }).sorted()
            let statuses = times.map(evaluation.animatorStatus(at:))
            guard let first = statuses.first else { continue }
            for (column, animator) in first.enumerated() {
                func track(_ name: String, _ describe: (AnimatorStatus) -> (String, Color)) -> Track {
                    var segments: [Segment] = []
                    for (time, status) in zip(times, statuses) {
                        let (text, fill) = describe(status[column])
                        if let last = segments.last, last.text == text {
                            segments[segments.count - 1].end = time
                        } else {
                            if !segments.isEmpty { segments[segments.count - 1].end = time }
                            segments.append(Segment(start: time, end: time, text: text, fill: fill))
                        }
                    }
                    if !segments.isEmpty { segments[segments.count - 1].end = span }
                    return Track(name: name, segments: segments)
                }
                let title = source.name.isEmpty ? animator.id : "\(source.name) · \(animator.id)"
                lanes.append(Lane(title: title, series: sources.count > 1 ? index : nil, tracks: [
                    track("state") { status in
                        switch status.state {
                        case .inactive: ("inactive", Self.inactive)
                        case .active: ("active", Self.active)
                        case .stopped: ("stopped", Self.stopped)
                        }
                    },
                    track("isRunning") { $0.isRunning ? ("running", Self.yes) : ("not running", Self.no) },
                    track("isReversed") { $0.isReversed ? ("reversed", Self.reversed) : ("forward", Self.no) },
                    progress(of: column, times: times, statuses: statuses, in: evaluation),
                ]))
            }
        }
    }
}
