import ArgumentParser
import ZoetropeFormat
import ZoetropeRender

struct CurveCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "curve",
        abstract: "Evaluate timing curves: progress and velocity at fractions or times, and plots.",
        discussion: """
            SPEC is linear, easeIn, easeOut, easeInOut, default, cubic(x1,y1,x2,y2), \
            spring(mass:1,stiffness:10,damping:3.16,velocity:0), spring(dampingRatio:0.5,duration:1), \
            spring(duration:0.5,bounce:0.3) or spring(response:0.5,dampingRatio:0.7). A cubic spans \
            --duration seconds (default 1); a dampingRatio spring spans its duration; other springs \
            span their settling duration (ε = 0.001, UIKit's rule). JSON is one object for one curve, \
            an array for several. Exit codes: 0 success; 64 a bad spec or option; 73/74 the plot \
            cannot be written.
            """
    )

    enum Format: String, ExpressibleByArgument, CaseIterable { case json, csv }

    @Argument(help: "One or more curves.")
    var specs: [String]

    @Option(parsing: .unconditional, help: ArgumentHelp("Fractions of the duration, 0...1, comma-separated.", valueName: "F[,F…]"))
    var at: String?

    @Option(name: .customLong("at-time"), parsing: .unconditional, help: ArgumentHelp("Times in seconds, comma-separated.", valueName: "T[,T…]"))
    var atTime: String?

    @Option(help: "Evenly spaced samples from fraction 0 to 1 (default 11).")
    var samples: Int?

    @Option(help: "The span of cubic curves in seconds.")
    var duration: Double = 1

    @Option(help: "Output format.")
    var format: Format = .json

    @Option(help: ArgumentHelp("Also draw the curves into a PNG chart.", valueName: "FILE.png"))
    var plot: String?

    @Flag(help: "Add a velocity chart under the progress chart (with --plot).")
    var velocity = false

    func validate() throws {
        if [at != nil, atTime != nil, samples != nil].filter({ $0 }).count > 1 {
            throw ValidationError("give only one of --at, --at-time and --samples")
        }
        if let samples, !(1...100_000).contains(samples) { throw ValidationError("--samples must be within 1...100000 (found \(samples))") }
        guard duration.isFinite, duration > 0 else { throw ValidationError("--duration must be > 0 (found \(duration))") }
        if let at { _ = try numbers(at, option: "--at", range: 0...1) }
        let specs = try curveSpecs()
        if let atTime {
            // One rule for both forms: a point lies within each curve's span (0...1 of its
            // fraction, 0...its duration in seconds).
            let times = try numbers(atTime, option: "--at-time", range: 0...Double.greatestFiniteMagnitude)
            if let latest = times.max(), let shortest = specs.min(by: { $0.duration < $1.duration }), latest > shortest.duration + 1e-12 {
                throw ValidationError("--at-time: \(latest) s is past the end of \(shortest.text) (\(shortest.duration) s); times lie within 0...the duration of every curve, as --at fractions lie within 0...1")
            }
        }
        if velocity && plot == nil { throw ValidationError("--velocity draws into the --plot chart; give --plot FILE.png") }
        if let plot { try requirePNG(plot, option: "--plot") }
    }

    private func curveSpecs() throws -> [CurveSpec] {
        try specs.map { text throws -> CurveSpec in
            do throws(CurveSpecError) {
                return try CurveSpec(parsing: text, cubicDuration: duration)
            } catch {
                throw ValidationError(error.description)
            }
        }
    }

    private func numbers(_ text: String, option: String, range: ClosedRange<Double>) throws -> [Double] {
        try text.split(separator: ",", omittingEmptySubsequences: false).map { part in
            guard let value = Double(part.filter { $0 != " " }), value.isFinite, range.contains(value) else {
                let expected = range.upperBound == 1 ? "a fraction within 0...1" : "a time in seconds >= 0"
                throw ValidationError("\(option): \"\(part)\" is not \(expected)")
            }
            return value
        }
    }

    func run() throws {
        let points: CurveReport.Points
        if let at {
            points = .fractions(try numbers(at, option: "--at", range: 0...1))
        } else if let atTime {
            points = .times(try numbers(atTime, option: "--at-time", range: 0...Double.greatestFiniteMagnitude))
        } else {
            points = .evenly(count: samples ?? 11)
        }
        let specs = try curveSpecs()
        try CurveEvaluation.run(specs, at: points, plot: plot, velocity: velocity, format: format)
    }
}

/// Samples curves, prints them, and draws the chart when asked.
enum CurveEvaluation {
    static func run(_ specs: [CurveSpec], at points: CurveReport.Points, plot: String?, velocity: Bool,
                    format: CurveCommand.Format) throws {
        let report = CurveReport(specs: specs, at: points)
        print(format == .json ? try reportJSON(report.json, command: "curve") : report.csv(), terminator: format == .json ? "\n" : "")
        guard let plot else { return }
        let curves = specs.map { Chart.TimingCurve(name: $0.text, timing: $0.timing, duration: $0.duration) }
        do {
            try ChartRenderer.write(Chart.timingCurves(curves, velocity: velocity), to: plot)
            // On standard error: standard output holds the samples.
            printError("\(specs.map(\.text).joined(separator: ", ")): plot → \(plot)")
        } catch {
            printError(error)
            throw ExitCode(error.exitCode)
        }
    }
}
