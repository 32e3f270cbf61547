import FoundationEssentials
import ZoetropeCore
import ZoetropeFormat
import ZoetropeRender
import ZoetropeFiles

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
        /// Frame N's URL, built by the page: `prefix`, then N padded with zeros to `digits`,
        /// then `suffix` (`/frames/frame_00012.png?v=3`). A page that names every frame would
        /// grow with the frame count: a day at 240 fps is 20,736,001 of them.
        struct FrameURL: Encodable {
            var prefix: String
            var digits: Int
            var suffix: String
        }
        var scene: String
        var fps: Double
        var duration: Double
        var size: [Int]
        /// How many frames the render has.
        var frameCount: Int
        /// Each frame's file, nil where the folder lacks it: a page written beside its frames.
        /// Nil for a live preview, whose frames are at `frameURL`.
        var frames: [String?]?
        /// Where a live preview's page asks for frame N; nil for a page written beside frames.
        var frameURL: FrameURL?
        var events: [Event]
        var lanes: [Lane]
        /// Why there are no events and lanes, when there are none for a reason.
        var note: String?
        /// A live preview's render generation: the page asks the server for `/version` and
        /// reloads, at the same frame, when it changes. Nil for a page written beside frames.
        var live: Int?
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
        let model = Self.model(scene: scene, name: manifest.scene, fps: manifest.fps, duration: manifest.duration, size: manifest.size,
                               frameCount: manifest.frameCount, frames: frames, note: note)
        let path = folder + "/index.html"
        try AtomicFile.write(Array(try page(model).utf8), to: path)
        return path
    }

    /// The most instants the state bands are read at: every frame's up to this many frames,
    /// else this many evenly spaced (the events' and completions' instants are read besides),
    /// so the page's size and the time to write it do not grow with the frame count.
    static let bandSamples = 2_000

    /// What the page shows of the render named `name`, of `frameCount` frames: their files
    /// (`frames`, nil where missing) or where to ask for them (`frameURL`), and with `scene`,
    /// the script's events and every state band.
    static func model(scene: EvaluatedScene?, name: String, fps: Double, duration: Double, size: [Int], frameCount: Int,
                      frames: [String?]? = nil, frameURL: Model.FrameURL? = nil, note: String?, live: Int? = nil) -> Model {
        var model = Model(scene: name, fps: fps, duration: duration, size: size, frameCount: frameCount, frames: frames,
                          frameURL: frameURL, events: [], lanes: [], note: note, live: live)
        guard let scene else { return model }
        let evaluation = scene.evaluation
        model.events = evaluation.scene.script.map { Model.Event(time: $0.time, label: PropertyPlot.eventLabel($0.action, in: evaluation.scene)) }
        let last = Double(max(frameCount - 1, 0)) / fps
        let times = frameCount <= bandSamples
            ? (0..<frameCount).map { Double($0) / fps }
            : (0..<bandSamples).map { last * Double($0) / Double(bandSamples - 1) }
        let band = StateBand(sources: [PropertyPlot.Source(name: "", evaluation: evaluation, duration: scene.duration)],
                             span: scene.duration, grid: times, markers: model.events.map(\.time))
        model.lanes = band.lanes.map { lane in
            Model.Lane(title: lane.title, tracks: lane.tracks.map { track in
                Model.Track(name: track.name,
                            segments: track.segments.map { Model.Segment(start: $0.start, end: $0.end, text: $0.text, fill: $0.fill.hexString) },
                            curve: track.curve.map { [$0.x, $0.y] }, playhead: track.playhead.map { [$0.x, $0.y] })
            })
        }
        return model
    }

    /// The page's HTML for `model`.
    static func page(_ model: Model) throws(RenderError) -> String {
        FrameViewerPage(model: try jsonFile(model)).html(title: model.scene)
    }
}
