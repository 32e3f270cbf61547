/// Why a render stopped, with the exit code of SPEC §6.
public struct RenderError: Error, Hashable, Sendable, CustomStringConvertible {
    public var message: String
    /// 65 bad data, 66 missing input, 73 cannot create an output, 74 I/O error, 70 internal.
    public var exitCode: Int32

    public init(message: String, exitCode: Int32) {
        self.message = message
        self.exitCode = exitCode
    }

    public var description: String { message }

    static func cannotCreate(_ path: String, reason: String) -> RenderError {
        RenderError(message: "\(path): cannot create: \(reason)", exitCode: 73)
    }

    static func writeFailed(_ path: String, reason: String) -> RenderError {
        RenderError(message: "\(path): write failed: \(reason)", exitCode: 74)
    }
}
