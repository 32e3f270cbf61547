#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A program run beside this process (`posix_spawn`), fed through a pipe to its standard input,
/// its standard output discarded and its standard error written to a file: how `ffmpeg` is run.
public final class ChildProcess {
    /// Why a program could not be started.
    public enum StartFailure: Error, Equatable, Sendable {
        /// `pipe(2)` failed.
        case noPipe
        /// `posix_spawn` failed with this `errno`.
        case spawn(errno: Int32)

        /// `strerror`'s text.
        public var reason: String {
            switch self {
            case .noPipe: "cannot make a pipe"
            case .spawn(let code): String(cString: strerror(code))
            }
        }
    }

    private let process: pid_t
    private var input: Int32

    /// Starts `executable arguments…` with its standard error written to `errorLog` (created or
    /// truncated). Writing to it after it has ended fails with `EPIPE` instead of ending this
    /// process (`SIGPIPE` is ignored from then on).
    public init(executable: String, arguments: [String], errorLog: String) throws(StartFailure) {
        var pipeEnds: [Int32] = [0, 0]
        guard pipe(&pipeEnds) == 0 else { throw .noPipe }
        // Close-on-exec: a second child started while this one runs must not hold its input open
        // (the child's own standard input is a dup2 of the read end, which keeps it).
        for end in pipeEnds { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, pipeEnds[0], 0)
        posix_spawn_file_actions_addclose(&actions, pipeEnds[1])
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, errorLog, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        var pid: pid_t = 0
        let status = posix_spawn(&pid, executable, &actions, nil, argv, environ)
        close(pipeEnds[0])
        guard status == 0 else {
            close(pipeEnds[1])
            throw .spawn(errno: status)
        }
        process = pid
        input = pipeEnds[1]
        // A write to a pipe whose reader has gone must fail with EPIPE, not end this process.
        signal(SIGPIPE, SIG_IGN)
    }

    deinit { _ = closeInputAndWait() }

    /// Writes every byte of `bytes` to its standard input.
    public func write(_ bytes: [UInt8]) throws(FileSystem.WriteFailure) {
        try FileSystem.writeAll(descriptor: input, bytes: bytes)
    }

    /// Closes its standard input and waits for it to end: its wait status (0 for a clean exit),
    /// nil when the input was closed already.
    public func closeInputAndWait() -> Int32? {
        guard input >= 0 else { return nil }
        close(input)
        input = -1
        var status: Int32 = 0
        while waitpid(process, &status, 0) < 0 && errno == EINTR {}
        return status
    }

    /// The path of the executable `name` on `PATH` (`/usr/bin:/bin` without one), or nil.
    public static func find(_ name: String) -> String? {
        let path = CurrentProcess.environmentValue("PATH") ?? "/usr/bin:/bin"
        for folder in path.split(separator: ":") where access("\(folder)/\(name)", X_OK) == 0 {
            return "\(folder)/\(name)"
        }
        return nil
    }
}
