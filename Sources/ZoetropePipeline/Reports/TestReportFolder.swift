import FoundationEssentials
import ZoetropeCore
import ZoetropeFiles
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
            a == b || FileSystem.isSameFile(a, b)
        }
        if let source = folders.first(where: { same($0, folder) }) {
            throw RenderError(message: "--merge \(source): it is also the --report folder, which a merge empties first; give another --report", kind: .misuse, file: source)
        }
        let reports = try folders.map { (source: String) throws(RenderError) -> TestReport in try TestReport.read(folder: source) }
        try GoldenTest.prepareReportFolder(folder)
        for (source, report) in zip(folders, reports) {
            for (sceneIndex, scene) in report.scenes.enumerated() {
                for (frameIndex, frame) in scene.frames.enumerated() {
                    let images = [("actual", frame.actual), ("expected", frame.expected), ("diff", frame.diff)]
                    for case let (key, image?) in images {
                        // Read through ContainedPath (no link, a regular file); written at the same
                        // relative path, which read() checked stays inside the new folder.
                        let bytes = try TestReport.image(image, at: "scenes[\(sceneIndex)].frames[\(frameIndex)].\(key)", in: source)
                        try GoldenTest.write(bytes, to: folder + "/" + image)
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
            throw RenderError(message: "--accept: CI is set, and goldens are never written in CI; download the report and accept it locally", kind: .misuse)
        }
        let report = try TestReport.read(folder: folder)
        let goldenFolder: String
        if let goldens { goldenFolder = goldens } else { goldenFolder = try checkedGoldens(of: report, in: folder) }
        // Every frame to accept is read and checked before any golden is written: a report with a
        // bad entry writes nothing.
        var unmatched = Set(only), accepted: [(scene: TestReport.Scene, frames: [(golden: String, bytes: [UInt8])])] = []
        var failures: [RenderError] = []
        for (sceneIndex, scene) in report.scenes.enumerated() {
            var frames: [(golden: String, bytes: [UInt8])] = []
            for (frameIndex, frame) in scene.frames.enumerated() where frame.status.isFailure {
                let names = [scene.name, "\(scene.name)/\(frame.file)", "\(scene.name)/\(frame.index)"]
                guard only.isEmpty || names.contains(where: only.contains) else { continue }
                unmatched.subtract(names)
                do throws(RenderError) {
                    let entry = "scenes[\(sceneIndex)].frames[\(frameIndex)].actual"
                    let bytes = try TestReport.image(frame.actual, at: entry, in: folder)
                    try checkFrame(bytes, image: frame.actual, at: entry, of: scene, at: "scenes[\(sceneIndex)]", in: folder)
                    frames.append(("\(goldenFolder)/\(scene.name)/\(frame.file)", bytes))
                } catch {
                    failures.append(error)
                }
            }
            if !frames.isEmpty { accepted.append((scene, frames)) }
        }
        // Every bad frame's lines; the file and document path are the first one's.
        if let first = failures.first {
            throw RenderError(lines: failures.flatMap(\.lines), kind: .invalidInput, file: first.file, documentPath: first.documentPath)
        }
        guard unmatched.isEmpty else {
            throw RenderError(message: "--only \(unmatched.sorted().joined(separator: ", ")): no failing frame of \(folder)/\(TestReport.fileName) is called that (give scene, scene/frame_00012.png or scene/12)", kind: .misuse,
                              file: folder + "/" + TestReport.fileName)
        }
        var written: [String] = []
        for (scene, frames) in accepted {
            for frame in frames {
                try GoldenTest.write(frame.bytes, to: frame.golden)
                written.append(frame.golden)
            }
            let record = GoldenTest.GoldenRecord(scene: scene.name, sceneFile: scene.file, environment: scene.environment)
            try AtomicFile.write(try jsonFile(record), to: "\(goldenFolder)/\(scene.name)/\(GoldenTest.GoldenRecord.fileName)")
        }
        return written
    }

    /// The goldens folder a report names, when no `--goldens` is given: a path relative to where
    /// the user runs `--accept`, inside it, and a folder that is already there (reached through
    /// real folders): a downloaded report can neither write elsewhere nor make a folder of its
    /// choosing (`.git/hooks/…`, `src/…`) inside the project.
    private static func checkedGoldens(of report: TestReport, in folder: String) throws(RenderError) -> String {
        let entry = folder + "/" + TestReport.fileName
        let advice = "give --goldens DIR to accept into a folder of your choice"
        let path: ContainedPath
        do throws(ContainedPath.Problem) {
            path = try ContainedPath(report.goldens)
        } catch {
            throw RenderError(message: error.message(report.goldens, at: "goldens", in: entry, folder: "current folder") + "; " + advice,
                              kind: .invalidInput, file: entry, documentPath: "goldens")
        }
        var prefix = "."
        for component in path.components {
            prefix += "/" + component
            guard FileSystem.kindWithoutFollowingLinks(at: prefix) == .folder else {
                throw RenderError(message: "\(entry): goldens: \"\(report.goldens)\" is not a folder here (\(prefix.dropFirst(2)) is missing, a symbolic link or a file); a report accepts only into goldens that exist; \(advice)",
                                  kind: .invalidInput, file: entry, documentPath: "goldens")
            }
        }
        return path.relative
    }

    /// A frame accepted into the goldens must be a PNG of the scene's frame size, as rendered in
    /// the report (its `size`, or else the manifest of its rendered frames in the report folder).
    private static func checkFrame(_ bytes: [UInt8], image: String, at entry: String, of scene: TestReport.Scene, at sceneEntry: String,
                                   in folder: String) throws(RenderError) {
        let file = folder + "/" + TestReport.fileName
        var size = scene.size
        if size == nil {
            // A report written before `size` was recorded: the manifest of the scene's frames.
            let manifest = "frames/\(scene.name)/manifest.json"
            var manifestBytes: [UInt8]?
            do throws(RenderError) {
                manifestBytes = try TestReport.image(manifest, at: "\(sceneEntry).size", in: folder)
            } catch where error.kind == .missingInput {
                manifestBytes = nil
            } catch {
                throw error
            }
            size = try manifestBytes.flatMap { bytes throws(RenderError) in try RenderManifest.decode(bytes, file: folder + "/" + manifest) }?.size
        }
        guard let size else {
            throw RenderError(message: "\(file): \(sceneEntry).size: missing: the report does not record the frames' size, so its frames cannot be checked; run zoetrope test again to make a new report", kind: .invalidInput,
                              file: file, documentPath: sceneEntry + ".size")
        }
        guard let header = RasterImage.pngSize(of: bytes) else {
            throw RenderError(message: "\(file): \(entry): \"\(image)\" is not a PNG", kind: .invalidInput, file: file, documentPath: entry)
        }
        guard size == [header.width, header.height] else {
            throw RenderError(message: "\(file): \(entry): \"\(image)\" is a \(header.width)×\(header.height) PNG, not a frame of \(scene.name) (\(size.map(String.init).joined(separator: "×")) pixels)", kind: .invalidInput,
                              file: file, documentPath: entry)
        }
        do throws(CairoError) {
            _ = try RasterImage(pngData: bytes)
        } catch {
            throw RenderError(message: "\(file): \(entry): \"\(image)\" does not decode as a PNG (\(error.message))", kind: .invalidInput, file: file, documentPath: entry)
        }
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
