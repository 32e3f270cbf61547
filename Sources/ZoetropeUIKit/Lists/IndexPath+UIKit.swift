import Foundation

/// UIKit's additions to Foundation's `IndexPath` (Foundation on Linux lacks them): a table's
/// row and a collection's item in a section, the path `[section, row]`.
extension IndexPath {
    /// Mirrors `init(row:section:)`.
    public init(row: Int, section: Int) {
        self.init(indexes: [section, row])
    }

    /// Mirrors `init(item:section:)`.
    public init(item: Int, section: Int) {
        self.init(indexes: [section, item])
    }

    /// Mirrors `section`: the path's first index.
    public var section: Int {
        get { self[0] }
        set { self[0] = newValue }
    }

    /// Mirrors `row`: the path's second index.
    public var row: Int {
        get { self[1] }
        set { self[1] = newValue }
    }

    /// Mirrors `item`: the path's second index, as a collection view names it.
    public var item: Int {
        get { self[1] }
        set { self[1] = newValue }
    }
}
