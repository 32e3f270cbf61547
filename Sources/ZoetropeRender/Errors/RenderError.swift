import ZoetropeCore

/// Why a render stopped, with the exit code of SPEC §6: one problem per line.
///
/// Lines are kept apart rather than joined, so that a newline inside quoted data (a file name, a
/// layer id) can never pass for a line of its own: `description` and the CLI print each line
/// with its control characters escaped.
public struct RenderError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The problems, one message each (`FILE: PATH: message`), as written, unescaped.
    public var lines: [String]
    /// 65 bad data, 66 missing input, 73 cannot create an output, 74 I/O error, 70 internal.
    public var exitCode: Int32

    public init(message: String, exitCode: Int32) {
        self.lines = [message]
        self.exitCode = exitCode
    }

    /// Several problems at once, a line each.
    public init(lines: [String], exitCode: Int32) {
        self.lines = lines
        self.exitCode = exitCode
    }

    /// The problems as one text (lines joined by newlines), for quoting in another message;
    /// setting it makes it the only line.
    public var message: String {
        get { lines.joined(separator: "\n") }
        set { lines = [newValue] }
    }

    /// Each line with its control characters escaped, joined by newlines.
    public var description: String { lines.map { $0.escapingControlCharacters() }.joined(separator: "\n") }

    public static func cannotCreate(_ path: String, reason: String) -> RenderError {
        RenderError(message: "\(path): cannot create: \(reason)", exitCode: 73)
    }

    public static func writeFailed(_ path: String, reason: String) -> RenderError {
        RenderError(message: "\(path): write failed: \(reason)", exitCode: 74)
    }
}
