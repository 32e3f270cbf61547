import ZoetropeCore
import ZoetropeFiles

/// One problem with a scene file: the file, where in the document, and what was expected.
///
/// Printed as `scenes/a.yaml: animators[0].duration: must be > 0 (found -1)`.
public struct SceneDiagnostic: Hashable, Sendable, CustomStringConvertible {
    /// Why the problem stops the scene, which decides the exit code (SPEC §6).
    public enum Kind: Hashable, Sendable {
        /// The document is not a valid scene (`invalidInput`).
        case invalid
        /// A file it names, or the scene file itself, is missing or unreadable (`missingInput`).
        case missingInput
    }

    public var file: String
    /// The document path (`layers[1].children[0].size`), a line and column for a syntax error,
    /// or empty for a problem with the whole file.
    public var path: String
    public var message: String
    public var kind: Kind

    public init(file: String, path: String, message: String, kind: Kind = .invalid) {
        self.file = file
        self.path = path
        self.message = message
        self.kind = kind
    }

    /// One line: control characters in the file name, the path or the message (a layer id, a
    /// key, a value quoted from the scene) are escaped, so no problem can pass for two.
    public var description: String { problem.line.escapingControlCharacters() }

    /// The same problem, its line as written (unescaped), for a `ZoetropeError`.
    var problem: DocumentProblem { DocumentProblem(file: file, path: path.isEmpty ? nil : path, message: message) }
}

/// A scene that cannot be used, with every problem found in it.
public struct SceneLoadError: Error, Sendable, CustomStringConvertible {
    public var diagnostics: [SceneDiagnostic]
    /// The layers read from a scene file that has other problems, when any were: `validate`
    /// checks their fonts and images too, so one round reports everything.
    public var layers: LayerTree?

    public init(_ diagnostics: [SceneDiagnostic], layers: LayerTree? = nil) {
        self.diagnostics = diagnostics
        self.layers = layers
    }

    /// `missingInput` when an input is missing or unreadable, `invalidInput` otherwise (the CLI
    /// maps the kind to its exit status, SPEC §6).
    public var kind: ZoetropeError.Kind { diagnostics.contains { $0.kind == .missingInput } ? .missingInput : .invalidInput }

    public var description: String { diagnostics.map(\.description).joined(separator: "\n") }
}

extension ZoetropeError {
    /// A scene's problems as the libraries' one error, for a caller that catches one type: a line
    /// per diagnostic (`FILE: PATH: message`, unescaped), the same kind, and the first
    /// diagnostic's file and document path (nil for a problem with the whole file, such as a
    /// missing one).
    ///
    ///     do { scene = try SceneLoader.load("scenes/frog.yaml") } catch { throw ZoetropeError(error) }
    public init(_ error: SceneLoadError) {
        self.init(problems: error.diagnostics.map(\.problem), kind: error.kind)
    }
}
