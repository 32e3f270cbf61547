import ZoetropeRender

/// `zoetrope diff`: a comparison of two PNGs or two folders of frames, told in lines.
public enum FrameDiffing {
    /// What a comparison found, in the lines `diff` prints.
    public struct Summary: Hashable, Sendable {
        /// `not frames, ignored: …` if any, each frame that differs or is missing, then
        /// `N of M frames differ; first: NAME` or `M frames match`.
        public var lines: [String]
        /// True when a frame is past the tolerance or missing on one side (`diff` exits 1).
        public var differs: Bool
    }

    /// Compares `expected` with `actual` under `comparison`'s tolerance (writing diff images
    /// when it names a folder); throws for a missing or unreadable input and for an image that
    /// cannot be written, with the exit code SPEC §6 gives it.
    public static func compare(_ comparison: FrameComparison, expected: String, actual: String) throws(RenderError) -> Summary {
        summary(of: try comparison.compare(expected: expected, actual: actual))
    }

    /// The lines that tell `report`.
    public static func summary(of report: FrameComparison.Report) -> Summary {
        var lines: [String] = []
        let entries = report.entries
        if !report.ignored.isEmpty {
            lines.append("not frames, ignored: \(report.ignored.joined(separator: ", "))")
        }
        for entry in entries where entry.missingIn != nil || (entry.result?.differingPixels ?? 0) > 0 {
            if let missing = entry.missingIn {
                lines.append("\(entry.name): missing in \(missing)")
            } else {
                lines.append("\(entry.name): \(entry.summary)\(entry.withinTolerance ? " (within tolerance)" : "")")
            }
        }
        let failing = entries.filter { !$0.withinTolerance }
        if let first = failing.first {
            lines.append("\(failing.count) of \(entries.count) frames differ; first: \(first.name)")
        } else {
            lines.append("\(entries.count) frame\(entries.count == 1 ? "" : "s") match")
        }
        return Summary(lines: lines, differs: !failing.isEmpty)
    }
}
