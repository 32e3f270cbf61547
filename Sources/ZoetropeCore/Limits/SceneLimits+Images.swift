extension SceneLimits {
    /// What a message says of an image of `width` × `height` pixels past the limits
    /// (`surfaceSide` per side, `surfacePixels` in all): `the PNG is 16384×16384 pixels; an image
    /// may have at most …`; nil within them. The size comes from the file's header
    /// (ZoetropeFiles' `ImageHeader`), read before anything is decoded.
    public static func imageProblem(width: Int, height: Int) -> String? {
        guard width > surfaceSide || height > surfaceSide || Int.saturatingProduct(width, height) > surfacePixels else { return nil }
        return "the PNG is \(width)×\(height) pixels; an image may have at most \(surfacePixels) pixels and \(surfaceSide) on a side"
    }

    /// What a message says of an encoded image (`image/png`, `image/jpeg`, `image/webp`)
    /// followed by `trailing` bytes that are not its own, or a JPEG of `scans` scans, past the
    /// limits (`trailingImageBytes`, `jpegScans`): `251658240 bytes follow the PNG's end (its IEND
    /// chunk); at most 65536 may follow an image`; nil within them. The numbers come from
    /// ZoetropeFiles' `ImageExtent`.
    public static func imageProblem(mediaType: String, trailing: Int, scans: Int) -> String? {
        if scans > jpegScans {
            return "the JPEG has \(scans) scans; a JPEG may have at most \(jpegScans)"
        }
        guard trailing > trailingImageBytes else { return nil }
        let end = switch mediaType {
        case "image/png": "the PNG's end (its IEND chunk)"
        case "image/jpeg": "the JPEG's end (its EOI marker)"
        default: "the WebP's end (the size its RIFF header gives)"
        }
        return "\(trailing) bytes follow \(end); at most \(trailingImageBytes) may follow an image"
    }
}
