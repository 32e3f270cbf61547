import ZoetropeCore
import ZoetropeFiles

/// Compares two PNGs, or two folders of frames file by file, with an `ImageDiff` and tolerances.
public struct FrameComparison: Sendable {
    /// One compared file.
    public struct Entry: Sendable {
        public var name: String
        /// nil when the file is missing on one side (`missingIn` says which).
        public var result: ImageDiff.Result?
        public var missingIn: String?
        public var withinTolerance: Bool

        /// What was found, in words: `1234 pixels differ (0.16 %), 12 anti-aliased`.
        public var summary: String {
            if let missingIn { return "missing in \(missingIn)" }
            guard let result else { return "" }
            let percent = (Double(result.differingPixels) / Double(max(result.totalPixels, 1)) * 10000).rounded() / 100
            return "\(result.differingPixels) pixels differ (\(percent) %), \(result.antialiasedPixels) anti-aliased"
        }
    }

    public var diff = ImageDiff()
    /// Pixels a frame may differ by; nil with a ratio given means no pixel limit.
    public var maxDiffPixels: Int?
    /// Share of a frame's pixels that may differ (0…1).
    public var maxDiffRatio: Double?
    /// Where to write diff images (same file names), or nil.
    public var outputDirectory: String?

    public init(threshold: Double = 0.1, includeAntialiasing: Bool = false, maxDiffPixels: Int? = nil,
                maxDiffRatio: Double? = nil, outputDirectory: String? = nil) {
        diff = ImageDiff(threshold: threshold, includeAntialiasing: includeAntialiasing)
        self.maxDiffPixels = maxDiffPixels
        self.maxDiffRatio = maxDiffRatio
        self.outputDirectory = outputDirectory
    }

    /// What a comparison found.
    public struct Report: Sendable {
        /// One entry per frame (`frame_*.png`; `scene/frame_*.png` for folders of scene folders).
        public var entries: [Entry]
        /// Files beside the frames that are not frames (a sheet, a manifest), compared by nobody.
        public var ignored: [String]
    }

    /// Compares `expected` with `actual`: two PNG files, two folders of frames (`frame_*.png`),
    /// or two folders of scene folders, scene by scene. Throws for errors: a missing input, or
    /// folders with nothing to compare (`missingInput`), images of different sizes or unreadable PNGs (`invalidInput`), an
    /// output that cannot be written (`cannotCreate`/`io`).
    public func compare(expected: String, actual: String) throws(RenderError) -> Report {
        let expectedIsFolder = try Self.kind(of: expected), actualIsFolder = try Self.kind(of: actual)
        guard expectedIsFolder == actualIsFolder else {
            throw RenderError(message: "\(expected) and \(actual): compare two PNG files or two folders, not one of each", kind: .misuse)
        }
        if let outputDirectory { try AtomicFile.makeDirectory(outputDirectory) }
        guard expectedIsFolder else {
            let name = actual.split(separator: "/").last.map(String.init) ?? actual
            return Report(entries: [try compareFiles(expected: expected, actual: actual, name: name)], ignored: [])
        }
        var report = Report(entries: [], ignored: [])
        if FrameListing.frames(in: expected).isEmpty && FrameListing.frames(in: actual).isEmpty {
            let scenes = Set(FrameListing.sceneFolders(in: expected)).union(FrameListing.sceneFolders(in: actual)).sorted()
            guard !scenes.isEmpty else {
                let found = Set(FrameListing.names(in: expected) + FrameListing.names(in: actual)).filter { !$0.hasPrefix(".") }.sorted()
                throw RenderError(message: "\(expected) and \(actual): nothing to compare: no frames (frame_*.png) and no folders of frames; found \(found.isEmpty ? "nothing" : found.joined(separator: ", "))", kind: .missingInput)
            }
            for scene in scenes {
                if let outputDirectory { try AtomicFile.makeDirectory(outputDirectory + "/" + scene) }
                try compareFolders(expected + "/" + scene, actual + "/" + scene, prefix: scene + "/", into: &report)
            }
        } else {
            try compareFolders(expected, actual, prefix: "", into: &report)
        }
        return report
    }

    /// The frames of two folders, name by name.
    private func compareFolders(_ expected: String, _ actual: String, prefix: String, into report: inout Report) throws(RenderError) {
        let names = Set(FrameListing.frames(in: expected)).union(FrameListing.frames(in: actual)).sorted()
        let others = Set(FrameListing.names(in: expected) + FrameListing.names(in: actual))
            .filter { !$0.hasPrefix(".") && !names.contains($0) && !FrameListing.isFolder(expected + "/" + $0) }
        report.ignored += others.sorted().map { prefix + $0 }
        for name in names {
            let left = expected + "/" + name, right = actual + "/" + name
            if !AtomicFile.isReadable(left) {
                report.entries.append(Entry(name: prefix + name, result: nil, missingIn: expected, withinTolerance: false))
            } else if !AtomicFile.isReadable(right) {
                report.entries.append(Entry(name: prefix + name, result: nil, missingIn: actual, withinTolerance: false))
            } else {
                report.entries.append(try compareFiles(expected: left, actual: right, name: prefix + name))
            }
        }
    }

    /// Compares two PNG files; `name` labels the entry and any diff image written.
    public func compareFiles(expected expectedPath: String, actual actualPath: String, name: String) throws(RenderError) -> Entry {
        let expected = try Self.load(expectedPath), actual = try Self.load(actualPath)
        guard expected.width == actual.width, expected.height == actual.height else {
            throw RenderError(message: "\(name): sizes differ: \(expected.width)×\(expected.height) in \(expectedPath), \(actual.width)×\(actual.height) in \(actualPath)", kind: .invalidInput)
        }
        let result = diff.compare(expected, actual)
        if let outputDirectory {
            do {
                try AtomicFile.write(try result.picture.pngData(), to: outputDirectory + "/" + name)
            } catch let error as RenderError {
                throw error
            } catch {
                throw RenderError(message: "\(outputDirectory)/\(name): \(error)", kind: .io)
            }
        }
        return Entry(name: name, result: result, missingIn: nil, withinTolerance: isWithinTolerance(result))
    }

    /// Within tolerance when no limit is exceeded: `maxDiffPixels` (0 when neither limit is given)
    /// and `maxDiffRatio`.
    public func isWithinTolerance(_ result: ImageDiff.Result) -> Bool {
        let pixels = maxDiffPixels ?? (maxDiffRatio == nil ? 0 : Int.max)
        let ratio = maxDiffRatio ?? 1
        return result.differingPixels <= pixels && Double(result.differingPixels) <= ratio * Double(result.totalPixels)
    }

    private static func load(_ path: String) throws(RenderError) -> RasterImage {
        if let head = AtomicFile.read(path).map({ Array($0.prefix(8)) }), head != ImageHeader.pngSignature {
            let first = head.first { ![0x20, 0x09, 0x0A, 0x0D].contains($0) }
            let guess = first == UInt8(ascii: "{") || first == UInt8(ascii: "[") ? ": it looks like JSON" : head.isEmpty ? ": it is empty" : ""
            throw RenderError(message: "\(path): not a PNG file (it does not start with the PNG signature\(guess)); diff compares PNGs or folders of frames", kind: .invalidInput)
        }
        if let header = ImageHeader(pngFile: path), let problem = SceneLimits.imageProblem(width: header.width, height: header.height) {
            throw RenderError(message: "\(path): \(problem)", kind: .limit, file: path)
        }
        do {
            return try RasterImage(pngFile: path)
        } catch {
            throw RenderError(message: "\(path): not a readable PNG (\(error.message))", kind: .invalidInput)
        }
    }

    /// True for a folder, false for a file; throws `missingInput` when there is neither.
    private static func kind(of path: String) throws(RenderError) -> Bool {
        guard let kind = FileSystem.kind(at: path) else { throw RenderError(message: "\(path): no such file or folder", kind: .missingInput) }
        return kind == .folder
    }
}

/// The files of a folder.
public enum FrameListing {
    /// Every name in `folder` (hidden ones included), sorted; empty when it cannot be read.
    public static func names(in folder: String) -> [String] { FolderListing.names(in: folder) }

    /// Names of the visible `.png` files in `folder`, sorted.
    static func pngs(in folder: String) -> [String] {
        names(in: folder).filter { $0.hasSuffix(".png") && !$0.hasPrefix(".") }
    }

    /// Names of the frames in `folder` (`frame_*.png`), sorted.
    public static func frames(in folder: String) -> [String] {
        pngs(in: folder).filter { $0.hasPrefix("frame_") }
    }

    /// Sub-folders of `folder` that hold frames, sorted.
    static func sceneFolders(in folder: String) -> [String] {
        names(in: folder).filter { !$0.hasPrefix(".") && isFolder(folder + "/" + $0) && !frames(in: folder + "/" + $0).isEmpty }
    }

    /// True when `path` is a folder (links followed), as `FileSystem.isFolder` says.
    public static func isFolder(_ path: String) -> Bool { FileSystem.isFolder(path) }
}
