import ZoetropeCore

/// What `zoetrope curve` prints: progress and velocity of timing curves at chosen fractions or
/// times (SPEC §6).
public struct CurveReport: Sendable {
    public struct Sample: Hashable, Sendable, Codable {
        /// Time over duration (may pass 1 when sampled by time after the end).
        public var fraction: Double
        /// Seconds: fraction · duration.
        public var time: Double
        /// The eased output; may overshoot.
        public var progress: Double
        /// dProgress/dt in progress per second (for a 1-second cubic, dProgress/dFraction).
        public var velocity: Double
    }

    public struct Curve: Hashable, Sendable, Codable {
        public var curve: String
        public var duration: Double
        public var samples: [Sample]
    }

    /// Where to sample.
    public enum Points: Sendable {
        case fractions([Double])
        case times([Double])
        /// `count` evenly spaced fractions from 0 to 1 inclusive.
        case evenly(count: Int)
    }

    public var curves: [Curve]

    public init(specs: [CurveSpec], at points: Points) {
        curves = specs.map { spec in
            let samples: [Sample] = switch points {
            case .fractions(let fractions): fractions.map { Self.sample(spec, atFraction: $0) }
            // A curve that has ended by then (a spring that settles before the others) has
            // arrived: progress 1, at rest.
            case .times(let times): times.map { time in
                time <= spec.duration ? Self.sample(spec, atFraction: time / spec.duration)
                    : Sample(fraction: 1, time: time, progress: 1, velocity: 0)
            }
            case .evenly(let count): (0..<count).map { Self.sample(spec, atFraction: count == 1 ? 0 : Double($0) / Double(count - 1)) }
            }
            return Curve(curve: spec.text, duration: spec.duration, samples: samples)
        }
    }

    /// Progress and velocity of `spec` at `fraction` of its duration.
    public static func sample(_ spec: CurveSpec, atFraction fraction: Double) -> Sample {
        let time = fraction * spec.duration
        let resolved = spec.timing.resolved(animatorDuration: spec.duration)
        let progress = resolved.progress(atFraction: fraction).x
        let velocity = resolved.velocity(atFraction: fraction)
        return Sample(fraction: fraction, time: time, progress: progress, velocity: velocity)
    }

    /// One object for one curve (the shape of SPEC §6), an array of them for several.
    public func json() throws(ReportEncodingError) -> String { try curves.count == 1 ? prettyJSON(curves[0]) : prettyJSON(curves) }

    /// `curve,duration,fraction,time,progress,velocity`, one row per sample.
    public func csv() -> String {
        var lines = ["curve,duration,fraction,time,progress,velocity"]
        for curve in curves {
            for sample in curve.samples {
                lines.append([SampleReport.csvField(curve.curve), SampleReport.number(curve.duration),
                              SampleReport.number(sample.fraction), SampleReport.number(sample.time),
                              SampleReport.number(sample.progress), SampleReport.number(sample.velocity)]
                    .joined(separator: ","))
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }
}
