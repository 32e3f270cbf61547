#if canImport(Glibc)
import Glibc
#endif

/// Names the process that owns a file in a frame folder, `<host>-<pid>`, so that processes on
/// several machines can share the folder (shards of one render on a shared volume) and each
/// cleans up only after processes that are known to be gone: one on this host that no longer runs.
public enum ProcessStamp {
    /// This process's stamp.
    public static let current = "\(hostName)-\(getpid())"

    /// This machine's name as stamps carry it (letters, digits and dashes; no dots, so a stamp
    /// can end a dotted file name).
    public static let hostName: String = {
        var host = [CChar](repeating: 0, count: 256)
        gethostname(&host, host.count)
        let name = String(decoding: host.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self).filter { $0.isLetter || $0.isNumber || $0 == "-" }
        return name.isEmpty ? "host" : name
    }()

    /// True when `stamp` names a process on this host that is running (this one included).
    public static func isLive(_ stamp: Substring) -> Bool {
        guard let dash = stamp.lastIndex(of: "-"), stamp[..<dash] == hostName,
              let pid = Int32(stamp[stamp.index(after: dash)...]), pid > 0 else { return false }
        return pid == getpid() || kill(pid, 0) == 0 || errno == EPERM
    }

    /// True when `stamp` names a process on this host, other than this one, that no longer runs.
    /// A stamp of another host, or of a live process, is not abandoned: its owner may still write.
    public static func isAbandoned(_ stamp: Substring) -> Bool {
        guard let dash = stamp.lastIndex(of: "-"), stamp[..<dash] == hostName,
              let pid = Int32(stamp[stamp.index(after: dash)...]), pid != getpid() else { return false }
        return kill(pid, 0) != 0 && errno == ESRCH
    }
}
