import FoundationEssentials
import ZoetropeCore
import ZoetropeRender
import ZoetropeFiles

/// What a manifest or a journal says is data: a folder may come from a farm, an artifact or
/// anyone who can write into it. Frame files are single names in the render folder, and the
/// numbers are those a render can have, checked when the manifest is read, before any is used.
extension RenderManifest {
    /// Where manifest messages say a frame's file must stay.
    static let folderName = "render folder"

    /// Reads the manifest at `path`: nil when there is none, or it cannot be read or decoded (then
    /// there is nothing to merge or resume); refused (`invalidInput`, every bad entry a line) when it decodes
    /// but names a file outside its folder or holds numbers no render has.
    public static func read(_ path: String) throws(RenderError) -> RenderManifest? {
        guard let bytes = AtomicFile.read(path) else { return nil }
        return try decode(bytes, file: path)
    }

    /// The manifest in `bytes`, read from `file`, checked as `read(_:)` checks it.
    public static func decode(_ bytes: [UInt8], file path: String) throws(RenderError) -> RenderManifest? {
        // Not a manifest (garbage, another format): nothing to merge or resume, as when missing.
        guard let manifest = try? JSONDecoder().decode(RenderManifest.self, from: Data(bytes)) else { return nil }
        let problems = manifest.problems(file: path, frames: true)
        guard problems.isEmpty else { throw RenderError(problems: problems, kind: .invalidInput) }
        return manifest
    }

    /// Every entry of the manifest that cannot be used, a message each (`out/manifest.json:
    /// frames[0].file: "../victim.png" leaves the render folder`); `frames` false checks only the
    /// header (a journal's first line).
    func problems(file: String, frames checkFrames: Bool) -> [DocumentProblem] {
        var problems: [DocumentProblem] = []
        if !(0...SceneLimits.frames).contains(frameCount) {
            problems.append(DocumentProblem(file: file, path: "frameCount", message: "must be within 0...\(SceneLimits.frames) (found \(frameCount))"))
        }
        if !(fps.isFinite && fps > 0 && fps <= SceneLimits.framesPerSecond) {
            problems.append(DocumentProblem(file: file, path: "fps", message: "must be within 0 < fps <= \(SceneLimits.framesPerSecond) (found \(fps))"))
        }
        if size.count != 2 || !size.allSatisfy({ (1...SceneLimits.surfaceSide).contains($0) }) {
            problems.append(DocumentProblem(file: file, path: "size", message: "must be [width, height], each within 1...\(SceneLimits.surfaceSide) (found \(size))"))
        }
        if checkFrames {
            for (position, frame) in frames.enumerated() {
                problems += frame.problems(file: file, at: "frames[\(position)]", frameCount: frameCount)
            }
        }
        return problems
    }

    /// The bytes of `frame`'s file in `directory`, nil when it is not there; refused (`invalidInput`) when it
    /// is a symbolic link or not a regular file (a FIFO would block the read).
    public static func bytes(of frame: Frame, in directory: String) throws(RenderError) -> [UInt8]? {
        do throws(ContainedPath.Problem) {
            return try ContainedPath(name: frame.file).read(in: directory)
        } catch {
            throw RenderError(message: error.message(frame.file, at: "frame \(frame.index)", in: directory, folder: folderName), kind: .invalidInput,
                              file: directory)
        }
    }

    /// True when `frame`'s file is in `directory` as a regular file; refused (`invalidInput`) when it is a
    /// symbolic link or something else.
    public static func hasFile(of frame: Frame, in directory: String) throws(RenderError) -> Bool {
        do throws(ContainedPath.Problem) {
            return try ContainedPath(name: frame.file).isRegularFile(in: directory)
        } catch {
            throw RenderError(message: error.message(frame.file, at: "frame \(frame.index)", in: directory, folder: folderName), kind: .invalidInput,
                              file: directory)
        }
    }
}

extension RenderManifest.Frame {
    /// Why this frame's record cannot be used, a message each: its file must be a single name
    /// in the render folder, its index one of the render's frames.
    func problems(file: String, at entry: String, frameCount: Int) -> [DocumentProblem] {
        var problems: [DocumentProblem] = []
        do throws(ContainedPath.Problem) {
            _ = try ContainedPath(name: self.file)
        } catch {
            problems.append(error.problem(self.file, at: entry + ".file", in: file, folder: RenderManifest.folderName))
        }
        if !(0..<max(frameCount, 1)).contains(index) {
            problems.append(DocumentProblem(file: file, path: entry + ".index", message: "must be within 0..<\(frameCount) (found \(index))"))
        }
        return problems
    }
}
