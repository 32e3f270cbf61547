import Foundation
import ZoetropeCore
import ZoetropeFormat
import ZoetropeFiles

extension Film {
    /// The recording as a scene: the layers of every view that was on the film (a view added
    /// while the film ran is hidden until then; images by absolute path), the animators UIKit
    /// calls made, and every call as a script event at its time, lasting to the film's current
    /// time. Rendered, it gives the film's frames, byte for byte.
    ///
    /// Throws `FilmSceneError` for what a scene file cannot say: a view moved to another
    /// superview, or restyled (clipping, font, alignment), after time 0; an animator's flags
    /// changed after it first ran.
    public func scene() throws(FilmSceneError) -> Scene {
        guard stage.unscripted.isEmpty else { throw FilmSceneError(changes: stage.unscripted) }
        let tree = stage.stage.layers
        func layer(_ index: Int) -> Layer {
            let node = tree.nodes[index]
            var values = tree.initialValues[index]
            if stage.layerTimes[index] != nil { values.hidden = true }
            if !values.image.isEmpty, !values.image.hasPrefix("/") {
                values.image = FileSystem.currentFolder + "/" + values.image
            }
            return Layer(id: node.id, shape: node.shape, values: values, style: node.style, children: node.children.map(layer))
        }
        // The stage numbers layers as they were added; a scene numbers them depth first.
        let index = tree.depthFirstIndices
        let groups = stage.stage.groups.map { group in
            var renumbered = group
            renumbered.completions = group.completions.map { $0.renumbered(index) }
            return renumbered
        }
        return Scene(name: name, canvas: canvas, frameRate: FrameRate(framesPerSecond), duration: .seconds(time),
                     layers: tree.roots.map(layer), animators: stage.stage.definitions.map { $0.renumbered(index) }, groups: groups,
                     script: stage.history.map { ScriptEvent(time: $0.time, action: $0.action.renumbered(index), path: $0.path) })
    }
}

extension Film {
    /// Writes the recording as a scene file (JSON) at `path`, written whole or not at
    /// all: `zoetrope render` renders it to the film's frames, byte for byte, and every other
    /// command takes it as any scene. Throws `FilmSceneError` or `SceneWriteError` for what a
    /// scene file cannot say, and `ZoetropeError` when the file cannot be written.
    public func writeScene(to path: String) throws {
        try AtomicFile.write(Array(SceneWriter.json(scene()).utf8), to: path)
    }
}

/// Why a film cannot be written as a scene file: the changes a scene cannot express, with their times.
public struct FilmSceneError: Error, CustomStringConvertible, Sendable {
    public let changes: [(time: Double, what: String)]

    public var description: String {
        "a scene file cannot say: " + changes.map { "\($0.what) at \($0.time) s" }.joined(separator: "; ")
    }
}
