/// The one error the libraries throw for a failure a user must act on: what kind of failure it
/// is, which file, where in the document, and the message, one problem per line.
///
/// Libraries say what went wrong (`kind`), never how a process should end: the command-line tool
/// alone turns a kind into an exit status, in one table (`Sources/zoetrope/Support/ExitStatus.swift`,
/// SPEC §6). A Swift caller switches on `kind`.
///
/// Lines are kept apart rather than joined, so that a newline inside quoted data (a file name, a
/// layer id) can never pass for a line of its own: `description` and the CLI print each line
/// with its control characters escaped.
///
/// `file` and `documentPath` are filled whenever the message names them, so a caller never parses
/// the text to learn them: `file` is the file or folder the message names first (a scene, an
/// output folder, a manifest, an image, a golden, a video; for a comparison of two inputs, the
/// actual one), `documentPath` the place in that file's document the message names
/// (`frames[3].file`, `layers[1].size`, `scenes.intro.threshold`). Of several problems, they
/// are the first one's. Nil means the message names none: an option's value (`--frames 9-3`),
/// a scene's name rather than its file, a place in another document than `file`.
///
///     throw ZoetropeError(message: "\(path): cannot create: \(reason)", kind: .cannotCreate, file: path)
public struct ZoetropeError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What kind of failure it is: what the user has to change.
    public enum Kind: Hashable, Sendable, CaseIterable {
        /// A scene, a report, a manifest, an image or an option's value is not what it must be.
        case invalidInput
        /// A file or folder to read is not there or cannot be read.
        case missingInput
        /// An output file or folder cannot be created.
        case cannotCreate
        /// Reading or writing failed part way (a full disk, a closed pipe, a failed rename).
        case io
        /// A number is past one of the documented limits (docs/limits.md).
        case limit
        /// The call or the command line asks for something that cannot be done as asked (two
        /// inputs of different kinds, a frame outside the scene, a state that forbids the call).
        case misuse
        /// Zoetrope itself failed (a drawing library's error, a value JSON cannot hold).
        case internalFailure
    }

    /// What kind of failure it is.
    public var kind: Kind
    /// The problems, one message each (`FILE: PATH: message`), as written, unescaped.
    public var lines: [String]
    /// The file or folder the problem is in or about, as the message names it; nil when the
    /// message names none. Of several problems, the first one's.
    public var file: String?
    /// Where in that file's document (`layers[1].size`, `frames[3].file`), as the message names
    /// it; nil when the message names no such place. Of several problems, the first one's.
    public var documentPath: String?

    public init(message: String, kind: Kind, file: String? = nil, documentPath: String? = nil) {
        self.init(lines: [message], kind: kind, file: file, documentPath: documentPath)
    }

    /// Several problems at once, a line each.
    public init(lines: [String], kind: Kind, file: String? = nil, documentPath: String? = nil) {
        self.lines = lines
        self.kind = kind
        self.file = file
        self.documentPath = documentPath
    }

    /// The problems as one text (lines joined by newlines), for quoting in another message;
    /// setting it makes it the only line.
    public var message: String {
        get { lines.joined(separator: "\n") }
        set { lines = [newValue] }
    }

    /// Each line with its control characters escaped, joined by newlines.
    public var description: String { lines.map { $0.escapingControlCharacters() }.joined(separator: "\n") }

    /// `path: cannot create: reason`, of kind `cannotCreate`.
    public static func cannotCreate(_ path: String, reason: String) -> ZoetropeError {
        ZoetropeError(message: "\(path): cannot create: \(reason)", kind: .cannotCreate, file: path)
    }

    /// `path: write failed: reason`, of kind `io`.
    public static func writeFailed(_ path: String, reason: String) -> ZoetropeError {
        ZoetropeError(message: "\(path): write failed: \(reason)", kind: .io, file: path)
    }
}
