/// Layer indices renumbered: what refers to layers by index (assignments, blocks, gesture
/// actions, completions) moved onto another numbering of the same layers, as when a tree built
/// in creation order (a UIKit film's stage) becomes a scene's depth-first `LayerTree`.
extension PropertyTarget {
    public func renumbered(_ index: [Int]) -> PropertyTarget {
        PropertyTarget(layer: index[layer], property: property, component: component)
    }
}

extension PropertyAssignment {
    public func renumbered(_ index: [Int]) -> PropertyAssignment {
        PropertyAssignment(target.renumbered(index), value)
    }
}

extension AnimationBlock {
    public func renumbered(_ index: [Int]) -> AnimationBlock {
        let keyframes = self.keyframes.map { block in
            KeyframeBlock(frames: block.frames.map { frame in
                Keyframe(relativeStartTime: frame.relativeStartTime, relativeDuration: frame.relativeDuration,
                         assignments: frame.assignments.map { $0.renumbered(index) })
            }, calculationMode: block.calculationMode)
        }
        return AnimationBlock(delayFactor: delayFactor, assignments: assignments.map { $0.renumbered(index) }, keyframes: keyframes,
                              tracks: tracks.map { TrackAnimation(target: $0.target.renumbered(index), track: $0.track) })
    }
}

extension ScriptAction {
    public func renumbered(_ index: [Int]) -> ScriptAction {
        switch self {
        case .addAnimations(let target, let block): .addAnimations(target: target, block: block.renumbered(index))
        case .set(let assignments): .set(assignments.map { $0.renumbered(index) })
        case let .drag(layer, points, duration): .drag(layer: index[layer], points: points, duration: duration)
        case let .release(layer, animator): .release(layer: index[layer], animator: animator)
        case let .move(layer, parent, position): .move(layer: index[layer], parent: parent.map { index[$0] }, position: position)
        case let .restyle(layer, style): .restyle(layer: index[layer], style: style)
        case let .addLayerAnimation(layer, key, animation): .addLayerAnimation(layer: index[layer], key: key, animation: animation)
        case let .removeLayerAnimation(layer, key): .removeLayerAnimation(layer: index[layer], key: key)
        case let .layerTiming(layer, timing): .layerTiming(layer: index[layer], timing: timing)
        case .start, .pause, .stop, .finish, .reverse, .fraction, .continueAnimation, .pan, .options: self
        }
    }
}

extension Completion {
    public func renumbered(_ index: [Int]) -> Completion {
        Completion(position: position, actions: actions.map { $0.renumbered(index) }, path: path)
    }
}

extension AnimatorDefinition {
    public func renumbered(_ index: [Int]) -> AnimatorDefinition {
        var animator = self
        animator.blocks = blocks.map { $0.renumbered(index) }
        animator.completions = completions.map { $0.renumbered(index) }
        return animator
    }
}

extension LayerTree {
    /// For each layer index here, the index the same layer has in `LayerTree(roots)` (the
    /// depth-first numbering a scene's layers get).
    public var depthFirstIndices: [Int] {
        var index = Array(repeating: 0, count: nodes.count)
        var next = 0
        func visit(_ layer: Int) {
            index[layer] = next
            next += 1
            nodes[layer].children.forEach(visit)
        }
        roots.forEach(visit)
        return index
    }
}
