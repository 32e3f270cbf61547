import ZoetropeCore
import ZoetropeFiles

/// Compares two PNGs with an `ImageDiff` and tolerances. Walking two folders of frames (or of
/// scene folders) file by file is ZoetropePipeline's (`FrameComparison+Folders`): drawing knows
/// no folders of frames.
public struct FrameComparison: Sendable {
    /// One compared file.
    public struct Entry: Sendable {
        public var name: String
        /// nil when the file is missing on one side (`missingIn` says which).
        public var result: ImageDiff.Result?
        public var missingIn: String?
        public var withinTolerance: Bool

        public init(name: String, result: ImageDiff.Result?, missingIn: String?, withinTolerance: Bool) {
            self.name = name
            self.result = result
            self.missingIn = missingIn
            self.withinTolerance = withinTolerance
        }

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

        public init(entries: [Entry], ignored: [String]) {
            self.entries = entries
            self.ignored = ignored
        }
    }

    /// Compares two PNG files; `name` labels the entry and any diff image written.
    public func compareFiles(expected expectedPath: String, actual actualPath: String, name: String) throws(RenderError) -> Entry {
        let expected = try Self.load(expectedPath), actual = try Self.load(actualPath)
        guard expected.width == actual.width, expected.height == actual.height else {
            throw RenderError(message: "\(name): sizes differ: \(expected.width)×\(expected.height) in \(expectedPath), \(actual.width)×\(actual.height) in \(actualPath)", kind: .invalidInput, file: actualPath)
        }
        let result = diff.compare(expected, actual)
        if let outputDirectory {
            do {
                try AtomicFile.write(try result.picture.pngData(), to: outputDirectory + "/" + name)
            } catch let error as RenderError {
                throw error
            } catch {
                throw RenderError(message: "\(outputDirectory)/\(name): \(error)", kind: .io, file: outputDirectory + "/" + name)
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
            throw RenderError(message: "\(path): not a PNG file (it does not start with the PNG signature\(guess)); diff compares PNGs or folders of frames", kind: .invalidInput, file: path)
        }
        if let header = ImageHeader(pngFile: path), let problem = SceneLimits.imageProblem(width: header.width, height: header.height) {
            throw RenderError(message: "\(path): \(problem)", kind: .limit, file: path)
        }
        do {
            return try RasterImage(pngFile: path)
        } catch {
            throw RenderError(message: "\(path): not a readable PNG (\(error.message))", kind: .invalidInput, file: path)
        }
    }
}
