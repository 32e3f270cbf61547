import ZoetropeFiles
import ZoetropeRender

/// `zoetrope diff`'s walk over two folders: of frames, file by file, or of scene folders, scene
/// by scene. Here, not in ZoetropeRender, because drawing knows no folders of frames; each pair
/// of files is compared by Render's `compareFiles`.
extension FrameComparison {
    /// Compares `expected` with `actual`: two PNG files, two folders of frames (`frame_*.png`),
    /// or two folders of scene folders, scene by scene. Throws for errors: a missing input, or
    /// folders with nothing to compare (`missingInput`), images of different sizes or unreadable
    /// PNGs (`invalidInput`), an output that cannot be written (`cannotCreate`/`io`), a file
    /// compared with a folder (`misuse`).
    public func compare(expected: String, actual: String) throws(RenderError) -> Report {
        let expectedIsFolder = try Self.kind(of: expected), actualIsFolder = try Self.kind(of: actual)
        guard expectedIsFolder == actualIsFolder else {
            throw RenderError(message: "\(expected) and \(actual): compare two PNG files or two folders, not one of each", kind: .misuse, file: actual)
        }
        if let outputDirectory { try AtomicFile.makeDirectory(outputDirectory) }
        guard expectedIsFolder else {
            let name = actual.split(separator: "/").last.map(String.init) ?? actual
            return Report(entries: [try compareFiles(expected: expected, actual: actual, name: name)], ignored: [])
        }
        var report = Report(entries: [], ignored: [])
        if FrameListing.frames(in: expected).isEmpty && FrameListing.frames(in: actual).isEmpty {
            let scenes = Set(FrameListing.sceneFolders(in: expected)).union(FrameListing.sceneFolders(in: actual)).sorted()
            guard !scenes.isEmpty else {
                let found = Set(FrameListing.names(in: expected) + FrameListing.names(in: actual)).filter { !$0.hasPrefix(".") }.sorted()
                throw RenderError(message: "\(expected) and \(actual): nothing to compare: no frames (frame_*.png) and no folders of frames; found \(found.isEmpty ? "nothing" : found.joined(separator: ", "))", kind: .missingInput, file: actual)
            }
            for scene in scenes {
                if let outputDirectory { try AtomicFile.makeDirectory(outputDirectory + "/" + scene) }
                try compareFolders(expected + "/" + scene, actual + "/" + scene, prefix: scene + "/", into: &report)
            }
        } else {
            try compareFolders(expected, actual, prefix: "", into: &report)
        }
        return report
    }

    /// The frames of two folders, name by name.
    private func compareFolders(_ expected: String, _ actual: String, prefix: String, into report: inout Report) throws(RenderError) {
        let names = Set(FrameListing.frames(in: expected)).union(FrameListing.frames(in: actual)).sorted()
        let others = Set(FrameListing.names(in: expected) + FrameListing.names(in: actual))
            .filter { !$0.hasPrefix(".") && !names.contains($0) && !FrameListing.isFolder(expected + "/" + $0) }
        report.ignored += others.sorted().map { prefix + $0 }
        for name in names {
            let left = expected + "/" + name, right = actual + "/" + name
            if !AtomicFile.isReadable(left) {
                report.entries.append(Entry(name: prefix + name, result: nil, missingIn: expected, withinTolerance: false))
            } else if !AtomicFile.isReadable(right) {
                report.entries.append(Entry(name: prefix + name, result: nil, missingIn: actual, withinTolerance: false))
            } else {
                report.entries.append(try compareFiles(expected: left, actual: right, name: prefix + name))
            }
        }
    }

    /// True for a folder, false for a file; throws `missingInput` when there is neither.
    private static func kind(of path: String) throws(RenderError) -> Bool {
        guard let kind = FileSystem.kind(at: path) else { throw RenderError(message: "\(path): no such file or folder", kind: .missingInput, file: path) }
        return kind == .folder
    }
}
