import ZoetropeFormat
import ZoetropeRender

/// `zoetrope curve`: timing curves sampled into a report, and drawn into a chart.
public enum CurveEvaluation {
    /// The curves of `texts`, cubics spanning `cubicDuration` seconds; the first bad spec throws.
    public static func specs(_ texts: [String], cubicDuration: Double) throws(CurveSpecError) -> [CurveSpec] {
        var specs: [CurveSpec] = []
        for text in texts { specs.append(try CurveSpec(parsing: text, cubicDuration: cubicDuration)) }
        return specs
    }

    /// Why `times` cannot sample every one of `specs`, or nil when they can. One rule for both
    /// forms: a point lies within each curve's span (0...1 of its fraction, 0...its duration in
    /// seconds), so the latest time must not pass the shortest curve's end.
    public static func problem(sampling specs: [CurveSpec], atTimes times: [Double]) -> String? {
        guard let latest = times.max(), let shortest = specs.min(by: { $0.duration < $1.duration }),
              latest > shortest.duration + 1e-12 else { return nil }
        return "--at-time: \(latest) s is past the end of \(shortest.text) (\(shortest.duration) s); times lie within 0...the duration of every curve, as --at fractions lie within 0...1"
    }

    /// The report of `specs` sampled at `points`, exactly as `curve` prints it: pretty JSON and a
    /// newline (one object for one curve, an array for several), or CSV rows.
    public static func report(_ specs: [CurveSpec], at points: CurveReport.Points,
                              format: SampleReport.Format) throws(ReportEncodingError) -> String {
        let report = CurveReport(specs: specs, at: points)
        switch format {
        case .json: return try report.json() + "\n"
        case .csv: return report.csv()
        }
    }

    /// Draws the progress chart of `specs` (and their velocity under it) into the PNG at `path`.
    public static func plot(_ specs: [CurveSpec], velocity: Bool, to path: String) throws(RenderError) {
        let curves = specs.map { Chart.TimingCurve(name: $0.text, timing: $0.timing, duration: $0.duration) }
        try ChartRenderer.write(Chart.timingCurves(curves, velocity: velocity), to: path)
    }
}
