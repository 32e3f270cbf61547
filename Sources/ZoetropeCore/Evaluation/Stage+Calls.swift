extension Stage {
    // MARK: - Calls

    /// Performs `action` at the current time; throws (changing nothing) when the call is illegal
    /// in its target's state, or its target is driven by an active timeline (SPEC §3.5).
    /// An action that names an animator, group or layer the stage does not have throws too.
    package mutating func perform(_ action: ScriptAction) throws(AnimatorCallError) {
        if let absent = absence(in: action) { throw absent }
        if let target = action.target {
            if let driver = world.driver(of: target, in: graph) {
                let kind = groups[driver].kind.rawValue
                throw AnimatorCallError(call: action.callName, state: "driven", legal: "control the \(kind)",
                                        reason: "driven by \(kind) \"\(groups[driver].id)\", which is \(world.playheads[driver].clock.state.rawValue)")
            }
            if case .group(let index) = target {
                try perform(action, onGroup: index)
                return
            }
        }
        // A finished drag has already written its last point into the model.
        let now = time
        world.animations.removeFingers { animation in
            if case let .finger(start, duration) = animation.clock { return start + duration <= now }
            return false
        }
        // What the target's animations showed until now: its clock before the call.
        let before = action.target?.animator.map { WorldState.PriorClock.animator($0, world.animators[$0]) }
        switch action {
        case let .drag(layer, points, duration):
            drag(layer, along: points, over: duration)
        case let .release(layer, animator):
            let velocity = releaseVelocity(of: layer, toward: animator)
            apply(try world.animators[animator].start(at: time, initialVelocity: velocity), to: .animator(animator), before: before)
        case let .pan(.animator(animator), target, offset, duration):
            apply(try world.animators[animator].pan(at: time, to: target, by: offset, duration: duration), to: .animator(animator),
                  before: before)
        case let .start(.animator(animator), delay):
            apply(try world.animators[animator].start(at: time, delay: delay), to: .animator(animator), before: before)
        case let .pause(.animator(animator)):
            apply(try world.animators[animator].pause(at: time), to: .animator(animator), before: before)
        case let .stop(.animator(animator), withoutFinishing):
            apply(try world.animators[animator].stop(withoutFinishing: withoutFinishing), to: .animator(animator), before: before)
        case let .finish(.animator(animator), position):
            apply(try world.animators[animator].finish(at: position), to: .animator(animator), before: before)
        case let .reverse(.animator(animator), value):
            try world.animators[animator].setReversed(value, at: time)
        case let .fraction(.animator(animator), value):
            apply(try world.animators[animator].setFraction(value, at: time), to: .animator(animator), before: before)
        case let .continueAnimation(.animator(animator), timing, factor):
            apply(try world.animators[animator].continueAnimation(at: time, timing: timing, durationFactor: factor),
                  to: .animator(animator), before: before)
        case let .addAnimations(.animator(animator), block):
            switch try world.animators[animator].addAnimations(delayFactor: block.delayFactor, at: time) {
            case .store:
                world.pendingBlocks[animator].append(block)
            case .runNow(let delayFactor):
                run(block, clock: .animator(animator), delayFactor: delayFactor)
            }
        case let .set(assignments):
            for assignment in assignments {
                let target = assignment.target
                world.model[target.layer][target.property] = assignment.resolvedValue(from: world.model[target.layer][target.property])
            }
        case let .move(layer, parent, position):
            var ancestor = parent
            while let above = ancestor {
                guard above != layer else {
                    throw AnimatorCallError(call: "move", state: "inside", legal: "move it under a layer outside its own subtree",
                                            subject: "layer", reason: "layer \(layers.nodes[layer].id) would be inside itself")
                }
                ancestor = layers.nodes[above].parent
            }
            moveLayer(layer, under: parent, at: position)
        case let .restyle(layer, style):
            setStyle(style, of: layer)
        case let .options(animator, options):
            try setOptions(options, of: animator)
        case let .addLayerAnimation(layer, key, animation):
            addLayerAnimation(animation, to: layer, key: key)
        case let .removeLayerAnimation(layer, key):
            removeLayerAnimations(of: layer, key: key)
        case let .layerTiming(layer, timing):
            setLayerTiming(timing, of: layer)
        case .start(.group, _), .pause(.group), .stop(.group, _), .finish(.group, _), .reverse(.group, _), .fraction(.group, _),
             .continueAnimation(.group, _, _), .addAnimations(.group, _), .pan(.group, _, _, _):
            return  // performed on the group above
        }
    }

    /// Why `action` cannot be performed on this stage at all: it names an animator, group or
    /// layer past the last one; nil when everything it names is here.
    private func absence(in action: ScriptAction) -> AnimatorCallError? {
        func missing(_ what: String, _ index: Int, among count: Int) -> AnimatorCallError {
            AnimatorCallError(call: action.callName, state: "absent",
                              legal: count == 0 ? "the stage has no \(what)s" : "name one of its \(count) \(what)s, 0 to \(count - 1)",
                              subject: what, reason: "there is no \(what) \(index) on the stage")
        }
        switch action.target {
        case .animator(let index)? where !definitions.indices.contains(index): return missing("animator", index, among: definitions.count)
        case .group(let index)? where !groups.indices.contains(index): return missing("group", index, among: groups.count)
        default: break
        }
        let layers: [Int] = switch action {
        case .drag(let layer, _, _), .release(let layer, _), .restyle(let layer, _), .addLayerAnimation(let layer, _, _),
             .removeLayerAnimation(let layer, _), .layerTiming(let layer, _): [layer]
        case .move(let layer, let parent, _): [layer] + (parent.map { [$0] } ?? [])
        case .set(let assignments): assignments.map(\.target.layer)
        default: []
        }
        if let layer = layers.first(where: { !world.model.indices.contains($0) }) { return missing("layer", layer, among: world.model.count) }
        return nil
    }

    /// Replaces the flags of an inactive animator (UIKit allows `isInterruptible` to change only then).
    package mutating func setOptions(_ options: AnimatorOptions, of animator: Int) throws(AnimatorCallError) {
        guard definitions.indices.contains(animator) else {
            throw AnimatorCallError(call: "isInterruptible", state: "absent", legal: "name one of the stage's \(definitions.count) animators",
                                    reason: "there is no animator \(animator) on the stage")
        }
        let state = world.animators[animator]
        guard state.state == .inactive || options.isInterruptible == state.options.isInterruptible else {
            throw AnimatorCallError(call: "isInterruptible", state: state.state.rawValue,
                                    legal: "isInterruptible may only change while the animator is inactive")
        }
        world.animators[animator].options = options
        definitions[animator].options = options
    }

    // MARK: - Effects on the animations

    /// What the model takes from the animations when their owner ends.
    enum Restore { case none, initial, target }

    /// Makes the animations follow a transition of `owner`'s clock; `before` is the owner's
    /// clock as it was before the call (the rest of the world is as it was).
    mutating func apply(_ effect: AnimatorState.Effect, to owner: ControlTarget, before: WorldState.PriorClock?) {
        switch effect {
        case .none:
            break
        case .runBlocks:
            switch owner {
            case .animator(let animator):
                let blocks = world.pendingBlocks[animator]
                world.pendingBlocks[animator] = []
                for block in blocks { run(block, clock: .animator(animator), delayFactor: block.delayFactor) }
            case .group(let group):
                runChildren(of: group)
            }
        case .bake(let keepForFinish):
            let animations = world.animations.owned(by: owner)
            for animation in animations where world.isShowing(animation, at: time, prior: before) {
                let shown = world.shownValue(of: animation, at: time, colorSpace: colorSpace, prior: before)
                let model = world.model[animation.layer][animation.property]
                world.model[animation.layer][animation.property] = merged(shown, into: model, animation)
            }
            world.animations.removeAll(ownedBy: owner)
            if keepForFinish {
                world.stoppedAnimations[owner] = animations
            } else {
                rearm(owner)
            }
        case .finish(let position):
            for animation in world.stoppedAnimations.removeValue(forKey: owner) ?? [] { world.animations.append(animation) }
            end(owner, at: position, restoring: position == .end ? .target : position == .start ? .initial : Restore.none)
        case .rebase:
            guard case .animator(let animator) = owner else { return }
            let reversed = world.animators[animator].isReversed
            for slot in world.animations.slots(ownedBy: owner) {
                guard let current = world.animations[slot] else { continue }
                let shown = world.shownValue(of: current, at: time, colorSpace: colorSpace, prior: before)
                world.animations.update(slot) { animation in
                    animation.rebased.append((animation.from, animation.to, animation.delayFactor))
                    if reversed {
                        animation.from = animation.initial
                        animation.to = shown
                    } else {
                        animation.from = shown
                        animation.to = animation.target
                    }
                    animation.delayFactor = 0
                }
            }
        }
    }

    /// A reversed spring ran back through its resume point: its animations take up the path
    /// they followed before it.
    mutating func rejoin(_ animator: Int) {
        for slot in world.animations.slots(ownedBy: .animator(animator)) {
            world.animations.update(slot) { animation in
                guard let previous = animation.rebased.popLast() else { return }
                animation.from = previous.from
                animation.to = previous.to
                animation.delayFactor = previous.delayFactor
            }
        }
    }

    /// Ends `owner` at `position`: restores the model (a reversed end restores the initial
    /// values), drops its animations, re-arms its declared blocks, records and runs its
    /// completions.
    @discardableResult
    mutating func end(_ owner: ControlTarget, at position: AnimatingPosition, restoring restore: Restore? = nil) -> CompletionRecord {
        let owned = world.animations.owned(by: owner)
        switch restore ?? (position == .start ? .initial : .none) {
        case .initial:
            // The earliest animation of a property holds the value from before them all.
            for animation in owned.reversed() { world.model[animation.layer][animation.property] = animation.initial }
        case .target:
            for animation in owned { world.model[animation.layer][animation.property] = animation.target }
        case .none:
            break
        }
        world.animations.removeAll(ownedBy: owner)
        switch owner {
        case .animator(let animator):
            world.animators[animator].becomeInactive()
        case .group(let group):
            world.playheads[group].clock.becomeInactive()
            world.playheads[group].due = []
        }
        rearm(owner)
        return record(owner, at: position)
    }

    /// The declared blocks of `owner`'s animators wait for their next start again.
    private mutating func rearm(_ owner: ControlTarget) {
        switch owner {
        case .animator(let animator):
            world.pendingBlocks[animator] = definitions[animator].blocks
        case .group(let group):
            for descendant in graph.descendants[group] {
                if let animator = descendant.target.animator {
                    world.pendingBlocks[animator] = definitions[animator].blocks
                }
            }
        }
    }

    /// Records that `target` completed at `position` now and runs its completion handlers.
    ///
    /// Handlers run inside the call that ended their target, so a completion that ends another
    /// animator runs that one's handlers first. Two guards keep a handler that ends its own
    /// target from looping forever: handlers nest at most `SceneLimits.completionDepth` deep,
    /// and at most `SceneLimits.items` completions run at one instant; past either, the
    /// handlers are skipped with one diagnostic (the completions are still recorded).
    @discardableResult
    mutating func record(_ target: ControlTarget, at position: AnimatingPosition) -> CompletionRecord {
        let record = CompletionRecord(target: target, animator: targetID(target), position: position, time: time)
        completions.append(record)
        if time != completionGuard.instant { completionGuard = CompletionGuard(instant: time) }
        completionGuard.count += 1
        guard completionGuard.depth < SceneLimits.completionDepth, completionGuard.count <= SceneLimits.items else {
            if !completionGuard.reported {
                completionGuard.reported = true
                let what = completionGuard.count > SceneLimits.items
                    ? "over \(SceneLimits.items) completions at one instant"
                    : "completion handlers nested over \(SceneLimits.completionDepth) deep (each ending an animator whose handlers end another)"
                diagnostics.append(ScriptDiagnostic(path: "\(record.animator) (\(Self.format(time)) s)",
                                                    message: "\(what); the rest were skipped (does a completion restart or finish its own animator?)"))
            }
            return record
        }
        let handlers = switch target {
        case .animator(let animator): definitions[animator].completions
        case .group(let group): groups[group].completions
        }
        completionGuard.depth += 1
        defer { completionGuard.depth -= 1 }
        for completion in handlers where completion.position == nil || completion.position == position {
            for action in completion.actions {
                do {
                    try perform(action)
                } catch {
                    diagnostics.append(diagnostic(for: action, at: completion.path, error))
                }
            }
        }
        return record
    }

    /// What the model holds once `shown` (an animation's own value) is written into `model`.
    func merged(_ shown: AnimatableValue, into model: AnimatableValue, _ animation: RunningAnimation) -> AnimatableValue {
        if let component = animation.component, case .vector(var vector) = model, case .number(let number) = shown {
            vector[component] = number
            return .vector(vector)
        }
        return animation.composition == .additive ? model.adding(shown, minus: animation.target) : shown
    }
}
