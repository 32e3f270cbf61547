internal import CCairo
internal import CJPEG
internal import CWebP
#if canImport(Glibc)
import Glibc
#endif
import ZoetropeCore
import ZoetropeFiles

/// A Cairo surface that a frame is drawn on: owns its `cairo_surface_t`.
class CairoSurface {
    let pointer: OpaquePointer
    let width: Int
    let height: Int

    init(pointer: OpaquePointer, width: Int, height: Int, operation: @autoclosure () -> String) throws(CairoError) {
        self.pointer = pointer
        self.width = width
        self.height = height
        do {
            try check(cairo_surface_status(pointer), operation())
        } catch {
            cairo_surface_destroy(pointer)
            throw error
        }
    }

    deinit { cairo_surface_destroy(pointer) }
}

/// A PDF or SVG surface writing to a file as it is drawn.
final class CairoVectorSurface: CairoSurface {
    enum Kind { case pdf, svg }

    /// A surface of `width` × `height` points writing `kind` to `path`.
    init(_ kind: Kind, path: String, width: Int, height: Int) throws(CairoError) {
        let pointer: OpaquePointer? = switch kind {
        case .pdf: cairo_pdf_surface_create(path, Double(width), Double(height))
        case .svg: cairo_svg_surface_create(path, Double(width), Double(height))
        }
        guard let pointer else { throw CairoError(message: "out of memory", operation: "creating \(path)") }
        try super.init(pointer: pointer, width: width, height: height, operation: "creating \(path)")
    }

    /// Ends the current page (PDF: the next frame starts a new one).
    func showPage() { cairo_surface_show_page(pointer) }

    /// Writes everything out; the file is complete once this returns.
    func finish() throws(CairoError) {
        cairo_surface_finish(pointer)
        try check(cairo_surface_status(pointer), "finishing the document")
    }
}

/// An A8 image surface, a byte of coverage a pixel: a shadow's blurred alpha, which pixman
/// composites with the shadow's one colour.
final class CairoAlphaSurface: CairoSurface {
    /// A clear surface of `width` × `height` pixels.
    init(width: Int, height: Int) throws(CairoError) {
        guard let pointer = cairo_image_surface_create(CAIRO_FORMAT_A8, Int32(clamping: width), Int32(clamping: height)) else {
            throw CairoError(message: "out of memory", operation: "creating a \(width)×\(height) mask")
        }
        try super.init(pointer: pointer, width: width, height: height, operation: "creating a \(width)×\(height) mask")
    }
}

/// An ARGB32 image surface: what a frame is drawn into, or a decoded PNG.
final class CairoImageSurface: CairoSurface {
    /// The surface whose pixels this one shows (`init(sharingPixelsOf:)`), kept alive with it.
    private var pixelOwner: CairoImageSurface?

    /// A surface of its own over the pixels of `surface`, which must not change while either
    /// lives: how `DecodedImages` gives each drawer one decoded image. Cairo keeps state on a
    /// surface it paints from, so threads share pixels, never a `cairo_surface_t`.
    init(sharingPixelsOf surface: CairoImageSurface) throws(CairoError) {
        let owner = surface.pointer
        guard let data = cairo_image_surface_get_data(owner),
              let pointer = cairo_image_surface_create_for_data(data, cairo_image_surface_get_format(owner), Int32(clamping: surface.width),
                                                                Int32(clamping: surface.height), cairo_image_surface_get_stride(owner)) else {
            throw CairoError(message: "out of memory", operation: "sharing a decoded image")
        }
        pixelOwner = surface
        try super.init(pointer: pointer, width: surface.width, height: surface.height, operation: "sharing a decoded image")
    }

    /// The bytes its pixels take.
    var byteCount: Int { Int(cairo_image_surface_get_stride(pointer)) * height }

    /// Writes out what Cairo holds back, so the pixels in memory are all there: before they are
    /// shared (`init(sharingPixelsOf:)`).
    func flush() { cairo_surface_flush(pointer) }
    /// A transparent surface of `width` × `height` pixels.
    init(width: Int, height: Int) throws(CairoError) {
        guard let pointer = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(clamping: width), Int32(clamping: height)) else {
            throw CairoError(message: "out of memory", operation: "creating a \(width)×\(height) surface")
        }
        try super.init(pointer: pointer, width: width, height: height, operation: "creating a \(width)×\(height) surface")
    }

    /// Writes every pixel once, leaving them transparent: the pages of a new surface are mapped
    /// only when first written, and a surface drawn into frame after frame should have them
    /// before its first frame's clock starts, not during its drawing.
    func touchPixels() {
        guard let data = cairo_image_surface_get_data(pointer) else { return }
        UnsafeMutableRawPointer(data).initializeMemory(as: UInt8.self, repeating: 0,
                                                       count: Int(cairo_image_surface_get_stride(pointer)) * height)
    }

    /// The PNG, JPEG or WebP at `path`, read whole first (a regular file only: a FIFO or a device named as an
    /// image is refused, never waited on) and decoded from memory. Its header is checked against
    /// the limits before the rest is read, and a file larger than any PNG within them could be
    /// (its pixels stored uncompressed, with room to spare) is not read at all.
    convenience init(png path: String) throws(CairoError) {
        if let header = ImageHeader(pngFile: path), let problem = SceneLimits.imageProblem(width: header.width, height: header.height) {
            throw CairoError(message: problem, operation: "reading the PNG \(path)")
        }
        if let size = FileSystem.size(at: path), size > Self.largestPNGFile {
            throw CairoError(message: "the file is \(size) bytes, more than a PNG within the limits can be (\(Self.largestPNGFile))",
                             operation: "reading the PNG \(path)")
        }
        guard let bytes = AtomicFile.read(path) else {
            let reason = ContainedPath.nonRegularKind(atPath: path).map { "not a regular file (\($0))" }
                ?? (FileSystem.exists(path) ? "cannot read the file" : "file not found")
            throw CairoError(message: reason, operation: "reading the PNG \(path)")
        }
        do {
            try self.init(imageData: bytes)
        } catch {
            let kind = ImageHeader.mediaType(of: bytes).map { $0.dropFirst("image/".count).uppercased() } ?? "PNG"
            throw CairoError(message: error.message, operation: "reading the \(kind) \(path)")
        }
    }

    /// The image an embedded data URL carries: a PNG or a JPEG (by its bytes), else an error.
    convenience init(dataURL url: DataURL) throws(CairoError) {
        guard Self.drawnMediaTypes.contains(url.mediaType) else {
            throw CairoError(message: "\(url.mediaType) cannot be drawn: only PNG, JPEG and WebP can", operation: "reading an embedded image")
        }
        try self.init(imageData: url.bytes)
    }

    /// A PNG, JPEG or WebP, by what its bytes start with (a PNG's errors for anything else).
    /// Refused before decoding: more than `SceneLimits.trailingImageBytes` after the image's
    /// end, a JPEG of more than `SceneLimits.jpegScans` scans (`ImageExtent`).
    convenience init(imageData bytes: [UInt8]) throws(CairoError) {
        if let extent = ImageExtent(bytes), let problem = SceneLimits.imageProblem(mediaType: extent.mediaType, trailing: extent.trailing, scans: extent.scans) {
            let kind = extent.mediaType.dropFirst("image/".count).uppercased()
            throw CairoError(message: problem, operation: "reading a \(kind)")
        }
        switch ImageHeader.mediaType(of: bytes) {
        case "image/jpeg": try self.init(jpegData: bytes)
        case "image/webp": try self.init(webpData: bytes)
        default: try self.init(pngData: bytes)
        }
    }

    /// The media types of embedded images that are drawn.
    static let drawnMediaTypes: Set<String> = ["image/png", "image/jpeg", "image/jpg", "image/webp"]

    /// Refuses an image past the limits a PNG's header is held to (pixels, and pixels a side),
    /// before its pixels are decoded.
    private static func checkLimits(width: Int32, height: Int32, kind: String) throws(CairoError) {
        guard SceneLimits.imageProblem(width: Int(width), height: Int(height)) == nil else {
            throw CairoError(message: "the image is \(width)×\(height) pixels; an image may have at most \(SceneLimits.surfacePixels) pixels and \(SceneLimits.surfaceSide) on a side",
                             operation: "reading a \(kind)")
        }
    }

    /// The WebP whose bytes are `webp` (with its alpha), decoded by libwebp. One larger than
    /// `SceneLimits.surfacePixels` is refused before its pixels are decoded.
    convenience init(webpData webp: [UInt8]) throws(CairoError) {
        var width: Int32 = 0, height: Int32 = 0
        let known = webp.withUnsafeBufferPointer { WebPGetInfo($0.baseAddress, $0.count, &width, &height) }
        guard known != 0, width > 0, height > 0 else { throw CairoError(message: "not a readable WebP", operation: "reading a WebP") }
        try Self.checkLimits(width: width, height: height, kind: "WebP")
        try self.init(width: Int(width), height: Int(height))
        cairo_surface_flush(pointer)
        let stride = cairo_image_surface_get_stride(pointer)
        guard let pixels = cairo_image_surface_get_data(pointer) else { throw CairoError(message: "out of memory", operation: "reading a WebP") }
        // Straight-alpha BGRA from libwebp, premultiplied for Cairo's ARGB32 below.
        let size = Int(stride) * Int(height)
        let decoded = webp.withUnsafeBufferPointer { WebPDecodeBGRAInto($0.baseAddress, $0.count, pixels, size, stride) }
        guard decoded != nil else { throw CairoError(message: "not a readable WebP", operation: "reading a WebP") }
        for y in 0..<Int(height) {
            let row = pixels + y * Int(stride)
            for x in 0..<Int(width) {
                let pixel = row + x * 4, alpha = UInt32(pixel[3])
                guard alpha < 255 else { continue }
                for channel in 0..<3 { pixel[channel] = UInt8((UInt32(pixel[channel]) * alpha + 127) / 255) }
            }
        }
        cairo_surface_mark_dirty(pointer)
    }

    /// The JPEG whose bytes are `jpeg` (opaque), decoded by libjpeg. One larger than
    /// `SceneLimits.surfacePixels` is refused before its pixels are decoded, and one of more
    /// than `SceneLimits.jpegScans` scans as libjpeg reaches the scan past the limit (the
    /// shim's progress monitor, as libjpeg-turbo advises), however its markers are laid out.
    convenience init(jpegData jpeg: [UInt8]) throws(CairoError) {
        var width: Int32 = 0, height: Int32 = 0
        var message = [CChar](repeating: 0, count: Int(JMSG_LENGTH_MAX))
        let limit = Int64(SceneLimits.surfacePixels), scans = Int32(SceneLimits.jpegScans)
        let sized = jpeg.withUnsafeBufferPointer { data in
            zoetrope_jpeg_read(data.baseAddress, UInt(data.count), &width, &height, nil, 0, limit, scans, &message)
        }
        func text(_ message: [CChar]) -> String { String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self) }
        guard sized == 0, width > 0, height > 0 else {
            throw CairoError(message: sized == 0 ? "the image has no pixels" : text(message), operation: "reading a JPEG")
        }
        try Self.checkLimits(width: width, height: height, kind: "JPEG")
        try self.init(width: Int(width), height: Int(height))
        cairo_surface_flush(pointer)
        let stride = cairo_image_surface_get_stride(pointer)
        guard let pixels = cairo_image_surface_get_data(pointer) else { throw CairoError(message: "out of memory", operation: "reading a JPEG") }
        let decoded = jpeg.withUnsafeBufferPointer { data in
            zoetrope_jpeg_read(data.baseAddress, UInt(data.count), &width, &height, pixels, stride, limit, scans, &message)
        }
        guard decoded == 0 else { throw CairoError(message: text(message), operation: "reading a JPEG") }
        cairo_surface_mark_dirty(pointer)
    }

    /// The largest PNG file read: every pixel of the largest image stored uncompressed (8 bytes
    /// at 16 bits and 4 channels), plus 16 MiB of chunks.
    static let largestPNGFile = 8 * SceneLimits.surfacePixels + (16 << 20)

    /// The PNG whose bytes are `png`, read through Cairo's stream reader. One whose header
    /// declares more than `SceneLimits.surfacePixels` is refused before Cairo decodes it.
    init(pngData png: [UInt8]) throws(CairoError) {
        if let header = ImageHeader(png: png), let problem = SceneLimits.imageProblem(width: header.width, height: header.height) {
            throw CairoError(message: problem, operation: "reading a PNG")
        }
        final class Reader {
            let bytes: [UInt8]
            var offset = 0
            init(_ bytes: [UInt8]) { self.bytes = bytes }
        }
        let reader = Reader(png)
        let pointer = withExtendedLifetime(reader) {
            cairo_image_surface_create_from_png_stream({ closure, data, length in
                guard let closure, let data else { return CAIRO_STATUS_READ_ERROR }
                let reader = Unmanaged<Reader>.fromOpaque(closure).takeUnretainedValue()
                guard reader.bytes.count - reader.offset >= Int(length) else { return CAIRO_STATUS_READ_ERROR }
                reader.bytes.withUnsafeBufferPointer { data.update(from: $0.baseAddress! + reader.offset, count: Int(length)) }
                reader.offset += Int(length)
                return CAIRO_STATUS_SUCCESS
            }, Unmanaged.passUnretained(reader).toOpaque())
        }
        guard let pointer else { throw CairoError(message: "out of memory", operation: "reading a PNG") }
        try super.init(pointer: pointer, width: Int(cairo_image_surface_get_width(pointer)),
                       height: Int(cairo_image_surface_get_height(pointer)), operation: "reading a PNG")
    }

    /// Replaces the pixels with straight-alpha RGBA `pixels` (row-major, width × height).
    func store(_ pixels: [RasterImage.Pixel]) {
        cairo_surface_flush(pointer)
        let stride = Int(cairo_image_surface_get_stride(pointer))
        guard let data = cairo_image_surface_get_data(pointer), pixels.count == width * height else { return }
        for y in 0..<height {
            for x in 0..<width {
                let p = pixels[y * width + x], a = UInt32(p.alpha)
                func premultiply(_ c: UInt8) -> UInt32 { (UInt32(c) * a + 127) / 255 }
                let word = a << 24 | premultiply(p.red) << 16 | premultiply(p.green) << 8 | premultiply(p.blue)
                data.advanced(by: y * stride + x * 4).withMemoryRebound(to: UInt32.self, capacity: 1) { $0.pointee = word }
            }
        }
        cairo_surface_mark_dirty(pointer)
    }

    /// The raw pixels of `box` (row by row), to put back with `restore(_:of:keeping:)`.
    func copy(of box: PixelBox) -> [UInt32] {
        cairo_surface_flush(pointer)
        let stride = Int(cairo_image_surface_get_stride(pointer))
        guard let data = cairo_image_surface_get_data(pointer), !box.isEmpty else { return [] }
        let width = box.maxX - box.minX
        // Row by row with memcpy: appending each row as a sequence copied it a pixel at a time.
        return [UInt32](unsafeUninitializedCapacity: box.area) { saved, count in
            for y in box.minY..<box.maxY {
                let row = UnsafeRawPointer(data.advanced(by: y * stride)).assumingMemoryBound(to: UInt32.self)
                (saved.baseAddress! + (y - box.minY) * width).initialize(from: row + box.minX, count: width)
            }
            count = box.area
        }
    }

    /// Puts back the pixels of `box` saved by `copy(of:)`, except those inside any of `kept`.
    func restore(_ saved: [UInt32], of box: PixelBox, keeping kept: [PixelBox]) {
        let stride = Int(cairo_image_surface_get_stride(pointer))
        guard let data = cairo_image_surface_get_data(pointer), saved.count == box.area else { return }
        cairo_surface_flush(pointer)
        let width = box.maxX - box.minX
        let kept = kept.filter { $0.intersects(box) }.sorted { $0.minX < $1.minX }
        saved.withUnsafeBufferPointer { saved in
            for y in box.minY..<box.maxY {
                let row = UnsafeMutableRawPointer(data.advanced(by: y * stride)).assumingMemoryBound(to: UInt32.self)
                let line = saved.baseAddress! + (y - box.minY) * width - box.minX
                // The row's parts left of, between and right of the kept boxes it crosses.
                var x = box.minX
                for hole in kept where hole.minY <= y && y < hole.maxY {
                    if hole.minX > x {
                        let end = min(hole.minX, box.maxX)
                        (row + x).update(from: line + x, count: end - x)
                    }
                    x = max(x, hole.maxX)
                    if x >= box.maxX { break }
                }
                if x < box.maxX { (row + x).update(from: line + x, count: box.maxX - x) }
            }
        }
        cairo_surface_mark_dirty(pointer)
    }

    /// Adds every byte of the surface to `sums` (4 per pixel, row by row): one sample of a
    /// motion-blurred frame.
    func accumulate(into sums: inout [UInt32]) {
        cairo_surface_flush(pointer)
        let stride = Int(cairo_image_surface_get_stride(pointer))
        guard let data = cairo_image_surface_get_data(pointer) else { return }
        if sums.count != width * height * 4 { sums = [UInt32](repeating: 0, count: width * height * 4) }
        for y in 0..<height {
            let row = data.advanced(by: y * stride)
            for i in 0..<(width * 4) { sums[y * width * 4 + i] &+= UInt32(row[i]) }
        }
    }

    /// Replaces the pixels with the rounded average of `count` accumulated samples.
    func storeAverage(of sums: [UInt32], count: Int) {
        cairo_surface_flush(pointer)
        let stride = Int(cairo_image_surface_get_stride(pointer))
        guard let data = cairo_image_surface_get_data(pointer), count > 0, sums.count == width * height * 4 else { return }
        let half = UInt32(count / 2), divisor = UInt32(count)
        for y in 0..<height {
            let row = data.advanced(by: y * stride)
            for i in 0..<(width * 4) { row[i] = UInt8((sums[y * width * 4 + i] + half) / divisor) }
        }
        cairo_surface_mark_dirty(pointer)
    }

    /// The pixels as they are now (everything drawn is flushed first): premultiplied ARGB32
    /// rows `stride` bytes apart, read in place (no copy) and valid while the surface lives and
    /// is not drawn on; nil when the surface has no pixels (it failed to be made).
    func pixelRows() -> PixelRows? {
        cairo_surface_flush(pointer)
        guard let data = cairo_image_surface_get_data(pointer) else { return nil }
        return PixelRows(data: UnsafeRawPointer(data), width: width, stride: Int(cairo_image_surface_get_stride(pointer)))
    }

    /// Every pixel as straight-alpha RGBA bytes, row by row.
    func rgbaBytes() -> [UInt8] {
        guard let rows = pixelRows() else { return [] }
        return [UInt8](unsafeUninitializedCapacity: width * height * 4) { buffer, count in
            for y in 0..<height { rows.convert(row: y, channels: 4, into: buffer.baseAddress! + y * width * 4) }
            count = width * height * 4
        }
    }

    /// Every pixel as straight-alpha RGBA, row by row.
    func pixels() -> [RasterImage.Pixel] {
        let bytes = rgbaBytes()
        return (0..<(bytes.count / 4)).map { RasterImage.Pixel(red: bytes[4 * $0], green: bytes[4 * $0 + 1], blue: bytes[4 * $0 + 2], alpha: bytes[4 * $0 + 3]) }
    }

}
