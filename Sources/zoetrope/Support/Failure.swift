import ArgumentParser
#if canImport(Glibc)
import Glibc
#endif
import ZoetropeFormat

/// Writes a line to standard error.
func printError(_ text: String) {
    var line = Array((text + "\n").utf8)[...]
    while !line.isEmpty {
        let written = line.withUnsafeBytes { write(STDERR_FILENO, $0.baseAddress, $0.count) }
        guard written > 0 else { return }
        line = line.dropFirst(written)
    }
}

/// Prints every diagnostic and returns the exit code they call for.
func report(_ error: SceneLoadError) -> ExitCode {
    for diagnostic in error.diagnostics { printError(diagnostic.description) }
    return ExitCode(error.exitCode)
}

/// The number of online cores: the default of `--jobs`.
var coreCount: Int { max(1, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN)))) }

/// `report` as JSON, or a message and exit 70 when a value cannot be written (NaN or an infinity
/// that got past the engine): never a report that holds an error and exits 0.
func reportJSON(_ report: () throws(ReportEncodingError) -> String, command: String) throws -> String {
    do {
        return try report()
    } catch {
        printError("zoetrope \(command): \(error)")
        throw ExitCode(70)
    }
}

/// A usage error found only once the scene is read (a `--keys` or `--frames` that names what the
/// scene lacks): said with the command's own help, exit 64. A `ValidationError` thrown from
/// `run()` would print the top-level usage instead.
func usageFailure(_ message: String, command: String) -> ExitCode {
    printError("Error: \(message)\n  See 'zoetrope \(command) --help' for more information.")
    return ExitCode(64)
}
