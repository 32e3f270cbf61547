import ArgumentParser
import ZoetropeFormat
import ZoetropePipeline

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

            Example:
              $ zoetrope curve easeInOut \"spring(duration:0.5,bounce:0.3)\" --at-time 0.25,0.5
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
        if at != nil { _ = try points() }
        let specs = try curveSpecs()
        if case .times(let times) = try points(), let problem = CurveEvaluation.problem(sampling: specs, atTimes: times) {
            throw ValidationError(problem)
        }
        if velocity && plot == nil { throw ValidationError("--velocity draws into the --plot chart; give --plot FILE.png") }
        if let plot { try requirePNG(plot, option: "--plot") }
    }

    private func curveSpecs() throws -> [CurveSpec] {
        do { return try CurveEvaluation.specs(specs, cubicDuration: duration) } catch { throw ValidationError(error.description) }
    }

    /// Where to sample: `--at` fractions, `--at-time` times, or `--samples` (11) evenly spaced.
    private func points() throws -> CurveReport.Points {
        do {
            if let at { return .fractions(try NumberList.parse(at, option: "--at", as: .fractions)) }
            if let atTime { return .times(try NumberList.parse(atTime, option: "--at-time", as: .times)) }
        } catch {
            throw ValidationError(error.description)
        }
        return .evenly(count: samples ?? 11)
    }

    func run() throws {
        let specs = try curveSpecs(), points = try points()
        let text: String
        do {
            text = try CurveEvaluation.report(specs, at: points, format: format == .json ? .json : .csv)
        } catch {
            // The curves themselves keep their velocity finite over 0…1 (checked when read): only
            // a --duration short enough to overflow velocity per second (5e-324) gets here.
            throw usageFailure("--duration \(duration) s is too short: the velocity per second overflows (\(error))", command: "curve")
        }
        print(text, terminator: "")
        guard let plot else { return }
        do {
            try CurveEvaluation.plot(specs, velocity: velocity, to: plot)
        } catch {
            printError(error)
            throw ExitCode(error.kind)
        }
        // On standard error: standard output holds the samples.
        printError("\(specs.map(\.text).joined(separator: ", ")): plot → \(plot)")
    }
}
