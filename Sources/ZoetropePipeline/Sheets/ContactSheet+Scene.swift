import ZoetropeCore
import ZoetropeRender

extension ContactSheet {
    /// A sheet of `count` evenly spaced frames of `scene` (first and last included), in
    /// `columns` thumbnails `width` pixels wide, drawn by the pipeline on `jobs` workers. `misuse`
    /// when the sheet would be taller than an image can be.
    public static func of(_ scene: EvaluatedScene, count: Int, columns: Int, width: Int, jobs: Int = 1) throws(RenderError) -> ContactSheet {
        let frames = evenlySpaced(count, of: scene.frameCount)
        let canvas = scene.scene.canvas.size
        let thumbnailHeight = Int(saturating: Double(width) * canvas.y / max(canvas.x, 1), rounding: .toNearestOrAwayFromZero)
        try checkHeight(pixelSize(cells: frames.count, columns: columns, cellWidth: width, cellHeight: thumbnailHeight).height,
                        of: scene.loaded.file, columns: columns)
        let sink = ContactSheetSink(title: "\(scene.scene.name) — \(scene.frameCount) frames at \(scene.scene.frameRate.framesPerSecond) fps",
                                    columns: columns, cellWidth: width, path: nil)
        let plan = FramePlan(SceneFrames(scene.evaluation, frameCount: scene.frameCount), frames: frames,
                             scale: Double(width) / canvas.x, jobs: jobs, atLeastOnePixel: true)
        try FramePipeline.run(plan, into: [sink])
        return sink.sheet
    }

    /// A sheet of `count` evenly spaced PNG frames of the rendered `folder` (see
    /// `cells(ofFolder:count:)`), titled with the folder's name.
    public static func of(folder: String, count: Int, columns: Int, width: Int) throws(RenderError) -> ContactSheet {
        let name = folder.split(separator: "/").last.map(String.init) ?? folder
        return ContactSheet(title: name, cells: try cells(ofFolder: folder, count: count), columns: columns, cellWidth: width)
    }

    /// A sheet is an image: at most 32767 pixels tall (its width is checked with the options).
    /// `misuse` naming `source` and what to change.
    public static func checkHeight(_ height: Int, of source: String, columns: Int) throws(RenderError) {
        guard height > SceneLimits.surfaceSide else { return }
        throw RenderError(message: "\(source): a sheet in \(columns) columns would be \(height) pixels tall, more than an image can be (32767); use more columns, fewer frames or a smaller --width", kind: .misuse, file: source)
    }
}
