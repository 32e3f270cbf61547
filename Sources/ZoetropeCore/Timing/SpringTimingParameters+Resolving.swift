import RealModule

/// One reading of a spring written as named numbers, for scene files and `zoetrope curve` alike
/// (SPEC §3.1): the names present decide the form, with one rule and one set of messages.
extension SpringTimingParameters {
    /// What the names mean.
    public enum DurationName: Sendable {
        /// `duration` is the `duration/bounce` form's (scene files, where the animator has a
        /// duration of its own).
        case settling
        /// `duration` beside a lone `dampingRatio` is the animator's (`zoetrope curve`'s
        /// `spring(dampingRatio:0.5,duration:1)`).
        case animator
    }

    /// A spring read from named numbers, and the animator's duration when the numbers gave one.
    public struct Reading: Hashable, Sendable {
        /// The spring the numbers describe.
        public var spring: SpringTimingParameters
        /// The animator's duration in seconds, given beside a lone `dampingRatio` when
        /// `duration` names the animator's; nil otherwise.
        public var animatorDuration: Double?

        /// The reading of `spring`, over `animatorDuration` when one was given.
        public init(spring: SpringTimingParameters, animatorDuration: Double? = nil) {
            self.spring = spring
            self.animatorDuration = animatorDuration
        }
    }

    /// The spring `values` describe:
    /// - any of `mass`, `stiffness`, `damping`: the physical form (stiffness required, mass 1 by
    ///   default, exactly one of damping or dampingRatio);
    /// - `response`: SwiftUI's form, `dampingRatio` 1 by default as in SwiftUI;
    /// - `bounce`, or a settling `duration`: the `duration/bounce` form (0.5 s, bounce 0 by
    ///   default);
    /// - `dampingRatio` alone: UIKit's form over the animator's duration (returned when
    ///   `duration` names it).
    /// `allowsOverdamping` belongs to the physical form only.
    ///
    /// The spring must move finitely: its settling duration, and its progress and velocity at 65
    /// times across it, finite (`duration: 1e-300` makes its stiffness infinite). When they are
    /// not, the error names the given parameter farthest from 1 in magnitude.
    public static func resolving(_ values: [String: Double], initialVelocity: Vector2 = .zero, allowsOverdamping: Bool = false,
                                 duration meaning: DurationName = .settling) throws(SpringFormError) -> Reading {
        let resolved = try form(values, initialVelocity: initialVelocity, allowsOverdamping: allowsOverdamping, duration: meaning)
        guard resolved.spring.movesFinitely(animatorDuration: resolved.animatorDuration ?? 1) else {
            let extreme = values.filter { $0.value != 0 }.max { abs(log10(abs($0.value))) < abs(log10(abs($1.value))) }
            guard let (name, value) = extreme else {
                throw SpringFormError(parameter: nil, message: "the spring's motion is not finite")
            }
            throw SpringFormError(TimingParameterError(parameter: name, expected: "a value that keeps the spring's motion finite", found: value))
        }
        return resolved
    }

    /// Whether the spring resolved over `animatorDuration` settles in a finite time, and its
    /// progress and velocity at 65 times across that are finite.
    public func movesFinitely(animatorDuration: Double) -> Bool {
        let resolved = resolved(animatorDuration: animatorDuration)
        guard resolved.duration.isFinite, resolved.duration > 0 else { return false }
        return (0...64).allSatisfy { step in
            let t = resolved.duration * Double(step) / 64
            return [resolved.x, resolved.y].allSatisfy { $0.position(atTime: t).isFinite && $0.velocity(atTime: t).isFinite }
        }
    }

    private static func log10(_ value: Double) -> Double { Double.log10(value) }

    private static func form(_ values: [String: Double], initialVelocity: Vector2, allowsOverdamping: Bool,
                             duration meaning: DurationName) throws(SpringFormError) -> Reading {
        let keys = Set(values.keys)
        func only(_ allowed: Set<String>, _ form: String) throws(SpringFormError) {
            let extra = keys.subtracting(allowed).sorted()
            guard extra.isEmpty else { throw SpringFormError(parameter: nil, message: "\(extra.joined(separator: ", ")) cannot be combined with \(form)") }
        }
        /// A parameter out of its range, named as written.
        func checked<T>(_ make: () throws(TimingParameterError) -> T) throws(SpringFormError) -> T {
            do { return try make() } catch { throw SpringFormError(error) }
        }
        if !keys.isDisjoint(with: ["mass", "stiffness", "damping"]) {
            try only(["mass", "stiffness", "damping", "dampingRatio"], "mass/stiffness/damping")
            guard let stiffness = values["stiffness"] else {
                throw SpringFormError(parameter: "stiffness", message: "required: a mass/stiffness/damping spring needs stiffness (> 0)")
            }
            let mass = values["mass"] ?? 1
            let damping: Double
            switch (values["damping"], values["dampingRatio"]) {
            case let (given?, nil): damping = given
            case let (nil, ratio?):
                guard ratio > 0, mass > 0, stiffness > 0 else {
                    let (name, found) = ratio <= 0 ? ("dampingRatio", ratio) : mass <= 0 ? ("mass", mass) : ("stiffness", stiffness)
                    throw SpringFormError(TimingParameterError(parameter: name, expected: "a finite number > 0", found: found))
                }
                damping = 2 * ratio * (mass * stiffness).squareRoot()
            default:
                throw SpringFormError(parameter: nil, message: "give exactly one of damping or dampingRatio with stiffness")
            }
            return Reading(spring: try checked { () throws(TimingParameterError) in
                try SpringTimingParameters(mass: mass, stiffness: stiffness, damping: damping, initialVelocity: initialVelocity,
                                           allowsOverdamping: allowsOverdamping)
            })
        }
        if allowsOverdamping {
            throw SpringFormError(parameter: "allowsOverdamping", message: "only a mass/stiffness/damping spring takes allowsOverdamping")
        }
        if let response = values["response"] {
            try only(["response", "dampingRatio"], "response")
            return Reading(spring: try checked { () throws(TimingParameterError) in
                try SpringTimingParameters(response: response, dampingRatio: values["dampingRatio"] ?? 1, initialVelocity: initialVelocity)
            })
        }
        let animatorDuration = meaning == .animator && keys.contains("dampingRatio") && !keys.contains("bounce")
        if keys.contains("bounce") || (keys.contains("duration") && !animatorDuration) {
            try only(["duration", "bounce"], "duration/bounce")
            return Reading(spring: try checked { () throws(TimingParameterError) in
                try SpringTimingParameters(duration: values["duration"] ?? 0.5, bounce: values["bounce"] ?? 0, initialVelocity: initialVelocity)
            })
        }
        if let ratio = values["dampingRatio"] {
            try only(meaning == .animator ? ["dampingRatio", "duration"] : ["dampingRatio"], "dampingRatio")
            let spring = try checked { () throws(TimingParameterError) in try SpringTimingParameters(dampingRatio: ratio, initialVelocity: initialVelocity) }
            guard meaning == .animator else { return Reading(spring: spring) }
            guard let duration = values["duration"] else {
                throw SpringFormError(parameter: "duration", message: "required: a dampingRatio spring runs over the animator's duration, such as spring(dampingRatio:0.5,duration:1)")
            }
            guard duration > 0, duration.isFinite else {
                throw SpringFormError(TimingParameterError(parameter: "duration", expected: "a finite number > 0", found: duration))
            }
            return Reading(spring: spring, animatorDuration: duration)
        }
        throw SpringFormError(parameter: nil, message: "a spring needs one of: dampingRatio; mass, stiffness and damping (or dampingRatio); duration and bounce; response (and dampingRatio)")
    }
}

/// A spring whose named numbers make no valid form, or a value out of its range.
public struct SpringFormError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The parameter at fault, when one is (`stiffness`, `initialVelocity.x`); nil for the form.
    public var parameter: String?
    /// What is wrong, without the parameter's name (a scene names it by its document path).
    public var message: String
    /// For a value out of its range: what was valid and what was found (readers format numbers
    /// their own way).
    public var range: TimingParameterError?

    public init(parameter: String?, message: String) {
        self.parameter = parameter
        self.message = message
    }

    init(_ error: TimingParameterError) {
        parameter = error.parameter
        message = "must be \(error.expected) (found \(error.found))"
        range = error
    }

    /// The sentence with the parameter's name: `mass must be a finite number > 0 (found 0.0)`.
    public var description: String {
        guard let parameter else { return message }
        return range == nil ? "\(parameter): \(message)" : "\(parameter) \(message)"
    }
}
