#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import ZoetropeCore

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
            var info = stat()
            guard lstat(current, &info) == 0 else { return false }
            let below = components[...position].joined(separator: "/")
            let kind = info.st_mode & S_IFMT
            if kind == S_IFLNK { throw .symbolicLink(position == components.count - 1 ? "" : below) }
            if position < components.count - 1 {
                guard kind == S_IFDIR else { throw .notFolder(below) }
            } else if kind != S_IFREG {
                throw .notRegularFile(Self.kindName(kind))
            }
        }
        return true
    }

    /// The file's bytes; nil when it does not exist. Opened without following a link and without
    /// blocking, and checked again once open, so a file swapped in between is refused too.
    public func read(in folder: String) throws(Problem) -> [UInt8]? {
        guard try isRegularFile(in: folder) else { return nil }
        let descriptor = open(path(in: folder), O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else {
            if errno == ELOOP { throw .symbolicLink("") }
            return nil
        }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { return nil }
        guard info.st_mode & S_IFMT == S_IFREG else { throw .notRegularFile(Self.kindName(info.st_mode & S_IFMT)) }
        return AtomicFile.readAll(descriptor)
    }

    /// `a folder`, `a FIFO`…: what a file that is not regular is, for messages.
    static func kindName(_ kind: mode_t) -> String {
        switch kind {
        case S_IFDIR: "a folder"
        case S_IFIFO: "a FIFO"
        case S_IFCHR, S_IFBLK: "a device"
        case S_IFSOCK: "a socket"
        case S_IFLNK: "a symbolic link"
        default: "not a regular file"
        }
    }

    /// What the file at `path` (any path; links followed) is when it is there but not a regular
    /// file: `a FIFO`, `a folder`…; nil when it is a regular file or is not there.
    public static func nonRegularKind(atPath path: String) -> String? {
        var info = stat()
        guard stat(path, &info) == 0, info.st_mode & S_IFMT != S_IFREG else { return nil }
        return kindName(info.st_mode & S_IFMT)
    }
}
