/// Names the process that owns a file in a frame folder, `<host>-<pid>`, so that processes on
/// several machines can share the folder (shards of one render on a shared volume) and each
/// cleans up only after processes that are known to be gone: one on this host that no longer runs.
public enum ProcessStamp {
    /// This process's stamp.
    public static let current = "\(hostName)-\(CurrentProcess.id)"

    /// This machine's name as stamps carry it (letters, digits and dashes; no dots, so a stamp
    /// can end a dotted file name).
    public static let hostName: String = {
        let name = CurrentProcess.hostName.filter { $0.isLetter || $0.isNumber || $0 == "-" }
        return name.isEmpty ? "host" : name
    }()

    /// True when `stamp` names a process on this host that is running (this one included).
    public static func isLive(_ stamp: Substring) -> Bool {
        guard let dash = stamp.lastIndex(of: "-"), stamp[..<dash] == hostName,
              let pid = Int32(stamp[stamp.index(after: dash)...]), pid > 0 else { return false }
        return CurrentProcess.isRunning(pid)
    }

    /// True when `stamp` names a process on this host, other than this one, that no longer runs.
    /// A stamp of another host, or of a live process, is not abandoned: its owner may still write.
    public static func isAbandoned(_ stamp: Substring) -> Bool {
        guard let dash = stamp.lastIndex(of: "-"), stamp[..<dash] == hostName,
              let pid = Int32(stamp[stamp.index(after: dash)...]), pid != CurrentProcess.id else { return false }
        return CurrentProcess.hasEnded(pid)
    }
}
