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

    /// Why `times` cannot sample `specs`, or nil when they can: the latest time must not pass
    /// the end of every curve (a curve that ends earlier, a spring that settles first, reads as
    /// arrived after its end).
    public static func problem(sampling specs: [CurveSpec], atTimes times: [Double]) -> String? {
        guard let latest = times.max(), let longest = specs.max(by: { $0.duration < $1.duration }),
              latest > longest.duration + 1e-12 else { return nil }
        let which = specs.count == 1 ? "\(longest.text) (\(longest.duration) s)" : "every curve (the longest, \(longest.text), ends at \(longest.duration) s)"
        return "--at-time: \(latest) s is past the end of \(which); a curve that ends before a time reads as arrived (progress 1, velocity 0)"
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
