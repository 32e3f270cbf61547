import ZoetropeFiles

extension AtomicFile {
    /// Draws a PNG with `draw` and writes it to `path` atomically; a drawing failure is
    /// `internalFailure`.
    static func writePNG(to path: String, _ draw: () throws(CairoError) -> [UInt8]) throws(RenderError) {
        let png: [UInt8]
        do {
            png = try draw()
        } catch {
            throw RenderError(message: "\(path): cannot draw it: \(error)", kind: .internalFailure, file: path)
        }
        try write(png, to: path)
    }
}
