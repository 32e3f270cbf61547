import ZoetropeFiles
/// An animated PNG (PNG Third Edition: `acTL`, `fcTL`, `fdAT`) made from PNG frames without
/// decoding them: each frame's compressed image data becomes an animation frame's, so the file
/// is lossless and its bytes depend only on the frames'.
///
/// Every frame of an APNG shares the first one's header. Zoetrope writes opaque frames as RGB
/// and others as RGBA, so when a sequence mixes the two, the RGB frames are encoded again as
/// RGBA (the same pixels).
public enum AnimatedPNG {
    /// How long each frame shows, as an APNG frame control (`fcTL`) stores it: numerator /
    /// denominator seconds, both 16-bit.
    public struct Delay: Hashable, Sendable {
        /// The seconds' numerator.
        public var numerator: UInt16
        /// The seconds' denominator (0 reads as 100, per the APNG specification).
        public var denominator: UInt16

        /// `numerator` / `denominator` seconds.
        public init(numerator: UInt16, denominator: UInt16) {
            self.numerator = numerator
            self.denominator = denominator
        }

        /// `seconds` as the fraction a frame control stores, exact when it can be (1/30,
        /// 1001/30000), else the nearest; 1 second when no fraction of 16-bit numbers comes
        /// near (0, under 1/131070 s, a negative or non-finite time).
        public init(seconds: Double) {
            var best = Delay(numerator: 1, denominator: 1), error = Double.infinity
            for denominator in 1...65535 {
                let numerator = (seconds * Double(denominator)).rounded()
                guard numerator >= 1, numerator <= 65535 else { continue }
                let candidate = abs(numerator / Double(denominator) - seconds)
                if candidate < error - 1e-15 {
                    best = Delay(numerator: UInt16(clamping: Int(saturating: numerator)), denominator: UInt16(denominator))
                    error = candidate
                    if candidate < 1e-12 { break }
                }
            }
            self = best
        }
    }

    /// Writes the PNG files `frames`, in order, as an APNG at `path` that shows each for
    /// `delay` seconds (numerator / denominator, as fcTL stores it) and loops `plays` times (0:
    /// forever). Throws `invalidInput` for a file that is not a PNG or of another size than the first, `missingInput`
    /// for one that cannot be read, `cannotCreate`/`io` when the APNG cannot be written.
    public static func write(frames: [String], delay: Delay, plays: UInt32 = 0,
                             to path: String) throws(RenderError) {
        guard let first = frames.first else { throw RenderError(message: "\(path): no frames to animate", kind: .missingInput, file: path) }
        let headers = try frames.map { (frame: String) throws(RenderError) -> ArraySlice<UInt8> in try Self.chunks(of: frame).header }
        let header = headers.contains { $0 != headers[0] } ? Self.withAlpha(headers[0]) : headers[0]
        for (frame, other) in zip(frames, headers) where other.prefix(8) != header.prefix(8) {
            throw RenderError(message: "\(frame): \(Self.size(other)) pixels, but \(first) has \(Self.size(header)); an animation's frames have one size", kind: .invalidInput, file: frame)
        }
        let writer = try Writer(path, count: frames.count, delay: delay, plays: plays)
        for frame in frames {
            let (frameHeader, data) = try Self.chunks(of: frame)
            try writer.append(header: header, data: frameHeader == header ? data : try Self.reencodedWithAlpha(frame).data)
        }
        try writer.commit()
    }

    /// Writes an APNG of PNG frames made on demand (`frame(i)`, each of the same size and kind),
    /// for frames that are not files yet. Throws `invalidInput` for a frame unlike the first.
    public static func write(count: Int, delay: Delay, plays: UInt32 = 0, to path: String,
                             frame: (Int) throws(RenderError) -> [UInt8]) throws(RenderError) {
        let writer = try Writer(path, count: count, delay: delay, plays: plays)
        for index in 0..<count { try writer.append(png: try frame(index)) }
        try writer.commit()
    }

    /// An APNG written frame by frame as the frames arrive (the pipeline's animated-PNG sink):
    /// the first frame's header is the file's, and every later frame must share it.
    public final class Writer {
        private let file: AtomicFile.Writer
        private let count: Int
        private let delay: Delay
        private let plays: UInt32
        private var header: ArraySlice<UInt8>?
        private var appended = 0
        private var sequence: UInt32 = 0

        /// An APNG of `count` frames at `path`, each shown `delay` seconds, looping `plays`
        /// times (0: forever). `missingInput` for no frames, `cannotCreate` when the file cannot be created.
        public init(_ path: String, count: Int, delay: Delay, plays: UInt32 = 0) throws(RenderError) {
            guard count > 0 else { throw RenderError(message: "\(path): no frames to animate", kind: .missingInput, file: path) }
            file = try AtomicFile.Writer(path)
            self.count = count
            self.delay = delay
            self.plays = plays
        }

        /// Appends the next frame, PNG bytes; `invalidInput` for one not of the first frame's size and kind.
        public func append(png bytes: [UInt8]) throws(RenderError) {
            let frame = try chunks(of: bytes, subject: "\(file.path): frame \(appended)", file: file.path)
            if let header, frame.header != header {
                throw RenderError(message: "\(file.path): frame \(appended) is not of frame 0's size and kind; an APNG's frames share one header", kind: .invalidInput, file: file.path)
            }
            try append(header: frame.header, data: frame.data)
        }

        /// Appends the next frame's image data, compressed, under `header` (IHDR's body): IHDR and
        /// acTL first, then for each frame an fcTL and its data (IDAT for the first, fdAT after).
        func append(header frameHeader: ArraySlice<UInt8>, data: [UInt8]) throws(RenderError) {
            guard appended < count else { throw RenderError(message: "\(file.path): more frames than the \(count) announced", kind: .internalFailure, file: file.path) }
            var bytes: [UInt8] = []
            if header == nil {
                header = frameHeader
                bytes = PNGChunks.signature
                PNGChunks.append("IHDR", Array(frameHeader), to: &bytes)
                var control: [UInt8] = []
                control.appendBigEndian(UInt32(count))
                control.appendBigEndian(plays)
                PNGChunks.append("acTL", control, to: &bytes)
            }
            var frameControl: [UInt8] = []
            frameControl.appendBigEndian(sequence)
            frameControl += frameHeader.prefix(8)    // width, height: the whole canvas
            frameControl.appendBigEndian(UInt32(0))  // x offset
            frameControl.appendBigEndian(UInt32(0))  // y offset
            frameControl.appendBigEndian(delay.numerator)
            frameControl.appendBigEndian(delay.denominator)
            frameControl += [0, 0]                   // dispose: none; blend: source
            PNGChunks.append("fcTL", frameControl, to: &bytes)
            sequence += 1
            if appended == 0 {
                PNGChunks.append("IDAT", data, to: &bytes)
            } else {
                var body: [UInt8] = []
                body.appendBigEndian(sequence)
                body += data
                PNGChunks.append("fdAT", body, to: &bytes)
                sequence += 1
            }
            try file.append(bytes)
            appended += 1
        }

        /// Ends the file (IEND) and renames it into place; `internalFailure` when fewer frames came than announced.
        public func commit() throws(RenderError) {
            guard appended == count else {
                throw RenderError(message: "\(file.path): \(appended) frames of the \(count) announced", kind: .internalFailure, file: file.path)
            }
            var end: [UInt8] = []
            PNGChunks.append("IEND", [], to: &end)
            try file.append(end)
            try file.commit()
        }
    }

    /// The IHDR body and the image data (every IDAT, joined) of the PNG file at `path`.
    private static func chunks(of path: String) throws(RenderError) -> (header: ArraySlice<UInt8>, data: [UInt8]) {
        guard let bytes = AtomicFile.read(path) else { throw RenderError(message: "\(path): cannot read the frame", kind: .missingInput, file: path) }
        return try chunks(of: bytes, subject: path, file: path)
    }

    /// The IHDR body and the image data of the PNG `bytes`, from `file`; `subject` begins the
    /// message when they are not a PNG (the file, or the file and the frame).
    fileprivate static func chunks(of bytes: [UInt8], subject: String, file: String) throws(RenderError) -> (header: ArraySlice<UInt8>, data: [UInt8]) {
        guard let chunks = PNGChunks.read(bytes), let header = chunks.first, header.type == "IHDR", header.body.count == 13 else {
            throw RenderError(message: "\(subject): not a readable PNG file", kind: .invalidInput, file: file)
        }
        return (header.body, chunks.filter { $0.type == "IDAT" }.flatMap(\.body))
    }

    /// The frame at `path` encoded again with an alpha channel.
    private static func reencodedWithAlpha(_ path: String) throws(RenderError) -> (header: ArraySlice<UInt8>, data: [UInt8]) {
        do {
            let surface = try CairoImageSurface(png: path)
            return try chunks(of: try PNGEncoder(compression: .fast, keepsAlpha: true, oneFrame: true).encode(surface), subject: path, file: path)
        } catch let error as RenderError {
            throw error
        } catch {
            throw RenderError(message: "\(path): \(error)", kind: .invalidInput, file: path)
        }
    }

    /// An IHDR body for 8-bit RGBA of the same size.
    private static func withAlpha(_ header: ArraySlice<UInt8>) -> ArraySlice<UInt8> {
        var result = Array(header)
        result[8] = 8
        result[9] = 6
        return result[...]
    }

    private static func size(_ header: ArraySlice<UInt8>) -> String {
        let bytes = Array(header)
        return "\(bytes.bigEndianUInt32(at: 0))×\(bytes.bigEndianUInt32(at: 4))"
    }
}
