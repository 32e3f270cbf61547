#if canImport(Glibc)
import Glibc
#endif
import FoundationEssentials
import ZoetropeRender

/// A report folder: `report.json`, `index.html`, this run's frames and the failures' artifacts.
public enum TestReportFolder {
    /// Writes `report.json` and `index.html` into `folder` (the images are there already).
    public static func write(_ report: TestReport, to folder: String) throws(RenderError) {
        try AtomicFile.makeDirectory(folder)
        try AtomicFile.write(try report.json(), to: folder + "/" + TestReport.fileName)
        try AtomicFile.write(Array(TestReportPage(report: report).html().utf8), to: folder + "/index.html")
    }

    /// Combines the report folders of shards into `folder`: their images copied, one report.
    public static func merge(_ folders: [String], into folder: String) throws(RenderError) -> TestReport {
        func same(_ a: String, _ b: String) -> Bool {
            var left = stat(), right = stat()
            return a == b || (stat(a, &left) == 0 && stat(b, &right) == 0 && left.st_dev == right.st_dev && left.st_ino == right.st_ino)
        }
        if let source = folders.first(where: { same($0, folder) }) {
            throw RenderError(message: "--merge \(source): it is also the --report folder, which a merge empties first; give another --report", exitCode: 64)
        }
        let reports = try folders.map { (source: String) throws(RenderError) -> TestReport in try TestReport.read(folder: source) }
        try GoldenTest.prepareReportFolder(folder)
        for (source, report) in zip(folders, reports) {
            for scene in report.scenes {
                for frame in scene.frames {
                    for image in [frame.actual, frame.expected, frame.diff].compactMap({ $0 }) {
                        try GoldenTest.copy(source + "/" + image, to: folder + "/" + image)
                    }
                }
            }
        }
        var merged = TestReport.merged(reports)
        merged.folder = folder
        try write(merged, to: folder)
        return merged
    }

    /// Takes the frames of a run's failures (all, or those `only` names: `scene`,
    /// `scene/frame_00012.png` or `scene/12`) from its report folder into the goldens, without
    /// rendering again; returns the goldens written.
    public static func accept(_ folder: String, only: [String], goldens: String?, isCI: Bool) throws(RenderError) -> [String] {
        guard !isCI else {
            throw RenderError(message: "--accept: CI is set, and goldens are never written in CI; download the report and accept it locally", exitCode: 64)
        }
        let report = try TestReport.read(folder: folder)
        let goldens = goldens ?? report.goldens
        var unmatched = Set(only), written: [String] = []
        for scene in report.scenes {
            var acceptedAny = false
            for frame in scene.frames where frame.status.isFailure {
                let names = [scene.name, "\(scene.name)/\(frame.file)", "\(scene.name)/\(frame.index)"]
                guard only.isEmpty || names.contains(where: only.contains) else { continue }
                unmatched.subtract(names)
                let golden = "\(goldens)/\(scene.name)/\(frame.file)"
                try GoldenTest.copy(folder + "/" + frame.actual, to: golden)
                written.append(golden)
                acceptedAny = true
            }
            if acceptedAny {
                let record = GoldenTest.GoldenRecord(scene: scene.name, sceneFile: scene.file, environment: scene.environment)
                try AtomicFile.write(try prettyJSON(record), to: "\(goldens)/\(scene.name)/\(GoldenTest.GoldenRecord.fileName)")
            }
        }
        guard unmatched.isEmpty else {
            throw RenderError(message: "--only \(unmatched.sorted().joined(separator: ", ")): no failing frame of \(folder)/\(TestReport.fileName) is called that (give scene, scene/frame_00012.png or scene/12)", exitCode: 64)
        }
        return written
    }

    /// The command that accepts `only` (every failure when empty) of the report in `folder`.
    public static func acceptCommand(_ folder: String, only: String? = nil) -> String {
        "zoetrope test --accept \(shellQuoted(folder))" + (only.map { " --only \(shellQuoted($0))" } ?? "")
    }

    static func shellQuoted(_ text: String) -> String {
        let plain = text.allSatisfy { $0.isLetter || $0.isNumber || "-_./=:".contains($0) }
        return plain && !text.isEmpty ? text : "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}
