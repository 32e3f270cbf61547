internal import CZlib
import ZoetropeCore

/// The JSON inside a Lottie file: the bytes themselves, a gzip stream (Telegram's `.tgs`) or a
/// zip archive (dotLottie's `.lottie`: `manifest.json` names the animations under
/// `animations/`). Recognised by content, never by the file's name.
///
/// Unpacking is bounded: no entry may inflate past `largestDocument` bytes, so a small hostile
/// archive cannot take gigabytes.
/// An animation unpacked from a Lottie file: its JSON and, from a dotLottie archive, the
/// manifest and which of its animations it is.
struct LottieDocument: Sendable {
    var json: [UInt8]
    var manifest: DotLottieManifest?
    /// The manifest id of the animation; nil when the archive's manifest names none of its files.
    var animation: String?
}

enum LottieArchive {
    /// The most bytes one unpacked animation may have.
    static let largestDocument = SceneLimits.documentBytes

    /// The animation's JSON bytes, or why they cannot be had: a dotLottie archive's animation
    /// `wanted` (by its manifest id), else the one its manifest shows first.
    static func document(in bytes: [UInt8], animation wanted: String? = nil) -> Result<LottieDocument, LottieArchiveError> {
        if bytes.starts(with: [0x1F, 0x8B]) {
            return inflate(bytes[...], gzip: true).map { LottieDocument(json: $0) }
        }
        if bytes.starts(with: [0x50, 0x4B, 0x03, 0x04]) {
            return dotLottie(bytes, animation: wanted)
        }
        return .success(LottieDocument(json: bytes))
    }

    /// Whether `bytes` are packed: a gzip stream or a zip archive.
    static func isPacked(_ bytes: [UInt8]) -> Bool {
        bytes.starts(with: [0x1F, 0x8B]) || bytes.starts(with: [0x50, 0x4B, 0x03, 0x04])
    }

    // MARK: - dotLottie

    /// A file in a zip archive, as its central directory lists it.
    struct Entry {
        var name: String
        var method: Int
        var compressedSize: Int
        var size: Int
        var localHeader: Int
    }

    private static func dotLottie(_ bytes: [UInt8], animation wanted: String?) -> Result<LottieDocument, LottieArchiveError> {
        let entries: [Entry]
        switch centralDirectory(bytes) {
        case .success(let found): entries = found
        case .failure(let error): return .failure(error)
        }
        var manifest: DotLottieManifest?
        if let entry = entries.first(where: { $0.name == "manifest.json" }),
           case .success(let data) = contents(of: entry, in: bytes, limit: largestManifest), let json = JSONValue.parse(data) {
            manifest = DotLottieManifest(json)
        }
        if let wanted {
            guard let manifest, let found = manifest.animation(wanted),
                  let entry = entries.first(where: { $0.name == manifest.animationEntry(found.id) }) else {
                let ids = manifest?.animations.map { "\"\($0.id)\"" }.joined(separator: ", ") ?? ""
                return .failure(LottieArchiveError("the archive has no animation \"\(wanted)\"" + (ids.isEmpty ? "" : " (it has \(ids))")))
            }
            return contents(of: entry, in: bytes).map { LottieDocument(json: $0, manifest: manifest, animation: found.id) }
        }
        // The manifest's first animation, else the first JSON under a/ or animations/, else any JSON.
        let initial = manifest?.initialAnimation
        let json = entries.filter { $0.name.hasSuffix(".json") && $0.name != "manifest.json" }
        guard let entry = entries.first(where: { initial.map(manifest!.animationEntry) == $0.name })
                ?? json.first(where: { $0.name.hasPrefix("animations/") || $0.name.hasPrefix("a/") }) ?? json.first else {
            return .failure(LottieArchiveError("the .lottie archive holds no animation (no animations/*.json)"))
        }
        let found = initial.flatMap { manifest?.animationEntry($0) == entry.name ? $0 : nil }
        return contents(of: entry, in: bytes).map { LottieDocument(json: $0, manifest: manifest, animation: found) }
    }

    /// The theme `id` of a dotLottie archive (`t/ID.json`), parsed; or why it cannot be had.
    static func theme(_ id: String, manifest: DotLottieManifest, in bytes: [UInt8]) -> Result<JSONValue, LottieArchiveError> {
        guard case .success(let entries) = centralDirectory(bytes),
              let entry = entries.first(where: { $0.name == manifest.themeEntry(id) }) else {
            let ids = manifest.themes.map { "\"\($0)\"" }.joined(separator: ", ")
            return .failure(LottieArchiveError("the archive has no theme \"\(id)\"" + (ids.isEmpty ? " (it has none)" : " (it has \(ids))")))
        }
        switch contents(of: entry, in: bytes, limit: largestManifest) {
        case .success(let data):
            guard let json = JSONValue.parse(data) else { return .failure(LottieArchiveError("\(entry.name): the theme is not JSON")) }
            return .success(json)
        case .failure(let error): return .failure(error)
        }
    }

    /// The most bytes a manifest or a theme may unpack to.
    static let largestManifest = 4 << 20

    /// The entries a dotLottie archive carries under `images/` (version 2: `i/`), by the name after it (the
    /// first of a name); none when `bytes` are not an archive or its directory is damaged. The
    /// directory is read once, however many image assets look in it.
    static func imageEntries(in bytes: [UInt8]) -> [String: Entry] {
        entries(in: bytes, under: ["images/", "i/"])
    }

    /// The entries an archive carries under any of `folders` (`"f/"`), by the name after it
    /// (the first of a name); none when `bytes` are not an archive or its directory is damaged.
    static func entries(in bytes: [UInt8], under folders: [String]) -> [String: Entry] {
        guard bytes.starts(with: [0x50, 0x4B, 0x03, 0x04]), case .success(let entries) = centralDirectory(bytes) else { return [:] }
        var found: [String: Entry] = [:]
        for entry in entries {
            guard let folder = folders.first(where: entry.name.hasPrefix) else { continue }
            let name = String(entry.name.dropFirst(folder.count))
            if !name.isEmpty, found[name] == nil { found[name] = entry }
        }
        return found
    }

    private static func centralDirectory(_ bytes: [UInt8]) -> Result<[Entry], LottieArchiveError> {
        // The end-of-central-directory record is in the last 22 + 65535 bytes.
        let lowest = max(0, bytes.count - 22 - 65_535)
        var end: Int?
        var at = bytes.count - 22
        while at >= lowest {
            if read32(bytes, at) == 0x0605_4B50 { end = at; break }
            at -= 1
        }
        guard let end else { return .failure(LottieArchiveError("the .lottie archive has no zip directory")) }
        let count = read16(bytes, end + 10), offset = read32(bytes, end + 16)
        var entries: [Entry] = []
        var cursor = offset
        for _ in 0..<count {
            guard cursor + 46 <= bytes.count, read32(bytes, cursor) == 0x0201_4B50 else {
                return .failure(LottieArchiveError("the .lottie archive's zip directory is damaged"))
            }
            let nameLength = read16(bytes, cursor + 28), extra = read16(bytes, cursor + 30), comment = read16(bytes, cursor + 32)
            guard cursor + 46 + nameLength <= bytes.count else {
                return .failure(LottieArchiveError("the .lottie archive's zip directory is damaged"))
            }
            let name = String(decoding: bytes[(cursor + 46)..<(cursor + 46 + nameLength)], as: UTF8.self)
            entries.append(Entry(name: name, method: read16(bytes, cursor + 10), compressedSize: read32(bytes, cursor + 20),
                                 size: read32(bytes, cursor + 24), localHeader: read32(bytes, cursor + 42)))
            cursor += 46 + nameLength + extra + comment
        }
        return .success(entries)
    }

    /// The unpacked bytes of `entry`, at most `limit` of them (past it, an error that
    /// `exceedsLimit`).
    static func contents(of entry: Entry, in bytes: [UInt8], limit: Int = largestDocument) -> Result<[UInt8], LottieArchiveError> {
        let header = entry.localHeader
        guard header + 30 <= bytes.count, read32(bytes, header) == 0x0403_4B50 else {
            return .failure(LottieArchiveError("\(entry.name): the zip entry's header is damaged"))
        }
        let start = header + 30 + read16(bytes, header + 26) + read16(bytes, header + 28)
        guard start <= bytes.count, entry.compressedSize <= bytes.count - start else {
            return .failure(LottieArchiveError("\(entry.name): the zip entry runs past the end of the file"))
        }
        let data = bytes[start..<(start + entry.compressedSize)]
        switch entry.method {
        case 0: return data.count > limit ? .failure(LottieArchiveError(exceeding: limit)) : .success(Array(data))
        case 8: return inflate(data, gzip: false, limit: limit)
        default: return .failure(LottieArchiveError("\(entry.name): zip compression method \(entry.method) is not supported (expected stored or deflate)"))
        }
    }

    private static func read16(_ bytes: [UInt8], _ at: Int) -> Int {
        guard at >= 0, at + 2 <= bytes.count else { return 0 }
        return Int(bytes[at]) | Int(bytes[at + 1]) << 8
    }

    private static func read32(_ bytes: [UInt8], _ at: Int) -> Int {
        guard at >= 0, at + 4 <= bytes.count else { return 0 }
        return Int(bytes[at]) | Int(bytes[at + 1]) << 8 | Int(bytes[at + 2]) << 16 | Int(bytes[at + 3]) << 24
    }

    // MARK: - Packing

    /// A dotLottie archive (version 1: `manifest.json` naming one animation, its JSON under
    /// `animations/`, `images` under `images/`), each entry deflated.
    static func dotLottie(json: [UInt8], id: String, images: [(name: String, bytes: [UInt8])] = []) -> [UInt8] {
        let manifest = JSONText.object([
            ("version", .string("1.0")), ("generator", .string("Zoetrope")),
            ("animations", .array([.object([("id", .string(id))])])),
        ]).compact()
        return zip([("manifest.json", Array(manifest.utf8)), ("animations/\(id).json", json)] + images.map { ("images/" + $0.name, $0.bytes) })
    }

    /// A zip archive of `entries`, deflated, dated 1980-01-01 so the same entries give the
    /// same bytes.
    static func zip(_ entries: [(name: String, data: [UInt8])]) -> [UInt8] {
        var archive: [UInt8] = [], directory: [UInt8] = []
        func put16(_ value: Int, into bytes: inout [UInt8]) { bytes += [UInt8(value & 0xFF), UInt8(value >> 8 & 0xFF)] }
        func put32(_ value: Int, into bytes: inout [UInt8]) { put16(value & 0xFFFF, into: &bytes); put16(value >> 16 & 0xFFFF, into: &bytes) }
        for (name, data) in entries {
            let packed = deflate(data) ?? data, method = packed.count < data.count ? 8 : 0
            let stored = method == 8 ? packed : data
            let checksum = data.withUnsafeBufferPointer { Int(crc32(0, $0.baseAddress, uInt($0.count))) }
            let nameBytes = Array(name.utf8), offset = archive.count
            // version 2.0, no flags, method, time 0, date 1980-01-01, crc, sizes, name length, no extra.
            var common: [UInt8] = []
            for value in [20, 0, method, 0, 33] { put16(value, into: &common) }
            for value in [checksum, stored.count, data.count] { put32(value, into: &common) }
            put16(nameBytes.count, into: &common)
            put16(0, into: &common)
            put32(0x0403_4B50, into: &archive)
            archive += common + nameBytes + stored
            put32(0x0201_4B50, into: &directory)
            put16(20, into: &directory)
            directory += common
            for value in [0, 0, 0] { put16(value, into: &directory) }  // comment, disk, internal attributes
            put32(0, into: &directory)  // external attributes
            put32(offset, into: &directory)
            directory += nameBytes
        }
        let directoryOffset = archive.count
        archive += directory
        put32(0x0605_4B50, into: &archive)
        for value in [0, 0, entries.count, entries.count] { put16(value, into: &archive) }
        put32(directory.count, into: &archive)
        put32(directoryOffset, into: &archive)
        put16(0, into: &archive)
        return archive
    }

    /// `data` as a raw deflate stream, or nil when zlib fails.
    private static func deflate(_ data: [UInt8]) -> [UInt8]? {
        var stream = z_stream()
        guard zoetrope_deflate_init_raw(&stream, Z_BEST_COMPRESSION) == Z_OK else { return nil }
        defer { deflateEnd(&stream) }
        var output = [UInt8](repeating: 0, count: Int(deflateBound(&stream, uLong(data.count))))
        var input = data
        let status = input.withUnsafeMutableBufferPointer { source in
            output.withUnsafeMutableBufferPointer { target in
                stream.next_in = source.baseAddress
                stream.avail_in = uInt(source.count)
                stream.next_out = target.baseAddress
                stream.avail_out = uInt(target.count)
                return CZlib.deflate(&stream, Z_FINISH)
            }
        }
        guard status == Z_STREAM_END else { return nil }
        return Array(output.prefix(Int(stream.total_out)))
    }

    // MARK: - Inflating

    /// Inflates a raw deflate stream or a gzip stream, at most `limit` bytes.
    private static func inflate(_ input: ArraySlice<UInt8>, gzip: Bool, limit: Int = largestDocument) -> Result<[UInt8], LottieArchiveError> {
        var stream = z_stream()
        let status = gzip ? zoetrope_inflate_init_gzip(&stream) : zoetrope_inflate_init_raw(&stream)
        guard status == Z_OK else { return .failure(LottieArchiveError("cannot start inflating (zlib error \(status))")) }
        defer { inflateEnd(&stream) }
        var output: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        var source = Array(input)
        let total = source.count
        var result = Z_OK
        source.withUnsafeMutableBufferPointer { input in
            stream.next_in = input.baseAddress
            stream.avail_in = uInt(total)
            repeat {
                chunk.withUnsafeMutableBufferPointer { buffer in
                    stream.next_out = buffer.baseAddress
                    stream.avail_out = uInt(buffer.count)
                    result = CZlib.inflate(&stream, Z_NO_FLUSH)
                    output += buffer[0..<(buffer.count - Int(stream.avail_out))]
                }
            } while result == Z_OK && output.count <= limit && (stream.avail_in > 0 || stream.avail_out == 0)
        }
        if output.count > limit { return .failure(LottieArchiveError(exceeding: limit)) }
        guard result == Z_STREAM_END else {
            return .failure(LottieArchiveError(gzip ? "the gzip stream is damaged or cut short" : "a zip entry is damaged or cut short"))
        }
        return .success(output)
    }
}

/// Why a packed Lottie file could not be opened.
struct LottieArchiveError: Error, Hashable, Sendable {
    var message: String
    /// True when an entry unpacks past the limit it was given (it may be whole and sound).
    var exceedsLimit = false
    init(_ message: String) { self.message = message }

    /// An entry that unpacks to more than `limit` bytes.
    init(exceeding limit: Int) {
        message = limit == LottieArchive.largestDocument ? "the animation unpacks to more than \(limit >> 20) MiB"
            : "it unpacks to more than \(limit) bytes"
        exceedsLimit = true
    }
}
