#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A path read from data, resolved under its folder: nothing below the folder may be a symbolic
/// link (a link in a downloaded report could lead anywhere), the folders on the way must be
/// folders, and the file must be a regular file (a FIFO would block a read forever, a device
/// could be anything).
extension ContainedPath {
    /// `folder/relative`.
    public func path(in folder: String) -> String { folder + "/" + relative }

    /// True when the file is there and is a regular file reached through real folders; false when
    /// it, or a folder on the way, does not exist. Checked with `lstat`, which follows no link.
    public func isRegularFile(in folder: String) throws(Problem) -> Bool {
        var current = folder
        for (position, component) in components.enumerated() {
            current += "/" + component
            guard let kind = FileSystem.kindWithoutFollowingLinks(at: current) else { return false }
            let below = components[...position].joined(separator: "/")
            if kind == .symbolicLink { throw .symbolicLink(position == components.count - 1 ? "" : below) }
            if position < components.count - 1 {
                guard kind == .folder else { throw .notFolder(below) }
            } else if kind != .regularFile {
                throw .notRegularFile(kind.description)
            }
        }
        return true
    }

    /// The file's bytes; nil when it does not exist. Opened without following a link and without
    /// blocking, and checked again once open, so a file swapped in between is refused too.
    public func read(in folder: String) throws(Problem) -> [UInt8]? {
        guard try isRegularFile(in: folder) else { return nil }
        guard let descriptor = FileSystem.openForReadingWithoutBlocking(path(in: folder), followingLinks: false) else {
            if errno == ELOOP { throw .symbolicLink("") }
            return nil
        }
        defer { close(descriptor) }
        guard let kind = FileSystem.kind(ofDescriptor: descriptor) else { return nil }
        guard kind == .regularFile else { throw .notRegularFile(kind.description) }
        return FileSystem.readAll(descriptor)
    }

    /// What the file at `path` (any path; links followed) is when it is there but not a regular
    /// file: `a FIFO`, `a folder`…; nil when it is a regular file or is not there.
    public static func nonRegularKind(atPath path: String) -> String? {
        guard let kind = FileSystem.kind(at: path), kind != .regularFile else { return nil }
        return kind.description
    }
}
