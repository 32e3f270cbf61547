/// A `--set KEY=VALUE` override: a document value replaced (or added) before the scene is read.
///
/// Keys address the document by ids (SPEC §4): `animators.move.duration`,
/// `layers.frog.position` (layers are found at any depth), `canvas.size`,
/// `animators.move.timing.spring.dampingRatio`; a list element may also be addressed by its
/// index (`script.0.at`). The value is YAML: `2`, `[10,20]`, `"#FF9800"`, `{ spring: { … } }`.
public struct SceneOverride: Hashable, Sendable, CustomStringConvertible {
    public var key: String
    public var value: String

    public init(key: String, value: String) {
        self.key = key
        self.value = value
    }

    /// Parses `KEY=VALUE`; throws a message for a usage error (exit 64).
    public init(parsing text: String) throws(OverrideSyntaxError) {
        guard let equals = text.firstIndex(of: "=") else {
            throw OverrideSyntaxError(text: text, message: "expected KEY=VALUE, such as animators.move.duration=2")
        }
        let key = String(text[..<equals]), value = String(text[text.index(after: equals)...])
        let segments = key.split(separator: ".", omittingEmptySubsequences: false)
        guard !key.isEmpty, !segments.contains(where: \.isEmpty) else {
            throw OverrideSyntaxError(text: text, message: "the key must be dot-separated names, such as layers.frog.position")
        }
        guard !value.isEmpty else {
            throw OverrideSyntaxError(text: text, message: "the value is empty")
        }
        self.init(key: key, value: value)
    }

    public var description: String { "\(key)=\(value)" }
}

/// A `--set` argument that is not `KEY=VALUE`.
public struct OverrideSyntaxError: Error, Hashable, Sendable, CustomStringConvertible {
    public var text: String
    public var message: String
    public var description: String { "--set \(text): \(message)" }
}

extension DocumentNode {
    /// The document with `override` applied, or a message saying why it cannot be.
    func applying(_ override: SceneOverride) -> Result<DocumentNode, OverrideProblem> {
        let value: DocumentNode
        if override.value.hasPrefix("#") {
            // A colour: in YAML a leading # would start a comment.
            value = .scalar(override.value, quoted: true, mark: nil)
        } else {
            do {
                value = try DocumentNode.parse(override.value)
            } catch {
                return .failure(OverrideProblem(message: "the value is not valid YAML: \(error.message)"))
            }
        }
        let segments = override.key.split(separator: ".").map(String.init)
        return replacing(at: segments[...], with: value, listKey: nil)
    }

    private func replacing(at segments: ArraySlice<String>, with value: DocumentNode,
                           listKey: String?) -> Result<DocumentNode, OverrideProblem> {
        guard let first = segments.first else { return .success(value) }
        switch self {
        case .mapping(var pairs, let mark):
            // Keys may contain dots (`frog.position` inside a set block): prefer the longest match.
            var length = segments.count
            while length > 1 && !pairs.contains(where: { $0.key == segments.prefix(length).joined(separator: ".") }) {
                length -= 1
            }
            let key = segments.prefix(length).joined(separator: ".")
            let rest = segments.dropFirst(length)
            if let index = pairs.firstIndex(where: { $0.key == key }) {
                switch pairs[index].value.replacing(at: rest, with: value, listKey: key) {
                case .success(let node): pairs[index].value = node
                case .failure(let message): return .failure(message)
                }
            } else {
                guard rest.isEmpty else {
                    let empty = DocumentNode.mapping([], mark: nil)
                    switch empty.replacing(at: rest, with: value, listKey: key) {
                    case .success(let node): pairs.append((key, node))
                    case .failure(let message): return .failure(message)
                    }
                    return .success(.mapping(pairs, mark: mark))
                }
                pairs.append((key, value))
            }
            return .success(.mapping(pairs, mark: mark))
        case .sequence(var items, let mark):
            if let index = Int(first) {
                guard items.indices.contains(index) else {
                    return .failure(OverrideProblem(message: "\(listKey ?? "the list") has no element \(index) (it has \(items.count))"))
                }
                switch items[index].replacing(at: segments.dropFirst(), with: value, listKey: nil) {
                case .success(let node): items[index] = node
                case .failure(let message): return .failure(message)
                }
                return .success(.sequence(items, mark: mark))
            }
            if let index = items.firstIndex(where: { $0.hasID(first) }) {
                switch items[index].replacing(at: segments.dropFirst(), with: value, listKey: nil) {
                case .success(let node): items[index] = node
                case .failure(let message): return .failure(message)
                }
                return .success(.sequence(items, mark: mark))
            }
            // Layers nest: the id may name a layer among an element's children, at any depth.
            if let index = items.firstIndex(where: { $0["children"]?.containsID(first) == true }),
               let children = items[index]["children"] {
                switch children.replacing(at: segments, with: value, listKey: "children") {
                case .success(let node): items[index].setValue(node, forKey: "children")
                case .failure(let message): return .failure(message)
                }
                return .success(.sequence(items, mark: mark))
            }
            return .failure(OverrideProblem(message: "no element of \(listKey ?? "the list") has id \"\(first)\""))
        case .scalar:
            return .failure(OverrideProblem(message: "\(listKey ?? "the value") is a single value, so it has no \"\(first)\"; set \(listKey ?? "it") as a whole instead"))
        }
    }

    private func hasID(_ id: String) -> Bool {
        if case .scalar(id, _, _)? = self["id"] { return true }
        return false
    }

    /// True when a list contains, at any depth of `children`, an element with `id`.
    private func containsID(_ id: String) -> Bool {
        guard case .sequence(let items, _) = self else { return false }
        return items.contains { $0.hasID(id) || $0["children"]?.containsID(id) == true }
    }

    private mutating func setValue(_ value: DocumentNode, forKey key: String) {
        guard case .mapping(var pairs, let mark) = self else { return }
        if let index = pairs.firstIndex(where: { $0.key == key }) { pairs[index].value = value } else { pairs.append((key, value)) }
        self = .mapping(pairs, mark: mark)
    }
}

/// Why an override could not be applied.
struct OverrideProblem: Error {
    var message: String
}
