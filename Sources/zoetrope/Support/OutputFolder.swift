import ZoetropeFiles
import ZoetropeRender

/// Folders the commands write into.
enum OutputFolder {
    /// Creates the folder `path` will be written into (and its parents); `cannotCreate` when it cannot.
    static func create(parentOf path: String) throws(RenderError) {
        guard let slash = path.lastIndex(of: "/"), slash != path.startIndex else { return }
        try create(String(path[..<slash]))
    }

    /// Creates `folder` and its parents; `cannotCreate` when it cannot.
    static func create(_ folder: String) throws(RenderError) {
        if let reason = FolderListing.create(folder) {
            throw RenderError(message: "\(folder): cannot create the folder: \(reason)", kind: .cannotCreate, file: folder)
        }
    }
}
