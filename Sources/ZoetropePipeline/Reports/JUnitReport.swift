/// A test report as JUnit XML, the form GitHub Actions, GitLab and Jenkins read: a test suite per
/// scene, a test case per frame; differing and missing frames are failures.
public struct JUnitReport: Sendable {
    public var report: TestReport

    public init(report: TestReport) { self.report = report }

    public func xml() -> String {
        let failures = report.failures.count
        var lines = [
            #"<?xml version="1.0" encoding="UTF-8"?>"#,
            #"<testsuites name="zoetrope test" tests="\#(report.frameCount)" failures="\#(failures)" errors="0">"#,
        ]
        for scene in report.scenes {
            let failing = scene.frames.filter(\.status.isFailure).count
            lines.append(#"  <testsuite name="\#(escape(scene.name))" tests="\#(scene.frames.count)" failures="\#(failing)" errors="0" skipped="0">"#)
            for frame in scene.frames {
                let name = #"\#(frame.file) (t = \#(TestReport.seconds(frame.time)) s)"#
                let open = #"    <testcase classname="\#(escape(scene.name))" name="\#(escape(name))" file="\#(escape(scene.file))""#
                guard frame.status.isFailure else {
                    lines.append(open + "/>")
                    continue
                }
                let artifacts = [("expected", frame.expected), ("actual", frame.actual), ("diff", frame.diff)]
                    .compactMap { label, path in path.map { "\(label): \(report.folder.isEmpty ? "" : report.folder + "/")\($0)" } }
                lines.append(open + ">")
                lines.append(#"      <failure type="\#(frame.status == .missing ? "missing golden" : "visual difference")" message="\#(escape(frame.message ?? frame.status.rawValue))">\#(escape(artifacts.joined(separator: "\n")))</failure>"#)
                lines.append("    </testcase>")
            }
            lines.append("  </testsuite>")
        }
        lines.append("</testsuites>")
        return lines.joined(separator: "\n") + "\n"
    }

    private func escape(_ text: String) -> String { Markup.escaped(text, quotes: true) }
}
