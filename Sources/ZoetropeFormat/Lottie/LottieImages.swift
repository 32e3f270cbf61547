import ZoetropeCore
import ZoetropeFiles

/// The images a Lottie file's image assets name, each read once however many layers show it:
/// embedded (a data URL in `p`), carried by a dotLottie archive (`images/` + `p`), or a file
/// beside the animation (`u` + `p`, a relative path under the animation's folder, reached
/// through no symbolic link).
///
/// Each image is checked before any layer shows it (`ImageExtent`). Refused, so the animation
/// is not drawn (`LottieNotes.refuse`, `invalidInput` naming the asset's `p`): more than
/// `SceneLimits.trailingImageBytes` after the image's end, a JPEG of more than
/// `SceneLimits.jpegScans` scans, a path that leaves the animation's folder (as a report's
/// paths are refused), and images unpacked or read past `largestTotal` in all. Noted, the
/// layers drawn without the image: a format other than PNG, JPEG and WebP, a file that is not
/// there. Bytes after an image's end, within the limit, are dropped.
struct LottieImages {
    /// The bytes the images of one animation may take, unpacked from its archive or read beside
    /// it, in all: as many as its JSON may unpack to.
    static let largestTotal = LottieArchive.largestDocument

    /// What the layers showing an asset get of it.
    private enum Outcome {
        /// The layers' `image`: a data URL, or the path of a file beside the animation.
        case image(String)
        /// Drawn without it, for this reason.
        case note(String)
        /// The animation cannot be drawn, for this reason.
        case refused(String)
    }

    /// The animation's folder, under which image files resolve.
    private let folder: String
    /// The packed file's bytes (a dotLottie archive's `images/`), empty for plain JSON.
    private let archive: [UInt8]
    /// The archive's entries under `images/`, by the name after it; read on first use.
    private var entries: [String: LottieArchive.Entry]?
    /// Bytes unpacked from the archive or read from files so far.
    private var taken = 0
    /// Each asset's outcome by asset id, and each archived or file image's by its name, so an
    /// image named by many assets is read once too.
    private var byAsset: [String: Outcome] = [:], byName: [String: Outcome] = [:]

    /// The images of an animation in `folder`, packed in `archive` (empty when not packed).
    init(folder: String = ".", archive: [UInt8] = []) {
        self.folder = folder
        self.archive = archive
    }

    /// What an image layer shows of asset `id` (`asset`, at JSON path `path`): its `image`, or
    /// nil with the reason noted or the refusal recorded in `notes` (once per asset).
    mutating func image(_ id: String, asset: LottieAsset, at path: String, notes: inout LottieNotes) -> String? {
        if let known = byAsset[id] {
            if case .image(let image) = known { return image }
            return nil
        }
        let outcome = read(asset)
        byAsset[id] = outcome
        switch outcome {
        case .image(let image): return image
        case .note(let reason): notes.unsupported(reason, at: path + ".p")
        case .refused(let reason): notes.refuse(reason, at: path + ".p")
        }
        return nil
    }

    private mutating func read(_ asset: LottieAsset) -> Outcome {
        let name = asset.file ?? ""
        if DataURL.isDataURL(name) {
            guard let url = DataURL(name) else { return .note("an embedded image that is not base64: not drawn") }
            guard ImageHeader.mediaType(of: url.bytes) != nil else { return .note("\(url.mediaType) images: not drawn (PNG, JPEG and WebP only)") }
            return Self.shown(url.bytes, named: nil, embedded: url.mediaType, as: name)
        }
        if !archive.isEmpty {
            if entries == nil { entries = LottieArchive.imageEntries(in: archive) }
            if let entry = entries?[name] {
                let key = "images/" + name
                if let known = byName[key] { return known }
                let outcome = unpack(entry, named: key)
                byName[key] = outcome
                return outcome
            }
        }
        // Beside the animation: `u` and `p` joined, without empty or "." components, so that a
        // dotLottie's usual "/images/" (or "./images/") names the folder beside the file; ".."
        // still leaves it and is refused.
        let relative = ((asset.folder ?? "") + "/" + name).split(separator: "/").filter { $0 != "." }.joined(separator: "/")
        if let known = byName[relative] { return known }
        let outcome = file(relative)
        byName[relative] = outcome
        return outcome
    }

    /// The archive's image `entry`, within what is left of `largestTotal`.
    private mutating func unpack(_ entry: LottieArchive.Entry, named name: String) -> Outcome {
        let bytes: [UInt8]
        switch LottieArchive.contents(of: entry, in: archive, limit: Self.largestTotal - taken) {
        case .success(let unpacked): bytes = unpacked
        case .failure(let error) where error.exceedsLimit: return .refused(overTotal(name))
        case .failure(let error): return .note("\(name): \(error.message): not drawn")
        }
        taken += bytes.count
        guard ImageHeader.mediaType(of: bytes) != nil else { return .note("images other than PNG, JPEG and WebP: not drawn") }
        return Self.shown(bytes, named: name)
    }

    /// The file `relative` beside the animation: its path, once it is found under the folder,
    /// a regular file reached through no symbolic link, within the limits.
    private mutating func file(_ relative: String) -> Outcome {
        let path: ContainedPath
        do throws(ContainedPath.Problem) {
            path = try ContainedPath(relative)
        } catch {
            return .refused("\"\(relative)\" \(error.reason(folder: "animation's folder"))")
        }
        guard [".png", ".jpg", ".jpeg", ".webp"].contains(where: relative.lowercased().hasSuffix) else {
            return .note("image files other than PNG, JPEG and WebP: not drawn")
        }
        let found: [UInt8]?
        switch read(path) {
        case .success(let bytes): found = bytes
        case .failure(let problem): return .refused("\"\(relative)\" \(problem.reason(folder: "animation's folder"))")
        }
        guard let bytes = found else { return .note("image file \(relative) not found beside the animation: not drawn") }
        guard bytes.count <= Self.largestTotal - taken else { return .refused(overTotal(relative)) }
        taken += bytes.count
        if let extent = ImageExtent(bytes), let problem = SceneLimits.imageProblem(mediaType: extent.mediaType, trailing: extent.trailing, scans: extent.scans) { return .refused("\(relative): \(problem)") }
        // Not a PNG, JPEG or WebP: the render says so, naming the file.
        return .image(folder + "/" + path.relative)
    }

    /// The file's bytes, nil when it is not there, read as every path from data is read
    /// (`ContainedPath.read(in:)`): no symbolic link below the folder, real folders on the way,
    /// a regular file, opened without following a link and checked again once open.
    private func read(_ path: ContainedPath) -> Result<[UInt8]?, ContainedPath.Problem> {
        do throws(ContainedPath.Problem) {
            return .success(try path.read(in: folder))
        } catch {
            return .failure(error)
        }
    }

    private func overTotal(_ name: String) -> String {
        "\(name): the animation's images take more than \(Self.largestTotal >> 20) MiB in all (unpacked or read)"
    }

    /// `bytes` (a PNG, JPEG or WebP, `named` in messages) as the layers' `image`, refused past
    /// the limits: a data URL of the image alone, labelled by what its bytes are (files label
    /// JPEGs image/png and the reverse), or `text` itself when it is a data URL of these bytes
    /// (labelled `embedded`) that needs neither.
    private static func shown(_ bytes: [UInt8], named name: String?, embedded label: String? = nil, as text: String? = nil) -> Outcome {
        let type = ImageHeader.mediaType(of: bytes) ?? "image/png"
        // An image whose end cannot be found (cut short) is kept whole: its decoder says what is wrong.
        let extent = ImageExtent(bytes)
        if let extent, let problem = SceneLimits.imageProblem(mediaType: extent.mediaType, trailing: extent.trailing, scans: extent.scans) { return .refused(name.map { "\($0): " + problem } ?? problem) }
        let length = extent?.length ?? bytes.count
        if length == bytes.count, label == type, let text { return .image(text) }
        return .image(DataURL(mediaType: type, bytes: Array(bytes.prefix(length))).text)
    }
}
