#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Writes files so that a reader sees the whole old file or the whole new one, never half:
/// the bytes go to a hidden temporary file in the same folder, which is then renamed.
public enum AtomicFile {
    /// The suffix of temporary files, so an interrupted render's leftovers can be found.
    public static let temporarySuffix = ".zoetrope-tmp"

    /// A hidden name beside `path` for writing it before the rename, stamped with its owner.
    public static func temporaryPath(for path: String) -> String {
        let slash = path.lastIndex(of: "/")
        let folder = slash.map { String(path[..<$0]) } ?? "."
        let name = slash.map { String(path[path.index(after: $0)...]) } ?? path
        return "\(folder)/.\(name).\(ProcessStamp.current)\(temporarySuffix)"
    }

    /// Moves a finished temporary file into place.
    public static func rename(_ temporary: String, to path: String) throws(ZoetropeError) {
        guard Glibc.rename(temporary, path) == 0 else {
            let reason = lastError()
            unlink(temporary)
            throw ZoetropeError.writeFailed(path, reason: reason)
        }
    }

    /// Removes a file, if it is there.
    public static func remove(_ path: String) { unlink(path) }

    /// Writes `bytes` to `path` atomically; `cannotCreate` when it cannot be created, `io` when writing fails.
    public static func write(_ bytes: [UInt8], to path: String) throws(ZoetropeError) {
        let file = try Writer(path)
        try file.append(bytes)
        try file.commit()
    }

    /// A file written piece by piece into its temporary file, and put in place by `commit()`;
    /// dropped unfinished, it leaves nothing behind.
    public final class Writer {
        public let path: String
        private let temporary: String
        private var descriptor: Int32

        /// `cannotCreate` when the file cannot be created.
        public init(_ path: String) throws(ZoetropeError) {
            self.path = path
            temporary = AtomicFile.temporaryPath(for: path)
            descriptor = open(temporary, O_CREAT | O_WRONLY | O_TRUNC | O_CLOEXEC | O_NOFOLLOW, 0o644)
            guard descriptor >= 0 else { throw ZoetropeError.cannotCreate(path, reason: lastError()) }
        }

        deinit {
            if descriptor >= 0 {
                close(descriptor)
                unlink(temporary)
            }
        }

        /// `io` when writing fails.
        public func append(_ bytes: [UInt8]) throws(ZoetropeError) {
            do throws(FileSystem.WriteFailure) {
                try FileSystem.writeAll(descriptor: descriptor, bytes: bytes)
            } catch {
                throw ZoetropeError.writeFailed(path, reason: error.reason)
            }
        }

        /// Closes the file and renames it into place.
        public func commit() throws(ZoetropeError) {
            let closed = close(descriptor) == 0
            descriptor = -1
            guard closed else {
                let reason = lastError()
                unlink(temporary)
                throw ZoetropeError.writeFailed(path, reason: reason)
            }
            try rename(temporary, to: path)
        }
    }

    /// Makes `path` name the same file as `source` (a hard link, or a copy where the file
    /// system refuses links), swapped in atomically.
    public static func hardLink(_ source: String, to path: String) throws(ZoetropeError) {
        let temporary = temporaryPath(for: path)
        guard link(source, temporary) == 0 else {
            guard let bytes = read(source) else { throw ZoetropeError(message: "\(source): cannot read: \(lastError())", kind: .io, file: source) }
            try write(bytes, to: path)
            return
        }
        try rename(temporary, to: path)
    }

    /// True when `path` exists and can be read (without reading it).
    public static func isReadable(_ path: String) -> Bool { access(path, R_OK) == 0 }

    /// The bytes of `path`, or nil when it cannot be read or is not a regular file: opened without
    /// blocking and checked once open, so a FIFO or a device where a file is expected never
    /// stalls a command.
    public static func read(_ path: String) -> [UInt8]? { FileSystem.contents(of: path) }

    /// Creates `path` and its parents.
    public static func makeDirectory(_ path: String) throws(ZoetropeError) {
        if let reason = FolderListing.create(path) { throw ZoetropeError.cannotCreate(path, reason: reason) }
    }

    /// Removes the temporary files that killed processes on this host left in `folder`; those of
    /// live processes (shards writing into the same folder) and of other hosts stay.
    public static func removeLeftovers(in folder: String) {
        for name in FolderListing.names(in: folder) where name.hasPrefix(".") && name.hasSuffix(temporarySuffix) {
            let stem = name.dropLast(temporarySuffix.count)
            guard let dot = stem.lastIndex(of: "."), ProcessStamp.isAbandoned(stem[stem.index(after: dot)...]) else { continue }
            unlink("\(folder)/\(name)")
        }
    }

    private static func lastError() -> String { String(cString: strerror(errno)) }
}
