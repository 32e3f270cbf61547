import ArgumentParser
import ZoetropeCore
import ZoetropeFiles
import ZoetropeFormat
import ZoetropeRender

/// Writes one line to standard error, its control characters escaped: a newline or an escape
/// sequence in user data (a file name, a layer id) can neither forge a second line nor reach the
/// terminal. The one way the CLI writes a message.
func printError(_ text: String) {
    StandardStream.error.write(text.escapingControlCharacters() + "\n")
}

/// Writes each line of `error`, escaped.
func printError(_ error: RenderError) {
    for line in error.lines { printError(line) }
}

/// Writes one line to standard output, its control characters escaped (a summary or result line
/// that quotes user data). Data a command outputs as such (CSV, JSON, the schema) is printed as it is.
func printLine(_ text: String) {
    StandardStream.output.write(text.escapingControlCharacters() + "\n")
}

/// Writes a JSON line to standard output as it is: JSON escapes control characters by
/// construction. Written as `printLine` writes, so the two keep their order.
func printJSONLine(_ json: String) {
    StandardStream.output.write(json + "\n")
}

/// Prints every diagnostic and returns the exit code they call for.
func report(_ error: SceneLoadError) -> ExitCode {
    for diagnostic in error.diagnostics { printError(diagnostic.description) }
    return ExitCode(error.kind)
}

/// The number of online cores: the default of `--jobs`.
var coreCount: Int { CurrentProcess.onlineCoreCount }

/// `report` as JSON, or a message and exit 70 when a value cannot be written (NaN or an infinity
/// that got past the engine): never a report that holds an error and exits 0.
func reportJSON(_ report: () throws(ReportEncodingError) -> String, command: String) throws -> String {
    do {
        return try report()
    } catch {
        printError("zoetrope \(command): \(error)")
        throw ExitCode(ExitStatus.internalFailure)
    }
}

/// A usage error found only once the scene is read (a `--keys` or `--frames` that names what the
/// scene lacks): said with the command's own help, exit 64. A `ValidationError` thrown from
/// `run()` would print the top-level usage instead.
func usageFailure(_ message: String, command: String) -> ExitCode {
    printError("Error: \(message)")
    printError("  See 'zoetrope \(command) --help' for more information.")
    return ExitCode(ExitStatus.usage)
}
