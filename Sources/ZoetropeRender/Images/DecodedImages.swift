import Synchronization
import ZoetropeCore
import ZoetropeFiles

/// The images drawn in this process, each decoded once: the check before a render
/// (`RasterImage.checkPNG`, which `SceneInputs` calls for every image layer) and every worker's
/// drawer ask here, so an image shown by twenty layers, checked before the first frame and
/// drawn by every worker, is decoded once, not once per layer and once more per worker (a
/// progressive JPEG takes a second or more at 4096²).
///
/// A source is an image layer's `image`: a data URL (looked up by its text: hashed by its
/// length and ends, compared whole, so the same string shared by many layers costs nothing to
/// find) or a file path (looked up with the file's device, inode, size and modification time,
/// so a file changed since, as `preview` sees it, is decoded again). A failure is kept as an
/// image is, so an image that does not decode is not tried again by each worker.
///
/// Each caller gets a surface of its own over the one decoded copy of the pixels
/// (`CairoImageSurface(sharingPixelsOf:)`): a drawer's Cairo surface is never shared between
/// threads, the pixels never change once decoded. Images no longer asked for are kept while
/// they take at most `keptBytes` (their pixels and their data URL's text), the least recently
/// asked for dropped first; one in use by a drawer lives on with it.
final class DecodedImages: Sendable {
    /// The store every drawer and check of the process shares.
    static let shared = DecodedImages()

    /// The bytes of images (pixels, and the text of data URLs) kept for a next use: two of the
    /// largest images an image layer may show.
    static let keptBytes = 8 * SceneLimits.surfacePixels

    /// One decoded image: its pixels never change, and its Cairo surface is only ever read (as
    /// the pixels of the surfaces handed out), so it may be shared between threads.
    private final class Decoded: @unchecked Sendable {
        let surface: CairoImageSurface
        init(_ surface: CairoImageSurface) { self.surface = surface }
    }

    private struct Key: Hashable {
        var source: ImageSourceText
        /// The file's identity when the source is a file.
        var file: FileSystem.Identity?
    }

    private struct Entry {
        var image: Result<Decoded, CairoError>
        var bytes: Int
        var lastUse: Int
    }

    private struct State {
        var entries: [Key: Entry] = [:]
        var bytes = 0
        var uses = 0
        var decodes = 0
    }

    private let state = Mutex(State())
    /// Held while an image is decoded, so that a worker asking for an image another is
    /// decoding waits for it instead of decoding it too.
    private let decoding = Mutex(())

    init() {}

    /// How many images this store has decoded (or failed to): what tests count.
    var decodeCount: Int { state.withLock { $0.decodes } }

    /// The image `source` names (a data URL, or a PNG, JPEG or WebP file), decoded on its first
    /// use in the process, as a surface of the caller's own; throws why it cannot be drawn.
    func image(_ source: String) throws(CairoError) -> CairoImageSurface {
        let key = Key(source: ImageSourceText(source), file: DataURL.isDataURL(source) ? nil : FileSystem.identity(at: source))
        let outcome = lookUp(key) ?? decoding.withLock { _ in
            // Another worker may have decoded it while this one waited.
            if let known = lookUp(key) { return known }
            let decoded = Result { () throws(CairoError) in
                let surface = try Self.decode(source)
                surface.flush()
                return Decoded(surface)
            }
            remember(decoded, for: key)
            return decoded
        }
        return try CairoImageSurface(sharingPixelsOf: try outcome.get().surface)
    }

    /// The kept outcome for `key`, marked as just used.
    private func lookUp(_ key: Key) -> Result<Decoded, CairoError>? {
        state.withLock { state in
            guard var entry = state.entries[key] else { return nil }
            state.uses += 1
            entry.lastUse = state.uses
            state.entries[key] = entry
            return entry.image
        }
    }

    /// Keeps `image` for `key`, dropping the least recently used past `keptBytes` (never the
    /// one just decoded).
    private func remember(_ image: Result<Decoded, CairoError>, for key: Key) {
        var bytes = key.file == nil ? key.source.text.utf8.count : 0
        if case .success(let decoded) = image { bytes += decoded.surface.byteCount }
        state.withLock { state in
            state.uses += 1
            state.decodes += 1
            state.entries[key] = Entry(image: image, bytes: bytes, lastUse: state.uses)
            state.bytes += bytes
            while state.bytes > Self.keptBytes, state.entries.count > 1,
                  let oldest = state.entries.filter({ $0.key != key }).min(by: { $0.value.lastUse < $1.value.lastUse }) {
                state.entries[oldest.key] = nil
                state.bytes -= oldest.value.bytes
            }
        }
    }

    /// Decodes `source`: a base64 data URL, else a file.
    private static func decode(_ source: String) throws(CairoError) -> CairoImageSurface {
        guard DataURL.isDataURL(source) else { return try CairoImageSurface(png: source) }
        guard let url = DataURL(source) else {
            throw CairoError(message: "only base64 data URLs can be drawn (found \(String(source.prefix(40)))…)", operation: "reading an embedded image")
        }
        return try CairoImageSurface(dataURL: url)
    }
}
