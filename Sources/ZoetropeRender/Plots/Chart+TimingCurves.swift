import ZoetropeCore

extension Chart {
    /// A timing curve to plot: its name in the legend, its timing and the duration it spans.
    public struct TimingCurve: Sendable {
        public var name: String
        public var timing: TimingParameters
        public var duration: Double

        public init(name: String, timing: TimingParameters, duration: Double) {
            self.name = name
            self.timing = timing
            self.duration = duration
        }
    }

    /// Progress over time of `curves` on one chart (and their velocity on a second when
    /// `velocity` is true), as the seed chapter's figures draw them: a cubic's control points
    /// with their handles from (0, 0) and (D, 1), a spring's settling time marked. A curve
    /// shorter than the longest holds its final progress of 1.
    public static func timingCurves(_ curves: [TimingCurve], velocity: Bool, samples: Int = 600) -> [Chart] {
        let span = curves.map(\.duration).max() ?? 1
        var progress = Chart(title: curves.count == 1 ? curves[0].name : "Timing curves",
                             xLabel: "time (s)", yLabel: "progress", series: [])
        progress.guides = [0, 1]
        var speed = Chart(title: "Velocity", xLabel: "time (s)", yLabel: "progress per second", series: [])
        speed.guides = [0]
        for (index, curve) in curves.enumerated() {
            let resolved = curve.timing.resolved(animatorDuration: curve.duration)
            let times = (0...samples).map { span * Double($0) / Double(samples) }
            progress.series.append(Series(name: curve.name, points: times.map { t in
                Vector2(t, resolved.progress(atFraction: t / curve.duration).x)
            }))
            speed.series.append(Series(name: curve.name, points: times.map { t in
                Vector2(t, resolved.velocity(atFraction: t / curve.duration))
            }))
            switch curve.timing {
            case .cubic(let cubic):
                let d = curve.duration
                progress.handles.append(Handle(anchor: Vector2(0, 0), point: Vector2(cubic.controlPoint1.x * d, cubic.controlPoint1.y), series: index))
                progress.handles.append(Handle(anchor: Vector2(d, 1), point: Vector2(cubic.controlPoint2.x * d, cubic.controlPoint2.y), series: index))
            case .spring:
                let label = "settles \(rounded(resolved.duration)) s"
                progress.markers.append(Marker(x: resolved.duration, label: label, series: index))
            }
        }
        return velocity ? [progress, speed] : [progress]
    }

    private static func rounded(_ value: Double) -> String {
        let hundredths = (value * 100).rounded() / 100
        return String(hundredths)
    }
}
