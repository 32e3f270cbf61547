internal import CCairo

/// A failure reported by Cairo.
public struct CairoError: Error, Hashable, Sendable, CustomStringConvertible {
    /// Cairo's own description of the status.
    public var message: String
    /// What we were doing.
    public var operation: String

    public init(message: String, operation: String) {
        self.message = message
        self.operation = operation
    }

    public var description: String { "\(operation): \(message)" }
}

/// The one place a `cairo_status_t` becomes a Swift error.
func check(_ status: cairo_status_t, _ operation: @autoclosure () -> String) throws(CairoError) {
    guard status != CAIRO_STATUS_SUCCESS else { return }
    throw CairoError(message: String(cString: cairo_status_to_string(status)), operation: operation())
}

/// The version of the Cairo library in use, such as "1.16.0".
public var cairoVersion: String { String(cString: cairo_version_string()) }
