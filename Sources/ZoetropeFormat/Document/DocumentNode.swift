import Yams

/// A parsed scene document: YAML's data model without tags or anchors, with the line and
/// column of every node so messages can point at it. `--set` overrides edit this tree.
public indirect enum DocumentNode: Hashable, Sendable {
    /// A scalar as written; `quoted` scalars are always strings.
    case scalar(String, quoted: Bool, mark: DocumentMark?)
    case sequence([DocumentNode], mark: DocumentMark?)
    /// Key–value pairs in document order.
    case mapping([Entry], mark: DocumentMark?)

    /// One key of a mapping and its value.
    public struct Entry: Hashable, Sendable {
        /// The key, as written (a plain string; dots are part of it: `frog.position`).
        public var key: String
        /// The key's value.
        public var value: DocumentNode

        /// The entry `key: value`.
        public init(key: String, value: DocumentNode) {
            self.key = key
            self.value = value
        }
    }

    /// Equal when the content is: marks (where a node was written) are not compared.
    public static func == (a: DocumentNode, b: DocumentNode) -> Bool {
        switch (a, b) {
        case let (.scalar(x, qx, _), .scalar(y, qy, _)): return x == y && qx == qy
        case let (.sequence(x, _), .sequence(y, _)): return x == y
        case let (.mapping(x, _), .mapping(y, _)): return x == y
        default: return false
        }
    }

    public func hash(into hasher: inout Hasher) {
        switch self {
        case let .scalar(text, quoted, _): hasher.combine(0); hasher.combine(text); hasher.combine(quoted)
        case let .sequence(items, _): hasher.combine(1); hasher.combine(items)
        case let .mapping(entries, _): hasher.combine(2); hasher.combine(entries)
        }
    }

    /// Where the node starts in its file.
    public var mark: DocumentMark? {
        switch self {
        case .scalar(_, _, let mark), .sequence(_, let mark), .mapping(_, let mark): mark
        }
    }

    /// The value for `key` in a mapping.
    public subscript(key: String) -> DocumentNode? {
        guard case .mapping(let pairs, _) = self else { return nil }
        return pairs.last { $0.key == key }?.value
    }

    /// What a message calls this kind of node.
    public var kindPhrase: String {
        switch self {
        case .scalar(let text, let quoted, _):
            quoted ? "the string \"\(text)\"" : (text.isEmpty || text == "null" || text == "~" ? "nothing" : text)
        case .sequence: "a list"
        case .mapping: "a mapping"
        }
    }
}

/// A line and column (both from 1).
public struct DocumentMark: Hashable, Sendable, CustomStringConvertible {
    public var line: Int
    public var column: Int
    public var description: String { "line \(line), column \(column)" }
}

/// A YAML (or JSON) text that could not be parsed.
public struct DocumentSyntaxError: Error, Sendable {
    public var mark: DocumentMark?
    public var message: String
}

extension DocumentNode {
    /// Parses YAML or JSON text (JSON is YAML). An empty document is an empty mapping.
    ///
    /// A text that would expand past `SceneLimits.documentNodes` nodes through its aliases, or
    /// nest deeper than `SceneLimits.documentDepth`, is refused before it is composed.
    public static func parse(_ text: String) throws(DocumentSyntaxError) -> DocumentNode {
        try DocumentExpansion.check(text)
        let root: Node?
        do {
            root = try Yams.compose(yaml: text, .basic)
        } catch let error as YamlError {
            throw Self.syntaxError(error)
        } catch {
            throw DocumentSyntaxError(mark: nil, message: "\(error)")
        }
        guard let root else { return .mapping([], mark: nil) }
        return try convert(root)
    }

    private static func convert(_ node: Node) throws(DocumentSyntaxError) -> DocumentNode {
        let mark = node.mark.map { DocumentMark(line: $0.line, column: $0.column) }
        switch node {
        case .scalar(let scalar):
            let quoted = scalar.style == .singleQuoted || scalar.style == .doubleQuoted
                || scalar.style == .literal || scalar.style == .folded
            return .scalar(scalar.string, quoted: quoted, mark: mark)
        case .sequence(let sequence):
            var items: [DocumentNode] = []
            for item in sequence { items.append(try convert(item)) }
            return .sequence(items, mark: mark)
        case .mapping(let mapping):
            var entries: [Entry] = []
            for (key, value) in mapping {
                guard case .scalar(let keyScalar) = key else {
                    throw DocumentSyntaxError(mark: mark, message: "mapping keys must be plain strings")
                }
                entries.append(Entry(key: keyScalar.string, value: try convert(value)))
            }
            return .mapping(entries, mark: mark)
        case .alias(let alias):
            // Yams' composer replaces every alias by its anchored node (an undefined one is a
            // composer error), so none reaches here; should one, it is named, not expanded.
            throw DocumentSyntaxError(mark: mark, message: "unresolved YAML alias *\(alias.anchor.rawValue)")
        }
    }

    private static func syntaxError(_ error: YamlError) -> DocumentSyntaxError {
        switch error {
        case let .scanner(context, problem, mark, _), let .parser(context, problem, mark, _),
             let .composer(context, problem, mark, _):
            // Yams' context for some errors is the whole document; keep only one-line context.
            let prefix = context.map { $0.text.contains("\n") ? "" : "\($0.text) " } ?? ""
            return DocumentSyntaxError(mark: DocumentMark(line: mark.line, column: mark.column),
                                       message: "malformed YAML: \(prefix)\(problem)")
        case let .duplicatedKeysInMapping(duplicates, context):
            let keys = duplicates.sorted().map { "\"\($0)\"" }.joined(separator: ", ")
            return DocumentSyntaxError(mark: DocumentMark(line: context.mark.line, column: context.mark.column),
                                       message: "duplicate key \(keys) in this mapping")
        case let .reader(problem, offset, _, _):
            return DocumentSyntaxError(mark: nil, message: "unreadable text: \(problem)" + (offset.map { " at byte \($0)" } ?? ""))
        default:
            return DocumentSyntaxError(mark: nil, message: "malformed YAML: \(error)")
        }
    }
}
