import FoundationEssentials
import ZoetropeRender

/// Folders the commands write into.
enum OutputFolder {
    /// Creates the folder `path` will be written into (and its parents); exit 73 when it cannot.
    static func create(parentOf path: String) throws(RenderError) {
        guard let slash = path.lastIndex(of: "/"), slash != path.startIndex else { return }
        try create(String(path[..<slash]))
    }

    /// Creates `folder` and its parents; exit 73 when it cannot.
    static func create(_ folder: String) throws(RenderError) {
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        } catch {
            throw RenderError(message: "\(folder): cannot create the folder: \(error.localizedDescription)", exitCode: 73)
        }
    }
}
