/// Drags and releases: a finger moving a layer, and the velocity it hands to a spring.
extension Stage {
    /// The layer's model position becomes the finger's last point at once; its presentation
    /// follows the points, evenly spaced in time, until the finger gets there.
    mutating func drag(_ layer: Int, along points: [Vector2], over duration: Double) {
        guard let last = points.last,
              let track = try? KeyframeTrack(values: points.map { .vector($0) }) else { return }  // points are validated (≥ 1)
        world.drags[layer] = (points, time, duration)
        let model = world.model[layer][.position]
        world.animations.removeAll(of: layer, .position) { animation in
            if case .finger = animation.clock { return true }
            return false
        }
        world.model[layer][.position] = .vector(last)
        world.animations.append(RunningAnimation(layer: layer, property: .position, from: model, to: .vector(last),
                                                 target: .vector(last), initial: model,
                                                 clock: .finger(start: time, duration: duration), delayFactor: 0,
                                                 keyframes: track))
    }

    /// The drag's velocity now (points per second, 0 once the finger has stopped) divided by the
    /// distance from the layer to `animator`'s target for its position, per component, so that
    /// positive is toward the target (UIKit's unit for spring velocities).
    func releaseVelocity(of layer: Int, toward animator: Int) -> Vector2 {
        guard let drag = world.drags[layer], drag.points.count > 1, drag.duration > 0,
              time <= drag.start + drag.duration + 1e-9 else { return .zero }
        let segments = drag.points.count - 1
        let segmentDuration = drag.duration / Double(segments)
        let index = min(max(Int(saturating: (time - drag.start) / segmentDuration, rounding: .up) - 1, 0), segments - 1)
        let velocity = (drag.points[index + 1] - drag.points[index]) * (1 / segmentDuration)
        guard case .vector(let here) = world.presentation(of: layer, .position, at: time, colorSpace: colorSpace, layers: layers) else { return .zero }
        let target = world.pendingBlocks[animator].lazy.flatMap(\.assignments)
            .last { $0.target.layer == layer && $0.target.property == .position }
            .map { $0.resolvedValue(from: .vector(here)) }
        guard case .vector(let destination)? = target else { return .zero }
        // A finger faster than a spring may start (a path of 1e7 points in 5e-324 s) flings at
        // SceneLimits.velocity, not at infinity: NaN never leaves the engine.
        func unit(_ speed: Double, _ distance: Double) -> Double {
            guard abs(distance) > 1e-9 else { return 0 }
            let velocity = speed / distance
            return velocity.isNaN ? 0 : min(max(velocity, -SceneLimits.velocity), SceneLimits.velocity)
        }
        return Vector2(unit(velocity.x, destination.x - here.x), unit(velocity.y, destination.y - here.y))
    }
}
