import ZoetropeCore

extension SceneDocument {
    /// A timeline as written, before its children are placed.
    struct TimelineSpec {
        var id: String
        var timeScale: Double
        var children: [TimelineChild]
        var completions: [Completion]
        var path: DocumentPath
        /// Its playhead's timing and flags (members are placed later).
        var playhead: GroupDefinition
    }

    /// `{ id, timeScale, children: […], completions: […] }`.
    func readTimeline(_ node: DocumentNode, at path: DocumentPath, id: String, context: ReferenceContext) -> TimelineSpec? {
        guard reader.mapping(node, at: path, allowed: SceneVocabulary.timeline.names) != nil else {
            return nil
        }
        var spec = TimelineSpec(id: id, timeScale: 1, children: [], completions: [], path: path,
                                playhead: GroupDefinition(id: id, kind: .timeline, members: []))
        readPlayhead(node, at: path, into: &spec.playhead)
        if let scale = node["timeScale"] {
            spec.timeScale = reader.number(scale, at: path / "timeScale", where: { $0 > 0 && $0 <= SceneLimits.timeScale },
                                           expected: "within 0 < timeScale <= \(Int(SceneLimits.timeScale))") ?? 1
        }
        guard let childrenNode = node["children"], let items = reader.sequence(childrenNode, at: path / "children", of: "children", atMost: SceneLimits.items) else {
            if node["children"] == nil { reader.report(path / "children", "required: the timeline's children") }
            return nil
        }
        spec.children = items.enumerated().compactMap { readTimelineChild($1, at: path / "children" / $0, context: context) }
        if let completions = node["completions"] {
            spec.completions = (reader.sequence(completions, at: path / "completions", of: "completions", atMost: SceneLimits.items) ?? [])
                .enumerated().compactMap { readCompletion($1, at: path / "completions" / $0, context: context) }
        }
        return spec
    }

    private func readTimelineChild(_ node: DocumentNode, at path: DocumentPath, context: ReferenceContext) -> TimelineChild? {
        let kinds = SceneVocabulary.timelineChildKinds
        guard reader.mapping(node, at: path, allowed: SceneVocabulary.timelineChild.names) != nil else { return nil }
        let present = kinds.filter { node[$0] != nil }
        guard present.count == 1, let kind = present.first, let value = node[kind] else {
            reader.report(path, "a child is one of animator, group, timeline, label or stagger (found \(present.isEmpty ? "none" : present.joined(separator: ", ")))")
            return nil
        }
        var position = TimelinePosition.append
        if let node = node["position"] {
            let text: String?
            if case .scalar(let value, _, _) = node { text = value } else { text = nil }
            guard let text, let parsed = TimelinePosition(parsing: text) else {
                reader.report(path / "position", "expected a position: seconds, \"+=x\", \"-=x\", \"<\", \">\", \"<0.2\", a label or \"label+=x\" (found \(node.kindPhrase))")
                return nil
            }
            position = parsed
        }
        if node["members"] != nil && kind != "stagger" { reader.report(path / "members", "members belong to a stagger") }
        switch kind {
        case "label":
            return reader.string(value, at: path / kind).map { .label($0, position: position) }
        case "stagger":
            guard let spec = node["stagger"], let pairs = reader.mapping(spec, at: path / "stagger", allowed: SceneVocabulary.stagger.names) else { return nil }
            let fields = Dictionary(pairs.map { ($0.key, $0.value) }, uniquingKeysWith: { $1 })
            let spacing: Stagger.Spacing
            switch (fields["each"], fields["amount"]) {
            case let (each?, nil): spacing = .each(reader.nonNegative(each, at: path / "stagger" / "each") ?? 0)
            case let (nil, amount?): spacing = .amount(reader.nonNegative(amount, at: path / "stagger" / "amount") ?? 0)
            default:
                reader.report(path / "stagger", "give exactly one of each (seconds between members) or amount (seconds in all)")
                return nil
            }
            let from = fields["from"].flatMap { reader.choice($0, at: path / "stagger" / "from", of: Stagger.Origin.self) } ?? .start
            guard let membersNode = node["members"], let items = reader.sequence(membersNode, at: path / "members", of: "member ids", atMost: SceneLimits.items) else {
                if node["members"] == nil { reader.report(path / "members", "required: the ids the stagger spreads") }
                return nil
            }
            let targets = items.enumerated().compactMap { index, item -> ControlTarget? in
                guard let id = reader.string(item, at: path / "members" / index) else { return nil }
                guard let target = context.target(id) else {
                    reader.report(path / "members" / index, "unknown member \"\(id)\" (\(context.animatorList(near: id)))")
                    return nil
                }
                return target
            }
            guard targets.count == items.count else { return nil }
            return .stagger(targets: targets, stagger: Stagger(spacing: spacing, from: from), position: position)
        default:
            guard let id = reader.string(value, at: path / kind) else { return nil }
            guard let target = context.target(id), context.kind(of: target) == kind else {
                reader.report(path / kind, "unknown \(kind) \"\(id)\" (\(context.animatorList(near: id)))")
                return nil
            }
            return .member(target: target, position: position)
        }
    }

    /// Places every timeline's children (durations may depend on other timelines) and returns
    /// them as groups with a time scale, after the scene's own groups.
    ///
    /// Groups and timelines are checked together first: no cycles, at most `SceneLimits.nesting`
    /// levels, at most `SceneLimits.drivenTargets` targets driven in all. Then each is placed
    /// after its members (a post-order walk, not recursion, so any depth fits the stack), each
    /// length computed once.
    func resolveTimelines(_ specs: [TimelineSpec], animators: [AnimatorDefinition], groups: [GroupDefinition],
                          context: ReferenceContext, at path: DocumentPath, groupsPath: DocumentPath) -> [GroupDefinition] {
        func references(_ spec: TimelineSpec) -> [ControlTarget] {
            spec.children.flatMap { child -> [ControlTarget] in
                switch child {
                case .member(let target, _): [target]
                case .stagger(let targets, _, _): targets
                case .label: []
                }
            }
        }
        let targets = groups.map { $0.members.map(\.target) } + specs.map(references)
        // Node i: group i, then timeline i - groups.count (timelines are groups after the
        // scene's own); its children are its member nodes.
        let unplaced = groups + specs.map { spec in
            GroupDefinition(id: spec.id, kind: .timeline, members: references(spec).map { GroupDefinition.Member(target: $0) })
        }
        let children = GroupDefinition.nestedGroups(unplaced)
        func place(_ node: Int) -> DocumentPath {
            node < groups.count ? groupsPath / node / "members" : path / (node - groups.count) / "children"
        }
        func name(_ node: Int) -> String {
            "\(unplaced[node].kind.rawValue) \"\(unplaced[node].id)\""
        }
        // Cycles first, over groups and timelines together, so durations are well defined (a
        // cycle of groups alone was reported as the groups were read, and this is not reached).
        let cycles = GroupDefinition.cycles(in: unplaced)
        for cycle in cycles {
            reader.report(place(cycle.group), cycle.description)
        }
        guard cycles.isEmpty else { return [] }
        let order = GroupNesting.postOrder(children)
        let depths = GroupNesting.depths(children, order: order)
        // Only where the limit is first crossed: the groups above it are deeper still.
        for node in children.indices where depths[node] == SceneLimits.nesting + 1 {
            reader.report(place(node), "\(name(node)) nests \(depths[node]) levels of groups and timelines; they may nest at most \(SceneLimits.nesting) deep")
        }
        let driven = GroupNesting.drivenCounts(children, memberCounts: targets.map(\.count), order: order)
        let total = driven.reduce(0, Int.saturatingSum)
        if total > SceneLimits.drivenTargets {
            reader.report(groups.isEmpty ? path : groupsPath, "groups and timelines drive \(total) targets in all, counting a target once for each group or timeline it is reached through; at most \(SceneLimits.drivenTargets)")
        }
        guard depths.allSatisfy({ $0 <= SceneLimits.nesting }), total <= SceneLimits.drivenTargets else { return [] }

        // Each node's length on its parent's axis, known once its members are placed.
        var axis = Array(repeating: 0.0, count: children.count)
        var timelines = [GroupDefinition?](repeating: nil, count: specs.count)
        func duration(_ target: ControlTarget) -> Double {
            switch target {
            case .animator(let animator): animators[animator].timing.animationDuration(animatorDuration: animators[animator].duration)
            case .group(let node): axis[node]
            }
        }
        for node in order {
            guard node >= groups.count else {
                let group = groups[node]
                axis[node] = (group.members.map { $0.delay + duration($0.target) }.max() ?? 0) / group.timeScale
                continue
            }
            let spec = specs[node - groups.count]
            var members: [GroupDefinition.Member] = []
            do {
                members = try TimelineLayout.resolve(spec.children) { target in duration(target) }.members
            } catch {
                reader.report(spec.path / "children" / error.child / "position", "unknown label \"\(error.name)\" (a label must be placed before it is used)")
            }
            var definition = spec.playhead
            definition.members = members
            definition.completions = spec.completions
            definition.timeScale = spec.timeScale
            axis[node] = (members.map { $0.delay + duration($0.target) }.max() ?? 0) / spec.timeScale
            timelines[node - groups.count] = definition
        }
        return timelines.compactMap { $0 }
    }
}
