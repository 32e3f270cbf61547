import ZoetropeFormat
import ZoetropeRender
import ZoetropeFiles

extension FrameViewer {
    /// What a viewer of an already rendered folder shows: its frames' manifest, and the scene
    /// they were rendered from for the events and state bands, if it is still that scene.
    public struct FolderSource: Sendable {
        public var manifest: RenderManifest
        /// The scene of `manifest.sceneFile` with the frames' overrides; nil when it changed,
        /// is gone, or cannot be read with them (`note` says which).
        public var scene: EvaluatedScene?
        /// Why there are no events or state bands, for the page and the user; nil when there are.
        public var note: String?
    }

    /// Reads the manifest of `folder` and the scene it names. Throws `missingInput` when the folder
    /// holds no readable manifest (not a folder zoetrope rendered).
    public static func source(ofFolder folder: String) throws(RenderError) -> FolderSource {
        guard let manifest = try RenderManifest.read(folder + "/manifest.json") else {
            throw RenderError(message: "\(folder): no readable manifest.json; not a folder zoetrope rendered (render the scene, or give the scene file)", kind: .missingInput, file: folder)
        }
        guard let source = AtomicFile.read(manifest.sceneFile), manifest.isRendered(from: source) else {
            return FolderSource(manifest: manifest, scene: nil,
                                note: "\(manifest.sceneFile) is not the scene these frames were rendered from (changed or missing); no events or state bands.")
        }
        // An override the manifest holds was checked when the frames were rendered; one that no
        // longer parses leaves the scene unread, which the note says.
        let overrides = manifest.overrides.compactMap { try? SceneOverride(parsing: $0) }
        // A scene that cannot be read now is shown without its bands, said in the note.
        guard let scene = try? EvaluatedScene.load([manifest.sceneFile], overrides: overrides).first else {
            return FolderSource(manifest: manifest, scene: nil,
                                note: "\(manifest.sceneFile) cannot be read with these frames' overrides; no events or state bands.")
        }
        return FolderSource(manifest: manifest, scene: scene, note: nil)
    }
}
