import ArgumentParser
import ZoetropeFiles

/// The one table from a failure's kind to the exit status the command ends with (SPEC §6). The
/// libraries throw `ZoetropeError` kinds and never pick a status; every status the tool ends with
/// is written here or is one of argument-parser's (64 for usage errors it finds, 0 for help).
enum ExitStatus {
    /// Everything done.
    static let success: Int32 = 0
    /// Differences found (`diff`, `test`, `manifest --verify`).
    static let differences: Int32 = 1
    /// The command line is wrong (`EX_USAGE`).
    static let usage: Int32 = 64
    /// A scene, a report or other data is invalid or past a limit (`EX_DATAERR`).
    static let invalidData: Int32 = 65
    /// An input is missing or unreadable (`EX_NOINPUT`).
    static let missingInput: Int32 = 66
    /// Zoetrope itself failed (`EX_SOFTWARE`).
    static let internalFailure: Int32 = 70
    /// An output cannot be created (`EX_CANTCREAT`).
    static let cannotCreate: Int32 = 73
    /// Reading or writing failed part way (`EX_IOERR`).
    static let io: Int32 = 74

    /// The status for a failure of `kind`.
    static func of(_ kind: ZoetropeError.Kind) -> Int32 {
        switch kind {
        case .invalidInput, .limit: invalidData
        case .missingInput: missingInput
        case .cannotCreate: cannotCreate
        case .io: io
        case .misuse: usage
        case .internalFailure: internalFailure
        }
    }
}

extension ExitCode {
    /// The exit code for a failure of `kind` (`ExitStatus.of`).
    init(_ kind: ZoetropeError.Kind) { self.init(ExitStatus.of(kind)) }
}
