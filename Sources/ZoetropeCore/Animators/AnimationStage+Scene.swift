extension AnimationStage {
    /// The stage's story as a scene: the layers as they were at time 0 (`startingLayers`: a
    /// layer added later is hidden until its time, placed by a `move` when layers had moved by
    /// then), the animators and groups declared on it, and every call of the history as a script
    /// event at its time (moves, restyles and flags set after an animator ran included), numbered
    /// depth first as a scene numbers its layers. Evaluated, it shows at every time what the
    /// stage showed then; nothing a stage does is left out.
    ///
    /// `image` maps each layer's image path (a front-end resolves relative paths its own way).
    public func scene(name: String, canvas: Canvas, frameRate: FrameRate, duration: RenderDuration,
                      image: (String) -> String = { $0 }) -> Scene {
        let tree = startingLayers
        func layer(_ index: Int) -> Layer {
            let node = tree.nodes[index]
            var values = tree.initialValues[index]
            if layerTimes[index] != nil { values.hidden = true }
            if !values.image.isEmpty { values.image = image(values.image) }
            return Layer(id: node.id, shape: node.shape, values: values, style: node.style, children: node.children.map(layer))
        }
        // The stage numbers layers as they were added; a scene numbers them depth first.
        let index = tree.depthFirstIndices
        let groups = stage.groups.map { group in
            var renumbered = group
            renumbered.completions = group.completions.map { $0.renumbered(index) }
            return renumbered
        }
        return Scene(name: name, canvas: canvas, frameRate: frameRate, duration: duration, colorSpace: stage.colorSpace,
                     layers: tree.roots.map(layer), animators: stage.definitions.map { $0.renumbered(index) }, groups: groups,
                     script: history.map { ScriptEvent(time: $0.time, action: $0.action.renumbered(index), path: $0.path) })
    }
}
