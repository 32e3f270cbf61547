import ZoetropeCore
import ZoetropeRender
import ZoetropeFiles

/// A folder of rendered frames and its `manifest.json`, as one render writes it: claimed for
/// this render (a journal no other render's process may share), the frames of an earlier,
/// different render removed, the frames already done kept for `--resume`, each new frame put on
/// record as it is renamed into place, and the manifest rebuilt from every record at the end,
/// under a lock, so shards writing into one folder lose nothing.
public final class RenderFolder: Sendable {
    public let directory: String
    /// The render's manifest without frames: what an earlier render's is compared with.
    public let header: RenderManifest
    private let journal: RenderJournal
    /// Frames on record for this same render: in its manifest, or in the journals of runs that
    /// were killed (or of shards still running).
    public let kept: [Int: RenderManifest.Frame]
    /// Journals of killed runs, merged into manifest.json by `finish()`.
    private let journals: [String]

    /// Claims `directory` for the render `header` describes (`cannotCreate` when another live process
    /// renders something else there) and removes what an earlier, different render left.
    public init(directory: String, header: RenderManifest) throws(RenderError) {
        try AtomicFile.makeDirectory(directory)
        AtomicFile.removeLeftovers(in: directory)
        self.directory = directory
        self.header = header
        // Started under the manifest lock once no other live process is writing a different
        // render here, before the earlier render's frames are removed below, which could be another's.
        journal = try RenderJournal.claim(directory: directory, header: header)
        var kept: [Int: RenderManifest.Frame] = [:]
        let found: (frames: [RenderManifest.Frame], journals: [String])
        do {
            if let previous = try RenderManifest.read(directory + "/manifest.json") {
                if previous.isSameRender(as: header) {
                    for frame in previous.frames { kept[frame.index] = frame }
                } else {
                    // Another scene, other overrides or settings: the earlier render's frames would
                    // be stale beside these. Remove exactly the frame files its manifest listed
                    // (single names, checked when it was read), nothing else.
                    for file in Set(previous.frames.map(\.file)) where Self.isOutputName(file, scene: previous.scene) {
                        AtomicFile.remove(directory + "/" + file)
                    }
                    // So are the pages made from them (a viewer showing "frame 100 / 150" and
                    // broken images, a contact sheet of other moments): `view` and `sheet` make
                    // them again from this render.
                    for page in Self.pages { AtomicFile.remove(directory + "/" + page) }
                }
            }
            found = try RenderJournal.frames(in: directory, for: header)
        } catch {
            journal.remove()
            throw error
        }
        for frame in found.frames { kept[frame.index] = frame }
        self.kept = kept
        journals = found.journals
    }

    /// The frames of `selected` that are not done: not on record, or whose file is missing or
    /// not the bytes on record (`--resume`).
    public func unfinished(_ selected: [Int]) throws(RenderError) -> [Int] {
        var missing: [Int] = []
        for index in selected {
            do throws(RenderError) {
                guard let frame = kept[index], let bytes = try RenderManifest.bytes(of: frame, in: directory),
                      SHA256Digest(bytes).hex == frame.sha256 else {
                    missing.append(index)
                    continue
                }
            } catch {
                journal.remove()
                throw error
            }
        }
        return missing
    }

    /// The pages `view` and `sheet` write beside a render's frames, from its manifest.
    public static let pages = ["index.html", "sheet.png"]

    /// `name`'s path in the folder.
    public func path(of name: String) -> String { directory + "/" + name }

    /// Puts a frame that is now in place on record.
    public func record(_ frame: RenderManifest.Frame) throws(RenderError) { try journal.record(frame) }

    /// Rebuilds manifest.json from every record (this run's, earlier runs', shards'), and drops
    /// the journals of killed runs on this host, which are now in it.
    public func finish() throws(RenderError) {
        try RenderManifest.merge(in: directory, header: header, finishing: journal)
        for path in journals where RenderJournal.isAbandoned(path) { AtomicFile.remove(path) }
    }

    /// After a failure: whatever was finished goes into manifest.json if it can still be
    /// written; if not, the journal stays for `--resume` or `manifest merge`.
    public func abandon() {
        _ = try? RenderManifest.merge(in: directory, header: header, finishing: journal)
    }

    /// Ends a render whose frames are one document: its manifest lists the frames it holds,
    /// nothing else. (The journal, its header only, held the folder while it was written.)
    public func finish(document frames: [RenderManifest.Frame]) throws(RenderError) {
        defer { journal.remove() }
        var manifest = header
        manifest.frames = frames
        try manifest.write(to: directory + "/manifest.json")
        for path in journals where RenderJournal.isAbandoned(path) { AtomicFile.remove(path) }
    }

    /// Releases the folder without a manifest (a document that could not be written).
    public func release() { journal.remove() }

    /// The digits of a frame's number in its file name: those of the last frame's, at least 5.
    public static func frameDigits(frameCount: Int) -> Int { max(5, String(max(frameCount - 1, 0)).count) }

    /// `frame_00042.png`, padded to fit the render's frame count (at least 5 digits).
    public static func fileName(ofFrame index: Int, frameCount: Int, extension fileExtension: String = "png") -> String {
        let digits = frameDigits(frameCount: frameCount)
        let number = String(index)
        return "frame_" + String(repeating: "0", count: max(0, digits - number.count)) + number + "." + fileExtension
    }

    /// True for a name a render writes: `frame_NNNNN.png` or `.svg`, or the scene's PDF.
    static func isOutputName(_ file: String, scene: String) -> Bool {
        if file == scene + ".pdf" { return true }
        guard file.hasPrefix("frame_"), file.hasSuffix(".png") || file.hasSuffix(".svg") else { return false }
        let digits = file.dropFirst("frame_".count).dropLast(4)
        return !digits.isEmpty && digits.allSatisfy { $0.isASCII && $0.isNumber }
    }

    /// Gives `directory` the frames already rendered in `source` (a sweep variant whose scene
    /// resolves to the same as an earlier one's): each file hard-linked (copied where links are
    /// not allowed) and swapped in atomically, with a manifest of its own listing `overrides`.
    public static func shareFrames(of source: String, into directory: String, overrides: [String]) throws(RenderError) {
        guard var manifest = try RenderManifest.read(source + "/manifest.json") else {
            throw RenderError(message: "\(source)/manifest.json: missing or unreadable", kind: .internalFailure, file: source + "/manifest.json")
        }
        try AtomicFile.makeDirectory(directory)
        AtomicFile.removeLeftovers(in: directory)
        for file in Set(manifest.frames.map(\.file)).sorted() {
            try AtomicFile.hardLink(source + "/" + file, to: directory + "/" + file)
        }
        manifest.overrides = overrides
        try manifest.write(to: directory + "/manifest.json")
    }
}
