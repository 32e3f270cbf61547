import ZoetropeFiles
import ZoetropeRender

/// The scene files a command works on: the given ones, or every scene in `scenes/`.
enum SceneFiles {
    static let extensions = ["yaml", "yml", "json", "lottie", "tgs"]

    /// The scene files `given` names: files as they are, a folder as the scene files in it
    /// (sorted); none given means every scene in `scenes/`.
    static func resolve(_ given: [String]) -> [String] {
        guard !given.isEmpty else { return scenes(in: "scenes") }
        return given.flatMap { path -> [String] in
            guard FileSystem.isFolder(path) else { return [path] }
            return scenes(in: path)
        }
    }

    /// The `.yaml`, `.yml` and `.json` regular files of `folder`, sorted; a missing folder holds
    /// none (the caller reports that). A FIFO or a device named like a scene is skipped: reading
    /// it could block.
    private static func scenes(in folder: String) -> [String] {
        let names = FolderListing.names(in: folder)
        let prefix = folder.hasSuffix("/") ? folder : folder + "/"
        return names.filter { name in extensions.contains { name.hasSuffix("." + $0) } && !name.hasPrefix(".") }
            .sorted()
            .map { prefix + $0 }
            .filter(FileSystem.isRegularFile)
    }
}
