import FoundationEssentials
import ZoetropeFiles
import ZoetropeFormat
import ZoetropeRender

/// A process's record of the frames it has written into a folder: one JSON line per frame,
/// appended as each frame is renamed into place, so a render killed at any instant leaves every
/// finished frame on record.
///
/// Beside the frames: `.zoetrope-journal-<host>-<pid>.jsonl`. The first line is the render's
/// manifest without frames (what `--resume` and a merge compare), each further line a
/// `RenderManifest.Frame`. Each line goes out in one `write(2)` on a descriptor opened with
/// `O_APPEND`, so workers of one process never interleave and a kill leaves at most a last line
/// cut short, which readers skip. (The kernel keeps what was written when a process is killed;
/// only a machine that loses power can lose the last lines, and `--resume` then re-renders
/// those frames.)
final class RenderJournal: @unchecked Sendable {
    static let prefix = ".zoetrope-journal-"
    var path: String { file.path }
    private let file: AppendOnlyFile
    /// One encoder for every line (making one per frame cost more than encoding the line).
    private let encoder = reportEncoder(pretty: false)

    /// Starts this process's journal in `directory` for the render `header` describes.
    init(directory: String, header: RenderManifest) throws(RenderError) {
        file = try AppendOnlyFile(creating: directory + "/" + Self.prefix + ProcessStamp.current + ".jsonl")
        var bare = header
        bare.frames = []
        try append(bare)
    }

    /// Starts this process's journal in `directory` for the render `header` describes, unless
    /// another live process on this host is writing a different render there (another scene,
    /// other overrides or settings): then `cannotCreate` naming that process and its scene hash. Checked
    /// and started under the manifest lock, so of two renders starting at once one sees the other.
    /// Shards of the same render share the folder, as they always have.
    static func claim(directory: String, header: RenderManifest) throws(RenderError) -> RenderJournal {
        try RenderManifest.withLock(in: directory) { () throws(RenderError) -> RenderJournal in
            if let other = liveRenders(in: directory).first(where: { !$0.header.isSameRender(as: header) }) {
                let overrides = other.header.overrides.isEmpty ? "no overrides" : "overrides \(other.header.overrides.joined(separator: " "))"
                throw RenderError(message: "\(directory): process \(other.stamp) is rendering another scene or settings into this folder (\(other.header.sceneFile), scene hash \(other.header.sceneHash), \(overrides)); wait for it to end, or render into another folder", kind: .cannotCreate, file: directory)
            }
            return try RenderJournal(directory: directory, header: header)
        }
    }

    /// Records a frame that is now in place.
    func record(_ frame: RenderManifest.Frame) throws(RenderError) { try append(frame) }

    private func append(_ value: some Encodable) throws(RenderError) {
        guard let data = try? encoder.encode(value) else {
            throw RenderError(message: "\(path): cannot encode a journal line", kind: .internalFailure, file: path)
        }
        try file.append(Array(data) + [0x0A])
    }

    /// Deletes the journal (its frames are in manifest.json).
    func remove() { AtomicFile.remove(path) }

    /// The frames every journal in `directory` records for the render `header` describes, and
    /// the journals read (a journal of another render is left out). A frame line naming a file
    /// outside the folder is refused (`invalidInput`), naming the journal and the line.
    static func frames(in directory: String, for header: RenderManifest) throws(RenderError) -> (frames: [RenderManifest.Frame], journals: [String]) {
        var frames: [RenderManifest.Frame] = [], journals: [String] = [], problems: [DocumentProblem] = []
        for name in FrameListing.names(in: directory) where name.hasPrefix(prefix) && name.hasSuffix(".jsonl") {
            let path = directory + "/" + name
            guard let bytes = AtomicFile.read(path) else { continue }
            let lines = bytes.split(separator: 0x0A, omittingEmptySubsequences: false)
            guard let first = lines.first,
                  let recorded = try? JSONDecoder().decode(RenderManifest.self, from: Data(first)),
                  recorded.isSameRender(as: header) else { continue }
            journals.append(path)
            for (number, line) in lines.enumerated().dropFirst() {
                // A line cut short by a kill does not decode and is skipped.
                guard let frame = try? JSONDecoder().decode(RenderManifest.Frame.self, from: Data(line)) else { continue }
                let found = frame.problems(file: path, at: "line \(number + 1): frame", frameCount: header.frameCount)
                if found.isEmpty { frames.append(frame) } else { problems += found }
            }
        }
        guard problems.isEmpty else { throw RenderError(problems: problems, kind: .invalidInput) }
        return (frames, journals)
    }

    /// The renders other live processes on this host are writing into `directory` right now,
    /// by their journals: each process's stamp (`host-pid`) and the header its journal began with.
    /// Journals of ended processes, of other hosts (whose processes cannot be checked) and of
    /// this process are left out.
    static func liveRenders(in directory: String) -> [(stamp: String, header: RenderManifest)] {
        var renders: [(stamp: String, header: RenderManifest)] = []
        for name in FrameListing.names(in: directory) where name.hasPrefix(prefix) && name.hasSuffix(".jsonl") {
            let stamp = String(name.dropFirst(prefix.count).dropLast(".jsonl".count))
            guard stamp != ProcessStamp.current, ProcessStamp.isLive(stamp[...]),
                  let bytes = AtomicFile.read(directory + "/" + name), let first = bytes.split(separator: 0x0A).first,
                  let header = try? JSONDecoder().decode(RenderManifest.self, from: Data(first)) else { continue }
            renders.append((stamp, header))
        }
        return renders
    }

    /// True when the journal at `path` belongs to a process on this host that is no longer
    /// running (a journal from another host, or of a live process, may still grow).
    static func isAbandoned(_ path: String) -> Bool {
        let file = path.split(separator: "/").last.map(String.init) ?? path
        return ProcessStamp.isAbandoned(file.dropFirst(prefix.count).dropLast(".jsonl".count))
    }
}

extension RenderManifest {
    /// Brings `manifest.json` in `directory` up to date for the render `header` describes, under
    /// an advisory lock so concurrent processes (shards on a shared volume) never lose an entry:
    /// the frames it already lists, every journal's and `extra`, those whose file is in place,
    /// written atomically. Returns the merged manifest.
    ///
    /// `finishing`: this process's journal, removed once its frames are in manifest.json, under
    /// the same lock (so no render starting meanwhile sees it as a live process's).
    @discardableResult
    static func merge(in directory: String, header: RenderManifest, adding extra: [Frame] = [],
                      finishing journal: RenderJournal? = nil) throws(RenderError) -> RenderManifest {
        try withLock(in: directory) { () throws(RenderError) -> RenderManifest in
            let merged = try mergeLocked(in: directory, header: header, adding: extra)
            journal?.remove()
            return merged
        }
    }

    /// Runs `body` holding the folder's advisory lock (`.zoetrope-manifest.lock`), which every
    /// process writing manifest.json or starting a journal in the folder takes.
    static func withLock<Result>(in directory: String, _ body: () throws(RenderError) -> Result) throws(RenderError) -> Result {
        try FileLock.withExclusiveLock(at: directory + "/.zoetrope-manifest.lock", body)
    }

    private static func mergeLocked(in directory: String, header: RenderManifest, adding extra: [Frame]) throws(RenderError) -> RenderManifest {
        let manifestPath = directory + "/manifest.json"
        var byIndex: [Int: Frame] = [:]
        if let current = try read(manifestPath), current.isSameRender(as: header) {
            for frame in current.frames { byIndex[frame.index] = frame }
        }
        for frame in try RenderJournal.frames(in: directory, for: header).frames + extra { byIndex[frame.index] = frame }
        var merged = header
        merged.frames = []
        for frame in byIndex.values.sorted(by: { $0.index < $1.index }) where try hasFile(of: frame, in: directory) {
            merged.frames.append(frame)
        }
        try merged.write(to: manifestPath)
        return merged
    }
}

extension RenderManifest {
    /// `zoetrope manifest merge DIR`: folds every journal in `directory` into its manifest.json
    /// (the render of manifest.json, or else of the first journal), then removes the journals of
    /// processes on this host that have ended. What a farm's last step runs.
    public static func mergeFolder(_ directory: String) throws(RenderError) -> RenderManifest {
        var header = try read(directory + "/manifest.json")
        if header == nil {
            for name in FrameListing.names(in: directory) where name.hasPrefix(RenderJournal.prefix) && name.hasSuffix(".jsonl") {
                guard let bytes = AtomicFile.read(directory + "/" + name), let first = bytes.split(separator: 0x0A).first,
                      let recorded = try? JSONDecoder().decode(RenderManifest.self, from: Data(first)) else { continue }
                let problems = recorded.problems(file: directory + "/" + name, frames: false)
                guard problems.isEmpty else { throw RenderError(problems: problems, kind: .invalidInput) }
                header = recorded
                break
            }
        }
        guard var header else {
            throw RenderError(message: "\(directory): no manifest.json and no journal to merge (is it a render folder?)", kind: .missingInput, file: directory)
        }
        header.frames = []
        let journals = try RenderJournal.frames(in: directory, for: header).journals
        let merged = try merge(in: directory, header: header)
        for path in journals where RenderJournal.isAbandoned(path) { AtomicFile.remove(path) }
        return merged
    }
}
