extension TestReport {
    /// What `test` prints once a run is done, line by line: each scene's counts, its failing
    /// frames (and a note when its goldens came from another render environment), the orphaned
    /// goldens, where the report is (`reportFolder`), and the verdict with the command that
    /// accepts every failure.
    public func summaryLines(reportFolder: String) -> [String] {
        var lines: [String] = []
        for scene in scenes {
            let counts = [(Status.failed, "differ"), (.missing, "without a golden"), (.recorded, "recorded"), (.passed, "pass")]
                .compactMap { status, label in
                    let count = scene.frames.filter { $0.status == status }.count
                    return count > 0 ? "\(count) \(label)" : nil
                }
            lines.append("\(scene.file): \(scene.frames.count) frame\(scene.frames.count == 1 ? "" : "s"): \(counts.joined(separator: ", "))")
            if !scene.environmentChanges.isEmpty && scene.frames.contains(where: \.status.isFailure) {
                lines.append("  its goldens were made in another render environment (\(scene.environmentChanges.joined(separator: "; "))): differences may come from the machine image")
            }
            for frame in scene.frames where frame.status.isFailure {
                lines.append("  \(scene.name)/\(frame.file) (t = \(TestReport.seconds(frame.time)) s): \(frame.message ?? frame.status.rawValue)")
            }
        }
        if !orphans.isEmpty {
            let verb = pruned.isEmpty ? "no longer rendered (remove them with --prune)" : "no longer rendered, removed"
            lines.append("goldens \(verb): \(orphans.joined(separator: ", "))")
        }
        lines.append("report: \(reportFolder)/index.html")
        if failures.count > 0 {
            lines.append("\(failures.count) of \(frameCount) frames failing; accept them all with: \(TestReportFolder.acceptCommand(reportFolder))")
        } else {
            lines.append("all \(frameCount) frames pass")
        }
        return lines
    }
}

extension TestReport {
    /// A frame's time as the console and JUnit show it: to the millisecond, `0.167` rather
    /// than `0.16666666666666666` (report.json keeps the exact value).
    static func seconds(_ time: Double) -> String {
        String((time * 1000).rounded() / 1000)
    }
}
