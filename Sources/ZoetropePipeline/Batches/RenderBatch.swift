import ZoetropeFormat
import ZoetropeRender

/// `zoetrope render`: scenes rendered each into its own folder, `output/<scene>`; with an
/// output folder, straight into it for one scene, into `<out>/<scene>` for several.
public struct RenderBatch: Sendable {
    public var scenes: [EvaluatedScene]
    public var out: String?
    public var settings: RenderSettings
    /// One animated file of the frames, for a batch of one scene.
    public var video: String?

    public init(_ scenes: [EvaluatedScene], out: String? = nil, settings: RenderSettings = RenderSettings(), video: String? = nil) {
        self.scenes = scenes
        self.out = out
        self.settings = settings
        self.video = video
    }

    /// Why the batch cannot be rendered as asked (a usage error), or nil: a video of several
    /// scenes, or two scenes whose frames would go to one folder.
    public var problem: String? {
        if let video, scenes.count > 1 {
            return "--video \(video): one file holds one scene's frames; render one scene, or run zoetrope video FOLDER FILE for each"
        }
        let names = scenes.map(\.scene.name)
        if out == nil || scenes.count > 1, let duplicate = names.first(where: { name in names.filter { $0 == name }.count > 1 }) {
            return "two scenes are called \"\(duplicate)\"; their frames would go to the same folder"
        }
        return nil
    }

    /// The folder `scene`'s frames go to.
    public func folder(of scene: EvaluatedScene) -> String {
        switch out {
        case .some(let out) where scenes.count == 1: out
        case .some(let out): out + "/" + scene.scene.name
        case .none: OutputLayout.folder(forScene: scene.scene.name)
        }
    }

    /// Renders `scene` into its folder (and the video).
    public func render(_ scene: EvaluatedScene, progress: ProgressReporter) throws(RenderError) -> RenderSummary {
        try FolderRender.render(RenderRequest(scene, into: folder(of: scene), settings: settings), progress: progress, video: video)
    }
}
