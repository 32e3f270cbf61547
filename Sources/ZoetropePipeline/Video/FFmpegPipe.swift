import ZoetropeFiles
import ZoetropeRender

/// The real `ffmpeg`, run with raw frames written to its standard input (no temporary files).
/// Its messages go to a file beside the output, read back when it fails. The process itself is
/// a `ChildProcess` (ZoetropeFiles); this type says what its failures mean.
final class FFmpegPipe {
    private let process: ChildProcess
    private let log: String
    private let output: String

    /// Starts `ffmpeg arguments…`, which writes `output`. `cannotCreate` when ffmpeg is not
    /// installed (the message says what to install).
    init(arguments: [String], output: String) throws(RenderError) {
        guard let executable = ChildProcess.find("ffmpeg") else {
            throw RenderError(message: "\(output): writing this format needs ffmpeg, which is not installed here; install it (apt-get install ffmpeg) or write .apng, which needs nothing", kind: .cannotCreate, file: output)
        }
        self.output = output
        log = AtomicFile.temporaryPath(for: output) + ".log"
        do throws(ChildProcess.StartFailure) {
            process = try ChildProcess(executable: executable, arguments: arguments, errorLog: log)
        } catch .noPipe {
            throw RenderError(message: "\(output): cannot make a pipe to ffmpeg", kind: .io, file: output)
        } catch {
            throw RenderError(message: "\(output): cannot start \(executable): \(error.reason)", kind: .io, file: output)
        }
    }

    deinit {
        _ = process.closeInputAndWait()
        AtomicFile.remove(log)
    }

    /// Writes one frame's bytes; `io` when ffmpeg has stopped reading.
    func write(_ bytes: [UInt8]) throws(RenderError) {
        do throws(FileSystem.WriteFailure) {
            try process.write(bytes)
        } catch {
            throw failure()
        }
    }

    /// Closes ffmpeg's input and waits for it; `io` with its message when it failed.
    func finish() throws(RenderError) {
        guard (process.closeInputAndWait() ?? 0) == 0 else { throw failure() }
    }

    /// Closes ffmpeg's input and waits for it to end, whatever it wrote (a run that failed).
    func stop() { _ = process.closeInputAndWait() }

    private func failure() -> RenderError {
        stop()
        let message = AtomicFile.read(log).map { String(decoding: $0, as: UTF8.self) } ?? ""
        let lines = message.split(separator: "\n").suffix(3).joined(separator: " / ")
        return RenderError(message: "\(output): ffmpeg failed: \(lines.isEmpty ? "no message" : lines)", kind: .io, file: output)
    }
}
