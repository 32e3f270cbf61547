extension Scene {
    /// The first layer (parents before children) that replicators nested in one another would
    /// draw more than `SceneLimits.replicatedCopies` times, with that many copies; nil when
    /// none would.
    ///
    /// Each replicator counts at the largest `replicatorCount` it may take: its model value, or
    /// any value an animation, keyframe, track, completion or `set` gives it (a spring's
    /// overshoot aside). So the copies are bounded before anything is drawn, however the counts
    /// animate.
    package var overReplicatedLayer: (layer: Int, copies: Double)? {
        var largest = layers.initialValues.map(\.replicatorCount)
        func note(_ target: PropertyTarget, _ value: AnimatableValue) {
            guard target.property == .replicatorCount, largest.indices.contains(target.layer), case .number(let count) = value else { return }
            largest[target.layer] = max(largest[target.layer], count)
        }
        func note(_ block: AnimationBlock) {
            for assignment in block.assignments { note(assignment.target, assignment.value) }
            for frame in block.keyframes?.frames ?? [] {
                for assignment in frame.assignments { note(assignment.target, assignment.value) }
            }
            for track in block.tracks {
                for value in track.track.values { note(track.target, value) }
            }
        }
        func note(_ action: ScriptAction) {
            switch action {
            case .set(let assignments): for assignment in assignments { note(assignment.target, assignment.value) }
            case .addAnimations(_, let block): note(block)
            default: break
            }
        }
        for animator in animators {
            animator.blocks.forEach(note)
            for completion in animator.completions { completion.actions.forEach(note) }
        }
        for event in script { note(event.action) }

        // Parents come before their children: one pass multiplies the counts down the tree.
        var copies = [Double](repeating: 1, count: layers.nodes.count)
        for (index, node) in layers.nodes.enumerated() {
            let count = min(max(largest[index].rounded(.down), 1), Double(SceneLimits.instances))
            copies[index] = (node.parent.map { copies[$0] } ?? 1) * (node.children.isEmpty ? 1 : count)
            if copies[index] > Double(SceneLimits.replicatedCopies) { return (index, copies[index]) }
        }
        return nil
    }
}
