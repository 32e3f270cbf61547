import ZoetropeFiles
import ZoetropeRender

/// What a file `preview` watches looks like now, found cheaply: what `stat` says through
/// `FileSystem` (whether it is there, what it is, its size, modification time, device and
/// inode) and, for a small regular file, a digest of its bytes. Two stamps differ when the file
/// changed; a file larger than the hashing size is never read to make one.
struct FileStamp: Equatable, Sendable {
    /// False when nothing is there (or it cannot be looked at).
    var exists: Bool
    var isRegularFile = false
    /// Bytes, as `stat` gives them.
    var size = 0
    /// Its device, inode, size and modification time.
    var identity: FileSystem.Identity?
    /// SHA-256 of the bytes of a regular file of at most the hashing size; nil otherwise.
    var digest: [UInt8]?

    /// A stamp of what is at `path` (links followed), its bytes hashed when it is a regular file
    /// of at most `hashingUpTo` bytes; `read` is called before each such read.
    static func of(_ path: String, hashingUpTo: Int, read: () -> Void = {}) -> FileStamp {
        guard let identity = FileSystem.identity(at: path) else { return FileStamp(exists: false) }
        var stamp = FileStamp(exists: true, isRegularFile: FileSystem.isRegularFile(path), size: Int(identity.size), identity: identity)
        guard stamp.isRegularFile, stamp.size <= hashingUpTo,
              let descriptor = FileSystem.openForReadingWithoutBlocking(path) else { return stamp }
        defer { FileSystem.close(descriptor) }
        read()
        stamp.digest = FileSystem.read(descriptor, upTo: hashingUpTo + 1).map { SHA256Digest($0).bytes }
        return stamp
    }
}
