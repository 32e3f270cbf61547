/// A place in a scene document: `animators[0].timing.cubic[0]`.
public struct DocumentPath: Hashable, Sendable, CustomStringConvertible {
    public enum Component: Hashable, Sendable {
        case key(String)
        case index(Int)
    }

    public private(set) var components: [Component] = []

    public init(_ components: [Component] = []) { self.components = components }

    public static let root = DocumentPath()

    public func appending(_ key: String) -> DocumentPath { DocumentPath(components + [.key(key)]) }
    public func appending(_ index: Int) -> DocumentPath { DocumentPath(components + [.index(index)]) }

    public static func / (path: DocumentPath, key: String) -> DocumentPath { path.appending(key) }
    public static func / (path: DocumentPath, index: Int) -> DocumentPath { path.appending(index) }

    public var description: String {
        var text = ""
        for component in components {
            switch component {
            case .key(let key): text += text.isEmpty ? key : "." + key
            case .index(let index): text += "[\(index)]"
            }
        }
        return text.isEmpty ? "(document)" : text
    }
}

extension DocumentPath {
    /// True when this path is `prefix` or lies below it.
    public func starts(with prefix: DocumentPath) -> Bool {
        components.starts(with: prefix.components)
    }

    /// The path as messages show it, naming a list element by its id where it has one that no
    /// sibling shares (`layers[card].fill`, not `layers[1].fill`); elements without one keep
    /// their index (`script[3]`).
    func description(naming root: DocumentNode) -> String {
        var text = "", node: DocumentNode? = root
        for component in components {
            switch component {
            case .key(let key):
                text += text.isEmpty ? key : "." + key
                node = node?[key]
            case .index(let index):
                var name = String(index)
                if case .sequence(let items, _)? = node, items.indices.contains(index) {
                    if let id = items[index].scalarID, !id.isEmpty, !id.contains(where: { "[]. ".contains($0) }),
                       items.filter({ $0.scalarID == id }).count == 1 {
                        name = id
                    }
                    node = items[index]
                } else {
                    node = nil
                }
                text += "[\(name)]"
            }
        }
        return text.isEmpty ? "(document)" : text
    }
}

extension DocumentNode {
    /// The element's `id` when it is a plain scalar.
    var scalarID: String? {
        if case .scalar(let id, _, _)? = self["id"] { return id }
        return nil
    }
}
