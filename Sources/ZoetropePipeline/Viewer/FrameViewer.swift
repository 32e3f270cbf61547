import FoundationEssentials
import ZoetropeCore
import ZoetropeFormat
import ZoetropeRender

/// `zoetrope view`: an `index.html` beside a render's frames to play, scrub and step through
/// them, with the script's events and every animator's, group's and timeline's state band (the
/// data `plot` draws) under the scrubber.
public enum FrameViewer {
    /// What the page shows, inlined into it as JSON.
    struct Model: Encodable {
        struct Event: Encodable {
            var time: Double
            var label: String
        }
        struct Segment: Encodable {
            var start: Double, end: Double
            var text: String
            var fill: String
        }
        struct Track: Encodable {
            var name: String
            var segments: [Segment]
            /// [time, 0…1] points: fractionComplete.
            var curve: [[Double]]
            /// [time, 0…1] points of the playhead, where it differs from the fraction; else empty.
            var playhead: [[Double]]
        }
        struct Lane: Encodable {
            var title: String
            var tracks: [Track]
        }
        var scene: String
        var fps: Double
        var duration: Double
        var size: [Int]
        /// Each frame's file, nil where the folder lacks it.
        var frames: [String?]
        var events: [Event]
        var lanes: [Lane]
        /// Why there are no events and lanes, when there are none for a reason.
        var note: String?
    }

    /// Writes `folder/index.html` for the frames in `folder`, whose render `scene` describes
    /// (nil when it cannot be had: then the page plays the frames without the bands, and says
    /// why in `note`). Returns the page's path.
    @discardableResult
    public static func write(folder: String, manifest: RenderManifest, scene: EvaluatedScene?, note: String?) throws(RenderError) -> String {
        let present = Set(FrameListing.frames(in: folder))
        let frames = (0..<manifest.frameCount).map { index -> String? in
            let file = RenderFolder.fileName(ofFrame: index, frameCount: manifest.frameCount)
            return present.contains(file) ? file : nil
        }
        var model = Model(scene: manifest.scene, fps: manifest.fps, duration: manifest.duration, size: manifest.size,
                          frames: frames, events: [], lanes: [], note: note)
        if let scene {
            let evaluation = scene.evaluation
            model.events = evaluation.scene.script.map { Model.Event(time: $0.time, label: PropertyPlot.eventLabel($0.action, in: evaluation.scene)) }
            let times = (0..<manifest.frameCount).map { Double($0) / manifest.fps }
            let band = StateBand(sources: [PropertyPlot.Source(name: "", evaluation: evaluation, duration: scene.duration)],
                                 span: scene.duration, grid: times, markers: model.events.map(\.time))
            model.lanes = band.lanes.map { lane in
                Model.Lane(title: lane.title, tracks: lane.tracks.map { track in
                    Model.Track(name: track.name,
                                segments: track.segments.map { Model.Segment(start: $0.start, end: $0.end, text: $0.text, fill: $0.fill.hexString) },
                                curve: track.curve.map { [$0.x, $0.y] }, playhead: track.playhead.map { [$0.x, $0.y] })
                })
            }
        }
        let path = folder + "/index.html"
        try AtomicFile.write(Array(FrameViewerPage(model: try prettyJSON(model)).html(title: manifest.scene).utf8), to: path)
        return path
    }
}
