#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// This process and its neighbours on the machine: its id, whether another process still runs,
/// its environment, the cores it may use and the signals it ignores.
public enum CurrentProcess {
    /// This process's id (`getpid`).
    public static var id: Int32 { getpid() }

    /// This machine's name (`gethostname`), as the system gives it; empty when it has none.
    public static var hostName: String {
        var host = [CChar](repeating: 0, count: 256)
        gethostname(&host, host.count)
        return String(decoding: host.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// True when process `pid` of this machine runs (this one included), as far as this process
    /// may tell: one it may not signal (`EPERM`) runs too.
    public static func isRunning(_ pid: Int32) -> Bool {
        pid == getpid() || kill(pid, 0) == 0 || errno == EPERM
    }

    /// True when no process `pid` exists on this machine (`ESRCH`): what allows removing its files.
    public static func hasEnded(_ pid: Int32) -> Bool {
        kill(pid, 0) != 0 && errno == ESRCH
    }

    /// The value of the environment variable `name`, or nil when it is not set.
    public static func environmentValue(_ name: String) -> String? {
        getenv(name).map { String(cString: $0) }
    }

    /// Every environment variable, by name (the first of a name set twice).
    public static var environment: [String: String] {
        var variables: [String: String] = [:]
        var entry = environ
        while let pointer = entry.pointee {
            let text = String(cString: pointer)
            if let equals = text.firstIndex(of: "="), variables[String(text[..<equals])] == nil {
                variables[String(text[..<equals])] = String(text[text.index(after: equals)...])
            }
            entry += 1
        }
        return variables
    }

    /// The number of online cores (at least 1).
    public static var onlineCoreCount: Int { max(1, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN)))) }

    /// Makes a write past the file size limit (`ulimit -f`) fail with `EFBIG`, so it ends in a
    /// message naming the file, instead of ending the process with `SIGXFSZ`.
    public static func ignoreFileSizeLimitSignal() {
        signal(SIGXFSZ, SIG_IGN)
    }
}
