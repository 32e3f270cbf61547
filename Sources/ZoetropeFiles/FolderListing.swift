#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What a folder holds, by name (`opendir`/`readdir`): the one place a folder is listed.
public enum FolderListing {
    /// Every name in `folder` (hidden ones, `.` and `..` included), sorted; empty when it cannot
    /// be read.
    public static func names(in folder: String) -> [String] {
        guard let directory = opendir(folder) else { return [] }
        defer { closedir(directory) }
        var names: [String] = []
        while let entry = readdir(directory) {
            names.append(withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix(while: { $0 != 0 }), as: UTF8.self) })
        }
        return names.sorted()
    }

    /// Creates `path` and every missing folder above it (`mkdir -p`); nil when it is a folder
    /// afterwards, else why not (`strerror`'s text, or `not a directory`).
    public static func create(_ path: String) -> String? {
        var current = path.hasPrefix("/") ? "" : "."
        for component in path.split(separator: "/") {
            current += "/" + component
            if mkdir(current, 0o755) != 0 && errno != EEXIST {
                return String(cString: strerror(errno))
            }
        }
        return FileSystem.isFolder(path) ? nil : "not a directory"
    }

    /// Removes `path` and, when it is a folder, everything below it, symbolic links not
    /// followed (a link is removed, never what it points to). True when nothing is left.
    @discardableResult
    public static func removeTree(_ path: String) -> Bool {
        if FileSystem.kindWithoutFollowingLinks(at: path) == .folder {
            for name in names(in: path) where name != "." && name != ".." {
                removeTree(path + "/" + name)
            }
            return rmdir(path) == 0
        }
        return unlink(path) == 0 || errno == ENOENT
    }
}
