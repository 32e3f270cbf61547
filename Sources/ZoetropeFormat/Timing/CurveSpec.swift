import ZoetropeCore

/// A timing curve written as the `curve` command takes it: `linear`, `easeInOut`,
/// `cubic(0.2,0.8,0.4,0.9)`, `spring(mass:1,stiffness:10,damping:3.16,velocity:0)`,
/// `spring(dampingRatio:0.5,duration:1)`, `spring(duration:0.5,bounce:0.3)`,
/// `spring(response:0.5,dampingRatio:0.7)`.
public struct CurveSpec: Hashable, Sendable, CustomStringConvertible {
    /// The spec as written.
    public let text: String
    public let timing: TimingParameters
    /// The duration the curve spans: given for a cubic (`--duration`, default 1) and for a
    /// `dampingRatio` spring (its `duration:` argument), the settling duration otherwise.
    public let duration: Double

    public var description: String { text }

    /// Parses `text`; `cubicDuration` is the span of a cubic curve.
    public init(parsing text: String, cubicDuration: Double = 1) throws(CurveSpecError) {
        self.text = text
        let trimmed = text.filter { !$0.isWhitespace }
        if let curve = CubicTimingParameters(named: trimmed) {
            timing = .cubic(curve)
            duration = cubicDuration
            return
        }
        guard let open = trimmed.firstIndex(of: "("), trimmed.last == ")" else {
            let names = CubicTimingParameters.named.map(\.name).joined(separator: ", ")
            throw CurveSpecError(spec: text, message: "unknown curve (expected one of: \(names), cubic(x1,y1,x2,y2), spring(…))")
        }
        let name = String(trimmed[..<open])
        let body = trimmed[trimmed.index(after: open)..<trimmed.index(before: trimmed.endIndex)]
        let arguments = body.isEmpty ? [] : body.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
        switch name {
        case "cubic":
            guard arguments.count == 4 else {
                throw CurveSpecError(spec: text, message: "cubic takes four numbers: cubic(x1,y1,x2,y2)")
            }
            let names = ["x1", "y1", "x2", "y2"]
            var numbers: [Double] = []
            for (index, argument) in arguments.enumerated() {
                numbers.append(try Self.number(argument, named: names[index], in: text))
            }
            do {
                timing = .cubic(try CubicTimingParameters(controlPoint1: Vector2(numbers[0], numbers[1]),
                                                          controlPoint2: Vector2(numbers[2], numbers[3])))
            } catch {
                throw CurveSpecError(spec: text, message: error.description)
            }
            duration = cubicDuration
        case "spring":
            var values: [String: Double] = [:]
            for argument in arguments {
                let parts = argument.split(separator: ":", maxSplits: 1).map(String.init)
                guard parts.count == 2 else {
                    throw CurveSpecError(spec: text, message: "spring arguments are name:value (found \"\(argument)\")")
                }
                let known = ["mass", "stiffness", "damping", "dampingRatio", "velocity", "initialVelocity",
                             "duration", "bounce", "response"]
                guard known.contains(parts[0]) else {
                    throw CurveSpecError(spec: text, message: "unknown spring parameter \"\(parts[0])\" (expected one of: \(known.joined(separator: ", ")))")
                }
                guard values[parts[0]] == nil else {
                    throw CurveSpecError(spec: text, message: "\(parts[0]) is given twice")
                }
                values[parts[0]] = try Self.number(parts[1], named: parts[0], in: text)
            }
            (timing, duration) = try Self.spring(values, text: text)
        default:
            throw CurveSpecError(spec: text, message: "unknown curve \"\(name)\" (expected cubic(…) or spring(…))")
        }
    }

    /// The core's one reading of a spring's named numbers (scene files read them the same way),
    /// with `duration` beside a lone `dampingRatio` as the animator's duration.
    private static func spring(_ values: [String: Double], text: String) throws(CurveSpecError) -> (TimingParameters, Double) {
        let velocity = values["velocity"] ?? values["initialVelocity"] ?? 0
        guard NumberRange.velocity.contains(velocity) else {
            let name = values["velocity"] != nil ? "velocity" : "initialVelocity"
            throw CurveSpecError(spec: text, message: "\(name) must be \(NumberRange.velocity.description) (found \(DocumentReader.format(velocity)))")
        }
        var named = values
        named["velocity"] = nil
        named["initialVelocity"] = nil
        do throws(SpringFormError) {
            let reading = try SpringTimingParameters.resolving(named, initialVelocity: Vector2(velocity, velocity), duration: .animator)
            let duration = reading.animatorDuration ?? reading.spring.resolved(animatorDuration: 1).duration
            guard duration.isFinite else { throw SpringFormError(parameter: nil, message: "the spring never settles") }
            return (.spring(reading.spring), duration)
        } catch {
            throw CurveSpecError(spec: text, message: error.description)
        }
    }

    private static func number(_ text: String, named name: String, in spec: String) throws(CurveSpecError) -> Double {
        guard let value = Double(text), value.isFinite else {
            throw CurveSpecError(spec: spec, message: "\(name) must be a finite number (found \"\(text)\")")
        }
        return value
    }
}

/// A curve spec that cannot be used (`misuse`).
public struct CurveSpecError: Error, Hashable, Sendable, CustomStringConvertible {
    public var spec: String
    public var message: String
    public var description: String { "\(spec): \(message)" }
}
