/// Groups (a scene's groups and timelines): one playhead each (SPEC §3.5). A call on a group moves its clock
/// exactly as it would an animator's; its children keep no time of their own while it is active
/// and show what `TimelineSpan` maps the playhead to, so reversing or scrubbing replays children
/// that had already ended.
extension Stage {
    /// Performs a control call on group `index`.
    mutating func perform(_ action: ScriptAction, onGroup index: Int) throws(AnimatorCallError) {
        let kind = groups[index].kind.rawValue
        let before = WorldState.PriorClock.group(index, world.playheads[index])
        var clock = world.playheads[index].clock
        let effect: AnimatorState.Effect
        do throws(AnimatorCallError) {
            switch action {
            case let .start(_, delay):
                try requireIdleMembers(of: index, for: action)
                effect = try clock.start(at: time, delay: delay)
            case .pause:
                try requireIdleMembers(of: index, for: action)
                effect = try clock.pause(at: time)
            case let .stop(_, withoutFinishing):
                effect = try clock.stop(withoutFinishing: withoutFinishing)
            case let .finish(_, position):
                effect = try clock.finish(at: position)
            case let .reverse(_, value):
                try clock.setReversed(value, at: time)
                effect = .none
            case let .fraction(_, value):
                try requireIdleMembers(of: index, for: action)
                effect = try clock.setFraction(value, at: time)
            case let .pan(_, target, offset, duration):
                try requireIdleMembers(of: index, for: action)
                effect = try clock.pan(at: time, to: target, by: offset, duration: duration)
            case let .continueAnimation(_, timing, factor):
                if case .spring? = timing {
                    throw AnimatorCallError(call: "continue", state: clock.state.rawValue,
                                            legal: "a \(kind) continues with a cubic timing curve (its playhead does not spring)")
                }
                effect = try clock.continueAnimation(at: time, timing: timing, durationFactor: factor)
            case .addAnimations, .release, .options:
                throw AnimatorCallError(call: action.callName, state: clock.state.rawValue,
                                        legal: "give one of its animators (a \(kind) has no animations of its own)",
                                        reason: "\(action.callName) needs an animator")
            case .set, .drag, .move, .restyle, .addLayerAnimation, .removeLayerAnimation, .layerTiming:
                return
            }
        } catch {
            var error = error
            error.subject = kind
            throw error
        }
        world.playheads[index].clock = clock
        apply(effect, to: .group(index), before: before)
        refreshDue(index)
    }

    /// A group about to take its members over: each must be inactive and driven by no other
    /// group (while the group is inactive they are ordinary animators).
    private func requireIdleMembers(of index: Int, for action: ScriptAction) throws(AnimatorCallError) {
        guard world.playheads[index].clock.state == .inactive else { return }
        let kind = groups[index].kind.rawValue
        for descendant in graph.descendants[index] {
            let target = descendant.target
            let state = switch target {
            case .animator(let animator): world.animators[animator].state
            case .group(let group): world.playheads[group].clock.state
            }
            if state != .inactive {
                throw AnimatorCallError(call: action.callName, state: "inactive",
                                        legal: "stop it (and finish it) first: a \(kind) drives its members alone",
                                        reason: "member \"\(targetID(target))\" is \(state.rawValue) on its own")
            }
            if let other = world.driver(of: target, in: graph) {
                throw AnimatorCallError(call: action.callName, state: "inactive",
                                        legal: "stop that \(groups[other].kind.rawValue) first",
                                        reason: "member \"\(targetID(target))\" is driven by \(groups[other].kind.rawValue) \"\(groups[other].id)\"")
            }
        }
    }

    /// Runs the blocks of every animator the group drives, in the order their blocks start on
    /// its axis (ties in the order written). Additive properties: each block animates from the
    /// model before it to its target, and the model ends holding every target. Replaced
    /// properties: a block starts from what the blocks before it show where it starts, and
    /// takes over from there on. An animator the group reaches at two places (directly and
    /// through a group, say) plays at both.
    mutating func runChildren(of group: Int) {
        let leaves = graph.descendants[group].compactMap { descendant in
            descendant.target.animator.map { (animator: $0, span: descendant.span) }
        }
        let blocks = Dictionary(leaves.map { ($0.animator, world.pendingBlocks[$0.animator]) }, uniquingKeysWith: { first, _ in first })
        var entries: [(start: Double, leaf: Int, span: TimelineSpan, block: AnimationBlock)] = []
        for (leaf, span) in leaves {
            for block in blocks[leaf] ?? [] {
                entries.append((span.playhead(atLocalTime: block.delayFactor * span.length), leaf, span, block))
            }
            world.pendingBlocks[leaf] = []
        }
        let ordered = entries.enumerated().sorted { ($0.element.start, $0.offset) < ($1.element.start, $1.offset) }
        for (_, entry) in ordered {
            let definition = definitions[entry.leaf]
            let timing = definition.timing.resolved(animatorDuration: definition.duration)
            run(entry.block, clock: .group(root: group, span: entry.span, timing: timing),
                delayFactor: entry.block.delayFactor, startsAt: entry.start)
        }
    }

    /// The children whose completion the running playhead will cross in its current direction:
    /// forward, those whose span ends ahead of it; backward, those whose span starts behind it.
    /// A child exactly at the boundary has already been crossed (or never will be).
    mutating func refreshDue(_ index: Int) {
        let playhead = world.playheads[index]
        guard playhead.clock.isRunning else {
            world.playheads[index].due = []
            return
        }
        let position = playhead.position(at: time)
        let tolerance = 1e-9
        let descendants = graph.descendants[index], reversed = playhead.clock.isReversed
        let ahead = descendants.indices.filter { descendant in
            let span = descendants[descendant].span
            return reversed ? position > span.start + tolerance : position < span.end - tolerance
        }
        // The next to be crossed last: forward, the nearest end; backward, the nearest start;
        // ties in the order written (the lower index crosses first).
        world.playheads[index].due = ahead.sorted { a, b in
            let (x, y) = reversed ? (-descendants[a].span.start, -descendants[b].span.start)
                                  : (descendants[a].span.end, descendants[b].span.end)
            return x != y ? x > y : a > b
        }
    }
}
