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
