import ZoetropeFiles

/// The frames of a folder (`frame_*.png`) and the folders of frames beside them, by name.
public enum FrameListing {
    /// Every name in `folder` (hidden ones included), sorted; empty when it cannot be read.
    public static func names(in folder: String) -> [String] { FolderListing.names(in: folder) }

    /// Names of the visible `.png` files in `folder`, sorted.
    static func pngs(in folder: String) -> [String] {
        names(in: folder).filter { $0.hasSuffix(".png") && !$0.hasPrefix(".") }
    }

    /// Names of the frames in `folder` (`frame_*.png`), sorted.
    public static func frames(in folder: String) -> [String] {
        pngs(in: folder).filter { $0.hasPrefix("frame_") }
    }

    /// Sub-folders of `folder` that hold frames, sorted.
    static func sceneFolders(in folder: String) -> [String] {
        names(in: folder).filter { !$0.hasPrefix(".") && isFolder(folder + "/" + $0) && !frames(in: folder + "/" + $0).isEmpty }
    }

    /// True when `path` is a folder (links followed), as `FileSystem.isFolder` says.
    public static func isFolder(_ path: String) -> Bool { FileSystem.isFolder(path) }
}
