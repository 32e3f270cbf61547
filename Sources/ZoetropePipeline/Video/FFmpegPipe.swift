#if canImport(Glibc)
import Glibc
#endif
import ZoetropeFiles
import ZoetropeRender

/// The real `ffmpeg`, run with raw frames written to its standard input (no temporary files).
/// Its messages go to a file beside the output, read back when it fails.
final class FFmpegPipe {
    private let process: pid_t
    private var input: Int32
    private let log: String
    private let output: String

    /// Starts `ffmpeg arguments…`, which writes `output`. Exit 73 when ffmpeg is not installed
    /// (the message says what to install).
    init(arguments: [String], output: String) throws(RenderError) {
        guard let executable = Self.find("ffmpeg") else {
            throw RenderError(message: "\(output): writing this format needs ffmpeg, which is not installed here; install it (apt-get install ffmpeg) or write .apng, which needs nothing", exitCode: 73)
        }
        self.output = output
        log = AtomicFile.temporaryPath(for: output) + ".log"
        var pipeEnds: [Int32] = [0, 0]
        guard pipe(&pipeEnds) == 0 else { throw RenderError(message: "\(output): cannot make a pipe to ffmpeg", exitCode: 74) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, pipeEnds[0], 0)
        posix_spawn_file_actions_addclose(&actions, pipeEnds[1])
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, log, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        var pid: pid_t = 0
        let status = posix_spawn(&pid, executable, &actions, nil, argv, environ)
        close(pipeEnds[0])
        guard status == 0 else {
            close(pipeEnds[1])
            throw RenderError(message: "\(output): cannot start \(executable): \(String(cString: strerror(status)))", exitCode: 74)
        }
        process = pid
        input = pipeEnds[1]
        // A write to a pipe whose reader has gone must fail with EPIPE, not end this process.
        signal(SIGPIPE, SIG_IGN)
    }

    deinit {
        if input >= 0 {
            close(input)
            var status: Int32 = 0
            waitpid(process, &status, 0)
        }
        unlink(log)
    }

    /// Writes one frame's bytes; exit 74 when ffmpeg has stopped reading.
    func write(_ bytes: [UInt8]) throws(RenderError) {
        do throws(FileSystem.WriteFailure) {
            try FileSystem.writeAll(descriptor: input, bytes: bytes)
        } catch {
            throw failure()
        }
    }

    /// Closes ffmpeg's input and waits for it; exit 74 with its message when it failed.
    func finish() throws(RenderError) {
        close(input)
        input = -1
        var status: Int32 = 0
        while waitpid(process, &status, 0) < 0 && errno == EINTR {}
        guard status == 0 else { throw failure() }
    }

    /// Closes ffmpeg's input and waits for it to end, whatever it wrote (a run that failed).
    func stop() {
        guard input >= 0 else { return }
        close(input)
        input = -1
        var status: Int32 = 0
        waitpid(process, &status, 0)
    }

    private func failure() -> RenderError {
        stop()
        let message = AtomicFile.read(log).map { String(decoding: $0, as: UTF8.self) } ?? ""
        let lines = message.split(separator: "\n").suffix(3).joined(separator: " / ")
        return RenderError(message: "\(output): ffmpeg failed: \(lines.isEmpty ? "no message" : lines)", exitCode: 74)
    }

    /// The path of `name` on `PATH`, or nil.
    static func find(_ name: String) -> String? {
        let path = getenv("PATH").map { String(cString: $0) } ?? "/usr/bin:/bin"
        for folder in path.split(separator: ":") where access("\(folder)/\(name)", X_OK) == 0 {
            return "\(folder)/\(name)"
        }
        return nil
    }
}
