import ZoetropeRender
import ZoetropeFiles

extension ContactSheet {
    /// A sheet of the PNG frames in `folder` (names like frame_00012.png), `count` evenly spaced;
    /// labels give each frame's time from the folder's manifest when it has one.
    public static func cells(ofFolder folder: String, count: Int) throws(RenderError) -> [Cell] {
        let manifest = try RenderManifest.read(folder + "/manifest.json")
        var frames: [(name: String, record: RenderManifest.Frame?)] = []
        if let manifest, manifest.format == "png" {
            frames = manifest.frames.map { ($0.file, $0) }
        } else {
            frames = FrameListing.frames(in: folder).map { name in (name, manifest?.frames.first { $0.file == name }) }
        }
        guard !frames.isEmpty else { throw RenderError(message: "\(folder): no frames (frame_NNNNN.png) to put on a sheet", kind: .missingInput, file: folder) }
        let picks = evenlySpaced(count, of: frames.count).map { frames[$0] }
        return try picks.map { name, record throws(RenderError) -> Cell in
            // A frame the manifest names is read as data: a regular file in the folder, no link.
            let bytes = try record.map { frame throws(RenderError) in try RenderManifest.bytes(of: frame, in: folder) } ?? AtomicFile.read(folder + "/" + name)
            let image: RasterImage
            do throws(CairoError) {
                guard let bytes else { throw CairoError(message: "cannot read the file", operation: "reading \(name)") }
                image = try RasterImage(pngData: bytes)
            } catch {
                throw RenderError(message: "\(folder)/\(name): not a readable PNG (\(error.message))", kind: .invalidInput, file: folder + "/" + name)
            }
            return Cell(image: image, label: record.map { label(time: $0.time, frame: $0.index) } ?? name)
        }
    }
}
