/// The pixels of a surface a frame, picture or thumbnail is drawn on: the one check of
/// `SceneLimits.surfaceSide` and `SceneLimits.surfacePixels`, made before anything is drawn.
///
/// ```swift
/// try SurfaceSize(canvas: Vector2(1920, 1080), scale: 2)   // 3840 × 2160
/// try SurfaceSize(canvas: Vector2(16384, 16384), scale: 2) // throws: 32768 × 32768 pixels
/// ```
public struct SurfaceSize: Hashable, Sendable, CustomStringConvertible {
    /// Pixels across.
    public let width: Int
    /// Pixels down.
    public let height: Int

    /// A canvas of `canvas` points drawn at `scale` pixels a point, each side rounded to the
    /// nearest pixel. Throws, naming the canvas, the scale and the limit, when a side is under
    /// one pixel or over `SceneLimits.surfaceSide`, or the pixels over `SceneLimits.surfacePixels`
    /// (NaN and infinite sizes included). `atLeastOnePixel` rounds a side under one pixel up to
    /// one (a thumbnail of a very wide canvas) instead.
    public init(canvas: Vector2, scale: Double, atLeastOnePixel: Bool = false) throws(SurfaceSizeError) {
        var width = Int(saturating: canvas.x * scale, rounding: .toNearestOrAwayFromZero)
        var height = Int(saturating: canvas.y * scale, rounding: .toNearestOrAwayFromZero)
        if atLeastOnePixel {
            width = max(width, 1)
            height = max(height, 1)
        }
        let scaled = scale == 1 ? "" : " at scale \(Self.format(scale))"
        let subject = "a canvas of \(Self.format(canvas.x))×\(Self.format(canvas.y)) points\(scaled) is \(width)×\(height) pixels"
        try self.init(width: width, height: height, subject: subject)
    }

    /// A surface of `width` × `height` pixels, checked as `init(canvas:scale:)` checks it.
    public init(width: Int, height: Int) throws(SurfaceSizeError) {
        try self.init(width: width, height: height, subject: "a surface of \(width)×\(height) pixels")
    }

    private init(width: Int, height: Int, subject: String) throws(SurfaceSizeError) {
        let side = SceneLimits.surfaceSide, pixels = SceneLimits.surfacePixels
        guard (1...side).contains(width), (1...side).contains(height) else {
            throw SurfaceSizeError(message: "\(subject): each side must be within 1...\(side) pixels")
        }
        guard width * height <= pixels else {  // both ≤ 32767: the product fits
            throw SurfaceSizeError(message: "\(subject) (\(width * height) pixels): a frame may have at most \(pixels) pixels (8K UHD is 33177600)")
        }
        self.width = width
        self.height = height
    }

    public var description: String { "\(width)×\(height)" }

    /// `2`, not `2.0`; `0.5` as it is.
    private static func format(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int(saturating: value)) : String(value)
    }
}

/// A surface that cannot be drawn: too small, too large, or not a number of pixels (exit 65).
public struct SurfaceSizeError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What, how large and the limit.
    public let message: String
    public var description: String { message }
}
