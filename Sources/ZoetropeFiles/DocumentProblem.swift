/// One problem with a document read as data (a manifest, a journal line, a test report, a
/// settings file): the file, where in its document, and what is wrong. Kept whole until it is
/// thrown, so the error carries the file and path its line names, not only the line.
///
///     DocumentProblem(file: "out/manifest.json", path: "frames[3].file", message: "\"../x\" leaves the render folder")
///     // line: out/manifest.json: frames[3].file: "../x" leaves the render folder
package struct DocumentProblem: Hashable, Sendable {
    package var file: String
    /// Where in the document (`frames[3].file`, `scenes.intro.threshold`); nil for the whole file.
    package var path: String?
    package var message: String

    package init(file: String, path: String?, message: String) {
        self.file = file
        self.path = path
        self.message = message
    }

    /// `FILE: PATH: message`, or `FILE: message` without a path, as written (unescaped).
    package var line: String { path.map { "\(file): \($0): \(message)" } ?? "\(file): \(message)" }
}

extension ZoetropeError {
    /// Every problem a line, in order; the error's `file` and `documentPath` are the first one's.
    package init(problems: [DocumentProblem], kind: Kind) {
        self.init(lines: problems.map(\.line), kind: kind, file: problems.first?.file, documentPath: problems.first?.path)
    }
}
