import ZoetropeCore

/// A `--set KEY=VALUE` override: a document value replaced (or added) before the scene is read.
///
/// Keys address the document by ids (SPEC §4): `animators.move.duration`,
/// `layers.frog.position` (layers are found at any depth), `canvas.size`,
/// `animators.move.timing.spring.dampingRatio`; a list element may also be addressed by its
/// index (`script.0.at`). The value is YAML: `2`, `[10,20]`, `"#FF9800"`, `{ spring: { … } }`.
public struct SceneOverride: Hashable, Sendable, CustomStringConvertible {
    public var key: String
    public var value: String
    /// The command-line option that wrote it (`--set`, `--vary`, `--size`, `--fps`), for messages.
    public var origin: String

    public init(key: String, value: String, origin: String = "--set") {
        self.key = key
        self.value = value
        self.origin = origin
    }

    /// Parses `KEY=VALUE`; throws a message for a usage error (`misuse`).
    public init(parsing text: String) throws(OverrideSyntaxError) {
        guard let equals = text.firstIndex(of: "=") else {
            throw OverrideSyntaxError(text: text, message: "expected KEY=VALUE, such as animators.move.duration=2")
        }
        let key = String(text[..<equals]), value = String(text[text.index(after: equals)...])
        let segments = key.split(separator: ".", omittingEmptySubsequences: false)
        guard !key.isEmpty, !segments.contains(where: \.isEmpty) else {
            throw OverrideSyntaxError(text: text, message: "the key must be dot-separated names, such as layers.frog.position")
        }
        guard segments.count <= SceneLimits.keySegments else {
            throw OverrideSyntaxError(text: String(text.prefix(80)) + (text.count > 80 ? "…" : ""),
                                      message: "the key may have at most \(SceneLimits.keySegments) dot-separated names (found \(segments.count))")
        }
        guard !value.isEmpty else {
            throw OverrideSyntaxError(text: text, message: "the value is empty")
        }
        self.init(key: key, value: value)
    }

    public var description: String { "\(key)=\(value)" }

    /// Two overrides are the same when they write the same value at the same key, whichever
    /// option wrote them.
    public static func == (lhs: SceneOverride, rhs: SceneOverride) -> Bool { lhs.key == rhs.key && lhs.value == rhs.value }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(key)
        hasher.combine(value)
    }
}

/// A `--set` argument that is not `KEY=VALUE`.
public struct OverrideSyntaxError: Error, Hashable, Sendable, CustomStringConvertible {
    public var text: String
    public var message: String
    public var description: String { "--set \(text): \(message)" }
}

extension DocumentNode {
    /// The document with `override` applied and the path of the value it wrote, or a message
    /// saying why it cannot be.
    func applying(_ override: SceneOverride) -> Result<(node: DocumentNode, path: DocumentPath), OverrideProblem> {
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
        guard segments.count <= SceneLimits.keySegments else {
            return .failure(OverrideProblem(message: "the key may have at most \(SceneLimits.keySegments) dot-separated names (found \(segments.count))"))
        }
        return replacing(at: segments[...], with: value, listKey: nil, path: .root)
    }

    private func replacing(at segments: ArraySlice<String>, with value: DocumentNode, listKey: String?,
                           path: DocumentPath) -> Result<(node: DocumentNode, path: DocumentPath), OverrideProblem> {
        guard let first = segments.first else { return .success((value, path)) }
        switch self {
        case .mapping(var pairs, let mark):
            // Keys may contain dots (`frog.position` inside a set block): prefer the longest match.
            // Each key of the mapping is compared once with the segments it would span, so the
            // cost is the size of the mapping's keys, not the number of segments squared.
            var length = 1
            for pair in pairs {
                let parts = pair.key.split(separator: ".", omittingEmptySubsequences: false)
                if parts.count > length, parts.count <= segments.count,
                   zip(parts, segments).allSatisfy({ $0 == $1 }) {
                    length = parts.count
                }
            }
            let key = segments.prefix(length).joined(separator: ".")
            let rest = segments.dropFirst(length)
            let written: DocumentPath
            if let index = pairs.firstIndex(where: { $0.key == key }) {
                switch pairs[index].value.replacing(at: rest, with: value, listKey: key, path: path / key) {
                case .success(let result): (pairs[index].value, written) = result
                case .failure(let message): return .failure(message)
                }
            } else if !rest.isEmpty {
                let empty = DocumentNode.mapping([], mark: nil)
                switch empty.replacing(at: rest, with: value, listKey: key, path: path / key) {
                case .success(let result):
                    pairs.append(DocumentNode.Entry(key: key, value: result.node))
                    written = result.path
                case .failure(let message): return .failure(message)
                }
            } else {
                pairs.append(DocumentNode.Entry(key: key, value: value))
                written = path / key
            }
            return .success((.mapping(pairs, mark: mark), written))
        case .sequence(var items, let mark):
            func descend(_ index: Int, _ rest: ArraySlice<String>) -> Result<(node: DocumentNode, path: DocumentPath), OverrideProblem> {
                switch items[index].replacing(at: rest, with: value, listKey: nil, path: path / index) {
                case .success(let result):
                    items[index] = result.node
                    return .success((.sequence(items, mark: mark), result.path))
                case .failure(let message): return .failure(message)
                }
            }
            if let index = Int(first) {
                guard items.indices.contains(index) else {
                    return .failure(OverrideProblem(message: "\(listKey ?? "the list") has no element \(index) (it has \(items.count))"))
                }
                return descend(index, segments.dropFirst())
            }
            if let index = items.firstIndex(where: { $0.hasID(first) }) {
                return descend(index, segments.dropFirst())
            }
            // Layers nest: the id may name a layer among an element's children, at any depth.
            if let index = items.firstIndex(where: { $0["children"]?.containsID(first) == true }),
               let children = items[index]["children"] {
                switch children.replacing(at: segments, with: value, listKey: "children", path: path / index / "children") {
                case .success(let result):
                    items[index].setValue(result.node, forKey: "children")
                    return .success((.sequence(items, mark: mark), result.path))
                case .failure(let message): return .failure(message)
                }
            }
            let ids = items.compactMap(\.scalarID)
            return .failure(OverrideProblem(message: "no element of \(listKey ?? "the list") has id \"\(first)\"\(NearestName.suggestion(for: first, among: ids).map { " (did you mean \($0)?)" } ?? "")"))
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
        if let index = pairs.firstIndex(where: { $0.key == key }) { pairs[index].value = value } else { pairs.append(DocumentNode.Entry(key: key, value: value)) }
        self = .mapping(pairs, mark: mark)
    }
}

/// Why an override could not be applied.
struct OverrideProblem: Error {
    var message: String
}
