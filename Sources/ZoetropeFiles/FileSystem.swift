#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The POSIX file operations every target that touches files shares (the scene reader, drawing,
/// the pipeline, the commands): what is at a path
/// (`stat`, `lstat`, `fstat`), opening a file for reading without blocking, and writing or
/// reading a descriptor to the end with `EINTR` retried. One place, so a check such as "a
/// regular file" means the same everywhere and no loop forgets an interrupted `write(2)`.
///
/// Callers that guard against hostile paths (`ContainedPath+FileSystem`, `AtomicFile`) build
/// on these primitives and keep their own flags and order of checks.
public enum FileSystem {
    /// What a directory entry is, from its `st_mode`.
    public enum Kind: Equatable, Sendable {
        case regularFile, folder, symbolicLink, fifo, device, socket, other

        init(mode: mode_t) {
            switch mode & S_IFMT {
            case S_IFREG: self = .regularFile
            case S_IFDIR: self = .folder
            case S_IFLNK: self = .symbolicLink
            case S_IFIFO: self = .fifo
            case S_IFCHR, S_IFBLK: self = .device
            case S_IFSOCK: self = .socket
            default: self = .other
            }
        }

        /// `a folder`, `a FIFO`…: what a file that is not regular is, for messages.
        public var description: String {
            switch self {
            case .folder: "a folder"
            case .fifo: "a FIFO"
            case .device: "a device"
            case .socket: "a socket"
            case .symbolicLink: "a symbolic link"
            case .regularFile, .other: "not a regular file"
            }
        }
    }

    /// What is at `path`, following symbolic links (`stat`); nil when nothing is there or it
    /// cannot be looked at.
    public static func kind(at path: String) -> Kind? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        return Kind(mode: info.st_mode)
    }

    /// What `path` itself is, a symbolic link not followed (`lstat`); nil when nothing is there.
    public static func kindWithoutFollowingLinks(at path: String) -> Kind? {
        var info = stat()
        guard lstat(path, &info) == 0 else { return nil }
        return Kind(mode: info.st_mode)
    }

    /// What the open `descriptor` is (`fstat`); nil when it cannot be looked at.
    public static func kind(ofDescriptor descriptor: Int32) -> Kind? {
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { return nil }
        return Kind(mode: info.st_mode)
    }

    /// True when `path` is a folder (links followed).
    public static func isFolder(_ path: String) -> Bool { kind(at: path) == .folder }

    /// True when `path` is a regular file (links followed).
    public static func isRegularFile(_ path: String) -> Bool { kind(at: path) == .regularFile }

    /// True when something is at `path` (links followed), whatever it is.
    public static func exists(_ path: String) -> Bool { access(path, F_OK) == 0 }

    /// The size in bytes of what is at `path` (links followed); nil when nothing is there.
    public static func size(at path: String) -> Int? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        return Int(info.st_size)
    }

    /// What tells one version of a file from another without reading it: its device and inode,
    /// size and time of last modification. A file rewritten or replaced has another.
    public struct Identity: Hashable, Sendable {
        /// The device and inode (`st_dev`, `st_ino`): which file it is.
        public var device: UInt64, inode: UInt64
        /// Its size in bytes (`st_size`).
        public var size: Int64
        /// When it was last modified (`st_mtim`), in seconds and nanoseconds since the epoch.
        public var modifiedSeconds: Int64, modifiedNanoseconds: Int64
    }

    /// The identity of the file at `path` (links followed); nil when nothing is there.
    public static func identity(at path: String) -> Identity? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        #if canImport(Darwin)
        let modified = info.st_mtimespec
        #else
        let modified = info.st_mtim
        #endif
        return Identity(device: UInt64(truncatingIfNeeded: info.st_dev), inode: UInt64(truncatingIfNeeded: info.st_ino),
                        size: Int64(truncatingIfNeeded: info.st_size),
                        modifiedSeconds: Int64(truncatingIfNeeded: modified.tv_sec), modifiedNanoseconds: Int64(truncatingIfNeeded: modified.tv_nsec))
    }

    /// True when `a` and `b` name the same file or folder (the same device and inode, links
    /// followed); false when either is not there.
    public static func isSameFile(_ a: String, _ b: String) -> Bool {
        var left = stat(), right = stat()
        return stat(a, &left) == 0 && stat(b, &right) == 0 && left.st_dev == right.st_dev && left.st_ino == right.st_ino
    }

    /// `path` opened read-only and close-on-exec, without blocking (a FIFO with no writer
    /// opens at once instead of waiting), and with `O_NOFOLLOW` unless `followingLinks`; nil
    /// when it cannot be opened, with `errno` as `open(2)` left it. The caller closes it, and
    /// should check with `kind(ofDescriptor:)` that it opened a regular file.
    public static func openForReadingWithoutBlocking(_ path: String, followingLinks: Bool = true) -> Int32? {
        let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC | (followingLinks ? 0 : O_NOFOLLOW))
        return descriptor >= 0 ? descriptor : nil
    }

    /// Everything left to read from `descriptor` (a regular file), or nil on a read error.
    public static func readAll(_ descriptor: Int32) -> [UInt8]? {
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = buffer.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                return nil
            }
            if count == 0 { return bytes }
            bytes.append(contentsOf: buffer[0..<count])
        }
    }

    /// At most `count` bytes from `descriptor`, fewer at its end; nil on a read error. A file
    /// swapped for a larger one after it was looked at is not read past them.
    public static func read(_ descriptor: Int32, upTo count: Int) -> [UInt8]? {
        var bytes: [UInt8] = [], buffer = [UInt8](repeating: 0, count: 1 << 16)
        while bytes.count < count {
            let wanted = min(buffer.count, count - bytes.count)
            let got = buffer.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, wanted) }
            if got < 0, errno == EINTR { continue }
            guard got >= 0 else { return nil }
            if got == 0 { break }
            bytes += buffer[0..<got]
        }
        return bytes
    }

    /// Why `writeAll(descriptor:bytes:)` stopped short.
    public enum WriteFailure: Error, Equatable, Sendable {
        /// `write(2)` failed with this `errno` (never `EINTR`, which is retried).
        case failed(errno: Int32)
        /// `write(2)` returned 0: the file took no bytes.
        case tookNothing

        /// `strerror`'s text, or "no space was taken".
        public var reason: String {
            switch self {
            case .failed(let code): String(cString: strerror(code))
            case .tookNothing: "no space was taken"
            }
        }
    }

    /// Writes every byte of `bytes` to `descriptor`, in as many `write(2)` calls as it takes,
    /// retrying a call a signal interrupted (`EINTR`). Throws at the first call that fails or
    /// takes nothing; the bytes before it are written. No copy is made.
    public static func writeAll(descriptor: Int32, bytes: UnsafeRawBufferPointer) throws(WriteFailure) {
        var written = 0
        while written < bytes.count {
            let result = write(descriptor, bytes.baseAddress! + written, bytes.count - written)
            if result < 0 {
                if errno == EINTR { continue }
                throw .failed(errno: errno)
            }
            if result == 0 { throw .tookNothing }
            written += result
        }
    }

    /// `writeAll(descriptor:bytes:)` for an array, read in place.
    public static func writeAll(descriptor: Int32, bytes: [UInt8]) throws(WriteFailure) {
        // withUnsafeBytes rethrows untyped; the failure is carried out of the closure instead.
        let failure: WriteFailure? = bytes.withUnsafeBytes { buffer in
            do throws(WriteFailure) {
                try writeAll(descriptor: descriptor, bytes: buffer)
                return nil
            } catch {
                return error
            }
        }
        if let failure { throw failure }
    }

    /// The bytes of `path`, or nil when it cannot be read or is not a regular file: opened without
    /// blocking and checked once open, so a FIFO or a device where a file is expected never
    /// stalls a command.
    public static func contents(of path: String) -> [UInt8]? {
        guard let descriptor = openForReadingWithoutBlocking(path) else { return nil }
        defer { close(descriptor) }
        guard kind(ofDescriptor: descriptor) == .regularFile else { return nil }
        return readAll(descriptor)
    }

    /// Closes a descriptor opened by `openForReadingWithoutBlocking`.
    public static func close(_ descriptor: Int32) {
        _ = Glibc.close(descriptor)
    }

    /// The current working folder (`getcwd`); "." when it cannot be told.
    public static var currentFolder: String {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        guard getcwd(&buffer, buffer.count) != nil else { return "." }
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// The first `count` bytes of `path` (fewer when it is shorter, none when it cannot be read
    /// or is not a regular file): a PNG's header, read without its pixels, never blocking on a
    /// FIFO or a device.
    public static func prefix(of path: String, count: Int) -> [UInt8] {
        guard count > 0, let descriptor = openForReadingWithoutBlocking(path) else { return [] }
        defer { close(descriptor) }
        guard kind(ofDescriptor: descriptor) == .regularFile else { return [] }
        var buffer = [UInt8](repeating: 0, count: count)
        let read = buffer.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, count) }
        return read > 0 ? Array(buffer[0..<read]) : []
    }
}
