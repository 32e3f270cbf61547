import ZoetropeFiles

/// Why a render stopped: the one error type of the libraries, `ZoetropeError` (its `kind`, the
/// file, the document path and one message per line), under the name the drawing and pipeline
/// code has always thrown.
public typealias RenderError = ZoetropeError
