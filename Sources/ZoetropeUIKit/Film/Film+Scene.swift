import ZoetropeCore

extension Film {
    /// The recording as a scene (a scene file's text is next: `writeScene(to:)` once Format can
    /// write one): the layers of every view that was on the film (a view added
    /// while the film ran is hidden until then), the animators UIKit calls made, and every call
    /// as a script event at its time, lasting to the film's current time. Rendered, it gives
    /// the film's frames, byte for byte.
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
            return Layer(id: node.id, shape: node.shape, values: values, style: node.style, children: node.children.map(layer))
        }
        return Scene(name: name, canvas: canvas, frameRate: FrameRate(framesPerSecond), duration: .seconds(time),
                     layers: tree.roots.map(layer), animators: stage.stage.definitions, groups: stage.stage.groups,
                     script: stage.history)
    }
}

/// Why a film cannot be written as a scene file: the changes a scene cannot express, with their times.
public struct FilmSceneError: Error, CustomStringConvertible, Sendable {
    public let changes: [(time: Double, what: String)]

    public var description: String {
        "a scene file cannot say: " + changes.map { "\($0.what) at \($0.time) s" }.joined(separator: "; ")
    }
}
