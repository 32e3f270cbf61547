import ZoetropeCore

/// A replicator (`CAReplicatorLayer`'s `replicatorCount` and instance transform) as Lottie's
/// repeater (`rp`): its children become shape groups (each with its transform and opacity as
/// the group's `tr`) in the replicator's own shape layer, followed by a repeater of as many
/// copies, each moved from the one before by the instance transform about the anchor point,
/// its opacity stepping from the first copy's to the last's, as the reader reads a repeater.
/// Possible when every descendant draws shapes only (no image, mask, clip, effect, blend mode,
/// 3-D transform, replicator or particles of its own); a replicator that is not is drawn once
/// (said). Copies tinted by the instance colour's red, green or blue, or delayed, are said.
extension LottieWriter {
    /// Whether layer `index` replicates its children and a Lottie repeater can draw them.
    func repeats(_ index: Int) -> Bool {
        let tree = frames[0].layers
        let node = tree.nodes[index]
        let children = node.children
        guard !children.isEmpty, !node.style.clips, maskChild(of: index) == nil,
              frames.contains(where: { $0.values[index].replicates }) else { return false }
        func drawsShapesOnly(_ layer: Int) -> Bool {
            let node = tree.nodes[layer]
            guard [Shape.rect, .ellipse, .path, .group, .text].contains(node.shape), !node.style.clips, node.style.masking == nil,
                  node.style.blendMode == .normal, node.style.emitter == nil, node.style.isDoubleSided else { return false }
            let plain = frames.allSatisfy { frame in
                let v = frame.values[layer]
                return !v.hasDepth && v.sublayerPerspective == 0 && v.blur == 0 && v.backdropBlur == 0 && !Self.castsShadow(v) && !v.replicates
            }
            return plain && node.children.allSatisfy(drawsShapesOnly)
        }
        return children.allSatisfy(drawsShapesOnly)
    }

    /// The replicator's children and their repeater, as one shape group.
    mutating func copies(_ index: Int) -> LottieShapeItem {
        let node = frames[0].layers.nodes[index]
        if frames.contains(where: { frame in
            let v = frame.values[index]
            return v.replicatorColor.red != 1 || v.replicatorColor.green != 1 || v.replicatorColor.blue != 1
                || v.replicatorRedOffset != 0 || v.replicatorGreenOffset != 0 || v.replicatorBlueOffset != 0
        }) {
            note(node.id, "replicatorColor", "instance colour's red, green and blue: copies drawn untinted")
        }
        if frames.contains(where: { $0.values[index].replicatorDelay != 0 }) {
            note(node.id, "replicatorDelay", "instance delay: every copy drawn at the same time")
        }
        func center(_ v: LayerValues) -> Vector2 { Vector2(v.anchor.x * v.size.x, v.anchor.y * v.size.y) }
        // The first copy's alpha and the last's, as the instance colour sets them (clamped).
        func alpha(_ v: LayerValues, copy: Int) -> Double { min(max(v.instanceColor(ofCopy: copy).alpha, 0), 1) * 100 }
        var step = LottieTransform(
            anchor: animated(index) { v in let c = center(v); return [c.x, c.y] },
            // A repeater's position is the step itself (the copies turn and scale about the anchor).
            position: animated(index) { v in [v.replicatorTranslation.x, v.replicatorTranslation.y] },
            scale: animated(index) { v in [v.replicatorScale.x * 100, v.replicatorScale.y * 100] },
            rotation: animated(index) { v in [v.replicatorRotation * 180 / .pi] })
        step.startOpacity = animated(index) { v in [alpha(v, copy: 0)] }
        step.endOpacity = animated(index) { v in [alpha(v, copy: max(v.instances - 1, 0))] }
        // Lottie's composite 1: each copy above the one before, as the copies are drawn.
        let repeater = LottieRepeater(copies: animated(index) { v in [Double(v.instances)] }, offset: .fixed([0]), composite: 1, transform: step)
        var children: [LottieShapeItem] = []
        for child in ordered(node.children).reversed() { children.append(shapeGroup(child)) }
        return LottieShapeItem(name: node.id + "Copies", .group(LottieShapeGroup(items: children + [LottieShapeItem(.repeater(repeater)), Self.groupTransform])))
    }

    /// A layer drawing shapes only as a shape group: its children's groups above its own
    /// shapes, its transform and opacity (0 while hidden) as the group's.
    private mutating func shapeGroup(_ index: Int) -> LottieShapeItem {
        let node = frames[0].layers.nodes[index]
        checkEffects(index, node)
        var children: [LottieShapeItem] = []
        for child in ordered(node.children).reversed() { children.append(shapeGroup(child)) }
        let transform = LottieTransform(
            anchor: animated(index) { v in [v.anchor.x * v.size.x, v.anchor.y * v.size.y] },
            position: animated(index) { v in [v.position.x + v.translation.x, v.position.y + v.translation.y] },
            scale: animated(index) { v in [v.scale.x * 100, v.scale.y * 100] },
            rotation: animated(index) { v in [v.rotation * 180 / .pi] },
            opacity: animated(index) { v in [v.hidden ? 0 : min(max(v.opacity, 0), 1) * 100] })
        return LottieShapeItem(name: node.id, .group(LottieShapeGroup(items: children + ownShapes(index) + [LottieShapeItem(.transform(transform))])))
    }
}
