/// A relative path read from data (a test report's image, a manifest's or journal's frame, a
/// scene's name as a folder), checked to stay inside the folder it belongs to: what a file says
/// is data, never a path of its own.
///
/// Refused: an empty path, an absolute one, a `..` component (it leaves the folder), an empty
/// or `.` component, and a NUL or any other control character. `init(name:)` takes a single
/// name (a scene's or a frame's), so a `/` is refused too. This type checks the text only; the
/// render target's `ContainedPath+FileSystem` resolves it under its folder without following
/// symbolic links and reads only regular files.
///
///     try ContainedPath("frames/frog/frame_00000.png").components   // ["frames", "frog", "frame_00000.png"]
///     try ContainedPath("../../victim/evil.sh")                      // throws .leavesFolder
///     try ContainedPath(name: "frog/x")                              // throws .notAName
public struct ContainedPath: Hashable, Sendable, CustomStringConvertible {
    /// Why a path read from data cannot be used.
    public enum Problem: Error, Hashable, Sendable {
        case empty
        case absolute
        /// A `..` component.
        case leavesFolder
        /// An empty component (`a//b`, a trailing `/`) or `.`.
        case emptyComponent
        /// NUL, a newline, ESC or any other control character.
        case controlCharacter
        /// A `/` where a single name is expected.
        case notAName
        /// The component (as a path under the folder) is a symbolic link.
        case symbolicLink(String)
        /// What the file is instead of a regular file (`a folder`, `a FIFO`, `a device`, `a socket`).
        case notRegularFile(String)
        /// A component before the last (as a path under the folder) is not a folder.
        case notFolder(String)

        /// What is wrong, said of the path, for a message that quotes it first:
        /// `leaves the report folder`, `is not a regular file (a FIFO)`.
        public func reason(folder: String) -> String {
            switch self {
            case .empty: "is empty"
            case .absolute: "is absolute; it must be relative to the \(folder)"
            case .leavesFolder: "leaves the \(folder)"
            case .emptyComponent: "has an empty or \".\" component"
            case .controlCharacter: "contains a control character"
            case .notAName: "must be a single name, not a path"
            case .symbolicLink(let component): component.isEmpty ? "is a symbolic link" : "goes through a symbolic link (\(component))"
            case .notRegularFile(let kind): "is not a regular file (\(kind))"
            case .notFolder(let component): "goes through \(component), which is not a folder"
            }
        }

        /// The whole message: `out/report.json: scenes[0].frames[0].file: "../x" leaves the
        /// report folder`. `value` is quoted as found; control characters in it are escaped
        /// where messages are printed.
        public func message(_ value: String, at entry: String, in file: String, folder: String) -> String {
            problem(value, at: entry, in: file, folder: folder).line
        }

        /// The same message as a problem of `file` at `entry`, for an error that carries both.
        package func problem(_ value: String, at entry: String, in file: String, folder: String) -> DocumentProblem {
            DocumentProblem(file: file, path: entry, message: "\"\(value)\" \(reason(folder: folder))")
        }
    }

    /// The names from the folder down to the file, none empty, `.` or `..`.
    public let components: [String]

    /// Checks `text` as a relative path inside a folder.
    public init(_ text: String) throws(Problem) {
        guard !text.isEmpty else { throw .empty }
        guard !text.hasPrefix("/") else { throw .absolute }
        let parts = text.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        // `..` anywhere is the escape, whatever else is wrong; it is said first.
        guard !parts.contains("..") else { throw .leavesFolder }
        guard !text.unicodeScalars.contains(where: String.needsEscape) else { throw .controlCharacter }
        guard !parts.contains(where: { $0.isEmpty || $0 == "." }) else { throw .emptyComponent }
        components = parts
    }

    /// Checks `text` as one name inside a folder (a scene's folder, a frame's file).
    public init(name text: String) throws(Problem) {
        try self.init(text)
        guard components.count == 1 else { throw .notAName }
    }

    /// The path as text, relative to its folder.
    public var relative: String { components.joined(separator: "/") }

    public var description: String { relative }
}
