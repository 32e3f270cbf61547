import ZoetropeCore
import ZoetropeRender
import ZoetropeFiles

/// The paths a report holds are data: a report downloaded from CI may say anything. Every name
/// and image path is checked as a `ContainedPath` when the report is read, before any is used.
extension TestReport {
    /// Where report messages say a path must stay.
    static let folderName = "report folder"

    /// Every path of the report that cannot be used inside its folder, a message each
    /// (`rep/report.json: scenes[0].frames[0].file: "../x" leaves the report folder`).
    func pathProblems(file: String) -> [DocumentProblem] {
        var problems: [DocumentProblem] = []
        func check(_ value: String, at entry: String, asName: Bool) {
            do throws(ContainedPath.Problem) {
                _ = asName ? try ContainedPath(name: value) : try ContainedPath(value)
            } catch {
                problems.append(error.problem(value, at: entry, in: file, folder: Self.folderName))
            }
        }
        for (sceneIndex, scene) in scenes.enumerated() {
            let at = "scenes[\(sceneIndex)]"
            check(scene.name, at: at + ".name", asName: true)
            for (frameIndex, frame) in scene.frames.enumerated() {
                let at = at + ".frames[\(frameIndex)]"
                let before = problems.count
                check(frame.file, at: at + ".file", asName: true)
                if problems.count == before && !Self.isFrameFileName(frame.file) {
                    // A golden is a frame_NNNNN.png and nothing else (not golden.json, not a script).
                    problems.append(DocumentProblem(file: file, path: at + ".file", message: "\"\(frame.file)\" is not a frame's file name (frame_NNNNN.png)"))
                }
                check(frame.actual, at: at + ".actual", asName: false)
                if let expected = frame.expected { check(expected, at: at + ".expected", asName: false) }
                if let diff = frame.diff { check(diff, at: at + ".diff", asName: false) }
            }
        }
        return problems
    }

    /// `frame_` and at least five digits, then `.png`: how `render` and `test` name frames.
    static func isFrameFileName(_ name: String) -> Bool {
        guard name.hasPrefix("frame_"), name.hasSuffix(".png") else { return false }
        let digits = name.dropFirst("frame_".count).dropLast(".png".count)
        return digits.count >= 5 && digits.allSatisfy { $0.isASCII && $0.isNumber }
    }

    /// The bytes of the image at `image` (a path the report holds) in the report `folder`:
    /// refused (`invalidInput`) when it goes through a symbolic link or is not a regular file, `missingInput` when missing.
    static func image(_ image: String, at entry: String, in folder: String) throws(RenderError) -> [UInt8] {
        let file = folder + "/" + fileName
        let bytes: [UInt8]?
        do throws(ContainedPath.Problem) {
            bytes = try ContainedPath(image).read(in: folder)
        } catch {
            throw RenderError(problems: [error.problem(image, at: entry, in: file, folder: folderName)], kind: .invalidInput)
        }
        guard let bytes else {
            throw RenderError(message: "\(file): \(entry): \"\(image)\": no such image in the report folder", kind: .missingInput,
                              file: file, documentPath: entry)
        }
        return bytes
    }
}
