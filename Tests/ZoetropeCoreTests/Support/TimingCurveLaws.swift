import Testing
import ZoetropeCore

/// Tolerances, named so a loosened one is visible.
enum Tolerance {
    /// Our cubic solver stops at |ΔX| < 1e-12, so progress is good to well under this.
    static let progress = 1e-9
    /// Settling durations against UIKit's recovered values.
    static let settling = 1e-6
}

/// The laws every timing curve obeys: it starts at 0, settles at 1, is finite, and has no
/// jumps (neighbouring samples 1/1000 apart differ by less than `maximumStep`).
func checkTimingCurve(_ progress: (Double) -> Double, maximumStep: Double = 0.05,
                      sourceLocation: SourceLocation = #_sourceLocation) {
    #expect(abs(progress(0)) < 1e-12, "starts at 0", sourceLocation: sourceLocation)
    #expect(abs(progress(1) - 1) < 1e-3, "settles at 1", sourceLocation: sourceLocation)
    var previous = progress(0)
    for i in 1...1000 {
        let value = progress(Double(i) / 1000)
        #expect(value.isFinite, "finite at \(Double(i) / 1000)", sourceLocation: sourceLocation)
        #expect(abs(value - previous) < maximumStep, "continuous at \(Double(i) / 1000)", sourceLocation: sourceLocation)
        previous = value
    }
}
